package org.quire.dataexport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.DataFiles;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;

import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;

/**
 * {@code POST /data-export/file-definitions} and {@code …/{id}/upload} (mod-data-export's FileDefinitionsController,
 * schemas/fileDefinition.json): a definition names the file of ids (csv: one UUID a line; cql: a query over
 * instances) and gets its job execution (NEW) at once, whose id the PTF reads from the upload's answer. The upload
 * is streamed to {@code <data dir>/data-export/<tenant>/uploads/<definitionId>/<file name>}.
 */
final class FileDefinitions {
    private final Database db;
    private final DataFiles files;
    private final ExportJobs jobs;

    FileDefinitions(Database db, DataFiles files, ExportJobs jobs) {
        this.db = db;
        this.files = files;
        this.jobs = jobs;
    }

    ObjectNode create(String schema, ObjectNode body, UUID userId) {
        String fileName = body.path("fileName").isTextual() ? body.get("fileName").asText().strip() : "";
        if (fileName.isEmpty()) throw Refused.because("must not be null", "fileName", null);
        String format = body.path("uploadFormat").asText("csv");
        if (!format.equals("csv") && !format.equals("cql")) {
            throw Refused.because("uploadFormat must be csv or cql, not " + format, "uploadFormat", format);
        }
        UUID id = body.hasNonNull("id") ? Ids.parse(body.get("id").asText())
                .orElseThrow(() -> new InvalidInput("Invalid UUID format: " + body.get("id").asText()))
                : UUID.randomUUID();
        return db.tx(c -> {
            if (DataExportTypes.FILE_DEFINITIONS.get(c, schema, id).isPresent()) {
                throw Refused.because("File definition with id " + id + " already exists", "id", id.toString());
            }
            ObjectNode job = jobs.newJob(c, schema, userId);
            ObjectNode def = Json.object().put("id", id.toString()).put("fileName", fileName)
                    .put("jobExecutionId", job.get("id").asText()).put("status", "NEW").put("uploadFormat", format);
            if (body.path("size").canConvertToLong()) def.put("size", body.get("size").asLong());
            return DataExportTypes.FILE_DEFINITIONS.insert(c, schema, def, userId);
        });
    }

    ObjectNode get(String schema, UUID id) {
        return db.read(c -> DataExportTypes.FILE_DEFINITIONS.get(c, schema, id)).orElseThrow(() -> notFound(id));
    }

    /**
     * Streams the body to the definition's file; an empty body keeps no file (the export then fails as FOLIO's does
     * on an empty file: error.readingFromInputFile). A definition is uploaded once (error.fileDefinition
     * .fileAlreadyUploaded).
     */
    ObjectNode upload(String tenant, String schema, UUID id, InputStream body, UUID userId) throws IOException {
        ObjectNode def = get(schema, id);
        if (!"NEW".equals(def.path("status").asText())) {
            body.transferTo(java.io.OutputStream.nullOutputStream()); // the client is still sending it
            throw Refused.because("File already uploaded for this FileDefinition", "error.fileDefinition"
                    + ".fileAlreadyUploaded", "id", id.toString());
        }
        String sourcePath = files.relative(def.path("fileName").asText(), tenant, "uploads", id.toString());
        long size = DataFiles.save(files.resolve(sourcePath), body);
        return db.tx(c -> {
            ObjectNode current = DataExportTypes.FILE_DEFINITIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id));
            ObjectNode next = current.deepCopy();
            next.put("status", "COMPLETED").put("sourcePath", sourcePath)
                    .put("size", (size + 1023) / 1024); // FOLIO's size is in Kbytes
            return DataExportTypes.FILE_DEFINITIONS.replace(c, schema, current, next, userId);
        });
    }

    static NotFound notFound(UUID id) {
        return new NotFound("File definition not found with id " + id);
    }

    static NotFound notFound(String id) {
        return new NotFound("File definition not found with id " + id);
    }
}
