package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.util.UUID;

/**
 * mod-data-import's API (ramls/dataImport.raml, permission names of its module descriptor as FOLIO's API tests
 * grant them): split status, upload definitions and their files, the file upload itself (streamed), file extensions
 * and job cancelling; and mod-data-import-converter-storage's MARC field protection settings. {@code processFiles}
 * starts the pipeline ({@link ImportJob}). Refusals are RMB's 422 {@code {"errors": [...], "total_records": n}};
 * unknown or malformed ids are 404s with the modules' texts.
 */
public final class DataImportApi {
    private static final String UPLOAD_DEFINITIONS = "/data-import/uploadDefinitions";
    private static final String FILE_EXTENSIONS = "/data-import/fileExtensions";
    private static final String FIELD_PROTECTION = "/field-protection-settings/marc";

    private DataImportApi() {
    }

    /** @param maxUploadBytes the largest file an upload accepts (QuireConfig.maxUploadBytes) */
    public static void register(Router r, Database db, UploadFiles files, long maxUploadBytes, ImportJob imports) {
        UploadDefinitions definitions = new UploadDefinitions(db, files);
        FileExtensions extensions = new FileExtensions(db);
        FieldProtectionSettings protection = new FieldProtectionSettings(db);
        JobExecutions jobs = new JobExecutions(db);

        // Quire has no S3: the UI and PTF then upload each file in one POST (folio-catalogue-api.md §3.1).
        r.get("/data-import/splitStatus", "data-import.splitconfig.get", req ->
                Response.ok(Json.object().put("splitStatus", false)));

        r.get(UPLOAD_DEFINITIONS, "data-import.uploadDefinitions.collection.get", errors(req -> {
            // mod-data-import's addCreatedByConditionToCqlQuery: a query sees the caller's own definitions only.
            String query = req.param("query").filter(q -> !q.isBlank())
                    .map(q -> "metadata.createdByUserId==" + req.userId() + " and " + q).orElse(null);
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            var page = db.read(c -> DataImportTypes.UPLOAD_DEFINITIONS.search(c, req.schema(), query, limit, offset));
            return Response.ok(RecordApi.page("uploadDefinitions", page.records(), page.totalRecords()));
        }));
        r.post(UPLOAD_DEFINITIONS, "data-import.uploaddefinitions.post", errors(req -> {
            ObjectNode saved = definitions.create(req.schema(), req.json(), req.userId());
            return Response.created(saved).header("Location", UPLOAD_DEFINITIONS + "/" + saved.get("id").asText());
        }));
        r.get(UPLOAD_DEFINITIONS + "/{id}", "data-import.uploadDefinitions.item.get", errors(req ->
                Response.ok(definitions.get(req.schema(), definitionId(req)))));
        r.put(UPLOAD_DEFINITIONS + "/{id}", "data-import.uploaddefinitions.put", errors(req -> {
            UUID id = definitionId(req);
            return Response.ok(definitions.update(req.schema(), id, req.json(), req.userId()));
        }));
        r.delete(UPLOAD_DEFINITIONS + "/{id}", "data-import.uploaddefinitions.delete", errors(req -> {
            definitions.delete(req.tenant(), req.schema(), definitionId(req));
            return Response.noContent();
        }));
        r.post(UPLOAD_DEFINITIONS + "/{id}/files", "data-import.uploadDefinitions.files.item.post", errors(req -> {
            UUID id = definitionId(req);
            return Response.created(definitions.addFile(req.schema(), id, req.json(), req.userId()));
        }));
        r.delete(UPLOAD_DEFINITIONS + "/{id}/files/{fileId}", "data-import.uploaddefinitions.files.delete",
                errors(req -> {
                    UUID id = definitionId(req);
                    definitions.deleteFile(req.tenant(), req.schema(), id, fileId(req), req.userId());
                    return Response.noContent();
                }));
        r.upload(UPLOAD_DEFINITIONS + "/{id}/files/{fileId}", "data-import.upload.file.post", maxUploadBytes,
                (req, body) -> {
                    try {
                        UUID id = definitionId(req);
                        return Response.ok(definitions.upload(req.tenant(), req.schema(), id, fileId(req), body,
                                req.userId()));
                    } catch (Refused e) {
                        return refused(e);
                    }
                });

        // mod-data-import's processFiles (permission data-import.uploadDefinitions.processFiles.item.post): 204, and the
        // files are imported in the background; defaultMapping is accepted and ignored (FOLIO's is false).
        r.post(UPLOAD_DEFINITIONS + "/{id}/processFiles", "data-import.uploadDefinitions.processFiles.item.post",
                errors(req -> {
                    UUID id = definitionId(req);
                    imports.start(req.schema(), id, req.json(), req.userId());
                    return Response.noContent();
                }));

        r.get(FILE_EXTENSIONS, "data-import.fileExtensions.collection.get", req ->
                RecordApi.collection(db, DataImportTypes.FILE_EXTENSIONS, req));
        r.post(FILE_EXTENSIONS, "data-import.fileExtensions.post", errors(req -> {
            ObjectNode saved = extensions.create(req.schema(), req.json(), req.userId());
            return Response.created(saved).header("Location", FILE_EXTENSIONS + "/" + saved.get("id").asText());
        }));
        r.post(FILE_EXTENSIONS + "/restore/default", "data-import.fileExtensions.default.post", errors(req -> {
            DataImportStore.Page page = extensions.restoreDefaults(req.schema());
            return Response.ok(RecordApi.page("fileExtensions", page.records(), page.totalRecords()));
        }));
        r.get(FILE_EXTENSIONS + "/{id}", "data-import.fileExtensions.item.get", errors(req -> {
            UUID id = extensionId(req);
            return Response.ok(db.read(c -> DataImportTypes.FILE_EXTENSIONS.get(c, req.schema(), id))
                    .orElseThrow(() -> FileExtensions.notFound(id.toString())));
        }));
        r.put(FILE_EXTENSIONS + "/{id}", "data-import.fileExtensions.put", errors(req -> {
            UUID id = extensionId(req);
            return Response.ok(extensions.update(req.schema(), id, req.json(), req.userId()));
        }));
        r.delete(FILE_EXTENSIONS + "/{id}", "data-import.fileExtensions.delete", errors(req -> {
            UUID id = extensionId(req);
            if (!db.tx(c -> DataImportTypes.FILE_EXTENSIONS.delete(c, req.schema(), id)))
                throw FileExtensions.notFound(id.toString());
            return Response.noContent();
        }));

        // mod-data-import-converter-storage's MARC field protection settings (its newer permission names)
        r.get(FIELD_PROTECTION, "converter-storage.field-protection-settings.collection.get", req ->
                RecordApi.collection(db, DataImportTypes.FIELD_PROTECTION_SETTINGS, req));
        r.post(FIELD_PROTECTION, "converter-storage.field-protection-settings.post", errors(req -> {
            ObjectNode saved = protection.create(req.schema(), req.json(), req.userId());
            return Response.created(saved).header("Location", FIELD_PROTECTION + "/" + saved.get("id").asText());
        }));
        r.get(FIELD_PROTECTION + "/{id}", "converter-storage.field-protection-settings.item.get", errors(req -> {
            UUID id = protectionId(req);
            return Response.ok(db.read(c -> DataImportTypes.FIELD_PROTECTION_SETTINGS.get(c, req.schema(), id))
                    .orElseThrow(() -> FieldProtectionSettings.notFound(id.toString())));
        }));
        r.put(FIELD_PROTECTION + "/{id}", "converter-storage.field-protection-settings.put", errors(req ->
                Response.ok(protection.update(req.schema(), protectionId(req), req.json(), req.userId()))));
        r.delete(FIELD_PROTECTION + "/{id}", "converter-storage.field-protection-settings.delete", errors(req -> {
            protection.delete(req.schema(), protectionId(req));
            return Response.noContent();
        }));

        r.delete("/data-import/jobExecutions/{id}/cancel", "data-import.jobexecution.cancel", errors(req -> {
            UUID id = JobExecutionsApi.jobId(req, "id");
            jobs.cancel(req.schema(), id);
            // mod-data-import's cancelResponse.json
            return Response.ok(Json.object().put("ok", true));
        }));
    }

