package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.RawHttp;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.tenancy.Tenants;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.dataimport.DataImportClient.UI_QUERY;
import static org.quire.dataimport.DataImportClient.define;
import static org.quire.dataimport.DataImportClient.job;
import static org.quire.dataimport.DataImportClient.upload;

/**
 * The Data import app's and PTF's sequence up to the upload (folio-catalogue-api.md §3.1): split status, the UI's
 * definition query, definitions with their jobs, the upload of a real MARC file (streamed to disk, byte for byte),
 * statuses, file extensions, deletes and cancelling — and malformed input everywhere.
 */
class DataImportUploadTest {
    static final Path MARC = Path.of("../shared/data/marc/bib/folio-cornell-exemplars.mrc");
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("data_import");
    }

    @Test
    void splitStatus_isFalse_soTheUiUploadsInOnePost() {
        Api.Reply r = s.get("/data-import/splitStatus");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("splitStatus").isBoolean()).isTrue();
        assertThat(r.json().path("splitStatus").asBoolean()).isFalse();
    }

    @Test
    void uiSequence_defineUploadARealMarcFile_fileOnDiskByteForByte_statusesMove() throws IOException {
        byte[] marc = Files.readAllBytes(MARC);
        JsonNode ext = s.get("/data-import/fileExtensions", "extension==\".mrc\"").json();
        assertThat(ext.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(ext.path("fileExtensions").get(0).path("importBlocked").asBoolean()).isFalse();
        assertThat(ext.path("fileExtensions").get(0).path("dataTypes").get(0).asText()).isEqualTo("MARC");

        JsonNode def = define(s, "folio-cornell-exemplars.mrc");
        String id = def.path("id").asText();
        JsonNode file = def.path("fileDefinitions").get(0);
        assertThat(def.path("status").asText()).isEqualTo("NEW");
        assertThat(def.path("createDate").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*\\+00:00");
        assertThat(def.path("metadata").path("createdDate").isMissingNode()).isFalse();
        assertThat(file.path("name").asText()).isEqualTo("folio-cornell-exemplars.mrc");
        assertThat(file.path("status").asText()).isEqualTo("NEW");
        assertThat(file.path("uploadDefinitionId").asText()).isEqualTo(id);
        assertThat(file.path("uiKey").asText()).startsWith("folio-cornell-exemplars.mrc");
        assertThat(file.path("size").asInt()).isEqualTo(2);
        // One file: one PARENT_SINGLE job, its own parent, which is the definition's meta job (SRM).
        String jobId = file.path("jobExecutionId").asText();
        assertThat(def.path("metaJobExecutionId").asText()).isEqualTo(jobId);
        JsonNode job = job(s, jobId);
        assertThat(job.path("subordinationType").asText()).isEqualTo("PARENT_SINGLE");
        assertThat(job.path("parentJobId").asText()).isEqualTo(jobId);
        assertThat(job.path("status").asText()).isEqualTo("NEW");
        assertThat(job.path("uiStatus").asText()).isEqualTo("INITIALIZATION");
        assertThat(job.path("hrId").isIntegralNumber()).isTrue();
        assertThat(job.path("fileName").asText()).isEqualTo("folio-cornell-exemplars.mrc");
        assertThat(job.path("sourcePath").asText()).isEqualTo("folio-cornell-exemplars.mrc");
        assertThat(job.path("progress").path("jobExecutionId").asText()).isEqualTo(jobId);
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(100);
        assertThat(job.path("startedDate").asText()).isNotEmpty();
        assertThat(job.has("completedDate")).isFalse();
        assertThat(job.path("runBy").isObject()).isTrue();

        // The UI's query finds it (the caller's own definitions, newest first).
        JsonNode listed = s.get("/data-import/uploadDefinitions?limit=1", UI_QUERY).json();
        assertThat(listed.path("uploadDefinitions").get(0).path("id").asText()).isEqualTo(id);

        Api.Reply up = upload(s, id, file.path("id").asText(), marc);
        assertThat(up.status()).as(up.body()).isEqualTo(200);
        JsonNode loaded = up.json();
        assertThat(loaded.path("status").asText()).isEqualTo("LOADED");
        JsonNode uploaded = loaded.path("fileDefinitions").get(0);
        assertThat(uploaded.path("status").asText()).isEqualTo("UPLOADED");
        assertThat(uploaded.path("uploadedDate").asText()).isNotEmpty();
        String sourcePath = uploaded.path("sourcePath").asText();
        assertThat(sourcePath).isEqualTo("data-import/data_import/" + id + "/" + file.path("id").asText()
                + "/folio-cornell-exemplars.mrc");
        assertThat(Files.readAllBytes(TestServer.dataDir().resolve(sourcePath))).isEqualTo(marc);
        assertThat(s.get("/data-import/uploadDefinitions/" + id).json()).isEqualTo(loaded);
        JsonNode after = job(s, jobId);
        assertThat(after.path("status").asText()).isEqualTo("FILE_UPLOADED");
        assertThat(after.path("uiStatus").asText()).isEqualTo("INITIALIZATION");
        assertThat(s.get("/data-import/uploadDefinitions?limit=1", UI_QUERY).json().path("uploadDefinitions").get(0)
                .path("id").asText()).isEqualTo(id);
    }

    @Test
    void severalFiles_aParentMultipleJobWithAChildPerFile() {
        JsonNode def = define(s, "a.mrc", "b.mrc");
        String parent = def.path("metaJobExecutionId").asText();
        JsonNode p = job(s, parent);
        assertThat(p.path("subordinationType").asText()).isEqualTo("PARENT_MULTIPLE");
        assertThat(p.path("status").asText()).isEqualTo("PARENT");
        assertThat(p.path("uiStatus").asText()).isEqualTo("PARENT");
        JsonNode children = s.get("/change-manager/jobExecutions/" + parent + "/children").json();
        assertThat(children.path("totalRecords").asInt()).isEqualTo(2);
        assertThat(DataImportClient.texts(children.path("jobExecutions"), "subordinationType"))
                .containsExactly("CHILD", "CHILD");
        assertThat(DataImportClient.texts(children.path("jobExecutions"), "fileName"))
                .containsExactlyInAnyOrder("a.mrc", "b.mrc");
        assertThat(DataImportClient.texts(children.path("jobExecutions"), "id")).containsExactlyInAnyOrder(
                def.path("fileDefinitions").get(0).path("jobExecutionId").asText(),
                def.path("fileDefinitions").get(1).path("jobExecutionId").asText());
        // A child job has no children; the lists leave PARENT_MULTIPLE jobs out (SRM's JobExecutionDaoImpl).
        String child = children.path("jobExecutions").get(0).path("id").asText();
        assertThat(s.get("/change-manager/jobExecutions/" + child + "/children").json().path("totalRecords").asInt())
                .isZero();
        JsonNode list = s.get("/metadata-provider/jobExecutions?limit=1000").json();
        assertThat(DataImportClient.texts(list.path("jobExecutions"), "id")).contains(child).doesNotContain(parent);
    }

    @Test
    void blockedExtension_is422_perFile_withTheFileNameAsCode() {
        Api.Reply r = s.post("/data-import/uploadDefinitions", Json.parse(
                "{\"fileDefinitions\":[{\"name\":\"cover.JPG\"},{\"name\":\"ok.mrc\"},{\"name\":\"x.zip\"}]}"));
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText())
                .isEqualTo("validation.uploadDefinition.fileExtension.blocked");
        assertThat(DataImportClient.texts(r.json().path("errors"), "code")).containsExactly("cover.JPG", "x.zip");
        assertThat(r.json().path("total_records").asInt()).isEqualTo(2);
    }

    @Test
    void uploadsOverTheBodyLimit_streamToDisk_andOtherRoutesStayLimited() throws Exception {
        long size = 24L * 1024 * 1024 + 7; // over QUIRE_MAX_BODY_BYTES (10 MB), sent chunked
        JsonNode def = define(s, "big.mrc");
        String id = def.path("id").asText(), fileId = def.path("fileDefinitions").get(0).path("id").asText();
        Api.Reply r = upload(s, id, fileId, DataImportClient.generated(size, 42));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        Path stored = TestServer.dataDir().resolve(r.json().path("fileDefinitions").get(0).path("sourcePath").asText());
        assertThat(Files.size(stored)).isEqualTo(size);
        assertThat(sha256(Files.newInputStream(stored))).isEqualTo(sha256(new DataImportClient.Generated(size, 42)));
        assertThat(Files.list(stored.getParent()).map(p -> p.getFileName().toString()).toList())
                .containsExactly("big.mrc"); // no .part left behind

        // An empty body is refused and keeps the uploaded file; a JSON route still refuses a chunked body over the
        // limit as it reads it.
        assertThat(upload(s, id, fileId, HttpRequest.BodyPublishers.noBody()).status()).isEqualTo(400);
        assertThat(Files.size(stored)).isEqualTo(size);
        RawHttp.Answer a = RawHttp.send(TestServer.get().port(), chunked("/instance-storage/instances",
                11 * 1024 * 1024), 10_000);
        assertThat(a.status()).isEqualTo(413);
        assertThat(a.body()).contains("Request body too large: at most 10485760 bytes are accepted");
    }

    @Test
    void uploadOverItsOwnLimit_is413_beforeReading() {
        JsonNode def = define(s, "huge.mrc");
        String path = "/data-import/uploadDefinitions/" + def.path("id").asText() + "/files/"
                + def.path("fileDefinitions").get(0).path("id").asText();
        RawHttp.Answer a = RawHttp.send(TestServer.get().port(), ("POST " + path + " HTTP/1.1\r\nHost: x\r\n"
                + "X-Okapi-Tenant: " + s.tenant() + "\r\nX-Okapi-Token: " + s.token() + "\r\n"
                + "Content-Type: application/octet-stream\r\nContent-Length: " + (11L << 30) + "\r\n"
                + "Connection: close\r\n\r\nabc").getBytes(StandardCharsets.ISO_8859_1), 10_000);
        assertThat(a.status()).isEqualTo(413);
        assertThat(a.body()).contains("at most " + (10L << 30) + " bytes");
        assertThat(s.get("/data-import/uploadDefinitions/" + def.path("id").asText()).json()
                .path("fileDefinitions").get(0).path("status").asText()).isEqualTo("NEW");
    }

    /**
     * A file larger than the test JVM's whole heap (-Xmx2g) uploads: the body is never held in memory. Slow and
     * 2.5 GB of disk, so run on demand: -Dquire.test.hugeUpload=true.
     */
    @Test
    @EnabledIfSystemProperty(named = "quire.test.hugeUpload", matches = "true")
    void uploadLargerThanTheHeap() throws IOException {
        long size = 2_500L * 1024 * 1024;
        assertThat(size).isGreaterThan(Runtime.getRuntime().maxMemory());
        JsonNode def = define(s, "larger-than-heap.mrc");
        Api.Reply r = upload(s, def.path("id").asText(), def.path("fileDefinitions").get(0).path("id").asText(),
                DataImportClient.generated(size, 7));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        Path stored = TestServer.dataDir().resolve(r.json().path("fileDefinitions").get(0).path("sourcePath").asText());
        assertThat(Files.size(stored)).isEqualTo(size);
        Files.delete(stored);
    }

    @Test
    void deleteFile_discardsItsJob_removesTheFile_thenDeleteDefinition() throws IOException {
        JsonNode def = define(s, "one.mrc", "two.mrc");
        String id = def.path("id").asText();
        JsonNode one = def.path("fileDefinitions").get(0), two = def.path("fileDefinitions").get(1);
        Api.Reply up = upload(s, id, one.path("id").asText(), "record".getBytes(StandardCharsets.UTF_8));
        assertThat(up.json().path("status").asText()).isEqualTo("IN_PROGRESS"); // one of two files uploaded
        Path stored = TestServer.dataDir().resolve(up.json().path("fileDefinitions").get(0).path("sourcePath").asText());
        assertThat(stored).exists();

        Api.Reply del = s.delete("/data-import/uploadDefinitions/" + id + "/files/" + one.path("id").asText());
        assertThat(del.status()).as(del.body()).isEqualTo(204);
        assertThat(stored).doesNotExist();
        assertThat(job(s, one.path("jobExecutionId").asText()).path("status").asText()).isEqualTo("DISCARDED");
        assertThat(job(s, one.path("jobExecutionId").asText()).path("completedDate").asText()).isNotEmpty();
        JsonNode left = s.get("/data-import/uploadDefinitions/" + id).json();
        assertThat(DataImportClient.texts(left.path("fileDefinitions"), "name")).containsExactly("two.mrc");
        assertThat(s.delete("/data-import/uploadDefinitions/" + id + "/files/" + one.path("id").asText()).status())
                .isEqualTo(404);

        assertThat(s.delete("/data-import/uploadDefinitions/" + id).status()).isEqualTo(204);
        assertThat(s.get("/data-import/uploadDefinitions/" + id).status()).isEqualTo(404);
        assertThat(job(s, two.path("jobExecutionId").asText()).path("status").asText()).isEqualTo("DISCARDED");
        assertThat(TestServer.dataDir().resolve("data-import/data_import/" + id)).doesNotExist();
        Api.Reply again = s.delete("/data-import/uploadDefinitions/" + id);
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.body()).isEqualTo("UploadDefinition with id '" + id + "' was not found");
    }

    @Test
    void aDefinitionWhoseJobHasStarted_cannotBeDeletedNorUploadedAgain() {
        JsonNode def = define(s, "started.mrc");
        String id = def.path("id").asText();
        UUID jobId = UUID.fromString(def.path("fileDefinitions").get(0).path("jobExecutionId").asText());
        // The pipeline's store call moves the job on.
        TestServer.get().database().tx(c -> DataImportStore.updateStatus(c, Tenants.schema("data_import"),
                List.of(jobId), JobStatus.PARSING_IN_PROGRESS, null));
        assertThat(job(s, jobId.toString()).path("uiStatus").asText()).isEqualTo("RUNNING");
        Api.Reply del = s.delete("/data-import/uploadDefinitions/" + id);
        assertThat(del.status()).isEqualTo(400);
        assertThat(del.body()).isEqualTo("Cannot delete uploadDefinition " + id
                + " - linked files are already being processed");
        Api.Reply up = upload(s, id, def.path("fileDefinitions").get(0).path("id").asText(), new byte[]{1});
        assertThat(up.status()).isEqualTo(400);
        assertThat(up.body()).contains("PARSING_IN_PROGRESS");
    }

    @Test
    void putKeepsTheFileDefinitions_addFileAddsOne() {
        JsonNode def = define(s, "put.mrc");
        String id = def.path("id").asText();
        var body = (com.fasterxml.jackson.databind.node.ObjectNode) def.deepCopy();
        body.put("status", "IN_PROGRESS");
        body.putArray("fileDefinitions"); // ignored: files are changed through their own routes
        Api.Reply put = s.put("/data-import/uploadDefinitions/" + id, body);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(put.json().path("fileDefinitions").size()).isEqualTo(1);

        Api.Reply add = s.post("/data-import/uploadDefinitions/" + id + "/files", Json.object().put("name", "more.mrc"));
        assertThat(add.status()).as(add.body()).isEqualTo(201);
        assertThat(DataImportClient.texts(add.json().path("fileDefinitions"), "name")).containsExactly("put.mrc",
                "more.mrc");
        assertThat(add.json().path("fileDefinitions").get(1).path("status").asText()).isEqualTo("NEW");
    }

    @Test
    void cancel_movesUnfinishedJobsToCancelled() {
        JsonNode def = define(s, "c1.mrc", "c2.mrc");
        String parent = def.path("metaJobExecutionId").asText();
        String child = def.path("fileDefinitions").get(0).path("jobExecutionId").asText();
        Api.Reply r = s.delete("/data-import/jobExecutions/" + parent + "/cancel");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("ok").asBoolean()).isTrue();
        assertThat(job(s, child).path("status").asText()).isEqualTo("CANCELLED");
        assertThat(job(s, child).path("uiStatus").asText()).isEqualTo("CANCELLED");
        assertThat(job(s, child).path("completedDate").asText()).isNotEmpty();
        assertThat(job(s, parent).path("status").asText()).isEqualTo("PARENT");
        assertThat(s.delete("/data-import/jobExecutions/" + UUID.randomUUID() + "/cancel").status()).isEqualTo(404);
        assertThat(s.delete("/data-import/jobExecutions/not-a-uuid/cancel").status()).isEqualTo(404);
    }

    @Test
    void fileExtensions_crud_validation_restore() {
        Api.Reply all = s.get("/data-import/fileExtensions?limit=100");
        assertThat(all.json().path("totalRecords").asInt()).isEqualTo(13);
        assertThat(DataImportClient.texts(all.json().path("fileExtensions"), "extension")).containsExactly(".dat",
                ".edi", ".gif", ".inv", ".jpg", ".marc", ".mrc", ".mrk", ".ord", ".pdf", ".png", ".xml", ".zip");

        Api.Reply created = s.post("/data-import/fileExtensions", Json.parse(
                "{\"extension\":\".mrc8\",\"importBlocked\":false,\"dataTypes\":[\"MARC\"],\"description\":\"d\"}"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.json().path("userInfo").path("userName").asText()).isEqualTo("data_import_admin");
        assertThat(created.header("Location").orElseThrow()).endsWith("/data-import/fileExtensions/" + id);

        Api.Reply dup = s.post("/data-import/fileExtensions", Json.parse("{\"extension\":\".MRC8\",\"importBlocked\":true}"));
        assertThat(dup.status()).isEqualTo(422);
        assertThat(dup.json().path("errors").get(0).path("message").asText()).isEqualTo("fileExtension.duplication.invalid");
        assertThat(dup.json().path("total_records").asInt()).isEqualTo(1);
        for (String bad : List.of("mrc", ".m.rc", ".", "", ".a b")) {
            Api.Reply r = s.post("/data-import/fileExtensions", Json.object().put("extension", bad).put("importBlocked", true));
            assertThat(r.status()).as(bad).isEqualTo(422);
            assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("fileExtension.extension.invalid");
        }
        Api.Reply put = s.put("/data-import/fileExtensions/" + id, Json.parse("{\"extension\":\".mrc8\",\"importBlocked\":true}"));
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("importBlocked").asBoolean()).isTrue();
        assertThat(s.get("/data-import/fileExtensions/" + id).json().path("importBlocked").asBoolean()).isTrue();
        // Now blocked: a definition with such a file is refused.
        assertThat(s.post("/data-import/uploadDefinitions", Json.parse("{\"fileDefinitions\":[{\"name\":\"x.mrc8\"}]}"))
                .status()).isEqualTo(422);
        assertThat(s.put("/data-import/fileExtensions/" + id, Json.parse("{\"extension\":\".mrc\",\"importBlocked\":true}"))
                .status()).isEqualTo(422);

        Api.Reply restored = s.post("/data-import/fileExtensions/restore/default", Json.object());
        assertThat(restored.status()).as(restored.body()).isEqualTo(200);
        assertThat(restored.json().path("totalRecords").asInt()).isEqualTo(13);
        assertThat(s.get("/data-import/fileExtensions/" + id).status()).isEqualTo(404);
        Api.Reply gone = s.delete("/data-import/fileExtensions/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("FileExtension with id '" + id + "' was not found");
        String mrc = s.get("/data-import/fileExtensions", "extension==\".mrc\"").json().path("fileExtensions").get(0)
                .path("id").asText();
        assertThat(mrc).isEqualTo("f445092c-94b8-408a-a9f1-5edd8b5919c9"); // FOLIO's id
        assertThat(s.delete("/data-import/fileExtensions/" + mrc).status()).isEqualTo(204);
        assertThat(s.post("/data-import/fileExtensions/restore/default", Json.object()).json().path("totalRecords")
                .asInt()).isEqualTo(13);
    }

    @Test
    void malformedInput_is4xx_withAReason() {
        String unknown = UUID.randomUUID().toString();
        // bad JSON, wrong types, missing name, no files
        assertThat(s.api().send("POST", "/data-import/uploadDefinitions", "{\"fileDefinitions\":[", s.tenant(), s.token())
                .status()).isEqualTo(400);
        Api.Reply noFiles = s.post("/data-import/uploadDefinitions", Json.object());
        assertThat(noFiles.status()).isEqualTo(422);
        assertThat(s.post("/data-import/uploadDefinitions", Json.parse("{\"fileDefinitions\":[]}")).status()).isEqualTo(422);
        assertThat(s.post("/data-import/uploadDefinitions", Json.parse("{\"fileDefinitions\":{}}")).status()).isEqualTo(400);
        assertThat(s.post("/data-import/uploadDefinitions", Json.parse("{\"fileDefinitions\":[1]}")).status()).isEqualTo(400);
        Api.Reply noName = s.post("/data-import/uploadDefinitions", Json.parse("{\"fileDefinitions\":[{\"size\":1}]}"));
        assertThat(noName.status()).isEqualTo(422);
        assertThat(noName.json().path("errors").get(0).path("message").asText()).isEqualTo("must not be null");
        assertThat(noName.json().path("errors").get(0).path("parameters").get(0).path("key").asText())
                .isEqualTo("fileDefinitions[0].name");
        assertThat(s.post("/data-import/uploadDefinitions", Json.parse(
                "{\"fileDefinitions\":[{\"name\":\"a.mrc\",\"size\":\"big\"}]}")).status()).isEqualTo(400);
        assertThat(s.post("/data-import/uploadDefinitions", Json.parse(
                "{\"fileDefinitions\":[{\"name\":{\"x\":1}}]}")).status()).isEqualTo(400);
        // bad and unknown ids
        Api.Reply badId = s.get("/data-import/uploadDefinitions/not-a-uuid");
        assertThat(badId.status()).isEqualTo(404);
        Api.Reply unknownDef = s.get("/data-import/uploadDefinitions/" + unknown);
        assertThat(unknownDef.status()).isEqualTo(404);
        assertThat(unknownDef.body()).isEqualTo("Upload Definition with id '" + unknown + "' not found");
        assertThat(s.put("/data-import/uploadDefinitions/" + unknown, Json.object()).status()).isEqualTo(404);
        assertThat(s.post("/data-import/uploadDefinitions/" + unknown + "/files", Json.object().put("name", "a.mrc"))
                .status()).isEqualTo(404);
        assertThat(s.delete("/data-import/uploadDefinitions/" + unknown + "/files/" + unknown).status()).isEqualTo(404);
        assertThat(s.get("/change-manager/jobExecutions/" + unknown).status()).isEqualTo(404);
        assertThat(s.get("/change-manager/jobExecutions/" + unknown).body())
                .isEqualTo("JobExecution with id '" + unknown + "' was not found");
        assertThat(s.get("/change-manager/jobExecutions/nope").status()).isEqualTo(404);
        assertThat(s.get("/change-manager/jobExecutions/" + unknown + "/children").status()).isEqualTo(404);
        assertThat(s.get("/data-import/fileExtensions/nope").status()).isEqualTo(404);
        // bad CQL, bad paging
        assertThat(s.get("/data-import/uploadDefinitions", "status==(").status()).isEqualTo(400);
        assertThat(s.get("/data-import/uploadDefinitions", "nosuchfield==x").status()).isEqualTo(400);
        assertThat(s.get("/data-import/uploadDefinitions?limit=-1").status()).isEqualTo(400);
        assertThat(s.get("/data-import/fileExtensions", "extension==(").status()).isEqualTo(400);
        // PUT with a status outside the enum
        JsonNode def = define(s, "malformed.mrc");
        String id = def.path("id").asText(), fileId = def.path("fileDefinitions").get(0).path("id").asText();
        assertThat(s.put("/data-import/uploadDefinitions/" + id, Json.object().put("status", "DONE")).status())
                .isEqualTo(400);
        // uploads: unknown definition, unknown or malformed file id, empty body
        assertThat(upload(s, unknown, fileId, new byte[]{1}).status()).isEqualTo(404);
        Api.Reply unknownFile = upload(s, id, unknown, new byte[]{1});
        assertThat(unknownFile.status()).isEqualTo(404);
        assertThat(unknownFile.body()).isEqualTo("FileDefinition not found. FileDefinition ID: " + unknown);
        assertThat(upload(s, id, "not-a-uuid", new byte[]{1}).status()).isEqualTo(404);
        Api.Reply empty = upload(s, id, fileId, new byte[0]);
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.body()).contains("empty");
        JsonNode still = s.get("/data-import/uploadDefinitions/" + id).json();
        assertThat(still.path("status").asText()).isEqualTo("NEW");
        assertThat(still.path("fileDefinitions").get(0).path("status").asText()).isEqualTo("NEW");
        assertThat(job(s, def.path("metaJobExecutionId").asText()).path("status").asText()).isEqualTo("NEW");
        // file extensions: bad JSON, missing importBlocked
        assertThat(s.api().send("POST", "/data-import/fileExtensions", "[", s.tenant(), s.token()).status())
                .isEqualTo(400);
        assertThat(s.post("/data-import/fileExtensions", Json.object().put("extension", ".abc")).status())
                .isEqualTo(422);
    }

    @Test
    void anotherTenant_seesNoneOfTheDefinitions() {
        JsonNode def = define(s, "mine.mrc");
        Api.Session other = Fixtures.referenceOnlyTenant("data_import_other");
        assertThat(other.get("/data-import/uploadDefinitions/" + def.path("id").asText()).status()).isEqualTo(404);
        JsonNode listed = s.get("/data-import/uploadDefinitions?limit=1000", UI_QUERY).json();
        assertThat(DataImportClient.texts(listed.path("uploadDefinitions"), "id")).contains(def.path("id").asText());
    }

    private static byte[] chunked(String path, int size) {
        StringBuilder head = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: x\r\nX-Okapi-Tenant: " + s.tenant()
                + "\r\nX-Okapi-Token: " + s.token() + "\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        byte[] chunk = new byte[1 << 20];
        java.util.Arrays.fill(chunk, (byte) ' ');
        for (int sent = 0; sent < size; sent += chunk.length) {
            out.writeBytes((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.writeBytes(chunk);
            out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    private static String sha256(InputStream in) throws Exception {
        try (in) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) >= 0) md.update(buf, 0, n);
            return java.util.HexFormat.of().formatHex(md.digest());
        }
    }
}
