package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.LostItemFees;
import org.quire.feesfines.LostItemPolicy;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code POST /circulation/loans/{id}/declare-item-lost}, as mod-circulation's DeclareLostResource: the loan stays
 * open with action "declaredLost" and {@code declaredLostDate}, the item becomes "Declared lost", and the loan's lost
 * item fee policy charges its set cost ("Lost item fee") and, when {@code chargeAmountItemPatron}, its processing fee
 * ("Lost item processing fee"); a policy that charges nothing closes the loan at once, the item "Lost and paid"
 * (see {@link LostAndPaid}); an aged-to-lost item's fees are refunded and cancelled first, and it is no longer
 * waiting to be billed. One transaction: the loan and item locked (3), the policy (1), the two fees (1 each),
 * loan and item saved (2).
 */
public final class DeclareLost {
    private final Database db;

    public DeclareLost(Database db) {
        this.db = db;
    }

    public record Request(UUID loanId, Instant declaredLostDateTime, String comment, UUID servicePointId,
                          String schema, UUID staffUserId) {
    }

    public void declare(Request req) {
        db.tx(c -> {
            run(c, req);
            return null;
        });
    }

    private void run(Connection c, Request req) throws SQLException {
        String schema = req.schema();
        Instant now = Instant.now();
        LockedLoan locked = LockedLoan.lock(c, schema, req.loanId()).refuseWhenClosed();
        if (ItemStatus.DECLARED_LOST.is(locked.item().status())) {
            throw Refused.because("The item is already declared lost", "itemId",
                    locked.item().id().toString());
        }
        UUID policyId = locked.loan().lostItemPolicyId();
        LostItemPolicy policy = policyId == null ? LostItemPolicy.NONE : LostItemPolicy.from(
                CirculationTypes.LOST_ITEM_POLICIES.get(c, schema, policyId).orElse(null));

        ObjectNode loan = locked.loan().json().deepCopy();
        loan.put("action", LoanAction.DECLARED_LOST.value());
        loan.put("actionComment", req.comment() == null ? "" : req.comment());
        loan.put("declaredLostDate", Json.date(req.declaredLostDateTime() == null ? now : req.declaredLostDateTime()));
        LockedLoan.removeAgedToLostBilling(loan);
        if (ItemStatus.AGED_TO_LOST.is(locked.item().status())) {
            LostItemFees.cancelOnDeclaredLost(c, schema, req.loanId(), req.servicePointId(), req.staffUserId());
        }
        if (!LostItemFees.anyDue(policy, false)) {
            // Nothing to charge: FOLIO closes the loan at once, the item "Lost and paid".
            LostAndPaid.close(loan, now);
            locked.save(c, schema, loan, ItemStatus.LOST_AND_PAID, now, req.staffUserId());
            return;
        }
        if (!LostItemFees.charge(c, schema, loan, locked.item(), policy, false, req.servicePointId(),
                req.staffUserId(), now)) {
            String location = Json.text(locked.item().item(), "permanentLocationId");
            throw Refused.because("No fee/fine owner found for item's permanent location",
                    "locationId", location != null ? location : Json.text(locked.item().item(), "effectiveLocationId"));
        }
        locked.save(c, schema, loan, ItemStatus.DECLARED_LOST, now, req.staffUserId());
    }
}
