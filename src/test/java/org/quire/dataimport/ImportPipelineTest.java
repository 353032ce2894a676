package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcStreamReader;
import org.marc4j.MarcStreamWriter;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.dataimport.DataImportClient.define;
import static org.quire.dataimport.DataImportClient.field;
import static org.quire.dataimport.DataImportClient.processBody;
import static org.quire.dataimport.DataImportClient.subfield;
import static org.quire.dataimport.DataImportClient.upload;

/**
 * The import pipeline as the Data import app and FOLIO's PTF drive it (folio-catalogue-api.md §3.4, §3.6): upload,
 * processFiles with a job profile, poll the logs list until the job is COMMITTED, then the instances in inventory
 * (source MARC, mapped title, HRID), their SRS records (001 = HRID, 999 ff $i/$s), the MARC view, the journal and
 * summary, and search. Malformed records become error entries while the valid ones are imported.
 */
class ImportPipelineTest {
    static final String CREATE_INSTANCE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    static final Path BIB = Path.of("../shared/data/marc/bib/folio-data-import-100.mrc");
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("data_import_pipeline");
    }

    static String importFile(String name, byte[] bytes, String profileId) {
        return DataImportClient.importFile(s, name, bytes, profileId);
    }

    static JsonNode log(String jobId, String extra) {
        return DataImportClient.log(s, jobId, extra);
    }

    /** The PTF's loop: the logs list every 200 ms until the job is there and no longer PARSING_IN_PROGRESS. */
    static JsonNode awaitFinished(String jobId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            Api.Reply r = s.get("/metadata-provider/jobExecutions?statusAny=COMMITTED&statusAny=ERROR"
                    + "&statusAny=CANCELLED&limit=100&sortBy=completed_date,desc");
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            for (JsonNode j : r.json().path("jobExecutions")) {
                if (j.path("id").asText().equals(jobId)) return j;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("job " + jobId + " did not finish: " + s.get("/change-manager/jobExecutions/" + jobId).body());
    }

    @Test
    void ptfFlow_defaultCreateInstanceProfile_instancesSrsJournalSummaryAndSearch() throws Exception {
        String jobId = importFile("folio-data-import-100.mrc", Files.readAllBytes(BIB), CREATE_INSTANCE);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        assertThat(job.path("uiStatus").asText()).isEqualTo("RUNNING_COMPLETE");
        assertThat(job.path("completedDate").asText()).isNotEmpty();
        assertThat(job.path("progress").path("current").asInt()).isEqualTo(100);
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(100);
        assertThat(job.path("jobProfileInfo").path("id").asText()).isEqualTo(CREATE_INSTANCE);
        assertThat(job.path("jobProfileInfo").path("name").asText())
                .isEqualTo("Default - Create instance and SRS MARC Bib");

        JsonNode entries = log(jobId, "");
        assertThat(entries.path("totalRecords").asInt()).isEqualTo(100);
        JsonNode first = entries.path("entries").get(0);
        assertThat(first.path("sourceRecordOrder").asText()).isEqualTo("0");
        assertThat(first.path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
        assertThat(first.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("CREATED");
        String instanceId = first.path("relatedInstanceInfo").path("idList").get(0).asText();
        String hrid = first.path("relatedInstanceInfo").path("hridList").get(0).asText();
        assertThat(hrid).matches("in\\d{11}");

        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        assertThat(summary.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo(100);
        assertThat(summary.path("sourceRecordSummary").path("totalCreatedEntities").asInt()).isEqualTo(100);
        assertThat(summary.path("totalErrors").asInt()).isZero();

        JsonNode instance = s.get("/instance-storage/instances/" + instanceId).json();
        assertThat(instance.path("source").asText()).isEqualTo("MARC");
        assertThat(instance.path("hrid").asText()).isEqualTo(hrid);
        assertThat(instance.path("title").asText()).isEqualTo(first.path("sourceRecordTitle").asText()).isNotBlank();

        // The SRS record, by instance id, as every instance view asks for it.
        Api.Reply formatted = s.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE");
        assertThat(formatted.status()).as(formatted.body()).isEqualTo(200);
        JsonNode marc = formatted.json().path("parsedRecord").path("content");
        assertThat(field(marc, "001")).isEqualTo(hrid);
        assertThat(subfield(marc, "999", "i")).isEqualTo(instanceId);
        assertThat(subfield(marc, "999", "s")).isEqualTo(formatted.json().path("matchedId").asText());
        assertThat(formatted.json().path("snapshotId").asText()).isEqualTo(jobId);
        assertThat(s.get("/source-storage/snapshots/" + jobId).json().path("status").asText()).isEqualTo("COMMITTED");
        assertThat(formatted.json().path("externalIdsHolder").path("instanceHrid").asText()).isEqualTo(hrid);
        assertThat(formatted.json().path("parsedRecord").path("formattedContent").asText()).contains("001 " + hrid);
        String title245a = subfield(marc, "245", "a");
        assertThat(instance.path("title").asText()).startsWith(title245a.replaceAll("[ /:;.,]+$", ""));

        JsonNode srs = s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=1").json();
        assertThat(srs.path("totalRecords").asInt()).isEqualTo(100);

        // Searchable by itself (the indexer follows the outbox).
        String cql = "hrid==\"" + hrid + "\"";
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode found;
        do {
            found = s.get("/search/instances?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8)).json();
            if (found.path("totalRecords").asInt() == 1) break;
            Thread.sleep(200);
        } while (System.currentTimeMillis() < deadline);
        assertThat(found.path("totalRecords").asInt()).as(found.toString()).isEqualTo(1);
        assertThat(found.path("instances").get(0).path("id").asText()).isEqualTo(instanceId);

        // 008/07-10 is the instance's dates.date1, in the search result and as normalizedDate1.
        String date1 = field(marc, "008").substring(7, 11);
        assertThat(date1).matches("\\d{4}");
        assertThat(instance.at("/dates/date1").asText()).isEqualTo(date1);
        assertThat(instance.at("/dates/dateTypeId").asText()).isNotEmpty();
        assertThat(found.at("/instances/0/dates")).isEqualTo(instance.path("dates"));
        String byYear = cql + " and normalizedDate1==" + date1;
        assertThat(s.get("/search/instances?query=" + URLEncoder.encode(byYear, StandardCharsets.UTF_8)).json()
                .path("totalRecords").asInt()).isEqualTo(1);
        String otherYear = cql + " and normalizedDate1<" + date1;
        assertThat(s.get("/search/instances?query=" + URLEncoder.encode(otherYear, StandardCharsets.UTF_8)).json()
                .path("totalRecords").asInt()).isZero();
    }

    @Test
    void marcXml_isImported() throws Exception {
        Path xml = Path.of("../shared/data/marc/bib/marc2bibframe2-nlm.marcxml");
        String jobId = importFile("nlm.xml", Files.readAllBytes(xml), CREATE_INSTANCE);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        int created = summary.path("instanceSummary").path("totalCreatedEntities").asInt();
        assertThat(created).isGreaterThan(0);
        assertThat(created + summary.path("totalErrors").asInt()).isEqualTo(job.path("progress").path("total").asInt());
        JsonNode srs = s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=1").json();
        assertThat(srs.path("totalRecords").asInt()).isEqualTo(created);
    }

    @Test
    void marc8File_isConvertedToUtf8_andImported() throws Exception {
        Path marc8 = Path.of("../shared/data/marc/bib/evergreen-hebrew.marc8.mrc");
        String jobId = importFile("hebrew.mrc", Files.readAllBytes(marc8), CREATE_INSTANCE);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        int created = summary.path("instanceSummary").path("totalCreatedEntities").asInt();
        assertThat(created).isGreaterThan(0);
        JsonNode entry = log(jobId, "").path("entries").get(0);
        String instanceId = entry.path("relatedInstanceInfo").path("idList").get(0).asText();
        JsonNode srs = s.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE").json();
        // Leader/09 says UTF-8 once converted, and the Hebrew text is real Hebrew letters.
        assertThat(srs.path("parsedRecord").path("content").path("leader").asText().charAt(9)).isEqualTo('a');
        assertThat(srs.path("parsedRecord").path("formattedContent").asText()).containsPattern("[\\u0590-\\u05FF]");
    }

    @Test
    void invalidUtf8Record_isRepairedByMarc4j_andImported() throws Exception {
        Path bad = Path.of("../shared/data/marc/edge-cases/pymarc-utf8_invalid.mrc");
        String jobId = importFile("utf8_invalid.mrc", Files.readAllBytes(bad), CREATE_INSTANCE);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        JsonNode entries = log(jobId, "");
        assertThat(entries.path("totalRecords").asInt()).isEqualTo(1);
        String status = entries.path("entries").get(0).path("sourceRecordActionStatus").asText();
        // marc4j's permissive reader repairs the bad byte (MarcFiles' policy), so the record is imported.
        assertThat(status).as(entries.toString()).isEqualTo("CREATED");
        assertThat(entries.path("entries").get(0).path("sourceRecordTitle").asText())
                .startsWith("The coming revolution in teacher licensure");
    }

    @Test
    void local999WithOtherIndicators_isNotTakenForALinkedRecord() throws Exception {
        Record r;
        try (FileInputStream in = new FileInputStream(BIB.toFile())) {
            r = new MarcStreamReader(in, "UTF-8").next();
        }
        MarcFactory f = MarcFactory.newInstance();
        var local = f.newDataField("999", ' ', ' ');
        local.addSubfield(f.newSubfield('i', "local item data"));
        r.addVariableField(local);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MarcStreamWriter w = new MarcStreamWriter(out, "UTF-8");
        w.write(r);
        w.close();
        String jobId = importFile("local999.mrc", out.toByteArray(), CREATE_INSTANCE);
        awaitFinished(jobId);
        assertThat(log(jobId, "").path("entries").get(0).path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
    }

    @Test
    void cancelledJob_stopsBeforeItsNextChunk_andStaysCancelled() throws Exception {
        byte[] one = Files.readAllBytes(BIB);
        ByteArrayOutputStream many = new ByteArrayOutputStream();
        for (int i = 0; i < 30; i++) many.write(one); // 3,000 records
        String jobId = importFile("cancelled.mrc", many.toByteArray(), CREATE_INSTANCE);
        Api.Reply cancel = s.delete("/data-import/jobExecutions/" + jobId + "/cancel");
        assertThat(cancel.status()).as(cancel.body()).isEqualTo(200);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("CANCELLED");
        // The job thread notices before its next chunk and marks the snapshot; a chunk under way finishes first.
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline && !"CANCELLED".equals(
                s.get("/source-storage/snapshots/" + jobId).json().path("status").asText())) Thread.sleep(100);
        assertThat(s.get("/change-manager/jobExecutions/" + jobId).json().path("status").asText()).isEqualTo("CANCELLED");
        int logged = log(jobId, "&limit=1").path("totalRecords").asInt();
        int inSrs = s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=1").json().path("totalRecords").asInt();
        assertThat(s.get("/source-storage/snapshots/" + jobId).json().path("status").asText()).isEqualTo("CANCELLED");
        assertThat(logged).isLessThan(3000).isEqualTo(inSrs).matches(n -> n % 100 == 0, "whole chunks");
    }

    @Test
    void fileGoneFromDisk_jobEndsInError_withCompletedDate() throws Exception {
        JsonNode def = define(s, "vanishing.mrc");
        String defId = def.path("id").asText();
        String fileId = def.path("fileDefinitions").get(0).path("id").asText();
        Api.Reply up = upload(s, defId, fileId, Files.readAllBytes(BIB));
        assertThat(up.status()).as(up.body()).isEqualTo(200);
        Files.delete(org.quire.TestServer.dataDir().resolve(up.json().path("fileDefinitions").get(0)
                .path("sourcePath").asText()));
        Api.Reply r = s.post("/data-import/uploadDefinitions/" + defId + "/processFiles", processBody(up.json(),
                CREATE_INSTANCE));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        String jobId = def.path("fileDefinitions").get(0).path("jobExecutionId").asText();
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("ERROR");
        assertThat(job.path("uiStatus").asText()).isEqualTo("ERROR");
        assertThat(job.path("errorStatus").asText()).isEqualTo("FILE_PROCESSING_ERROR");
        assertThat(job.path("completedDate").asText()).isNotEmpty();
        Thread.sleep(300); // the snapshot follows in its own transaction
        assertThat(s.get("/source-storage/snapshots/" + jobId).json().path("status").asText()).isEqualTo("ERROR");
    }

    @Test
    void malformedRecords_becomeErrorEntries_validOnesAreImported() throws Exception {
        Path bad = Path.of("../shared/data/marc/edge-cases/pymarc-bad_records.mrc");
        String jobId = importFile("bad_records.mrc", Files.readAllBytes(bad), CREATE_INSTANCE);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        int created = summary.path("instanceSummary").path("totalCreatedEntities").asInt();
        int errors = summary.path("totalErrors").asInt();
        assertThat(errors).isGreaterThan(0);
        assertThat(created + errors).isEqualTo(log(jobId, "").path("totalRecords").asInt());
        JsonNode errorEntries = log(jobId, "&errorsOnly=true");
        assertThat(errorEntries.path("totalRecords").asInt()).isEqualTo(errors);
        for (JsonNode e : errorEntries.path("entries")) {
            assertThat(e.path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
            assertThat(e.path("error").asText()).isNotBlank();
        }
        JsonNode srs = s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=1").json();
        assertThat(srs.path("totalRecords").asInt()).isEqualTo(created);
    }

    @Test
    void recordWith999ffi_orFailingInStorage_isDiscarded_theOthersAreImported() throws Exception {
        List<Record> records = new ArrayList<>();
        try (FileInputStream in = new FileInputStream(BIB.toFile())) {
            MarcStreamReader reader = new MarcStreamReader(in, "UTF-8");
            while (reader.hasNext() && records.size() < 4) records.add(reader.next());
        }
        MarcFactory f = MarcFactory.newInstance();
        var ff = f.newDataField("999", 'f', 'f');
        ff.addSubfield(f.newSubfield('i', "6f2e1c29-0c7a-4a5f-9d2b-3b0e1b2f9a11"));
        records.get(1).addVariableField(ff);
        // No 245: no title, which inventory requires; the record fails at write time, alone.
        records.get(3).removeVariableField(records.get(3).getVariableField("245"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MarcStreamWriter w = new MarcStreamWriter(out, "UTF-8");
        records.forEach(w::write);
        w.close();

        String jobId = importFile("three.mrc", out.toByteArray(), CREATE_INSTANCE);
        assertThat(awaitFinished(jobId).path("status").asText()).isEqualTo("COMMITTED");
        JsonNode entries = log(jobId, "").path("entries");
        assertThat(entries).hasSize(4);
        assertThat(entries.get(0).path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
        assertThat(entries.get(1).path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
        assertThat(entries.get(1).path("error").asText()).isEqualTo(
                "A new Instance was not created because the incoming record already contained a 999ff$s or 999ff$i field");
        assertThat(entries.get(2).path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
        assertThat(entries.get(3).path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
        assertThat(entries.get(3).path("error").asText()).containsIgnoringCase("title");
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        assertThat(summary.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo(2);
        assertThat(summary.path("totalErrors").asInt()).isEqualTo(2);
        // Nothing half-imported: only the two created records are in SRS.
        JsonNode srs = s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=10").json();
        assertThat(srs.path("totalRecords").asInt()).isEqualTo(2);
    }

    /**
     * SRM's record-level log (GET /metadata-provider/jobLogEntries/{jobId}/records/{recordId}, the log's record
     * screen): recordProcessingLogDto of a created record (instance, holdings and item of "PTF - Create 2"-like
     * profiles are lists) and of a discarded one, looked up by incoming record id or SRS record id; 404 with SRM's
     * text for an unknown or malformed job or record id, or a record of another job.
     */
    @Test
    void recordLevelLog_createdAndDiscardedRecords_and404s() throws Exception {
        List<Record> records = new ArrayList<>();
        try (FileInputStream in = new FileInputStream(BIB.toFile())) {
            MarcStreamReader reader = new MarcStreamReader(in, "UTF-8");
            while (reader.hasNext() && records.size() < 2) records.add(reader.next());
        }
        MarcFactory f = MarcFactory.newInstance();
        var ff = f.newDataField("999", 'f', 'f');
        ff.addSubfield(f.newSubfield('i', "6f2e1c29-0c7a-4a5f-9d2b-3b0e1b2f9a11"));
        records.get(1).addVariableField(ff);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MarcStreamWriter w = new MarcStreamWriter(out, "UTF-8");
        records.forEach(w::write);
        w.close();
        String jobId = importFile("record-log.mrc", out.toByteArray(), CREATE_INSTANCE);
        assertThat(awaitFinished(jobId).path("status").asText()).isEqualTo("COMMITTED");
        JsonNode entries = log(jobId, "").path("entries");
        JsonNode created = entries.get(0), discarded = entries.get(1);

        Api.Reply r = s.get("/metadata-provider/jobLogEntries/" + jobId + "/records/"
                + created.path("incomingRecordId").asText());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode dto = r.json();
        assertThat(dto.path("jobExecutionId").asText()).isEqualTo(jobId);
        assertThat(dto.path("incomingRecordId").asText()).isEqualTo(created.path("incomingRecordId").asText());
        assertThat(dto.path("sourceRecordId").asText()).isEqualTo(created.path("sourceRecordId").asText());
        assertThat(dto.path("sourceRecordOrder").isInt()).isTrue();
        assertThat(dto.path("sourceRecordOrder").asInt()).isZero();
        assertThat(dto.path("sourceRecordTitle").asText()).isEqualTo(created.path("sourceRecordTitle").asText())
                .isNotBlank();
        assertThat(dto.path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
        assertThat(dto.has("error")).isFalse();
        JsonNode instance = dto.path("relatedInstanceInfo");
        assertThat(instance.path("actionStatus").asText()).isEqualTo("CREATED");
        String instanceId = instance.path("idList").get(0).asText();
        assertThat(s.get("/instance-storage/instances/" + instanceId).json().path("hrid").asText())
                .isEqualTo(instance.path("hridList").get(0).asText());
        assertThat(dto.path("relatedHoldingsInfo").isArray()).isTrue();
        assertThat(dto.path("relatedItemInfo").isArray()).isTrue();
        assertThat(dto.path("relatedAuthorityInfo").path("idList").isArray()).isTrue();
        assertThat(dto.path("relatedAuthorityInfo").path("idList")).isEmpty();
        // The SRS record's id finds the same record (SRM before incoming records keyed the journal by it).
        assertThat(s.get("/metadata-provider/jobLogEntries/" + jobId + "/records/"
                + created.path("sourceRecordId").asText()).json()).isEqualTo(dto);

        JsonNode d = s.get("/metadata-provider/jobLogEntries/" + jobId + "/records/"
                + discarded.path("incomingRecordId").asText()).json();
        assertThat(d.path("sourceRecordOrder").asInt()).isEqualTo(1);
        assertThat(d.path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
        assertThat(d.path("error").asText()).isEqualTo(
                "A new Instance was not created because the incoming record already contained a 999ff$s or 999ff$i field");
        assertThat(d.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("DISCARDED");

        String otherJob = importFile("record-log-2.mrc", out.toByteArray(), CREATE_INSTANCE);
        awaitFinished(otherJob);
        String notFound = "Can`t find record with specific jobExecutionId and recordId";
        for (String path : List.of(jobId + "/records/" + java.util.UUID.randomUUID(),
                java.util.UUID.randomUUID() + "/records/" + created.path("incomingRecordId").asText(),
                otherJob + "/records/" + created.path("incomingRecordId").asText(),
                jobId + "/records/not-a-uuid", "not-a-uuid/records/" + created.path("incomingRecordId").asText())) {
            Api.Reply miss = s.get("/metadata-provider/jobLogEntries/" + path);
            assertThat(miss.status()).as(path).isEqualTo(404);
            assertThat(miss.body()).as(path).contains(notFound);
        }
    }

    @Test
    void malformedProcessFiles_answer4xx() throws IOException {
        JsonNode def = define(s, "not-uploaded.mrc");
        String defId = def.path("id").asText();
        String path = "/data-import/uploadDefinitions/" + defId + "/processFiles?defaultMapping=false";

        Api.Reply badJson = s.api().send("POST", path, "{not json", s.tenant(), s.token());
        assertThat(badJson.status()).isEqualTo(400);

        Api.Reply noProfile = s.post(path, Json.object().set("uploadDefinition", def));
        assertThat(noProfile.status()).as(noProfile.body()).isEqualTo(422);
        assertThat(noProfile.json().path("errors").get(0).path("message").asText()).contains("must not be null");

        Api.Reply badProfileId = s.post(path, processBody(def, "not-a-uuid"));
        assertThat(badProfileId.status()).as(badProfileId.body()).isEqualTo(422);

        String unknown = "0b9c5d2e-1f3a-4e6b-8c7d-9a0b1c2d3e4f";
        Api.Reply unknownProfile = s.post(path, processBody(def, unknown));
        assertThat(unknownProfile.status()).as(unknownProfile.body()).isEqualTo(404);
        assertThat(unknownProfile.body()).contains(unknown);

        Api.Reply notUploaded = s.post(path, processBody(def, CREATE_INSTANCE));
        assertThat(notUploaded.status()).as(notUploaded.body()).isEqualTo(422);
        assertThat(notUploaded.json().path("errors").get(0).path("message").asText())
                .contains("not-uploaded.mrc is not uploaded");
        JsonNode job = s.get("/change-manager/jobExecutions/" + def.path("fileDefinitions").get(0)
                .path("jobExecutionId").asText()).json();
        assertThat(job.path("status").asText()).isEqualTo("NEW");

        Api.Reply unknownDef = s.post("/data-import/uploadDefinitions/" + unknown + "/processFiles",
                processBody(def, CREATE_INSTANCE));
        assertThat(unknownDef.status()).as(unknownDef.body()).isEqualTo(404);
        assertThat(unknownDef.body()).contains("Upload Definition with id '" + unknown + "' not found");
        Api.Reply badDef = s.post("/data-import/uploadDefinitions/nope/processFiles", processBody(def, CREATE_INSTANCE));
        assertThat(badDef.status()).isEqualTo(404);
    }

    // ---- the PTF's "PTF - Create 3" shape: instance + holdings + item ------------------------------------------

    static final String P = "/data-import-profiles/";

    static String createProfile(String kind, ObjectNode profile, ObjectNode... relations) {
        ObjectNode dto = Json.object();
        dto.set("profile", profile);
        for (ObjectNode r : relations) dto.withArray("addedRelations").add(r);
        dto.putArray("deletedRelations");
        Api.Reply r = s.post(P + kind, dto);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode rel(String masterType, String detailId, String detailType, int order) {
        return Json.object().putNull("masterProfileId").put("masterProfileType", masterType)
                .put("detailProfileId", detailId).put("detailProfileType", detailType).put("order", order);
    }

    static ObjectNode mappingField(String name, String path, String value) {
        ObjectNode f = Json.object().put("name", name).put("enabled", "true").put("path", path).put("value", value);
        f.putArray("subfields");
        return f;
    }

    static ObjectNode mappingProfile(String name, String record, ObjectNode... fields) {
        ObjectNode m = Json.object().put("name", name).put("incomingRecordType", "MARC_BIBLIOGRAPHIC")
                .put("existingRecordType", record);
        ObjectNode details = m.putObject("mappingDetails").put("name", record.toLowerCase()).put("recordType", record);
        for (ObjectNode f : fields) details.withArray("mappingFields").add(f);
        return m;
    }

    static String action(String name, String record, String mappingId) {
        return createProfile("actionProfiles", Json.object().put("name", name).put("action", "CREATE")
                .put("folioRecord", record), rel("ACTION_PROFILE", mappingId, "MAPPING_PROFILE", 0));
    }

    @Test
    void ptfCreate3Profile_createsInstanceHoldingsAndItemWithMappedValues() throws Exception {
        String tag = java.util.UUID.randomUUID().toString().substring(0, 8);
        ObjectNode note = mappingField("notes", "item.notes[]", "");
        ObjectNode noteFields = ((com.fasterxml.jackson.databind.node.ArrayNode) note.get("subfields")).addObject()
                .put("order", 0).put("path", "item.notes[]");
        noteFields.withArray("fields").add(mappingField("itemNoteTypeId", "item.notes[].itemNoteTypeId", "\"Note\""));
        noteFields.withArray("fields").add(mappingField("note", "item.notes[].note", "\"PTF note\""));
        noteFields.withArray("fields").add(mappingField("staffOnly", "item.notes[].staffOnly", "")
                .put("booleanFieldAction", "ALL_FALSE"));
        ObjectNode statisticalCode = mappingField("statisticalCodeIds", "instance.statisticalCodeIds[]", "");
        ((com.fasterxml.jackson.databind.node.ArrayNode) statisticalCode.get("subfields")).addObject().put("order", 0)
                .put("path", "instance.statisticalCodeIds[]").withArray("fields").add(mappingField(
                        "statisticalCodeId", "instance.statisticalCodeIds[]",
                        "\"ARL (Collection stats): books - Book, print (books)\""));
        String instanceAct = action("PTF instance " + tag, "INSTANCE", createProfile("mappingProfiles",
                mappingProfile("PTF instance " + tag, "INSTANCE",
                        mappingField("catalogedDate", "instance.catalogedDate", "###TODAY###"),
                        mappingField("statusId", "instance.statusId", "\"Cataloged\""), statisticalCode)));
        String holdingsAct = action("PTF holdings " + tag, "HOLDINGS", createProfile("mappingProfiles",
                mappingProfile("PTF holdings " + tag, "HOLDINGS",
                        mappingField("holdingsTypeId", "holdings.holdingsTypeId", "\"Monograph\""),
                        mappingField("permanentLocationId", "holdings.permanentLocationId",
                                "\"Main Library (KU/CC/DI/M)\""),
                        mappingField("callNumberTypeId", "holdings.callNumberTypeId",
                                "\"Library of Congress classification\""),
                        mappingField("callNumber", "holdings.callNumber", "050$a \" \" 050$b"))));
        String itemAct = action("PTF item " + tag, "ITEM", createProfile("mappingProfiles",
                mappingProfile("PTF item " + tag, "ITEM",
                        mappingField("materialType.id", "item.materialType.id", "\"book\""),
                        mappingField("permanentLoanType.id", "item.permanentLoanType.id", "\"Can circulate\""),
                        mappingField("status.name", "item.status.name", "\"Available\""), note)));
        String profileId = createProfile("jobProfiles", Json.object().put("name", "PTF - Create 3 " + tag)
                        .put("dataType", "MARC"),
                rel("JOB_PROFILE", instanceAct, "ACTION_PROFILE", 0),
                rel("JOB_PROFILE", holdingsAct, "ACTION_PROFILE", 1),
                rel("JOB_PROFILE", itemAct, "ACTION_PROFILE", 2));

        String jobId = importFile("ptf_bib_Create.mrc", Files.readAllBytes(BIB), profileId);
        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        assertThat(summary.path("totalErrors").asInt()).as(log(jobId, "&errorsOnly=true").toString()).isZero();
        assertThat(summary.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo(100);
        assertThat(summary.path("holdingSummary").path("totalCreatedEntities").asInt()).isEqualTo(100);
        assertThat(summary.path("itemSummary").path("totalCreatedEntities").asInt()).isEqualTo(100);

        JsonNode entry = log(jobId, "").path("entries").get(0);
        String instanceId = entry.path("relatedInstanceInfo").path("idList").get(0).asText();
        String holdingsId = entry.path("relatedHoldingsInfo").get(0).path("id").asText();
        String itemId = entry.path("relatedItemInfo").get(0).path("id").asText();
        assertThat(entry.path("relatedItemInfo").get(0).path("holdingsId").asText()).isEqualTo(holdingsId);

        JsonNode instance = s.get("/instance-storage/instances/" + instanceId).json();
        assertThat(instance.path("catalogedDate").asText()).isEqualTo(java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString());
        assertThat(instance.path("statusId").asText()).matches("[0-9a-f-]{36}");
        String books = s.get("/statistical-codes", "code==\"books\"").json().path("statisticalCodes").get(0).path("id").asText();
        assertThat(instance.path("statisticalCodeIds").get(0).asText()).isEqualTo(books);
        JsonNode holdings = s.get("/holdings-storage/holdings/" + holdingsId).json();
        assertThat(holdings.path("instanceId").asText()).isEqualTo(instanceId);
        assertThat(holdings.path("hrid").asText()).isEqualTo(entry.path("relatedHoldingsInfo").get(0).path("hrid").asText());
        String mainLibrary = s.get("/locations", "code==\"KU/CC/DI/M\"").json().path("locations").get(0).path("id").asText();
        assertThat(holdings.path("permanentLocationId").asText()).isEqualTo(mainLibrary);
        assertThat(holdings.path("holdingsTypeId").asText()).matches("[0-9a-f-]{36}");
        assertThat(holdings.path("callNumberTypeId").asText()).matches("[0-9a-f-]{36}");
        JsonNode marc = s.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE").json()
                .path("parsedRecord").path("content");
        String a = subfield(marc, "050", "a"), b = subfield(marc, "050", "b");
        if (a != null) assertThat(holdings.path("callNumber").asText()).isEqualTo((a + " " + (b == null ? "" : b)).strip());
        JsonNode item = s.get("/item-storage/items/" + itemId).json();
        assertThat(item.path("holdingsRecordId").asText()).isEqualTo(holdingsId);
        assertThat(item.path("status").path("name").asText()).isEqualTo("Available");
        assertThat(item.path("materialTypeId").asText()).matches("[0-9a-f-]{36}");
        assertThat(item.path("permanentLoanTypeId").asText()).matches("[0-9a-f-]{36}");
        assertThat(item.path("notes").get(0).path("note").asText()).isEqualTo("PTF note");
        assertThat(item.path("notes").get(0).path("staffOnly").asBoolean(true)).isFalse();
        assertThat(item.path("notes").get(0).path("itemNoteTypeId").asText()).matches("[0-9a-f-]{36}");
    }
}
