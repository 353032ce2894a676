package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.Api;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A loan policy as /loan-policy-storage/loan-policies takes it (FOLIO's loan-policy.json), built in a line instead of
 * nested {@code Json.object()} calls, as mod-circulation's own tests use their LoanPolicyBuilder. Starts loanable and
 * renewable (unlimited renewals) with a rolling three-week period.
 */
final class LoanPolicyBuilder {
    private final ObjectNode policy = Json.object();

    private LoanPolicyBuilder(String name) {
        policy.put("id", UUID.randomUUID().toString()).put("name", name).put("loanable", true).put("renewable", true);
        rolling(3, "Weeks");
        renewals().put("unlimited", true).put("renewFromId", "CURRENT_DUE_DATE");
    }

    static LoanPolicyBuilder named(String name) {
        return new LoanPolicyBuilder(name);
    }

    private ObjectNode loans() {
        return policy.with("loansPolicy");
    }

    private ObjectNode renewals() {
        return policy.with("renewalsPolicy");
    }

    private ObjectNode holds() {
        return policy.with("requestManagement").with("holds");
    }

    private static ObjectNode period(int duration, String interval) {
        return Json.object().put("duration", duration).put("intervalId", interval);
    }

    /** Loans for {@code duration} {@code interval}s ("Minutes", "Hours", "Days", "Weeks", "Months"). */
    LoanPolicyBuilder rolling(int duration, String interval) {
        loans().put("profileId", "Rolling").set("period", period(duration, interval));
        loans().remove("fixedDueDateScheduleId");
        return this;
    }

    /** Loans due on the dates of this fixed due date schedule. */
    LoanPolicyBuilder fixed(String scheduleId) {
        loans().put("profileId", "Fixed").put("fixedDueDateScheduleId", scheduleId);
        loans().remove("period");
        return this;
    }

    /** Not loanable: FOLIO's policy then has no loansPolicy nor renewalsPolicy. */
    LoanPolicyBuilder notLoanable() {
        policy.put("loanable", false).put("renewable", false);
        policy.remove("loansPolicy");
        policy.remove("renewalsPolicy");
        return this;
    }

    LoanPolicyBuilder notRenewable() {
        policy.put("renewable", false);
        policy.remove("renewalsPolicy");
        return this;
    }

    /** At most {@code n} renewals. */
    LoanPolicyBuilder renewalsAllowed(int n) {
        renewals().put("unlimited", false).put("numberAllowed", n);
        return this;
    }

    /** Renewals run from the renewal date instead of the current due date. */
    LoanPolicyBuilder renewFromSystemDate() {
        renewals().put("renewFromId", "SYSTEM_DATE");
        return this;
    }

    /** A renewal period different from the loan period. */
    LoanPolicyBuilder renewalPeriod(int duration, String interval) {
        renewals().put("differentPeriod", true).set("period", period(duration, interval));
        return this;
    }

    /** FOLIO's item limit: the borrower's open loans that the matching rule counts. */
    LoanPolicyBuilder itemLimit(int limit) {
        loans().put("itemLimit", limit);
        return this;
    }

    /** Whether an item with a pending hold may be renewed. */
    LoanPolicyBuilder renewItemsWithHolds(boolean allowed) {
        holds().put("renewItemsWithRequest", allowed);
        return this;
    }

    /** The renewal period when the item has a pending hold. */
    LoanPolicyBuilder alternateRenewalPeriodForHolds(int duration, String interval) {
        holds().put("renewItemsWithRequest", true).set("alternateRenewalLoanPeriod", period(duration, interval));
        return this;
    }

    ObjectNode json() {
        return policy.deepCopy();
    }

    /** Stores the policy and answers its id. */
    String create(Api.Session s) {
        Api.Reply r = s.post("/loan-policy-storage/loan-policies", policy);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }
}
