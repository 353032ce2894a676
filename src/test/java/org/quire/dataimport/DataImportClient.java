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
    static JsonNode define(Api.Session s, String... names) {
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

    static Api.Reply upload(Api.Session s, String definitionId, String fileId, byte[] bytes) {
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
     * A MARC file imported as the UI does it — upload definition, upload, processFiles with the default create
     * profile — and the job awaited until it is COMMITTED (other modules' tests load their catalogue so).
     */
    public static JsonNode importFile(Api.Session s, String name, byte[] bytes) throws InterruptedException {
        JsonNode def = define(s, name);
        String defId = def.path("id").asText();
        String fileId = def.path("fileDefinitions").get(0).path("id").asText();
        Api.Reply up = upload(s, defId, fileId, bytes);
        assertThat(up.status()).as(up.body()).isEqualTo(200);
        ObjectNode body = Json.object();
        body.set("uploadDefinition", up.json());
        body.putObject("jobProfileInfo").put("id", CREATE_INSTANCE_PROFILE).put("name", "Default - Create instance "
                + "and SRS MARC Bib").put("dataType", "MARC");
        Api.Reply r = s.post("/data-import/uploadDefinitions/" + defId + "/processFiles?defaultMapping=false", body);
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        String jobId = def.path("fileDefinitions").get(0).path("jobExecutionId").asText();
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode job = job(s, jobId);
            String status = job.path("status").asText();
            if (status.equals("COMMITTED")) return job;
            if (status.equals("ERROR") || status.equals("CANCELLED")) throw new AssertionError("import failed: " + job);
            Thread.sleep(200);
        }
        throw new AssertionError("job " + jobId + " did not finish: " + job(s, jobId));
    }

    static JsonNode job(Api.Session s, String id) {
        Api.Reply r = s.get("/change-manager/jobExecutions/" + id);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static List<String> texts(JsonNode array, String field) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }
}
