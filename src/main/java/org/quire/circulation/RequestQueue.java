package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An item's request queue: its open requests ordered by position 1..n. Read with one indexed query inside the
 * check-out / check-in / request transaction (rows locked, so two desks cannot both fill the first request), and
 * re-numbered with one statement when a request leaves it.
 */
public final class RequestQueue {
    private RequestQueue() {
    }

    /** The statuses' FOLIO names, for callers comparing text (new code: {@link RequestStatus}). */
    public static final String AWAITING_PICKUP = RequestStatus.OPEN_AWAITING_PICKUP.folioName();
    public static final String NOT_YET_FILLED = RequestStatus.OPEN_NOT_YET_FILLED.folioName();
    public static final String IN_TRANSIT = RequestStatus.OPEN_IN_TRANSIT.folioName();
    public static final String AWAITING_DELIVERY = RequestStatus.OPEN_AWAITING_DELIVERY.folioName();
    static final String DELIVERY = "Delivery";
    static final String HOLD_SHELF = "Hold Shelf";

    public static final RecordStore REQUESTS = new RecordStore(RecordType.builder("request", "requests")
            .column("request_type", "requestType", FieldType.KEYWORD)
            .column("request_level", "requestLevel", FieldType.KEYWORD)
            .column("status", "status", FieldType.KEYWORD)
            .column("item_id", "itemId", FieldType.UUID)
            .column("instance_id", "instanceId", FieldType.UUID)
            .column("holdings_record_id", "holdingsRecordId", FieldType.UUID)
            .column("requester_id", "requesterId", FieldType.UUID)
            .column("proxy_user_id", "proxyUserId", FieldType.UUID)
            .column("pickup_service_point_id", "pickupServicePointId", FieldType.UUID)
            .column("fulfillment_preference", "fulfillmentPreference", FieldType.KEYWORD)
            .column("position", "position", FieldType.INTEGER)
            .column("request_date", "requestDate", FieldType.DATETIME)
            .column("request_expiration_date", "requestExpirationDate", FieldType.DATETIME)
            .column("hold_shelf_expiration_date", "holdShelfExpirationDate", FieldType.DATETIME)
            .column("awaiting_pickup_request_closed_date", "awaitingPickupRequestClosedDate", FieldType.DATETIME)
            .required("requestType", "requestDate", "requesterId", "status")
            .hooks(new HoldShelfClearance.Hooks())
            .defaultSort("request_date, id")
            .build());

    /**
     * The open requests of an item in queue order, locked for this transaction: its own requests and the title-level
     * requests of its instance that no item fills yet (any copy may fill those; they exist only with TLR on, when
     * positions run across the instance, so one ORDER BY serves both).
     */
    public static List<ObjectNode> forItem(Connection c, String schema, UUID itemId) throws SQLException {
        return RequestStore.itemQueue(c, schema, itemId);
    }

    /** The item's own requests for display, without locks (FOLIO's item queue lists only requests for the item). */
    public static List<ObjectNode> forItemReadOnly(Connection c, String schema, UUID itemId) throws SQLException {
        return RequestStore.itemQueueReadOnly(c, schema, itemId);
    }

    /**
     * The queue of an instance (title-level and item-level requests together), locked: the instance row too, so two
     * first requests of a title cannot both take position 1.
     */
    static List<ObjectNode> forInstance(Connection c, String schema, UUID instanceId) throws SQLException {
        return RequestStore.instanceQueue(c, schema, instanceId);
    }

    static List<ObjectNode> forInstanceReadOnly(Connection c, String schema, UUID instanceId) throws SQLException {
        return RequestStore.instanceQueueReadOnly(c, schema, instanceId);
    }

    /**
     * Positions 1..n again after a request left the item's queue: one statement, touching only rows that move. With
     * the TLR feature on the queue is the item's instance's (FOLIO numbers title and item requests together); the
     * setting is read inside the same statement.
     */
    public static void renumber(Connection c, String schema, UUID itemId) throws SQLException {
        RequestStore.renumberItemQueue(c, schema, itemId);
    }

    /** The same for the queue of an instance (a title-level request no item fills yet left it). */
    static void renumberInstance(Connection c, String schema, UUID instanceId) throws SQLException {
        RequestStore.renumberInstanceQueue(c, schema, instanceId);
    }

    /** Sets new positions for the given requests in one statement (the caller validated the permutation). */
    static void setPositions(Connection c, String schema, List<UUID> ids, List<Integer> positions) throws SQLException {
        RequestStore.setPositions(c, schema, ids, positions);
    }

