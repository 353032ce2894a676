package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Data export's SQL besides its RecordStores: the job's hrId, the SRS records and instances of a page of ids (one
 * statement each, {@code = ANY(?)}), the keyset pages of a CQL export, and the reference data and user names the
 * job needs.
 */
final class DataExportStore {
    private DataExportStore() {
    }

    /** A page's SRS record of one external id: its MARC-in-JSON as stored. */
    record SrsRow(UUID externalId, String parsedContent) {
    }

    static long nextHrid(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT nextval('" + schema + ".data_export_job_hrid_seq')", List.of(), rs -> rs.getLong(1))
                .orElseThrow();
    }

    /**
     * The ACTUAL SRS records of these external ids, of the kind's record type, in one statement (the index on the
     * kind's id column); an id with several ACTUAL records appears several times (mod-data-export's duplicatedSrs).
     */
    static List<SrsRow> srsRecords(Connection c, String schema, RecordKind kind, Collection<UUID> ids)
            throws SQLException {
        if (ids.isEmpty()) return List.of();
        return Sql.list(c, "SELECT " + kind.idColumn() + ", parsed_content FROM " + schema + ".srs_record WHERE "
                        + kind.idColumn() + " = ANY(?) AND record_type = ? AND state = 'ACTUAL'",
                List.of(c.createArrayOf("uuid", ids.toArray()), kind.srsType()),
                rs -> new SrsRow(rs.getObject(1, UUID.class), rs.getString(2)));
    }

