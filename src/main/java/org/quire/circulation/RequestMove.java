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
import java.util.UUID;

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation's {@code POST /circulation/requests/{id}/move}: the request is for the destination item from now on,
 * checked as a new request on it (item status, request policy, the requester's loan and requests), joining the end of
 * the destination's queue; an available destination turns it into a Page (FOLIO's move does the same). The source
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
        if (destination.equals(source))
            throw ApiException.unprocessable("The request is already for this item", null, "destinationItemId", destination);

        TlrSettings tlr = TlrSettings.read(c, schema);
        ItemView item = ItemView.byIdForUpdate(c, schema, destinationId).orElseThrow(() -> ApiException.unprocessable(
                "Item does not exist", "ITEM_DOES_NOT_EXIST", "destinationItemId", destination));
        String type = body.hasNonNull("requestType") ? Json.text(body, "requestType") : Json.text(request, "requestType");
        if ("Available".equals(item.status())) type = "Page";
        UUID requesterId = UUID.fromString(Json.text(request, "requesterId"));
        PatronView requester = PatronView.byId(c, schema, requesterId).orElseThrow(() -> ApiException.unprocessable(
                "A valid user and patron group are required. User is null", null, "requesterId", requesterId.toString()));
        ObjectNode loan = CirculationContext.openLoan(c, schema, destinationId).orElse(null);

        UUID instanceId = UUID.fromString(Json.text(item.instance(), "id"));
        boolean sameQueue = tlr.enabled() && instanceId.toString().equals(Json.text(request, "instanceId"));
        List<ObjectNode> queue = (tlr.enabled() ? RequestQueue.forInstance(c, schema, instanceId)
                : RequestQueue.forItem(c, schema, destinationId)).stream()
                .filter(r -> !id.toString().equals(Json.text(r, "id"))).toList();

        CirculationErrors errors = new CirculationErrors();
        ObjectNode loanPolicy = requests.checkItem(c, schema, type, requester, item, loan, true, errors);
        if (queue.stream().anyMatch(r -> requesterId.toString().equals(Json.text(r, "requesterId"))
                && destination.equals(Json.text(r, "itemId"))))
            errors.add("This requester already has an open request for this item", "ITEM_ALREADY_REQUESTED",
                    "itemId", destination);
        errors.throwIfAny();

        ObjectNode moved = RequestQueue.withItem(request, item);
        moved.put("requestType", type);
        moved.put("instanceId", instanceId.toString());
        moved.putObject("instance").put("title", item.title());
        if (!sameQueue) moved.put("position", queue.size() + 1);
        ObjectNode saved = REQUESTS.replace(c, schema, request, moved, staff);

        // The queue it left: title-level without an item, the instance's; else the source item's.
        if (!sameQueue) RequestQueue.renumberQueueOf(c, schema, request);
        RequestService.onPlaced(c, schema, type, item, loan, loanPolicy, now, staff);
        if (source != null && "Page".equals(Json.text(request, "requestType")))
            RequestService.releasePagedItem(c, schema, UUID.fromString(source), staff);
        return REQUESTS.get(c, schema, id).orElse(saved);
    }
}
