package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/** Derived inventory fields, computed as FOLIO's storage module does, in the writing transaction. */
final class InventoryHooks {
    private InventoryHooks() {
    }

    static final class InstanceHooks implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
                throws SQLException {
            Hrids.assign(c, schema, "instance_hrid_seq", "in", records);
        }
    }

    /**
     * The item store without the item hooks, for items whose derived fields the caller has just computed from the
     * holdings record it holds (same table, columns and events as {@link InventoryTypes#ITEMS}).
     */
    private static final RecordStore ITEMS_DERIVED_HERE = new RecordStore(withoutHooks(InventoryTypes.ITEMS.type()));

    private static RecordType withoutHooks(RecordType t) {
        return new RecordType(t.table(), t.collectionKey(), t.columns(), t.required(), t.versioned(), RecordHooks.NONE,
                t.cqlFields(), t.defaultSort(), t.eventTopic(), t.keyedEvents());
    }

    static final class HoldingsHooks implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
                throws SQLException {
            Hrids.assign(c, schema, "holdings_hrid_seq", "ho", records);
            for (ObjectNode h : records) {
                String eff = firstNonNull(Json.text(h, "temporaryLocationId"), Json.text(h, "permanentLocationId"));
                if (eff != null) h.put("effectiveLocationId", eff);
            }
        }

        /**
         * A holdings record's location or call number flows into its items' effective values, written by the user
         * who changed the holdings record (stamped on it already). Two statements whatever the number of items: the
         * items, locked; their new versions, one batch. They are written through {@link #ITEMS_DERIVED_HERE}: the
         * item hooks would derive them again, reading the holdings records this transaction has just written.
         */
        @Override
        public void afterWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
                throws SQLException {
            Map<UUID, ObjectNode> changed = new HashMap<>();
            for (int i = 0; i < records.size(); i++) {
                ObjectNode old = previous.get(i);
                if (old != null && itemRelevantChange(old, records.get(i)))
                    changed.put(UUID.fromString(records.get(i).get("id").asText()), records.get(i));
            }
            if (changed.isEmpty()) return;
            List<ObjectNode> items = InventoryStore.itemsOfHoldingsForUpdate(c, schema, changed.keySet());
            if (items.isEmpty()) return;
            List<ObjectNode> derived = new ArrayList<>(items.size());
            for (ObjectNode item : items) {
                ObjectNode next = item.deepCopy();
                ItemHooks.derive(next, changed.get(UUID.fromString(item.get("holdingsRecordId").asText())));
                derived.add(next);
            }
            // every holdings record of one write carries the same writer
            UUID writer = Ids.orNull(Json.text(changed.values().iterator().next(), "metadata.updatedByUserId"));
            ITEMS_DERIVED_HERE.replaceAll(c, schema, items, derived, writer);
        }

        private static boolean itemRelevantChange(ObjectNode a, ObjectNode b) {
            for (String f : List.of("permanentLocationId", "temporaryLocationId", "callNumber", "callNumberPrefix",
                    "callNumberSuffix", "callNumberTypeId")) {
                if (!Objects.equals(Json.text(a, f), Json.text(b, f))) return true;
            }
            return false;
        }
    }

    static final class ItemHooks implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
                throws SQLException {
            Hrids.assign(c, schema, "item_hrid_seq", "it", records);
            List<ObjectNode> toDerive = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                ObjectNode item = records.get(i);
                ObjectNode old = previous.get(i);
                if (old != null && !locationOrCallNumberChanged(old, item) && derivedUntouched(old, item)) {
                    // Derived values only depend on these fields and on the holdings (whose changes are pushed
                    // down by HoldingsHooks), so a status change — the circulation hot path — reads nothing.
                    for (String f : List.of("effectiveLocationId", "effectiveCallNumberComponents"))
                        if (old.has(f)) item.set(f, old.get(f));
                    stampStatusDate(item, old);
                } else {
                    toDerive.add(item);
                }
            }
            if (toDerive.isEmpty()) return;
            // A malformed holdingsRecordId is the client's 422 (FOLIO's pattern message), not a 500 here.
            List<UUID> holdingsIds = toDerive.stream().map(r -> Json.text(r, "holdingsRecordId")).filter(Objects::nonNull)
                    .map(id -> RecordStore.uuid(id, "holdingsRecordId")).distinct().toList();
            Map<UUID, ObjectNode> holdings = InventoryTypes.HOLDINGS.getMany(c, schema, holdingsIds);
            for (ObjectNode item : toDerive) {
                ObjectNode h = holdings.get(UUID.fromString(item.get("holdingsRecordId").asText()));
                derive(item, h == null ? Json.object() : h);
            }
        }

        /** The writer sent no derived values, or the stored ones: nothing asks for a re-derivation. */
        private static boolean derivedUntouched(ObjectNode old, ObjectNode item) {
            for (String f : List.of("effectiveLocationId", "effectiveCallNumberComponents")) {
                if (item.has(f) && !item.get(f).equals(old.get(f))) return false;
            }
            return true;
        }

        private static boolean locationOrCallNumberChanged(ObjectNode a, ObjectNode b) {
            for (String f : List.of("holdingsRecordId", "permanentLocationId", "temporaryLocationId",
                    "itemLevelCallNumber", "itemLevelCallNumberPrefix", "itemLevelCallNumberSuffix",
                    "itemLevelCallNumberTypeId")) {
                if (!Objects.equals(Json.text(a, f), Json.text(b, f))) return true;
            }
            return !a.has("effectiveCallNumberComponents");
        }

        /** FOLIO's status.date is when the status last changed. */
        private static void stampStatusDate(ObjectNode item, ObjectNode old) {
            ObjectNode status = (ObjectNode) item.get("status");
            if (status == null) return;
            if (!Objects.equals(Json.text(old, "status.name"), Json.text(item, "status.name"))) {
                if (!status.hasNonNull("date") || Objects.equals(Json.text(old, "status.date"), Json.text(status, "date")))
                    status.put("date", Json.date(Instant.now()));
            } else if (!status.hasNonNull("date") && old.path("status").hasNonNull("date")) {
                status.put("date", Json.text(old, "status.date"));
            }
        }

        /** effectiveLocationId: item temporary > item permanent > holdings temporary > holdings permanent. */
        static void derive(ObjectNode item, ObjectNode holdings) {
            String eff = firstNonNull(Json.text(item, "temporaryLocationId"), Json.text(item, "permanentLocationId"),
                    Json.text(holdings, "temporaryLocationId"), Json.text(holdings, "permanentLocationId"));
            if (eff != null) item.put("effectiveLocationId", eff);
            else item.remove("effectiveLocationId");
            ObjectNode cn = Json.object();
            putIfNotNull(cn, "callNumber", firstNonNull(Json.text(item, "itemLevelCallNumber"), Json.text(holdings, "callNumber")));
            putIfNotNull(cn, "prefix", firstNonNull(Json.text(item, "itemLevelCallNumberPrefix"), Json.text(holdings, "callNumberPrefix")));
            putIfNotNull(cn, "suffix", firstNonNull(Json.text(item, "itemLevelCallNumberSuffix"), Json.text(holdings, "callNumberSuffix")));
            putIfNotNull(cn, "typeId", firstNonNull(Json.text(item, "itemLevelCallNumberTypeId"), Json.text(holdings, "callNumberTypeId")));
            item.set("effectiveCallNumberComponents", cn);
            ObjectNode status = (ObjectNode) item.get("status");
            if (status != null && !status.hasNonNull("date")) status.put("date", Json.date(Instant.now()));
        }
    }

    static void putIfNotNull(ObjectNode n, String field, String value) {
        if (value != null) n.put(field, value);
    }

    @SafeVarargs
    static <T> T firstNonNull(T... values) {
        for (T v : values) if (v != null) return v;
        return null;
    }
}
