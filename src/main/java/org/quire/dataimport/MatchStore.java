package org.quire.dataimport;

import org.quire.platform.Ids;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The existing instances, holdings records or items a match rule finds for a whole chunk's values: one statement per rule and chunk, never one
 * per record (the update of 100,000 records is 1,000 of these, not 100,000). Each answers value → the records it
 * names, each with its parent (a holdings record's instance, an item's holdings record: what FOLIO's sub-match
 * conditions compare, HoldingLoader's {@code instanceId ==} and ItemLoader's {@code holdingsRecordId ==}); through SRS (existing MARC_BIBLIOGRAPHIC) only current (ACTUAL) MARC Bib generations count,
 * as SRS's matching endpoint searches them.
 */
final class MatchStore {
    private MatchStore() {
    }

    /** A record found: its id and its parent's (null for an instance). */
    record Hit(UUID id, UUID parent) {
    }

    static Map<String, Set<Hit>> find(Connection c, String schema, MatchRule rule, Collection<String> values)
            throws SQLException {
        Map<String, Set<Hit>> out = new HashMap<>();
        if (values.isEmpty()) return out;
        String srs = schema + ".srs_record WHERE state = 'ACTUAL' AND record_type = 'MARC_BIB' AND ";
        switch (rule.existing()) {
            case INSTANCE_ID -> collect(c, out, "SELECT id::text, id, NULL::uuid FROM " + schema + ".instance WHERE id = ANY(?)",
                    uuids(c, values));
            case INSTANCE_HRID -> collect(c, out, "SELECT hrid, id, NULL::uuid FROM " + schema + ".instance WHERE hrid = ANY(?)",
                    c.createArrayOf("text", values.toArray()));
            case MARC_INSTANCE_ID -> collect(c, out, "SELECT instance_id::text, instance_id, NULL::uuid FROM " + srs
                    + "instance_id = ANY(?)", uuids(c, values));
            case MARC_INSTANCE_HRID -> collect(c, out, "SELECT instance_hrid, instance_id, NULL::uuid FROM " + srs
                    + "instance_hrid = ANY(?)", c.createArrayOf("text", values.toArray()));
            case MARC_MATCHED_ID -> collect(c, out, "SELECT matched_id::text, instance_id, NULL::uuid FROM " + srs
                    + "matched_id = ANY(?) AND instance_id IS NOT NULL", uuids(c, values));
            case HOLDINGS_ID -> collect(c, out, "SELECT id::text, id, instance_id FROM " + schema
                    + ".holdings_record WHERE id = ANY(?)", uuids(c, values));
            case HOLDINGS_HRID -> collect(c, out, "SELECT hrid, id, instance_id FROM " + schema
                    + ".holdings_record WHERE hrid = ANY(?)", c.createArrayOf("text", values.toArray()));
            case ITEM_ID -> collect(c, out, "SELECT id::text, id, holdings_record_id FROM " + schema
                    + ".item WHERE id = ANY(?)", uuids(c, values));
            case ITEM_HRID -> collect(c, out, "SELECT hrid, id, holdings_record_id FROM " + schema
                    + ".item WHERE hrid = ANY(?)", c.createArrayOf("text", values.toArray()));
            case ITEM_BARCODE -> collect(c, out, "SELECT barcode, id, holdings_record_id FROM " + schema
                    + ".item WHERE barcode = ANY(?)", c.createArrayOf("text", values.toArray()));
            case INSTANCE_IDENTIFIER -> {
                // One containment probe per value through V37's GIN index on the identifiers array (a lateral join
                // keeps it one statement); the type id is FOLIO's "identifiers =/@value/@identifierTypeId=…".
                List<Object> params = new ArrayList<>();
                params.add(c.createArrayOf("text", values.toArray()));
                params.add(rule.identifierTypeId());
                for (Object[] row : Sql.list(c, "SELECT q.v, i.id FROM unnest(?::text[]) q(v) JOIN LATERAL "
                        + "(SELECT id FROM " + schema + ".instance WHERE jsonb->'identifiers' @> jsonb_build_array("
                        + "jsonb_build_object('identifierTypeId', ?::text, 'value', q.v))) i ON true", params,
                        rs -> new Object[]{rs.getString(1), rs.getObject(2, UUID.class)})) {
                    out.computeIfAbsent((String) row[0], k -> new LinkedHashSet<>()).add(new Hit((UUID) row[1], null));
                }
            }
        }
        return out;
    }

    private static void collect(Connection c, Map<String, Set<Hit>> out, String sql, java.sql.Array values)
            throws SQLException {
        for (Object[] row : Sql.list(c, sql, List.of(values),
                rs -> new Object[]{rs.getString(1), new Hit(rs.getObject(2, UUID.class), rs.getObject(3, UUID.class))})) {
            out.computeIfAbsent((String) row[0], k -> new LinkedHashSet<>()).add((Hit) row[1]);
        }
    }

    /** The values that are UUIDs (others cannot name an id), in their canonical lower-case text. */
    private static java.sql.Array uuids(Connection c, Collection<String> values) throws SQLException {
        List<UUID> ids = new ArrayList<>();
        for (String v : values) Ids.parse(v).ifPresent(ids::add);
        return c.createArrayOf("uuid", ids.toArray());
    }
}
