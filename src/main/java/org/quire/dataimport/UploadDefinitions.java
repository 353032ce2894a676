package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * mod-data-import's upload definitions (UploadDefinitionServiceImpl, FileUploadLifecycleServiceImpl) with SRM's job
 * creation in the same transaction (JobExecutionServiceImpl.initializeJobExecutions): one file is one PARENT_SINGLE
 * job (its own parent); several files are a PARENT_MULTIPLE job (status PARENT) with a CHILD job per file. Every
 * job starts NEW; an upload moves its file NEW → UPLOADING → UPLOADED, the definition NEW → IN_PROGRESS → LOADED
 * and the file's job to FILE_UPLOADED.
 */
public final class UploadDefinitions {
    /** uploadDefinition.json's status enum. */
    static final Set<String> STATUSES = Set.of("NEW", "IN_PROGRESS", "LOADED", "COMPLETED", "ERROR");
    /** mod-data-import's message for a file whose extension is blocked (422, the file name as its code). */
    static final String BLOCKED = "validation.uploadDefinition.fileExtension.blocked";

    private final Database db;
    private final UploadFiles files;

    public UploadDefinitions(Database db, UploadFiles files) {
        this.db = db;
        this.files = files;
    }

    static NotFound notFound(UUID id) {
        return new NotFound("Upload Definition with id '" + id + "' not found");
    }

    static NotFound fileNotFound(UUID fileId) {
        return new NotFound("FileDefinition not found. FileDefinition ID: " + fileId);
    }

    public ObjectNode get(String schema, UUID id) {
        return db.read(c -> DataImportTypes.UPLOAD_DEFINITIONS.get(c, schema, id)).orElseThrow(() -> notFound(id));
    }

    /** POST /data-import/uploadDefinitions: the definition, its file definitions and their jobs. 4 statements. */
    public ObjectNode create(String schema, ObjectNode body, UUID userId) {
        List<ObjectNode> fileDefs = fileDefinitions(body);
        return db.tx(c -> {
            refuseBlockedExtensions(c, schema, fileDefs);
            UUID id = UUID.randomUUID();
            Instant now = Instant.now();
            List<JobExecution> jobs = new ArrayList<>();
            UUID parent;
            if (fileDefs.size() == 1) {
                parent = UUID.randomUUID();
                jobs.add(job(parent, parent, "PARENT_SINGLE", JobStatus.NEW, id, fileDefs.getFirst(), userId));
            } else {
                parent = UUID.randomUUID();
                jobs.add(new JobExecution(parent, parent, "PARENT_MULTIPLE", JobStatus.PARENT, id, null, null, userId));
                for (ObjectNode f : fileDefs) {
                    jobs.add(job(UUID.randomUUID(), parent, "CHILD", JobStatus.NEW, id, f, userId));
                }
            }
            DataImportStore.insertJobs(c, schema, jobs, now);
            ObjectNode def = Json.object();
            def.put("id", id.toString());
            def.put("metaJobExecutionId", parent.toString());
            def.put("status", "NEW");
            def.put("createDate", Json.date(now));
            ArrayNode arr = def.putArray("fileDefinitions");
            for (int i = 0; i < fileDefs.size(); i++) {
                ObjectNode f = fileDefs.get(i);
                f.put("id", UUID.randomUUID().toString());
                f.put("status", "NEW");
                f.put("jobExecutionId", jobs.get(fileDefs.size() == 1 ? 0 : i + 1).id().toString());
                f.put("uploadDefinitionId", id.toString());
                f.put("createDate", Json.date(now));
                arr.add(f);
            }
            return DataImportTypes.UPLOAD_DEFINITIONS.insert(c, schema, def, userId);
        });
    }

    private static JobExecution job(UUID id, UUID parent, String type, JobStatus status, UUID uploadDefinitionId,
                                    ObjectNode file, UUID userId) {
        String name = file.get("name").asText();
        // SRM: sourcePath is the name the file was given, fileName its last segment (FilenameUtils.getName).
        String base = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        return new JobExecution(id, parent, type, status, uploadDefinitionId, name, base, userId);
    }

