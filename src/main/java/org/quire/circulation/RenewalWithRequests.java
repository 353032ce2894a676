package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.Period;

import java.util.List;

/**
 * mod-circulation's renewal rules that depend on the item's request queue (RenewalResource): an open Recall blocks the
 * renewal; a Hold first in the queue blocks it unless the policy's {@code holds.renewItemsWithRequest}, and otherwise
 * shortens it to {@code holds.alternateRenewalLoanPeriod} when set. Messages and codes are FOLIO's.
 */
final class RenewalWithRequests {
    private RenewalWithRequests() {
    }

    static void refuseWhenRecalled(List<ObjectNode> queue, CirculationErrors errors) {
        queue.stream().filter(r -> "Recall".equals(Json.text(r, "requestType"))).findFirst().ifPresent(recall ->
                errors.add("items cannot be renewed when there is an active recall request", "RENEWAL_BLOCKED_BY_RECALL",
                        "request id", Json.text(recall, "id")));
    }

    /** The period a renewal with a pending hold uses (null: the normal one); adds FOLIO's refusals to {@code errors}. */
    static Period holdPeriod(List<ObjectNode> queue, LoanPolicy policy, HoldTerms holds, CirculationErrors errors) {
        if (!HoldTerms.firstRequestIsHold(queue)) return null;
        if (!holds.renewItemsWithRequest()) {
            errors.add("Items with this loan policy cannot be renewed when there is an active, pending hold request",
                    "RENEWAL_BLOCKED_BY_HOLD_REQUEST", "loanPolicyName", policy.name());
        }
        if (policy.fixed()) {
            if (holds.alternateRenewalLoanPeriod() != null) errors.add(
                    "Item's loan policy has fixed profile but alternative renewal period for holds is specified",
                    "FIXED_LOAN_POLICY_HAS_ALTERNATE_RENEWAL_PERIOD_FOR_HOLDS", "loanPolicyName", policy.name());
            if (policy.differentRenewalPeriod() && policy.renewalPeriod() != null) errors.add(
                    "Item's loan policy has fixed profile but renewal period is specified",
                    "FIXED_LOAN_POLICY_HAS_RENEWAL_PERIOD", "loanPolicyName", policy.name());
            return null;
        }
        return holds.alternateRenewalLoanPeriod();
    }
}