    private static UUID definitionId(Request req) {
        return Ids.parse(req.path("id")).orElseThrow(() -> new org.quire.platform.domain.NotFound(
                "Upload Definition with id '" + req.path("id") + "' not found"));
    }

    private static UUID fileId(Request req) {
        return Ids.parse(req.path("fileId")).orElseThrow(() -> new org.quire.platform.domain.NotFound(
                "FileDefinition not found. FileDefinition ID: " + req.path("fileId")));
    }

    private static UUID protectionId(Request req) {
        return Ids.parse(req.path("id")).orElseThrow(() -> FieldProtectionSettings.notFound(req.path("id")));
    }

    private static UUID extensionId(Request req) {
        return Ids.parse(req.path("id")).orElseThrow(() -> FileExtensions.notFound(req.path("id")));
    }

    /** Refusals as mod-data-import's Errors: 422 {@code {"errors": [{message, code, parameters}], "total_records": n}}. */
    private static Handler errors(Handler h) {
        return req -> {
            try {
                return h.handle(req);
            } catch (Refused e) {
                return refused(e);
            }
        };
    }

    static Response refused(Refused e) {
        ObjectNode body = Json.object();
        ArrayNode errors = body.putArray("errors");
        for (Refusal r : e.refusals()) {
            ObjectNode err = errors.addObject().put("message", r.message());
            if (r.code() != null) err.put("code", r.code());
            ArrayNode params = err.putArray("parameters");
            for (Refusal.Parameter p : r.parameters()) params.addObject().put("key", p.key()).put("value", p.value());
        }
        body.put("total_records", e.refusals().size());
        return Response.json(422, body);
    }
}
