package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.Record;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * What a matched record does below its instance, for a whole chunk in the caller's transaction: the matched holdings
 * records updated by the UPDATE HOLDINGS action's mapping profile (mod-inventory's UpdateHoldingEventHandler), then
 * the matched items by the UPDATE ITEM action's (UpdateItemEventHandler); a CREATE HOLDINGS / ITEM reached without
 * a match creates one for the matched instance / holdings (the NON_MATCH branch). Round trips: one to lock the
 * holdings, one batch of holdings updates (its hooks push call-number and location changes down to the items), then
 * one to lock the items — read after the holdings are written, so the item versions are the ones the push-down left —
 * and one batch of item updates; one insert each for created holdings and items. Only the mapped fields change; each
 * record keeps its id, HRID and metadata, and {@code _version} is checked and bumped ({@code RecordStore.replaceAll}).
 */
final class HoldingsItemWrites {
    private HoldingsItemWrites() {
    }

    /** mod-inventory's UpdateHoldingEventHandler text when no holdings record is in the event's context. */
    static final String NO_HOLDINGS = "Can`t update Holding entity: context or Holding-entity are empty or doesn`t exist!";
    /** mod-inventory's UpdateItemEventHandler text when no item is in the event's context. */
    static final String NO_ITEM = "Failed to handle event payload, cause event payload context does not contain "
            + "MARC_BIBLIOGRAPHIC data or ITEM to update";
    /** mod-inventory's UpdateItemEventHandler: statuses an import never changes ("Could not change item status"). */
    static final Set<String> PROTECTED_STATUSES = Set.of("Aged to lost", "Awaiting delivery", "Awaiting pickup",
            "Checked out", "Claimed returned", "Declared lost", "Paged", "Recently returned");

    /**
     * One matched record's work below its instance.
     *
     * @param instanceId  the matched instance (null: none)
     * @param holdingsId  the matched holdings record (null: none)
     * @param itemId      the matched item (null: none)
     * @param error       a holdings or item match's error (multiple matches), else null
     * @param errorEntity which of the two failed
     * @param unmatched   what a match looked for and did not find
     */
    record Work(int order, Record marc, ProfileActions actions, UUID instanceId, UUID holdingsId, UUID itemId,
                String error, MatchRule.Entity errorEntity, Set<MatchRule.Entity> unmatched) {
    }

    /**
     * What became of one record's holdings and item: FOLIO's journal statuses, the {@code relatedHoldingsInfo} and
     * {@code relatedItemInfo} elements (null: not touched) and the first error.
     */
    record Outcome(String holdingsStatus, ObjectNode holdingsInfo, String itemStatus, ObjectNode itemInfo,
                   String error) {
    }

    /** Whether a record's work touches holdings or items at all (else its outcome is empty). */
    static boolean hasWork(Work w) {
        ProfileActions a = w.actions();
        return a.updatesHoldings() || a.updatesItem() || a.createsHoldings() || a.createsItem() || w.error() != null
                || w.unmatched().contains(MatchRule.Entity.HOLDINGS) || w.unmatched().contains(MatchRule.Entity.ITEM);
    }

