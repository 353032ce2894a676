package org.quire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * FOLIO's data-import flow driven over HTTP as the Data import app and the PTF's scripts drive it
 * (folio-catalogue-api.md §3): log in, {@code POST /data-import/uploadDefinitions}, the file's bytes streamed to
 * {@code …/files/{fileId}}, {@code …/processFiles} with a job profile, then the job execution polled until it ends and
 * its summary and log read. The jobs are ordinary jobs of the tenant: they show in FOLIO's Data import app.
 * Used by {@code quire import} and {@code quire bench import}.
 */
public final class ImportClient {
    /** FOLIO's "Default - Create instance and SRS MARC Bib" (mod-di-converter-storage's default job profiles). */
    public static final String DEFAULT_PROFILE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    private static final String PROFILES = "/data-import-profiles/jobProfiles";

    private final QuireSession http;

    /** A job profile as processFiles names it (jobProfileInfo). */
    public record Profile(String id, String name, String dataType) {
    }

    /** A job execution's status and progress ({@code progress.current / progress.total}). */
    public record JobState(String status, long current, long total) {
        /** COMMITTED, ERROR and CANCELLED are final (SRM's JobExecution statuses). */
        public boolean finished() {
            return status.equals("COMMITTED") || status.equals("ERROR") || status.equals("CANCELLED");
        }
    }

    /** Created, updated, discarded and failed records of one kind (jobSummary's entity summaries). */
    public record Counts(long created, long updated, long discarded, long errors) {
        static Counts of(JsonNode n) {
            return new Counts(n.path("totalCreatedEntities").asLong(), n.path("totalUpdatedEntities").asLong(),
                    n.path("totalDiscardedEntities").asLong(), n.path("totalErrors").asLong());
        }
    }

    /** {@code GET /metadata-provider/jobSummary/{jobId}}: what the job did, per kind of record. */
    public record Summary(Counts srs, Counts instances, Counts holdings, Counts items, long totalErrors) {
    }

    /** One failed record of the job's log: its number in the file (1-based), its title when known, the reason. */
    public record RecordError(long record, String title, String error) {
    }

    /**
     * A failure that ends the command before or outside the records: the server unreachable, the login or an upload
     * refused, an unknown profile. Its message is one line for a person.
     */
    public static final class Failure extends RuntimeException {
        public Failure(String message) {
            super(message);
        }
    }

    private ImportClient(QuireSession http) {
        this.http = http;
    }

    /** Logs in as FOLIO's UI does ({@link QuireSession#login}). */
    public static ImportClient login(String url, String tenant, String username, String password) {
        return new ImportClient(QuireSession.login(url, tenant, username, password));
    }

    /** The job profile named by its id or its exact name; a {@link Failure} when there is none (or several). */
    public Profile profile(String idOrName) {
        boolean isId;
        try {
            isId = UUID.fromString(idOrName).toString().equalsIgnoreCase(idOrName);
        } catch (IllegalArgumentException e) {
            isId = false;
        }
        if (isId) {
            HttpResponse<String> r = get(PROFILES + "/" + idOrName);
            if (r.statusCode() == 404) throw new Failure("no job profile with id " + idOrName);
            JsonNode p = ok(r, "read the job profile " + idOrName);
            return new Profile(p.path("id").asText(), p.path("name").asText(), p.path("dataType").asText("MARC"));
        }
        String cql = "name==\"" + idOrName.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        JsonNode found = ok(get(PROFILES + "?limit=2&query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8)
                .replace("+", "%20")), "look up the job profile '" + idOrName + "'");
        JsonNode list = found.path("jobProfiles");
        if (list.isEmpty()) throw new Failure("no job profile named '" + idOrName + "' (give its exact name or id)");
        if (list.size() > 1) throw new Failure("several job profiles are named '" + idOrName + "': give its id");
        JsonNode p = list.get(0);
        return new Profile(p.path("id").asText(), p.path("name").asText(), p.path("dataType").asText("MARC"));
    }

