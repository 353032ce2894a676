package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/** The Data import app's calls, as the UI and FOLIO's PTF scripts make them. */
public final class DataImportClient {
    /** FOLIO's default job profile "Default - Create instance and SRS MARC Bib". */
    public static final String CREATE_INSTANCE_PROFILE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    static final String UI_QUERY = "(status==(\"NEW\" OR \"IN_PROGRESS\" OR \"LOADED\")) sortBy createdDate/sort.descending";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private DataImportClient() {
    }

    /** POST /data-import/uploadDefinitions with these file names (201 expected); the definition. */
    public static JsonNode define(Api.Session s, String... names) {
        ObjectNode body = Json.object();
        for (String name : names) {
            body.withArray("fileDefinitions").addObject().put("uiKey", name + UUID.randomUUID()).put("size", 2)
                    .put("name", name);
        }
        Api.Reply r = s.post("/data-import/uploadDefinitions", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    /** POST …/files/{fileId} with the bytes as application/octet-stream (no Content-Length when streamed). */
    static Api.Reply upload(Api.Session s, String definitionId, String fileId, HttpRequest.BodyPublisher body) {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port()
                        + "/data-import/uploadDefinitions/" + definitionId + "/files/" + fileId))
                .POST(body)
                .header("Content-Type", "application/octet-stream")
                .header("X-Okapi-Tenant", s.tenant())
                .header("X-Okapi-Token", s.token())
                .build();
        try {
            HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            return new Api.Reply(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static Api.Reply upload(Api.Session s, String definitionId, String fileId, byte[] bytes) {
        return upload(s, definitionId, fileId, HttpRequest.BodyPublishers.ofByteArray(bytes));
    }

    /** A streamed body (chunked) of {@code size} pseudo-random bytes from {@code seed}. */
    static HttpRequest.BodyPublisher generated(long size, long seed) {
        Supplier<InputStream> in = () -> new Generated(size, seed);
        return HttpRequest.BodyPublishers.ofInputStream(in);
    }

    /** {@code size} bytes of a fixed pseudo-random sequence, produced as read (never held). */
    static final class Generated extends InputStream {
        private final long size;
        private long pos;
        private long state;

        Generated(long size, long seed) {
            this.size = size;
            this.state = seed;
        }

        @Override
        public int read() {
            if (pos >= size) return -1;
            pos++;
            state = state * 6364136223846793005L + 1442695040888963407L;
            return (int) (state >>> 56) & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= size) return -1;
            int n = (int) Math.min(len, size - pos);
            for (int i = 0; i < n; i++) b[off + i] = (byte) read();
            return n;
        }
    }

    /**
     * A MARC file imported as the UI does it with the default create profile, awaited until it is COMMITTED (other
     * modules' tests load their catalogue so); the job.
     */
    public static JsonNode importFile(Api.Session s, String name, byte[] bytes) throws InterruptedException {
        JsonNode job = awaitFinished(s, importFile(s, name, bytes, CREATE_INSTANCE_PROFILE));
        assertThat(job.path("status").asText()).as("import of " + name + ": " + job).isEqualTo("COMMITTED");
        return job;
    }

    public static JsonNode job(Api.Session s, String id) {
        Api.Reply r = s.get("/change-manager/jobExecutions/" + id);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static List<String> texts(JsonNode array, String field) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }

    /** processFiles' body as the Data import app sends it: the uploaded definition and the job profile. */
    static ObjectNode processBody(JsonNode definition, String profileId) {
        ObjectNode body = Json.object();
        body.set("uploadDefinition", definition);
        body.putObject("jobProfileInfo").put("id", profileId).put("name", "whatever the UI sends")
                .put("dataType", "MARC");
        return body;
    }

    /** upload → processFiles (204) → the job's id; the file's definition is re-read as the UI does. */
    public static String importFile(Api.Session s, String name, byte[] bytes, String profileId) {
        JsonNode def = define(s, name);
        String defId = def.path("id").asText();
        String fileId = def.path("fileDefinitions").get(0).path("id").asText();
        Api.Reply up = upload(s, defId, fileId, bytes);
        assertThat(up.status()).as(up.body()).isEqualTo(200);
        Api.Reply r = s.post("/data-import/uploadDefinitions/" + defId + "/processFiles?defaultMapping=false",
                processBody(up.json(), profileId));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        return def.path("fileDefinitions").get(0).path("jobExecutionId").asText();
    }

    /** The job once it is COMMITTED, ERROR or CANCELLED (polled every 200 ms, at most three minutes). */
    public static JsonNode awaitFinished(Api.Session s, String jobId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode job = job(s, jobId);
            String status = job.path("status").asText();
            if (status.equals("COMMITTED") || status.equals("ERROR") || status.equals("CANCELLED")) return job;
            Thread.sleep(200);
        }
        throw new AssertionError("job " + jobId + " did not finish: " + job(s, jobId));
    }

    /** The job's log entries (200 expected); {@code extra} adds query parameters ("&errorsOnly=true"). */
    public static JsonNode log(Api.Session s, String jobId, String extra) {
        Api.Reply r = s.get("/metadata-provider/jobLogEntries/" + jobId + "?limit=10000" + extra);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    /** A control field's value (a data field as its JSON) of a parsed MARC-in-JSON record, or null. */
    static String field(JsonNode marcJson, String tag) {
        for (JsonNode f : marcJson.path("fields")) {
            if (f.has(tag)) return f.get(tag).isTextual() ? f.get(tag).asText() : f.get(tag).toString();
        }
        return null;
    }

    /** The first subfield {@code code} of the first field {@code tag} of a parsed MARC-in-JSON record, or null. */
    static String subfield(JsonNode marcJson, String tag, String code) {
        for (JsonNode f : marcJson.path("fields")) {
            if (!f.has(tag)) continue;
            for (JsonNode sf : f.get(tag).path("subfields")) if (sf.has(code)) return sf.get(code).asText();
        }
        return null;
    }
}