    /** Closes a request (Filled, Cancelled, ...): it leaves the queue, which is re-numbered. */
    static ObjectNode close(Connection c, String schema, ObjectNode request, RequestStatus status, UUID staff)
            throws SQLException {
        ObjectNode closed = request.deepCopy();
        closed.put("status", status.folioName());
        closed.remove("position");
        ObjectNode saved = REQUESTS.replace(c, schema, request, closed, staff);
        renumberQueueOf(c, schema, saved);
        return saved;
    }

    /** Re-numbers the queue a request was in: its item's, or its instance's when no item fills it yet. */
    static void renumberQueueOf(Connection c, String schema, ObjectNode request) throws SQLException {
        RequestView r = RequestView.of(request);
        if (r.itemId() != null) renumber(c, schema, UUID.fromString(r.itemId()));
        else if (r.instanceId() != null) renumberInstance(c, schema, UUID.fromString(r.instanceId()));
    }

    /** A title-level request that an item now fills records the item, as FOLIO's request does. */
    static ObjectNode withItem(ObjectNode request, ItemView item) {
        ObjectNode r = request.deepCopy();
        r.put("itemId", item.id().toString());
        r.put("holdingsRecordId", Json.text(item.item(), "holdingsRecordId"));
        ObjectNode summary = r.putObject("item").put("title", item.title());
        if (item.barcode() != null) summary.put("barcode", item.barcode());
        return r;
    }

    // ---- check-out ---------------------------------------------------------------------------------------------

    /**
     * Checking the item out to the requester of the first request fills that request (a title-level one no item
     * filled yet is filled by this item).
     */
    static Optional<ObjectNode> fillOnCheckOut(Connection c, String schema, List<ObjectNode> queue, ItemView item,
                                               PatronView patron, UUID staff) throws SQLException {
        if (queue.isEmpty()) return Optional.empty();
        ObjectNode first = queue.getFirst();
        RequestView request = RequestView.of(first);
        if (!request.isRequestedBy(patron.id())) return Optional.empty();
        return Optional.of(close(c, schema, request.hasItem() ? first : withItem(first, item),
                RequestStatus.CLOSED_FILLED, staff));
    }

    static boolean recalledBySomeoneElse(List<ObjectNode> queue, PatronView patron) {
        return queue.stream().map(RequestView::of)
                .anyMatch(r -> r.isOfType(RequestType.RECALL) && !r.isRequestedBy(patron.id()));
    }

    /** FOLIO's User.getPersonalName(): "last, first". */
    static String personalName(PatronView patron) {
        String last = Json.text(patron.user(), "personal.lastName"), first = Json.text(patron.user(), "personal.firstName");
        return first == null ? Objects.toString(last, "") : last + ", " + first;
    }

    // ---- check-in ----------------------------------------------------------------------------------------------

    /**
     * What checking the item in does for its first request: the item goes to the hold shelf (request Awaiting
     * pickup) at the pickup service point, or in transit to it from anywhere else; a delivery request waits for
     * delivery where it is (no transit). A title-level request no item filled yet is filled by this one.
     *
     * @param request      the first request, as saved
     * @param itemStatus   "Awaiting pickup", "Awaiting delivery" or "In transit"
     * @param destination  the pickup service point when in transit, else null
     * @param nowAwaitingPickup whether this check-in put the request on the hold shelf (it was not there before)
     */
    record CheckInEffect(ObjectNode request, String itemStatus, String destination, boolean nowAwaitingPickup) {
    }

