package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Json;
import org.quire.platform.http.ApiException;
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

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation's item-level requests: create (Page, Hold, Recall) with FOLIO's checks, update/cancel, and queue
 * reordering, each in the caller's transaction. Creating one costs: item row-locked (1), requester with group and
 * blocks (1), open loan (1), request and notice policies (+ the loan's policy and the borrower's notice policy for a
 * Recall) (1), queue (1), insert (1), item or loan update (1); +1 for each notice write the notice policies ask for
 * (the requester's request notices, the borrower's recall and due-date notices). Cancelling reads the item and the
 * requester's notice policy (+2), +1 when that policy has notices to send or drop.
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
        String level = body.hasNonNull("requestLevel") ? Json.text(body, "requestLevel") : "Item";
        if (!"Item".equals(level))
            throw ApiException.unprocessable("Only item level requests are supported", null, "requestLevel", level);
        UUID itemId = uuid(body, "itemId", "Cannot create an item level request with no item ID");
        UUID requesterId = uuid(body, "requesterId", "A valid user and patron group are required. User is null");

        ItemView item = ItemView.byIdForUpdate(c, schema, itemId).orElseThrow(() ->
                ApiException.unprocessable("Item does not exist", "ITEM_DOES_NOT_EXIST", "itemId", itemId.toString()));
        PatronView requester = PatronView.byId(c, schema, requesterId).orElseThrow(() -> ApiException.unprocessable(
                "A valid user and patron group are required. User is null", null, "requesterId", requesterId.toString()));

        CirculationErrors errors = new CirculationErrors();
        if (Boolean.FALSE.equals(requester.active(now)))
            errors.add("Inactive users cannot make requests", "USER_IS_INACTIVE", "requesterId", requesterId.toString());
        if (requester.blockedFor("requests", now))
            errors.add("Patron blocked from requesting", "USER_IS_BLOCKED_MANUALLY", "requesterId", requesterId.toString());
        String fulfilment = body.hasNonNull("fulfillmentPreference") ? Json.text(body, "fulfillmentPreference") : "Hold Shelf";
        if ("Hold Shelf".equals(fulfilment) && !body.hasNonNull("pickupServicePointId"))
            errors.add("Hold Shelf Fulfillment Requests require a Pickup Service Point", null, "pickupServicePointId", null);

        String notAllowed = "%s requests are not allowed for this patron and item combination".formatted(type);
        if (!ALLOWED_STATUSES.get(type).contains(item.status()))
            errors.add(notAllowed, "REQUEST_NOT_ALLOWED_FOR_ITEM_STATUS", "requestType", type);

        ObjectNode loan = CirculationContext.openLoan(c, schema, itemId).orElse(null);
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
            if (ALLOWED_STATUSES.get(type).contains(item.status()))
                errors.add(notAllowed, "REQUEST_NOT_ALLOWED_BY_POLICY", "requestType", type);
        }
        if (loan != null && requesterId.toString().equals(Json.text(loan, "userId")))
            errors.add("This requester currently has this item on loan.", "ITEM_ALREADY_LOANED_TO_SAME_USER",
                    "itemId", itemId.toString());
        List<ObjectNode> queue = RequestQueue.forItem(c, schema, itemId);
        if (queue.stream().anyMatch(r -> requesterId.toString().equals(Json.text(r, "requesterId"))))
            errors.add("This requester already has an open request for this item", "ITEM_ALREADY_REQUESTED",
                    "itemId", itemId.toString());
        errors.throwIfAny();

        ObjectNode request = body.deepCopy();
        request.put("requestLevel", "Item");
        request.put("fulfillmentPreference", fulfilment);
        request.put("status", RequestQueue.NOT_YET_FILLED);
        request.put("position", queue.size() + 1);
        if (!request.hasNonNull("requestDate")) request.put("requestDate", Json.date(now));
        request.put("holdingsRecordId", Json.text(item.item(), "holdingsRecordId"));
        request.put("instanceId", Json.text(item.instance(), "id"));
        // FOLIO stores these snapshots with the request; its screens print them.
        ObjectNode itemSummary = request.putObject("item").put("title", item.title());
        if (item.barcode() != null) itemSummary.put("barcode", item.barcode());
        request.putObject("instance").put("title", item.title());
        request.set("requester", requester.borrower());
        ObjectNode saved = REQUESTS.insert(c, schema, request, staff);
        PatronNotices.requestCreated(c, schema, policies.get("notice"), saved, staff);

        if ("Page".equals(type)) {
            ObjectNode paged = item.item().deepCopy();
            paged.putObject("status").put("name", "Paged").put("date", Json.date(now));
            InventoryTypes.ITEMS.replace(c, schema, item.item(), paged, staff);
        } else if ("Recall".equals(type) && loan != null && policies.containsKey("loan")
                && !loan.path("dueDateChangedByRecall").asBoolean(false)) {
            recall(c, schema, loan, policies.get("loan"), policies.get("loanNotice"), now, staff);
        }
        return saved;
    }

    /**
     * A recall shortens the loan to the recall return interval from now, but never below the minimum guaranteed
     * loan period from the loan date, and never lengthens it. Only the first recall moves the due date (FOLIO).
     */
    static Optional<Instant> recallDueDate(ObjectNode loanPolicy, Instant loanDate, Instant dueDate, Instant now) {
        JsonNode recalls = loanPolicy.path("requestManagement").path("recalls");
        Period returnInterval = Period.from(recalls.get("recallReturnInterval"));
        Period minimum = Period.from(recalls.get("minimumGuaranteedLoanPeriod"));
        Instant due = returnInterval == null ? now : returnInterval.addTo(now);
        if (minimum != null && minimum.addTo(loanDate).isAfter(due)) due = minimum.addTo(loanDate);
        return dueDate != null && due.isBefore(dueDate) ? Optional.of(due) : Optional.empty();
    }

    private static void recall(Connection c, String schema, ObjectNode loan, ObjectNode loanPolicy,
                               ObjectNode borrowerNoticePolicy, Instant now, UUID staff) throws SQLException {
        Instant loanDate = Json.parseInstant(Json.text(loan, "loanDate"));
        Instant due = Json.parseInstant(Json.text(loan, "dueDate"));
        Optional<Instant> recalled = recallDueDate(loanPolicy, loanDate, due, now);
        if (recalled.isEmpty()) return;
        ObjectNode changed = loan.deepCopy();
        changed.put("dueDate", Json.date(recalled.get()));
        changed.put("dueDateChangedByRecall", true);
        changed.put("action", "recallrequested");
        ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, loan, changed, staff);
        PatronNotices.dueDateChanged(c, schema, borrowerNoticePolicy, saved, PatronNotices.ITEM_RECALLED, staff);
    }

    /**
     * PUT /circulation/requests/{id}: the queue position stays the server's; closing a request (e.g. "Closed -
     * Cancelled") takes it out of the queue, and a cancelled page gives the item back to the shelf.
     */
    void update(Connection c, String schema, UUID id, ObjectNode body, UUID staff) throws SQLException {
        ObjectNode previous = REQUESTS.getForUpdate(c, schema, id)
                .orElseThrow(() -> ApiException.notFound("Not found: requests " + id));
        ObjectNode next = body.deepCopy();
        String was = Json.text(previous, "status"), now = Json.text(next, "status");
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
        if (!closing || Json.text(previous, "itemId") == null) return;
        UUID itemId = UUID.fromString(Json.text(previous, "itemId"));
        RequestQueue.renumber(c, schema, itemId);
        if (now.equals("Closed - Cancelled")) {
            Optional<ItemView> item = ItemView.byId(c, schema, itemId);
            if (item.isPresent()) PatronNotices.requestCancelled(c, schema, CirculationNotices.requesterPolicy(c, schema,
                    rules, saved, item.get(), List.of()), saved, staff);
        }
        if ("Page".equals(Json.text(previous, "requestType"))) {
            Optional<ItemView> item = ItemView.byIdForUpdate(c, schema, itemId);
            if (item.isPresent() && "Paged".equals(item.get().status())
                    && RequestQueue.forItem(c, schema, itemId).isEmpty()) {
                ObjectNode available = item.get().item().deepCopy();
                available.putObject("status").put("name", "Available").put("date", Json.date(Instant.now()));
                InventoryTypes.ITEMS.replace(c, schema, item.get().item(), available, staff);
            }
        }
    }

    /** FOLIO's reorder: the same requests, positions 1..n, and a request already being fulfilled stays first. */
    List<ObjectNode> reorder(Connection c, String schema, UUID itemId, ObjectNode body) throws SQLException {
        List<ObjectNode> queue = RequestQueue.forItem(c, schema, itemId);
        JsonNode reordered = body.path("reorderedQueue");
        Map<String, Integer> positions = new HashMap<>();
        for (JsonNode r : reordered) positions.put(r.path("id").asText(), r.path("newPosition").asInt(-1));
        Set<Integer> expected = new HashSet<>();
        for (int i = 1; i <= queue.size(); i++) expected.add(i);
        Set<String> ids = new HashSet<>();
        queue.forEach(r -> ids.add(Json.text(r, "id")));
        if (reordered.size() != queue.size() || !positions.keySet().equals(ids)
                || !new HashSet<>(positions.values()).equals(expected)) {
            throw ApiException.unprocessable("There is inconsistency between provided reordered queue and item queue.",
                    null, null, null);
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
        positions.forEach((id, pos) -> {
            idList.add(UUID.fromString(id));
            posList.add(pos);
        });
        RequestQueue.setPositions(c, schema, idList, posList);
        return RequestQueue.forItem(c, schema, itemId);
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
