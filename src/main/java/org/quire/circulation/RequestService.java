package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.inventory.InventoryStore;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.MultiGet;
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
 * checks, update/cancel, delete and queue reordering, each in its own transaction (create also in a caller's: request
 * by instance tries several). Create loads its facts, then runs RequestChecks' ordered rules over them (FOLIO's order
 * on one screen), then writes. Creating an item-level one costs: TLR
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
    private final Database db;
    private final CirculationRulesStore rules;

    RequestService(Database db, CirculationRulesStore rules) {
        this.db = db;
        this.rules = rules;
    }

    /** POST /circulation/requests in one transaction: the created request in mod-circulation's representation. */
    ObjectNode create(String schema, ObjectNode body, UUID staff) {
        return db.tx(c -> RequestRepresentation.extend(c, schema, create(c, schema, body, staff)));
    }

    /**
     * Creates a request in the caller's transaction (request by instance tries several): its shape (FOLIO stops at
     * the first fault), the requester, the item or title with its queue, then every rule of
     * {@link RequestChecks#CREATE_CHECKS} over the loaded facts, then the writes.
     */
    ObjectNode create(Connection c, String schema, ObjectNode body, UUID staff) throws SQLException {
        Instant now = Instant.now();
        Refused.throwIfAny(RequestChecks.refuseUnknownType(body));
        String type = Json.text(body, "requestType");
        TlrSettings tlr = TlrSettings.read(c, schema);
        RequestChecks.NewRequest asked = new RequestChecks.NewRequest(body,
                body.hasNonNull("requestLevel") ? Json.text(body, "requestLevel") : "Item",
                body.hasNonNull("fulfillmentPreference") ? Json.text(body, "fulfillmentPreference") : RequestQueue.HOLD_SHELF,
                tlr);
        RequestChecks.refuseAtFirst(asked, RequestChecks.SHAPE_CHECKS);
        boolean title = asked.titleLevel();
        UUID instanceId = title ? Ids.orNull(Json.text(body, "instanceId")) : null;
        UUID itemId = title ? null : Ids.orNull(Json.text(body, "itemId"));
        UUID requesterId = Ids.orNull(Json.text(body, "requesterId"));
        PatronView requester = UsersStore.patronById(c, schema, requesterId).orElseThrow(() -> Refused.because(
                "A valid user and patron group are required. User is null", "requesterId", requesterId.toString()));

        // The item or title, locked, with its queue (FOLIO stops when it does not exist).
        ItemView item;
        ObjectNode loan;
        String instanceTitle;
        List<ObjectNode> queue;
        List<Refusal> titleChoice = List.of();
        if (title) {
            UUID instance = instanceId;
            instanceTitle = RequestStore.lockInstanceTitle(c, schema, instance).orElseThrow(() -> Refused.because(
                    "Instance does not exist", "instanceId", instance.toString()));
            queue = RequestQueue.forInstance(c, schema, instanceId);
            TitleLevelRequests.Choice choice = TitleLevelRequests.choose(c, schema, rules.rules(c, schema), type,
                    instanceId, requester, Json.text(body, "pickupServicePointId"), tlr, queue);
            item = choice.item();
            loan = choice.loan();
            titleChoice = choice.refusals();
        } else {
            UUID id = itemId;
            Supplier<Refused> missing = () ->
                    Refused.because("Item does not exist", ErrorCode.ITEM_DOES_NOT_EXIST, "itemId", id.toString());
            if (tlr.enabled()) {
                // FOLIO queues every request of the title together; the instance is locked before the item, in the
                // order title-level requests lock them.
                instanceId = UUID.fromString(Json.text(InventoryStore.itemById(c, schema, itemId).orElseThrow(missing).instance(), "id"));
                queue = RequestQueue.forInstance(c, schema, instanceId);
                item = InventoryStore.itemByIdForUpdate(c, schema, itemId).orElseThrow(missing);
            } else {
                item = InventoryStore.itemByIdForUpdate(c, schema, itemId).orElseThrow(missing);
                instanceId = UUID.fromString(Json.text(item.instance(), "id"));
                queue = RequestQueue.forItem(c, schema, itemId);
            }
            instanceTitle = item.title();
            loan = LoanStore.openLoan(c, schema, itemId).map(LoanView::json).orElse(null);
        }

        RequestFacts facts = new RequestFacts(type, title, asked.fulfilment(), body, tlr.enabled(), instanceId, itemId,
                requester, now, AutomatedBlocks.forPatron(c, schema, requester, now, AutomatedBlocks.Action.REQUESTS),
                pickupServicePoint(c, schema, body), titleChoice, item, loan,
                item == null ? RequestFacts.Policies.NONE : policies(c, schema, type, requester, item, loan),
                queue.stream().map(RequestView::of).toList());
        Check.refuseIfAny(facts, RequestChecks.CREATE_CHECKS);

        ObjectNode request = RequestRepresentation.stored(body);
        request.put("requestLevel", asked.level());
        request.put("fulfillmentPreference", asked.fulfilment());
        request.put("status", RequestStatus.OPEN_NOT_YET_FILLED.folioName());
        request.put("position", queue.size() + 1);
        if (!request.hasNonNull("requestDate")) request.put("requestDate", Json.date(now));
        request.put("instanceId", instanceId.toString());
        request.putObject("instance").put("title", instanceTitle);
        request.set("requester", requester.borrower());
        if (item != null) request = RequestQueue.withItem(request, item);
        ObjectNode saved = REQUESTS.insert(c, schema, request, staff);
        PatronNotices.requestCreated(c, schema, facts.policies().notice(), saved, staff);
        onPlaced(c, schema, type, item, loan, facts.policies(), now, staff);
        return saved;
    }

    /** The pickup service point the request names (one statement when it names one); null when none or not found. */
    static ObjectNode pickupServicePoint(Connection c, String schema, ObjectNode request) throws SQLException {
        String pickupId = Json.text(request, "pickupServicePointId");
        if (pickupId == null) return null;
        return InventoryTypes.SERVICE_POINTS.get(c, schema, RequestChecks.requiredId("pickupServicePointId", pickupId))
                .orElse(null);
    }

    /**
     * The policies that apply to placing a request of this type on the item, read in ONE statement: the request
     * policy and the requester's notice policy; when a Recall will shorten the loan, the loan's policy and the
     * borrower's notice policy too.
     */
    RequestFacts.Policies policies(Connection c, String schema, String type, PatronView requester, ItemView item,
                                   ObjectNode loan) throws SQLException {
        CirculationRules circulationRules = rules.rules(c, schema);
        String policyId = CirculationContext.match(circulationRules, PolicyType.REQUEST, requester, item).policyId();
        String noticeId = CirculationContext.match(circulationRules, PolicyType.NOTICE, requester, item).policyId();
        boolean recall = RequestType.RECALL.is(type) && loan != null;
        Map<String, ObjectNode> found = new MultiGet()
                .add("request", CirculationTypes.REQUEST_POLICIES, Ids.orNull(policyId))
                .add("notice", CirculationTypes.NOTICE_POLICIES, Ids.orNull(noticeId))
                .add("loan", CirculationTypes.LOAN_POLICIES, recall ? Ids.orNull(Json.text(loan, "loanPolicyId")) : null)
                .add("loanNotice", CirculationTypes.NOTICE_POLICIES, recall
                        ? CirculationNotices.loanPolicyId(c, schema, rules, loan, item) : null)
                .fetch(c, schema);
        return new RequestFacts.Policies(found.get("request"), found.get("notice"), found.get("loan"),
                found.get("loanNotice"));
    }

    /**
     * What placing a request on an item does: a page takes an Available item off the shelf (FOLIO's
     * UpdateItem.pagedWhenRequested: a Restricted one stays Restricted), the first recall sets its loan's due date.
     */
    static void onPlaced(Connection c, String schema, String type, ItemView item, ObjectNode loan,
                         RequestFacts.Policies policies, Instant now, UUID staff) throws SQLException {
        if (item == null) return;
        ObjectNode loanPolicy = policies.loan();
        if (RequestType.PAGE.is(type) && ItemStatus.AVAILABLE.is(item.status())) {
            ObjectNode paged = item.item().deepCopy();
            paged.putObject("status").put("name", ItemStatus.PAGED.folioName()).put("date", Json.date(now));
            InventoryTypes.ITEMS.replace(c, schema, item.item(), paged, staff);
        } else if (RequestType.RECALL.is(type) && loan != null && loanPolicy != null
                && !loan.path("dueDateChangedByRecall").asBoolean(false)) {
            recall(c, schema, loan, loanPolicy, policies.loanNotice(), now, staff);
        }
    }

    /**
     * The first recall of a loan (UpdateLoan.recall): its due date as Recalls computes it, and always — even when the
     * date does not move — dueDateChangedByRecall, the action "recallrequested" and the borrower's recall notice.
     */
    private static void recall(Connection c, String schema, ObjectNode loan, ObjectNode loanPolicy,
                               ObjectNode borrowerNoticePolicy, Instant now, UUID staff) throws SQLException {
        Instant due = Recalls.dueDate(c, schema, loanPolicy,
                Ids.orNull(Json.text(loan, "checkoutServicePointId")),
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
     * PUT /circulation/requests/{id}, in one transaction: the queue position stays the server's; closing a request
     * (e.g. "Closed - Cancelled") takes it out of the queue, and a Paged item that no other request waits for goes
     * back to the shelf. A request already closed cannot be changed.
     */
    void update(String schema, UUID id, ObjectNode body, UUID staff) {
        db.tx(c -> {
            update(c, schema, id, body, staff);
            return null;
        });
    }

    private void update(Connection c, String schema, UUID id, ObjectNode body, UUID staff) throws SQLException {
        ObjectNode previous = REQUESTS.getForUpdate(c, schema, id)
                .orElseThrow(() -> new NotFound("Not found: requests " + id));
        RequestView was = RequestView.of(previous);
        // FOLIO's ClosedRequestValidator: a closed request is history, not to be edited (nor reopened).
        if (was.isClosed())
            throw Refused.because("The Request has already been closed", ErrorCode.REQUEST_ALREADY_CLOSED, "id", id.toString());
        ObjectNode next = RequestRepresentation.stored(body);
        RequestView now = RequestView.of(next);
        boolean closing = was.isOpen() && now.isClosed();
        boolean cancelling = closing && now.hasStatus(RequestStatus.CLOSED_CANCELLED);
        if (closing) {
            next.remove("position");
            if (cancelling) {
                if (!next.hasNonNull("cancelledDate")) next.put("cancelledDate", Json.date(Instant.now()));
                if (staff != null && !next.hasNonNull("cancelledByUserId")) next.put("cancelledByUserId", staff.toString());
            }
        } else if (was.hasPosition()) {
            next.set("position", previous.get("position"));
        }
        ObjectNode saved = REQUESTS.replace(c, schema, previous, next, staff);
        if (!closing) return;
        RequestQueue.renumberQueueOf(c, schema, previous);
        if (was.itemId() == null) return;
        UUID itemId = UUID.fromString(was.itemId());
        if (cancelling) {
            Optional<ItemView> item = InventoryStore.itemById(c, schema, itemId);
            if (item.isPresent()) PatronNotices.requestCancelled(c, schema, CirculationNotices.requesterPolicy(c, schema,
                    rules, saved, item.get(), List.of()), saved, staff);
        }
        // Whatever the closed request's type: FOLIO's UpdateItem returns a Paged item no request waits for to the shelf.
        PagedItems.release(c, schema, itemId, Instant.now(), staff);
    }

    /** DELETE /circulation/requests/{id}: false when there is none; the queue it was in closes the gap. */
    boolean delete(String schema, UUID id) {
        return db.tx(c -> {
            ObjectNode old = REQUESTS.get(c, schema, id).orElse(null);
            if (old == null || !REQUESTS.delete(c, schema, id)) return false;
            RequestQueue.renumberQueueOf(c, schema, old);
            return true;
        });
    }

    /** A queue reorder as asked: the queue (read locked), and the new position of each request id. */
    record Reorder(boolean instance, List<RequestView> queue, int entries, Map<String, Integer> positions) {
    }

    /** FOLIO's ReorderRequestQueueValidator (its messages), stopping at the first. */
    static final List<Check<Reorder>> REORDER_CHECKS = List.of(
            RequestService::refuseInconsistentReorder,
            RequestService::refuseDisplacingAPage,
            RequestService::refuseDisplacingBegunFulfilment);

    /** The reordered queue names each request of the queue once, with the positions 1..n. */
    static List<Refusal> refuseInconsistentReorder(Reorder r) {
        Set<Integer> expected = new HashSet<>();
        for (int i = 1; i <= r.queue().size(); i++) expected.add(i);
        Set<String> ids = new HashSet<>();
        r.queue().forEach(q -> ids.add(q.id()));
        return Check.when(r.entries() != r.queue().size() || !r.positions().keySet().equals(ids)
                || !new HashSet<>(r.positions().values()).equals(expected), () -> Refusal.of(
                "There is inconsistency between provided reordered queue and %s queue."
                        .formatted(r.instance() ? "instance" : "item"), null, null));
    }

    private static boolean firstMoves(Reorder r) {
        return !r.queue().isEmpty() && r.positions().get(r.queue().getFirst().id()) != 1;
    }

    static List<Refusal> refuseDisplacingAPage(Reorder r) {
        return Check.when(firstMoves(r) && r.queue().getFirst().isOfType(RequestType.PAGE), () -> Refusal.of(
                "Page requests can not be displaced from position 1.", null, null));
    }

    static List<Refusal> refuseDisplacingBegunFulfilment(Reorder r) {
        return Check.when(firstMoves(r) && !r.queue().getFirst().hasStatus(RequestStatus.OPEN_NOT_YET_FILLED),
                () -> Refusal.of("Requests can not be displaced from position 1 when fulfillment begun.", null, null));
    }

    /**
     * FOLIO's reorder of an item's queue (refused while the TLR feature is on: the queue is then the instance's) or
     * of an instance's queue (refused while it is off), in one transaction; answers the queue as it now is.
     */
    List<ObjectNode> reorder(String schema, UUID id, boolean instance, ObjectNode body) {
        return db.tx(c -> reorder(c, schema, id, instance, body));
    }

    private List<ObjectNode> reorder(Connection c, String schema, UUID id, boolean instance, ObjectNode body)
            throws SQLException {
        TlrSettings tlr = TlrSettings.read(c, schema);
        if (instance != tlr.enabled()) throw Refused.because("Refuse to reorder request queue, TLR feature status is %s."
                .formatted(tlr.enabled() ? "ENABLED" : "DISABLED"), instance ? "instanceId" : "itemId", id.toString());
        List<ObjectNode> queue = instance ? RequestQueue.forInstance(c, schema, id) : RequestQueue.forItem(c, schema, id);
        JsonNode reordered = body.path("reorderedQueue");
        Map<String, Integer> positions = new HashMap<>();
        for (JsonNode r : reordered) positions.put(r.path("id").asText(), r.path("newPosition").asInt(-1));
        RequestChecks.refuseAtFirst(new Reorder(instance, queue.stream().map(RequestView::of).toList(),
                reordered.size(), positions), REORDER_CHECKS);
        List<UUID> idList = new ArrayList<>();
        List<Integer> posList = new ArrayList<>();
        positions.forEach((rid, pos) -> {
            idList.add(UUID.fromString(rid));
            posList.add(pos);
        });
        RequestQueue.setPositions(c, schema, idList, posList);
        return instance ? RequestQueue.forInstance(c, schema, id) : RequestQueue.forItem(c, schema, id);
    }
}
