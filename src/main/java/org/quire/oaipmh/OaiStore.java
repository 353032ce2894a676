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
 * The SQL of OAI-PMH. The harvestable records are SRS's current MARC bibs linked to an instance (mod-oai-pmh with
 * recordsSource "Source record storage"): ACTUAL ones, and DELETED ones as tombstones (V41 makes an instance's
 * deletion one). The datestamp is the SRS record's updated date. A page is one statement over the partial index
 * {@code srs_record_oai_idx} (keyset: no OFFSET), and for marc21_withholdings one more for the page's holdings and
 * items with their reference names.
 */
final class OaiStore {
    private OaiStore() {
    }

    /** One harvestable record: the SRS MARC bib and what its header needs. */
    record Row(UUID srsId, UUID instanceId, Instant datestamp, boolean deleted, boolean suppressed, String marcJson) {
    }

    /**
     * The filter of a list request: datestamps in [from, until] (from may be null), after the keyset position
     * (null: from the start); deleted and suppressed records as the settings say.
     */
    record Filter(Instant from, Instant until, Instant afterDatestamp, UUID afterId, boolean deletedSupported,
                  boolean suppressedIncluded) {
    }

    private static final String BASE = "record_type = 'MARC_BIB' AND state IN ('ACTUAL', 'DELETED') "
            + "AND instance_id IS NOT NULL";

    private static String where(Filter f, List<Object> params, boolean keyset) {
        StringBuilder w = new StringBuilder(BASE).append(" AND updated_date <= ?");
        params.add(f.until());
        if (f.from() != null) {
            w.append(" AND updated_date >= ?");
            params.add(f.from());
        }
        // Without tombstones, a deleted record is left out; so is a suppressed one unless suppressed records are
        // harvested (with tombstones it is sent as deleted: see OaiPmh.isDeleted).
        if (!f.deletedSupported()) {
            w.append(" AND state = 'ACTUAL'");
            if (!f.suppressedIncluded()) w.append(" AND NOT suppress_discovery");
        }
        if (keyset && f.afterDatestamp() != null) {
            w.append(" AND (updated_date, id) > (?, ?)");
            params.add(f.afterDatestamp());
            params.add(f.afterId());
        }
        return w.toString();
    }

    /** Up to {@code limit} records after the filter's position, in (datestamp, id) order. Round trips: 1. */
    static List<Row> page(Connection c, String schema, Filter f, int limit, boolean withMarc) throws SQLException {
        List<Object> params = new ArrayList<>();
        String sql = "SELECT id, instance_id, updated_date, state, suppress_discovery"
                + (withMarc ? ", parsed_content::text AS marc" : "") + " FROM " + schema + ".srs_record WHERE "
                + where(f, params, true) + " ORDER BY updated_date, id LIMIT ?";
        params.add(limit);
        return Sql.list(c, sql, params, rs -> row(rs, withMarc));
    }

    /** How many records the filter matches from its start (completeListSize). Round trips: 1. */
    static int count(Connection c, String schema, Filter f) throws SQLException {
        List<Object> params = new ArrayList<>();
        return Sql.one(c, "SELECT count(*) FROM " + schema + ".srs_record WHERE " + where(f, params, false), params,
                rs -> rs.getInt(1)).orElse(0);
    }

    /** The instance's harvestable record (the highest generation). Round trips: 1. */
    static Optional<Row> byInstance(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.one(c, "SELECT id, instance_id, updated_date, state, suppress_discovery, parsed_content::text AS marc"
                + " FROM " + schema + ".srs_record WHERE instance_id = ? AND " + BASE
                + " ORDER BY generation DESC LIMIT 1", List.of(instanceId), rs -> row(rs, true));
    }

    /** The earliest datestamp of the repository (Identify), or empty when it holds no record. */
    static Optional<Instant> earliest(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT updated_date FROM " + schema + ".srs_record WHERE " + BASE
                + " ORDER BY updated_date, id LIMIT 1", List.of(), rs -> instant(rs, "updated_date"));
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
     * One holdings record or item of an instance with the names marc21_withholdings prints (mod-oai-pmh
     * RecordMetadataManager): an item row has {@code itemJson}; a holdings without items has none.
     */
    record HoldingsItem(UUID instanceId, String holdingsJson, String itemJson, String locationName,
                        String discoveryDisplayName, Boolean locationActive, String institution, String campus,
                        String library, String materialType, String permanentLoanType, String temporaryLoanType,
                        String callNumberType, String illPolicy) {
    }

