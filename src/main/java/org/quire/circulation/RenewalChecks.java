package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemView;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.quire.circulation.OverrideBlock.PATRON_BLOCK;
import static org.quire.circulation.OverrideBlock.RENEWAL_BLOCK;

/**
 * The rules of a renewal, in mod-circulation's order (RenewByBarcodeResource / RenewalValidator), each a pure function
 * of what the renewal loaded. FOLIO stops early when the item, the user or their loan is missing, when the override
 * is not allowed, and when the rules name a loan policy that does not exist: those stages are the first functions
 * here, each refused on its own. The rest ({@link #CHECKS}) are answered together; an override sets aside the ones
 * its block covers.
 */
final class RenewalChecks {
    private RenewalChecks() {
    }

    /** The item and the user named by the request: both refusals together, as FOLIO answers them. */
    static List<Refusal> refuseWhenNotFound(Renewal.Ref itemRef, ItemView item, Renewal.Ref userRef, PatronView patron) {
        List<Refusal> found = new ArrayList<>();
        if (item == null) found.add(Refusal.of("No item with " + itemRef.described() + " exists",
                itemRef.byId() ? ErrorCode.ITEM_NOT_FOUND : ErrorCode.ITEM_BARCODE_NOT_FOUND, itemRef.field(), itemRef.value()));
        if (patron == null) found.add(Refusal.of("Could not find user with matching " + (userRef.byId() ? "ID" : "barcode"),
                userRef.byId() ? ErrorCode.USER_NOT_FOUND : ErrorCode.USER_BARCODE_NOT_FOUND, userRef.field(), userRef.value()));
        return found;
    }

    /** The item's open loan ({@code loan}, null when none) must be the patron's. */
    static List<Refusal> refuseWhenNotLoanedToPatron(Renewal.Ref itemRef, Renewal.Ref userRef, LoanView loan,
                                                     PatronView patron) {
        if (loan == null) return List.of(Refusal.of("No open loan for item with " + itemRef.described(),
                ErrorCode.LOAN_NOT_FOUND, itemRef.field(), itemRef.value()));
        return Check.when(!loan.isBorrowedBy(patron.id()), () -> Refusal.of(
                "Cannot renew item checked out to different user", ErrorCode.RENEWAL_ITEM_CHECKED_OUT_TO_DIFFERENT_USER,
                userRef.field(), userRef.value()));
    }

    /** The loan policy the rules name ({@code policyId}) must exist ({@code policy}: its JSON, null when not found). */
    static List<Refusal> refuseWhenLoanPolicyMissing(String policyId, ObjectNode policy) {
        return Check.when(policy == null, () -> Refusal.of("Loan policy " + policyId
                + " could not be found, please check circulation rules", ErrorCode.LOAN_POLICY_NOT_FOUND, "loanPolicyId", policyId));
    }

    /** The loan policy's refusals: what a renewal block override sets aside. */
    static final List<Check<RenewalFacts>> POLICY_CHECKS = List.of(
            RenewalChecks::refuseWhenRecalled,
            RenewalChecks::refuseWhenPolicyForbidsRenewal,
            RenewalChecks::refuseWhenHoldRequested);

    /** FOLIO's order; all refusals are answered together. */
    static final List<Check<RenewalFacts>> CHECKS = List.of(
            RenewalChecks::refuseWhenPatronInactive,
            unlessOverridden(PATRON_BLOCK, RenewalChecks::refuseWhenPatronBlockedManually),
            unlessOverridden(PATRON_BLOCK, RenewalChecks::refuseWhenPatronBlockedAutomatically),
            RenewalChecks::refuseWhenItemLost,
            unlessOverridden(RENEWAL_BLOCK, RenewalChecks::refuseWhenRecalled),
            unlessOverridden(RENEWAL_BLOCK, RenewalChecks::refuseWhenPolicyForbidsRenewal),
            unlessOverridden(RENEWAL_BLOCK, RenewalChecks::refuseWhenHoldRequested));

    /** The check, unless the renewal's override sets aside what {@code block} covers. */
    static Check<RenewalFacts> unlessOverridden(OverrideBlock block, Check<RenewalFacts> check) {
        return f -> f.override().setsAside(block) ? List.of() : check.refusals(f);
    }

    /** An inactive or expired patron, or one whose record does not say, cannot renew. */
    static List<Refusal> refuseWhenPatronInactive(RenewalFacts f) {
        return Check.when(!Boolean.TRUE.equals(f.patron().active(f.now())), () -> Refusal.of(
                "Cannot renew loan when user is inactive or expired", ErrorCode.USER_IS_INACTIVE, f.user().field(),
                f.user().value()));
    }

    static List<Refusal> refuseWhenPatronBlockedManually(RenewalFacts f) {
        return Check.when(f.patron().blockedFor("renewals", f.now()), () -> Refusal.of("Patron blocked from renewing",
                ErrorCode.USER_IS_BLOCKED_MANUALLY, f.user().field(), f.user().value()));
    }

    /** One refusal per automated block (a patron block limit reached) that blocks renewals. */
    static List<Refusal> refuseWhenPatronBlockedAutomatically(RenewalFacts f) {
        return f.automatedBlocks().stream()
                .map(b -> Refusal.of(b.message(), ErrorCode.USER_IS_BLOCKED_AUTOMATICALLY, null, null)).toList();
    }

    /** Quire does not override the renewal of a lost item (FOLIO would also check it out again). */
    static List<Refusal> refuseWhenItemLost(RenewalFacts f) {
        String status = f.item().status();
        return Check.when(LostAndPaid.isLost(status), () -> Refusal.of("item is " + status, "itemId",
                f.item().id().toString()));
    }

    static List<Refusal> refuseWhenRecalled(RenewalFacts f) {
        return RenewalWithRequests.refuseWhenRecalled(f.queue());
    }

    /** Not loanable, else not renewable, else at its renewal limit: the first that holds. */
    static List<Refusal> refuseWhenPolicyForbidsRenewal(RenewalFacts f) {
        LoanPolicy p = f.policy();
        if (!p.loanable()) return List.of(Refusal.of("item is not loanable", ErrorCode.ITEM_NOT_LOANABLE, "loanPolicyName", p.name()));
        if (!p.renewable()) return List.of(Refusal.of("loan is not renewable", ErrorCode.LOAN_NOT_RENEWABLE, "loanPolicyName",
                p.name()));
        return Check.when(f.renewalLimitReached(), () -> Refusal.of("loan at maximum renewal number",
                ErrorCode.LOAN_RENEWAL_LIMIT_REACHED, "loanPolicyName", p.name()));
    }

    /** A Hold first in the queue, for a policy that lends and renews at all. */
    static List<Refusal> refuseWhenHoldRequested(RenewalFacts f) {
        LoanPolicy p = f.policy();
        if (!p.loanable() || !p.renewable()) return List.of();
        return RenewalWithRequests.refuseWhenHoldRequested(f.queue(), p, f.holds());
    }

    /** Checked last, on the date the renewal would give. */
    static List<Refusal> refuseWhenDueDateUnchanged(LoanPolicy p, Instant currentDue, Instant newDue) {
        return Check.when(!newDue.isAfter(currentDue), () -> Refusal.of("renewal would not change the due date",
                ErrorCode.RENEWAL_WOULD_NOT_CHANGE_DUE_DATE, "loanPolicyName", p.name()));
    }
}
