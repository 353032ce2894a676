package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleMatch;
import org.quire.feesfines.OverdueFines;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Json;
import org.quire.platform.Period;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.MultiGet;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Renewal by barcode: the loan's current policy (by the circulation rules) decides whether and until when it can be
 * renewed. All renewal errors are collected and returned together, as FOLIO does.
 * <p>
 * Round trips: item (1), patron with the group's patron block limits (1), open loan (1), policies (with the notice
 * policy) + service point (1), the item's request queue, row-locked (1), [schedule (1)], [the check-out service
 * point's calendar (1), only when the loan policy moves due dates off closed days], update loan with its event (1),
 * commit (1) = 7; +1 for the patron's loan counts when their group has a limit whose condition blocks renewals; +1
 * when renewing an overdue loan charges a fine; +1 when the notice policy has renewal or due-date notices (the
 * renewal notice and the rescheduled due-date notices are one statement).
 */
public final class Renewal {
    private final Database db;
    private final CirculationRulesStore rules;
    private final PermissionCache permissions;

    public Renewal(Database db, CirculationRulesStore rules, PermissionCache permissions) {
        this.db = db;
        this.rules = rules;
        this.permissions = permissions;
    }

    /**
     * How a renewal names the item or the patron: by barcode (renew-by-barcode) or by id (renew-by-id); {@code field}
     * is the request's property, named in error parameters as FOLIO does.
     */
    public record Ref(String field, String value) {
        boolean byId() {
            return field.endsWith("Id");
        }

        /** "barcode 123" or "ID 1b3…", as FOLIO's messages name them. */
        String described() {
            return (byId() ? "ID " : "barcode ") + value;
        }

