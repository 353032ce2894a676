package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

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
        IN_PROCESS("mark-in-process", "In process", Set.of("Available", "Awaiting delivery", "Awaiting pickup",
                "In transit", "Lost and paid", "Missing", "Order closed", "Paged", "Withdrawn")),
        IN_PROCESS_NON_REQUESTABLE("mark-in-process-non-requestable", "In process (non-requestable)", Set.of(
                "Aged to lost", "Available", "Awaiting delivery", "Awaiting pickup", "Checked out", "Claimed returned",
                "Declared lost", "Intellectual item", "In transit", "Long missing", "Lost and paid", "Missing",
                "On order", "Order closed", "Paged", "Restricted", "Unavailable", "Unknown", "Withdrawn")),
        INTELLECTUAL_ITEM("mark-intellectual-item", "Intellectual item", Set.of("Available", "Awaiting delivery",
                "Awaiting pickup", "In process (non-requestable)", "In transit", "Long missing", "Lost and paid",
                "Missing", "Order closed", "Paged", "Unavailable", "Withdrawn")),
        LONG_MISSING("mark-long-missing", "Long missing", Set.of("Available", "Awaiting delivery", "Awaiting pickup",
                "Intellectual item", "In process (non-requestable)", "In transit", "Lost and paid", "Missing",
                "Order closed", "Paged", "Unavailable", "Unknown", "Withdrawn")),
        MISSING("mark-missing", "Missing", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "In transit",
                "In process", "In process (non-requestable)", "Long missing", "Paged", "Unavailable", "Withdrawn")),
        RESTRICTED("mark-restricted", "Restricted", Set.of("Aged to lost", "Claimed returned", "Checked out",
                "Declared lost", "Available", "Awaiting delivery", "Awaiting pickup", "Intellectual item",
                "In process (non-requestable)", "In transit", "Long missing", "Lost and paid", "Missing", "On order",
                "Order closed", "Paged", "Unavailable", "Unknown", "Withdrawn")),
        UNAVAILABLE("mark-unavailable", "Unavailable", Set.of("Available", "Awaiting delivery", "Awaiting pickup",
                "In process (non-requestable)", "In transit", "Long missing", "Lost and paid", "Missing",
                "Order closed", "Paged", "Unknown", "Withdrawn")),
        UNKNOWN("mark-unknown", "Unknown", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "In transit",
                "Lost and paid", "Missing", "Order closed", "Paged", "Withdrawn")),
        WITHDRAWN("mark-withdrawn", "Withdrawn", Set.of("Available", "Awaiting delivery", "Awaiting pickup",
                "Lost and paid", "In process", "Intellectual item", "In process (non-requestable)", "In transit",
                "Long missing", "Missing", "Paged", "Restricted", "Unavailable", "Unknown"));

        /** The last path segment, e.g. {@code mark-withdrawn}. */
        public final String action;
        /** The status the item moves into. */
        public final String status;
        final Set<String> allowedSources;

        Target(String action, String status, Set<String> allowedSources) {
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

    /** The outcome: the marked item, or FOLIO's refusal. */
    public sealed interface Outcome {
        record Marked(ItemView item) implements Outcome {
        }

        record NotFound() implements Outcome {
        }

        /** 422 from AbstractTargetItemStatusValidator: the message and the item's current status. */
        record NotAllowed(String message, String currentStatus) implements Outcome {
        }
    }

    public static Outcome mark(Connection c, String schema, UUID itemId, Target target, FulfilmentRequests requests,
                               UUID userId) throws SQLException {
        Optional<ItemView> found = ItemView.byIdForUpdate(c, schema, itemId);
        if (found.isEmpty()) return new Outcome.NotFound();
        ItemView view = found.get();
        String current = view.status();
        if (!target.allowedSources.contains(current)) {
            return new Outcome.NotAllowed("Item is not allowed to be marked as " + target.status, current);
        }
        requests.returnToQueue(c, schema, itemId, userId);
        ObjectNode next = view.item().deepCopy();
        // The name only: the item store stamps status.date when the name changes, as mod-inventory-storage does.
        next.putObject("status").put("name", target.status);
        ObjectNode saved = InventoryTypes.ITEMS.replace(c, schema, view.item(), next, userId);
        return new Outcome.Marked(view.withItem(saved));
    }
}
