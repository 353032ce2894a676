package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.DataFiles;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * mod-data-export's job executions: created NEW with a file definition, started by {@code POST /data-export/export}
 * or {@code /quick-export} (which checks the request now: unknown ids 404, bad CQL 400), and run in the background by
 * {@link ExportRun}. Refusals FOLIO makes while the job runs (a holdings or authority export with another than the
 * default profile, an empty file) end the job in FAIL with an error log, as FOLIO's API tests expect.
 */
public final class ExportJobs {
    private static final Logger log = LoggerFactory.getLogger(ExportJobs.class);
    static final String NEW = "NEW";

    private final Database db;
    private final DataFiles files;
    private final ExecutorService executor;

    public ExportJobs(Database db, Path dataDir) {
        this.db = db;
        this.files = new DataFiles(dataDir, "data-export");
        // Platform threads, not the request's: the job outlives the 204. Two at once (the machine's cores), at
        // background priority (requests come first).
        this.executor = Executors.newFixedThreadPool(2, org.quire.platform.BackgroundPriority.threads("data-export"));
    }

    DataFiles files() {
        return files;
    }

    /**
     * What a started job runs: its ids (an uploaded file's, or those a condition over the kind's rows selects: a
     * CQL query's, or export-all's), kind and profile, the output's base name and who runs it.
     */
    record Plan(UUID jobId, RecordKind kind, Path csv, SqlWhere cql, String outputBase, UUID userId) {
    }

    /** A NEW job (jobExecution.json), its hrId from the sequence and runBy: the user's id and names. */
    ObjectNode newJob(Connection c, String schema, UUID userId) throws SQLException {
        ObjectNode job = Json.object().put("id", UUID.randomUUID().toString())
                .put("hrId", DataExportStore.nextHrid(c, schema)).put("status", NEW);
        job.putArray("exportedFiles");
        job.putObject("progress").put("exported", 0).put("failed", 0).put("duplicatedSrs", 0).put("total", 0)
                .put("readIds", 0);
        ObjectNode runBy = job.putObject("runBy");
        if (userId != null) runBy.put("userId", userId.toString());
        DataExportStore.personal(c, schema, userId).ifPresent(p -> {
            runBy.put("firstName", p.path("firstName").asText(""));
            runBy.put("lastName", p.path("lastName").asText(""));
        });
        job.put("lastUpdatedDate", Json.date(Instant.now()));
        return DataExportTypes.JOBS.insert(c, schema, job, userId);
    }

    /**
     * {@code POST /data-export/export} (exportRequest.json: fileDefinitionId*, jobProfileId*, idType*): starts the
     * definition's job with the profile.
     */
    void export(String tenant, String schema, ObjectNode body, UUID userId) {
        UUID defId = uuid(body, "fileDefinitionId");
        UUID profileId = uuid(body, "jobProfileId");
        RecordKind kind = RecordKind.ofIdType(body.path("idType").asText("instance")).orElseThrow(() ->
                new InvalidInput("idType must be instance, holding or authority, not " + body.path("idType")));
        ObjectNode def = db.read(c -> DataExportTypes.FILE_DEFINITIONS.get(c, schema, defId))
                .orElseThrow(() -> FileDefinitions.notFound(defId));
        ObjectNode profile = profile(schema, profileId);
        if (!"COMPLETED".equals(def.path("status").asText())) {
            throw Refused.because("Invalid export file definition with id: " + defId + " (its file is not uploaded)",
                    "error.fileDefinition.invalidWithId", "fileDefinitionId", defId.toString());
        }
        UUID jobId = UUID.fromString(def.path("jobExecutionId").asText());
        Path file = uploaded(def);
        boolean cql = "cql".equals(def.path("uploadFormat").asText());
        SqlWhere where = null;
        if (cql && file != null) {
            if (kind != RecordKind.INSTANCE) {
                throw Refused.because("Only csv format is supported for " + (kind == RecordKind.HOLDINGS ? "holdings"
                        : "authority") + " export", "error.uploadedFile.invalidExtension", "uploadFormat", "cql");
            }
            where = cql(readQuery(file));
        }
        String base = def.path("fileName").asText().replaceFirst("\\.[^.]*$", "");
        start(schema, new Plan(jobId, kind, cql ? null : file, where, base, userId), profile,
                file == null ? "Error while reading from input file with uuids or file is empty" : null,
                file == null ? ExportError.READING_FROM_INPUT_FILE : null);
    }

