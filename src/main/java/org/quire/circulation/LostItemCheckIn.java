package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.LostItemFees;
import org.quire.feesfines.LostItemPolicy;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Check-in of a "Declared lost" or "Aged to lost" item: the loan closes and the item goes where any returned item goes;
 * the lost item fees are refunded and cancelled per the loan's lost item fee policy (feesfines/LostItemFees), and the
 * overdue fine is charged only when the policy says "Charge" ({@code lostItemReturned}) and the item came back within
 * its refund period, whatever became of the processing fee (mod-circulation's shouldChargeOverdueFineForLostItem).
 * An aged-to-lost loan not billed yet has no fees: nothing to settle, and it is no longer billed (it is closed).
 */
final class LostItemCheckIn {
    private LostItemCheckIn() {
    }

    /** Settles the lost fees; returns whether the overdue fine is charged as for any other return. */
    static boolean settle(Connection c, String schema, ObjectNode closedLoan, String itemStatusBefore,
                          Map<UUID, ObjectNode> policies, UUID servicePointId, UUID staffUserId, Instant now)
            throws SQLException {
        if (!LostAndPaid.isLost(itemStatusBefore)) return true;
        LoanView loan = new LoanView(closedLoan);
        LostItemPolicy policy = LostItemPolicy.from(policies.get(loan.lostItemPolicyId()));
        String lost = Json.text(closedLoan, ItemStatus.DECLARED_LOST.is(itemStatusBefore) ? "declaredLostDate"
                : "agedToLostDelayedBilling.agedToLostDate");
        Instant lostDate = lost == null ? null : Json.parseInstant(lost);
        LostItemFees.settleOnReturn(c, schema, loan.id(), policy, lostDate, now, servicePointId, staffUserId);
        return policy.chargeOverdueFine() && policy.refundsWhenReturned(lostDate, now);
    }
}
