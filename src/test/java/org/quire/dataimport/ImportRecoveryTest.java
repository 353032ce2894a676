package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.dataimport.DataImportClient.define;
import static org.quire.dataimport.DataImportClient.upload;

/**
 * Crash recovery of a running import (issue 14 "Robust"), in the test server's process: a job's runner stops after
 * some chunks as if its process had died ({@link ImportJob#DIE_AFTER_CHUNKS}), its lease left to expire. While the
 * lease holds nobody takes the job over; once it has run out the scheduled take-over ({@link ImportJob#RESUME_JOB})
 * claims it and it resumes after its last committed chunk: COMMITTED, one journal entry, one SRS record and one
 * instance per record of the file. A job whose file is gone ends in ERROR with the progress of its committed chunks.
 * (app/ImportCrashTest does the same with kill -9 of a real Quire process.)
 */
class ImportRecoveryTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("data_import_recovery");
    }

    /** The 100 records of the PTF's file, {@code times} over. */
    static byte[] records(int times) throws Exception {
        byte[] one = Files.readAllBytes(ImportPipelineTest.BIB);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < times; i++) out.write(one);
        return out.toByteArray();
    }

    record Started(String jobId, String sourcePath) {
    }

    /** upload, arrange for the runner to die after {@code chunks} chunks, processFiles; the job and its file. */
    static Started startDying(String name, byte[] bytes, int chunks) {
        return start(name, bytes, chunks);
    }

    /** upload, processFiles (its runner dying after {@code dieAfterChunks} chunks unless null); the job and its file. */
    static Started start(String name, byte[] bytes, Integer dieAfterChunks) {
        JsonNode def = define(s, name);
        String defId = def.path("id").asText();
        String fileId = def.path("fileDefinitions").get(0).path("id").asText();
        String jobId = def.path("fileDefinitions").get(0).path("jobExecutionId").asText();
        Api.Reply up = upload(s, defId, fileId, bytes);
        assertThat(up.status()).as(up.body()).isEqualTo(200);
        if (dieAfterChunks != null) ImportJob.DIE_AFTER_CHUNKS.put(UUID.fromString(jobId), dieAfterChunks);
        Api.Reply r = s.post("/data-import/uploadDefinitions/" + defId + "/processFiles",
                DataImportClient.processBody(up.json(), ImportPipelineTest.CREATE_INSTANCE));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        return new Started(jobId, up.json().path("fileDefinitions").get(0).path("sourcePath").asText());
    }

    static void awaitDeath(String jobId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (ImportJob.DIE_AFTER_CHUNKS.containsKey(UUID.fromString(jobId))) {
            assertThat(System.currentTimeMillis()).as("the runner did not reach its last chunk").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    static JsonNode job(String jobId) {
        return DataImportClient.job(s, jobId);
    }

    static OptionalInt takeOver(Instant now) {
        return TestServer.get().jobs().runNow(ImportJob.RESUME_JOB, s.tenant(), now);
    }

    static JsonNode awaitStatus(String jobId, String status) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        JsonNode job;
        while (!(job = job(jobId)).path("status").asText().equals(status)) {
            assertThat(System.currentTimeMillis()).as(job.toString()).isLessThan(deadline);
            Thread.sleep(100);
        }
        return job;
    }

    static int instances() {
        return s.get("/instance-storage/instances?limit=0&query=" + java.net.URLEncoder.encode("source==\"MARC\"",
                java.nio.charset.StandardCharsets.UTF_8)).json().path("totalRecords").asInt();
    }

    @Test
    void jobInterruptedMidFile_isResumedOnceItsLeaseExpired_andEveryRecordIsImportedExactlyOnce() throws Exception {
        int before = instances();
        String jobId = startDying("interrupted.mrc", records(10), 3).jobId();
        awaitDeath(jobId);
        JsonNode dead = job(jobId);
        assertThat(dead.path("status").asText()).isEqualTo("PARSING_IN_PROGRESS");
        assertThat(dead.path("progress").path("current").asInt()).isEqualTo(300);
        assertThat(dead.path("progress").path("total").asInt()).isEqualTo(1000);

        // While the dead runner's lease holds, no process takes the job over.
        assertThat(takeOver(Instant.now())).hasValue(0);
        Thread.sleep(300);
        assertThat(job(jobId).path("progress").path("current").asInt()).isEqualTo(300);

        // Once it has expired, the take-over claims it and it resumes after its last committed chunk.
        assertThat(takeOver(Instant.now().plus(ImportJob.LEASE).plus(Duration.ofSeconds(5)))).hasValue(1);
        JsonNode done = awaitStatus(jobId, "COMMITTED");
        assertThat(done.path("progress").path("current").asInt()).isEqualTo(1000);
        assertThat(done.path("progress").path("total").asInt()).isEqualTo(1000);
        assertThat(done.path("completedDate").asText()).isNotEmpty();

        JsonNode log = s.get("/metadata-provider/jobLogEntries/" + jobId + "?limit=2000").json();
        assertThat(log.path("totalRecords").asInt()).isEqualTo(1000);
        Set<Integer> orders = new HashSet<>();
        for (JsonNode e : log.path("entries")) {
            assertThat(e.path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
            orders.add(e.path("sourceRecordOrder").asInt());
        }
        assertThat(orders).hasSize(1000).allMatch(o -> o >= 0 && o < 1000);
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        assertThat(summary.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo(1000);
        assertThat(summary.path("totalErrors").asInt()).isZero();
        assertThat(s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=0").json()
                .path("totalRecords").asInt()).isEqualTo(1000);
        assertThat(instances() - before).as("one instance per record, none twice").isEqualTo(1000);
        assertThat(s.get("/source-storage/snapshots/" + jobId).json().path("status").asText()).isEqualTo("COMMITTED");

        // A finished job is not taken over again.
        assertThat(takeOver(Instant.now().plus(Duration.ofDays(1)))).hasValue(0);
    }

    @Test
    void jobsWaitingForAWorker_keepTheirLease_andATakeOverNeverRunsThemTwice() throws Exception {
        int before = instances();
        // Four jobs at once: the pool's two workers take two, the other two wait in its queue, as 30 tenants'
        // jobs did for minutes behind each other; the take-over comes as if their leases had run out meanwhile.
        java.util.List<String> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) jobs.add(start("queued-" + i + ".mrc", records(3), null).jobId());
        takeOver(Instant.now().plus(ImportJob.LEASE).plus(Duration.ofSeconds(5)));
        for (String jobId : jobs) {
            JsonNode done = awaitStatus(jobId, "COMMITTED");
            assertThat(done.path("progress").path("current").asInt()).isEqualTo(300);
        }
        // A second run of a finished job would stop at its first chunk and mark the snapshot CANCELLED: give any
        // such run the time to happen, then look.
        Thread.sleep(1500);
        for (String jobId : jobs) {
            assertThat(s.get("/source-storage/snapshots/" + jobId).json().path("status").asText()).as(jobId)
                    .isEqualTo("COMMITTED");
            assertThat(s.get("/metadata-provider/jobLogEntries/" + jobId + "?limit=0").json()
                    .path("totalRecords").asInt()).isEqualTo(300);
        }
        assertThat(instances() - before).as("one instance per record, none twice").isEqualTo(1200);
    }

    @Test
    void interruptedJobWhoseFileIsGone_endsInErrorWithTheCountsOfItsCommittedChunks() throws Exception {
        Started started = startDying("vanished.mrc", records(5), 2);
        String jobId = started.jobId();
        awaitDeath(jobId);
        Files.delete(TestServer.dataDir().resolve(started.sourcePath()));

        assertThat(takeOver(Instant.now().plus(ImportJob.LEASE).plus(Duration.ofSeconds(5)))).hasValue(1);
        JsonNode failed = awaitStatus(jobId, "ERROR");
        assertThat(failed.path("errorStatus").asText()).isEqualTo("FILE_PROCESSING_ERROR");
        assertThat(failed.path("completedDate").asText()).isNotEmpty();
        assertThat(failed.path("progress").path("current").asInt()).isEqualTo(200);
        assertThat(failed.path("progress").path("total").asInt()).isEqualTo(500);
        assertThat(s.get("/metadata-provider/jobLogEntries/" + jobId + "?limit=0").json().path("totalRecords").asInt())
                .isEqualTo(200);
        assertThat(s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=0").json()
                .path("totalRecords").asInt()).isEqualTo(200);
        long deadline = System.currentTimeMillis() + 10_000;
        while (!"ERROR".equals(s.get("/source-storage/snapshots/" + jobId).json().path("status").asText())) {
            assertThat(System.currentTimeMillis()).isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