    /**
     * The holdings and items of these instances, items in their holdings' order, with their effective locations
     * (institution, campus, library), material and loan types, call number types and the holdings' ILL policy
     * resolved by joins. Round trips: 1.
     */
    static List<HoldingsItem> holdingsAndItems(Connection c, String schema, List<UUID> instanceIds)
            throws SQLException {
        if (instanceIds.isEmpty()) return List.of();
        String s = schema + ".";
        String sql = "SELECT h.instance_id, h.jsonb::text AS h, it.jsonb::text AS it, loc.name AS loc, "
                + "loc.jsonb ->> 'discoveryDisplayName' AS display, loc.is_active, inst.name AS inst, "
                + "camp.name AS camp, lib.name AS lib, mt.name AS mt, plt.name AS plt, tlt.name AS tlt, "
                + "cnt.name AS cnt, ill.name AS ill "
                + "FROM " + s + "holdings_record h "
                + "LEFT JOIN " + s + "item it ON it.holdings_record_id = h.id "
                + "LEFT JOIN " + s + "location loc ON loc.id = coalesce(it.effective_location_id, "
                + "h.effective_location_id, h.permanent_location_id) "
                + "LEFT JOIN " + s + "institution inst ON inst.id = loc.institution_id "
                + "LEFT JOIN " + s + "campus camp ON camp.id = loc.campus_id "
                + "LEFT JOIN " + s + "library lib ON lib.id = loc.library_id "
                + "LEFT JOIN " + s + "material_type mt ON mt.id = it.material_type_id "
                + "LEFT JOIN " + s + "loan_type plt ON plt.id = it.permanent_loan_type_id "
                + "LEFT JOIN " + s + "loan_type tlt ON tlt.id = it.temporary_loan_type_id "
                // reference ids inside the JSON are compared as text: a malformed id matches nothing, never fails
                + "LEFT JOIN " + s + "call_number_type cnt ON cnt.id::text = coalesce("
                + "it.jsonb -> 'effectiveCallNumberComponents' ->> 'typeId', h.jsonb ->> 'callNumberTypeId') "
                + "LEFT JOIN " + s + "ill_policy ill ON ill.id::text = h.jsonb ->> 'illPolicyId' "
                + "WHERE h.instance_id = ANY(?) "
                + "ORDER BY h.instance_id, h.hrid, it.item_order NULLS LAST, it.hrid";
        return Sql.list(c, sql, List.of(c.createArrayOf("uuid", instanceIds.toArray())), rs -> new HoldingsItem(
                rs.getObject("instance_id", UUID.class), rs.getString("h"), rs.getString("it"), rs.getString("loc"),
                rs.getString("display"), (Boolean) rs.getObject("is_active"), rs.getString("inst"),
                rs.getString("camp"), rs.getString("lib"), rs.getString("mt"), rs.getString("plt"),
                rs.getString("tlt"), rs.getString("cnt"), rs.getString("ill")));
    }

    /** The tenant's electronic access relationship names by id (856 indicators). Round trips: 1. */
    static Map<String, String> relationshipNames(Connection c, String schema) throws SQLException {
        Map<String, String> out = new HashMap<>();
        for (String[] kv : Sql.list(c, "SELECT id::text, name FROM " + schema + ".electronic_access_relationship",
                List.of(), rs -> new String[]{rs.getString(1), rs.getString(2)})) {
            out.put(kv[0], kv[1]);
        }
        return out;
    }

    private static Row row(ResultSet rs, boolean withMarc) throws SQLException {
        return new Row(rs.getObject("id", UUID.class), rs.getObject("instance_id", UUID.class),
                instant(rs, "updated_date"), "DELETED".equals(rs.getString("state")),
                rs.getBoolean("suppress_discovery"), withMarc ? rs.getString("marc") : null);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }
}