    /**
     * The file definitions a client may give (fileDefinition.json: name required; size in KB; uiKey), copied without
     * the server's fields. At least one file: SRM cannot create jobs for none.
     */
    private static List<ObjectNode> fileDefinitions(ObjectNode body) {
        JsonNode arr = body.get("fileDefinitions");
        if (arr == null || arr.isNull() || (arr.isArray() && arr.isEmpty()))
            throw new Refused(Refusal.of("An upload definition needs at least one file definition", "fileDefinitions",
                    "[]"));
        if (!arr.isArray()) throw new InvalidInput("Json content error: fileDefinitions must be an array");
        List<ObjectNode> out = new ArrayList<>();
        List<Refusal> missing = new ArrayList<>();
        for (int i = 0; i < arr.size(); i++) {
            if (!(arr.get(i) instanceof ObjectNode f))
                throw new InvalidInput("Json content error: fileDefinitions[" + i + "] must be an object");
            ObjectNode copy = Json.object();
            JsonNode name = f.get("name");
            if (name == null || name.isNull() || (name.isTextual() && name.asText().isBlank())) {
                missing.add(new Refusal("must not be null", "javax.validation.constraints.NotNull.message",
                        List.of(new Refusal.Parameter("fileDefinitions[" + i + "].name", "null"))));
                continue;
            }
            if (!name.isTextual()) throw new InvalidInput("Json content error: fileDefinitions[" + i
                    + "].name must be a string");
            copy.put("name", name.asText());
            JsonNode size = f.get("size");
            if (size != null && !size.isNull()) {
                if (!size.canConvertToLong() || !size.isIntegralNumber())
                    throw new InvalidInput("Json content error: fileDefinitions[" + i + "].size must be an integer");
                copy.put("size", size.asLong());
            }
            JsonNode uiKey = f.get("uiKey");
            if (uiKey != null && !uiKey.isNull()) copy.put("uiKey", uiKey.asText());
            out.add(copy);
        }
        Refused.throwIfAny(missing);
        return out;
    }

    /**
     * mod-data-import's validateFilesExtensionName: a file whose extension (from its last dot, the dot included) is
     * a blocked file extension is refused, one error per file, the file name as the code.
     */
    private static void refuseBlockedExtensions(Connection c, String schema, List<ObjectNode> fileDefs)
            throws SQLException {
        List<String> extensions = fileDefs.stream().map(f -> extension(f.get("name").asText())).toList();
        Set<String> blocked = DataImportStore.blockedExtensions(c, schema, extensions);
        List<Refusal> refusals = new ArrayList<>();
        for (ObjectNode f : fileDefs) {
            if (blocked.contains(extension(f.get("name").asText())))
                refusals.add(new Refusal(BLOCKED, f.get("name").asText(), List.of()));
        }
        Refused.throwIfAny(refusals);
    }

    private static String extension(String fileName) {
        int i = fileName.lastIndexOf('.');
        return i > 0 ? fileName.substring(i).toLowerCase(Locale.ROOT) : "";
    }

