package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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

    static ObjectNode create(Connection c, String schema, RequestService service, ObjectNode body, UUID staff)
            throws SQLException {
        String instance = Json.text(body, "instanceId");
        if (instance == null) throw ApiException.unprocessable("Cannot create a request with no instance ID", null, "instanceId", null);
        UUID instanceId = RecordStore.uuid(instance, "instanceId");
        List<ItemView> items = ItemView.byInstance(c, schema, instanceId);
        if (items.isEmpty()) throw ApiException.unprocessable(
                "Cannot create request objects when items list is null or empty", null, "items", "null");
        Map<UUID, Timestamp> due = new HashMap<>();
        Sql.list(c, "SELECT item_id, due_date FROM " + schema + ".loan WHERE item_id = ANY(?) AND status_name = 'Open'",
                List.of(c.createArrayOf("uuid", items.stream().map(ItemView::id).toArray())),
                rs -> due.put(rs.getObject(1, UUID.class), rs.getTimestamp(2)));
        String pickup = Json.text(body, "pickupServicePointId");
        List<ItemView> ranked = new ArrayList<>(items);
        ranked.sort(Comparator.comparingInt((ItemView i) -> rank(i, pickup, due))
                .thenComparing(i -> due.getOrDefault(i.id(), new Timestamp(Long.MAX_VALUE))));

        List<String> reasons = new ArrayList<>();
        for (ItemView item : ranked) {
            for (String type : List.of("Page", "Recall", "Hold")) {
                ObjectNode request = body.deepCopy();
                request.put("requestType", type).put("requestLevel", "Item").put("itemId", item.id().toString())
                        .put("holdingsRecordId", Json.text(item.item(), "holdingsRecordId"));
                if (!request.hasNonNull("fulfillmentPreference")) request.put("fulfillmentPreference", "Hold Shelf");
                try {
                    return service.create(c, schema, request, staff);
                } catch (ApiException e) {
                    if (e.status() != 422) throw e;
                    e.errors().forEach(err -> reasons.add(err.message()));
                }
            }
        }
        // FOLIO answers this with a 500; a refusal is a 422 here.
        throw ApiException.unprocessable("Failed to place a request for the instance. Reasons: " + String.join("; ",
                reasons.stream().distinct().toList()), null, "instanceId", instance);
    }

    private static int rank(ItemView item, String pickup, Map<UUID, Timestamp> due) {
        if ("Available".equals(item.status())) {
            JsonNode served = item.effectiveLocation() == null ? Json.array() : item.effectiveLocation().path("servicePointIds");
            for (JsonNode sp : served) if (sp.asText().equals(pickup)) return 0;
            return 1;
        }
        return due.containsKey(item.id()) ? 2 : 3;
    }
}
