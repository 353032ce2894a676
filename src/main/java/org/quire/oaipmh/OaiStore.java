package org.quire.oaipmh;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of OAI-PMH. What is harvested depends on the records source (mod-oai-pmh behavior.recordsSource) and the
 * format, as streams that partition the instances — each instance is in exactly one — merged in (datestamp, key)
 * order by one statement per page (keyset over an index in each stream: no OFFSET):
 * <ul>
 * <li>marc21/oai_dc, SRS: SRS's current MARC bibs linked to an instance, ACTUAL ones and DELETED ones as tombstones
 * (V41 makes an instance's deletion one); datestamp the SRS record's updated date; index {@code srs_record_oai_idx}.
 * <li>marc21/oai_dc, Inventory: the instances that have no such SRS record, MARC generated from the instance;
 * datestamp the instance's updated date (FOLIO: metadata.updatedDate); index {@code instance_oai_inventory_updated_idx};
 * and the tombstones of such instances once deleted ({@code oai_instance_tombstone}, V43).
 * <li>marc21_withholdings: the instances by {@code complete_updated_date} (V43: the latest change of the instance,
 * its MARC bib, its holdings or items, as mod-inventory-storage's column of that name that mod-oai-pmh's
 * get_instances_with_marc_records view reads), with their SRS record (SRS: index {@code instance_oai_srs_idx}) or
 * none (Inventory: {@code instance_oai_inventory_idx}); plus the tombstones of deleted instances (SRS: their DELETED
 * MARC bib, {@code srs_record_oai_deleted_idx}; Inventory: {@code oai_instance_tombstone}).
 * </ul>
 * The key that breaks datestamp ties is the SRS record's id in SRS streams and the instance id in instance streams.
 * For marc21_withholdings one more statement reads the page's holdings and items; their reference names are read
 * whole and kept a few seconds ({@link #referenceNames}).
 */
final class OaiStore {
    private OaiStore() {
    }

    /**
     * One harvestable record and what its header needs: the SRS MARC-in-JSON ({@code marcJson}, its UTF-8 text as
     * PostgreSQL sent it: parsed from the bytes, never made a String), or for an instance
     * without SRS the instance ({@code instanceJson}) to generate MARC from; neither for a tombstone.
     *
     * @param key the keyset tie-breaker (see the class comment)
     */
    record Row(UUID key, UUID instanceId, Instant datestamp, boolean deleted, boolean suppressed, byte[] marcJson,
               String instanceJson) {
    }

    /**
     * The filter of a list request: datestamps in [from, until] (from may be null), after the keyset position
     * (null: from the start); deleted and suppressed records as the settings say; the streams of the records source
     * and format.
     */
    record Filter(Instant from, Instant until, OaiPageSql.Position after, boolean deletedSupported,
                  boolean suppressedIncluded, OaiSettings.RecordsSource source, boolean withHoldings) {
        /**
         * Where a page starts, as a keyset position: the token's last record, or for a first page with a from date the
         * position just before from (a microsecond before it, PostgreSQL's precision, and after every key there), so
         * that "datestamp >= from" is the keyset condition and every page with a position has the same statement;
         * null for a first page without from. A token's position is never before its from (it is a record the list
         * returned), but a later of the two is kept anyway.
         */
        OaiPageSql.Position position() {
            OaiPageSql.Position justBeforeFrom = from == null ? null
                    : new OaiPageSql.Position(from.minusNanos(1000), LAST_UUID);
            if (after == null) return justBeforeFrom;
            if (justBeforeFrom != null && after.datestamp().isBefore(justBeforeFrom.datestamp())) return justBeforeFrom;
            return after;
        }
    }

    /** The greatest UUID in PostgreSQL's order (bytewise). */
    private static final UUID LAST_UUID = new UUID(-1L, -1L);

    private static final String SRS_BASE = "r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED') "
            + "AND r.instance_id IS NOT NULL";

    /**
     * One stream: its FROM, its own condition, and the expressions of the row's columns. {@code marc} and
     * {@code instance} are read only when the page needs metadata.
     */
    private record Stream(String from, String base, String date, String key, String instanceId, String deleted,
                          String suppressed, String marc, String instance) {
        /**
         * The FROM of a count: without the lateral join to the instance's SRS record when the filter reads nothing
         * of it (tombstones kept: {@code deleted} and {@code suppressed} are not in the WHERE). With it, the count made
         * one SRS lookup per instance, and the first page of every harvest waited for them.
         */
        String countFrom(boolean deletedSupported) {
            int lateral = from.indexOf(" LEFT JOIN LATERAL ");
            return deletedSupported && lateral > 0 ? from.substring(0, lateral) : from;
        }
    }

    private static final String INSTANCE_SUPPRESSED = "coalesce((i.jsonb -> 'discoverySuppress') = 'true'::jsonb, false)";

    /**
     * The streams of a records source and format. An instance's side is {@code instance.has_srs_bib} (V43: kept by
     * triggers to "has an SRS MARC bib, ACTUAL or DELETED"), so each instance stream is a range of its own partial
     * index and a page never walks past the other side's instances.
     */
    private static List<Stream> streams(String schema, OaiSettings.RecordsSource source, boolean withHoldings) {
        String s = schema + ".";
        Stream instanceTombstones = new Stream(s + "oai_instance_tombstone t", "true", "t.deleted_date",
                "t.instance_id", "t.instance_id", "true", "false", "NULL::text", "NULL::text");
        List<Stream> out = new ArrayList<>();
        if (!withHoldings) {
            if (source.srs) {
                out.add(new Stream(s + "srs_record r", SRS_BASE, "r.updated_date", "r.id", "r.instance_id",
                        "r.state = 'DELETED'", "r.suppress_discovery", "r.parsed_content::text", "NULL::text"));
            }
            if (source.inventory) {
                out.add(new Stream(s + "instance i", "NOT i.has_srs_bib", "i.updated_date", "i.id", "i.id", "false",
                        INSTANCE_SUPPRESSED, "NULL::text", "i.jsonb::text"));
                out.add(instanceTombstones);
            }
            return out;
        }
        if (source.srs) {
            // The instance's SRS bib read by the instance id alone (OFFSET 0: type and state tested after the scan; the
            // inner ORDER BY lets the id's index give the generations in order, with no sort per instance):
            // before a new tenant's tables are first analysed, those two conditions looked more selective than the id,
            // and each instance of a page read every bib through srs_record_oai_idx (a harvest right after a
            // 20,000-record import: 8-9 s a page until autovacuum's ANALYZE; V45 is the same case in a trigger).
            out.add(new Stream(s + "instance i LEFT JOIN LATERAL (SELECT r.state, r.suppress_discovery, "
                    + "r.parsed_content FROM (SELECT r.record_type, r.state, r.suppress_discovery, r.parsed_content, "
                    + "r.generation FROM " + s + "srs_record r WHERE r.instance_id = i.id "
                    + "ORDER BY r.generation DESC OFFSET 0) r "
                    + "WHERE r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED') "
                    + "ORDER BY r.generation DESC LIMIT 1) r ON true",
                    "i.has_srs_bib", "i.complete_updated_date", "i.id", "i.id", "coalesce(r.state = 'DELETED', false)",
                    "coalesce(r.suppress_discovery, false)", "r.parsed_content::text", "NULL::text"));
            // the MARC bibs of deleted instances: their tombstones
            out.add(new Stream(s + "srs_record r", SRS_BASE + " AND r.state = 'DELETED' AND NOT EXISTS (SELECT 1 FROM "
                    + s + "instance i WHERE i.id = r.instance_id)", "r.updated_date", "r.id", "r.instance_id", "true",
                    "r.suppress_discovery", "NULL::text", "NULL::text"));
        }
        if (source.inventory) {
            out.add(new Stream(s + "instance i", "NOT i.has_srs_bib", "i.complete_updated_date", "i.id", "i.id",
                    "false", INSTANCE_SUPPRESSED, "NULL::text", "i.jsonb::text"));
            out.add(instanceTombstones);
        }
        return out;
    }

    private static String where(Stream st, Filter f, List<Object> params, boolean keyset) {
        StringBuilder w = new StringBuilder("(").append(st.base).append(") AND ").append(st.date).append(" <= ?");
        params.add(f.until());
        // a page's from date is its keyset position (Filter.position); a count's is a bound
        if (f.from() != null && !keyset) {
            w.append(" AND ").append(st.date).append(" >= ?");
            params.add(f.from());
        }
        // Without tombstones, a deleted record is left out; so is a suppressed one unless suppressed records are
        // harvested (with tombstones it is sent as deleted: see OaiPmh.isDeleted).
        if (!f.deletedSupported()) {
            w.append(" AND NOT (").append(st.deleted).append(')');
            if (!f.suppressedIncluded()) w.append(" AND NOT (").append(st.suppressed).append(')');
        }
        OaiPageSql.Position after = keyset ? f.position() : null;
        if (after != null) {
            w.append(" AND (").append(st.date).append(", ").append(st.key).append(") > (?, ?)");
            params.add(after.datestamp());
            params.add(after.id());
        }
        return w.toString();
    }

    private static String columns(Stream st, boolean withMarc) {
        return st.key + " AS key, " + st.instanceId + " AS instance_id, " + st.date + " AS datestamp, (" + st.deleted
                + ") AS deleted, (" + st.suppressed + ") AS suppressed, "
                + (withMarc ? st.marc + " AS marc, " + st.instance + " AS inst" : "NULL::text AS marc, NULL::text AS inst");
    }

    /**
     * Up to {@code limit} records after the filter's position, in (datestamp, key) order, in the caller's transaction
     * (SET LOCAL needs one: db.tx). Round trips: 2 (the plan mode, the page) and the caller's commit.
     *
     * <p>Pages run on PostgreSQL's generic plan, kept per connection: on its own, PostgreSQL planned every page anew
     * (it estimated the generic plan dearer than a custom one for this union of keyset walks), 0.8 ms of planning
     * for 1.3 ms of execution on 100,000 records. That generic plan is the same keyset walk: every stream read in the
     * order of its (date, key) index up to the limit, which is in the text so that the plan knows it
     * ({@code OaiQueryPlansTest}). A from date is a keyset position too ({@link Filter#position}): as a second bound,
     * "datestamp >= from", PostgreSQL guessed that the range held 0.5% of the rows and the generic plan sorted
     * whatever it matched, on every page.
     */
    static List<Row> page(Connection c, String schema, Filter f, int limit, boolean withMarc) throws SQLException {
        if (c.getAutoCommit()) throw new IllegalStateException("SET LOCAL needs a transaction: read the page in db.tx");
        List<Object> params = new ArrayList<>();
        String sql = pageSql(schema, f, limit, withMarc, params);
        Sql.one(c, "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)", List.of(), rs -> rs.getString(1));
        return Sql.list(c, sql, params, OaiStore::row);
    }

    /** The statement of {@link #page}, its parameters added to {@code params} (the query-plan test EXPLAINs it). */
    static String pageSql(String schema, Filter f, int limit, boolean withMarc, List<Object> params) {
        StringBuilder sql = new StringBuilder("SELECT * FROM (");
        List<Stream> streams = streams(schema, f.source(), f.withHoldings());
        for (int i = 0; i < streams.size(); i++) {
            Stream st = streams.get(i);
            if (i > 0) sql.append(" UNION ALL ");
            sql.append("(SELECT ").append(columns(st, withMarc)).append(" FROM ").append(st.from).append(" WHERE ")
                    .append(where(st, f, params, true)).append(" ORDER BY ").append(st.date).append(", ")
                    .append(st.key).append(" LIMIT ").append(limit).append(')');
        }
        sql.append(") u ORDER BY datestamp, key LIMIT ").append(limit);
        return sql.toString();
    }

    /** How many records the filter matches from its start (completeListSize). Round trips: 1. */
    static int count(Connection c, String schema, Filter f) throws SQLException {
        List<Object> params = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT 0");
        for (Stream st : streams(schema, f.source(), f.withHoldings())) {
            sql.append(" + (SELECT count(*) FROM ").append(st.countFrom(f.deletedSupported())).append(" WHERE ")
                    .append(where(st, f, params, false)).append(')');
        }
        return Sql.one(c, sql.toString(), params, rs -> rs.getInt(1)).orElse(0);
    }

    /**
     * The instance's harvestable record in the source and format: the SRS record (its highest generation), the
     * instance itself, or its tombstone. Round trips: 1.
     */
    static Optional<Row> byInstance(Connection c, String schema, UUID instanceId, OaiSettings.RecordsSource source,
                                    boolean withHoldings) throws SQLException {
        List<Object> params = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT * FROM (");
        List<Stream> streams = streams(schema, source, withHoldings);
        for (int i = 0; i < streams.size(); i++) {
            Stream st = streams.get(i);
            if (i > 0) sql.append(" UNION ALL ");
            sql.append("(SELECT ").append(columns(st, true)).append(" FROM ").append(st.from).append(" WHERE (")
                    .append(st.base).append(") AND ").append(st.instanceId).append(" = ?");
            if (st.from.endsWith("srs_record r")) sql.append(" ORDER BY r.generation DESC");
            sql.append(" LIMIT 1)");
            params.add(instanceId);
        }
        sql.append(") u LIMIT 1");
        return Sql.one(c, sql.toString(), params, OaiStore::row);
    }

    /** The earliest datestamp of the repository (Identify), or empty when it holds no record. */
    static Optional<Instant> earliest(Connection c, String schema, OaiSettings.RecordsSource source)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT min(d) FROM (");
        List<Stream> streams = streams(schema, source, false);
        for (int i = 0; i < streams.size(); i++) {
            Stream st = streams.get(i);
            if (i > 0) sql.append(" UNION ALL ");
            sql.append("(SELECT ").append(st.date).append(" AS d FROM ").append(st.from).append(" WHERE (")
                    .append(st.base).append(") AND ").append(st.date).append(" IS NOT NULL ORDER BY ").append(st.date)
                    .append(" LIMIT 1)");
        }
        sql.append(") u");
        // the minimum of no dates is a row with NULL: no row instead
        return Sql.one(c, "SELECT d FROM (" + sql + ") m(d) WHERE d IS NOT NULL", List.of(), rs -> instant(rs, 1));
    }

    /** A tenant's OAI-PMH configuration entries (module OAIPMH): configName → value. */
    static Map<String, String> settings(Connection c, String schema) throws SQLException {
        Map<String, String> out = new HashMap<>();
        for (String[] kv : Sql.list(c, "SELECT config_name, jsonb ->> 'value' FROM " + schema
                + ".config_entry WHERE module = 'OAIPMH' AND coalesce(enabled, true)", List.of(),
                rs -> new String[]{rs.getString(1), rs.getString(2)})) {
            out.put(kv[0], kv[1]);
        }
        return out;
    }

    /**
     * One holdings record or item of an instance with what marc21_withholdings prints of it (mod-oai-pmh
     * RecordMetadataManager): its own values, its effective location's names, and the names of the reference
     * records it points to (null when it points to none, or to one that does not exist).
     */
    record HoldingsItem(Own own, Location location, String materialType, String permanentLoanType,
                        String temporaryLoanType, String callNumberType, String illPolicy) {
    }

    /**
     * The values of an item row ({@code hasItem}) or of a holdings record without items. The call number is the
     * item's effective one, else the holdings'; {@code electronicAccessJson} is the item's (else the holdings')
     * electronicAccess array, null when it has none. {@code suppressed}: the holdings record or the item is.
     */
    record Own(UUID instanceId, boolean hasItem, boolean suppressed, String callNumber, String callNumberPrefix,
               String callNumberSuffix, String volume, String displaySummary, String enumeration, String chronology,
               String barcode, String copyNumber, String electronicAccessJson) {
    }

    /** A location's name and discovery display name, whether it is active, and its institution, campus, library. */
    record Location(String name, String discoveryDisplayName, Boolean active, String institution, String campus,
                    String library) {
        static final Location NONE = new Location(null, null, null, null, null, null);
    }

    /**
     * A holdings record or item row of a page: its own values and the ids of what it points to, whose names
     * {@link ReferenceNames} has.
     */
    record HoldingsRow(Own own, UUID location, UUID materialType, UUID permanentLoanType, UUID temporaryLoanType,
                       String callNumberType, String illPolicy) {
    }

    /**
     * The holdings and items of these instances, items in their holdings' order, with the ids of their effective
     * locations, material and loan types, call number types and the holdings' ILL policy. Round trips: 1. The names
     * of those ids are not joined here: the eight lookups per row (index scans of tables of a few rows) were half of
     * this statement, 2–3 ms of PostgreSQL's time per page of 100 ({@link #referenceNames}).
     */
    static List<HoldingsRow> holdingsRows(Connection c, String schema, List<UUID> instanceIds) throws SQLException {
        if (instanceIds.isEmpty()) return List.of();
        String s = schema + ".";
        // the fields the 952 and 856 print, taken out of the JSON here: the whole holdings and item JSON as text,
        // parsed in Java, cost PostgreSQL more to write and the page an eighth of its CPU to parse
        String own = "CASE WHEN it.id IS NULL THEN h.jsonb ELSE it.jsonb END";
        String cn = "CASE WHEN it.id IS NULL THEN h.jsonb ->> '%s' ELSE it.jsonb -> 'effectiveCallNumberComponents' "
                + "->> '%s' END";
        String sql = "SELECT h.instance_id, it.id IS NOT NULL AS has_item, "
                + "coalesce(h.jsonb ->> 'discoverySuppress' = 'true' OR it.jsonb ->> 'discoverySuppress' = 'true', "
                + "false) AS suppressed, " + cn.formatted("callNumber", "callNumber") + " AS cn, "
                + cn.formatted("callNumberPrefix", "prefix") + " AS cn_prefix, "
                + cn.formatted("callNumberSuffix", "suffix") + " AS cn_suffix, "
                + "it.jsonb ->> 'volume' AS volume, it.jsonb ->> 'displaySummary' AS summary, "
                + "it.jsonb ->> 'enumeration' AS enumeration, it.jsonb ->> 'chronology' AS chronology, "
                + "it.jsonb ->> 'barcode' AS barcode, it.jsonb ->> 'copyNumber' AS copy, "
                + "nullif(" + own + " -> 'electronicAccess', '[]'::jsonb)::text AS ea, "
                + "coalesce(it.effective_location_id, h.effective_location_id, h.permanent_location_id) AS loc, "
                + "it.material_type_id AS mt, it.permanent_loan_type_id AS plt, it.temporary_loan_type_id AS tlt, "
                + "coalesce(it.jsonb -> 'effectiveCallNumberComponents' ->> 'typeId', h.jsonb ->> 'callNumberTypeId') "
                + "AS cnt, h.jsonb ->> 'illPolicyId' AS ill "
                + "FROM " + s + "holdings_record h LEFT JOIN " + s + "item it ON it.holdings_record_id = h.id "
                + "WHERE h.instance_id = ANY(?) "
                + "ORDER BY h.instance_id, h.hrid, it.item_order NULLS LAST, it.hrid";
        return Sql.list(c, sql, List.of(c.createArrayOf("uuid", instanceIds.toArray())), rs -> new HoldingsRow(
                new Own(rs.getObject("instance_id", UUID.class), rs.getBoolean("has_item"),
                        rs.getBoolean("suppressed"), rs.getString("cn"), rs.getString("cn_prefix"),
                        rs.getString("cn_suffix"), rs.getString("volume"), rs.getString("summary"),
                        rs.getString("enumeration"), rs.getString("chronology"), rs.getString("barcode"),
                        rs.getString("copy"), rs.getString("ea")),
                rs.getObject("loc", UUID.class), rs.getObject("mt", UUID.class), rs.getObject("plt", UUID.class),
                rs.getObject("tlt", UUID.class), rs.getString("cnt"), rs.getString("ill")));
    }

    /**
     * Every name marc21_withholdings prints in place of an id: locations with their institution, campus and library,
     * material types, loan types, call number types, ILL policies, electronic access relationships. Round trips: 1,
     * without parameters. Read whole, because these tables hold tens of rows and the server keeps the result for a
     * few seconds (OaiPmh): asked per page for the page's ids, PostgreSQL planned the statement anew every time (its
     * custom plans for the id arrays always looked cheaper than a generic one), 0.7 ms of planning for 0.13 ms of work.
     */
    static ReferenceNames referenceNames(Connection c, String schema) throws SQLException {
        String s = schema + ".";
        String sql = "SELECT 'l' AS kind, l.id::text AS id, l.name, l.jsonb ->> 'discoveryDisplayName' AS display, "
                + "l.is_active, inst.name AS inst, camp.name AS camp, lib.name AS lib FROM " + s + "location l "
                + "LEFT JOIN " + s + "institution inst ON inst.id = l.institution_id "
                + "LEFT JOIN " + s + "campus camp ON camp.id = l.campus_id "
                + "LEFT JOIN " + s + "library lib ON lib.id = l.library_id "
                + "UNION ALL SELECT 'm', id::text, name, NULL, NULL, NULL, NULL, NULL FROM " + s + "material_type "
                + "UNION ALL SELECT 't', id::text, name, NULL, NULL, NULL, NULL, NULL FROM " + s + "loan_type "
                + "UNION ALL SELECT 'c', id::text, name, NULL, NULL, NULL, NULL, NULL FROM " + s + "call_number_type "
                + "UNION ALL SELECT 'i', id::text, name, NULL, NULL, NULL, NULL, NULL FROM " + s + "ill_policy "
                + "UNION ALL SELECT 'r', id::text, name, NULL, NULL, NULL, NULL, NULL FROM " + s
                + "electronic_access_relationship";
        // every kind's row has its name; only a location's has the rest (a Location with the name alone otherwise)
        Map<String, Location> byKindAndId = new HashMap<>();
        Map<String, String> relationships = new HashMap<>();
        for (Map.Entry<String, Location> e : Sql.list(c, sql, List.of(),
                rs -> Map.entry(rs.getString("kind") + rs.getString("id"), new Location(rs.getString("name"),
                        rs.getString("display"), (Boolean) rs.getObject("is_active"), rs.getString("inst"),
                        rs.getString("camp"), rs.getString("lib"))))) {
            if (e.getKey().startsWith("r")) relationships.put(e.getKey().substring(1), e.getValue().name());
            else byKindAndId.put(e.getKey(), e.getValue());
        }
        return new ReferenceNames(byKindAndId, relationships);
    }

    /** A record an item event named (its holdings record or instance), and the event's transaction. */
    record Touch(UUID id, long writtenBy) {
    }

    /**
     * Re-dates for marc21_withholdings the instances of {@code holdings} and the {@code instances} (OaiItemDates),
     * but not an instance whose row the event's own transaction wrote last (its {@code xmin}: it was dated in that
     * transaction). In id order, so that two deliveries never lock the same rows in opposite orders. Marked as the
     * outbox dispatcher's own statements are: background work after a commit, not the request's (StatementCount).
     */
    static int reDate(Connection c, String schema, java.util.Collection<Touch> holdings,
                      java.util.Collection<Touch> instances) throws SQLException {
        return Sql.update(c, org.quire.platform.events.EventDispatcher.MARK + "UPDATE " + schema + ".instance SET complete_updated_date = clock_timestamp() WHERE id IN ("
                + "SELECT i.id FROM " + schema + ".instance i JOIN ("
                + "SELECT h.instance_id AS id, t.tx FROM unnest(?::uuid[], ?::bigint[]) AS t(id, tx) JOIN " + schema
                + ".holdings_record h ON h.id = t.id UNION ALL SELECT * FROM unnest(?::uuid[], ?::bigint[])) t(id, tx) "
                + "ON t.id = i.id WHERE i.xmin::text::bigint <> t.tx ORDER BY i.id FOR UPDATE OF i)",
                List.of(c.createArrayOf("uuid", holdings.stream().map(Touch::id).toArray()),
                        c.createArrayOf("bigint", holdings.stream().map(Touch::writtenBy).toArray()),
                        c.createArrayOf("uuid", instances.stream().map(Touch::id).toArray()),
                        c.createArrayOf("bigint", instances.stream().map(Touch::writtenBy).toArray())));
    }

    private static Row row(ResultSet rs) throws SQLException {
        return new Row(rs.getObject("key", UUID.class), rs.getObject("instance_id", UUID.class),
                instant(rs, 3), rs.getBoolean("deleted"), rs.getBoolean("suppressed"), rs.getBytes("marc"),
                rs.getString("inst"));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }
}