    static Optional<CheckInEffect> onCheckIn(Connection c, String schema, ItemView item, List<ObjectNode> queue,
                                             UUID servicePointId, ObjectNode servicePoint, Instant now, UUID staff)
            throws SQLException {
        if (queue.isEmpty()) return Optional.empty();
        ObjectNode first = queue.getFirst();
        if (!RequestView.of(first).hasItem()) first = withItem(first, item);
        RequestView request = RequestView.of(first);
        String status = request.status();
        if (request.isDelivery()) return Optional.of(awaitDelivery(c, schema, queue.getFirst(), first, staff));
        String pickup = request.pickupServicePointId();
        if (pickup == null || !(request.hasStatus(RequestStatus.OPEN_NOT_YET_FILLED)
                || request.hasStatus(RequestStatus.OPEN_IN_TRANSIT) || request.hasStatus(RequestStatus.OPEN_AWAITING_PICKUP)))
            return Optional.empty();
        boolean here = pickup.equals(servicePointId.toString());
        RequestStatus newStatus = here ? RequestStatus.OPEN_AWAITING_PICKUP : RequestStatus.OPEN_IN_TRANSIT;
        ObjectNode saved = first;
        if (!newStatus.is(status) || first != queue.getFirst()) {
            ObjectNode changed = first.deepCopy();
            changed.put("status", newStatus.folioName());
            // As mod-circulation: set once on reaching the hold shelf, removed while in transit.
            if (!here) changed.remove("holdShelfExpirationDate");
            else if (!request.hasHoldShelfExpirationDate())
                changed.put("holdShelfExpirationDate", Json.date(HoldShelfExpiration.date(c, schema, servicePoint, now)));
            saved = REQUESTS.replace(c, schema, queue.getFirst(), changed, staff);
        }
        return Optional.of(new CheckInEffect(saved,
                (here ? ItemStatus.AWAITING_PICKUP : ItemStatus.IN_TRANSIT).folioName(), here ? null : pickup,
                here && !RequestStatus.OPEN_AWAITING_PICKUP.is(status)));
    }

    /**
     * A delivery request: the item waits for delivery at this desk, the request is "Open - Awaiting delivery" and, as
     * in FOLIO's UpdateRequestQueue.awaitDelivery, has no hold shelf expiration date (it is not on a hold shelf).
     */
    private static CheckInEffect awaitDelivery(Connection c, String schema, ObjectNode stored, ObjectNode first, UUID staff)
            throws SQLException {
        ObjectNode saved = first;
        if (!RequestView.of(first).hasStatus(RequestStatus.OPEN_AWAITING_DELIVERY) || first != stored
                || first.has("holdShelfExpirationDate")) {
            ObjectNode changed = first.deepCopy();
            changed.put("status", RequestStatus.OPEN_AWAITING_DELIVERY.folioName());
            changed.remove("holdShelfExpirationDate");
            saved = REQUESTS.replace(c, schema, stored, changed, staff);
        }
        return new CheckInEffect(saved, ItemStatus.AWAITING_DELIVERY.folioName(), null, false);
    }

    // ---- inventory's item state actions ------------------------------------------------------------------------

    /**
     * An item marked Withdrawn, Missing, … no longer fulfils its request: as mod-inventory's MoveItemIntoStatusService
     * (updateRequestStatusIfRequired), a request "in fulfilment" (Awaiting pickup, Awaiting delivery, In transit)
     * goes back to "Open - Not yet filled" — its position and hold shelf expiration date kept, as FOLIO's PUT of the
     * request with only the status changed keeps them — unless it already expired on the hold shelf. FOLIO updates
     * the first such request (it expects one); Quire updates every one, so none is left awaiting a withdrawn item.
     * One statement when there is none, two when there is. The caller holds the item row.
     */
    public static void returnToQueue(Connection c, String schema, UUID itemId, UUID staff) throws SQLException {
        List<ObjectNode> inFulfilment = RequestStore.inFulfilmentForUpdate(c, schema, itemId);
        Instant now = Instant.now();
        List<ObjectNode> before = new java.util.ArrayList<>(), after = new java.util.ArrayList<>();
        for (ObjectNode r : inFulfilment) {
            String shelfExpiry = RequestView.of(r).holdShelfExpirationDate();
            if (shelfExpiry != null && now.isAfter(Json.parseInstant(shelfExpiry))) continue;
            before.add(r);
            after.add(r.deepCopy().put("status", RequestStatus.OPEN_NOT_YET_FILLED.folioName()));
        }
        REQUESTS.replaceAll(c, schema, before, after, staff);
    }

    /** The request and requester tokens of FOLIO's hold and transit slips (and of request notices). */
    public static void addToSlip(ObjectNode slipContext, ObjectNode request, String pickupName) {
        ObjectNode r = slipContext.putObject("request");
        r.put("requestID", RequestView.of(request).id());
        if (pickupName != null) r.put("servicePointPickup", pickupName);
        for (String f : List.of("requestExpirationDate", "holdShelfExpirationDate", "patronComments", "deliveryAddressType")) {
            if (request.hasNonNull(f)) r.put(f, request.get(f).asText());
        }
        if (request.get("requester") instanceof ObjectNode requester) slipContext.set("requester", requester.deepCopy());
    }
}