    /**
     * {@code POST /data-export/export-all} (exportAllRequest.json: idType instance|holding|authority, default instance;
     * jobProfileId, default the kind's; suppressedFromDiscovery, default false; deletedRecords): every record of the
     * kind, as mod-data-export's DataExportAllService: a file definition "&lt;idType&gt;-all.csv" and its job.
     * Deleted records are not exported whatever deletedRecords says (Quire keeps no deleted instances to export).
     */
    void exportAll(String schema, ObjectNode body, UUID userId) {
        String idType = body.hasNonNull("idType") ? body.get("idType").asText() : "instance";
        RecordKind kind = RecordKind.ofIdType(idType).orElseThrow(() ->
                new InvalidInput("idType must be instance, holding or authority, not " + body.path("idType")));
        UUID profileId = body.hasNonNull("jobProfileId") ? uuid(body, "jobProfileId")
                : UUID.fromString(kind.defaultJobProfile());
        boolean withSuppressed = flag(body, "suppressedFromDiscovery", false);
        flag(body, "deletedRecords", true);
        ObjectNode profile = profile(schema, profileId);
        String name = idType.toLowerCase(java.util.Locale.ROOT) + "-all";
        ObjectNode job = db.tx(c -> {
            ObjectNode j = newJob(c, schema, userId);
            DataExportTypes.FILE_DEFINITIONS.insert(c, schema, Json.object().put("id", UUID.randomUUID().toString())
                    .put("fileName", name + ".csv").put("jobExecutionId", j.get("id").asText()).put("status", "NEW")
                    .put("size", 0), userId);
            return j;
        });
        start(schema, new Plan(UUID.fromString(job.get("id").asText()), kind, null,
                DataExportStore.all(kind, withSuppressed), name, userId), profile, null, null);
    }