    /**
     * PUT: the definition as sent, but with its stored id and file definitions (mod-data-import: "just update
     * UploadDefinition without FileDefinition changes").
     */
    public ObjectNode update(String schema, UUID id, ObjectNode body, UUID userId) {
        JsonNode status = body.get("status");
        if (status != null && !status.isNull() && !STATUSES.contains(status.asText()))
            throw new InvalidInput("Json content error: status must be one of " + new java.util.TreeSet<>(STATUSES)
                    + ", not '" + status.asText() + "'");
        return db.tx(c -> {
            ObjectNode stored = DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id));
            ObjectNode next = body.deepCopy();
            next.put("id", id.toString());
            next.set("fileDefinitions", stored.get("fileDefinitions"));
            if (!next.hasNonNull("status")) next.set("status", stored.get("status"));
            if (!next.hasNonNull("metaJobExecutionId")) next.set("metaJobExecutionId", stored.get("metaJobExecutionId"));
            if (!next.hasNonNull("createDate")) next.set("createDate", stored.get("createDate"));
            return DataImportTypes.UPLOAD_DEFINITIONS.replace(c, schema, stored, next, userId);
        });
    }

    /**
     * DELETE: only while none of its jobs has started (NEW, FILE_UPLOADED, DISCARDED; else mod-data-import's 400),
     * then its jobs are DISCARDED and its files removed.
     */
    public void delete(String tenant, String schema, UUID id) {
        db.tx(c -> {
            DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, id).orElseThrow(() ->
                    new NotFound("UploadDefinition with id '" + id + "' was not found"));
            List<ObjectNode> jobs = DataImportStore.jobsOfUpload(c, schema, id);
            if (!jobs.stream().allMatch(j -> JobStatus.parse(j.get("status").asText()).beforeProcessing()))
                throw new InvalidInput("Cannot delete uploadDefinition " + id
                        + " - linked files are already being processed");
            DataImportTypes.UPLOAD_DEFINITIONS.delete(c, schema, id);
            DataImportStore.updateStatus(c, schema, jobs.stream()
                    .filter(j -> !"PARENT_MULTIPLE".equals(j.get("subordinationType").asText()))
                    .map(j -> UUID.fromString(j.get("id").asText())).toList(), JobStatus.DISCARDED, null);
            return null;
        });
        files.delete(tenant, id, null);
    }

    /** POST …/files: one more file definition (mod-data-import's addFileDefinitionToUpload; no job for it). */
    public ObjectNode addFile(String schema, UUID id, ObjectNode body, UUID userId) {
        ObjectNode wrapper = Json.object();
        wrapper.putArray("fileDefinitions").add(body);
        ObjectNode file = fileDefinitions(wrapper).getFirst();
        return db.tx(c -> {
            ObjectNode stored = DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id));
            file.put("id", UUID.randomUUID().toString());
            file.put("status", "NEW");
            file.put("uploadDefinitionId", id.toString());
            file.put("createDate", Json.date(Instant.now()));
            ObjectNode next = stored.deepCopy();
            ((ArrayNode) next.withArray("fileDefinitions")).add(file);
            return DataImportTypes.UPLOAD_DEFINITIONS.replace(c, schema, stored, next, userId);
        });
    }

    /**
     * DELETE …/files/{fileId}: the file definition goes, its job becomes DISCARDED, its file is removed — not once
     * its job has started.
     */
    public void deleteFile(String tenant, String schema, UUID id, UUID fileId, UUID userId) {
        db.tx(c -> {
            ObjectNode stored = DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id));
            ObjectNode file = file(stored, fileId);
            UUID jobId = jobId(file);
            if (jobId != null) {
                ObjectNode job = DataImportStore.job(c, schema, jobId).orElse(null);
                if (job != null && !JobStatus.parse(job.get("status").asText()).beforeProcessing())
                    throw new InvalidInput("Cannot delete file " + fileId + " - it is already being processed");
                DataImportStore.updateStatus(c, schema, List.of(jobId), JobStatus.DISCARDED, null);
            }
            ObjectNode next = stored.deepCopy();
            ArrayNode kept = next.putArray("fileDefinitions");
            for (JsonNode f : stored.get("fileDefinitions")) if (!fileId.toString().equals(f.path("id").asText())) kept.add(f);
            DataImportTypes.UPLOAD_DEFINITIONS.replace(c, schema, stored, next, userId);
            return null;
        });
        files.delete(tenant, id, fileId);
    }

    /**
     * POST …/files/{fileId} with the file's bytes: streamed to disk (never held in memory, and no database
     * connection held while it arrives), then the file is UPLOADED with its sourcePath and uploadedDate, the
     * definition LOADED once all its files are, and the file's job FILE_UPLOADED. An empty body is refused and
     * changes nothing; a body that breaks off leaves the file ERROR (and the definition ERROR when all its files
     * are), as mod-data-import does when an upload stream is aborted.
     */
    public ObjectNode upload(String tenant, String schema, UUID id, UUID fileId, InputStream body, UUID userId)
            throws IOException {
        ObjectNode file = db.tx(c -> {
            ObjectNode stored = DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id));
            ObjectNode f = file(stored, fileId);
            UUID jobId = jobId(f);
            if (jobId != null) {
                ObjectNode job = DataImportStore.job(c, schema, jobId).orElse(null);
                if (job != null && !JobStatus.parse(job.get("status").asText()).beforeProcessing())
                    throw new InvalidInput("File " + fileId + " cannot be uploaded again: its job is "
                            + job.get("status").asText());
            }
            return f.deepCopy();
        });
        String name = file.get("name").asText();
        long size;
        try {
            setFileStatus(schema, id, fileId, "UPLOADING", null, userId);
            size = files.save(tenant, id, fileId, name, body);
        } catch (IOException | RuntimeException e) {
            setFileStatus(schema, id, fileId, "ERROR", null, userId);
            throw e;
        }
        if (size == 0) {
            setFileStatus(schema, id, fileId, file.path("status").asText("NEW"), null, userId);
            throw new InvalidInput("The request body is empty: the file's bytes (application/octet-stream) are "
                    + "required");
        }
        return setFileStatus(schema, id, fileId, "UPLOADED", UploadFiles.sourcePath(tenant, id, fileId, name),
                userId);
    }

    /**
     * The file's status (and, once UPLOADED, its sourcePath and uploadedDate), the definition's status from its files'
     * (FileUploadLifecycleServiceImpl.setUploadDefinitionStatusAfterFileUpload: all UPLOADED → LOADED, all ERROR →
     * ERROR, else IN_PROGRESS), and on UPLOADED the file's job FILE_UPLOADED. One transaction.
     */
    private ObjectNode setFileStatus(String schema, UUID id, UUID fileId, String status, String sourcePath,
                                     UUID userId) {
        return db.tx(c -> {
            ObjectNode stored = DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id));
            ObjectNode next = stored.deepCopy();
            boolean allUploaded = true, allError = true;
            UUID jobId = null;
            for (JsonNode f : next.withArray("fileDefinitions")) {
                ObjectNode fo = (ObjectNode) f;
                if (fileId.toString().equals(fo.path("id").asText())) {
                    fo.put("status", status);
                    if (sourcePath != null) {
                        fo.put("sourcePath", sourcePath);
                        fo.put("uploadedDate", Json.date(Instant.now()));
                    }
                    jobId = jobId(fo);
                }
                allUploaded &= "UPLOADED".equals(fo.path("status").asText());
                allError &= "ERROR".equals(fo.path("status").asText());
            }
            next.put("status", allUploaded ? "LOADED" : allError ? "ERROR" : "IN_PROGRESS");
            if ("NEW".equals(status) && !allUploaded && !allError) {
                boolean anyStarted = false;
                for (JsonNode f : next.withArray("fileDefinitions")) anyStarted |= !"NEW".equals(f.path("status").asText());
                if (!anyStarted) next.put("status", "NEW");
            }
            if ("UPLOADED".equals(status) && jobId != null) {
                DataImportStore.fileUploaded(c, schema, jobId);
            }
            return DataImportTypes.UPLOAD_DEFINITIONS.replace(c, schema, stored, next, userId);
        });
    }

    private static ObjectNode file(ObjectNode definition, UUID fileId) {
        for (JsonNode f : definition.path("fileDefinitions")) {
            if (fileId.toString().equals(f.path("id").asText())) return (ObjectNode) f;
        }
        throw fileNotFound(fileId);
    }

    private static UUID jobId(JsonNode file) {
        return org.quire.platform.Ids.parse(file.path("jobExecutionId").asText(null)).orElse(null);
    }
}
