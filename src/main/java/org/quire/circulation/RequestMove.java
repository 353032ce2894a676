package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.RecordStore;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation's {@code POST /circulation/requests/{id}/move}: the request is for the destination item from now on,
 * checked as a new request on it (item status, request policy, the requester's loan and requests), joining the end of
 * the destination's queue (with TLR on: the end of its title's queue, and only copies of the same title will do; a
 * title-level Hold cannot move); an available destination turns it into a Page (FOLIO's move does the same). The source
 * queue is re-numbered and a paged source item no request waits for goes back to the shelf; a Recall moved to a
 * checked-out item recalls that loan. One transaction.
 */
final class RequestMove {
    private final RequestService requests;

    RequestMove(RequestService requests) {
        this.requests = requests;
    }

    ObjectNode move(Connection c, String schema, UUID id, ObjectNode body, UUID staff) throws SQLException {
        Instant now = Instant.now();
        ObjectNode request = REQUESTS.getForUpdate(c, schema, id)
                .orElseThrow(() -> ApiException.notFound("Request not found: " + id));
        String destination = Json.text(body, "destinationItemId");
        if (destination == null || destination.isBlank())
            throw ApiException.unprocessable("Destination item ID is required", null, "destinationItemId", null);
        UUID destinationId = RecordStore.uuid(destination, "destinationItemId");
        // Quire's rule: only a request no item serves yet can move (FOLIO's screen offers moving only those).
        if (!RequestQueue.NOT_YET_FILLED.equals(Json.text(request, "status")))
            throw ApiException.unprocessable("Only requests with status \"Open - Not yet filled\" can be moved", null,
                    "requestId", id.toString());
        String source = Json.text(request, "itemId");
        boolean title = "Title".equals(Json.text(request, "requestLevel"));
        String type = body.hasNonNull("requestType") ? Json.text(body, "requestType") : Json.text(request, "requestType");
        TlrSettings tlr = TlrSettings.read(c, schema);
        if (title && !tlr.enabled())
            throw ApiException.unprocessable("Can not process TLR - TLR feature is disabled", null, "requestId", id.toString());
        if (title && ("Hold".equals(Json.text(request, "requestType")) || "Hold".equals(type)))
            throw ApiException.unprocessable("Not allowed to move from/to Hold TLR", null, "requestId", id.toString());
        if (destination.equals(source)) {
            if (title) throw ApiException.unprocessable("Not allowed to move title level page request to the same item",
                    "MOVING_REQUEST_TO_THE_SAME_ITEM", "instanceId", Json.text(request, "instanceId"));
            throw ApiException.unprocessable("This requester already has an open request for this item",
                    "ITEM_ALREADY_REQUESTED", "itemId", destination);
        }

        // With TLR on, the title's queue (and instance row) is locked before the item, as request creation does.
        List<ObjectNode> titleQueue = tlr.enabled() && Json.text(request, "instanceId") != null
                ? RequestQueue.forInstance(c, schema, UUID.fromString(Json.text(request, "instanceId"))) : null;
        ItemView item = ItemView.byIdForUpdate(c, schema, destinationId).orElseThrow(() -> ApiException.unprocessable(
                "Item does not exist", "ITEM_DOES_NOT_EXIST", "destinationItemId", destination));
        UUID instanceId = UUID.fromString(Json.text(item.instance(), "id"));
        // With TLR on the request stays in its title's queue, so only another copy of the title will do.
        if (tlr.enabled() && !instanceId.toString().equals(Json.text(request, "instanceId")))
            throw ApiException.unprocessable("Request can only be moved to an item with the same instance ID", null,
                    "itemId", destination);
        if ("Available".equals(item.status())) type = "Page";
        UUID requesterId = UUID.fromString(Json.text(request, "requesterId"));
        PatronView requester = PatronView.byId(c, schema, requesterId).orElseThrow(() -> ApiException.unprocessable(
                "A valid user and patron group are required. User is null", null, "requesterId", requesterId.toString()));
        ObjectNode loan = CirculationContext.openLoan(c, schema, destinationId).orElse(null);

        // The destination's queue without the request itself; it joins at the end (of the instance's with TLR on).
        List<ObjectNode> queue = (titleQueue != null ? titleQueue : RequestQueue.forItem(c, schema, destinationId)).stream()
                .filter(r -> !id.toString().equals(Json.text(r, "id"))).toList();

        CirculationErrors errors = new CirculationErrors();
        Map<String, ObjectNode> policies = requests.checkItem(c, schema, type, requester, item, loan,
                RequestService.holdShelfPickup(Json.text(request, "fulfillmentPreference"), request), true, errors);
        if (queue.stream().anyMatch(r -> requesterId.toString().equals(Json.text(r, "requesterId"))
                && destination.equals(Json.text(r, "itemId"))))
            errors.add("This requester already has an open request for this item", "ITEM_ALREADY_REQUESTED",
                    "itemId", destination);
        errors.throwIfAny();

        ObjectNode moved = RequestQueue.withItem(request, item);
        moved.put("requestType", type);
        moved.put("instanceId", instanceId.toString());
        moved.putObject("instance").put("title", item.title());
        // After the last (positions may have a gap where the request was until its old queue is re-numbered).
        moved.put("position", queue.stream().mapToInt(r -> r.path("position").asInt(0)).max().orElse(0) + 1);
        ObjectNode saved = REQUESTS.replace(c, schema, request, moved, staff);

        // The queue it left (with TLR on, the same instance queue: the gap it left closes, it stays last).
        RequestQueue.renumberQueueOf(c, schema, request);
        RequestService.onPlaced(c, schema, type, item, loan, policies, now, staff);
        if (source != null && "Page".equals(Json.text(request, "requestType")))
            PagedItems.release(c, schema, UUID.fromString(source), Instant.now(), staff);
        return REQUESTS.get(c, schema, id).orElse(saved);
    }
}
