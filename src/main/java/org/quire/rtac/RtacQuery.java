package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Real-time availability of any number of instances in ONE SQL statement (round trips: 1, whatever the number of
 * instances, holdings and items). mod-rtac needs an HTTP call to inventory, then to loans and to requests, and
 * FOLIO's older path one call per holdings record and per item (13–17 s for 300+ holdings).
 *
 * <p>The statement walks requested ids → instance → holdings → items; the reference names, the open loan's due date
 * (at most one row, by the partial unique index on open loans) and the hold count are scalar subqueries per row, so
 * they add no statements and cost an index probe each. Records suppressed from discovery are left out, as mod-rtac
 * asks inventory to (skipSuppressedFromDiscoveryRecords).
 */
public final class RtacQuery {
    private RtacQuery() {
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
     * totalHoldRequests counts the item's open requests of any type (as mod-rtac counts what /circulation/requests
     * returns for the item), on the partial index of open request queues; a holdings-level row counts none.
     */
    private static final String SQL = """
            WITH req AS (
                SELECT r.id, min(r.ord) AS ord FROM unnest(?::uuid[]) WITH ORDINALITY AS r(id, ord) GROUP BY r.id
            ), inst AS MATERIALIZED (
                SELECT req.ord, req.id, i.id IS NOT NULL AS found,
                       (EXISTS (SELECT 1 FROM %1$s.mode_of_issuance m
                                WHERE m.name = 'serial' AND m.id::text = i.jsonb->>'modeOfIssuanceId')
                        OR jsonb_path_exists(i.jsonb,
                               '$.natureOfContentTermIds[*] ? (@ == "%2$s" || @ == "%3$s")')) AS periodical
                FROM req
                LEFT JOIN %1$s.instance i
                       ON i.id = req.id AND i.jsonb->'discoverySuppress' IS DISTINCT FROM 'true'::jsonb
            )
            SELECT inst.ord, inst.id, inst.found, h.id, h.jsonb, it.jsonb,
                   loc.id, loc.name, loc.code, lib.id, lib.name, lib.code,
                   (SELECT name FROM %1$s.material_type WHERE id = it.material_type_id),
                   (SELECT name FROM %1$s.loan_type WHERE id = it.permanent_loan_type_id),
                   (SELECT name FROM %1$s.loan_type WHERE id = it.temporary_loan_type_id),
                   (SELECT l.due_date FROM %1$s.loan l WHERE l.item_id = it.id AND l.status_name = 'Open'),
                   (SELECT count(*) FROM %1$s.request rq WHERE rq.item_id = it.id AND rq.status LIKE 'Open%%')
                       AS total_hold_requests,
                   (SELECT jsonb_object_agg(t.id, t.name) FROM %1$s.holdings_note_type t
                    WHERE t.id::text IN (SELECT n->>'holdingsNoteTypeId'
                                         FROM jsonb_array_elements(h.jsonb->'notes') n)) AS note_type_names
            FROM inst
            LEFT JOIN %1$s.holdings_record h
                   ON h.instance_id = inst.id AND inst.found
                  AND h.jsonb->'discoverySuppress' IS DISTINCT FROM 'true'::jsonb
            LEFT JOIN %1$s.item it
                   ON it.holdings_record_id = h.id AND (? OR NOT inst.periodical)
                  AND it.jsonb->'discoverySuppress' IS DISTINCT FROM 'true'::jsonb
            LEFT JOIN %1$s.location loc
                   ON loc.id = CASE WHEN it.id IS NULL THEN h.permanent_location_id
                                    ELSE coalesce(it.effective_location_id, h.effective_location_id,
                                                  h.permanent_location_id) END
            LEFT JOIN %1$s.library lib ON lib.id = loc.library_id
            ORDER BY inst.ord, h.hrid, it.hrid
            """;

    /** The statement for a schema (public so that a test or EXPLAIN can run exactly it). */
    public static String sql(String schema) {
        return SQL.formatted(schema, JOURNAL, NEWSPAPER);
    }

    /**
     * Availability of {@code instanceIds} in request order; ids that are not UUIDs are reported as unknown without
     * reaching the database.
     */
    public static RtacBatch run(Connection c, String schema, List<String> instanceIds, boolean fullPeriodicals)
            throws SQLException {
        List<UUID> ids = new ArrayList<>();
        List<RtacBatch.Error> errors = new ArrayList<>();
        for (String s : instanceIds) {
            UUID id = uuidOrNull(s);
            if (id == null) errors.add(RtacBatch.Error.instanceNotFound(s));
            else ids.add(id);
        }
        if (ids.isEmpty()) return new RtacBatch(List.of(), errors);
        List<Row> rows = Sql.list(c, sql(schema), List.of(c.createArrayOf("uuid", ids.toArray()), fullPeriodicals),
                RtacQuery::row);

        Map<String, List<RtacHolding>> found = new LinkedHashMap<>();
        for (Row r : rows) {
            if (!r.found) {
                errors.add(RtacBatch.Error.instanceNotFound(r.instanceId));
                continue;
            }
            List<RtacHolding> list = found.computeIfAbsent(r.instanceId, k -> new ArrayList<>());
            if (r.holding == null) errors.add(RtacBatch.Error.holdingsNotFound(r.instanceId));
            else list.add(r.holding);
        }
        List<InstanceHoldings> out = new ArrayList<>();
        found.forEach((id, list) -> out.add(new InstanceHoldings(id, list)));
        return new RtacBatch(out, errors);
    }

