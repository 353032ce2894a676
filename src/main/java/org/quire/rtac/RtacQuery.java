package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Real-time availability of any number of instances in at most two SQL statements (round trips: 1 or 2, whatever the
 * number of instances, holdings and items: the versions of the answers kept ({@link AvailabilityCache}), then the
 * answers that were not kept or have changed). mod-rtac needs an HTTP call to inventory, then to loans and to
 * requests, and FOLIO's older path one call per holdings record and per item (13–17 s for 300+ holdings).
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
     * reported as unknown without reaching the database. Statements: 1 when no answer is kept
     * ({@link AvailabilityCache}) or when every kept one is still current (their versions), 2 when some answer must
     * be read again — whatever the number of instances, holdings and items.
     */
    public static RtacBatch run(Database db, AvailabilityCache cache, String schema, List<String> instanceIds,
                                boolean fullPeriodicals) {
        List<RtacBatch.Error> errors = new ArrayList<>();
        Set<UUID> ids = new LinkedHashSet<>();
        for (String s : instanceIds) {
            UUID id = uuidOrNull(s);
            if (id == null) errors.add(RtacBatch.Error.instanceNotFound(s));
            else ids.add(id);
        }
        if (ids.isEmpty()) return new RtacBatch(List.of(), errors, List.of());
        Map<UUID, AvailabilityCache.Entry> answers = db.read(c -> answers(c, cache, schema, ids, fullPeriodicals));

        List<InstanceHoldings> found = new ArrayList<>();
        List<byte[]> json = new ArrayList<>();
        for (UUID id : ids) {
            AvailabilityCache.Entry e = answers.get(id);
            if (e.holdings() == null) {
                errors.add(RtacBatch.Error.instanceNotFound(id.toString()));
                continue;
            }
            found.add(e.holdings());
            json.add(e.json());
            if (e.holdings().holdings().isEmpty()) errors.add(RtacBatch.Error.holdingsNotFound(id.toString()));
        }
        return new RtacBatch(found, errors, json);
    }

    /** Each instance's answer: kept and still current, or read now (and kept). */
    private static Map<UUID, AvailabilityCache.Entry> answers(Connection c, AvailabilityCache cache, String schema,
                                                              Set<UUID> ids, boolean fullPeriodicals)
            throws SQLException {
        Map<UUID, AvailabilityCache.Entry> out = new HashMap<>();
        Map<UUID, AvailabilityCache.Entry> kept = new HashMap<>();
        for (UUID id : ids) {
            AvailabilityCache.Entry e = cache.get(new AvailabilityCache.Key(schema, id, fullPeriodicals));
            if (e != null) kept.put(id, e);
        }
        if (!kept.isEmpty()) {
            RtacStore.Versions now = RtacStore.versions(c, schema, kept.keySet());
            kept.forEach((id, e) -> {
                if (e.version().equals(now.of(id))) out.put(id, e);
            });
        }
        List<UUID> toRead = ids.stream().filter(id -> !out.containsKey(id)).toList();
        if (toRead.isEmpty()) return out;
        for (AvailabilityCache.Entry e : entries(RtacStore.availability(c, schema, toRead, fullPeriodicals))) {
            UUID id = UUID.fromString(e.instanceId());
            out.put(id, e);
            cache.put(new AvailabilityCache.Key(schema, id, fullPeriodicals), e);
        }
        return out;
    }

    /** The statement's rows as one answer per instance (its rows are consecutive), its JSON written once. */
    private static List<AvailabilityCache.Entry> entries(List<RtacStore.Row> rows) {
        List<AvailabilityCache.Entry> out = new ArrayList<>();
        HoldingsView view = null; // a holdings record's rows are consecutive: its parts are read once
        List<RtacHolding> list = null;
        RtacStore.Row first = null;
        for (RtacStore.Row r : rows) {
            if (first == null || !first.instanceId().equals(r.instanceId())) {
                if (first != null) out.add(entry(first, list));
                first = r;
                list = new ArrayList<>();
            }
            if (!r.found() || r.holdings() == null) continue;
            if (view == null || !view.id().equals(r.holdings().id())) view = HoldingsView.of(r.holdings());
            list.add(holding(r, view));
        }
        if (first != null) out.add(entry(first, list));
        return out;
    }

    private static AvailabilityCache.Entry entry(RtacStore.Row first, List<RtacHolding> list) {
        if (!first.found()) return AvailabilityCache.Entry.notFound(first.instanceId(), first.version());
        InstanceHoldings h = new InstanceHoldings(first.instanceId(), list);
        return new AvailabilityCache.Entry(first.instanceId(), first.version(), h, Json.writeBytes(h.toJson()));
    }

    /**
     * What every row of one holdings record shows of it, read once from the statement's narrow projection (see
     * {@link RtacStore}): public notes with their type names, the statements, copy number, call number parts and
     * whether it is suppressed.
     */
    private record HoldingsView(String id, String callNumber, String callNumberPrefix, String callNumberSuffix,
                                String copyNumber, boolean suppressed, List<RtacHolding.Note> notes,
                                List<RtacHolding.Statement> statements, List<RtacHolding.Statement> forIndexes,
                                List<RtacHolding.Statement> forSupplements) {
        static HoldingsView of(RtacStore.Holdings h) {
            JsonNode parts = parts(h.parts());
            return new HoldingsView(h.id(), h.callNumber(), Json.text(parts, "callNumberPrefix"),
                    Json.text(parts, "callNumberSuffix"), Json.text(parts, "copyNumber"), RtacQuery.suppressed(parts),
                    RtacQuery.notes(parts, h.noteTypeNames() == null ? null : Json.parseObject(h.noteTypeNames())),
                    RtacQuery.statements(parts, "holdingsStatements"),
                    RtacQuery.statements(parts, "holdingsStatementsForIndexes"),
                    RtacQuery.statements(parts, "holdingsStatementsForSupplements"));
        }
    }

    /** A narrow projection's JSON; most records have none of its values, "{}", which needs no parsing. */
    private static JsonNode parts(String json) {
        return json == null || json.equals("{}") ? EMPTY : Json.parseObject(json);
    }

    private static final JsonNode EMPTY = Json.object();

    /**
     * A row as mod-rtac's FolioToRtacMapper makes it: an item, or for a holdings record without (shown) items a
     * holdings-level row at its permanent location whose status is its first holdings statement ("Multi" if none).
     */
    private static RtacHolding holding(RtacStore.Row r, HoldingsView h) {
        RtacStore.Place p = r.place();
        RtacHolding.Builder b = RtacHolding.builder()
                .location(p.locationName(), p.locationCode(), p.locationId())
                .library(p.libraryId() == null ? null
                        : new RtacHolding.Library(p.libraryId(), p.libraryName(), p.libraryCode()))
                .notes(h.notes())
                .statements(h.statements(), h.forIndexes(), h.forSupplements())
                .holdingsCopyNumber(h.copyNumber());
        RtacStore.Item item = r.item();
        if (item == null) {
            return b.id(h.id())
                    .callNumber(callNumber(h.callNumberPrefix(), h.callNumber(), h.callNumberSuffix()))
                    .status(h.statements().isEmpty() || h.statements().getFirst().statement() == null ? "Multi"
                            : h.statements().getFirst().statement())
                    .suppressFromDiscovery(h.suppressed())
                    .build();
        }
        JsonNode parts = parts(item.parts());
        OffsetDateTime due = r.openLoanDueDate();
        return b.id(item.id())
                .barcode(item.barcode())
                .callNumber(callNumber(item.callNumberPrefix(), item.callNumber(), item.callNumberSuffix()))
                .status(item.status())
                .dueDate(due == null ? null : Json.dateZ(due.toInstant()))
                .volume(volume(Json.text(parts, "displaySummary"), item.enumeration(), item.chronology(),
                        item.volume()))
                .temporaryLoanType(r.temporaryLoanTypeName())
                .permanentLoanType(r.permanentLoanTypeName())
                .materialType(item.materialTypeId() == null ? null
                        : new RtacHolding.Named(item.materialTypeId(), r.materialTypeName()))
                .suppressFromDiscovery(suppressed(parts) || h.suppressed())
                .totalHoldRequests(r.openRequests())
                .itemCopyNumber(item.copyNumber())
                .build();
    }

    /** discoverySuppress as Jackson reads it (true, or "true" as text); absent is false. */
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
    static String volume(String summary, String enumeration, String chronology, String volume) {
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