        UUID uuid() {
            try {
                return UUID.fromString(value);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
    }

    /** @param overrideBlocks FOLIO's {@code overrideBlocks} (see RenewalOverride), or null */
    public record Request(Ref item, Ref user, UUID servicePointId, ObjectNode overrideBlocks, String tenant,
                          String schema, UUID staffUserId) {
    }

    private static ItemView findItem(Connection c, String schema, Ref ref) throws SQLException {
        if (!ref.byId()) return ItemView.byBarcodeForUpdate(c, schema, ref.value()).orElse(null);
        UUID id = ref.uuid();
        return id == null ? null : ItemView.byIdForUpdate(c, schema, id).orElse(null);
    }

    private static PatronView findPatron(Connection c, String schema, Ref ref) throws SQLException {
        if (!ref.byId()) return PatronView.byBarcode(c, schema, ref.value()).orElse(null);
        UUID id = ref.uuid();
        return id == null ? null : PatronView.byId(c, schema, id).orElse(null);
    }

    public ObjectNode renew(Request req) {
        return db.tx(c -> run(c, req));
    }

    private ObjectNode run(Connection c, Request req) throws SQLException {
        String schema = req.schema();
        Instant now = Instant.now();
        CirculationErrors errors = new CirculationErrors();
        Ref itemRef = req.item(), userRef = req.user();
        ItemView item = findItem(c, schema, itemRef);
        if (item == null) errors.add("No item with " + itemRef.described() + " exists",
                itemRef.byId() ? "ITEM_NOT_FOUND" : "ITEM_BARCODE_NOT_FOUND", itemRef.field(), itemRef.value());
        PatronView patron = findPatron(c, schema, userRef);
        if (patron == null) errors.add("Could not find user with matching " + (userRef.byId() ? "ID" : "barcode"),
                userRef.byId() ? "USER_NOT_FOUND" : "USER_BARCODE_NOT_FOUND", userRef.field(), userRef.value());
        errors.throwIfAny();
        ObjectNode loan = CirculationContext.openLoan(c, schema, item.id()).orElseThrow(() -> ApiException.unprocessable(
                "No open loan for item with " + itemRef.described(), "LOAN_NOT_FOUND", itemRef.field(), itemRef.value()));
        if (!patron.id().toString().equals(Json.text(loan, "userId"))) {
            throw ApiException.unprocessable("Cannot renew item checked out to different user",
                    "RENEWAL_ITEM_CHECKED_OUT_TO_DIFFERENT_USER", userRef.field(), userRef.value());
        }
        RenewalOverride override = RenewalOverride.from(req.overrideBlocks());
        override.check(permissions, req.tenant(), req.staffUserId());
        if (!Boolean.TRUE.equals(patron.active(now))) errors.add("Cannot renew loan when user is inactive or expired",
                "USER_IS_INACTIVE", userRef.field(), userRef.value());
        if (!override.patronBlock()) {
            if (patron.blockedFor("renewals", now)) errors.add("Patron blocked from renewing", "USER_IS_BLOCKED_MANUALLY",
                    userRef.field(), userRef.value());
            for (AutomatedBlocks.Block b : AutomatedBlocks.forPatron(c, schema, patron, now, AutomatedBlocks.Action.RENEWALS))
                errors.add(b.message(), "USER_IS_BLOCKED_AUTOMATICALLY", null, null);
        }

        CirculationRules circulationRules = rules.rules(c, schema);
        RuleMatch rule = CirculationContext.match(circulationRules, PolicyType.LOAN, patron, item);
        String noticeId = CirculationContext.match(circulationRules, PolicyType.NOTICE, patron, item).policyId();
        Map<String, ObjectNode> found = LoanRepresentation.addRefs(new MultiGet()
                .add("loan", CirculationTypes.LOAN_POLICIES, CirculationContext.uuidOrNull(rule.policyId()))
                .add("notice", CirculationTypes.NOTICE_POLICIES, CirculationContext.uuidOrNull(noticeId)), loan)
                .fetch(c, schema);
        if (!found.containsKey("loan")) throw ApiException.unprocessable("Loan policy " + rule.policyId()
                + " could not be found, please check circulation rules", "LOAN_POLICY_NOT_FOUND", "loanPolicyId", rule.policyId());
        LoanPolicy policy = LoanPolicy.from(found.get("loan"));
        int renewals = loan.path("renewalCount").asInt(0);
        List<ObjectNode> queue = RequestQueue.forItem(c, schema, item.id());
        // The loan policy's refusals are collected apart: a renewal block override sets them aside.
        CirculationErrors policyErrors = new CirculationErrors();
        RenewalWithRequests.refuseWhenRecalled(queue, policyErrors);
        boolean recalled = policyErrors.any();
        boolean limitReached = policy.loanable() && policy.renewable() && !policy.unlimitedRenewals()
                && renewals >= policy.renewalsAllowed();
        if (!policy.loanable()) policyErrors.add("item is not loanable", "ITEM_NOT_LOANABLE", "loanPolicyName", policy.name());
        else if (!policy.renewable()) policyErrors.add("loan is not renewable", "LOAN_NOT_RENEWABLE", "loanPolicyName", policy.name());
        else if (limitReached)
            policyErrors.add("loan at maximum renewal number", "LOAN_RENEWAL_LIMIT_REACHED", "loanPolicyName", policy.name());
        // Quire does not override the renewal of a lost item (FOLIO would also check it out again).
        if (LostAndPaid.isLost(item.status())) errors.add("item is " + item.status(), null, "itemId", item.id().toString());
        Period holdPeriod = policy.loanable() && policy.renewable()
                ? RenewalWithRequests.holdPeriod(queue, policy, HoldTerms.from(found.get("loan")), policyErrors) : null;
        if (!override.renewalBlock()) policyErrors.addTo(errors);
        errors.throwIfAny();

        Instant currentDue = Json.parseInstant(Json.text(loan, "dueDate"));
        // As mod-circulation: the alternate renewal schedule applies only with "different period" set (for a Fixed
        // policy it is the renewal's schedule, for a Rolling one its due-date limit).
        String scheduleId = policy.differentRenewalPeriod() && policy.alternateFixedDueDateScheduleId() != null
                ? policy.alternateFixedDueDateScheduleId() : policy.fixedDueDateScheduleId();
        Instant newDue;
        if (override.renewalBlock()) {
            newDue = overriddenDueDate(c, schema, req, override, policy, loan, scheduleId, holdPeriod, currentDue, now,
                    recalled || limitReached);
        } else {
            newDue = proposedDueDate(c, schema, req, policy, loan, scheduleId, holdPeriod, currentDue, now);
        }
        if (!newDue.isAfter(currentDue)) throw ApiException.unprocessable("renewal would not change the due date",
                "RENEWAL_WOULD_NOT_CHANGE_DUE_DATE", "loanPolicyName", policy.name());

        ObjectNode renewed = loan.deepCopy();
        renewed.put("dueDate", Json.date(newDue));
        renewed.put("renewalCount", renewals + 1);
        renewed.put("action", override.any() ? "renewedThroughOverride" : "renewed");
        if (override.any()) renewed.put("actionComment", override.comment());
        renewed.put("loanPolicyId", policy.id());
        ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, loan, renewed, req.staffUserId());
        chargeOverdueFine(c, schema, loan, item, found, req, now);
        PatronNotices.dueDateChanged(c, schema, found.get("notice"), saved, PatronNotices.RENEWED, req.staffUserId());
        ObjectNode answer = LoanRepresentation.extend(saved, item, patron, LoanRepresentation.byId(found.values()));
        // mod-circulation answers with the loan it holds in memory (storage's PUT answers 204), the new due date in
        // its own form (DateFormatUtil.formatDateTime: "…Z"); storage (and so GET) has it as "…+00:00".
        answer.put("dueDate", Json.dateZ(newDue));
        return answer;
    }

