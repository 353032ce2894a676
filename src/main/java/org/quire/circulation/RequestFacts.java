package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.domain.Refusal;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Everything placing (or moving) a request is checked against, loaded before any check runs (RequestService.create,
 * RequestMove.move); {@link RequestChecks} reads only this, so each rule is testable without a database.
 *
 * @param type               the request type as it will be placed ("Page", "Hold", "Recall")
 * @param titleLevel         a title-level request being created (its own-loan rule covers every copy instead)
 * @param fulfilment         "Hold Shelf" or "Delivery" (defaulted)
 * @param request            the request as asked (the body of a create; the stored request of a move)
 * @param tlrEnabled         the TLR feature is on (queues are the instance's)
 * @param instanceId         the instance the request is for
 * @param itemId             the item the client named; null for a title-level request
 * @param requester          the requester with their group and manual blocks
 * @param now                the time of the action
 * @param automatedBlocks    the requester's automated blocks on requesting
 * @param pickupServicePoint the pickup service point the request names; null when it names none or none exists
 * @param titleChoice        what choosing a copy for a title-level request refused (TitleLevelRequests)
 * @param item               the item the request is placed on; null for a title Hold no copy fills yet
 * @param loan               the item's open loan, or null
 * @param policies           the policies that apply to the item (all null without an item)
 * @param queue              the queue the request joins, without the request itself
 */
record RequestFacts(String type, boolean titleLevel, String fulfilment, ObjectNode request, boolean tlrEnabled,
                    UUID instanceId, UUID itemId, PatronView requester, Instant now,
                    List<AutomatedBlocks.Block> automatedBlocks, ObjectNode pickupServicePoint,
                    List<Refusal> titleChoice, ItemView item, ObjectNode loan, Policies policies,
                    List<RequestView> queue) {

    RequestFacts {
        automatedBlocks = List.copyOf(automatedBlocks);
        titleChoice = List.copyOf(titleChoice);
        queue = List.copyOf(queue);
    }

    /**
     * The policies read for an item in one statement: its request policy and the requester's notice policy; for a
     * Recall that will shorten a loan, the loan's policy and the borrower's notice policy. Any may be null.
     */
    record Policies(ObjectNode request, ObjectNode notice, ObjectNode loan, ObjectNode loanNotice) {
        static final Policies NONE = new Policies(null, null, null, null);
    }

    /** The pickup service point id the request names, whatever its fulfilment. */
    String pickupServicePointId() {
        return Json.text(request, "pickupServicePointId");
    }

    /** The pickup service point of a Hold Shelf request; null for a Delivery one. */
    String holdShelfPickup() {
        return RequestQueue.HOLD_SHELF.equals(fulfilment) ? pickupServicePointId() : null;
    }

    boolean isHoldShelf() {
        return RequestQueue.HOLD_SHELF.equals(fulfilment);
    }

    boolean isDelivery() {
        return RequestQueue.DELIVERY.equals(fulfilment);
    }
}
