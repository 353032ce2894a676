package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * All SQL of search: inventory's tables read directly (as RtacStore does), so search depends on platform only.
 * Each read is ONE statement, whatever the number of instances, holdings and items.
 */
public final class SearchStore {
    /**
     * Marks the indexer's statements, background work after a commit like the dispatcher's own, so that counting an
     * action's statements (tests' StatementCount, pg_stat_statements) can leave them out.
     */
    public static final String MARK = "/* search-indexer */ ";

    private SearchStore() {
    }

    /** An instance row with its holdings and items, as the index needs them. */
    public record InstanceRows(UUID id, ObjectNode instance, ArrayNode holdings, ArrayNode items) {
    }

    /*
     * One statement: each instance with its holdings and items aggregated in correlated sub-selects on the
     * instance_id and holdings_record_id indexes (holdings and items ordered by hrid, so a document is the same
     * whoever builds it).
     *
     * Each holdings record's items are a LATERAL sub-select that cannot be flattened (OFFSET 0), so they are always
     * read by their holdings record's id. Joined plainly, a table without statistics yet (a new tenant's first
     * import, until autovacuum's first ANALYZE) was hash-joined: every instance indexed read every item of the
     * tenant (400 instances of a 20,000-record import: 3,007 ms → 22 ms, EXPLAIN ANALYZE; issue 14).
     *
     * The instance's holdings records are a sub-select of their own (OFFSET 0) too, sorted after they are found: with
     * statistics taken while the tenant had few records ("an instance has hundreds of holdings"), the sort looked dear
     * enough that PostgreSQL walked the hrid index of all the tenant's holdings per instance to get them in order —
     * 16 ms per instance, 32 s for a batch of 2,000 after the bench's set-up (EXPLAIN ANALYZE, 2026-11-29), which
     * held the search index back until autovacuum analyzed the table again.
     */
    private static final String INSTANCES = MARK + """
            SELECT i.id, i.jsonb,
                   (SELECT coalesce(jsonb_agg(h.jsonb ORDER BY h.hrid), '[]'::jsonb)
                    FROM (SELECT h.jsonb, h.hrid FROM %1$s.holdings_record h WHERE h.instance_id = i.id OFFSET 0) h),
                   (SELECT coalesce(jsonb_agg(it.jsonb ORDER BY it.holdings_hrid, it.hrid), '[]'::jsonb)
                    FROM (SELECT it.jsonb, it.hrid, h.hrid AS holdings_hrid FROM %1$s.holdings_record h
                          CROSS JOIN LATERAL (SELECT it.jsonb, it.hrid FROM %1$s.item it
                                              WHERE it.holdings_record_id = h.id OFFSET 0) it
                          WHERE h.instance_id = i.id OFFSET 0) it)
            FROM %1$s.instance i
            """;

