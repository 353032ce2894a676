package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * mod-circulation's {@code POST /circulation/requests/instances} (the pre-TLR "request by instance"): the instance's
 * items are ranked — available ones whose location the pickup point serves, other available ones, then the others by
 * their loan's due date, soonest first — and an item-level Page, Recall or Hold is tried on each in turn; the first
 * that FOLIO's checks accept is created. All attempts run in the one transaction: a refused attempt fails before it
 * writes anything.
 */
final class InstanceRequests {
    private InstanceRequests() {
    }

    /** In one transaction: the created request as stored. */
    static ObjectNode create(Database db, String schema, RequestService service, ObjectNode body, UUID staff) {
        return db.tx(c -> create(c, schema, service, body, staff));
    }

    private static ObjectNode create(Connection c, String schema, RequestService service, ObjectNode body, UUID staff)
            throws SQLException {
        String instance = Json.text(body, "instanceId");
        if (instance == null) throw Refused.because("Cannot create a request with no instance ID", "instanceId", null);
        UUID instanceId = RequestChecks.requiredId("instanceId", instance);
        List<ItemView> items = InventoryStore.itemsOfInstance(c, schema, instanceId);
        if (items.isEmpty()) throw Refused.because(
                "Cannot create request objects when items list is null or empty", "items", "null");
        Map<UUID, Timestamp> due = RequestStore.openLoanDueTimes(c, schema, items.stream().map(ItemView::id).toList());
        String pickup = Json.text(body, "pickupServicePointId");
        List<ItemView> ranked = new ArrayList<>(items);
        ranked.sort(Comparator.comparingInt((ItemView i) -> rank(i, pickup, due))
                .thenComparing(i -> due.getOrDefault(i.id(), new Timestamp(Long.MAX_VALUE))));

        List<String> reasons = new ArrayList<>();
        for (ItemView item : ranked) {
            for (RequestType type : List.of(RequestType.PAGE, RequestType.RECALL, RequestType.HOLD)) {
                ObjectNode request = body.deepCopy();
                request.put("requestType", type.folioName()).put("requestLevel", "Item").put("itemId", item.id().toString())
                        .put("holdingsRecordId", Json.text(item.item(), "holdingsRecordId"));
                if (!request.hasNonNull("fulfillmentPreference")) request.put("fulfillmentPreference", RequestQueue.HOLD_SHELF);
                try {
                    return service.create(c, schema, request, staff);
                } catch (Refused e) {
                    e.refusals().forEach(err -> reasons.add(err.message()));
                }
            }
        }
        // FOLIO answers this with a 500; a refusal is a 422 here.
        throw Refused.because("Failed to place a request for the instance. Reasons: " + String.join("; ",
                reasons.stream().distinct().toList()), "instanceId", instance);
    }

    private static int rank(ItemView item, String pickup, Map<UUID, Timestamp> due) {
        if (ItemStatus.AVAILABLE.is(item.status())) {
            JsonNode served = item.effectiveLocation() == null ? Json.array() : item.effectiveLocation().path("servicePointIds");
            for (JsonNode sp : served) if (sp.asText().equals(pickup)) return 0;
            return 1;
        }
        return due.containsKey(item.id()) ? 2 : 3;
    }
}