    private static boolean flag(ObjectNode body, String name, boolean otherwise) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) return otherwise;
        if (!v.isBoolean()) throw new InvalidInput(name + " must be true or false, not " + v);
        return v.booleanValue();
    }

    /**
     * {@code POST /data-export/quick-export} (quickExportRequest.json: type* cql|uuid, recordType*, uuids,
     * criteria, jobProfileId, fileName) → {jobExecutionId, jobExecutionHrId}.
     */
    ObjectNode quickExport(String tenant, String schema, ObjectNode body, UUID userId) {
        String type = body.path("type").asText("");
        if (!type.equals("uuid") && !type.equals("cql")) {
            throw new InvalidInput("type must be uuid or cql, not " + body.path("type"));
        }
        RecordKind kind = RecordKind.ofRecordType(body.path("recordType").asText(null)).orElseThrow(() ->
                new InvalidInput("recordType must be INSTANCE, HOLDINGS or AUTHORITY, not " + body.path("recordType")));
        UUID profileId = body.hasNonNull("jobProfileId") ? uuid(body, "jobProfileId")
                : UUID.fromString(kind.defaultJobProfile());
        ObjectNode profile = profile(schema, profileId);
        SqlWhere where = null;
        byte[] ids = null;
        if (type.equals("cql")) {
            if (kind != RecordKind.INSTANCE) throw new InvalidInput("criteria (cql) export is for instances only");
            if (!body.path("criteria").isTextual() || body.get("criteria").asText().isBlank()) {
                throw new InvalidInput("criteria is required when type is cql");
            }
            where = cql(body.get("criteria").asText());
        } else {
            JsonNode uuids = body.path("uuids");
            if (!uuids.isArray()) throw new InvalidInput("uuids must be an array of record ids when type is uuid");
            StringBuilder csv = new StringBuilder();
            for (JsonNode u : uuids) csv.append(u.isValueNode() ? u.asText() : u.toString()).append('\n');
            ids = csv.toString().getBytes(StandardCharsets.UTF_8);
        }
        ObjectNode job = db.tx(c -> newJob(c, schema, userId));
        UUID jobId = UUID.fromString(job.get("id").asText());
        Path csv = null;
        if (ids != null && ids.length > 0) {
            csv = files.resolve(files.relative("quick-export.csv", tenant, "uploads", jobId.toString()));
            try {
                DataFiles.save(csv, new ByteArrayInputStream(ids));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        String base = body.path("fileName").isTextual() && !body.get("fileName").asText().isBlank()
                ? body.get("fileName").asText().replaceFirst("\\.mrc$", "") : "quick-export";
        start(schema, new Plan(jobId, kind, csv, where, base, userId), profile,
                where == null && csv == null ? "Error while reading from input file with uuids or file is empty" : null,
                ExportError.READING_FROM_INPUT_FILE);
        return Json.object().put("jobExecutionId", jobId.toString()).put("jobExecutionHrId",
                job.get("hrId").asText());
    }

    /**
     * Moves the NEW job to IN_PROGRESS with its profile and hands it to the background; a refusal FOLIO makes in
     * the job ({@code failure}) ends it in FAIL with its error log instead.
     */
    private void start(String schema, Plan plan, ObjectNode profile, String failure, ExportError failureCode) {
        String onlyDefault = plan.kind().onlyDefaultProfile();
        if (failure == null && onlyDefault != null && !plan.kind().defaultJobProfile().equals(profile.path("id").asText())) {
            failure = onlyDefault;
            failureCode = ExportError.MESSAGE_PLACEHOLDER;
        }
        String finalFailure = failure;
        ExportError finalCode = failureCode;
        db.tx(c -> {
            ObjectNode job = DataExportTypes.JOBS.getForUpdate(c, schema, plan.jobId())
                    .orElseThrow(() -> new NotFound("Job execution not found with id " + plan.jobId()));
            if (!NEW.equals(job.path("status").asText())) {
                throw Refused.because("Job execution " + plan.jobId() + " has already been started (status "
                        + job.path("status").asText() + ")", "jobExecutionId", plan.jobId().toString());
            }
            ObjectNode next = job.deepCopy();
            next.put("jobProfileId", profile.path("id").asText()).put("jobProfileName", profile.path("name").asText())
                    .put("startedDate", Json.date(Instant.now())).put("lastUpdatedDate", Json.date(Instant.now()));
            if (finalFailure != null) {
                next.put("status", "FAIL").put("completedDate", Json.date(Instant.now()));
                DataExportTypes.ERROR_LOGS.insert(c, schema, errorLog(plan.jobId(), finalCode,
                        finalCode == ExportError.MESSAGE_PLACEHOLDER ? List.of(finalFailure) : List.of(), null, null),
                        plan.userId());
            } else {
                next.put("status", "IN_PROGRESS");
            }
            DataExportTypes.JOBS.replace(c, schema, job, next, plan.userId());
            return null;
        });
        if (failure == null) {
            executor.submit(() -> new ExportRun(db, files, this, schema, plan).run());
        }
    }

    /** {@code DELETE /data-export/job-executions/{id}}: the job, its error logs and its files. */
    void delete(String tenant, String schema, UUID jobId) {
        boolean deleted = db.tx(c -> {
            DataExportStore.deleteLogs(c, schema, jobId);
            return DataExportTypes.JOBS.delete(c, schema, jobId);
        });
        if (!deleted) throw new NotFound("Job execution not found with id " + jobId);
        files.deleteTree(files.dir(tenant, jobId.toString()));
    }

    /** The job ended while its export still ran (expired, see {@link ExportExpiry}, or deleted): the run stops. */
    static final class JobEnded extends RuntimeException {
        JobEnded(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Changes a running job in one transaction (the job's row locked). A job no longer IN_PROGRESS is left as it is
     * ({@link JobEnded}): an export the expiry failed must not end COMPLETED when its thread finishes after all.
     */
    void update(String schema, UUID jobId, UUID userId, Consumer<ObjectNode> change, List<ObjectNode> logs) {
        db.tx(c -> {
            ObjectNode job = DataExportTypes.JOBS.getForUpdate(c, schema, jobId)
                    .orElseThrow(() -> new JobEnded("Job execution " + jobId + " was deleted while it ran"));
            String status = job.path("status").asText();
            if (!"IN_PROGRESS".equals(status))
                throw new JobEnded("Job execution " + jobId + " became " + status + " while it ran");
            ObjectNode next = job.deepCopy();
            change.accept(next);
            next.put("lastUpdatedDate", Json.date(Instant.now()));
            for (ObjectNode l : logs) DataExportTypes.ERROR_LOGS.insert(c, schema, l, userId);
            DataExportTypes.JOBS.replace(c, schema, job, next, userId);
            return null;
        });
    }

    /**
     * An error log entry, errorLog.json: {jobExecutionId, createdDate, logLevel ERROR, errorMessageCode,
     * errorMessageValues, affectedRecord {id, recordType}} (mod-data-export's ErrorLogService): the code and its values
     * (not the sentence, see {@link ExportError}); the affected record only for an entry about one record, as FOLIO's
     * general errors carry none.
     */
    static ObjectNode errorLog(UUID jobId, ExportError error, List<String> values, String recordId, RecordKind kind) {
        ObjectNode l = Json.object().put("id", UUID.randomUUID().toString()).put("jobExecutionId", jobId.toString())
                .put("createdDate", Json.date(Instant.now())).put("logLevel", "ERROR")
                .put("errorMessageCode", error.code());
        // PostgreSQL's jsonb refuses \u0000, which a bad line of an uploaded file can carry into the message
        var array = l.putArray("errorMessageValues");
        for (String v : values) array.add(v.replace('\u0000', '\uFFFD'));
        if (recordId != null || kind != null) {
            ObjectNode affected = l.putObject("affectedRecord");
            if (recordId != null) affected.put("id", recordId);
            if (kind != null) affected.put("recordType", kind.name());
        }
        return l;
    }

    /** An entry whose one value is the message (FOLIO's error.messagePlaceholder). */
    static ObjectNode errorLog(UUID jobId, String message) {
        return errorLog(jobId, ExportError.MESSAGE_PLACEHOLDER, List.of(message), null, null);
    }

    private ObjectNode profile(String schema, UUID id) {
        return db.read(c -> DataExportTypes.JOB_PROFILES.get(c, schema, id))
                .orElseThrow(() -> new NotFound("Job profile not found with id " + id));
    }

    private Path uploaded(JsonNode def) {
        if (!def.hasNonNull("sourcePath")) return null;
        Path p = files.resolve(def.get("sourcePath").asText());
        return Files.isRegularFile(p) ? p : null;
    }

    /** An instance CQL query over the instance table's typed columns; a malformed one is a 400. */
    private static SqlWhere cql(String query) {
        try {
            return InventoryTypes.INSTANCES.translate(query.strip());
        } catch (InvalidInput | org.quire.platform.cql.CqlException e) {
            throw new InvalidInput("Invalid CQL syntax in " + query.strip() + ": " + e.getMessage());
        }
    }

    private static String readQuery(Path file) {
        try {
            if (Files.size(file) > 64 * 1024) throw new InvalidInput("A CQL file holds one query of at most 64 KB");
            String query = Files.readString(file, StandardCharsets.UTF_8);
            if (query.indexOf('\u0000') >= 0) throw new InvalidInput("The CQL file holds a NUL character");
            return query;
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InvalidInput("The CQL file is not UTF-8 text");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static UUID uuid(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) throw new InvalidInput(field + " is required");
        return Ids.parse(v.isTextual() ? v.asText() : null)
                .orElseThrow(() -> new InvalidInput("Invalid UUID format: " + field + " " + v));
    }

    static Logger log() {
        return log;
    }

}
