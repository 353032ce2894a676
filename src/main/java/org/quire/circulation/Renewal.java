package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleMatch;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.MultiGet;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Renewal by barcode: the loan's current policy (by the circulation rules) decides whether and until when it can be
 * renewed. All renewal errors are collected and returned together, as FOLIO does.
 * <p>
 * Round trips: item (1), patron with the group's patron block limits (1), open loan (1), policies + service point
 * (1), [schedule (1)], [the check-out service point's calendar (1), only when the loan policy moves due dates off
 * closed days], update loan with its event (1), commit (1) = 6; +1 for the patron's loan counts when their group has
 * a limit whose condition blocks renewals.
 */
public final class Renewal {
    private final Database db;
    private final CirculationRulesStore rules;

    public Renewal(Database db, CirculationRulesStore rules) {
        this.db = db;
        this.rules = rules;
    }

    public record Request(String itemBarcode, String userBarcode, UUID servicePointId, String schema, UUID staffUserId) {
    }

    public ObjectNode renew(Request req) {
        return db.tx(c -> run(c, req));
    }

    private ObjectNode run(Connection c, Request req) throws SQLException {
        String schema = req.schema();
        Instant now = Instant.now();
        CirculationErrors errors = new CirculationErrors();
        ItemView item = ItemView.byBarcodeForUpdate(c, schema, req.itemBarcode()).orElse(null);
        if (item == null) errors.add("No item with barcode " + req.itemBarcode() + " exists", "ITEM_BARCODE_NOT_FOUND",
                "itemBarcode", req.itemBarcode());
        PatronView patron = PatronView.byBarcode(c, schema, req.userBarcode()).orElse(null);
        if (patron == null) errors.add("Could not find user with matching barcode", "USER_BARCODE_NOT_FOUND",
                "userBarcode", req.userBarcode());
        errors.throwIfAny();
        ObjectNode loan = CirculationContext.openLoan(c, schema, item.id()).orElseThrow(() -> ApiException.unprocessable(
                "No open loan for item with barcode " + req.itemBarcode(), "LOAN_NOT_FOUND", "itemBarcode", req.itemBarcode()));
        if (!patron.id().toString().equals(Json.text(loan, "userId"))) {
            throw ApiException.unprocessable("Cannot renew item checked out to different user",
                    "RENEWAL_ITEM_CHECKED_OUT_TO_DIFFERENT_USER", "userBarcode", req.userBarcode());
        }
        if (!Boolean.TRUE.equals(patron.active(now))) errors.add("Cannot renew loan when user is inactive or expired",
                "USER_IS_INACTIVE", "userBarcode", req.userBarcode());
        if (patron.blockedFor("renewals", now)) errors.add("Patron blocked from renewing", "USER_IS_BLOCKED_MANUALLY",
                "userBarcode", req.userBarcode());
        for (AutomatedBlocks.Block b : AutomatedBlocks.forPatron(c, schema, patron, now, AutomatedBlocks.Action.RENEWALS))
            errors.add(b.message(), "USER_IS_BLOCKED_AUTOMATICALLY", null, null);

        RuleMatch rule = CirculationContext.match(rules.rules(c, schema), PolicyType.LOAN, patron, item);
        Map<String, ObjectNode> found = LoanRepresentation.addRefs(new MultiGet()
                .add("loan", CirculationTypes.LOAN_POLICIES, CirculationContext.uuidOrNull(rule.policyId())), loan)
                .fetch(c, schema);
        if (!found.containsKey("loan")) throw ApiException.unprocessable("Loan policy " + rule.policyId()
                + " could not be found, please check circulation rules", "LOAN_POLICY_NOT_FOUND", "loanPolicyId", rule.policyId());
        LoanPolicy policy = LoanPolicy.from(found.get("loan"));
        int renewals = loan.path("renewalCount").asInt(0);
        if (!policy.loanable()) errors.add("item is not loanable", "ITEM_NOT_LOANABLE", "loanPolicyName", policy.name());
        else if (!policy.renewable()) errors.add("loan is not renewable", "LOAN_NOT_RENEWABLE", "loanPolicyName", policy.name());
        else if (!policy.unlimitedRenewals() && renewals >= policy.renewalsAllowed())
            errors.add("loan at maximum renewal number", "LOAN_RENEWAL_LIMIT_REACHED", "loanPolicyName", policy.name());
        errors.throwIfAny();

        Instant currentDue = Json.parseInstant(Json.text(loan, "dueDate"));
        String scheduleId = policy.fixed() && policy.alternateFixedDueDateScheduleId() != null
                ? policy.alternateFixedDueDateScheduleId() : policy.fixedDueDateScheduleId();
        Instant newDue = DueDates.forRenewal(policy, currentDue, now, CheckOut.schedule(c, schema, scheduleId));
        // As mod-circulation: the loan's check-out service point's hours decide, not the renewing desk's.
        UUID servicePoint = CirculationContext.uuidOrNull(Json.text(loan, "checkoutServicePointId"));
        newDue = ClosedLibraryDueDates.apply(c, schema, policy, servicePoint == null ? req.servicePointId() : servicePoint,
                now, newDue);
        if (!newDue.isAfter(currentDue)) throw ApiException.unprocessable("renewal would not change the due date",
                "RENEWAL_WOULD_NOT_CHANGE_DUE_DATE", "loanPolicyName", policy.name());

        ObjectNode renewed = loan.deepCopy();
        renewed.put("dueDate", Json.date(newDue));
        renewed.put("renewalCount", renewals + 1);
        renewed.put("action", "renewed");
        renewed.put("loanPolicyId", policy.id());
        ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, loan, renewed, req.staffUserId());
        return LoanRepresentation.extend(saved, item, patron, LoanRepresentation.byId(found.values()));
    }
}
