package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.quire.inventory.ItemStatus.*;


/**
 * mod-inventory's item state actions ({@code POST /inventory/items/{id}/mark-…}, its MoveItemIntoStatusService): the
 * item may move only from the source statuses FOLIO lists for the target (validation/status/*TargetItemStatusValidator);
 * a request the item is fulfilling goes back to the queue; then the item gets the new status. One transaction of three
 * statements, four when a request is reset: the item with its context (row locked), the requests in fulfilment
 * (locked), their update, the item write (with its outbox event, through the item store).
 */
public final class MarkItem {
    private MarkItem() {
    }

    /** The targets, with the source statuses FOLIO's validator for each allows (same order as FOLIO's sets). */
    public enum Target {
        IN_PROCESS("mark-in-process", ItemStatus.IN_PROCESS, EnumSet.of(AVAILABLE, AWAITING_DELIVERY, AWAITING_PICKUP,
                IN_TRANSIT, LOST_AND_PAID, ItemStatus.MISSING, ORDER_CLOSED, PAGED, ItemStatus.WITHDRAWN)),
        IN_PROCESS_NON_REQUESTABLE("mark-in-process-non-requestable", ItemStatus.IN_PROCESS_NON_REQUESTABLE, EnumSet.of(
                AGED_TO_LOST, AVAILABLE, AWAITING_DELIVERY, AWAITING_PICKUP, CHECKED_OUT, CLAIMED_RETURNED,
                DECLARED_LOST, ItemStatus.INTELLECTUAL_ITEM, IN_TRANSIT, ItemStatus.LONG_MISSING, LOST_AND_PAID,
                ItemStatus.MISSING, ON_ORDER, ORDER_CLOSED, PAGED, ItemStatus.RESTRICTED, ItemStatus.UNAVAILABLE,
                ItemStatus.UNKNOWN, ItemStatus.WITHDRAWN)),
        INTELLECTUAL_ITEM("mark-intellectual-item", ItemStatus.INTELLECTUAL_ITEM, EnumSet.of(AVAILABLE,
                AWAITING_DELIVERY, AWAITING_PICKUP, ItemStatus.IN_PROCESS_NON_REQUESTABLE, IN_TRANSIT,
                ItemStatus.LONG_MISSING, LOST_AND_PAID, ItemStatus.MISSING, ORDER_CLOSED, PAGED,
                ItemStatus.UNAVAILABLE, ItemStatus.WITHDRAWN)),
        LONG_MISSING("mark-long-missing", ItemStatus.LONG_MISSING, EnumSet.of(AVAILABLE, AWAITING_DELIVERY,
                AWAITING_PICKUP, ItemStatus.INTELLECTUAL_ITEM, ItemStatus.IN_PROCESS_NON_REQUESTABLE, IN_TRANSIT,
                LOST_AND_PAID, ItemStatus.MISSING, ORDER_CLOSED, PAGED, ItemStatus.UNAVAILABLE, ItemStatus.UNKNOWN,
                ItemStatus.WITHDRAWN)),
        MISSING("mark-missing", ItemStatus.MISSING, EnumSet.of(AVAILABLE, AWAITING_DELIVERY, AWAITING_PICKUP,
                IN_TRANSIT, ItemStatus.IN_PROCESS, ItemStatus.IN_PROCESS_NON_REQUESTABLE, ItemStatus.LONG_MISSING,
                PAGED, ItemStatus.UNAVAILABLE, ItemStatus.WITHDRAWN)),
        RESTRICTED("mark-restricted", ItemStatus.RESTRICTED, EnumSet.of(AGED_TO_LOST, CLAIMED_RETURNED, CHECKED_OUT,
                DECLARED_LOST, AVAILABLE, AWAITING_DELIVERY, AWAITING_PICKUP, ItemStatus.INTELLECTUAL_ITEM,
                ItemStatus.IN_PROCESS_NON_REQUESTABLE, IN_TRANSIT, ItemStatus.LONG_MISSING, LOST_AND_PAID,
                ItemStatus.MISSING, ON_ORDER, ORDER_CLOSED, PAGED, ItemStatus.UNAVAILABLE, ItemStatus.UNKNOWN,
                ItemStatus.WITHDRAWN)),
        UNAVAILABLE("mark-unavailable", ItemStatus.UNAVAILABLE, EnumSet.of(AVAILABLE, AWAITING_DELIVERY,
                AWAITING_PICKUP, ItemStatus.IN_PROCESS_NON_REQUESTABLE, IN_TRANSIT, ItemStatus.LONG_MISSING,
                LOST_AND_PAID, ItemStatus.MISSING, ORDER_CLOSED, PAGED, ItemStatus.UNKNOWN, ItemStatus.WITHDRAWN)),
        UNKNOWN("mark-unknown", ItemStatus.UNKNOWN, EnumSet.of(AVAILABLE, AWAITING_DELIVERY, AWAITING_PICKUP,
                IN_TRANSIT, LOST_AND_PAID, ItemStatus.MISSING, ORDER_CLOSED, PAGED, ItemStatus.WITHDRAWN)),
        WITHDRAWN("mark-withdrawn", ItemStatus.WITHDRAWN, EnumSet.of(AVAILABLE, AWAITING_DELIVERY, AWAITING_PICKUP,
                LOST_AND_PAID, ItemStatus.IN_PROCESS, ItemStatus.INTELLECTUAL_ITEM,
                ItemStatus.IN_PROCESS_NON_REQUESTABLE, IN_TRANSIT, ItemStatus.LONG_MISSING, ItemStatus.MISSING, PAGED,
                ItemStatus.RESTRICTED, ItemStatus.UNAVAILABLE, ItemStatus.UNKNOWN));