    /** Instances by id, in one statement. */
    static Map<UUID, JsonNode> instances(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        Map<UUID, JsonNode> out = new HashMap<>();
        if (ids.isEmpty()) return out;
        for (Object[] row : Sql.list(c, "SELECT id, jsonb FROM " + schema + ".instance WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())), rs -> new Object[]{rs.getObject(1, UUID.class),
                        rs.getString(2)})) {
            out.put((UUID) row[0], Json.parseObject((String) row[1]));
        }
        return out;
    }

    /**
     * The holdings records of these instances, all of them (mod-data-export filters none), in the order they were
     * created, each with its {@code items} (empty unless {@code withItems}), by instance id. One statement.
     */
    static Map<UUID, List<ObjectNode>> holdings(Connection c, String schema, Collection<UUID> instanceIds,
                                                boolean withItems) throws SQLException {
        Map<UUID, List<ObjectNode>> out = new HashMap<>();
        if (instanceIds.isEmpty()) return out;
        String items = withItems ? "(SELECT json_agg(i.jsonb ORDER BY i.created_date, i.id) FROM " + schema
                + ".item i WHERE i.holdings_record_id = h.id)::text" : "NULL";
        for (Object[] row : Sql.list(c, "SELECT h.instance_id, h.jsonb::text, " + items + " FROM " + schema
                        + ".holdings_record h WHERE h.instance_id = ANY(?) ORDER BY h.created_date, h.id",
                List.of(c.createArrayOf("uuid", instanceIds.toArray())), rs -> new Object[]{
                        rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3)})) {
            ObjectNode h = Json.parseObject((String) row[1]);
            h.set("items", row[2] == null ? Json.array() : Json.parse((String) row[2]));
            out.computeIfAbsent((UUID) row[0], k -> new ArrayList<>()).add(h);
        }
        return out;
    }

    /** Jobs IN_PROGRESS whose last update is at or before {@code updatedBefore}, oldest first, locked (others skipped). */
    static List<UUID> staleJobIds(Connection c, String schema, Instant updatedBefore, int limit) throws SQLException {
        return Sql.list(c, "SELECT id FROM " + schema + ".data_export_job WHERE status = 'IN_PROGRESS' "
                        + "AND updated_date <= ? ORDER BY updated_date LIMIT ? FOR UPDATE SKIP LOCKED",
                List.of(Timestamp.from(updatedBefore), limit), rs -> rs.getObject(1, UUID.class));
    }

    /** A reference record as transformations name it: its table, id, name, code and, for a location, its units. */
    record ReferenceRow(String table, String id, String name, String code, String library, String campus,
                        String institution) {
    }

    /** The tables among these that have a code the transformations write (locations and their units). */
    private static final Set<String> CODED = Set.of("location", "library", "campus", "institution");

    /** Every record of these reference tables, by table, then name, then id. One statement. */
    static List<ReferenceRow> referenceRows(Connection c, String schema, List<String> tables) throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (String t : tables) {
            if (!sql.isEmpty()) sql.append(" UNION ALL ");
            sql.append("SELECT '").append(t).append("', id::text, name, ").append(CODED.contains(t) ? "code" : "NULL")
                    .append(t.equals("location") ? ", library_id::text, campus_id::text, institution_id::text"
                            : ", NULL, NULL, NULL").append(" FROM ").append(schema).append('.').append(t);
        }
        return Sql.list(c, sql + " ORDER BY 1, 3, 2", List.of(), rs -> new ReferenceRow(rs.getString(1),
                rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
                rs.getString(7)));
    }

    /**
     * One keyset page of the ids a condition selects, after {@code after} (null: from the start): instances for
     * {@link RecordKind#INSTANCE} (a CQL query's, or {@link #all}), the SRS records' holdings or authority ids for the
     * other kinds ({@link #all}).
     */
    static List<UUID> ids(Connection c, String schema, RecordKind kind, SqlWhere where, UUID after, int limit)
            throws SQLException {
        String id = kind == RecordKind.INSTANCE ? "id" : kind.idColumn();
        List<Object> params = new ArrayList<>(where.params());
        String keyset = "";
        if (after != null) {
            keyset = " AND " + id + " > ?";
            params.add(after);
        }
        params.add(limit);
        return Sql.list(c, "SELECT " + id + " FROM " + schema + "." + table(kind) + " WHERE (" + where.where() + ")"
                + keyset + " ORDER BY " + id + " LIMIT ?", params, rs -> rs.getObject(1, UUID.class));
    }

    static long count(Connection c, String schema, RecordKind kind, SqlWhere where) throws SQLException {
        return Sql.one(c, "SELECT count(*) FROM " + schema + "." + table(kind) + " WHERE " + where.where(),
                where.params(), rs -> rs.getLong(1)).orElse(0L);
    }

    private static String table(RecordKind kind) {
        return kind == RecordKind.INSTANCE ? "instance" : "srs_record";
    }

    /**
     * What {@code /data-export/export-all} takes of a kind: every instance, or every current SRS record of the
     * holdings' or authorities' type; those suppressed from discovery only when asked (mod-data-export's
     * suppressedFromDiscovery, default false).
     */
    static SqlWhere all(RecordKind kind, boolean withSuppressed) {
        if (kind == RecordKind.INSTANCE) {
            return new SqlWhere(withSuppressed ? "true"
                    : "coalesce(jsonb ->> 'discoverySuppress', 'false') <> 'true'", List.of(), "");
        }
        return new SqlWhere("record_type = ? AND state = 'ACTUAL' AND " + kind.idColumn() + " IS NOT NULL"
                + (withSuppressed ? "" : " AND NOT suppress_discovery"), List.of(kind.srsType()), "");
    }

    /**
     * {@code GET /data-export/related-users}: who ran the tenant's jobs, each once ({userId, firstName, lastName} from
     * the jobs' runBy, as mod-data-export's RelatedUsersController), by last and first name.
     */
    static List<ObjectNode> relatedUsers(Connection c, String schema) throws SQLException {
        return Sql.list(c, "SELECT DISTINCT jsonb -> 'runBy' ->> 'userId', jsonb -> 'runBy' ->> 'firstName', "
                + "jsonb -> 'runBy' ->> 'lastName' FROM " + schema + ".data_export_job "
                + "WHERE jsonb -> 'runBy' IS NOT NULL ORDER BY 3, 2, 1", List.of(), rs -> {
                    ObjectNode u = Json.object();
                    if (rs.getString(2) != null) u.put("firstName", rs.getString(2));
                    if (rs.getString(3) != null) u.put("lastName", rs.getString(3));
                    if (rs.getString(1) != null) u.put("userId", rs.getString(1));
                    return u;
                });
    }

    /** The user's personal names for a job's runBy ({firstName, lastName}); empty for an unknown user. */
    static Optional<JsonNode> personal(Connection c, String schema, UUID userId) throws SQLException {
        if (userId == null) return Optional.empty();
        return Sql.one(c, "SELECT jsonb->'personal' FROM " + schema + ".users WHERE id = ?", List.of(userId),
                rs -> rs.getString(1) == null ? null : Json.parseObject(rs.getString(1)));
    }

    static void deleteLogs(Connection c, String schema, UUID jobId) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".data_export_error_log WHERE job_execution_id = ?", List.of(jobId));
    }
}
