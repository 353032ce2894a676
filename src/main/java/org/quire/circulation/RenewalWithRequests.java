package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.Period;
import org.quire.platform.domain.Refusal;

import java.util.ArrayList;
import java.util.List;

/**
 * mod-circulation's renewal rules that depend on the item's request queue (RenewalResource): an open Recall blocks the
 * renewal; a Hold first in the queue blocks it unless the policy's {@code holds.renewItemsWithRequest}, and otherwise
 * shortens it to {@code holds.alternateRenewalLoanPeriod} when set. Pure; messages and codes are FOLIO's.
 */
final class RenewalWithRequests {
    private RenewalWithRequests() {
    }

    static List<Refusal> refuseWhenRecalled(List<ObjectNode> queue) {
        return queue.stream().filter(r -> RequestType.RECALL.is(Json.text(r, "requestType"))).findFirst()
                .map(recall -> List.of(Refusal.of("items cannot be renewed when there is an active recall request",
                        ErrorCode.RENEWAL_BLOCKED_BY_RECALL, "request id", Json.text(recall, "id"))))
                .orElse(List.of());
    }

    /** FOLIO's refusals of a renewal while a Hold is first in the queue (none when it is not). */
    static List<Refusal> refuseWhenHoldRequested(List<ObjectNode> queue, LoanPolicy policy, HoldTerms holds) {
        if (!HoldTerms.firstRequestIsHold(queue)) return List.of();
        List<Refusal> found = new ArrayList<>();
        if (!holds.renewItemsWithRequest()) {
            found.add(Refusal.of("Items with this loan policy cannot be renewed when there is an active, pending hold "
                    + "request", ErrorCode.RENEWAL_BLOCKED_BY_HOLD_REQUEST, "loanPolicyName", policy.name()));
        }
        if (policy.fixed()) {
            if (holds.alternateRenewalLoanPeriod() != null) found.add(Refusal.of(
                    "Item's loan policy has fixed profile but alternative renewal period for holds is specified",
                    ErrorCode.FIXED_LOAN_POLICY_HAS_ALTERNATE_RENEWAL_PERIOD_FOR_HOLDS, "loanPolicyName", policy.name()));
            if (policy.differentRenewalPeriod() && policy.renewalPeriod() != null) found.add(Refusal.of(
                    "Item's loan policy has fixed profile but renewal period is specified",
                    ErrorCode.FIXED_LOAN_POLICY_HAS_RENEWAL_PERIOD, "loanPolicyName", policy.name()));
        }
        return found;
    }

    /** The period a renewal with a pending hold uses; null: the normal one (a Fixed policy's never changes). */
    static Period holdPeriod(List<ObjectNode> queue, LoanPolicy policy, HoldTerms holds) {
        if (!HoldTerms.firstRequestIsHold(queue) || policy.fixed()) return null;
        return holds.alternateRenewalLoanPeriod();
    }
}