    /**
     * The instances of {@code ids} that exist, with their holdings and items. In a transaction (see
     * {@link #customPlans}).
     */
    public static List<InstanceRows> instances(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        if (ids.isEmpty()) return List.of();
        customPlans(c);
        return Sql.list(c, INSTANCES.formatted(schema) + " WHERE i.id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())), SearchStore::rows);
    }

    /**
     * The next page of instances after {@code after} in id order (null: from the start), for a full index. In a
     * transaction (see {@link #customPlans}).
     */
    public static List<InstanceRows> page(Connection c, String schema, UUID after, int size) throws SQLException {
        customPlans(c);
        return Sql.list(c, INSTANCES.formatted(schema) + " WHERE i.id > ? ORDER BY i.id LIMIT " + size,
                List.of(after == null ? new UUID(0, 0) : after), SearchStore::rows);
    }

    /** The items of {@code ids} that exist, with their instances' ids and the statuses of their instances' items. */
    public static List<InstanceIndex.ItemState> items(Connection c, String schema, Collection<UUID> ids)
            throws SQLException {
        if (ids.isEmpty()) return List.of();
        return Sql.list(c, MARK + """
                SELECT h.instance_id, it.jsonb,
                       (SELECT array_agg(coalesce(i2.jsonb->'status'->>'name', ''))
                        FROM %1$s.holdings_record h2 JOIN %1$s.item i2 ON i2.holdings_record_id = h2.id
                        WHERE h2.instance_id = h.instance_id)
                FROM %1$s.item it JOIN %1$s.holdings_record h ON h.id = it.holdings_record_id
                WHERE it.id = ANY(?)""".formatted(schema),
                List.of(c.createArrayOf("uuid", ids.toArray())),
                rs -> new InstanceIndex.ItemState(rs.getString(1), Json.parseObject(rs.getString(2)),
                        List.of((String[]) rs.getArray(3).getArray())));
    }

    /**
     * Plans {@link #INSTANCES} for the tables as they are now, at every run of this transaction. A connection keeps its
     * prepared statements, and PostgreSQL switches one to a generic plan after five runs; made while a new tenant's
     * tables were nearly empty, that plan scanned every holdings record of the tenant per instance once they had grown
     * (SearchStorePlansTest). A custom plan sees the tables' real size even before their next ANALYZE; it costs a
     * plan per statement, which reads hundreds of instances. Its row estimates still come from the last ANALYZE: taken
     * while a new tenant had a few instances with many holdings each, they say an instance has a good share of all
     * holdings records, and a sequential scan of them per instance came out as cheap as the index (the plan flipped
     * between runs). Every read here goes by ids, so sequential scans are off for the rest of the transaction.
     */
    private static void customPlans(Connection c) throws SQLException {
        if (c.getAutoCommit()) throw new IllegalStateException("SET LOCAL needs a transaction: read instances in db.tx");
        Sql.one(c, MARK + "SELECT set_config('plan_cache_mode', 'force_custom_plan', true), "
                + "set_config('enable_seqscan', 'off', true)", List.of(), rs -> rs.getString(1));
    }

    /** The instances of holdings records (for item events that carry only their holdings record's id). */
    public static List<UUID> instancesOfHoldings(Connection c, String schema, Collection<UUID> holdingsIds)
            throws SQLException {
        if (holdingsIds.isEmpty()) return List.of();
        return Sql.list(c, MARK + "SELECT DISTINCT instance_id FROM " + schema + ".holdings_record WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", holdingsIds.toArray())), rs -> rs.getObject(1, UUID.class));
    }

    public static long countInstances(Connection c, String schema) throws SQLException {
        return Sql.one(c, MARK + "SELECT count(*) FROM " + schema + ".instance", List.of(), rs -> rs.getLong(1)).orElse(0L);
    }

    /** The id of the newest outbox event (0 when empty). */
    public static long lastOutboxId(Connection c, String schema) throws SQLException {
        return Sql.one(c, MARK + "SELECT coalesce(max(id), 0) FROM " + schema + ".outbox", List.of(), rs -> rs.getLong(1))
                .orElse(0L);
    }

    /** A resource-id job (search_resource_ids_job, V29). */
    public record IdsJob(UUID id, String query, String entityType, String status, java.time.Instant createdDate) {
    }

    public static void insertJob(Connection c, String schema, IdsJob job) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".search_resource_ids_job (id, query, entity_type, status, created_date)"
                + " VALUES (?, ?, ?, ?, ?)", List.of(job.id(), job.query(), job.entityType(), job.status(),
                java.sql.Timestamp.from(job.createdDate())));
    }

    public static java.util.Optional<IdsJob> job(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT id, query, entity_type, status, created_date FROM " + schema
                + ".search_resource_ids_job WHERE id = ?", List.of(id), rs -> new IdsJob(rs.getObject(1, UUID.class),
                rs.getString(2), rs.getString(3), rs.getString(4), rs.getTimestamp(5).toInstant()));
    }

    /** Ends a job: COMPLETED with its ids, or ERROR (ids null). */
    public static void finishJob(Connection c, String schema, UUID id, String status, Collection<UUID> ids)
            throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".search_resource_ids_job SET status = ?, ids = ? WHERE id = ?",
                java.util.Arrays.asList(status, ids == null ? null : c.createArrayOf("uuid", ids.toArray()), id));
    }

    /** The ids of a COMPLETED job, marking it DEPRECATED in the same statement; empty if it was not COMPLETED. */
    public static java.util.Optional<List<UUID>> takeIds(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "UPDATE " + schema + ".search_resource_ids_job SET status = 'DEPRECATED', ids = NULL"
                + " WHERE id = ? AND status = 'COMPLETED' RETURNING (SELECT j.ids FROM " + schema
                + ".search_resource_ids_job j WHERE j.id = ?)", List.of(id, id), rs -> {
                    java.sql.Array a = rs.getArray(1);
                    return a == null ? List.<UUID>of() : List.of((UUID[]) a.getArray());
                });
    }

    /** Jobs a crash left IN_PROGRESS can never complete: ERROR at start. */
    public static void failUnfinishedJobs(Connection c, String schema) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".search_resource_ids_job SET status = 'ERROR' WHERE status = 'IN_PROGRESS'",
                List.of());
    }

    private static InstanceRows rows(java.sql.ResultSet rs) throws SQLException {
        return new InstanceRows(rs.getObject(1, UUID.class), Json.parseObject(rs.getString(2)),
                (ArrayNode) Json.parse(rs.getString(3)), (ArrayNode) Json.parse(rs.getString(4)));
    }
}
