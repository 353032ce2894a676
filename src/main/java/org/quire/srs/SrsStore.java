package org.quire.srs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * All of Source Record Storage's SQL: records (one row per generation, srs_record) and snapshots (srs_snapshot).
 * Every method takes the caller's connection, so the importer can write records in its own transaction; lookups by an
 * external id are one index scan (V33's indexes on instance_id, holdings_id, authority_id and their HRIDs).
 */
public final class SrsStore {
    private SrsStore() {
    }

    /** Rows per INSERT statement: 22 parameters each, far below PostgreSQL's 65,535 bind parameters. */
    static final int INSERT_CHUNK = 500;

    private static final String COLUMNS = "id, matched_id, snapshot_id, generation, record_type, state, raw_content, "
            + "parsed_content, error_description, error_content, instance_id, instance_hrid, holdings_id, "
            + "holdings_hrid, authority_id, authority_hrid, suppress_discovery, leader_record_status, \"order\", "
            + "created_by, created_date, updated_by, updated_date";
    private static final String ROW_PARAMS = "(?, ?, ?, ?, ?, ?, ?, ?::json, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    public record Page<T>(List<T> items, long totalRecords) {
    }

    // ---- records ------------------------------------------------------------------------------------------------

    /**
     * Inserts {@code records} with multi-row INSERTs ({@value #INSERT_CHUNK} rows per statement); metadata is set to
     * now and {@code userId} where the record has none. Returns the records as stored.
     */
    public static List<SrsRecord> insert(Connection c, String schema, List<SrsRecord> records, UUID userId)
            throws SQLException {
        Instant now = Instant.now();
        List<SrsRecord> stored = new ArrayList<>(records.size());
        for (SrsRecord r : records) stored.add(withMetadata(r, userId, now));
        for (int from = 0; from < stored.size(); from += INSERT_CHUNK) {
            List<SrsRecord> chunk = stored.subList(from, Math.min(stored.size(), from + INSERT_CHUNK));
            String sql = "INSERT INTO " + schema + ".srs_record (" + COLUMNS + ") VALUES "
                    + String.join(", ", java.util.Collections.nCopies(chunk.size(), ROW_PARAMS));
            List<Object> params = new ArrayList<>(chunk.size() * 23);
            for (SrsRecord r : chunk) params.addAll(values(r));
            Sql.update(c, sql, params);
        }
        return stored;
    }

    private static SrsRecord withMetadata(SrsRecord r, UUID userId, Instant now) {
        return new SrsRecord(r.id(), r.matchedId(), r.snapshotId(), r.generation(), r.recordType(), r.state(),
                r.rawContent(), r.parsedContent(), r.errorDescription(), r.errorContent(), r.externalIds(),
                r.suppressDiscovery(), r.leaderRecordStatus(), r.order(),
                r.createdBy() != null ? r.createdBy() : userId, r.createdDate() != null ? r.createdDate() : now,
                userId, now);
    }

    private static List<Object> values(SrsRecord r) {
        ExternalIds x = r.externalIds() == null ? ExternalIds.NONE : r.externalIds();
        List<Object> v = new ArrayList<>(23);
        v.add(r.id());
        v.add(r.matchedId());
        v.add(r.snapshotId());
        v.add(r.generation());
        v.add(r.recordType().name());
        v.add(r.state().name());
        v.add(r.rawContent());
        v.add(r.parsedContent() == null ? null : Json.write(inJsonbOrder(r.parsedContent())));
        v.add(r.errorDescription());
        v.add(r.errorContent());
        v.add(x.instanceId());
        v.add(x.instanceHrid());
        v.add(x.holdingsId());
        v.add(x.holdingsHrid());
        v.add(x.authorityId());
        v.add(x.authorityHrid());
        v.add(r.suppressDiscovery());
        v.add(r.leaderRecordStatus());
        v.add(r.order());
        v.add(r.createdBy());
        v.add(r.createdDate());
        v.add(r.updatedBy());
        v.add(r.updatedDate());
        return v;
    }

    /** The content with its keys as FOLIO's jsonb serves them (V49 keeps it as json text, in the order written). */
    private static ObjectNode inJsonbOrder(ObjectNode content) {
        JsonbKeyOrder.apply(content); // in place: the order of keys changes nothing else
        return content;
    }

    /**
     * Replaces a stored generation in place (same id), keeping its creation metadata: PUT /source-storage/records/{id}
     * and marking a record DELETED.
     */
    public static SrsRecord update(Connection c, String schema, SrsRecord r, UUID userId) throws SQLException {
        SrsRecord next = withMetadata(r, userId, Instant.now());
        List<Object> params = new ArrayList<>(values(next).subList(1, 19));
        params.add(next.updatedBy());
        params.add(next.updatedDate());
        params.add(next.id());
        Sql.update(c, "UPDATE " + schema + ".srs_record SET matched_id = ?, snapshot_id = ?, generation = ?, "
                + "record_type = ?, state = ?, raw_content = ?, parsed_content = ?::json, error_description = ?, "
                + "error_content = ?, instance_id = ?, instance_hrid = ?, holdings_id = ?, holdings_hrid = ?, "
                + "authority_id = ?, authority_hrid = ?, suppress_discovery = ?, leader_record_status = ?, "
                + "\"order\" = ?, updated_by = ?, updated_date = ? WHERE id = ?", params);
        return next;
    }

    /**
     * Stores each of {@code next} (records of distinct matchedIds) as the new ACTUAL generation of its matchedId, in
     * three statements whatever their number (the import's update by match; SRS's
     * RecordServiceImpl.updateSourceRecord): lock the current generations, mark them OLD (ACTUAL, DELETED or DRAFT),
     * insert the new ones each one generation above its matchedId's highest, or as generation 0 when it has none.
     */
    public static List<SrsRecord> newGenerations(Connection c, String schema, List<SrsRecord> next, UUID userId)
            throws SQLException {
        if (next.isEmpty()) return List.of();
        java.sql.Array matched = c.createArrayOf("uuid", next.stream().map(SrsRecord::matchedId).toArray());
        java.util.Map<UUID, Integer> highest = new java.util.HashMap<>();
        for (Object[] row : Sql.list(c, "SELECT matched_id, generation FROM " + schema
                + ".srs_record WHERE matched_id = ANY(?) FOR UPDATE", List.of(matched),
                rs -> new Object[]{rs.getObject(1, UUID.class), rs.getInt(2)})) {
            highest.merge((UUID) row[0], (Integer) row[1], Math::max);
        }
        Sql.update(c, "UPDATE " + schema + ".srs_record SET state = 'OLD', updated_by = ?, updated_date = ? "
                + "WHERE matched_id = ANY(?) AND state IN ('ACTUAL', 'DELETED', 'DRAFT')",
                java.util.Arrays.asList(userId, Instant.now(), matched));
        List<SrsRecord> rows = new ArrayList<>(next.size());
        for (SrsRecord r : next) {
            Integer g = highest.get(r.matchedId());
            rows.add(new SrsRecord(r.id(), r.matchedId(), r.snapshotId(), g == null ? 0 : g + 1, r.recordType(),
                    SrsState.ACTUAL, r.rawContent(), r.parsedContent(), r.errorDescription(), r.errorContent(),
                    r.externalIds(), r.suppressDiscovery(), r.leaderRecordStatus(), r.order(), null, null, null, null));
        }
        return insert(c, schema, rows, userId);
    }

    /**
     * SRS's calculated generation of a new record of {@code matchedId} (RecordDaoImpl.calculateGeneration): one more
     * than the highest generation stored in a COMMITTED snapshot last updated before {@code snapshotId}'s processing
     * started, else 0.
     */
    public static int calculateGeneration(Connection c, String schema, UUID matchedId, UUID snapshotId)
            throws SQLException {
        return Sql.one(c, "SELECT max(r.generation) + 1 FROM " + schema + ".srs_record r JOIN " + schema
                        + ".srs_snapshot s ON s.id = r.snapshot_id WHERE r.matched_id = ? AND s.status = 'COMMITTED' "
                        + "AND s.updated_date < (SELECT processing_started_date FROM " + schema
                        + ".srs_snapshot WHERE id = ?)", List.of(matchedId, snapshotId),
                rs -> rs.getObject(1) == null ? 0 : rs.getInt(1)).orElse(0);
    }

    /** The ACTUAL generations of {@code matchedId} older than {@code generation} become OLD (a newer one arrives). */
    public static void supersede(Connection c, String schema, UUID matchedId, int generation, UUID userId)
            throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".srs_record SET state = 'OLD', updated_by = ?, updated_date = ? "
                        + "WHERE matched_id = ? AND state = 'ACTUAL' AND generation < ?",
                java.util.Arrays.asList(userId, Instant.now(), matchedId, generation));
    }

    /**
     * The record {@code id} names: SRS_RECORD is a generation's own id (any state); the other id types find the
     * current generation (ACTUAL or DELETED, the highest generation first) through their index.
     */
    public static Optional<SrsRecord> find(Connection c, String schema, IdType type, UUID id) throws SQLException {
        String where = switch (type) {
            case SRS_RECORD -> "id = ?";
            case RECORD -> "matched_id = ?";
            case INSTANCE -> "instance_id = ?";
            case HOLDINGS -> "holdings_id = ?";
            case AUTHORITY -> "authority_id = ?";
            case EXTERNAL -> "(instance_id = ? OR holdings_id = ? OR authority_id = ?)";
        };
        List<Object> params = new ArrayList<>();
        if (type == IdType.EXTERNAL) {
            params.addAll(List.of(id, id, id));
        } else {
            params.add(id);
        }
        String current = type == IdType.SRS_RECORD ? "" : " AND state IN ('ACTUAL', 'DELETED')";
        return Sql.one(c, "SELECT " + COLUMNS + " FROM " + schema + ".srs_record WHERE " + where + current
                + " ORDER BY generation DESC LIMIT 1", params, SrsStore::record);
    }

    /** The current (ACTUAL) MARC Bib generation of each of these instances, in one statement: instance id → record. */
    public static java.util.Map<UUID, SrsRecord> currentMarcBibs(Connection c, String schema,
                                                                 java.util.Collection<UUID> instanceIds)
            throws SQLException {
        java.util.Map<UUID, SrsRecord> out = new java.util.HashMap<>();
        if (instanceIds.isEmpty()) return out;
        for (SrsRecord r : Sql.list(c, "SELECT " + COLUMNS + " FROM " + schema + ".srs_record WHERE instance_id = "
                + "ANY(?) AND state = 'ACTUAL' AND record_type = 'MARC_BIB'",
                List.of(c.createArrayOf("uuid", instanceIds.toArray())), SrsStore::record)) {
            out.put(r.externalIds().instanceId(), r);
        }
        return out;
    }

    /**
     * The matchedId of each of these instances' current (ACTUAL) MARC Bib, in one statement: instance id → matchedId.
     * What a new generation needs of the current one; reading whole records (raw and parsed MARC) cost an import's
     * update phase 3.4 s of PostgreSQL per 100,000 records, and the parsing of each record's MARC-in-JSON besides.
     */
    public static java.util.Map<UUID, UUID> currentMarcBibMatchedIds(Connection c, String schema,
                                                                    java.util.Collection<UUID> instanceIds)
            throws SQLException {
        java.util.Map<UUID, UUID> out = new java.util.HashMap<>();
        if (instanceIds.isEmpty()) return out;
        Sql.list(c, "SELECT instance_id, matched_id FROM " + schema + ".srs_record WHERE instance_id = ANY(?) "
                        + "AND state = 'ACTUAL' AND record_type = 'MARC_BIB'",
                List.of(c.createArrayOf("uuid", instanceIds.toArray())),
                rs -> out.put(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)));
        return out;
    }

    public static Optional<SrsRecord> findForUpdate(Connection c, String schema, IdType type, UUID id)
            throws SQLException {
        Optional<SrsRecord> r = find(c, schema, type, id);
        if (r.isEmpty()) return r;
        return Sql.one(c, "SELECT " + COLUMNS + " FROM " + schema + ".srs_record WHERE id = ? FOR UPDATE",
                List.of(r.get().id()), SrsStore::record);
    }

    /** A page of records matching {@code f}, in id order, with the number of all matches. */
    public static Page<SrsRecord> search(Connection c, String schema, SrsFilter f, int limit, int offset)
            throws SQLException {
        Where w = where(c, f);
        List<Object> params = new ArrayList<>(w.params);
        params.add(limit);
        params.add(offset);
        List<SrsRecord> rows = Sql.list(c, "SELECT " + COLUMNS + " FROM " + schema + ".srs_record WHERE " + w.sql
                + orderBy(f) + " LIMIT ? OFFSET ?", params, SrsStore::record);
        long total = rows.size() < limit && (offset == 0 || !rows.isEmpty()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*) FROM " + schema + ".srs_record WHERE " + w.sql, w.params,
                rs -> rs.getLong(1)).orElse(0L);
        return new Page<>(rows, total);
    }

    /**
     * Hands every record matching {@code f} to {@code sink}, in id order, read through a server-side cursor
     * ({@code fetchSize} rows at a time) so that a stream of a million records never holds them all. Needs a
     * connection with auto-commit off (a pgJDBC cursor lives in a transaction).
     */
    public static void stream(Connection c, String schema, SrsFilter f, int limit, int offset,
                              Consumer<SrsRecord> sink) throws SQLException {
        Where w = where(c, f);
        List<Object> params = new ArrayList<>(w.params);
        params.add(limit);
        params.add(offset);
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM " + schema + ".srs_record WHERE "
                + w.sql + orderBy(f) + " LIMIT ? OFFSET ?")) {
            ps.setFetchSize(200);
            Sql.bind(ps, params);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) sink.accept(record(rs));
            }
        }
    }

    /** Rows per page of a stream in id order (each page one short statement; see SrsApi's stream). */
    public static final int STREAM_PAGE = 200;

    /** Up to {@code limit} records matching {@code f} with an id after {@code after} (null: from the start), by id. */
    public static List<SrsRecord> pageAfter(Connection c, String schema, SrsFilter f, UUID after, int offset, int limit)
            throws SQLException {
        Where w = where(c, f);
        List<Object> params = new ArrayList<>(w.params);
        if (after != null) params.add(after);
        params.add(limit);
        params.add(offset);
        return Sql.list(c, "SELECT " + COLUMNS + " FROM " + schema + ".srs_record WHERE " + w.sql
                + (after == null ? "" : " AND id > ?") + " ORDER BY id LIMIT ? OFFSET ?", params, SrsStore::record);
    }

    private record Where(String sql, List<Object> params) {
    }

    /** The fields SRS's orderBy may name, and their columns. */
    public static final java.util.Map<String, String> SORTABLE = java.util.Map.of("id", "id", "matchedId",
            "matched_id", "snapshotId", "snapshot_id", "generation", "generation", "recordType", "record_type",
            "state", "state", "order", "\"order\"", "createdDate", "created_date", "updatedDate", "updated_date",
            "leaderRecordStatus", "leader_record_status");

    /** ORDER BY for {@code f}: its orderBy fields, then id, so that pages never overlap. */
    private static String orderBy(SrsFilter f) {
        StringBuilder sb = new StringBuilder(" ORDER BY ");
        if (f.orderBy() != null) {
            for (SrsFilter.Sort s : f.orderBy()) {
                String column = SORTABLE.get(s.field());
                if (column == null) throw new IllegalArgumentException("not sortable: " + s.field());
                sb.append(column).append(s.descending() ? " DESC NULLS LAST, " : " ASC NULLS LAST, ");
            }
        }
        return sb.append("id").toString();
    }

    private static Where where(Connection c, SrsFilter f) throws SQLException {
        List<String> and = new ArrayList<>();
        List<Object> p = new ArrayList<>();
        eq(and, p, "record_type", f.recordType() == null ? null : f.recordType().name());
        eq(and, p, "id", f.recordId());
        eq(and, p, "snapshot_id", f.snapshotId());
        eq(and, p, "state", f.state() == null ? null : f.state().name());
        eq(and, p, "instance_id", f.instanceId());
        eq(and, p, "instance_hrid", f.instanceHrid());
        eq(and, p, "holdings_id", f.holdingsId());
        eq(and, p, "holdings_hrid", f.holdingsHrid());
        eq(and, p, "leader_record_status", f.leaderRecordStatus());
        eq(and, p, "suppress_discovery", f.suppressFromDiscovery());
        if (f.externalId() != null) {
            and.add("(instance_id = ? OR holdings_id = ? OR authority_id = ?)");
            p.addAll(List.of(f.externalId(), f.externalId(), f.externalId()));
        }
        if (f.externalHrid() != null) {
            and.add("(instance_hrid = ? OR holdings_hrid = ? OR authority_hrid = ?)");
            p.addAll(List.of(f.externalHrid(), f.externalHrid(), f.externalHrid()));
        }
        if (f.updatedAfter() != null) {
            and.add("updated_date >= ?");
            p.add(f.updatedAfter());
        }
        if (f.updatedBefore() != null) {
            and.add("updated_date <= ?");
            p.add(f.updatedBefore());
        }
        if (f.ids() != null) {
            String column = switch (f.idType()) {
                case SRS_RECORD -> "id";
                case RECORD -> "matched_id";
                case INSTANCE -> "instance_id";
                case HOLDINGS -> "holdings_id";
                case AUTHORITY -> "authority_id";
                case EXTERNAL -> null;
            };
            java.sql.Array ids = c.createArrayOf("uuid", f.ids().toArray());
            if (column == null) {
                and.add("(instance_id = ANY(?) OR holdings_id = ANY(?) OR authority_id = ANY(?))");
                p.addAll(List.of(ids, ids, ids));
            } else {
                and.add(column + " = ANY(?)");
                p.add(ids);
            }
        }
        if (f.sourceRecords()) {
            // Current generations only; deleted ones on request (RecordDaoUtil.filterRecordByDeleted), and only
            // parsed MARC records (a leader record status), as SRS's getSourceRecordImplicitCondition.
            and.add(Boolean.TRUE.equals(f.deleted()) ? "state IN ('ACTUAL', 'DELETED')"
                    : "state = 'ACTUAL' AND leader_record_status IS DISTINCT FROM 'd'");
            and.add("leader_record_status IS NOT NULL");
        }
        return new Where(and.isEmpty() ? "TRUE" : String.join(" AND ", and), p);
    }

    private static void eq(List<String> and, List<Object> p, String column, Object value) {
        if (value == null) return;
        and.add(column + " = ?");
        p.add(value);
    }

    private static SrsRecord record(ResultSet rs) throws SQLException {
        String parsed = rs.getString("parsed_content");
        return new SrsRecord(rs.getObject("id", UUID.class), rs.getObject("matched_id", UUID.class),
                rs.getObject("snapshot_id", UUID.class), rs.getInt("generation"),
                SrsRecordType.valueOf(rs.getString("record_type")), SrsState.valueOf(rs.getString("state")),
                rs.getString("raw_content"), parsed == null ? null : (ObjectNode) Json.parse(parsed),
                rs.getString("error_description"), rs.getString("error_content"),
                new ExternalIds(rs.getObject("instance_id", UUID.class), rs.getString("instance_hrid"),
                        rs.getObject("holdings_id", UUID.class), rs.getString("holdings_hrid"),
                        rs.getObject("authority_id", UUID.class), rs.getString("authority_hrid")),
                rs.getBoolean("suppress_discovery"), rs.getString("leader_record_status"),
                (Integer) rs.getObject("order"), rs.getObject("created_by", UUID.class), instant(rs, "created_date"),
                rs.getObject("updated_by", UUID.class), instant(rs, "updated_date"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    /** Deletes the records of a snapshot (DELETE /source-storage/snapshots/{id} removes them with it). */
    public static int deleteSnapshotRecords(Connection c, String schema, UUID snapshotId) throws SQLException {
        return Sql.update(c, "DELETE FROM " + schema + ".srs_record WHERE snapshot_id = ?", List.of(snapshotId));
    }

    // ---- snapshots ----------------------------------------------------------------------------------------------

    private static final String SNAPSHOT_COLUMNS =
            "id, status, processing_started_date, created_by, created_date, updated_by, updated_date";

    public static Snapshot insertSnapshot(Connection c, String schema, Snapshot s, UUID userId) throws SQLException {
        Instant now = Instant.now();
        Snapshot stored = new Snapshot(s.jobExecutionId(), s.status(), s.processingStartedDate(), userId, now, userId, now);
        Sql.update(c, "INSERT INTO " + schema + ".srs_snapshot (" + SNAPSHOT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)",
                java.util.Arrays.asList(stored.jobExecutionId(), stored.status(), stored.processingStartedDate(),
                        userId, now, userId, now));
        return stored;
    }

    public static Optional<Snapshot> snapshot(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT " + SNAPSHOT_COLUMNS + " FROM " + schema + ".srs_snapshot WHERE id = ?", List.of(id),
                SrsStore::snapshot);
    }

    public static Optional<Snapshot> snapshotForUpdate(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT " + SNAPSHOT_COLUMNS + " FROM " + schema + ".srs_snapshot WHERE id = ? FOR UPDATE",
                List.of(id), SrsStore::snapshot);
    }

    public static void updateSnapshot(Connection c, String schema, Snapshot s, UUID userId) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".srs_snapshot SET status = ?, processing_started_date = ?, updated_by = ?, "
                        + "updated_date = ? WHERE id = ?",
                java.util.Arrays.asList(s.status(), s.processingStartedDate(), userId, Instant.now(), s.jobExecutionId()));
    }

    public static boolean deleteSnapshot(Connection c, String schema, UUID id) throws SQLException {
        deleteSnapshotRecords(c, schema, id);
        return Sql.update(c, "DELETE FROM " + schema + ".srs_snapshot WHERE id = ?", List.of(id)) > 0;
    }

    /** Snapshots, optionally of one status, newest first (SRS orders by processingStartedDate on request). */
    public static Page<Snapshot> snapshots(Connection c, String schema, String status, int limit, int offset)
            throws SQLException {
        String where = status == null ? "TRUE" : "status = ?";
        List<Object> params = status == null ? new ArrayList<>() : new ArrayList<>(List.of(status));
        List<Object> paged = new ArrayList<>(params);
        paged.add(limit);
        paged.add(offset);
        List<Snapshot> rows = Sql.list(c, "SELECT " + SNAPSHOT_COLUMNS + " FROM " + schema + ".srs_snapshot WHERE "
                + where + " ORDER BY created_date DESC, id LIMIT ? OFFSET ?", paged, SrsStore::snapshot);
        long total = Sql.one(c, "SELECT count(*) FROM " + schema + ".srs_snapshot WHERE " + where, params,
                rs -> rs.getLong(1)).orElse(0L);
        return new Page<>(rows, total);
    }

    private static Snapshot snapshot(ResultSet rs) throws SQLException {
        return new Snapshot(rs.getObject("id", UUID.class), rs.getString("status"),
                instant(rs, "processing_started_date"), rs.getObject("created_by", UUID.class),
                instant(rs, "created_date"), rs.getObject("updated_by", UUID.class), instant(rs, "updated_date"));
    }
}
