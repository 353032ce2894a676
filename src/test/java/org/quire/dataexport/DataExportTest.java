package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcStreamReader;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.dataimport.DataImportClient;
import org.quire.platform.Json;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mod-data-export's flows (folio-catalogue-api.md §4.1) against the real server: the PTF's file-definition → upload →
 * export → poll → download, quick export by ids and by CQL, MARC generated for instances without SRS, per-record
 * errors in /logs, FOLIO's job statuses, and an export → re-import round trip with real records that updates the same
 * instances (999 ff $i) and creates none.
 */
class DataExportTest {
    static final String CREATE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    static final String BY_999I = "b94ab8ce-7bdf-4379-9688-374ecc56e51b";
    static final String INSTANCE_PROFILE = "6f7f3cd7-9f24-42eb-ae91-91af1cd54d0a";
    static final String HOLDINGS_PROFILE = "5e9835fc-0e51-44c8-8a47-f7b8fce35da7";
    static final Path BIB = Path.of("../shared/data/marc/bib/folio-data-import-100.mrc");
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("data_export");
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    static String base() {
        return "http://localhost:" + TestServer.get().port();
    }

    /** POST /file-definitions, then the upload; the uploaded definition. */
    static JsonNode upload(String fileName, String format, byte[] content) throws Exception {
        Api.Reply def = s.post("/data-export/file-definitions", Json.object().put("fileName", fileName)
                .put("uploadFormat", format));
        assertThat(def.status()).as(def.body()).isEqualTo(201);
        assertThat(def.json().path("status").asText()).isEqualTo("NEW");
        HttpResponse<String> up = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/data-export/file-definitions/"
                        + def.json().path("id").asText() + "/upload"))
                .header("Content-Type", "application/octet-stream").header("X-Okapi-Tenant", s.tenant())
                .header("X-Okapi-Token", s.token()).POST(HttpRequest.BodyPublishers.ofByteArray(content)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(up.statusCode()).as(up.body()).isEqualTo(200);
        JsonNode uploaded = Json.parse(up.body());
        assertThat(uploaded.path("jobExecutionId").asText()).isEqualTo(def.json().path("jobExecutionId").asText());
        return uploaded;
    }

    static Api.Reply export(JsonNode def, String profile, String idType) {
        return s.post("/data-export/export", Json.object().put("fileDefinitionId", def.path("id").asText())
                .put("jobProfileId", profile).put("idType", idType));
    }

    /** Polls as the PTF does (job-executions?query=id=<job>) until the job is no longer NEW or IN_PROGRESS. */
    static JsonNode await(String jobId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            Api.Reply r = s.get("/data-export/job-executions?limit=300", "id=" + jobId);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            JsonNode job = r.json().path("jobExecutions").get(0);
            String status = job.path("status").asText();
            if (!status.equals("NEW") && !status.equals("IN_PROGRESS")) return job;
            Thread.sleep(100);
        }
        throw new AssertionError("export job " + jobId + " did not finish");
    }

    /** The job's download link, fetched as a browser would: no Okapi headers. */
    static HttpResponse<byte[]> download(JsonNode job, String extra) throws Exception {
        String fileId = job.path("exportedFiles").get(0).path("fileId").asText();
        Api.Reply link = s.get("/data-export/job-executions/" + job.path("id").asText() + "/download/" + fileId);
        assertThat(link.status()).as(link.body()).isEqualTo(200);
        assertThat(link.json().path("fileId").asText()).isEqualTo(fileId);
        return HTTP.send(HttpRequest.newBuilder(URI.create(link.json().path("link").asText() + extra)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    static List<Record> records(byte[] iso2709) {
        List<Record> out = new ArrayList<>();
        MarcStreamReader r = new MarcStreamReader(new ByteArrayInputStream(iso2709), "UTF-8");
        while (r.hasNext()) out.add(r.next());
        return out;
    }

    static String sub(Record r, String tag, char code) {
        DataField f = (DataField) r.getVariableField(tag);
        return f == null || f.getSubfield(code) == null ? null : f.getSubfield(code).getData();
    }

    static JsonNode logs(String jobId) {
        Api.Reply r = s.get("/data-export/logs?limit=100", "jobExecutionId==" + jobId);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("errorLogs");
    }

    /** Imports the file with the data-import profile and waits for COMMITTED; the job's log entries. */
    static JsonNode importFile(byte[] bytes, String profileId) throws InterruptedException {
        String jobId = DataImportClient.importFile(s, "export-" + UUID.randomUUID() + ".mrc", bytes, profileId);
        assertThat(DataImportClient.awaitFinished(s, jobId).path("status").asText()).isEqualTo("COMMITTED");
        return DataImportClient.log(s, jobId, "").path("entries");
    }

    static long instanceCount() {
        return s.get("/instance-storage/instances?limit=0").json().path("totalRecords").asLong();
    }

    static byte[] firstRecords(int n) throws Exception {
        return firstRecords(BIB, n);
    }

    static byte[] firstRecords(Path file, int n) throws Exception {
        MarcStreamReader r = new MarcStreamReader(Files.newInputStream(file), "UTF-8");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < n && r.hasNext(); i++) {
            out.writeBytes(org.quire.marc.MarcRecords.toIso2709(r.next()).getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    // ---- tests --------------------------------------------------------------------------------------------------

    @Test
    void roundTrip_importExportReimportBy999ffi_updatesTheSameInstances_andLogsBadIds() throws Exception {
        JsonNode imported = importFile(firstRecords(10), CREATE);
        List<String> ids = new ArrayList<>();
        java.util.Map<String, String> titles = new java.util.HashMap<>();
        for (JsonNode e : imported) {
            String id = e.path("relatedInstanceInfo").path("idList").get(0).asText();
            ids.add(id);
            titles.put(id, s.get("/instance-storage/instances/" + id).json().path("title").asText());
        }
        assertThat(ids).hasSize(10);
        String unknown = UUID.randomUUID().toString();
        // a repeated id is not exported again and counts as failed (mod-data-export's InputFileProcessor)
        String csv = "\"" + ids.getFirst() + "\"\n" + String.join("\n", ids.subList(1, 10)) + "\nnot-a-uuid\n\n"
                + unknown + "\n" + ids.get(3).toUpperCase() + "\n";

        JsonNode def = upload("ids.csv", "csv", csv.getBytes(StandardCharsets.UTF_8));
        Api.Reply started = export(def, INSTANCE_PROFILE, "instance");
        assertThat(started.status()).as(started.body()).isEqualTo(204);
        JsonNode job = await(def.path("jobExecutionId").asText());

        assertThat(job.path("status").asText()).isEqualTo("COMPLETED_WITH_ERRORS");
        assertThat(job.path("jobProfileId").asText()).isEqualTo(INSTANCE_PROFILE);
        assertThat(job.path("jobProfileName").asText()).isEqualTo("Default instances export job profile");
        assertThat(job.path("progress").path("exported").asInt()).isEqualTo(10);
        assertThat(job.path("progress").path("failed").asInt()).isEqualTo(3);
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(13);
        assertThat(job.path("progress").path("readIds").asInt()).isEqualTo(13);
        assertThat(job.path("progress").path("duplicatedSrs").asInt()).isZero();
        assertThat(job.path("hrId").asLong()).isPositive();
        assertThat(job.path("completedDate").asText()).isNotEmpty();
        assertThat(job.path("exportedFiles").get(0).path("fileName").asText())
                .isEqualTo("ids-" + job.path("hrId").asText() + ".mrc");

        // FOLIO's summary entries: the code and only the values (its app shows its translation of the code with
        // them: "Record not found: {value1}"), no affected record
        JsonNode logs = logs(job.path("id").asText());
        List<String> entries = new ArrayList<>();
        logs.forEach(l -> {
            entries.add(l.path("errorMessageCode").asText() + " " + l.path("errorMessageValues"));
            assertThat(l.path("logLevel").asText()).isEqualTo("ERROR");
            assertThat(l.has("affectedRecord")).isFalse();
        });
        assertThat(entries).containsExactly("error.invalidUuidFormat [\"not-a-uuid\"]",
                "error.uuidsNotFound [\"" + unknown + "\"]", "error.someRecordsFailed [\"3\"]");

        HttpResponse<byte[]> file = download(job, "");
        assertThat(file.statusCode()).isEqualTo(200);
        List<Record> exported = records(file.body());
        assertThat(exported).hasSize(10);
        Set<String> exportedIds = new HashSet<>();
        for (Record r : exported) {
            DataField f999 = (DataField) r.getVariableFields("999").stream()
                    .filter(f -> ((DataField) f).getIndicator1() == 'f').findFirst().orElseThrow();
            exportedIds.add(f999.getSubfield('i').getData());
            assertThat(r.getLeader().getCharCodingScheme()).isEqualTo('a');
        }
        assertThat(exportedIds).containsExactlyInAnyOrderElementsOf(ids);

        HttpResponse<byte[]> xml = download(job, "&format=marcxml");
        String text = new String(xml.body(), StandardCharsets.UTF_8);
        assertThat(xml.statusCode()).isEqualTo(200);
        assertThat(text).startsWith("<?xml").contains("http://www.loc.gov/MARC21/slim");
        assertThat(text.split("<marc:record|<record", -1).length - 1).isEqualTo(10);

        // a tampered link is refused
        String fileId = job.path("exportedFiles").get(0).path("fileId").asText();
        String link = s.get("/data-export/job-executions/" + job.path("id").asText() + "/download/" + fileId).json()
                .path("link").asText();
        // change the signature's first character to another one (a fixed replacement would be no change
        // whenever the signature already began with it)
        int at = link.indexOf("signature=") + "signature=".length();
        String forgedLink = link.substring(0, at) + (link.charAt(at) == '0' ? '1' : '0') + link.substring(at + 1);
        assertThat(forgedLink).isNotEqualTo(link);
        HttpResponse<String> forged = HTTP.send(HttpRequest.newBuilder(URI.create(forgedLink)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(forged.statusCode()).isEqualTo(403);

        // re-import the export: the same instances are updated, none is created, titles unchanged
        long before = instanceCount();
        JsonNode reimported = importFile(file.body(), BY_999I);
        assertThat(instanceCount()).isEqualTo(before);
        assertThat(reimported).hasSize(10);
        for (JsonNode e : reimported) {
            assertThat(e.path("relatedInstanceInfo").path("actionStatus").asText()).as(e.toString()).isEqualTo("UPDATED");
            String id = e.path("relatedInstanceInfo").path("idList").get(0).asText();
            assertThat(ids).contains(id);
            assertThat(s.get("/instance-storage/instances/" + id).json().path("title").asText())
                    .isEqualTo(titles.get(id));
        }
    }

    @Test
    void idsOverSeveralPages_eachReadWhileTheOneBeforeIsWritten_exportInFileOrder() throws Exception {
        JsonNode imported = importFile(firstRecords(12), CREATE);
        List<String> ids = new ArrayList<>();
        for (JsonNode e : imported) ids.add(e.path("relatedInstanceInfo").path("idList").get(0).asText());
        // 1,203 lines, three pages (ExportRun.PAGE 500): real ids on each page, the last page partial
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 1_200; i++) lines.add(UUID.randomUUID().toString());
        int[] at = {0, 3, 499, 500, 501, 777, 999, 1_000, 1_100, 1_150, 1_198, 1_199};
        lines.addAll(List.of("not-a-uuid", "also-not", "nor-this"));
        for (int i = 0; i < at.length; i++) lines.set(at[i], ids.get(i));
        JsonNode def = upload("pages.csv", "csv", String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        assertThat(export(def, INSTANCE_PROFILE, "instance").status()).isEqualTo(204);
        JsonNode job = await(def.path("jobExecutionId").asText());

        assertThat(job.path("status").asText()).isEqualTo("COMPLETED_WITH_ERRORS");
        assertThat(job.path("progress").path("exported").asInt()).isEqualTo(12);
        assertThat(job.path("progress").path("failed").asInt()).isEqualTo(1_203 - 12);
        assertThat(job.path("progress").path("readIds").asInt()).isEqualTo(1_203);
        JsonNode logs = logs(job.path("id").asText());
        assertThat(logs.get(0).path("errorMessageValues").get(0).asText()).isEqualTo("not-a-uuid,also-not,nor-this");
        assertThat(logs.get(1).path("errorMessageValues").get(0).asText().split(", ")).hasSize(1_188);
        assertThat(logs.get(2).path("errorMessageValues").get(0).asText()).isEqualTo("1191");
        List<String> order = new ArrayList<>();
        for (Record r : records(download(job, "").body())) {
            DataField f999 = (DataField) r.getVariableFields("999").stream()
                    .filter(f -> ((DataField) f).getIndicator1() == 'f').findFirst().orElseThrow();
            order.add(f999.getSubfield('i').getData());
        }
        assertThat(order).containsExactlyElementsOf(ids.subList(0, 12));
    }

    @Test
    void quickExport_instanceWithoutSrs_isGeneratedByFoliosDefaultRules() throws Exception {
        ObjectNode inst = Json.object().put("id", UUID.randomUUID().toString()).put("title", "A title without MARC")
                .put("source", "FOLIO").put("instanceTypeId", Fixtures.TEXT_TYPE);
        inst.putArray("identifiers").addObject().put("identifierTypeId", "8261054f-be78-422d-bd51-4ed9f33c3422")
                .put("value", "9780262033848");
        inst.putArray("contributors").addObject().put("name", "Cormen, Thomas H.")
                .put("contributorNameTypeId", "2b94c631-fca9-4892-a730-03ee529ffe2a");
        inst.withArray("contributors").addObject().put("name", "MIT Press Conference").put("primary", true)
                .put("contributorNameTypeId", "e8b311a6-3b21-43f2-a269-dd9310cb2d0a"); // Meeting name
        inst.putArray("publication").addObject().put("publisher", "MIT Press").put("dateOfPublication", "2009");
        inst.putArray("languages").add("eng");
        inst.putArray("instanceFormatIds").add("f5e8210f-7640-459b-a71f-552567f92369"); // computer -- online resource
        inst.putArray("natureOfContentTermIds").add("f5908d05-b16a-49cf-b192-96d55a94a0d1"); // bibliography
        inst.putArray("electronicAccess").addObject().put("uri", "https://example.org/t")
                .put("relationshipId", "f5d0068e-6272-458e-8a81-b85e7b9a14aa"); // Resource
        Api.Reply created = s.post("/instance-storage/instances", inst);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();

        Api.Reply quick = s.post("/data-export/quick-export", Json.object().put("type", "uuid")
                .put("recordType", "INSTANCE").set("uuids", Json.array().add(id)));
        assertThat(quick.status()).as(quick.body()).isEqualTo(200);
        assertThat(quick.json().path("jobExecutionHrId").asLong()).isPositive();
        JsonNode job = await(quick.json().path("jobExecutionId").asText());
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(job.path("exportedFiles").get(0).path("fileName").asText()).startsWith("quick-export-");

        Record r = records(download(job, "").body()).getFirst();
        DataField title = (DataField) r.getVariableField("245");
        assertThat(title.getIndicator1()).isEqualTo('0');
        assertThat(sub(r, "245", 'a')).isEqualTo("A title without MARC");
        assertThat(sub(r, "020", 'a')).isEqualTo("9780262033848");
        assertThat(sub(r, "700", 'a')).isEqualTo("Cormen, Thomas H.");
        assertThat(sub(r, "264", 'b')).isEqualTo("MIT Press");
        // the rules' names come from the tenant's reference data: name types, type, formats, terms, relationships
        assertThat(sub(r, "111", 'a')).isEqualTo("MIT Press Conference");
        assertThat(sub(r, "336", 'a')).isEqualTo("text");
        assertThat(sub(r, "337", 'a')).isEqualTo("computer");
        assertThat(sub(r, "338", 'a')).isEqualTo("online resource");
        assertThat(sub(r, "655", 'a')).isEqualTo("bibliography");
        assertThat(sub(r, "856", 'u')).isEqualTo("https://example.org/t");
        assertThat(((DataField) r.getVariableField("856")).getIndicator2()).isEqualTo('0');
        String f008 = ((org.marc4j.marc.ControlField) r.getVariableField("008")).getData();
        assertThat(f008.substring(6, 15)).isEqualTo("|2009||||");
        assertThat(f008.substring(35, 38)).isEqualTo("eng");
        assertThat(sub(r, "999", 'i')).isEqualTo(id);
        assertThat(r.getControlNumber()).isEqualTo(created.json().path("hrid").asText());
        assertThat(r.getLeader().marshal().substring(17, 20)).isEqualTo("3c ");
    }

    @Test
    void quickExportByCql_exportsWhatTheQuerySelects_andBadCqlIs400() throws Exception {
        String id = Fixtures.instance(s, "Findable by CQL " + UUID.randomUUID());
        Api.Reply quick = s.post("/data-export/quick-export", Json.object().put("type", "cql")
                .put("recordType", "INSTANCE").put("criteria", "id==" + id));
        assertThat(quick.status()).as(quick.body()).isEqualTo(200);
        JsonNode job = await(quick.json().path("jobExecutionId").asText());
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(1);
        assertThat(sub(records(download(job, "").body()).getFirst(), "999", 'i')).isEqualTo(id);

        Api.Reply bad = s.post("/data-export/quick-export", Json.object().put("type", "cql")
                .put("recordType", "INSTANCE").put("criteria", "title=(unbalanced"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("Invalid CQL syntax in title=(unbalanced");

        JsonNode cqlDef = upload("q.cql", "cql", "title==(((".getBytes(StandardCharsets.UTF_8));
        Api.Reply badFile = export(cqlDef, INSTANCE_PROFILE, "instance");
        assertThat(badFile.status()).as(badFile.body()).isEqualTo(400);
        assertThat(badFile.body()).contains("Invalid CQL syntax in title==(((");

        // a CQL file that is not UTF-8 text, or holds a NUL, is refused with a message (it was a 500)
        JsonNode binary = upload("b.cql", "cql", new byte[]{'t', 'i', 't', 'l', 'e', '=', (byte) 0xff, (byte) 0xfe});
        Api.Reply notText = export(binary, INSTANCE_PROFILE, "instance");
        assertThat(notText.status()).as(notText.body()).isEqualTo(400);
        assertThat(notText.body()).contains("The CQL file is not UTF-8 text");
        JsonNode nul = upload("n.cql", "cql", "title=a\u0000b".getBytes(StandardCharsets.UTF_8));
        Api.Reply withNul = export(nul, INSTANCE_PROFILE, "instance");
        assertThat(withNul.status()).as(withNul.body()).isEqualTo(400);
        assertThat(withNul.body()).contains("The CQL file holds a NUL character");
    }

    /** Lines of an ids file that are not UTF-8 or hold a NUL are invalid ids of their own; the others are exported. */
    @Test
    void anIdsFileWithBinaryLines_exportsTheRestAndLogsThoseLines() throws Exception {
        String id = Fixtures.instance(s, "Exported beside binary lines " + UUID.randomUUID());
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        file.write(new byte[]{(byte) 0xff, (byte) 0xfe, '\n'});
        file.write(("a\u0000b\n" + id + "\n").getBytes(StandardCharsets.UTF_8));
        JsonNode def = upload("binary.csv", "csv", file.toByteArray());
        Api.Reply started = export(def, INSTANCE_PROFILE, "instance");
        assertThat(started.status()).as(started.body()).isEqualTo(204);
        JsonNode job = await(def.path("jobExecutionId").asText());
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED_WITH_ERRORS");
        assertThat(job.path("progress").path("exported").asInt()).isEqualTo(1);
        assertThat(job.path("progress").path("failed").asInt()).isEqualTo(2);
        JsonNode logs = logs(job.path("id").asText());
        assertThat(logs.get(0).path("errorMessageCode").asText()).isEqualTo("error.invalidUuidFormat");
        assertThat(logs.get(0).path("errorMessageValues").get(0).asText()).isEqualTo("\uFFFD\uFFFD,a\uFFFDb");
        assertThat(sub(records(download(job, "").body()).getFirst(), "999", 'i')).isEqualTo(id);
    }

    @Test
    void oversizeRecord_isOneFailedRecordWithFoliosError_notCorruptOutput() throws Exception {
        ObjectNode inst = Json.object().put("title", "Too long").put("source", "FOLIO")
                .put("instanceTypeId", Fixtures.TEXT_TYPE);
        var contributors = inst.putArray("contributors");
        for (int i = 0; i < 12; i++) {
            contributors.addObject().put("name", ("n" + i).repeat(4_500))
                    .put("contributorNameTypeId", "2b94c631-fca9-4892-a730-03ee529ffe2a");
        }
        String big = s.post("/instance-storage/instances", inst).json().path("id").asText();
        String small = Fixtures.instance(s, "Small enough");
        Api.Reply quick = s.post("/data-export/quick-export", Json.object().put("type", "uuid")
                .put("recordType", "INSTANCE").set("uuids", Json.array().add(big).add(small)));
        JsonNode job = await(quick.json().path("jobExecutionId").asText());
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED_WITH_ERRORS");
        assertThat(job.path("progress").path("failed").asInt()).isEqualTo(1);
        JsonNode log = logs(job.path("id").asText()).get(0);
        assertThat(log.path("errorMessageCode").asText()).isEqualTo("error.recordIsTooLong");
        assertThat(log.path("errorMessageValues").get(0).asText())
                .startsWith("Record is too long to be a valid MARC binary record, it's length would be ")
                .endsWith("which is more than 99999 bytes");
        assertThat(log.path("affectedRecord").path("id").asText()).isEqualTo(big);
        List<Record> out = records(download(job, "").body());
        assertThat(out).hasSize(1);
        assertThat(sub(out.getFirst(), "999", 'i')).isEqualTo(small);
    }

    @Test
    void emptyFile_andHoldingsWithTheInstanceProfile_endInFail_withFoliosLog() throws Exception {
        JsonNode empty = upload("empty.csv", "csv", new byte[0]);
        assertThat(export(empty, INSTANCE_PROFILE, "instance").status()).isEqualTo(204);
        JsonNode job = await(empty.path("jobExecutionId").asText());
        assertThat(job.path("status").asText()).isEqualTo("FAIL");
        JsonNode log = logs(job.path("id").asText()).get(0);
        assertThat(log.path("errorMessageCode").asText()).isEqualTo("error.readingFromInputFile");

        JsonNode holdings = upload("h.csv", "csv", (UUID.randomUUID() + "\n").getBytes(StandardCharsets.UTF_8));
        assertThat(export(holdings, INSTANCE_PROFILE, "holding").status()).isEqualTo(204);
        JsonNode hjob = await(holdings.path("jobExecutionId").asText());
        assertThat(hjob.path("status").asText()).isEqualTo("FAIL");
        assertThat(hjob.path("progress").path("exported").asInt()).isZero();
        JsonNode hlog = logs(hjob.path("id").asText()).get(0);
        assertThat(hlog.path("errorMessageCode").asText()).isEqualTo("error.messagePlaceholder");
        assertThat(hlog.path("errorMessageValues").get(0).asText())
                .isEqualTo("For exporting holding records only the default holding job profile is supported");

        JsonNode onlyUnknown = upload("u.csv", "csv", (UUID.randomUUID() + "\n").getBytes(StandardCharsets.UTF_8));
        assertThat(export(onlyUnknown, HOLDINGS_PROFILE, "holding").status()).isEqualTo(204);
        JsonNode ujob = await(onlyUnknown.path("jobExecutionId").asText());
        assertThat(ujob.path("status").asText()).isEqualTo("FAIL");
        assertThat(ujob.path("progress").path("failed").asInt()).isEqualTo(1);
        assertThat(ujob.path("exportedFiles")).isEmpty();
    }

    @Test
    void malformedRequests_areAnsweredWith4xx() throws Exception {
        String ok = UUID.randomUUID().toString();
        assertThat(s.api().send("POST", "/data-export/export", "{not json", s.tenant(), s.token()).status())
                .isEqualTo(400);
        Api.Reply noDef = s.post("/data-export/export", Json.object().put("jobProfileId", INSTANCE_PROFILE)
                .put("idType", "instance"));
        assertThat(noDef.status()).isEqualTo(400);
        assertThat(noDef.body()).contains("fileDefinitionId is required");
        assertThat(s.post("/data-export/export", Json.object().put("fileDefinitionId", "nope")
                .put("jobProfileId", INSTANCE_PROFILE).put("idType", "instance")).status()).isEqualTo(400);
        Api.Reply unknownDef = s.post("/data-export/export", Json.object().put("fileDefinitionId", ok)
                .put("jobProfileId", INSTANCE_PROFILE).put("idType", "instance"));
        assertThat(unknownDef.status()).isEqualTo(404);
        assertThat(unknownDef.body()).contains("File definition not found with id " + ok);

        JsonNode def = upload("x.csv", "csv", (ok + "\n").getBytes(StandardCharsets.UTF_8));
        Api.Reply unknownProfile = export(def, UUID.randomUUID().toString(), "instance");
        assertThat(unknownProfile.status()).isEqualTo(404);
        assertThat(unknownProfile.body()).contains("Job profile not found");
        assertThat(export(def, INSTANCE_PROFILE, "banana").status()).isEqualTo(400);
        assertThat(export(def, INSTANCE_PROFILE, "instance").status()).isEqualTo(204);
        Api.Reply again = export(def, INSTANCE_PROFILE, "instance");
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.body()).contains("has already been started");

        Api.Reply notUploaded = s.post("/data-export/file-definitions", Json.object().put("fileName", "n.csv"));
        Api.Reply early = export(notUploaded.json(), INSTANCE_PROFILE, "instance");
        assertThat(early.status()).isEqualTo(422);
        assertThat(early.body()).contains("Invalid export file definition with id");

        assertThat(s.post("/data-export/file-definitions", Json.object().put("size", 3)).status()).isEqualTo(422);
        assertThat(s.post("/data-export/file-definitions", Json.object().put("fileName", "a")
                .put("uploadFormat", "xls")).status()).isEqualTo(422);
        assertThat(s.get("/data-export/file-definitions/" + ok).status()).isEqualTo(404);
        assertThat(s.get("/data-export/file-definitions/zzz").status()).isEqualTo(400);

        assertThat(s.post("/data-export/quick-export", Json.object().put("type", "isbn")
                .put("recordType", "INSTANCE")).status()).isEqualTo(400);
        assertThat(s.post("/data-export/quick-export", Json.object().put("type", "uuid")
                .put("recordType", "BOOK").set("uuids", Json.array())).status()).isEqualTo(400);
        assertThat(s.post("/data-export/quick-export", Json.object().put("type", "uuid")
                .put("recordType", "INSTANCE").put("uuids", "x")).status()).isEqualTo(400);
        assertThat(s.post("/data-export/quick-export", Json.object().put("type", "uuid").put("recordType", "INSTANCE")
                .put("jobProfileId", ok).set("uuids", Json.array().add(ok))).status()).isEqualTo(404);

        assertThat(s.get("/data-export/job-executions", "status==(((").status()).isEqualTo(400);
        assertThat(s.get("/data-export/logs", "jobExecutionId==").status()).isIn(200, 400);
        assertThat(s.get("/data-export/job-executions/xyz/download/" + ok).status()).isEqualTo(400);
        assertThat(s.get("/data-export/job-executions/" + ok + "/download/" + ok).status()).isEqualTo(404);
        assertThat(s.delete("/data-export/job-executions/" + ok).status()).isEqualTo(404);
        HttpResponse<String> noSig = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/data-export/files/" + ok
                + "/" + ok + "?tenant=" + s.tenant())).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(noSig.statusCode()).isEqualTo(403);
    }

    @Test
    void defaultProfiles_haveFoliosIds_andThePtfFindsTheNewestFinishedJob() throws Exception {
        JsonNode jobs = s.get("/data-export/job-profiles?limit=100").json().path("jobProfiles");
        List<String> ids = new ArrayList<>();
        jobs.forEach(j -> ids.add(j.path("id").asText()));
        assertThat(ids).contains(INSTANCE_PROFILE, HOLDINGS_PROFILE, "56944b1c-f3f9-475b-bed0-7387c33620ce");
        JsonNode instanceProfile = s.get("/data-export/job-profiles/" + INSTANCE_PROFILE).json();
        assertThat(instanceProfile.path("mappingProfileId").asText()).isEqualTo("25d81cbe-9686-11ea-bb37-0242ac130002");
        assertThat(s.get("/data-export/mapping-profiles/25d81cbe-9686-11ea-bb37-0242ac130002").json()
                .path("recordTypes").get(0).asText()).isEqualTo("INSTANCE");

        String id = Fixtures.instance(s, "For the PTF query");
        JsonNode def = upload("ptf.csv", "csv", (id + "\n").getBytes(StandardCharsets.UTF_8));
        assertThat(export(def, INSTANCE_PROFILE, "instance").status()).isEqualTo(204);
        await(def.path("jobExecutionId").asText());
        Api.Reply finished = s.get("/data-export/job-executions?limit=1",
                "status=(COMPLETED OR COMPLETED_WITH_ERRORS OR FAIL) sortBy completedDate/sort.descending");
        assertThat(finished.status()).as(finished.body()).isEqualTo(200);
        assertThat(finished.json().path("jobExecutions").get(0).path("jobProfileId").asText())
                .isEqualTo(INSTANCE_PROFILE);

        // who ran it: runBy.userId (FOLIO's UI tests find their job by it), the app's "User" filter and its list
        String me = s.get("/bl-users/_self").json().path("user").path("id").asText();
        JsonNode mine = s.get("/data-export/job-executions?limit=1", "id==" + def.path("jobExecutionId").asText()
                + " and runBy.userId==" + me).json().path("jobExecutions");
        assertThat(mine.get(0).path("runBy").path("userId").asText()).isEqualTo(me);
        Api.Reply related = s.get("/data-export/related-users?limit=100");
        assertThat(related.status()).as(related.body()).isEqualTo(200);
        List<String> relatedIds = new ArrayList<>();
        related.json().path("relatedUsers").forEach(u -> relatedIds.add(u.path("userId").asText()));
        assertThat(relatedIds).containsOnlyOnce(me);
        assertThat(related.json().path("totalRecords").asInt()).isEqualTo(relatedIds.size());

        // the Data export app's "View all" logs: its second sort key is a JSON property no column holds
        Api.Reply viewAll = s.get("/data-export/job-executions?limit=100", "(status=(COMPLETED OR "
                + "COMPLETED_WITH_ERRORS OR FAIL)) sortby completedDate/sort.descending progress.total/number");
        assertThat(viewAll.status()).as(viewAll.body()).isEqualTo(200);
        assertThat(viewAll.json().path("jobExecutions").size()).isPositive();

        Api.Reply del = s.delete("/data-export/job-executions/" + def.path("jobExecutionId").asText());
        assertThat(del.status()).isEqualTo(204);
        assertThat(s.get("/data-export/job-executions", "id==" + def.path("jobExecutionId").asText()).json()
                .path("totalRecords").asInt()).isZero();
    }

    @Test
    void defaultProfiles_areReadOnly_withFoliosForbiddenAnswers_whileOthersAreEditable() {
        String mapping = "/data-export/mapping-profiles/25d81cbe-9686-11ea-bb37-0242ac130002";
        ObjectNode edited = (ObjectNode) s.get(mapping).json();
        edited.put("name", "Renamed").put("default", false); // clearing the flag in the body does not unlock it
        Api.Reply put = s.put(mapping, edited);
        assertThat(put.status()).as(put.body()).isEqualTo(403);
        assertThat(put.body()).isEqualTo("Editing of default mapping profile is forbidden");
        Api.Reply delete = s.delete(mapping);
        assertThat(delete.status()).as(delete.body()).isEqualTo(403);
        assertThat(delete.body()).isEqualTo("Deletion of default mapping profile is forbidden");
        assertThat(s.get(mapping).json().path("name").asText()).isEqualTo("Default instance mapping profile");

        String job = "/data-export/job-profiles/" + INSTANCE_PROFILE;
        ObjectNode editedJob = ((ObjectNode) s.get(job).json()).put("name", "Renamed");
        assertThat(s.put(job, editedJob).body()).isEqualTo("Editing of default job profile is forbidden");
        Api.Reply deleteJob = s.delete(job);
        assertThat(deleteJob.status()).isEqualTo(403);
        assertThat(deleteJob.body()).isEqualTo("Deletion of default job profile is forbidden");
        assertThat(s.get(job).status()).isEqualTo(200);

        String own = jobProfile(Json.object().set("recordTypes", Json.array().add("INSTANCE")));
        ObjectNode ownJob = ((ObjectNode) s.get("/data-export/job-profiles/" + own).json()).put("name", "Mine");
        assertThat(s.put("/data-export/job-profiles/" + own, ownJob).status()).isEqualTo(204);
        assertThat(s.delete("/data-export/job-profiles/" + own).status()).isEqualTo(204);
    }
    @Test
    void jobsWithoutUpdatesForAnHour_expireToFail_asFoliosTimerDoes_andAStopFailsRunningJobs() throws Exception {
        String schema = org.quire.platform.tenancy.Tenants.schema(s.tenant());
        String stale = newJob(), recent = newJob(), waiting = newJob();
        running(schema, stale, "2 hours");
        running(schema, recent, "10 minutes");
        TestServer.get().database().tx(c -> {
            DataExportTypes.ERROR_LOGS.insert(c, schema, ExportJobs.errorLog(UUID.fromString(stale),
                    ExportError.UUIDS_NOT_FOUND, List.of("x"), null, null), null);
            return org.quire.platform.db.Sql.update(c, "UPDATE " + schema + ".data_export_job SET updated_date = "
                    + "now() - interval '2 hours' WHERE id = ?::uuid", List.of(waiting));
        });

        Api.Reply expire = s.post("/data-export/expire-jobs", Json.object().put("ignored", "body"));
        assertThat(expire.status()).as(expire.body()).isEqualTo(204);
        JsonNode failed = job(stale);
        assertThat(failed.path("status").asText()).isEqualTo("FAIL");
        assertThat(failed.path("completedDate").asText()).isNotEmpty();
        assertThat(failed.path("progress").path("exported").asInt()).isZero();
        assertThat(failed.path("progress").path("total").asInt()).isZero();
        JsonNode logs = s.get("/data-export/logs?limit=10", "jobExecutionId==" + stale).json().path("errorLogs");
        assertThat(logs).hasSize(1); // FOLIO keeps one log, the reason, in place of the job's others
        assertThat(logs.get(0).path("errorMessageCode").asText()).isEqualTo("error.messagePlaceholder");
        assertThat(logs.get(0).path("errorMessageValues").get(0).asText()).isEqualTo(ExportExpiry.EXPIRED);
        assertThat(job(recent).path("status").asText()).isEqualTo("IN_PROGRESS"); // updated 10 minutes ago
        assertThat(job(waiting).path("status").asText()).isEqualTo("NEW"); // never started: not expired

        // at start with the embedded database, a job still IN_PROGRESS was cut off by the stop, however recent
        TestServer.get().database().tx(c -> ExportExpiry.failInterrupted(c, schema));
        assertThat(job(recent).path("status").asText()).isEqualTo("FAIL");
        assertThat(s.get("/data-export/logs?limit=10", "jobExecutionId==" + recent).json().path("errorLogs").get(0)
                .path("errorMessageValues").get(0).asText()).isEqualTo(ExportExpiry.INTERRUPTED);
        assertThat(job(waiting).path("status").asText()).isEqualTo("NEW");
    }

    /** A file definition's NEW job; its id. */
    @Test
    void anExportWhoseJobExpiredMeanwhile_leavesTheJobAsTheExpiryLeftIt_andNoFile() throws Exception {
        String schema = org.quire.platform.tenancy.Tenants.schema(s.tenant());
        String jobId = newJob();
        String id = Fixtures.instance(s, "Exported after its job expired " + UUID.randomUUID());
        // the export's thread still runs when the expiry fails its job (no update for an hour)
        running(schema, jobId, "2 hours");
        assertThat(s.post("/data-export/expire-jobs", Json.object()).status()).isEqualTo(204);
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("export-ended");
        java.nio.file.Path csv = dir.resolve("ids.csv");
        java.nio.file.Files.writeString(csv, id + "\n");
        var db = TestServer.get().database();
        new ExportRun(db, new org.quire.platform.DataFiles(dir, "data-export"), new ExportJobs(db, dir), schema,
                new ExportJobs.Plan(UUID.fromString(jobId), RecordKind.INSTANCE, csv, null, "ended", null)).run();

        JsonNode job = job(jobId);
        assertThat(job.path("status").asText()).isEqualTo("FAIL");
        assertThat(job.path("progress").path("exported").asInt()).isZero();
        assertThat(job.path("exportedFiles")).isEmpty();
        JsonNode logs = logs(jobId);
        assertThat(logs).hasSize(1);
        assertThat(logs.get(0).path("errorMessageValues").get(0).asText()).isEqualTo(ExportExpiry.EXPIRED);
        try (var written = java.nio.file.Files.walk(dir)) {
            assertThat(written.filter(p -> p.toString().endsWith(".mrc") || p.toString().endsWith(".part")))
                    .isEmpty();
        }
    }

    @Test
    void exportAll_takesEveryRecordOfTheKind_suppressedOnesOnlyWhenAsked() throws Exception {
        String shown = Fixtures.instance(s, "Shown in export-all " + UUID.randomUUID());
        String hidden = s.post("/instance-storage/instances", Json.object().put("title", "Suppressed from discovery")
                .put("source", "FOLIO").put("instanceTypeId", Fixtures.TEXT_TYPE).put("discoverySuppress", true))
                .json().path("id").asText();

        JsonNode job = exportAll(Json.object());
        assertThat(job.path("status").asText()).isIn("COMPLETED", "COMPLETED_WITH_ERRORS");
        assertThat(job.path("jobProfileId").asText()).isEqualTo(INSTANCE_PROFILE);
        assertThat(job.path("exportedFiles").get(0).path("fileName").asText())
                .isEqualTo("instance-all-" + job.path("hrId").asText() + ".mrc");
        JsonNode progress = job.path("progress");
        assertThat(progress.path("exported").asInt() + progress.path("failed").asInt())
                .isEqualTo(progress.path("total").asInt());
        List<String> exported = records(download(job, "").body()).stream().map(r -> sub(r, "999", 'i')).toList();
        assertThat(exported).hasSize(progress.path("exported").asInt()).contains(shown).doesNotContain(hidden)
                .doesNotHaveDuplicates();
        assertThat(records(download(exportAll(Json.object().put("suppressedFromDiscovery", true)), "").body())
                .stream().map(r -> sub(r, "999", 'i')).toList()).contains(shown, hidden);

        // authorities: their SRS records, with the default authority profile
        JsonNode imported = importFile(firstRecords(Path.of("../shared/data/marc/authority/lc-naf-names-5k.mrc"), 3),
                "6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3");
        List<String> authorities = new ArrayList<>();
        imported.forEach(e -> authorities.add(e.path("relatedAuthorityInfo").path("idList").get(0).asText()));
        JsonNode authorityJob = exportAll(Json.object().put("idType", "authority"));
        assertThat(authorityJob.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(authorityJob.path("jobProfileId").asText()).isEqualTo("56944b1c-f3f9-475b-bed0-7387c33620ce");
        assertThat(records(download(authorityJob, "").body()).stream().map(r -> sub(r, "999", 'i')).toList())
                .containsExactlyInAnyOrderElementsOf(authorities);
    }

    @Test
    void exportAll_malformedRequests_are4xxWithAMessage() {
        assertThat(s.post("/data-export/export-all", Json.object().put("idType", "item")).status()).isEqualTo(400);
        assertThat(s.post("/data-export/export-all", Json.object().put("jobProfileId", "x")).status()).isEqualTo(400);
        assertThat(s.post("/data-export/export-all", Json.object().put("jobProfileId", UUID.randomUUID().toString()))
                .status()).isEqualTo(404);
        Api.Reply notBoolean = s.post("/data-export/export-all", Json.object().put("suppressedFromDiscovery", "yes"));
        assertThat(notBoolean.status()).isEqualTo(400);
        assertThat(notBoolean.body()).contains("suppressedFromDiscovery must be true or false");
        assertThat(s.api().send("POST", "/data-export/export-all", "", s.tenant(), s.token()).status())
                .isEqualTo(400);
        assertThat(s.api().send("POST", "/data-export/export-all", "[1]", s.tenant(), s.token()).status())
                .isEqualTo(400);
    }

    /** POSTs an export-all and waits for its job: the newest one, as export-all answers 200 with no body (FOLIO). */
    private static JsonNode exportAll(ObjectNode body) throws InterruptedException {
        Api.Reply r = s.post("/data-export/export-all", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).isEmpty();
        String id = s.get("/data-export/job-executions?limit=1", "cql.allRecords=1 sortBy hrId/sort.descending").json()
                .path("jobExecutions").get(0).path("id").asText();
        return await(id);
    }

    private static String newJob() {
        Api.Reply def = s.post("/data-export/file-definitions", Json.object().put("fileName", "ids.csv"));
        assertThat(def.status()).as(def.body()).isEqualTo(201);
        return def.json().path("jobExecutionId").asText();
    }

    /** The job as one whose export stopped, IN_PROGRESS since {@code ago}. */
    private static void running(String schema, String jobId, String ago) {
        TestServer.get().database().tx(c -> org.quire.platform.db.Sql.update(c, "UPDATE " + schema
                + ".data_export_job SET status = 'IN_PROGRESS', jsonb = jsonb || '{\"status\": \"IN_PROGRESS\"}', "
                + "updated_date = now() - ?::interval WHERE id = ?::uuid", List.of(ago, jobId)));
    }

    private static JsonNode job(String id) {
        return s.get("/data-export/job-executions", "id==" + id).json().path("jobExecutions").get(0);
    }
    // ---- mapping profiles with transformations --------------------------------------------------------------------

    static final String HOLDINGS_NOTE_TYPE = "b160f13a-ddba-4053-b9c4-60ec5ea45d56"; // "Note" (reference data)

    /** A mapping profile with these transformations and a job profile using it; the job profile's id. */
    static String jobProfile(ObjectNode mapping) {
        Api.Reply m = s.post("/data-export/mapping-profiles", mapping.put("name", "Mapping " + UUID.randomUUID())
                .put("outputFormat", "MARC"));
        assertThat(m.status()).as(m.body()).isEqualTo(201);
        Api.Reply j = s.post("/data-export/job-profiles", Json.object().put("name", "Job " + UUID.randomUUID())
                .put("destination", "fileSystem").put("mappingProfileId", m.json().path("id").asText()));
        assertThat(j.status()).as(j.body()).isEqualTo(201);
        return j.json().path("id").asText();
    }

    static ObjectNode transformation(com.fasterxml.jackson.databind.node.ArrayNode list, String fieldId, String path,
                                     String recordType, String value) {
        return list.addObject().put("fieldId", fieldId).put("path", path).put("recordType", recordType)
                .put("transformation", value).put("enabled", true);
    }

    /** The one record a quick export of {@code id} with the job profile writes. */
    static Record exportWith(String jobProfileId, String id) throws Exception {
        Api.Reply quick = s.post("/data-export/quick-export", Json.object().put("type", "uuid")
                .put("recordType", "INSTANCE").put("jobProfileId", jobProfileId).set("uuids", Json.array().add(id)));
        assertThat(quick.status()).as(quick.body()).isEqualTo(200);
        JsonNode job = await(quick.json().path("jobExecutionId").asText());
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("COMPLETED");
        return records(download(job, "").body()).getFirst();
    }

    static List<String> all(Record r, String tag) {
        return r.getVariableFields(tag).stream().map(f -> ((DataField) f).getSubfields().stream()
                .map(sf -> "$" + sf.getCode() + sf.getData()).reduce("" + ((DataField) f).getIndicator1()
                        + ((DataField) f).getIndicator2() + " ", String::concat)).toList();
    }

    @Test
    void mappingProfileTransformations_addHoldingsAndItemFields_toGeneratedAndSrsRecords() throws Exception {
        // an instance without SRS: two holdings records (the second with a note), two items in the first
        ObjectNode inst = Json.object().put("title", "Transformed " + UUID.randomUUID()).put("source", "FOLIO")
                .put("instanceTypeId", Fixtures.TEXT_TYPE);
        inst.putArray("subjects").addObject().put("value", "Cats");
        String instanceId = s.post("/instance-storage/instances", inst).json().path("id").asText();
        String h1 = Fixtures.holdings(s, instanceId, Fixtures.MAIN_LIBRARY);
        ObjectNode second = Json.object().put("instanceId", instanceId).put("permanentLocationId", Fixtures.ONLINE)
                .put("callNumber", "QA76 .B2");
        second.putArray("notes").addObject().put("holdingsNoteTypeId", HOLDINGS_NOTE_TYPE).put("note", "Gift")
                .put("staffOnly", false);
        assertThat(s.post("/holdings-storage/holdings", second).status()).isEqualTo(201);
        String hrid1 = s.get("/holdings-storage/holdings/" + h1).json().path("hrid").asText();
        Fixtures.itemIn(s, h1, "tr-" + UUID.randomUUID());
        Fixtures.itemIn(s, h1, "tr-" + UUID.randomUUID());

        ObjectNode mapping = Json.object().put("fieldsSuppression", "653");
        mapping.putArray("recordTypes").add("SRS").add("HOLDINGS").add("ITEM");
        var t = mapping.putArray("transformations");
        transformation(t, "holdings.permanentlocation.name", "$.holdings[*].permanentLocationId", "HOLDINGS", "900ff$b");
        transformation(t, "holdings.callnumber", "$.holdings[*].callNumber", "HOLDINGS", "900ff$a");
        transformation(t, "holdings.holdingnotetypeid.note", "$.holdings[*].notes[?(@.holdingsNoteTypeId=='"
                + HOLDINGS_NOTE_TYPE + "' && (!(@.staffOnly) || @.staffOnly == false))].note", "HOLDINGS", "901  $a");
        transformation(t, "item.barcode", "$.holdings[*].items[*].barcode", "ITEM", "876  $a");
        transformation(t, "item.materialtypeid", "$.holdings[*].items[*].materialTypeId", "ITEM", "876  $t");
        transformation(t, "holdings.hrid", "$.holdings[*].hrid", "HOLDINGS", "902  $a").put("enabled", false);
        String withSrs = jobProfile(mapping);

        Record generated = exportWith(withSrs, instanceId);
        assertThat(sub(generated, "245", 'a')).isEqualTo(inst.path("title").asText()); // the default rules still
        assertThat(all(generated, "900")).containsExactly("ff $aQA76 .Q5$bMain Library", "ff $aQA76 .B2$bOnline");
        assertThat(all(generated, "901")).containsExactly("   $aGift"); // only the holdings record with the note
        assertThat(all(generated, "876")).hasSize(2).allSatisfy(f -> assertThat(f).startsWith("   $atr-")
                .endsWith("$tbook$3" + hrid1));
        assertThat(generated.getVariableFields("902")).isEmpty(); // a disabled transformation
        assertThat(generated.getVariableFields("653")).isEmpty(); // suppressed
        assertThat(sub(generated, "999", 'i')).isEqualTo(instanceId);
        assertThat(generated.getDataFields().stream().map(DataField::getTag).toList()).isSorted();

        // beside an SRS record: the holdings and items of its instance, in tag order among the record's own fields
        JsonNode imported = importFile(firstRecords(1), CREATE);
        String srsInstance = imported.get(0).path("relatedInstanceInfo").path("idList").get(0).asText();
        String h = Fixtures.holdings(s, srsInstance, Fixtures.MAIN_LIBRARY);
        Fixtures.itemIn(s, h, "tr-srs-" + UUID.randomUUID());
        Record fromSrs = exportWith(withSrs, srsInstance);
        assertThat(sub(fromSrs, "999", 's')).isNotNull(); // the SRS record's own 999 ff
        int own900 = records(firstRecords(1)).getFirst().getVariableFields("900").size();
        assertThat(all(fromSrs, "900")).hasSize(own900 + 1).contains("ff $aQA76 .Q5$bMain Library");
        assertThat(all(fromSrs, "876")).singleElement().asString().startsWith("   $atr-srs-");
        assertThat(fromSrs.getDataFields().stream().map(DataField::getTag).toList()).isSorted();

        // a profile without SRS that transforms fields writes those fields alone; 999 ff can be suppressed
        ObjectNode bare = Json.object().put("suppress999ff", true);
        bare.putArray("recordTypes").add("INSTANCE").add("HOLDINGS");
        var bareFields = bare.putArray("transformations");
        transformation(bareFields, "holdings.permanentlocation.code", "$.holdings[*].permanentLocationId", "HOLDINGS",
                "852  $b");
        transformation(bareFields, "instance.title", "$.instance.title", "INSTANCE", ""); // the default rule
        Record alone = exportWith(jobProfile(bare), instanceId);
        assertThat(alone.getDataFields().stream().map(DataField::getTag).toList()).containsExactly("245", "852", "852");
        assertThat(alone.getControlFields()).isEmpty();
        assertThat(all(alone, "852").getFirst()).isEqualTo("   $bKU/CC/DI/M");
        assertThat(sub(exportWith(jobProfile(Json.object().put("suppress999ff", true).set("recordTypes",
                Json.array().add("SRS").add("INSTANCE"))), srsInstance), "999", 'i')).isNull();
    }

    @Test
    void mappingProfiles_withMalformedTransformations_areRefusedWith422() {
        record Case(String json, String key) {
        }
        for (Case c : List.of(
                new Case("{\"recordTypes\": [\"INSTANCE\"], \"transformations\": [{\"fieldId\": \"x\", "
                        + "\"path\": \"$.instance.title\", \"recordType\": \"INSTANCE\", \"transformation\": \"90\"}]}",
                        "transformations[0].transformation"),
                new Case("{\"recordTypes\": [\"ITEM\", \"HOLDINGS\"], \"transformations\": [{\"fieldId\": \"item.barcode\", "
                        + "\"path\": \"$.holdings[*].items[*].barcode\", \"recordType\": \"ITEM\", \"transformation\": \"\"}]}",
                        "transformations[0].transformation"),
                new Case("{\"recordTypes\": [\"HOLDINGS\"], \"transformations\": [{\"fieldId\": \"x\", "
                        + "\"path\": \"$.holdings[*\", \"recordType\": \"HOLDINGS\", \"transformation\": \"900  $a\"}]}",
                        "transformations[0].path"),
                new Case("{\"recordTypes\": [\"INSTANCE\"], \"fieldsSuppression\": \"650, 65x\"}", "suppressionFields[1]"),
                new Case("{\"recordTypes\": [\"ITEM\"]}", "recordTypes"),
                new Case("{\"recordTypes\": [\"BOOKS\"]}", "recordTypes"),
                new Case("{\"recordTypes\": [\"INSTANCE\"], \"transformations\": {\"a\": 1}}", "transformations"),
                new Case("{\"recordTypes\": [\"INSTANCE\"], \"transformations\": [7]}", "transformations[0]"))) {
            ObjectNode body = (ObjectNode) Json.parse(c.json());
            Api.Reply r = s.post("/data-export/mapping-profiles", body.put("name", "Bad " + UUID.randomUUID()));
            assertThat(r.status()).as(c.json() + " → " + r.body()).isEqualTo(422);
            assertThat(r.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).as(r.body())
                    .isEqualTo(c.key());
        }
    }
    @Test
    void transformationFields_listFoliosFields_andEachMakesAValidTransformation() throws Exception {
        Api.Reply r = s.get("/data-export/transformation-fields");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode fields = r.json().path("transformationFields");
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(fields.size());
        List<String> ids = new ArrayList<>();
        java.util.Map<String, JsonNode> byId = new java.util.HashMap<>();
        fields.forEach(f -> {
            ids.add(f.path("fieldId").asText());
            byId.put(f.path("fieldId").asText(), f);
        });
        assertThat(ids).isSorted();
        assertThat(byId.get("instance.identifiers.isbn").path("path").asText())
                .isEqualTo("$.instance.identifiers[?(@.identifierTypeId=='8261054f-be78-422d-bd51-4ed9f33c3422')].value");
        assertThat(byId.get("instance.identifiers.isbn").path("referenceDataValue").asText()).isEqualTo("ISBN");
        assertThat(byId.get("instance.identifiers.isbn").path("displayNameKey").asText()).isEqualTo("instance.identifiers");
        assertThat(byId.get("holdings.holdingnotetypeid.staffonly.copy.note").path("path").asText()).isEqualTo(
                "$.holdings[*].notes[?(@.holdingsNoteTypeId=='c4407cc7-d79f-4609-95bd-1cefb2e2b5c5' && "
                        + "((@.staffOnly) && @.staffOnly == true))].note");
        assertThat(byId.get("item.permanentlocation.library.name").path("path").asText())
                .isEqualTo("$.holdings[*].items[*].permanentLocationId");
        assertThat(byId.get("instance.metadata.createddate").path("displayNameKey").asText())
                .isEqualTo("instance.metadata.createdDate");
        assertThat(byId.get("holdings.electronic.access.uri.default").has("referenceDataValue")).isFalse();
        assertThat(byId).doesNotContainKey("holdings.source"); // FOLIO lists source for instances only
        // 97 plain fields, and one per reference record for the others
        assertThat(fields).filteredOn(f -> !f.has("referenceDataValue")).hasSize(97);

        // every listed field, as the settings' "Add transformations" sends it, makes a profile that is accepted
        ObjectNode mapping = Json.object();
        mapping.putArray("recordTypes").add("INSTANCE").add("HOLDINGS").add("ITEM");
        var transformations = mapping.putArray("transformations");
        for (JsonNode f : fields) {
            transformations.addObject().put("fieldId", f.path("fieldId").asText()).put("path", f.path("path").asText())
                    .put("recordType", f.path("recordType").asText()).put("enabled", true)
                    .put("transformation", f.path("recordType").asText().equals("ITEM") ? "876  $a" : "900  $a");
        }
        String everything = jobProfile(mapping); // asserts the profile is accepted (201)

        // and exports: every field read and translated, the holdings' and the item's values among them
        String instanceId = Fixtures.instance(s, "Every field " + UUID.randomUUID());
        String holdingsId = Fixtures.holdings(s, instanceId, Fixtures.MAIN_LIBRARY);
        String barcode = "every-" + UUID.randomUUID();
        Fixtures.itemIn(s, holdingsId, barcode);
        Record exported = exportWith(everything, instanceId);
        // one tag and indicators, one field: all instance and holdings values in it (the permanent location's
        // name is left out, as FOLIO leaves it out when the temporary location's has the same "900  $a")
        assertThat(all(exported, "900")).singleElement().asString().contains("$aQA76 .Q5", "$aKU/CC/DI/M",
                "$aCity Campus", "$aEvery field").doesNotContain("$aMain Library");
        assertThat(all(exported, "876")).singleElement().asString().contains("$a" + barcode, "$abook",
                "$aAvailable").endsWith("$3" + s.get("/holdings-storage/holdings/" + holdingsId).json()
                .path("hrid").asText());
        assertThat(exported.getVariableFields("245")).isEmpty(); // no SRS among the record types: the fields alone
    }
}
