package org.quire.rtac;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * All SQL of RTAC: ONE statement for any number of instances, whatever their holdings and items, and one that reads
 * only the versions of kept answers ({@link AvailabilityCache}). It returns rows as read; what they mean for a patron
 * (mod-rtac's FolioToRtacMapper rules) is {@link RtacQuery}'s.
 */
public final class RtacStore {
    private RtacStore() {
    }

    /**
     * FOLIO's reference ids of the nature-of-content terms "journal" and "newspaper" (mod-inventory-storage
     * reference-data, /nature-of-content-terms): the periodical test matches these ids, not the terms' names.
     */
    static final String JOURNAL = "0abeee3d-8ad2-4b04-92ff-221b4fce1075";
    static final String NEWSPAPER = "ebbbdef1-00e1-428b-bc11-314dc0705074";

    /*
     * Parameters: 1 the instance ids (uuid[]), 2 fullPeriodicals. An item row exists only when the instance is not
     * a periodical or full periodicals were asked for; otherwise (and for holdings without items) the LEFT JOIN
     * leaves the item NULL and the row stands for the holdings record, located at its permanent location as
     * mod-rtac does. The JSON tests are written with `IS DISTINCT FROM 'true'::jsonb` so no stored value can make
     * a cast fail. jsonb_path_exists is used instead of the ?| operator, which JDBC would take for a parameter.
     *
     * inst is MATERIALIZED so that the periodical test reads each instance's JSON once: inlined, PostgreSQL
     * evaluated it in the item join's filter, once per item (20 → 11 ms for 300 holdings × 3 items, EXPLAIN ANALYZE).
     *
     * hold is MATERIALIZED for the same reason: a holdings record's projection and note type names are computed
     * once, not once per item row (inlined, PostgreSQL evaluates them in the final target list, per joined row).
     * The note types are looked up only for a holdings record whose notes are an array (FOLIO's schema; anything
     * else was an error of jsonb_array_elements). Reference names are joins, hashed on small tables, rather than
     * one index probe per row.
     *
     * Each instance's version and the tenant's epoch (V46) come with its rows, read in the same snapshot: they are
     * what the answer is kept by.
     *
     * totalHoldRequests counts the item's open requests of any type (as mod-rtac counts what /circulation/requests
     * returns for the item), on the partial index of open request queues; a holdings-level row counts none.
     *
     * Only what the answer shows leaves the database (issue 16: shipping and parsing the whole JSON of 300 holdings
     * and 900 items was most of RTAC's time). Typed columns where RecordStore keeps one (written from the same JSON
     * in the same statement, so equal to it: barcode, status.name, effectiveCallNumberComponents.callNumber,
     * enumeration, chronology, volume, copyNumber, the holdings' callNumber); ->> for the id-valued strings (ids and
     * materialTypeId are validated as UUID strings, and the effective call number's prefix and suffix are always
     * written as strings by InventoryHooks); and for the values whose JSON type nothing checks (the holdings' notes,
     * statements, copy number, call number prefix and suffix; the item's displaySummary; discoverySuppress) a
     * narrow jsonb object of just those paths, nulls stripped, so that a record that has none of them ships "{}"
     * and Java reads them with the same Jackson semantics as before.
     */
    private static final String SQL = """
            WITH req AS (
                SELECT r.id, min(r.ord) AS ord FROM unnest(?::uuid[]) WITH ORDINALITY AS r(id, ord) GROUP BY r.id
            ), inst AS MATERIALIZED (
                SELECT req.ord, req.id, i.id IS NOT NULL AS found,
                       (SELECT v.version FROM %1$s.availability_version v WHERE v.instance_id = req.id) AS version,
                       (EXISTS (SELECT 1 FROM %1$s.mode_of_issuance m
                                WHERE m.name = 'serial' AND m.id::text = i.jsonb->>'modeOfIssuanceId')
                        OR jsonb_path_exists(i.jsonb,
                               '$.natureOfContentTermIds[*] ? (@ == "%2$s" || @ == "%3$s")')) AS periodical
                FROM req
                LEFT JOIN %1$s.instance i
                       ON i.id = req.id AND i.jsonb->'discoverySuppress' IS DISTINCT FROM 'true'::jsonb
            ), hold AS MATERIALIZED (
                SELECT inst.ord, inst.id AS instance_id, inst.found, inst.version, inst.periodical, h.id, h.hrid, h.call_number,
                       h.permanent_location_id, h.effective_location_id,
                       jsonb_strip_nulls(jsonb_build_object(
                           'copyNumber', h.jsonb->'copyNumber', 'callNumberPrefix', h.jsonb->'callNumberPrefix',
                           'callNumberSuffix', h.jsonb->'callNumberSuffix',
                           'discoverySuppress', h.jsonb->'discoverySuppress', 'notes', h.jsonb->'notes',
                           'holdingsStatements', h.jsonb->'holdingsStatements',
                           'holdingsStatementsForIndexes', h.jsonb->'holdingsStatementsForIndexes',
                           'holdingsStatementsForSupplements', h.jsonb->'holdingsStatementsForSupplements'))::text
                           AS parts,
                       CASE WHEN jsonb_typeof(h.jsonb->'notes') = 'array' THEN
                           (SELECT jsonb_object_agg(t.id, t.name) FROM %1$s.holdings_note_type t
                            WHERE t.id::text IN (SELECT n->>'holdingsNoteTypeId'
                                                 FROM jsonb_array_elements(h.jsonb->'notes') n)) END
                           AS note_type_names
                FROM inst
                LEFT JOIN %1$s.holdings_record h
                       ON h.instance_id = inst.id AND inst.found
                      AND h.jsonb->'discoverySuppress' IS DISTINCT FROM 'true'::jsonb
            )
            SELECT hold.ord, hold.instance_id, hold.found, hold.id, hold.call_number, hold.parts,
                   it.jsonb->>'id', it.barcode, it.status_name, it.jsonb->>'materialTypeId',
                   it.jsonb#>>'{effectiveCallNumberComponents,prefix}', it.effective_call_number,
                   it.jsonb#>>'{effectiveCallNumberComponents,suffix}',
                   it.enumeration, it.chronology, it.volume, it.copy_number,
                   CASE WHEN it.id IS NOT NULL THEN jsonb_strip_nulls(jsonb_build_object(
                       'displaySummary', it.jsonb->'displaySummary',
                       'discoverySuppress', it.jsonb->'discoverySuppress'))::text END,
                   loc.id, loc.name, loc.code, lib.id, lib.name, lib.code, mt.name, plt.name, tlt.name,
                   (SELECT l.due_date FROM %1$s.loan l WHERE l.item_id = it.id AND l.status_name = 'Open'),
                   (SELECT count(*) FROM %1$s.request rq WHERE rq.item_id = it.id AND rq.status LIKE 'Open%%')
                       AS total_hold_requests,
                   hold.note_type_names, hold.version, (SELECT e.epoch FROM %1$s.availability_epoch e)
            FROM hold
            LEFT JOIN %1$s.item it
                   ON it.holdings_record_id = hold.id AND (? OR NOT hold.periodical)
                  AND it.jsonb->'discoverySuppress' IS DISTINCT FROM 'true'::jsonb
            LEFT JOIN %1$s.location loc
                   ON loc.id = CASE WHEN it.id IS NULL THEN hold.permanent_location_id
                                    ELSE coalesce(it.effective_location_id, hold.effective_location_id,
                                                  hold.permanent_location_id) END
            LEFT JOIN %1$s.library lib ON lib.id = loc.library_id
            LEFT JOIN %1$s.material_type mt ON mt.id = it.material_type_id
            LEFT JOIN %1$s.loan_type plt ON plt.id = it.permanent_loan_type_id
            LEFT JOIN %1$s.loan_type tlt ON tlt.id = it.temporary_loan_type_id
            ORDER BY hold.ord, hold.hrid, it.hrid
            """;

    /** The statement for a schema (public so that a test or EXPLAIN can run exactly it). */
    public static String sql(String schema) {
        return SQL.formatted(schema, JOURNAL, NEWSPAPER);
    }

    /**
     * One row of the statement: an instance asked for, and when it was found a holdings record (absent when it has
     * none) with one of its items (absent for a holdings-level row), where the row is located, and the names, due
     * date and counts read with it.
     */
    record Row(String instanceId, boolean found, Holdings holdings, Item item, Place place,
               String materialTypeName, String permanentLoanTypeName, String temporaryLoanTypeName,
               OffsetDateTime openLoanDueDate, int openRequests, Versions.Of version) {
    }

    /**
     * The tenant's availability epoch and the versions of the instances asked for that have one (V46: an instance
     * has one from its creation; an id never created has none).
     */
    record Versions(long epoch, Map<UUID, Long> versions) {
        /** An instance's answer's version as read with its data: the epoch and the instance's version (null: none). */
        record Of(long epoch, Long version) {
        }

        Of of(UUID id) {
            return new Of(epoch, versions.get(id));
        }
    }

    private static final String VERSIONS = """
            SELECT e.epoch, v.instance_id, v.version FROM %1$s.availability_epoch e
            LEFT JOIN %1$s.availability_version v ON v.instance_id = ANY(?::uuid[])
            """;

    /** The versions statement for a schema (for EXPLAIN in a test); parameter 1 the instance ids (uuid[]). */
    static String versionsSql(String schema) {
        return VERSIONS.formatted(schema);
    }

    /** The epoch and the versions of {@code ids} now: 1 statement. */
    static Versions versions(Connection c, String schema, java.util.Collection<UUID> ids) throws SQLException {
        Map<UUID, Long> versions = new java.util.HashMap<>();
        long[] epoch = {0};
        Sql.list(c, versionsSql(schema), List.of(c.createArrayOf("uuid", ids.toArray())), rs -> {
            epoch[0] = rs.getLong(1);
            UUID id = rs.getObject(2, UUID.class);
            if (id != null) versions.put(id, rs.getLong(3));
            return 1;
        });
        return new Versions(epoch[0], versions);
    }

    /**
     * What the answer shows of a holdings record.
     *
     * @param parts         JSON object of just copyNumber, callNumberPrefix, callNumberSuffix, discoverySuppress,
     *                      notes and the three statement lists, those that are present and not null
     * @param noteTypeNames JSON object holdings-note-type id → name, for the types this record's notes name
     */
    record Holdings(String id, String callNumber, String parts, String noteTypeNames) {
    }

    /**
     * What the answer shows of an item.
     *
     * @param parts JSON object of just displaySummary and discoverySuppress, those that are present and not null
     */
    record Item(String id, String barcode, String status, String materialTypeId, String callNumberPrefix,
                String callNumber, String callNumberSuffix, String enumeration, String chronology, String volume,
                String copyNumber, String parts) {
    }

    /** The location a row stands at and its library. */
    record Place(String locationId, String locationName, String locationCode, String libraryId, String libraryName,
                 String libraryCode) {
    }

    /** Availability rows of {@code ids} in request order (then holdings hrid, item hrid): 1 statement. */
    static List<Row> availability(Connection c, String schema, List<UUID> ids, boolean fullPeriodicals)
            throws SQLException {
        return Sql.list(c, sql(schema), List.of(c.createArrayOf("uuid", ids.toArray()), fullPeriodicals), RtacStore::row);
    }

    private static Row row(ResultSet rs) throws SQLException {
        // An item was joined when its projection is there (the id is the JSON's, as the answer always showed it).
        String holdingsId = rs.getString(4), itemParts = rs.getString(18);
        Holdings holdings = holdingsId == null ? null
                : new Holdings(holdingsId, rs.getString(5), rs.getString(6), rs.getString(30));
        Item item = itemParts == null ? null
                : new Item(rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11),
                        rs.getString(12), rs.getString(13), rs.getString(14), rs.getString(15), rs.getString(16),
                        rs.getString(17), itemParts);
        return new Row(rs.getString(2), rs.getBoolean(3), holdings, item,
                new Place(rs.getString(19), rs.getString(20), rs.getString(21), rs.getString(22), rs.getString(23),
                        rs.getString(24)),
                rs.getString(25), rs.getString(26), rs.getString(27), rs.getObject(28, OffsetDateTime.class),
                rs.getInt(29), new Versions.Of(rs.getLong(32), rs.getObject(31, Long.class)));
    }
}