    /** The policy's new due date (fixed schedule or period, then closed-library handling). */
    private static Instant proposedDueDate(Connection c, String schema, Request req, LoanPolicy policy, ObjectNode loan,
                                           String scheduleId, Period holdPeriod, Instant currentDue, Instant now)
            throws SQLException {
        Instant due = DueDates.forRenewal(policy, currentDue, now, CheckOut.schedule(c, schema, scheduleId), holdPeriod);
        // As mod-circulation: the loan's check-out service point's hours decide, not the renewing desk's.
        UUID servicePoint = CirculationContext.uuidOrNull(Json.text(loan, "checkoutServicePointId"));
        return ClosedLibraryDueDates.apply(c, schema, policy, servicePoint == null ? req.servicePointId() : servicePoint,
                now, due);
    }

    /**
     * mod-circulation's override renewal: a policy that cannot give a date (not loanable, not renewable, outside its
     * schedule) takes the override's due date; otherwise the policy's date when it moves the loan on, else the
     * override's. Only FOLIO's overridable cases pass: the renewal limit, a recall, a date that would not change.
     */
    private static Instant overriddenDueDate(Connection c, String schema, Request req, RenewalOverride override,
                                             LoanPolicy policy, ObjectNode loan, String scheduleId, Period holdPeriod,
                                             Instant currentDue, Instant now, boolean blocked) throws SQLException {
        if (!policy.loanable() || !policy.renewable()) {
            if (override.dueDate() == null) throw RenewalOverride.dueDateRequired();
            return override.dueDate();
        }
        Instant proposed;
        try {
            proposed = proposedDueDate(c, schema, req, policy, loan, scheduleId, holdPeriod, currentDue, now);
        } catch (ApiException e) {
            if (override.dueDate() == null) throw RenewalOverride.dueDateRequired();
            return override.dueDate();
        }
        if (proposed.isAfter(currentDue)) {
            if (!blocked) throw RenewalOverride.notMatchingOverrideCases(policy);
            return proposed;
        }
        if (override.dueDate() == null) throw RenewalOverride.newDueDateRequired();
        return override.dueDate();
    }

    /**
     * Renewing an overdue loan charges the fine for the time it was overdue, as mod-circulation does, unless the
     * overdue fine policy forgives it ({@code forgiveOverdueFine} true; absent, it does not, as in mod-circulation).
     * The policy came with the policies lookup; a fine due costs one statement.
     */
    private static void chargeOverdueFine(Connection c, String schema, ObjectNode loanBefore, ItemView item,
                                          Map<String, ObjectNode> found, Request req, Instant now) throws SQLException {
        Map<UUID, ObjectNode> policies = LoanRepresentation.byId(found.values());
        ObjectNode finePolicy = policies.get(LoanRepresentation.uuid(loanBefore, "overdueFinePolicyId"));
        if (finePolicy == null || finePolicy.path("forgiveOverdueFine").asBoolean(false)) return;
        OverdueFines.charge(c, schema, loanBefore, now, item, finePolicy,
                policies.get(LoanRepresentation.uuid(loanBefore, "loanPolicyId")), req.servicePointId(), req.staffUserId());
    }
}
