package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.UUID;

/**
 * A request as FOLIO stores it (mod-circulation-storage request.json), read through intention-revealing methods
 * instead of {@code Json.text(request, "…")} lookups. Pure data: the JSON is what the store read; a change is a copy
 * written back through RequestStore / REQUESTS.
 */
public record RequestView(ObjectNode json) {

    public static RequestView of(ObjectNode json) {
        return new RequestView(json);
    }

    public String id() {
        return Json.text(json, "id");
    }

    public String status() {
        return Json.text(json, "status");
    }

    public boolean hasStatus(RequestStatus s) {
        return s.is(status());
    }

    /** FOLIO's open statuses all start "Open" (RequestStatus.openStates). */
    public boolean isOpen() {
        String s = status();
        return s != null && s.startsWith("Open");
    }

    public boolean isClosed() {
        String s = status();
        return s != null && s.startsWith("Closed");
    }

    public String type() {
        return Json.text(json, "requestType");
    }

    public boolean isOfType(RequestType t) {
        return t.is(type());
    }

    public boolean isTitleLevel() {
        return "Title".equals(Json.text(json, "requestLevel"));
    }

    /** The queue position, 0 when it has none (a closed request). */
    public int position() {
        return json.path("position").asInt(0);
    }

    public boolean hasPosition() {
        return json.hasNonNull("position");
    }

    public String requesterId() {
        return Json.text(json, "requesterId");
    }

    public boolean isRequestedBy(UUID patronId) {
        return patronId != null && patronId.toString().equals(requesterId());
    }

    /** The item the request is for; null for a title-level request no item fills yet. */
    public String itemId() {
        return Json.text(json, "itemId");
    }

    public boolean hasItem() {
        return json.hasNonNull("itemId");
    }

    public boolean isForItem(String itemId) {
        return itemId != null && itemId.equals(itemId());
    }

    public String instanceId() {
        return Json.text(json, "instanceId");
    }

    public String fulfillmentPreference() {
        return Json.text(json, "fulfillmentPreference");
    }

    public boolean isDelivery() {
        return RequestQueue.DELIVERY.equals(fulfillmentPreference());
    }

    public String pickupServicePointId() {
        return Json.text(json, "pickupServicePointId");
    }

    public boolean hasHoldShelfExpirationDate() {
        return json.hasNonNull("holdShelfExpirationDate");
    }

    public String holdShelfExpirationDate() {
        return Json.text(json, "holdShelfExpirationDate");
    }
}