    private record Row(String instanceId, boolean found, RtacHolding holding) {
    }

    private static Row row(ResultSet rs) throws SQLException {
        String instanceId = rs.getString(2);
        if (!rs.getBoolean(3)) return new Row(instanceId, false, null);
        String holdingsId = rs.getString(4);
        if (holdingsId == null) return new Row(instanceId, true, null);
        ObjectNode h = Json.parseObject(rs.getString(5));
        String itemJson = rs.getString(6);
        ObjectNode item = itemJson == null ? null : Json.parseObject(itemJson);
        String locationId = rs.getString(7);
        RtacHolding.Library library = rs.getString(10) == null ? null
                : new RtacHolding.Library(rs.getString(10), rs.getString(11), rs.getString(12));
        OffsetDateTime due = rs.getObject(16, OffsetDateTime.class);
        String noteTypes = rs.getString(18);
        var notes = notes(h, noteTypes == null ? null : Json.parseObject(noteTypes));
        var statements = statements(h, "holdingsStatements");
        var indexes = statements(h, "holdingsStatementsForIndexes");
        var supplements = statements(h, "holdingsStatementsForSupplements");
        String holdingsCopy = Json.text(h, "copyNumber");
        RtacHolding holding;
        if (item == null) {
            holding = new RtacHolding(holdingsId, null, rs.getString(8), rs.getString(9), locationId,
                    callNumber(Json.text(h, "callNumberPrefix"), Json.text(h, "callNumber"),
                            Json.text(h, "callNumberSuffix")),
                    statements.isEmpty() || statements.getFirst().statement() == null ? "Multi"
                            : statements.getFirst().statement(),
                    null, null, null, null, null, library, suppressed(h), 0, notes, statements, indexes,
                    supplements, holdingsCopy, null);
        } else {
            String materialTypeId = Json.text(item, "materialTypeId");
            holding = new RtacHolding(Json.text(item, "id"), Json.text(item, "barcode"), rs.getString(8),
                    rs.getString(9), locationId,
                    callNumber(Json.text(item, "effectiveCallNumberComponents.prefix"),
                            Json.text(item, "effectiveCallNumberComponents.callNumber"),
                            Json.text(item, "effectiveCallNumberComponents.suffix")),
                    Json.text(item, "status.name"), due == null ? null : Json.dateZ(due.toInstant()), volume(item),
                    rs.getString(15), rs.getString(14),
                    materialTypeId == null ? null : new RtacHolding.Named(materialTypeId, rs.getString(13)),
                    library, suppressed(item) || suppressed(h), rs.getInt(17), notes, statements, indexes,
                    supplements, holdingsCopy, Json.text(item, "copyNumber"));
        }
        return new Row(instanceId, true, holding);
    }

    private static boolean suppressed(JsonNode record) {
        return record.path("discoverySuppress").asBoolean(false);
    }

    /** Prefix, call number and suffix joined by spaces, as mod-rtac assembles them. */
    static String callNumber(String prefix, String callNumber, String suffix) {
        if (callNumber == null || callNumber.isBlank()) return null;
        StringBuilder b = new StringBuilder();
        if (prefix != null && !prefix.isBlank()) b.append(prefix).append(' ');
        b.append(callNumber);
        if (suffix != null && !suffix.isBlank()) b.append(' ').append(suffix);
        return b.toString();
    }

    /**
     * mod-rtac's volume: "(displaySummary)", else "(enumeration chronology)", else "(volume)", else "(chronology)",
     * else none.
     */
    static String volume(JsonNode item) {
        String summary = Json.text(item, "displaySummary"), enumeration = Json.text(item, "enumeration");
        String chronology = Json.text(item, "chronology"), volume = Json.text(item, "volume");
        String v;
        if (present(summary)) v = summary;
        else if (present(enumeration)) v = present(chronology) ? enumeration + " " + chronology : enumeration;
        else if (present(volume)) v = volume;
        else if (present(chronology)) v = chronology;
        else return null;
        return "(" + v + ")";
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    /**
     * Public notes only, each with the name of its holdings note type ({@code typeNames}: id → name of the types
     * this holdings record's notes name, read by the same statement; none when the note has no or an unknown type).
     */
    private static List<RtacHolding.Note> notes(JsonNode h, JsonNode typeNames) {
        List<RtacHolding.Note> out = new ArrayList<>();
        for (JsonNode n : h.path("notes")) {
            if (n.path("staffOnly").asBoolean(false) || !n.hasNonNull("note")) continue;
            String type = typeNames == null ? null : Json.text(typeNames, n.path("holdingsNoteTypeId").asText());
            out.add(new RtacHolding.Note(type, n.get("note").asText()));
        }
        return out;
    }

    private static List<RtacHolding.Statement> statements(JsonNode h, String field) {
        List<RtacHolding.Statement> out = new ArrayList<>();
        for (JsonNode s : h.path(field)) out.add(new RtacHolding.Statement(Json.text(s, "statement"), Json.text(s, "note")));
        return out;
    }

    private static UUID uuidOrNull(String s) {
        return s == null ? null : Ids.orNull(s.trim());
    }
}
