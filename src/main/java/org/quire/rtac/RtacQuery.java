package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;

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
 * <p>The statement ({@link RtacStore}) walks requested ids → instance → holdings → items; the reference names, the open loan's due date
 * (at most one row, by the partial unique index on open loans) and the hold count are scalar subqueries per row, so
 * they add no statements and cost an index probe each. Records suppressed from discovery are left out, as mod-rtac
 * asks inventory to (skipSuppressedFromDiscoveryRecords). This class turns its rows into mod-rtac's answer.
 */
public final class RtacQuery {
    private RtacQuery() {
    }

    /**
     * Availability of {@code instanceIds} in request order, on one read connection; ids that are not UUIDs are
     * reported as unknown without reaching the database.
     */
    public static RtacBatch run(Database db, String schema, List<String> instanceIds, boolean fullPeriodicals) {
        List<UUID> ids = new ArrayList<>();
        List<RtacBatch.Error> errors = new ArrayList<>();
        for (String s : instanceIds) {
            UUID id = uuidOrNull(s);
            if (id == null) errors.add(RtacBatch.Error.instanceNotFound(s));
            else ids.add(id);
        }
        if (ids.isEmpty()) return new RtacBatch(List.of(), errors);
        List<RtacStore.Row> rows = db.read(c -> RtacStore.availability(c, schema, ids, fullPeriodicals));

        Map<String, List<RtacHolding>> found = new LinkedHashMap<>();
        for (RtacStore.Row r : rows) {
            if (!r.found()) {
                errors.add(RtacBatch.Error.instanceNotFound(r.instanceId()));
                continue;
            }
            List<RtacHolding> list = found.computeIfAbsent(r.instanceId(), k -> new ArrayList<>());
            if (r.holdingsId() == null) errors.add(RtacBatch.Error.holdingsNotFound(r.instanceId()));
            else list.add(holding(r));
        }
        List<InstanceHoldings> out = new ArrayList<>();
        found.forEach((id, list) -> out.add(new InstanceHoldings(id, list)));
        return new RtacBatch(out, errors);
    }

    /**
     * A row as mod-rtac's FolioToRtacMapper makes it: an item, or for a holdings record without (shown) items a
     * holdings-level row at its permanent location whose status is its first holdings statement ("Multi" if none).
     */
    private static RtacHolding holding(RtacStore.Row r) {
        ObjectNode h = Json.parseObject(r.holdingsJson());
        ObjectNode item = r.itemJson() == null ? null : Json.parseObject(r.itemJson());
        var statements = statements(h, "holdingsStatements");
        RtacHolding.Builder b = RtacHolding.builder()
                .location(r.locationName(), r.locationCode(), r.locationId())
                .library(r.libraryId() == null ? null
                        : new RtacHolding.Library(r.libraryId(), r.libraryName(), r.libraryCode()))
                .notes(notes(h, r.noteTypeNames() == null ? null : Json.parseObject(r.noteTypeNames())))
                .statements(statements, statements(h, "holdingsStatementsForIndexes"),
                        statements(h, "holdingsStatementsForSupplements"))
                .holdingsCopyNumber(Json.text(h, "copyNumber"));
        if (item == null) {
            return b.id(r.holdingsId())
                    .callNumber(callNumber(Json.text(h, "callNumberPrefix"), Json.text(h, "callNumber"),
                            Json.text(h, "callNumberSuffix")))
                    .status(statements.isEmpty() || statements.getFirst().statement() == null ? "Multi"
                            : statements.getFirst().statement())
                    .suppressFromDiscovery(suppressed(h))
                    .build();
        }
        String materialTypeId = Json.text(item, "materialTypeId");
        OffsetDateTime due = r.openLoanDueDate();
        return b.id(Json.text(item, "id"))
                .barcode(Json.text(item, "barcode"))
                .callNumber(callNumber(Json.text(item, "effectiveCallNumberComponents.prefix"),
                        Json.text(item, "effectiveCallNumberComponents.callNumber"),
                        Json.text(item, "effectiveCallNumberComponents.suffix")))
                .status(Json.text(item, "status.name"))
                .dueDate(due == null ? null : Json.dateZ(due.toInstant()))
                .volume(volume(item))
                .temporaryLoanType(r.temporaryLoanTypeName())
                .permanentLoanType(r.permanentLoanTypeName())
                .materialType(materialTypeId == null ? null : new RtacHolding.Named(materialTypeId, r.materialTypeName()))
                .suppressFromDiscovery(suppressed(item) || suppressed(h))
                .totalHoldRequests(r.openRequests())
                .itemCopyNumber(Json.text(item, "copyNumber"))
                .build();
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
