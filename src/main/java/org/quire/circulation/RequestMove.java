package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
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
 * the destination's queue (with TLR on: the end of its title's queue, and only copies of the same title will do; a
 * title-level Hold cannot move); an available destination turns it into a Page (FOLIO's move does the same). The source
 * queue is re-numbered and a paged source item no request waits for goes back to the shelf; a Recall moved to a
 * checked-out item recalls that loan. One transaction.
 */
final class RequestMove {
    private final Database db;
    private final RequestService requests;

    RequestMove(Database db, RequestService requests) {
        this.db = db;
        this.requests = requests;
    }

    /** What a move asks, before the destination is read. */
    record Asked(UUID id, RequestView request, String destination, String type, TlrSettings tlr) {
        boolean title() {
            return request.isTitleLevel();
        }
    }

    static List<Refusal> refuseWithoutDestination(Asked a) {
        return RequestChecks.refuseMissingId("destinationItemId", a.destination(), "Destination item ID is required");
    }

    /** Quire's rule: only a request no item serves yet can move (FOLIO's screen offers moving only those). */
    static List<Refusal> refuseUnlessNotYetFilled(Asked a) {
        return Check.when(!a.request().hasStatus(RequestStatus.OPEN_NOT_YET_FILLED), () -> Refusal.of(
                "Only requests with status \"Open - Not yet filled\" can be moved", "requestId", a.id().toString()));
    }

    /** mod-circulation's MoveRequestService: title-level requests move only with the TLR feature on … */
    static List<Refusal> refuseTitleRequestWithoutTlr(Asked a) {
        return Check.when(a.title() && !a.tlr().enabled(), () -> Refusal.of(
                "Can not process TLR - TLR feature is disabled", "requestId", a.id().toString()));
    }

    /** … never from or to a Hold … */
    static List<Refusal> refuseTitleHold(Asked a) {
        return Check.when(a.title() && (a.request().isOfType(RequestType.HOLD) || RequestType.HOLD.is(a.type())),
                () -> Refusal.of("Not allowed to move from/to Hold TLR", "requestId", a.id().toString()));
    }

    /** … and never to the item it is for. */
    static List<Refusal> refuseSameItem(Asked a) {
        if (!a.request().isForItem(a.destination())) return List.of();
        return List.of(a.title()
                ? Refusal.of("Not allowed to move title level page request to the same item",
                        ErrorCode.MOVING_REQUEST_TO_THE_SAME_ITEM, "instanceId", a.request().instanceId())
                : Refusal.of("This requester already has an open request for this item", ErrorCode.ITEM_ALREADY_REQUESTED,
                        "itemId", a.destination()));
    }

    /** FOLIO stops at the first; the TLR settings are read between the two lists. */
    static final List<Check<Asked>> BEFORE_SETTINGS = List.of(
            RequestMove::refuseWithoutDestination,
            RequestMove::refuseUnlessNotYetFilled);
    static final List<Check<Asked>> AFTER_SETTINGS = List.of(
            RequestMove::refuseTitleRequestWithoutTlr,
            RequestMove::refuseTitleHold,
            RequestMove::refuseSameItem);

    /** POST /circulation/requests/{id}/move, in one transaction: the moved request as stored. */
    ObjectNode move(String schema, UUID id, ObjectNode body, UUID staff) {
        return db.tx(c -> move(c, schema, id, body, staff));
    }

    private ObjectNode move(Connection c, String schema, UUID id, ObjectNode body, UUID staff) throws SQLException {
        Instant now = Instant.now();
        ObjectNode request = REQUESTS.getForUpdate(c, schema, id)
                .orElseThrow(() -> new NotFound("Request not found: " + id));
        RequestView stored = RequestView.of(request);
        String destination = Json.text(body, "destinationItemId");
        String type = body.hasNonNull("requestType") ? Json.text(body, "requestType") : stored.type();
        RequestChecks.refuseAtFirst(new Asked(id, stored, destination, type, null), BEFORE_SETTINGS);
        UUID destinationId = UUID.fromString(destination);
        TlrSettings tlr = TlrSettings.read(c, schema);
        RequestChecks.refuseAtFirst(new Asked(id, stored, destination, type, tlr), AFTER_SETTINGS);
        String source = stored.itemId();

        // With TLR on, the title's queue (and instance row) is locked before the item, as request creation does.
        List<ObjectNode> titleQueue = tlr.enabled() && stored.instanceId() != null
                ? RequestQueue.forInstance(c, schema, UUID.fromString(stored.instanceId())) : null;
        ItemView item = InventoryStore.itemByIdForUpdate(c, schema, destinationId).orElseThrow(() -> Refused.because(
                "Item does not exist", ErrorCode.ITEM_DOES_NOT_EXIST, "destinationItemId", destination));
        UUID instanceId = UUID.fromString(Json.text(item.instance(), "id"));
        // With TLR on the request stays in its title's queue, so only another copy of the title will do.
        if (tlr.enabled() && !instanceId.toString().equals(stored.instanceId()))
            throw Refused.because("Request can only be moved to an item with the same instance ID",
                    "itemId", destination);
        if (ItemStatus.AVAILABLE.is(item.status())) type = RequestType.PAGE.folioName();
        UUID requesterId = UUID.fromString(stored.requesterId());
        PatronView requester = UsersStore.patronById(c, schema, requesterId).orElseThrow(() -> Refused.because(
                "A valid user and patron group are required. User is null", "requesterId", requesterId.toString()));
        ObjectNode loan = LoanStore.openLoan(c, schema, destinationId).map(LoanView::json).orElse(null);

        // The destination's queue without the request itself; it joins at the end (of the instance's with TLR on).
        List<ObjectNode> queue = (titleQueue != null ? titleQueue : RequestQueue.forItem(c, schema, destinationId)).stream()
                .filter(r -> !id.toString().equals(RequestView.of(r).id())).toList();

        // Checked as a new item-level request on the destination (titleLevel false: the own-loan rule applies).
        RequestFacts facts = new RequestFacts(type, false, stored.fulfillmentPreference(), request, tlr.enabled(),
                instanceId, destinationId, requester, now, List.of(), null, List.of(), item, loan,
                requests.policies(c, schema, type, requester, item, loan), queue.stream().map(RequestView::of).toList());
        Check.refuseIfAny(facts, RequestChecks.MOVE_CHECKS);

        ObjectNode moved = RequestQueue.withItem(request, item);
        moved.put("requestType", type);
        moved.put("instanceId", instanceId.toString());
        moved.putObject("instance").put("title", item.title());
        // After the last (positions may have a gap where the request was until its old queue is re-numbered).
        moved.put("position", facts.queue().stream().mapToInt(RequestView::position).max().orElse(0) + 1);
        ObjectNode saved = REQUESTS.replace(c, schema, request, moved, staff);

        // The queue it left (with TLR on, the same instance queue: the gap it left closes, it stays last).
        RequestQueue.renumberQueueOf(c, schema, request);
        RequestService.onPlaced(c, schema, type, item, loan, facts.policies(), now, staff);
        if (source != null && stored.isOfType(RequestType.PAGE))
            PagedItems.release(c, schema, UUID.fromString(source), Instant.now(), staff);
        return REQUESTS.get(c, schema, id).orElse(saved);
    }
}