    /** Writes the chunk's holdings and item work; the outcome of each record by its order. */
    static Map<Integer, Outcome> write(Connection c, String schema, List<Work> work, UUID userId) throws SQLException {
        Map<Integer, Level> holdings = new HashMap<>(), items = new HashMap<>();
        Map<Integer, ObjectNode> createdHoldings = new HashMap<>();

        // Holdings: decide per record, then lock, update and create for the whole chunk.
        Set<UUID> toUpdate = new LinkedHashSet<>();
        for (Work w : work) {
            ProfileActions a = w.actions();
            if (w.errorEntity() == MatchRule.Entity.HOLDINGS) {
                holdings.put(w.order(), Level.failed(w.error()));
            } else if (a.updatesHoldings()) {
                if (a.holdingsUpdateError() != null) holdings.put(w.order(), Level.failed(a.holdingsUpdateError()));
                else if (w.holdingsId() == null) holdings.put(w.order(), Level.failed(NO_HOLDINGS));
                else if (!toUpdate.add(w.holdingsId())) holdings.put(w.order(), Level.failed(
                        "The matched holdings record is updated by an earlier record of the same file"));
                else holdings.put(w.order(), Level.pending());
            } else if (w.holdingsId() == null && a.createsHoldings() && w.instanceId() != null) {
                ObjectNode h = a.holdings(Json.object().put("id", w.instanceId().toString()), w.marc());
                createdHoldings.put(w.order(), h);
                holdings.put(w.order(), Level.done("CREATED", h));
            } else if (w.unmatched().contains(MatchRule.Entity.HOLDINGS)) {
                holdings.put(w.order(), Level.noAction());
            }
        }
        Map<UUID, ObjectNode> existing = InventoryTypes.HOLDINGS.getManyForUpdate(c, schema, toUpdate);
        List<ObjectNode> previous = new ArrayList<>(), next = new ArrayList<>();
        for (Work w : work) {
            Level l = holdings.get(w.order());
            if (l == null || !l.pending) continue;
            ObjectNode old = existing.get(w.holdingsId());
            if (old == null) {
                holdings.put(w.order(), Level.failed(NO_HOLDINGS));
                continue;
            }
            ObjectNode h = old.deepCopy();
            w.actions().applyToUpdatedHoldings(h, w.marc());
            previous.add(old);
            next.add(h);
            holdings.put(w.order(), Level.done("UPDATED", h));
        }
        InventoryTypes.HOLDINGS.replaceAll(c, schema, previous, next, userId);
        if (!createdHoldings.isEmpty()) {
            InventoryTypes.HOLDINGS.insertAll(c, schema, new ArrayList<>(createdHoldings.values()), userId, false);
        }

        // Items: read after the holdings are written (their push-down may have changed the items).
        Set<UUID> itemIds = new LinkedHashSet<>();
        List<ObjectNode> createdItems = new ArrayList<>();
        for (Work w : work) {
            ProfileActions a = w.actions();
            Level h = holdings.get(w.order());
            if (h != null && h.error != null) continue; // FOLIO's chain stops at the failed holdings step
            UUID holdingsId = w.holdingsId() != null ? w.holdingsId()
                    : h != null && h.record != null ? UUID.fromString(h.record.get("id").asText()) : null;
            if (w.errorEntity() == MatchRule.Entity.ITEM) {
                items.put(w.order(), Level.failed(w.error()));
            } else if (a.updatesItem()) {
                if (a.itemUpdateError() != null) items.put(w.order(), Level.failed(a.itemUpdateError()));
                else if (w.itemId() == null) items.put(w.order(), Level.failed(NO_ITEM));
                else if (!itemIds.add(w.itemId())) items.put(w.order(), Level.failed(
                        "The matched item is updated by an earlier record of the same file"));
                else items.put(w.order(), Level.pending());
            } else if (w.itemId() == null && a.createsItem() && holdingsId != null) {
                ObjectNode i = a.item(Json.object().put("id", holdingsId.toString()), w.marc());
                createdItems.add(i);
                items.put(w.order(), Level.done("CREATED", i));
            } else if (w.unmatched().contains(MatchRule.Entity.ITEM)) {
                items.put(w.order(), Level.noAction());
            }
        }
        Map<UUID, ObjectNode> existingItems = InventoryTypes.ITEMS.getManyForUpdate(c, schema, itemIds);
        previous = new ArrayList<>();
        next = new ArrayList<>();
        for (Work w : work) {
            Level l = items.get(w.order());
            if (l == null || !l.pending) continue;
            ObjectNode old = existingItems.get(w.itemId());
            if (old == null) {
                items.put(w.order(), Level.failed(NO_ITEM));
                continue;
            }
            ObjectNode i = old.deepCopy();
            w.actions().applyToUpdatedItem(i, w.marc());
            String before = old.path("status").path("name").asText(null);
            String after = i.path("status").path("name").asText(null);
            String warning = null;
            if (before != null && !before.equals(after) && PROTECTED_STATUSES.contains(before)) {
                // UpdateItemEventHandler keeps a protected status, updates the rest and reports the refusal.
                i.set("status", old.get("status").deepCopy());
                warning = "Could not change item status '" + before + "' to '" + after + "'";
            }
            previous.add(old);
            next.add(i);
            items.put(w.order(), Level.done("UPDATED", i).withError(warning));
        }
        InventoryTypes.ITEMS.replaceAll(c, schema, previous, next, userId);
        if (!createdItems.isEmpty()) InventoryTypes.ITEMS.insertAll(c, schema, createdItems, userId, false);

        Map<Integer, Outcome> out = new HashMap<>();
        for (Work w : work) {
            Level h = holdings.get(w.order()), i = items.get(w.order());
            ObjectNode hInfo = null, iInfo = null;
            if (h != null) {
                hInfo = Json.object().put("actionStatus", h.status);
                if (h.record != null) {
                    hInfo.put("id", h.record.path("id").asText()).put("hrid", h.record.path("hrid").asText())
                            .put("permanentLocationId", h.record.path("permanentLocationId").asText(null));
                }
                if (h.error != null) hInfo.put("error", h.error);
            }
            if (i != null) {
                iInfo = Json.object().put("actionStatus", i.status);
                if (i.record != null) {
                    iInfo.put("id", i.record.path("id").asText()).put("hrid", i.record.path("hrid").asText())
                            .put("holdingsId", i.record.path("holdingsRecordId").asText());
                }
                if (i.error != null) iInfo.put("error", i.error);
            }
            String error = h != null && h.error != null ? h.error : i != null ? i.error : null;
            out.put(w.order(), new Outcome(h == null ? null : h.status, hInfo, i == null ? null : i.status, iInfo,
                    error));
        }
        return out;
    }

    /** One record's holdings or item step: pending (to update), done (with the record), no action, or failed. */
    private static final class Level {
        final String status;
        final ObjectNode record;
        final String error;
        final boolean pending;

        private Level(String status, ObjectNode record, String error, boolean pending) {
            this.status = status;
            this.record = record;
            this.error = error;
            this.pending = pending;
        }

        static Level pending() {
            return new Level(null, null, null, true);
        }

        static Level done(String status, ObjectNode record) {
            return new Level(status, record, null, false);
        }

        /** The Data import app's "No action": DISCARDED without an error. */
        static Level noAction() {
            return new Level("DISCARDED", null, null, false);
        }

        static Level failed(String error) {
            return new Level("DISCARDED", null, error, false);
        }

        Level withError(String e) {
            return new Level(status, record, e, pending);
        }
    }
}