        /** The last path segment, e.g. {@code mark-withdrawn}. */
        public final String action;
        /** The status the item moves into. */
        public final ItemStatus status;
        final Set<ItemStatus> allowedSources;

        Target(String action, ItemStatus status, Set<ItemStatus> allowedSources) {
            this.action = action;
            this.status = status;
            this.allowedSources = allowedSources;
        }

        /** FOLIO's permission for the route (mod-inventory's ModuleDescriptor: inventory.items.item.mark-….post). */
        public String permission() {
            return "inventory.items.item." + action + ".post";
        }
    }

    /**
     * What circulation does when an item stops fulfilling a request (circulation owns requests; inventory does not
     * depend on it). Called with the item row locked.
     */
    public interface FulfilmentRequests {
        void returnToQueue(Connection c, String schema, UUID itemId, UUID userId) throws SQLException;
    }

    /**
     * Marks the item, in its own transaction. Refusals as mod-inventory's: an unknown item is {@link NotFound} "No
     * item found" (ItemsValidator.refuseWhenItemNotFound, 404 text), a status the target does not allow moving from
     * is {@link Refused} with the current status (AbstractTargetItemStatusValidator, 422).
     */
    public static ItemView mark(Database db, String schema, UUID itemId, Target target, FulfilmentRequests requests,
                                UUID userId) {
        return db.tx(c -> mark(c, schema, itemId, target, requests, userId));
    }

    static ItemView mark(Connection c, String schema, UUID itemId, Target target, FulfilmentRequests requests,
                         UUID userId) throws SQLException {
        ItemView view = InventoryStore.itemByIdForUpdate(c, schema, itemId)
                .orElseThrow(() -> new NotFound("No item found"));
        Refused.throwIfAny(refuseWhenStatusNotAllowed(view, target));
        requests.returnToQueue(c, schema, itemId, userId);
        ObjectNode next = view.item().deepCopy();
        // The name only: the item store stamps status.date when the name changes, as mod-inventory-storage does.
        next.putObject("status").put("name", target.status.folioName());
        ObjectNode saved = InventoryTypes.ITEMS.replace(c, schema, view.item(), next, userId);
        return view.withItem(saved);
    }

    /** AbstractTargetItemStatusValidator: the item may move into the target only from the statuses it lists. */
    static List<Refusal> refuseWhenStatusNotAllowed(ItemView item, Target target) {
        return Check.when(!item.hasAnyStatus(target.allowedSources), () -> Refusal.of(
                "Item is not allowed to be marked as " + target.status.folioName(), "status.name",
                item.status()));
    }
}
