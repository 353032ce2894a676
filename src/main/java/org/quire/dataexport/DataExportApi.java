package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.db.Database;
import org.quire.platform.domain.NotFound;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.jobs.Jobs;
import org.quire.platform.records.RecordApi;
import org.quire.platform.tenancy.Tenants;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;

/**
 * mod-data-export's API (src/main/resources/swagger.api/data-export.yaml; permission names of its
 * ModuleDescriptor): quick export, file definitions and their upload, export, job executions with their download
 * links, error logs, job and mapping profiles. The download link is Quire's own signed URL
 * ({@link DownloadLinks}), served by {@code GET /data-export/files/{jobId}/{fileId}} without Okapi headers, as a
 * browser opens FOLIO's presigned S3 URL; {@code &format=marcxml} serves the same records as MARCXML.
 */
public final class DataExportApi {
    private static final String P = "/data-export";

    private DataExportApi() {
    }

    public static void register(Router r, Database db, ExportJobs jobs, Path dataDir, long maxUploadBytes) {
        FileDefinitions definitions = new FileDefinitions(db, jobs.files(), jobs);
        DownloadLinks links = new DownloadLinks(dataDir);

        r.post(P + "/quick-export", "data-export.quick.export.post", req ->
                Response.ok(jobs.quickExport(req.tenant(), req.schema(), req.json(), req.userId())));

        r.post(P + "/file-definitions", "data-export.file-definitions.item.post", req ->
                Response.created(definitions.create(req.schema(), req.json(), req.userId())));
        r.get(P + "/file-definitions/{id}", "data-export.file-definitions.item.get", req ->
                Response.ok(definitions.get(req.schema(), id(req, "id"))));
        r.upload(P + "/file-definitions/{id}/upload", "data-export.file-definitions.upload.post", maxUploadBytes,
                (req, body) -> {
                    UUID id = Ids.parse(req.path("id")).orElse(null);
                    if (id == null) {
                        drain(body);
                        throw FileDefinitions.notFound(req.path("id"));
                    }
                    return Response.ok(definitions.upload(req.tenant(), req.schema(), id, body, req.userId()));
                });

        r.post(P + "/export", "data-export.export.post", req -> {
            jobs.export(req.tenant(), req.schema(), req.json(), req.userId());
            return Response.noContent();
        });
        r.post(P + "/export-all", "data-export.export.all", req -> {
            jobs.exportAll(req.schema(), req.json(), req.userId());
            return Response.empty(200);
        });

        r.get(P + "/job-executions", "data-export.job-executions.collection.get", req ->
                RecordApi.collection(db, DataExportTypes.JOBS, req));
        r.delete(P + "/job-executions/{id}", "data-export.job-executions.item.delete", req -> {
            jobs.delete(req.tenant(), req.schema(), id(req, "id"));
            return Response.noContent();
        });
        r.get(P + "/job-executions/{id}/download/{fileId}", "data-export.job-executions.items.download.get", req -> {
            UUID jobId = id(req, "id");
            UUID fileId = id(req, "fileId");
            exportedFile(db, req.schema(), jobId, fileId); // 404 for an unknown job or file
            String host = req.header().apply("Host").orElse("localhost");
            String scheme = req.header().apply("X-Forwarded-Proto").orElse("http");
            return Response.ok(org.quire.platform.Json.object().put("fileId", fileId.toString())
                    .put("link", scheme + "://" + host + links.path(req.tenant(), jobId, fileId, Instant.now())));
        });
        r.get(P + "/files/{id}/{fileId}", Router.PUBLIC, req -> {
            UUID jobId = id(req, "id");
            UUID fileId = id(req, "fileId");
            String tenant = req.param("tenant").orElse(null);
            if (tenant == null || !Tenants.validId(tenant) || !links.valid(tenant, jobId, fileId,
                    req.param("expires").orElse(null), req.param("signature").orElse(null), Instant.now())) {
                throw ApiException.forbidden("This download link is not valid or has expired: ask for a new one "
                        + "(GET /data-export/job-executions/{id}/download/{fileId})");
            }
            String schema = Tenants.schema(tenant);
            JsonNode file = exportedFile(db, schema, jobId, fileId);
            Path path = jobs.files().dir(tenant, jobId.toString()).resolve(file.path("fileName").asText());
            if (!Files.isRegularFile(path)) throw new NotFound("The exported file is gone: " + fileId);
            boolean xml = req.param("format").map("marcxml"::equalsIgnoreCase).orElse(false);
            String name = file.path("fileName").asText();
            if (xml) name = name.replaceFirst("\\.mrc$", ".xml");
            Response res = Response.stream(xml ? "application/xml" : "application/octet-stream", out -> {
                try (InputStream in = Files.newInputStream(path)) {
                    if (xml) MarcOutput.toMarcXml(in, out);
                    else in.transferTo(out);
                }
            });
            return res.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
        });

        r.get(P + "/related-users", "data-export.related-users.collection.get", req -> {
            var users = db.read(c -> DataExportStore.relatedUsers(c, req.schema()));
            var body = org.quire.platform.Json.object().put("totalRecords", users.size());
            body.putArray("relatedUsers").addAll(users);
            return Response.ok(body);
        });
        r.get(P + "/logs", "data-export.logs.collection.get", req ->
                RecordApi.collection(db, DataExportTypes.ERROR_LOGS, req));

        r.get(P + "/transformation-fields", "data-export.transformation-fields.collection.get", req ->
                Response.ok(db.read(c -> TransformationFieldCatalog.list(c, req.schema()))));

        RecordApi.register(r, db, DataExportTypes.JOB_PROFILES, P + "/job-profiles", "data-export.job-profiles");
        RecordApi.register(r, db, DataExportTypes.MAPPING_PROFILES, P + "/mapping-profiles",
                "data-export.mapping-profiles");
    }

    /**
     * {@code POST /data-export/expire-jobs} (mod-data-export's {@code _timer} endpoint): fails this tenant's jobs that
     * have had no update for an hour ({@link ExportExpiry}, which Quire's scheduler also runs every hour); 204.
     */
    public static void registerExpiryTimer(Router r, Jobs jobs) {
        r.post(P + "/expire-jobs", "data-export.expire-jobs.post", req -> {
            jobs.runNow(ExportExpiry.NAME, req.tenant(), Instant.now());
            return Response.noContent();
        });
    }

    /** The job's exported file {fileId, fileName}; 404 when the job or the file is unknown. */
    private static JsonNode exportedFile(Database db, String schema, UUID jobId, UUID fileId) {
        ObjectNode job = db.read(c -> DataExportTypes.JOBS.get(c, schema, jobId))
                .orElseThrow(() -> new NotFound("Job execution not found with id " + jobId));
        for (JsonNode f : job.path("exportedFiles")) {
            if (fileId.toString().equals(f.path("fileId").asText())) return f;
        }
        throw new NotFound("Exported file not found with id " + fileId + " in job execution " + jobId);
    }

    /** A path UUID; a malformed one is a 400 (Spring's conversion failure in mod-data-export). */
    private static UUID id(Request req, String name) {
        return Ids.parse(req.path(name)).orElseThrow(() ->
                ApiException.badRequest("Invalid UUID format: " + req.path(name)));
    }

    private static void drain(InputStream body) throws java.io.IOException {
        body.transferTo(java.io.OutputStream.nullOutputStream());
    }
}
