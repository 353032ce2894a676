package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Data import's SQL: job executions (typed columns, rendered as SRM's JobExecution / jobExecutionDto) and the job
 * log (SRM's journal, one entry per record). Upload definitions and file extensions are record stores
 * ({@link DataImportTypes}). The pipeline moves a job along with {@link #updateStatus}, {@link #updateProgress},
 * {@link #setJobProfile} and {@link #insertLogEntries}, each one statement.
 */
public final class DataImportStore {
    private DataImportStore() {
    }

    public record Page(List<ObjectNode> records, long totalRecords) {
    }

    // ---- job executions ----------------------------------------------------------------------------------------

    /**
     * The select list of a job execution over {@code j}; runBy is the user's name as SRM looks it up when the job is
     * created (kept in the row, so the name at the time stays).
     */
    private static final String JOB_COLUMNS = "j.id, j.hrid, j.parent_job_id, j.subordination_type, j.status, "
            + "j.ui_status, j.error_status, j.file_name, j.source_path, j.user_id, j.run_by_first_name, "
            + "j.run_by_last_name, j.job_profile_id, j.job_profile_name, j.job_profile_data_type, j.progress_current, "
            + "j.progress_total, j.total_records_in_file, j.job_part_number, j.total_job_parts, j.started_date, "
            + "j.completed_date";

    /** Inserts the jobs in one batch, each with the next hrId and its user's name. */
    public static void insertJobs(Connection c, String schema, List<JobExecution> jobs, Instant now)
            throws SQLException {
        String sql = "INSERT INTO " + schema + ".job_execution (id, parent_job_id, subordination_type, status, "
                + "ui_status, upload_definition_id, file_name, source_path, user_id, run_by_first_name, "
                + "run_by_last_name, progress_current, progress_total, created_date, started_date) "
                + "SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, u.jsonb->'personal'->>'firstName', u.jsonb->'personal'->>'lastName', "
                + "0, 100, ?, ? FROM (SELECT 1) one LEFT JOIN " + schema + ".users u ON u.id = ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (JobExecution j : jobs) {
                Sql.bind(ps, java.util.Arrays.asList(j.id(), j.parentJobId(), j.subordinationType(), j.status().name(),
                        j.status().uiStatus(), j.uploadDefinitionId(), j.fileName(), j.sourcePath(), j.userId(), now,
                        now, j.userId()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    public static Optional<ObjectNode> job(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT " + JOB_COLUMNS + " FROM " + schema + ".job_execution j WHERE j.id = ?", List.of(id),
                DataImportStore::jobJson);
    }

    /** The jobs of an upload definition, locked (a delete or an upload changes them). */
    public static List<ObjectNode> jobsOfUpload(Connection c, String schema, UUID uploadDefinitionId)
            throws SQLException {
        return Sql.list(c, "SELECT " + JOB_COLUMNS + " FROM " + schema + ".job_execution j "
                + "WHERE j.upload_definition_id = ? ORDER BY j.hrid FOR UPDATE", List.of(uploadDefinitionId),
                DataImportStore::jobJson);
    }

    /** The children of a parent job (not the parent itself), oldest first. */
    public static Page children(Connection c, String schema, UUID parentId, int limit, int offset)
            throws SQLException {
        String where = " FROM " + schema + ".job_execution j WHERE j.parent_job_id = ? AND j.id <> ?";
        List<ObjectNode> rows = Sql.list(c, "SELECT " + JOB_COLUMNS + where + " ORDER BY j.hrid LIMIT ? OFFSET ?",
                List.of(parentId, parentId, limit, offset), DataImportStore::jobJson);
        long total = Sql.one(c, "SELECT count(*)" + where, List.of(parentId, parentId), rs -> rs.getLong(1))
                .orElse(0L);
        return new Page(rows, total);
    }

    /**
     * {@code GET /metadata-provider/jobExecutions}: the filtered, sorted page and its total, PARENT_MULTIPLE jobs
     * excluded (SRM's JobExecutionDaoImpl). Two statements.
     */
    public static Page searchJobs(Connection c, String schema, JobQuery q, int limit, int offset)
            throws SQLException {
        List<Object> params = new ArrayList<>();
        StringBuilder w = new StringBuilder(" FROM " + schema + ".job_execution j WHERE j.subordination_type <> 'PARENT_MULTIPLE'");
        if (!q.statusAny().isEmpty()) {
            w.append(" AND j.status = ANY(?)");
            params.add(q.statusAny().stream().map(Enum::name).toArray(String[]::new));
        }
        if (q.statusNot() != null) {
            w.append(" AND j.status <> ?");
            params.add(q.statusNot().name());
        }
        if (!q.uiStatusAny().isEmpty()) {
            w.append(" AND j.ui_status = ANY(?)");
            params.add(q.uiStatusAny().toArray(String[]::new));
        }
        if (!q.profileIdAny().isEmpty()) {
            w.append(" AND j.job_profile_id = ANY(?)");
            params.add(q.profileIdAny().toArray(UUID[]::new));
        }
        if (!q.profileIdNotAny().isEmpty()) {
            w.append(" AND (j.job_profile_id IS NULL OR j.job_profile_id <> ALL(?))");
            params.add(q.profileIdNotAny().toArray(UUID[]::new));
        }
        if (!q.subordinationTypeNotAny().isEmpty()) {
            w.append(" AND j.subordination_type <> ALL(?)");
            params.add(q.subordinationTypeNotAny().toArray(String[]::new));
        }
        String hrid = q.hrIdPattern() == null ? null : "j.hrid::text LIKE ?";
        String file = q.fileNamePattern() == null ? null : "j.file_name ILIKE ?";
        if (hrid != null && file != null) {
            w.append(" AND (").append(hrid).append(" OR ").append(file).append(")");
        } else if (hrid != null || file != null) {
            w.append(" AND ").append(hrid != null ? hrid : file);
        }
        if (hrid != null) params.add(like(q.hrIdPattern()));
        if (file != null) params.add(like(q.fileNamePattern()));
        if (!q.fileNameNotAny().isEmpty()) {
            w.append(" AND (j.file_name IS NULL OR j.file_name <> ALL(?))");
            params.add(q.fileNameNotAny().toArray(String[]::new));
        }
        if (q.userId() != null) {
            w.append(" AND j.user_id = ?");
            params.add(q.userId());
        }
        if (q.completedAfter() != null) {
            w.append(" AND j.completed_date >= ?");
            params.add(q.completedAfter());
        }
        if (q.completedBefore() != null) {
            w.append(" AND j.completed_date <= ?");
            params.add(q.completedBefore());
        }
        if (q.excludeJobProfileName() != null) {
            w.append(" AND (j.job_profile_name IS NULL OR j.job_profile_name <> ?)");
            params.add(q.excludeJobProfileName());
        }
        StringBuilder order = new StringBuilder();
        for (JobQuery.Sort s : q.sorts()) {
            order.append(sortColumn(s.field())).append(s.descending() ? " DESC NULLS LAST, " : " ASC NULLS FIRST, ");
        }
        order.append("j.hrid DESC");
        List<Object> page = new ArrayList<>(params);
        page.add(limit);
        page.add(offset);
        List<ObjectNode> rows = Sql.list(c, "SELECT " + JOB_COLUMNS + w + " ORDER BY " + order + " LIMIT ? OFFSET ?",
                page, DataImportStore::jobJson);
        long total = Sql.one(c, "SELECT count(*)" + w, params, rs -> rs.getLong(1)).orElse(0L);
        return new Page(rows, total);
    }

    /** SRM's wildcard: {@code *} is any run of characters; SQL's own wildcards are taken literally. */
    private static String like(String pattern) {
        return pattern.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_").replace("*", "%");
    }

    private static String sortColumn(String field) {
        return switch (field) {
            case "completed_date" -> "j.completed_date";
            case "started_date" -> "j.started_date";
            case "progress_total" -> "j.progress_total";
            case "file_name" -> "lower(j.file_name)";
            case "status" -> "j.status";
            case "job_profile_name" -> "lower(j.job_profile_name)";
            case "hrid" -> "j.hrid";
            case "job_user_first_name" -> "lower(j.run_by_first_name)";
            case "job_user_last_name" -> "lower(j.run_by_last_name)";
            default -> throw new IllegalArgumentException("not a sort field: " + field);
        };
    }

    /** The users who ran jobs (SRM's jobExecutionUserInfoCollection), by name. */
    public static Page jobUsers(Connection c, String schema, int limit, int offset) throws SQLException {
        String from = " FROM (SELECT DISTINCT user_id, run_by_first_name, run_by_last_name FROM " + schema
                + ".job_execution WHERE user_id IS NOT NULL AND subordination_type <> 'PARENT_MULTIPLE') u";
        List<ObjectNode> rows = Sql.list(c, "SELECT user_id, run_by_first_name, run_by_last_name" + from
                + " ORDER BY lower(run_by_first_name), lower(run_by_last_name), user_id LIMIT ? OFFSET ?",
                List.of(limit, offset), rs -> {
                    ObjectNode n = Json.object();
                    n.put("userId", rs.getString(1));
                    if (rs.getString(2) != null) n.put("job_user_first_name", rs.getString(2));
                    if (rs.getString(3) != null) n.put("job_user_last_name", rs.getString(3));
                    return n;
                });
        long total = Sql.one(c, "SELECT count(*)" + from, List.of(), rs -> rs.getLong(1)).orElse(0L);
        return new Page(rows, total);
    }

    /** The job profiles jobs ran with (SRM's jobProfileInfoCollection), by name. */
    public static Page jobProfiles(Connection c, String schema, int limit, int offset) throws SQLException {
        String from = " FROM (SELECT DISTINCT job_profile_id, job_profile_name, job_profile_data_type FROM " + schema
                + ".job_execution WHERE job_profile_id IS NOT NULL) p";
        List<ObjectNode> rows = Sql.list(c, "SELECT job_profile_id, job_profile_name, job_profile_data_type" + from
                + " ORDER BY lower(job_profile_name), job_profile_id LIMIT ? OFFSET ?", List.of(limit, offset), rs -> {
                    ObjectNode n = Json.object();
                    n.put("id", rs.getString(1));
                    if (rs.getString(2) != null) n.put("name", rs.getString(2));
                    if (rs.getString(3) != null) n.put("dataType", rs.getString(3));
                    return n;
                });
        long total = Sql.one(c, "SELECT count(*)" + from, List.of(), rs -> rs.getLong(1)).orElse(0L);
        return new Page(rows, total);
    }

    /**
     * Moves jobs to {@code status} (its uiStatus with it); a finished status stamps completedDate, and a job that
     * leaves NEW/FILE_UPLOADED for the pipeline gets its startedDate now. Answers how many jobs changed.
     */
    public static int updateStatus(Connection c, String schema, Collection<UUID> ids, JobStatus status,
                                   String errorStatus) throws SQLException {
        return Sql.update(c, "UPDATE " + schema + ".job_execution SET status = ?, ui_status = ?, error_status = ?, "
                + "completed_date = CASE WHEN ? THEN now() ELSE completed_date END "
                + "WHERE id = ANY(?)", java.util.Arrays.asList(status.name(), status.uiStatus(), errorStatus,
                status.finished(), ids.toArray(UUID[]::new)));
    }

    /** A NEW job whose file has arrived becomes FILE_UPLOADED (mod-data-import's afterFileSave). */
    static void fileUploaded(Connection c, String schema, UUID jobId) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".job_execution SET status = ?, ui_status = ? WHERE id = ? AND status = ?",
                List.of(JobStatus.FILE_UPLOADED.name(), JobStatus.FILE_UPLOADED.uiStatus(), jobId,
                        JobStatus.NEW.name()));
    }

    /** Which of these extensions (lower case, with the dot) are blocked from import. */
    static java.util.Set<String> blockedExtensions(Connection c, String schema, List<String> extensions)
            throws SQLException {
        return java.util.Set.copyOf(Sql.list(c, "SELECT lower(extension) FROM " + schema + ".file_extension "
                + "WHERE import_blocked AND lower(extension) = ANY(?)",
                List.of((Object) extensions.toArray(String[]::new)), rs -> rs.getString(1)));
    }

    /** Whether another file extension than {@code self} has this extension, case-insensitively. */
    static boolean extensionExists(Connection c, String schema, String extension, UUID self) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + ".file_extension WHERE lower(extension) = lower(?) "
                + "AND id IS DISTINCT FROM ?", java.util.Arrays.asList(extension, self), rs -> true).isPresent();
    }

    /** The file extensions become FOLIO's defaults again (mod-data-import's restoreFileExtensions). */
    static void restoreDefaultExtensions(Connection c, String schema) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".file_extension", List.of());
        Sql.update(c, "INSERT INTO " + schema + ".file_extension (id, jsonb, created_date, updated_date, extension, "
                + "import_blocked) SELECT id, jsonb, (jsonb->'metadata'->>'createdDate')::timestamptz, "
                + "(jsonb->'metadata'->>'updatedDate')::timestamptz, extension, import_blocked FROM " + schema
                + ".default_file_extension", List.of());
    }

    /** A user's {@code userInfo} as mod-data-import writes it: firstName, lastName, userName (null: no such user). */
    static ObjectNode userInfo(Connection c, String schema, UUID userId) throws SQLException {
        if (userId == null) return null;
        return Sql.one(c, "SELECT jsonb->'personal'->>'firstName', jsonb->'personal'->>'lastName', username FROM "
                + schema + ".users WHERE id = ?", List.of(userId), rs -> {
                    ObjectNode n = Json.object();
                    n.put("firstName", rs.getString(1) == null ? "" : rs.getString(1));
                    n.put("lastName", rs.getString(2) == null ? "" : rs.getString(2));
                    n.put("userName", rs.getString(3) == null ? "" : rs.getString(3));
                    return n;
                }).orElse(null);
    }

    /** The pipeline's progress: records done of the file's total (SRM's progress, and totalRecordsInFile). */
    public static void updateProgress(Connection c, String schema, UUID id, int current, int total)
            throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".job_execution SET progress_current = ?, progress_total = ?, "
                + "total_records_in_file = ? WHERE id = ?", List.of(current, total, total, id));
    }

    /** The job profile a job runs with (SRM's PUT /change-manager/jobExecutions/{id}/jobProfile). */
    public static void setJobProfile(Connection c, String schema, UUID id, UUID profileId, String name,
                                     String dataType) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".job_execution SET job_profile_id = ?, job_profile_name = ?, "
                + "job_profile_data_type = ? WHERE id = ?", java.util.Arrays.asList(profileId, name, dataType, id));
    }

    /** Deletes jobs and their logs (SRM's DELETE /change-manager/jobExecutions); answers the ids that existed. */
    public static List<UUID> deleteJobs(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        return Sql.list(c, "DELETE FROM " + schema + ".job_execution WHERE id = ANY(?) RETURNING id",
                List.of((Object) ids.toArray(UUID[]::new)), rs -> rs.getObject(1, UUID.class));
    }

    private static ObjectNode jobJson(ResultSet rs) throws SQLException {
        ObjectNode n = Json.object();
        String id = rs.getString("id");
        n.put("id", id);
        n.put("hrId", rs.getLong("hrid"));
        n.put("parentJobId", rs.getString("parent_job_id"));
        n.put("subordinationType", rs.getString("subordination_type"));
        if (rs.getString("job_profile_id") != null) {
            ObjectNode p = n.putObject("jobProfileInfo");
            p.put("id", rs.getString("job_profile_id"));
            if (rs.getString("job_profile_name") != null) p.put("name", rs.getString("job_profile_name"));
            if (rs.getString("job_profile_data_type") != null) p.put("dataType", rs.getString("job_profile_data_type"));
        }
        putIfSet(n, "sourcePath", rs.getString("source_path"));
        putIfSet(n, "fileName", rs.getString("file_name"));
        ObjectNode runBy = n.putObject("runBy");
        putIfSet(runBy, "firstName", rs.getString("run_by_first_name"));
        putIfSet(runBy, "lastName", rs.getString("run_by_last_name"));
        ObjectNode progress = n.putObject("progress");
        progress.put("jobExecutionId", id);
        progress.put("current", rs.getInt("progress_current"));
        progress.put("total", rs.getInt("progress_total"));
        putIfSet(n, "startedDate", date(rs.getTimestamp("started_date")));
        putIfSet(n, "completedDate", date(rs.getTimestamp("completed_date")));
        n.put("status", rs.getString("status"));
        n.put("uiStatus", rs.getString("ui_status"));
        putIfSet(n, "errorStatus", rs.getString("error_status"));
        putIfSet(n, "userId", rs.getString("user_id"));
        n.put("jobPartNumber", rs.getInt("job_part_number"));
        n.put("totalJobParts", rs.getInt("total_job_parts"));
        int total = rs.getInt("total_records_in_file");
        if (!rs.wasNull()) n.put("totalRecordsInFile", total);
        return n;
    }

    private static String date(Timestamp t) {
        return t == null ? null : Json.date(t.toInstant());
    }

    private static void putIfSet(ObjectNode n, String key, String value) {
        if (value != null) n.put(key, value);
    }

    // ---- the job log -------------------------------------------------------------------------------------------

    /** Appends log entries in one batch (the pipeline, per chunk of records). */
    public static void insertLogEntries(Connection c, String schema, List<LogEntry> entries) throws SQLException {
        if (entries.isEmpty()) return;
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + schema + ".job_log_entry (id, "
                + "job_execution_id, source_record_id, source_record_order, source_record_type, title, "
                + "source_record_action_status, instance_action_status, holdings_action_status, item_action_status, "
                + "authority_action_status, error, related) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (LogEntry e : entries) {
                Sql.bind(ps, java.util.Arrays.asList(e.id() != null ? e.id() : UUID.randomUUID(), e.jobExecutionId(),
                        e.sourceRecordId(), e.sourceRecordOrder(), e.sourceRecordType(), e.sourceRecordTitle(),
                        e.sourceRecordActionStatus(), e.instanceActionStatus(), e.holdingsActionStatus(),
                        e.itemActionStatus(), e.authorityActionStatus(), e.error(),
                        new Sql.Json(e.related() == null ? "{}" : e.related().toString())));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** SRM's jobLogEntries sort fields and their columns. */
    public static final List<String> LOG_SORT_FIELDS = List.of("source_record_order", "title",
            "source_record_action_status", "instance_action_status", "holdings_action_status", "item_action_status",
            "error");

    /**
     * A page of a job's log: all entries, or those with an error, or those touching one entity type
     * ({@code entityType} MARC, INSTANCE, HOLDINGS, ITEM, AUTHORITY; null or ALL: every entry).
     */
    public static Page logEntries(Connection c, String schema, UUID jobId, boolean errorsOnly, String entityType,
                                  String sortField, boolean descending, int limit, int offset) throws SQLException {
        StringBuilder w = new StringBuilder(" FROM " + schema + ".job_log_entry e WHERE e.job_execution_id = ?");
        if (errorsOnly) w.append(" AND (e.error IS NOT NULL AND e.error <> '')");
        if (entityType != null) {
            switch (entityType) {
                case "MARC" -> w.append(" AND e.source_record_action_status IS NOT NULL");
                case "INSTANCE" -> w.append(" AND e.instance_action_status IS NOT NULL");
                case "HOLDINGS" -> w.append(" AND e.holdings_action_status IS NOT NULL");
                case "ITEM" -> w.append(" AND e.item_action_status IS NOT NULL");
                case "AUTHORITY" -> w.append(" AND e.authority_action_status IS NOT NULL");
                default -> w.append(" AND FALSE"); // ORDER, INVOICE: Quire imports none
            }
        }
        String column = !LOG_SORT_FIELDS.contains(sortField) ? "e.source_record_order"
                : sortField.equals("title") || sortField.equals("error") ? "lower(e." + sortField + ")"
                : "e." + sortField;
        List<ObjectNode> rows = Sql.list(c, "SELECT e.*" + w + " ORDER BY " + column + (descending ? " DESC" : " ASC")
                + ", e.source_record_order LIMIT ? OFFSET ?", List.of(jobId, limit, offset), DataImportStore::logJson);
        long total = Sql.one(c, "SELECT count(*)" + w, List.of(jobId), rs -> rs.getLong(1)).orElse(0L);
        return new Page(rows, total);
    }

    /**
     * One record's processing log (SRM's recordProcessingLogDto, GET /metadata-provider/jobLogEntries/{jobId}/records/
     * {recordId}): the journal entry of the incoming record {@code recordId} — as SRM's get_record_processing_log,
     * which looks the record up by the journal's source_id, the incoming record's id — or, for clients of SRM versions
     * before incoming records, by the SRS record's id. Two index look-ups at most; empty when the job has no such record.
     */
    public static Optional<ObjectNode> recordLog(Connection c, String schema, UUID jobId, UUID recordId)
            throws SQLException {
        String select = "SELECT e.* FROM " + schema + ".job_log_entry e WHERE e.job_execution_id = ? AND ";
        Optional<ObjectNode> byIncoming = Sql.one(c, select + "e.id = ?", List.of(jobId, recordId),
                DataImportStore::recordLogJson);
        if (byIncoming.isPresent()) return byIncoming;
        return Sql.one(c, select + "e.source_record_id = ? ORDER BY e.source_record_order LIMIT 1",
                List.of(jobId, recordId), DataImportStore::recordLogJson);
    }

    /**
     * recordProcessingLogDto (data-import-raml-storage schemas/dto/recordProcessingLogDto.json, filled as SRM's
     * JournalRecordDaoImpl.mapRowSetToRecordProcessingLogDto): sourceRecordOrder is an integer here (a string in
     * the log's list), relatedHoldingsInfo and relatedItemInfo are lists, and every related*Info is present.
     */
    private static ObjectNode recordLogJson(ResultSet rs) throws SQLException {
        ObjectNode n = Json.object();
        n.put("jobExecutionId", rs.getString("job_execution_id"));
        n.put("incomingRecordId", rs.getString("id"));
        putIfSet(n, "sourceRecordId", rs.getString("source_record_id"));
        n.put("sourceRecordOrder", rs.getInt("source_record_order"));
        putIfSet(n, "sourceRecordTitle", rs.getString("title"));
        putIfSet(n, "sourceRecordActionStatus", rs.getString("source_record_action_status"));
        putIfSet(n, "error", rs.getString("error"));
        ObjectNode related = Json.parseObject(rs.getString("related"));
        for (String info : List.of("relatedInstanceInfo", "relatedAuthorityInfo", "relatedPoLineInfo",
                "relatedInvoiceInfo")) {
            n.set(info, related.has(info) ? related.get(info) : emptyEntityInfo());
        }
        for (String list : List.of("relatedHoldingsInfo", "relatedItemInfo")) {
            n.set(list, related.has(list) ? related.get(list) : Json.array());
        }
        n.putObject("relatedInvoiceLineInfo");
        return n;
    }

    /** processedEntityInfo.json with nothing done: empty id and HRID lists, as SRM answers. */
    private static ObjectNode emptyEntityInfo() {
        ObjectNode info = Json.object();
        info.putArray("idList");
        info.putArray("hridList");
        return info;
    }

    private static ObjectNode logJson(ResultSet rs) throws SQLException {
        ObjectNode n = Json.object();
        n.put("jobExecutionId", rs.getString("job_execution_id"));
        n.put("incomingRecordId", rs.getString("id"));
        putIfSet(n, "sourceRecordId", rs.getString("source_record_id"));
        n.put("sourceRecordOrder", String.valueOf(rs.getInt("source_record_order")));
        putIfSet(n, "sourceRecordType", rs.getString("source_record_type"));
        putIfSet(n, "sourceRecordTitle", rs.getString("title"));
        putIfSet(n, "sourceRecordActionStatus", rs.getString("source_record_action_status"));
        ObjectNode related = Json.parseObject(rs.getString("related"));
        n.setAll(related);
        putIfSet(n, "error", rs.getString("error"));
        return n;
    }

    /**
     * SRM's jobExecutionSummaryDto: per entity, how many were created, updated, deleted, discarded and failed, and
     * the job's errors. One statement.
     */
    public static ObjectNode summary(Connection c, String schema, UUID jobId) throws SQLException {
        String[][] kinds = {{"sourceRecordSummary", "source_record_action_status"},
                {"instanceSummary", "instance_action_status"}, {"holdingSummary", "holdings_action_status"},
                {"itemSummary", "item_action_status"}, {"authoritySummary", "authority_action_status"}};
        StringBuilder sql = new StringBuilder("SELECT count(*) FILTER (WHERE error IS NOT NULL AND error <> '')");
        for (String[] k : kinds) {
            for (String action : List.of("CREATED", "UPDATED", "DELETED", "DISCARDED")) {
                sql.append(", count(*) FILTER (WHERE ").append(k[1]).append(" = '").append(action).append("')");
            }
            sql.append(", count(*) FILTER (WHERE ").append(k[1]).append(" = 'DISCARDED' AND error IS NOT NULL AND error <> '')");
        }
        sql.append(" FROM ").append(schema).append(".job_log_entry WHERE job_execution_id = ?");
        return Sql.one(c, sql.toString(), List.of(jobId), rs -> {
            ObjectNode n = Json.object();
            n.put("jobExecutionId", jobId.toString());
            int col = 2;
            for (String[] k : kinds) {
                ObjectNode s = n.putObject(k[0]);
                s.put("totalCreatedEntities", rs.getLong(col++));
                s.put("totalUpdatedEntities", rs.getLong(col++));
                s.put("totalDeletedEntities", rs.getLong(col++));
                s.put("totalDiscardedEntities", rs.getLong(col++));
                s.put("totalErrors", rs.getLong(col++));
            }
            n.put("totalErrors", rs.getLong(1));
            return n;
        }).orElseThrow();
    }

    /**
     * Runs {@code work} under a savepoint of the caller's transaction: when it fails, its writes are undone, the
     * transaction goes on, and the failure is rethrown (the pipeline's "nothing half-imported" per record).
     */
    static <T> T underSavepoint(Connection c, org.quire.platform.db.Database.SqlWork<T> work) throws SQLException {
        java.sql.Savepoint sp = c.setSavepoint();
        try {
            T result = work.run(c);
            c.releaseSavepoint(sp);
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback(sp);
            throw e;
        }
    }

    static ArrayNode ids(Collection<UUID> ids) {
        ArrayNode a = Json.array();
        ids.forEach(id -> a.add(id.toString()));
        return a;
    }
}
