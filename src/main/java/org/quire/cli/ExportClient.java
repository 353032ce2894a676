package org.quire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.io.FileNotFoundException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * mod-data-export's flow driven over HTTP as the Data export app and the PTF's scripts drive it
 * (folio-catalogue-api.md §4.1): log in, {@code POST /data-export/file-definitions} and the ids file (or a CQL query)
 * streamed to {@code …/upload}, {@code POST /data-export/export} with the default instance job profile, the job polled
 * until it ends, its download link fetched and the file streamed to disk. The jobs show in FOLIO's Data export app.
 * Used by {@code quire export}.
 */
public final class ExportClient {
    /** mod-data-export's default instance job profile (data/job-profiles/default_instance_job_profile.json). */
    public static final String DEFAULT_PROFILE = "6f7f3cd7-9f24-42eb-ae91-91af1cd54d0a";

    private final QuireSession http;

    /** A job's status and progress ({@code progress.exported + failed} of {@code total}). */
    public record JobState(String id, String status, long exported, long failed, long total, JsonNode job) {
        public boolean finished() {
            return !status.equals("NEW") && !status.equals("IN_PROGRESS");
        }
    }

    private ExportClient(QuireSession http) {
        this.http = http;
    }

    public static ExportClient login(String url, String tenant, String username, String password) {
        return new ExportClient(QuireSession.login(url, tenant, username, password));
    }

    /**
     * Uploads the ids file (csv) or the query (cql) and starts the export; returns the job's id.
     *
     * @param ids   a file of instance UUIDs, one a line, or null
     * @param cql   a CQL query over instances, or null
     */
    public String start(Path ids, String cql) {
        boolean isCql = cql != null;
        String name = isCql ? "quire-export.cql" : ids.getFileName().toString();
        JsonNode def = QuireSession.ok(http.post("/data-export/file-definitions", Json.object().put("fileName", name)
                .put("uploadFormat", isCql ? "cql" : "csv")), "create the file definition");
        String path = "/data-export/file-definitions/" + def.path("id").asText() + "/upload";
        HttpRequest.BodyPublisher body;
        try {
            body = isCql ? HttpRequest.BodyPublishers.ofString(cql) : HttpRequest.BodyPublishers.ofFile(ids);
        } catch (FileNotFoundException e) {
            throw new ImportClient.Failure("cannot read " + ids + ": " + e.getMessage());
        }
        QuireSession.ok(http.send(http.request(path).header("Content-Type", "application/octet-stream")
                .timeout(Duration.ofHours(1)).POST(body).build(), "upload " + name), "upload " + name);
        HttpResponse<String> r = http.post("/data-export/export", Json.object()
                .put("fileDefinitionId", def.path("id").asText()).put("jobProfileId", DEFAULT_PROFILE)
                .put("idType", "instance"));
        if (r.statusCode() != 204) QuireSession.ok(r, "start the export");
        return def.path("jobExecutionId").asText();
    }

    public JobState job(String jobId) {
        String q = URLEncoder.encode("id==" + jobId, StandardCharsets.UTF_8);
        JsonNode list = QuireSession.ok(http.get("/data-export/job-executions?query=" + q), "read the job " + jobId)
                .path("jobExecutions");
        if (list.isEmpty()) throw new ImportClient.Failure("the export job " + jobId + " is gone");
        JsonNode j = list.get(0);
        JsonNode p = j.path("progress");
        return new JobState(jobId, j.path("status").asText(), p.path("exported").asLong(), p.path("failed").asLong(),
                p.path("total").asLong(), j);
    }

    /** Polls the job every {@code every} until it is finished, telling {@code progress} (done, total) each time. */
    public JobState await(String jobId, Duration every, BiConsumer<Long, Long> progress) throws InterruptedException {
        while (true) {
            JobState s = job(jobId);
            progress.accept(s.exported() + s.failed(), s.total());
            if (s.finished()) return s;
            Thread.sleep(every.toMillis());
        }
    }

    /** The job's first {@code limit} error messages (its /data-export/logs). */
    public List<String> errors(String jobId, int limit) {
        String q = URLEncoder.encode("jobExecutionId==" + jobId, StandardCharsets.UTF_8);
        JsonNode logs = QuireSession.ok(http.get("/data-export/logs?limit=" + limit + "&query=" + q),
                "read the log of the job " + jobId).path("errorLogs");
        List<String> out = new ArrayList<>();
        for (JsonNode l : logs) {
            List<String> values = new ArrayList<>();
            l.path("errorMessageValues").forEach(v -> values.add(v.asText()));
            out.add(org.quire.dataexport.ExportError.describe(l.path("errorMessageCode").asText(), values));
        }
        return out;
    }

    /** Streams the job's exported file to {@code out} (MARCXML when asked), through its download link. */
    public void download(JobState job, boolean marcxml, Path out) {
        JsonNode file = job.job().path("exportedFiles").path(0);
        if (file.isMissingNode()) throw new ImportClient.Failure("the export job " + job.id() + " has no file");
        JsonNode link = QuireSession.ok(http.get("/data-export/job-executions/" + job.id() + "/download/"
                + file.path("fileId").asText()), "get the download link");
        String url = link.path("link").asText() + (marcxml ? "&format=marcxml" : "");
        HttpResponse<Path> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofHours(1)).GET()
                .build(), HttpResponse.BodyHandlers.ofFile(out), "download " + file.path("fileName").asText());
        if (r.statusCode() != 200) {
            throw new ImportClient.Failure("cannot download the exported file: HTTP " + r.statusCode());
        }
    }

}
