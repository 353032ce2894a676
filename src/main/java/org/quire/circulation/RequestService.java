package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.RecordStore;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation's requests: create (Page, Hold, Recall; item- or title-level, Hold Shelf or Delivery) with FOLIO's
 * checks, update/cancel, and queue reordering, each in the caller's transaction. Creating an item-level one costs: TLR
 * settings (1), item row-locked (1), requester with group and blocks (1), pickup service point (1), open loan (1),
 * request policy (+ the loan's policy for a Recall) (1), queue (1), insert (1), item or loan update (1); with the TLR
 * feature on, +1 (the item is read before the instance is locked); +1 (the requester's counts) when their group has a
 * limit whose condition blocks requests (AutomatedBlocks). A title-level one reads the instance's items and their
 * policies instead of one item's (see TitleLevelRequests). The request and notice policies are read together (+ the
 * loan's policy and the borrower's notice policy for a Recall); +1 for each notice write the notice policies ask for;
 * +1 for the calendar when a recall moves a due date under a closed-library option that needs it (Recalls).
 * Cancelling reads the item and the requester's notice policy (+2), +1 when that policy has notices to send or drop;
 * closing a request reads its item (+1, locked only when Paged), and a Paged one its queue and update (+2, PagedItems).
 */
final class RequestService {
    /** Item statuses each request type may be placed on (mod-circulation's RequestTypeItemStatusWhiteList). */
    private static final Map<String, Set<String>> ALLOWED_STATUSES = Map.of(
            "Page", Set.of("Available", "Restricted"),
            "Hold", Set.of("Checked out", "Awaiting pickup", "Awaiting delivery", "In transit", "Paged", "Missing",
                    "On order", "In process", "Restricted"),
            "Recall", Set.of("Checked out", "Awaiting pickup", "Awaiting delivery", "In transit", "Paged", "On order",
                    "In process", "Restricted"));

    private final CirculationRulesStore rules;

    RequestService(CirculationRulesStore rules) {
        this.rules = rules;
    }

    ObjectNode create(Connection c, String schema, ObjectNode body, UUID staff) throws SQLException {
        Instant now = Instant.now();
        String type = Json.text(body, "requestType");
        if (type == null || !ALLOWED_STATUSES.containsKey(type))
            throw ApiException.unprocessable("requestType must be one of Page, Hold, Recall", null, "requestType", type);
        TlrSettings tlr = TlrSettings.read(c, schema);
        String level = body.hasNonNull("requestLevel") ? Json.text(body, "requestLevel") : "Item";
        if (!tlr.allowedLevels().contains(level))
            throw ApiException.unprocessable("Request level must be one of the following: "
                    + String.join(", ", tlr.allowedLevels().stream().map(l -> '"' + l + '"').toList()),
                    "REQUEST_LEVEL_IS_NOT_ALLOWED", "requestLevel", level);
        boolean title = "Title".equals(level);
        String fulfilment = body.hasNonNull("fulfillmentPreference") ? Json.text(body, "fulfillmentPreference") : "Hold Shelf";
        if (!List.of("Hold Shelf", RequestQueue.DELIVERY).contains(fulfilment))
            throw ApiException.unprocessable("Fulfillment preference must be one of the following: Hold Shelf, Delivery",
                    "FULFILLMENT_PREFERENCE_IS_NOT_ALLOWED", "fulfillmentPreference", fulfilment);
        UUID instanceId = null, itemId = null;
        if (title) {
            instanceId = uuid(body, "instanceId", "Cannot create a request with no instance ID");
            if (body.hasNonNull("itemId") || body.hasNonNull("holdingsRecordId"))
                throw ApiException.unprocessable("Cannot create a title level page request for this instance ID with no item ID",
                        "CANNOT_CREATE_PAGE_TLR_WITHOUT_ITEM_ID", "itemId", Json.text(body, "itemId"));
        } else {
            itemId = uuid(body, "itemId", "Cannot create an item level request with no item ID");
        }
        UUID requesterId = uuid(body, "requesterId", "A valid user and patron group are required. User is null");
        PatronView requester = PatronView.byId(c, schema, requesterId).orElseThrow(() -> ApiException.unprocessable(
                "A valid user and patron group are required. User is null", null, "requesterId", requesterId.toString()));

        CirculationErrors errors = new CirculationErrors();
        ItemView item;
        ObjectNode loan;
        String instanceTitle;
        List<ObjectNode> queue;
        if (title) {
            UUID instance = instanceId;
            instanceTitle = Sql.one(c, "SELECT title FROM " + schema + ".instance WHERE id = ? FOR UPDATE", List.of(instance),
                    rs -> rs.getString(1)).orElseThrow(() -> ApiException.unprocessable("Instance does not exist", null,
                    "instanceId", instance.toString()));
            queue = RequestQueue.forInstance(c, schema, instanceId);
            TitleLevelRequests.Choice choice = TitleLevelRequests.choose(c, schema, rules.rules(c, schema), type, instanceId,
                    requester, Json.text(body, "pickupServicePointId"), tlr, queue, errors);
            item = choice.item();
            loan = choice.loan();
        } else {
            UUID id = itemId;
            Supplier<ApiException> missing = () ->
                    ApiException.unprocessable("Item does not exist", "ITEM_DOES_NOT_EXIST", "itemId", id.toString());
            if (tlr.enabled()) {
                // FOLIO queues every request of the title together; the instance is locked before the item, in the
                // order title-level requests lock them.
                instanceId = UUID.fromString(Json.text(ItemView.byId(c, schema, itemId).orElseThrow(missing).instance(), "id"));
                queue = RequestQueue.forInstance(c, schema, instanceId);
                item = ItemView.byIdForUpdate(c, schema, itemId).orElseThrow(missing);
            } else {
                item = ItemView.byIdForUpdate(c, schema, itemId).orElseThrow(missing);
                instanceId = UUID.fromString(Json.text(item.instance(), "id"));
                queue = RequestQueue.forItem(c, schema, itemId);
            }
            instanceTitle = item.title();
            loan = CirculationContext.openLoan(c, schema, itemId).orElse(null);
        }

        checkRequester(c, schema, requester, body, fulfilment, now, errors);
        // A title request's own-loan check covers every copy (TitleLevelRequests); the item's applies to item requests.
        Map<String, ObjectNode> policies = item == null ? Map.of()
                : checkItem(c, schema, type, requester, item, loan, holdShelfPickup(fulfilment, body), !title, errors);
        if (queue.stream().anyMatch(r -> requesterId.toString().equals(Json.text(r, "requesterId")))) {
            if (!tlr.enabled()) errors.add("This requester already has an open request for this item", "ITEM_ALREADY_REQUESTED",
                    "itemId", String.valueOf(itemId));
            else if (title) errors.add("This requester already has an open request for this instance", null,
                    "instanceId", instanceId.toString());
            else errors.add("This requester already has an open request for one of the instance's items", null,
                    "itemId", String.valueOf(itemId));
        }
        errors.throwIfAny();

        ObjectNode request = RequestRepresentation.stored(body);
        request.put("requestLevel", level);
        request.put("fulfillmentPreference", fulfilment);
        request.put("status", RequestQueue.NOT_YET_FILLED);
        request.put("position", queue.size() + 1);
        if (!request.hasNonNull("requestDate")) request.put("requestDate", Json.date(now));
        request.put("instanceId", instanceId.toString());
        request.putObject("instance").put("title", instanceTitle);
        request.set("requester", requester.borrower());
        if (item != null) request = RequestQueue.withItem(request, item);
        ObjectNode saved = REQUESTS.insert(c, schema, request, staff);
        PatronNotices.requestCreated(c, schema, policies.get("notice"), saved, staff);
        onPlaced(c, schema, type, item, loan, policies, now, staff);
        return saved;
    }

    /** Item statuses a request type may be placed on. */
    static boolean statusAllows(String type, String itemStatus) {
        return ALLOWED_STATUSES.getOrDefault(type, Set.of()).contains(itemStatus);
    }

    /**
     * The requester's checks: active, not blocked from requesting (automated blocks, as FOLIO's
     * AutomatedPatronBlocksValidator: each block's own message, no parameters; then manual ones), a pickup point or a
     * delivery address type.
     */
    static void checkRequester(Connection c, String schema, PatronView requester, ObjectNode body, String fulfilment,
                               Instant now, CirculationErrors errors) throws SQLException {
        String requesterId = requester.id().toString();
        if (Boolean.FALSE.equals(requester.active(now)))
            errors.add("Inactive users cannot make requests", "USER_IS_INACTIVE", "requesterId", requesterId);
        for (AutomatedBlocks.Block b : AutomatedBlocks.forPatron(c, schema, requester, now, AutomatedBlocks.Action.REQUESTS))
            errors.add(b.message(), "USER_IS_BLOCKED_AUTOMATICALLY", null, null);
        if (requester.blockedFor("requests", now))
            errors.add("Patron blocked from requesting", "USER_IS_BLOCKED_MANUALLY", "requesterId", requesterId);
        if ("Hold Shelf".equals(fulfilment) && !body.hasNonNull("pickupServicePointId"))
            // Current mod-circulation's wording and code (older releases capitalised it differently).
            errors.add("Hold shelf fulfillment requests require a Pickup service point",
                    "HOLD_SHELF_REQUESTS_REQUIRE_PICKUP_SERVICE_POINT", "pickupServicePointId", null);
        if (body.hasNonNull("pickupServicePointId"))
            checkPickupServicePoint(c, schema, Json.text(body, "pickupServicePointId"), errors);
        // Quire's wording: FOLIO's own check for a delivery address type was not found.
        if (RequestQueue.DELIVERY.equals(fulfilment) && !body.hasNonNull("deliveryAddressTypeId"))
            errors.add("Delivery Fulfillment Requests require a Delivery Address Type", null, "deliveryAddressTypeId", null);
    }

    /** The pickup service point of a Hold Shelf request; null for a Delivery one. */
    static String holdShelfPickup(String fulfilment, ObjectNode request) {
        return "Hold Shelf".equals(fulfilment) ? Json.text(request, "pickupServicePointId") : null;
    }

    /** FOLIO's ServicePointPickupLocationValidator: the pickup service point exists and is a pickup location. */
    private static void checkPickupServicePoint(Connection c, String schema, String pickupId, CirculationErrors errors)
            throws SQLException {
        Optional<ObjectNode> servicePoint = InventoryTypes.SERVICE_POINTS.get(c, schema,
                RecordStore.uuid(pickupId, "pickupServicePointId"));
        if (servicePoint.isEmpty())
            errors.add("Pickup service point does not exist", null, "pickupServicePointId", pickupId);
        else if (!servicePoint.get().path("pickupLocation").asBoolean(false))
            errors.add("Service point is not a pickup location", "SERVICE_POINT_IS_NOT_PICKUP_LOCATION",
                    "pickupServicePointId", pickupId);
    }

    /**
     * FOLIO's RequestPolicy.allowsServicePoint: a policy that lists allowed service points for this request type
     * allows a Hold Shelf request only to one of them (no list for the type: any).
     */
    private static void checkAllowedServicePoint(ObjectNode requestPolicy, String type, String holdShelfPickup,
                                                 CirculationErrors errors) {
        JsonNode allowed = requestPolicy.path("allowedServicePoints").path(type);
        if (holdShelfPickup == null || !allowed.isArray() || contains(allowed, holdShelfPickup)) return;
        errors.add(new Refusal("One or more Pickup locations are no longer available",
                "REQUEST_PICKUP_SERVICE_POINT_IS_NOT_ALLOWED", List.of(
                new Refusal.Parameter("pickupServicePointId", holdShelfPickup),
                new Refusal.Parameter("requestType", type),
                new Refusal.Parameter("requestPolicyId", Json.text(requestPolicy, "id")))));
    }

    /**
     * The item's checks (status, request policy with its allowed pickup service points for {@code holdShelfPickup},
     * the pickup point of a Hold Shelf request or null; the requester's own loan); returns the policies the placing needs:
     * "notice" (the requester's notice policy) and, when a Recall will shorten the loan, "loan" and "loanNotice" (the
     * loan's policy and the borrower's notice policy), read in one statement with the request policy.
     */
    Map<String, ObjectNode> checkItem(Connection c, String schema, String type, PatronView requester, ItemView item, ObjectNode loan,
                         String holdShelfPickup, boolean ownLoan, CirculationErrors errors) throws SQLException {
        String notAllowed = "%s requests are not allowed for this patron and item combination".formatted(type);
        if (!statusAllows(type, item.status()))
            errors.add(notAllowed, "REQUEST_NOT_ALLOWED_FOR_ITEM_STATUS", "requestType", type);
        CirculationRules circulationRules = rules.rules(c, schema);
        String policyId = CirculationContext.match(circulationRules, PolicyType.REQUEST, requester, item).policyId();
        String noticeId = CirculationContext.match(circulationRules, PolicyType.NOTICE, requester, item).policyId();
        boolean recall = "Recall".equals(type) && loan != null;
        Map<String, ObjectNode> policies = new org.quire.platform.records.MultiGet()
                .add("request", CirculationTypes.REQUEST_POLICIES, CirculationContext.uuidOrNull(policyId))
                .add("notice", CirculationTypes.NOTICE_POLICIES, CirculationContext.uuidOrNull(noticeId))
                .add("loan", CirculationTypes.LOAN_POLICIES, recall
                        ? CirculationContext.uuidOrNull(Json.text(loan, "loanPolicyId")) : null)
                .add("loanNotice", CirculationTypes.NOTICE_POLICIES, recall
                        ? CirculationNotices.loanPolicyId(c, schema, rules, loan, item) : null)
                .fetch(c, schema);
        ObjectNode requestPolicy = policies.get("request");
        if (requestPolicy == null || !contains(requestPolicy.path("requestTypes"), type)) {
            if (statusAllows(type, item.status()))
                errors.add(notAllowed, "REQUEST_NOT_ALLOWED_BY_POLICY", "requestType", type);
        } else {
            checkAllowedServicePoint(requestPolicy, type, holdShelfPickup, errors);
        }
        if (ownLoan && loan != null && requester.id().toString().equals(Json.text(loan, "userId")))
            errors.add("This requester already has this item on loan", "REQUESTER_ALREADY_HAS_THIS_ITEM_ON_LOAN",
                    "itemId", item.id().toString());
        return policies;
    }

    /**
     * What placing a request on an item does: a page takes an Available item off the shelf (FOLIO's
     * UpdateItem.pagedWhenRequested: a Restricted one stays Restricted), the first recall sets its loan's due date.
     */
    static void onPlaced(Connection c, String schema, String type, ItemView item, ObjectNode loan,
                         Map<String, ObjectNode> policies, Instant now, UUID staff) throws SQLException {
        if (item == null) return;
        ObjectNode loanPolicy = policies.get("loan");
        if ("Page".equals(type) && "Available".equals(item.status())) {
            ObjectNode paged = item.item().deepCopy();
            paged.putObject("status").put("name", "Paged").put("date", Json.date(now));
            InventoryTypes.ITEMS.replace(c, schema, item.item(), paged, staff);
        } else if ("Recall".equals(type) && loan != null && loanPolicy != null
                && !loan.path("dueDateChangedByRecall").asBoolean(false)) {
            recall(c, schema, loan, loanPolicy, policies.get("loanNotice"), now, staff);
        }
    }

    /**
     * The first recall of a loan (UpdateLoan.recall): its due date as Recalls computes it, and always — even when the
     * date does not move — dueDateChangedByRecall, the action "recallrequested" and the borrower's recall notice.
     */
    private static void recall(Connection c, String schema, ObjectNode loan, ObjectNode loanPolicy,
                               ObjectNode borrowerNoticePolicy, Instant now, UUID staff) throws SQLException {
        Instant due = Recalls.dueDate(c, schema, loanPolicy,
                CirculationContext.uuidOrNull(Json.text(loan, "checkoutServicePointId")),
                Json.parseInstant(Json.text(loan, "loanDate")), Json.parseInstant(Json.text(loan, "dueDate")), now);
        ObjectNode changed = loan.deepCopy();
        changed.put("dueDate", Json.date(due));
        changed.put("dueDateChangedByRecall", true);
        changed.put("action", "recallrequested");
        changed.remove("actionComment");
        ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, loan, changed, staff);
        PatronNotices.dueDateChanged(c, schema, borrowerNoticePolicy, saved, PatronNotices.ITEM_RECALLED, staff);
    }

    /**
     * PUT /circulation/requests/{id}: the queue position stays the server's; closing a request (e.g. "Closed -
     * Cancelled") takes it out of the queue, and a Paged item that no other request waits for goes back to the shelf.
     * A request already closed cannot be changed.
     */
    void update(Connection c, String schema, UUID id, ObjectNode body, UUID staff) throws SQLException {
        ObjectNode previous = REQUESTS.getForUpdate(c, schema, id)
                .orElseThrow(() -> ApiException.notFound("Not found: requests " + id));
        String was = Json.text(previous, "status");
        // FOLIO's ClosedRequestValidator: a closed request is history, not to be edited (nor reopened).
        if (was != null && was.startsWith("Closed"))
            throw ApiException.unprocessable("The Request has already been closed", "REQUEST_ALREADY_CLOSED", "id", id.toString());
        ObjectNode next = RequestRepresentation.stored(body);
        String now = Json.text(next, "status");
        boolean closing = was != null && was.startsWith("Open") && now != null && now.startsWith("Closed");
        if (closing) {
            next.remove("position");
            if (now.equals("Closed - Cancelled")) {
                if (!next.hasNonNull("cancelledDate")) next.put("cancelledDate", Json.date(Instant.now()));
                if (staff != null && !next.hasNonNull("cancelledByUserId")) next.put("cancelledByUserId", staff.toString());
            }
        } else if (previous.hasNonNull("position")) {
            next.set("position", previous.get("position"));
        }
        ObjectNode saved = REQUESTS.replace(c, schema, previous, next, staff);
        if (!closing) return;
        RequestQueue.renumberQueueOf(c, schema, previous);
        if (Json.text(previous, "itemId") == null) return;
        UUID itemId = UUID.fromString(Json.text(previous, "itemId"));
        if (now.equals("Closed - Cancelled")) {
            Optional<ItemView> item = ItemView.byId(c, schema, itemId);
            if (item.isPresent()) PatronNotices.requestCancelled(c, schema, CirculationNotices.requesterPolicy(c, schema,
                    rules, saved, item.get(), List.of()), saved, staff);
        }
        // Whatever the closed request's type: FOLIO's UpdateItem returns a Paged item no request waits for to the shelf.
        PagedItems.release(c, schema, itemId, Instant.now(), staff);
    }

    /**
     * FOLIO's reorder of an item's queue (refused while the TLR feature is on: the queue is then the instance's) or
     * of an instance's queue (refused while it is off).
     */
    List<ObjectNode> reorder(Connection c, String schema, UUID id, boolean instance, ObjectNode body) throws SQLException {
        TlrSettings tlr = TlrSettings.read(c, schema);
        if (instance != tlr.enabled()) throw ApiException.unprocessable("Refuse to reorder request queue, TLR feature status is %s."
                .formatted(tlr.enabled() ? "ENABLED" : "DISABLED"), null, instance ? "instanceId" : "itemId", id.toString());
        List<ObjectNode> queue = instance ? RequestQueue.forInstance(c, schema, id) : RequestQueue.forItem(c, schema, id);
        JsonNode reordered = body.path("reorderedQueue");
        Map<String, Integer> positions = new HashMap<>();
        for (JsonNode r : reordered) positions.put(r.path("id").asText(), r.path("newPosition").asInt(-1));
        Set<Integer> expected = new HashSet<>();
        for (int i = 1; i <= queue.size(); i++) expected.add(i);
        Set<String> ids = new HashSet<>();
        queue.forEach(r -> ids.add(Json.text(r, "id")));
        if (reordered.size() != queue.size() || !positions.keySet().equals(ids)
                || !new HashSet<>(positions.values()).equals(expected)) {
            throw ApiException.unprocessable("There is inconsistency between provided reordered queue and %s queue."
                    .formatted(instance ? "instance" : "item"), null, null, null);
        }
        if (!queue.isEmpty()) {
            ObjectNode first = queue.getFirst();
            boolean begun = !RequestQueue.NOT_YET_FILLED.equals(Json.text(first, "status"));
            if (positions.get(Json.text(first, "id")) != 1) {
                if ("Page".equals(Json.text(first, "requestType")))
                    throw ApiException.unprocessable("Page requests can not be displaced from position 1.", null, null, null);
                if (begun) throw ApiException.unprocessable(
                        "Requests can not be displaced from position 1 when fulfillment begun.", null, null, null);
            }
        }
        List<UUID> idList = new ArrayList<>();
        List<Integer> posList = new ArrayList<>();
        positions.forEach((rid, pos) -> {
            idList.add(UUID.fromString(rid));
            posList.add(pos);
        });
        RequestQueue.setPositions(c, schema, idList, posList);
        return instance ? RequestQueue.forInstance(c, schema, id) : RequestQueue.forItem(c, schema, id);
    }

    private static boolean contains(JsonNode array, String value) {
        for (JsonNode n : array) if (value.equals(n.asText())) return true;
        return false;
    }

    private static UUID uuid(ObjectNode body, String field, String missing) {
        String s = Json.text(body, field);
        if (s == null || s.isBlank()) throw ApiException.unprocessable(missing, null, field, null);
        return RecordStore.uuid(s, field);
    }
}
