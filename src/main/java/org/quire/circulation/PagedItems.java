package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * A Paged item whose request left the queue (cancelled, expired, moved) goes back on the shelf when no request for it
 * remains, whatever the type of the one that left (FOLIO's UpdateItem.itemStatusOnRequestCreateOrUpdate). Costs the
 * item (1), locked only when Paged, so that closing a request on an item in any other status takes no item lock; for a
 * Paged one its queue (1) and, when empty, the update (1).
 */
final class PagedItems {
    private PagedItems() {
    }

    static void release(Connection c, String schema, UUID itemId, Instant now, UUID staff) throws SQLException {
        ObjectNode item = RequestStore.lockPagedItem(c, schema, itemId).orElse(null);
        if (item == null) return;
        // The item's queue includes the title's requests no copy fills yet: only the item's own requests keep it.
        if (RequestQueue.forItem(c, schema, itemId).stream()
                .anyMatch(r -> RequestView.of(r).isForItem(itemId.toString()))) return;
        ObjectNode available = item.deepCopy();
        available.putObject("status").put("name", ItemStatus.AVAILABLE.folioName()).put("date", Json.date(now));
        InventoryTypes.ITEMS.replace(c, schema, item, available, staff);
    }
}
