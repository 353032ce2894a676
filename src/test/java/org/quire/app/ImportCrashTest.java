package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.platform.Json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14 "Robust", with a real crash: a Quire in a child process imports several thousand real LC records over
 * FOLIO's data-import flow, is killed with kill -9 in the middle of the job, and is started again on the same data
 * directory. The restarted Quire is the directory's only process, so it resumes the job at start (dataimport/ImportJob)
 * after its last committed chunk; the job ends COMMITTED with exactly one journal entry, one SRS MARC record and one
 * instance per record of the file — none lost, none twice, no SRS record without its instance.
 * (dataimport/ImportRecoveryTest covers the lease rules in-process.) Takes about 1–3 minutes on a 2-core machine: two
 * Quire starts on an embedded PostgreSQL and a 6,000-record import.
 */
class ImportCrashTest {
    static final Path LC = Path.of("../shared/data/marc/bib/lc-booksall-2016-part01.recs000001-020000.mrc");
    static final int RECORDS = 6_000;
    /** FOLIO's "Default - Create instance and SRS MARC Bib". */
    static final String CREATE_INSTANCE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";

    @Test
    void killMinus9MidImport_restartResumesTheJob_oneInstanceSrsRecordAndJournalEntryPerRecord() throws Exception {
        byte[] file = firstRecords(LC, RECORDS);
        Path dir = Files.createTempDirectory("quire-import-crash");
        try {
            crashAndResume(dir.resolve("data"), file);
        } finally {
            // PostgreSQL is stopped with the second Quire (SIGTERM); the directory holds ~200 MB.
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void crashAndResume(Path dataDir, byte[] file) throws Exception {
        String jobId;
        long before;
        long doneAtKill;
        QuireProcess first = QuireProcess.start(dataDir, "first.log").awaitHealthy();
        try {
            Api.Session s = first.api().demoAdmin();
            before = count(s, "/instance-storage/instances?limit=0");
            jobId = startImport(first, s, file);
            doneAtKill = awaitMidJob(s, jobId);
            first.kill();
        } finally {
            if (first.process.isAlive()) first.kill();
        }

        try (QuireProcess second = QuireProcess.start(dataDir, "second.log").awaitHealthy()) {
            Api.Session s = second.api().demoAdmin();
            JsonNode job = awaitFinished(s, jobId);
            assertThat(job.path("status").asText()).as(second.output()).isEqualTo("COMMITTED");
            assertThat(second.output()).contains("Import job " + jobId + " of tenant_diku resumes after");
            assertThat(job.path("progress").path("current").asLong()).isEqualTo(RECORDS);
            assertThat(job.path("progress").path("total").asLong()).isEqualTo(RECORDS);

            // One journal entry per record of the file, each record's position once, each created.
            JsonNode log = s.get("/metadata-provider/jobLogEntries/" + jobId + "?limit=" + (RECORDS + 10)).json();
            assertThat(log.path("totalRecords").asInt()).isEqualTo(RECORDS);
            Set<Integer> orders = new HashSet<>();
            Set<String> instanceIds = new HashSet<>(), srsIds = new HashSet<>();
            for (JsonNode e : log.path("entries")) {
                orders.add(Integer.parseInt(e.path("sourceRecordOrder").asText()));
                assertThat(e.path("sourceRecordActionStatus").asText()).as(e.toString()).isEqualTo("CREATED");
                instanceIds.add(e.path("relatedInstanceInfo").path("idList").get(0).asText());
                srsIds.add(e.path("sourceRecordId").asText());
            }
            assertThat(orders).hasSize(RECORDS).allSatisfy(o -> assertThat(o).isBetween(0, RECORDS - 1));
            assertThat(instanceIds).hasSize(RECORDS);
            assertThat(srsIds).hasSize(RECORDS);
            JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
            assertThat(summary.path("totalErrors").asInt()).isZero();
            assertThat(summary.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo(RECORDS);

            // Exactly one SRS record and one instance per record: nothing from the killed chunk was left behind.
            assertThat(count(s, "/source-storage/source-records?snapshotId=" + jobId + "&limit=0")).isEqualTo(RECORDS);
            assertThat(count(s, "/instance-storage/instances?limit=0") - before).isEqualTo(RECORDS);
            // … and every SRS record's instance exists (sampled: the first records and those around the kill).
            for (JsonNode e : log.path("entries")) {
                int order = Integer.parseInt(e.path("sourceRecordOrder").asText());
                if (order % 500 != 0 && Math.abs(order - doneAtKill) > 3) continue;
                String instanceId = e.path("relatedInstanceInfo").path("idList").get(0).asText();
                JsonNode srs = s.get("/source-storage/records/" + e.path("sourceRecordId").asText()).json();
                assertThat(srs.path("externalIdsHolder").path("instanceId").asText()).isEqualTo(instanceId);
                assertThat(s.get("/instance-storage/instances/" + instanceId).status()).isEqualTo(200);
            }
        }
    }

    /** upload definition → streamed upload → processFiles; the job's id. */
    private static String startImport(QuireProcess quire, Api.Session s, byte[] file) throws Exception {
        ObjectNode def = Json.object();
        def.putArray("fileDefinitions").addObject().put("uiKey", "crash.mrc" + UUID.randomUUID())
                .put("size", file.length / 1024 + 1).put("name", "crash.mrc");
        Api.Reply d = s.post("/data-import/uploadDefinitions", def);
        assertThat(d.status()).as(d.body()).isEqualTo(201);
        String defId = d.json().path("id").asText();
        String fileId = d.json().path("fileDefinitions").get(0).path("id").asText();
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://localhost:" + quire.port
                        + "/data-import/uploadDefinitions/" + defId + "/files/" + fileId))
                .POST(HttpRequest.BodyPublishers.ofByteArray(file))
                .header("Content-Type", "application/octet-stream")
                .header("X-Okapi-Tenant", s.tenant()).header("X-Okapi-Token", s.token()).build();
        HttpResponse<String> up;
        try (HttpClient http = HttpClient.newHttpClient()) {
            up = http.send(req, HttpResponse.BodyHandlers.ofString());
        }
        assertThat(up.statusCode()).as(up.body()).isEqualTo(200);
        ObjectNode body = Json.object();
        body.set("uploadDefinition", Json.parseObject(up.body()));
        body.putObject("jobProfileInfo").put("id", CREATE_INSTANCE).put("name", "Default - Create instance and SRS "
                + "MARC Bib").put("dataType", "MARC");
        Api.Reply r = s.post("/data-import/uploadDefinitions/" + defId + "/processFiles?defaultMapping=false", body);
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        return d.json().path("fileDefinitions").get(0).path("jobExecutionId").asText();
    }

    /** Polls the job until some chunks are committed and many records are still to come; the records done. */
    private static long awaitMidJob(Api.Session s, String jobId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode job = s.get("/change-manager/jobExecutions/" + jobId).json();
            long current = job.path("progress").path("current").asLong();
            long total = job.path("progress").path("total").asLong();
            assertThat(job.path("status").asText()).as("the job ended before it could be killed: %s", job)
                    .isNotIn("COMMITTED", "ERROR", "CANCELLED");
            if (total == RECORDS && current >= 500 && current <= RECORDS - 2_000) return current;
            assertThat(current).as("the job ran past the middle between two polls").isLessThanOrEqualTo(RECORDS - 2_000);
            Thread.sleep(20);
        }
        throw new AssertionError("the job did not reach 500 records in 3 minutes");
    }

    private static JsonNode awaitFinished(Api.Session s, String jobId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 300_000;
        JsonNode job = null;
        while (System.currentTimeMillis() < deadline) {
            job = s.get("/change-manager/jobExecutions/" + jobId).json();
            if (job.path("status").asText().matches("COMMITTED|ERROR|CANCELLED")) return job;
            Thread.sleep(200);
        }
        throw new AssertionError("the resumed job did not finish in 5 minutes: " + job);
    }

    private static long count(Api.Session s, String path) {
        Api.Reply r = s.get(path);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("totalRecords").asLong();
    }

    /** The first {@code n} ISO 2709 records of a file, cut at their record lengths (leader positions 0–4). */
    static byte[] firstRecords(Path file, int n) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file))) {
            for (int i = 0; i < n; i++) {
                byte[] len = in.readNBytes(5);
                if (len.length < 5) throw new IllegalStateException(file + " has fewer than " + n + " records");
                int length = Integer.parseInt(new String(len, StandardCharsets.US_ASCII));
                out.write(len);
                out.write(in.readNBytes(length - 5));
            }
        }
        return out.toByteArray();
    }
}