    /**
     * Upload definition, the file streamed from disk (never held in memory), processFiles: the job runs on the
     * server from then on. Returns the job execution's id.
     *
     * @param name the file name the job shows (the Data import app's "File name")
     */
    public String start(Path file, String name, Profile profile) {
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            throw new Failure("cannot read " + file + ": " + e.getMessage());
        }
        ObjectNode define = Json.object();
        // the UI's fileDefinition: a uiKey of its own, the size in kB, the name
        define.withArray("fileDefinitions").addObject().put("uiKey", name + UUID.randomUUID())
                .put("size", Math.max(1, (bytes + 1023) / 1024)).put("name", name);
        JsonNode def = ok(post("/data-import/uploadDefinitions", define), "create the upload definition of " + name);
        String defId = def.path("id").asText();
        JsonNode fileDef = def.path("fileDefinitions").path(0);
        String path = "/data-import/uploadDefinitions/" + defId + "/files/" + fileDef.path("id").asText();
        HttpResponse<String> up;
        try {
            up = send(request(path).header("Content-Type", "application/octet-stream")
                    .timeout(Duration.ofHours(2)).POST(HttpRequest.BodyPublishers.ofFile(file)).build(), "upload " + name);
        } catch (FileNotFoundException e) {
            throw new Failure("cannot read " + file + ": " + e.getMessage());
        }
        JsonNode uploaded = ok(up, "upload " + name);
        ObjectNode process = Json.object();
        process.set("uploadDefinition", uploaded);
        process.putObject("jobProfileInfo").put("id", profile.id()).put("name", profile.name())
                .put("dataType", profile.dataType());
        HttpResponse<String> r = post("/data-import/uploadDefinitions/" + defId + "/processFiles?defaultMapping=false",
                process);
        if (r.statusCode() != 204 && r.statusCode() != 200) ok(r, "start the import of " + name);
        return fileDef.path("jobExecutionId").asText();
    }

    /** {@code GET /change-manager/jobExecutions/{id}}. */
    public JobState job(String jobId) {
        JsonNode j = ok(get("/change-manager/jobExecutions/" + jobId), "read the job " + jobId);
        return new JobState(j.path("status").asText(), j.path("progress").path("current").asLong(),
                j.path("progress").path("total").asLong());
    }

    /** Polls the job every {@code every} until it is finished, telling {@code progress} (done, total) each time. */
    public JobState await(String jobId, Duration every, java.util.function.BiConsumer<Long, Long> progress)
            throws InterruptedException {
        while (true) {
            JobState s = job(jobId);
            // a new job shows SRM's placeholder progress 0/100 until its first chunk: the total is not known yet
            progress.accept(s.current(), s.current() == 0 && !s.finished() ? 0L : s.total());
            if (s.finished()) return s;
            Thread.sleep(every.toMillis());
        }
    }

    public Summary summary(String jobId) {
        JsonNode s = ok(get("/metadata-provider/jobSummary/" + jobId), "read the summary of the job " + jobId);
        return new Summary(Counts.of(s.path("sourceRecordSummary")), Counts.of(s.path("instanceSummary")),
                Counts.of(s.path("holdingSummary")), Counts.of(s.path("itemSummary")), s.path("totalErrors").asLong());
    }

    /** The first {@code limit} failed records of the job's log, in file order. */
    public List<RecordError> errors(String jobId, int limit) {
        JsonNode log = ok(get("/metadata-provider/jobLogEntries/" + jobId + "?errorsOnly=true&limit=" + limit
                + "&sortBy=source_record_order&order=asc"), "read the log of the job " + jobId);
        List<RecordError> out = new ArrayList<>();
        for (JsonNode e : log.path("entries")) {
            out.add(new RecordError(e.path("sourceRecordOrder").asLong() + 1, e.path("sourceRecordTitle").asText(""),
                    e.path("error").asText("")));
        }
        return out;
    }

    /** The session's tenant and token, for callers that go on with other requests (the bench). */
    public String token() {
        return http.token();
    }

    private HttpResponse<String> get(String path) {
        return http.get(path);
    }

    private HttpResponse<String> post(String path, Object body) {
        return http.post(path, body);
    }

    private HttpRequest.Builder request(String path) {
        return http.request(path);
    }

    private HttpResponse<String> send(HttpRequest req, String what) {
        return http.send(req, what);
    }

    private static JsonNode ok(HttpResponse<String> r, String what) {
        return QuireSession.ok(r, what);
    }
}
