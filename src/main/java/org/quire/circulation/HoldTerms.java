package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.Period;

import java.util.List;
import java.util.UUID;

/**
 * A loan policy's {@code requestManagement.holds}: whether a loan may be renewed while a hold waits for the item, and
 * the shorter periods FOLIO uses then. Read from the policy's JSON, like mod-circulation's LoanPolicy.
 */
record HoldTerms(Period alternateCheckoutLoanPeriod, boolean renewItemsWithRequest, Period alternateRenewalLoanPeriod) {

    static HoldTerms from(ObjectNode loanPolicy) {
        JsonNode holds = loanPolicy == null ? null : loanPolicy.path("requestManagement").path("holds");
        if (holds == null || !holds.isObject()) return new HoldTerms(null, false, null);
        // FOLIO: renewItemsWithRequest absent means false — a pending hold blocks renewal.
        return new HoldTerms(Period.from(holds.get("alternateCheckoutLoanPeriod")),
                holds.path("renewItemsWithRequest").asBoolean(false), Period.from(holds.get("alternateRenewalLoanPeriod")));
    }

    /**
     * mod-circulation's LoanPolicy.isAlternatePeriod: a check-out gets the alternate period when another patron's
     * Hold on the item is still "Open - Not yet filled"; null when the normal period applies.
     */
    Period checkOutPeriod(List<ObjectNode> queue, UUID borrowerId) {
        if (alternateCheckoutLoanPeriod == null) return null;
        boolean pendingHold = queue.stream().anyMatch(r -> RequestType.HOLD.is(Json.text(r, "requestType"))
                && RequestStatus.OPEN_NOT_YET_FILLED.is(Json.text(r, "status"))
                && !borrowerId.toString().equals(Json.text(r, "requesterId")));
        return pendingHold ? alternateCheckoutLoanPeriod : null;
    }

    /** As mod-circulation: a renewal is "with a hold request" when the first request of the item's queue is a Hold. */
    static boolean firstRequestIsHold(List<ObjectNode> queue) {
        return !queue.isEmpty() && RequestType.HOLD.is(Json.text(queue.getFirst(), "requestType"));
    }
}
