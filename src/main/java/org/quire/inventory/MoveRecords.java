package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.quire.inventory.InventoryTypes.HOLDINGS;
import static org.quire.inventory.InventoryTypes.ITEMS;

/**
 * mod-inventory's MoveApi: items to another holdings record, holdings records to another instance, each in ONE
 * transaction (opened here) of a fixed number of statements whatever the number of records (FOLIO: one storage PUT
 * per record).
 * <p>
 * Items: the target holdings record, row-locked, with the highest item order in it (1); the items, row-locked (1);
 * the holdings records the moved items' effective location and call number come from (1, ItemHooks); the items
 * with their outbox events, one JDBC batch (1). Holdings: the target instance (1); the holdings records, row-locked
 * (1); the holdings records with their events, one batch (1); an outbox event for every item of the moved holdings
 * records, whose instance changed (1).
 * <p>
 * As FOLIO, a record that cannot be moved (unknown id) is reported in {@code nonUpdatedIds} and the others move.
 */
public final class MoveRecords {
    private MoveRecords() {
    }

    public sealed interface Outcome {
        /** FOLIO's answer: the requested ids that were not moved (empty when all were). */
        record Moved(List<String> nonUpdatedIds) implements Outcome {
        }

        /** The target does not exist: FOLIO's 422 with this message. */
        record TargetNotFound(String message) implements Outcome {
        }
    }

    /**
     * Moves items to {@code toHoldingsRecordId}. As mod-inventory (MODINV-1249), the moved items get the orders after
     * the highest order in the target holdings record, keeping their relative order (items without one last), so
     * moving items back and forth never inflates the numbers.
     */
    public static Outcome moveItems(Database db, String schema, String toHoldingsRecordId, List<String> itemIds,
                                    UUID userId) {
        return db.tx(c -> moveItems(c, schema, toHoldingsRecordId, itemIds, userId));
    }

    private static Outcome moveItems(Connection c, String schema, String toHoldingsRecordId, List<String> itemIds,
                                     UUID userId) throws SQLException {
        UUID target = Ids.orNull(toHoldingsRecordId);
        Optional<Integer> maxOrder = target == null ? Optional.empty()
                : InventoryStore.lockHoldingsForItemOrder(c, schema, target);
        if (maxOrder.isEmpty()) return new Outcome.TargetNotFound("Holding with id=%s not found".formatted(toHoldingsRecordId));

        List<ObjectNode> previous = lockAll(c, schema, "item", itemIds);
        // Relative order kept: by current order, items without one last, then as requested.
        List<ObjectNode> ordered = new ArrayList<>(previous);
        ordered.sort(Comparator.comparing((ObjectNode i) -> i.hasNonNull("order") ? i.get("order").asInt() : null,
                Comparator.nullsLast(Comparator.naturalOrder())));
        Map<String, Integer> newOrder = new HashMap<>();
        for (int i = 0; i < ordered.size(); i++) newOrder.put(ordered.get(i).get("id").asText(), maxOrder.get() + i + 1);

        List<ObjectNode> moved = new ArrayList<>();
        for (ObjectNode old : previous) {
            ObjectNode item = old.deepCopy();
            item.put("holdingsRecordId", target.toString());
            item.put("order", newOrder.get(old.get("id").asText()));
            moved.add(item);
        }
        ITEMS.replaceAll(c, schema, previous, moved, userId);
        return new Outcome.Moved(notMoved(itemIds, previous));
    }

    /**
     * Moves holdings records to {@code toInstanceId}. The items keep their holdings record, so their stored JSON does
     * not change; they still get an UPDATED event each, carrying the instance before and after (as FOLIO's item
     * domain events carry {@code instanceId}), so that consumers indexing items by instance learn of the move.
     */
    public static Outcome moveHoldings(Database db, String schema, String toInstanceId, List<String> holdingsIds,
                                       UUID userId) {
        return db.tx(c -> moveHoldings(c, schema, toInstanceId, holdingsIds, userId));
    }

    private static Outcome moveHoldings(Connection c, String schema, String toInstanceId, List<String> holdingsIds,
                                        UUID userId) throws SQLException {
        UUID target = Ids.orNull(toInstanceId);
        boolean exists = target != null && InventoryStore.lockInstanceKey(c, schema, target);
        if (!exists) return new Outcome.TargetNotFound("Instance with id=%s not found".formatted(toInstanceId));

        List<ObjectNode> previous = lockAll(c, schema, "holdings_record", holdingsIds);
        List<ObjectNode> moved = new ArrayList<>();
        for (ObjectNode old : previous) moved.add(old.deepCopy().put("instanceId", target.toString()));
        HOLDINGS.replaceAll(c, schema, previous, moved, userId);
        itemEvents(c, schema, previous, target);
        return new Outcome.Moved(notMoved(holdingsIds, previous));
    }

    /** One statement appends an UPDATED event for every item of the moved holdings records. */
    private static void itemEvents(Connection c, String schema, List<ObjectNode> previous, UUID toInstance)
            throws SQLException {
        if (previous.isEmpty()) return;
        UUID[] holdings = new UUID[previous.size()];
        UUID[] oldInstances = new UUID[previous.size()];
        for (int i = 0; i < holdings.length; i++) {
            holdings[i] = UUID.fromString(previous.get(i).get("id").asText());
            oldInstances[i] = UUID.fromString(previous.get(i).get("instanceId").asText());
        }
        InventoryStore.appendItemEventsOfMovedHoldings(c, schema, holdings, oldInstances, toInstance);
    }

    /** The records of {@code ids} that exist, row-locked in id order (two movers never deadlock). */
    private static List<ObjectNode> lockAll(Connection c, String schema, String table, List<String> ids)
            throws SQLException {
        List<UUID> valid = ids.stream().map(Ids::orNull).filter(java.util.Objects::nonNull).distinct().toList();
        return InventoryStore.lockInIdOrder(c, schema, table, valid);
    }

    /**
     * The requested ids less those moved, as mod-inventory's MoveApiUtil.respond (ListUtils.subtract: each moved id
     * cancels one occurrence, so a repeated id is reported once more than it moved).
     */
    private static List<String> notMoved(List<String> requested, List<ObjectNode> moved) {
        Map<String, Integer> left = new HashMap<>();
        for (ObjectNode m : moved) left.merge(m.get("id").asText(), 1, Integer::sum);
        List<String> out = new ArrayList<>();
        for (String id : requested) {
            UUID u = Ids.orNull(id);
            String key = u == null ? null : u.toString();
            Integer count = key == null ? null : left.get(key);
            if (count != null && count > 0) left.put(key, count - 1);
            else out.add(id);
        }
        return out;
    }
}
