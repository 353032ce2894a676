package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleMatch;
import org.quire.feesfines.OverdueFines;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.Period;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.MultiGet;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Renewal by barcode or id: the loan's current policy (by the circulation rules) decides whether and until when it can
 * be renewed. It loads the facts in FOLIO's stages, runs {@link RenewalChecks} (all refusals of a stage answered
 * together, as FOLIO does), then computes the new due date (or takes the override's) and writes the loan.
 * <p>
 * Round trips: item + its open loan + its request queue, row-locked (1), patron with the group's patron block limits
 * (1), policies (with the notice policy) + service point (1), [schedule (1)], [the check-out service point's calendar
 * (1), only when the loan policy moves due dates off closed days], update loan with its event (1), commit (1) = 5; +1
 * for the patron's loan counts when their group has a limit whose condition blocks renewals; +1 when renewing an
 * overdue loan charges a fine; +1 when the notice policy has renewal or due-date notices (the renewal notice and the
 * rescheduled due-date notices are one statement).
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
    }

    /** @param overrideBlocks FOLIO's {@code overrideBlocks} (see RenewalOverride), or null */
    public record Request(Ref item, Ref user, UUID servicePointId, ObjectNode overrideBlocks, String tenant,
                          String schema, UUID staffUserId) {
    }

    /** The item by barcode or id, with its open loan and request queue, all row-locked (none for a malformed id). */
    private static RequestStore.ItemLoanAndQueue findItem(Connection c, String schema, Ref ref) throws SQLException {
        if (!ref.byId()) return RequestStore.itemLoanAndQueue(c, schema, true, ref.value());
        UUID id = Ids.orNull(ref.value());
        return id == null ? RequestStore.ItemLoanAndQueue.NONE : RequestStore.itemLoanAndQueue(c, schema, false, id);
    }

    private static PatronView findPatron(Connection c, String schema, Ref ref) throws SQLException {
        if (!ref.byId()) return UsersStore.patronByBarcode(c, schema, ref.value()).orElse(null);
        UUID id = Ids.orNull(ref.value());
        return id == null ? null : UsersStore.patronById(c, schema, id).orElse(null);
    }

    public ObjectNode renew(Request req) {
        return db.tx(c -> run(c, req));
    }

    private ObjectNode run(Connection c, Request req) throws SQLException {
        String schema = req.schema();
        Instant now = Instant.now();
        // Checked in FOLIO's stages, each refused on its own: the item and the user, their loan, the override (the
        // loan is read with the item, in the same statement).
        RequestStore.ItemLoanAndQueue read = findItem(c, schema, req.item());
        ItemView item = read.item();
        PatronView patron = findPatron(c, schema, req.user());
        Refused.throwIfAny(RenewalChecks.refuseWhenNotFound(req.item(), item, req.user(), patron));
        RequestStore.LoanAndQueue loanAndQueue = read.loanAndQueue();
        LoanView loan = loanAndQueue.openLoan().orElse(null);
        Refused.throwIfAny(RenewalChecks.refuseWhenNotLoanedToPatron(req.item(), req.user(), loan, patron));
        RenewalOverride override = RenewalOverride.from(req.overrideBlocks());
        Refused.throwIfAny(override.refusals(block -> permissions.has(req.tenant(), req.staffUserId(),
                block.permission())));

        // The facts of the checks; the automated blocks are not read when a patron block override sets them aside.
        List<AutomatedBlocks.Block> automated = override.patronBlock() ? List.of()
                : AutomatedBlocks.forPatron(c, schema, patron, now, AutomatedBlocks.Action.RENEWALS);
        CirculationRules circulationRules = rules.rules(c, schema);
        RuleMatch rule = CirculationContext.match(circulationRules, PolicyType.LOAN, patron, item);
        String noticeId = CirculationContext.match(circulationRules, PolicyType.NOTICE, patron, item).policyId();
        Map<String, ObjectNode> found = LoanRepresentation.addRefs(new MultiGet()
                .add("loan", CirculationTypes.LOAN_POLICIES, Ids.orNull(rule.policyId()))
                .add("notice", CirculationTypes.NOTICE_POLICIES, Ids.orNull(noticeId)), loan.json())
                .fetch(c, schema);
        Refused.throwIfAny(RenewalChecks.refuseWhenLoanPolicyMissing(rule.policyId(), found.get("loan")));
        RenewalFacts facts = new RenewalFacts(req.user(), item, patron, loan, override, automated,
                LoanPolicy.from(found.get("loan")), HoldTerms.from(found.get("loan")),
                loanAndQueue.queue(), now);
        Check.refuseIfAny(facts, RenewalChecks.CHECKS);

        LoanPolicy policy = facts.policy();
        Instant currentDue = facts.currentDueDate();
        Instant newDue = override.renewalBlock() ? overriddenDueDate(c, req, facts)
                : proposedDueDate(c, req, facts).orRefuse();
        Refused.throwIfAny(RenewalChecks.refuseWhenDueDateUnchanged(policy, currentDue, newDue));

        ObjectNode renewed = loan.json().deepCopy();
        renewed.put("dueDate", Json.date(newDue));
        renewed.put("renewalCount", facts.renewalCount() + 1);
        renewed.put("action", (override.any() ? LoanAction.RENEWED_THROUGH_OVERRIDE : LoanAction.RENEWED).value());
        if (override.any()) renewed.put("actionComment", override.comment());
        renewed.put("loanPolicyId", policy.id());
        ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, loan.json(), renewed, req.staffUserId());
        chargeOverdueFine(c, schema, loan, item, found, req, now);
        PatronNotices.dueDateChanged(c, schema, found.get("notice"), saved, PatronNotices.RENEWED, req.staffUserId());
        ObjectNode answer = LoanRepresentation.extend(saved, item, patron, LoanRepresentation.byId(found.values()));
        // mod-circulation answers with the loan it holds in memory (storage's PUT answers 204), the new due date in
        // its own form (DateFormatUtil.formatDateTime: "…Z"); storage (and so GET) has it as "…+00:00".
        answer.put("dueDate", Json.dateZ(newDue));
        return answer;
    }

    /** The policy's new due date, or the refusal saying why it cannot give one. */
    private record Proposed(Instant due, Refusal refusal) {
        Instant orRefuse() {
            if (refusal != null) throw new Refused(refusal);
            return due;
        }
    }

    /**
     * The policy's new due date (fixed schedule or period, then closed-library handling); refused when the schedule
     * does not cover the renewal or the service point has no open time near the date.
     */
    private static Proposed proposedDueDate(Connection c, Request req, RenewalFacts f) throws SQLException {
        LoanPolicy policy = f.policy();
        // As mod-circulation: the alternate renewal schedule applies only with "different period" set (for a Fixed
        // policy it is the renewal's schedule, for a Rolling one its due-date limit).
        String scheduleId = policy.differentRenewalPeriod() && policy.alternateFixedDueDateScheduleId() != null
                ? policy.alternateFixedDueDateScheduleId() : policy.fixedDueDateScheduleId();
        Optional<Instant> due = DueDates.forRenewal(policy, f.currentDueDate(), f.now(),
                LoanStore.fixedDueDateSchedule(c, req.schema(), scheduleId), RenewalWithRequests.holdPeriod(f.queue(), policy, f.holds()));
        if (due.isEmpty()) return new Proposed(null, DueDates.renewalOutsideOfRange(policy));
        // As mod-circulation: the loan's check-out service point's hours decide, not the renewing desk's.
        UUID servicePoint = f.loan().checkoutServicePointId();
        return ClosedLibraryDueDates.tryApply(c, req.schema(), policy,
                        servicePoint == null ? req.servicePointId() : servicePoint, f.now(), due.get())
                .map(d -> new Proposed(d, null))
                .orElseGet(() -> new Proposed(null, ClosedLibraryDueDates.timetableAbsent()));
    }

    /**
     * mod-circulation's override renewal: a policy that cannot give a date (not loanable, not renewable, outside its
     * schedule, no open day) takes the override's due date; otherwise the policy's date when it moves the loan on,
     * else the override's. Only FOLIO's overridable cases pass: the renewal limit, a recall, a date that would not
     * change.
     */
    private static Instant overriddenDueDate(Connection c, Request req, RenewalFacts f) throws SQLException {
        LoanPolicy policy = f.policy();
        RenewalOverride override = f.override();
        if (!policy.loanable() || !policy.renewable()) return overrideDate(override, RenewalOverride.dueDateRequired());
        Proposed proposed = proposedDueDate(c, req, f);
        if (proposed.refusal() != null) return overrideDate(override, RenewalOverride.dueDateRequired());
        if (proposed.due().isAfter(f.currentDueDate())) {
            Refused.throwIfAny(override.refuseWhenNotAnOverrideCase(Check.all(f, RenewalChecks.POLICY_CHECKS), policy));
            return proposed.due();
        }
        return overrideDate(override, RenewalOverride.newDueDateRequired());
    }

    /** The override's due date, or {@code refusal} when it names none. */
    private static Instant overrideDate(RenewalOverride override, Refusal refusal) {
        if (override.dueDate() == null) throw new Refused(refusal);
        return override.dueDate();
    }

    /**
     * Renewing an overdue loan charges the fine for the time it was overdue, as mod-circulation does, unless the
     * overdue fine policy forgives it ({@code forgiveOverdueFine} true; absent, it does not, as in mod-circulation).
     * The policy came with the policies lookup; a fine due costs one statement.
     */
    private static void chargeOverdueFine(Connection c, String schema, LoanView loanBefore, ItemView item,
                                          Map<String, ObjectNode> found, Request req, Instant now) throws SQLException {
        Map<UUID, ObjectNode> policies = LoanRepresentation.byId(found.values());
        ObjectNode finePolicy = policies.get(loanBefore.overdueFinePolicyId());
        if (finePolicy == null || finePolicy.path("forgiveOverdueFine").asBoolean(false)) return;
        OverdueFines.charge(c, schema, loanBefore.json(), now, item, finePolicy,
                policies.get(loanBefore.loanPolicyId()), req.servicePointId(), req.staffUserId());
    }
}
