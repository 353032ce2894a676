package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The lost item fees of a loan: charged when the item is declared lost or billed after aging to lost, and settled when
 * the item comes back, as mod-circulation does it (its LostItemFeeChargingService and LostItemFeeRefundService).
 */
public final class LostItemFees {
    /** FOLIO's cancellation reason (and the account's payment status) for lost item fees of a returned item. */
    static final String CANCELLED_ITEM_RETURNED = "Cancelled item returned";
    /** FOLIO's reason when an aged-to-lost item's fees give way to those of declaring it lost. */
    static final String CANCELLED_ITEM_DECLARED_LOST = "Cancelled item declared lost";

    private LostItemFees() {
    }

    /** Whether the policy charges anything when the item is declared lost (false) or billed after aging (true). */
    public static boolean anyDue(LostItemPolicy policy, boolean agedToLost) {
        return policy.setCost() != null || policy.processingFee(agedToLost) != null;
    }

    /**
     * Charges the set cost as "Lost item fee" and the processing fee as "Lost item processing fee", each one statement.
     * Returns false, charging nothing, when no fee/fine owner serves the item's location.
     */
    public static boolean charge(Connection c, String schema, JsonNode loan, ItemView item, LostItemPolicy policy,
                                 boolean agedToLost, UUID servicePointId, UUID staffUserId, Instant now)
            throws SQLException {
        BigDecimal processing = policy.processingFee(agedToLost);
        if (policy.setCost() != null && !AutomaticFees.charge(c, schema, loan, item, AutomaticFees.LOST_ITEM_FEE,
                policy.setCost(), servicePointId, staffUserId, now)) return false;
        // The same owner lookup found an owner for the first fee, so it finds it for the second.
        return processing == null || AutomaticFees.charge(c, schema, loan, item, AutomaticFees.LOST_ITEM_PROCESSING_FEE,
                processing, servicePointId, staffUserId, now);
    }

    /**
     * A lost item came back (the loan is closed by check-in): within the policy's refund period, each lost item fee
     * of the loan (and the processing fee when {@code returnedLostItemProcessingFee}) has what was paid or transferred
     * refunded and then everything left cancelled as "Cancelled item returned", so it ends Closed. Outside the period
     * nothing changes.
     */
    public static void settleOnReturn(Connection c, String schema, UUID loanId, LostItemPolicy policy,
                                      Instant lostDate, Instant returned, UUID servicePointId, UUID staffUserId)
            throws SQLException {
        if (!policy.refundsWhenReturned(lostDate, returned)) return;
        for (ObjectNode account : FeesFinesStore.lostFeeAccounts(c, schema, loanId)) {
            boolean processing = FeesFinesTypes.LOST_ITEM_PROCESSING_FEE_TYPE.toString().equals(Json.text(account, "feeFineId"));
            if (processing && !policy.refundProcessingFee()) continue;
            settle(c, schema, account, CANCELLED_ITEM_RETURNED, servicePointId, staffUserId);
        }
    }

    /**
     * An aged-to-lost item is declared lost: its lost fees are refunded and cancelled ("Cancelled item declared lost")
     * whatever the refund period, before the declared-lost fees are charged, as mod-circulation does.
     */
    public static void cancelOnDeclaredLost(Connection c, String schema, UUID loanId, UUID servicePointId,
                                            UUID staffUserId) throws SQLException {
        for (ObjectNode account : FeesFinesStore.lostFeeAccounts(c, schema, loanId)) {
            settle(c, schema, account, CANCELLED_ITEM_DECLARED_LOST, servicePointId, staffUserId);
        }
    }

    /** Refunds what was paid or transferred, then cancels all that remains with {@code reason}. */
    private static void settle(Connection c, String schema, ObjectNode account, String reason, UUID servicePointId,
                               UUID staffUserId) throws SQLException {
        UUID id = UUID.fromString(Json.text(account, "id"));
        String sp = servicePointId == null ? null : servicePointId.toString();
        BigDecimal remaining = Money.field(account, "remaining");
        BigDecimal refundable = AccountActions.refundable(c, schema, account);
        if (refundable.signum() > 0) {
            AccountActions.perform(c, schema, AccountActions.Action.REFUND, List.of(id), new AccountActions.ActionRequest(
                    DecimalNode.valueOf(refundable), null, false, sp, null, null, null, null), staffUserId);
            remaining = remaining.add(refundable);
        }
        if (remaining.signum() > 0) {
            AccountActions.perform(c, schema, AccountActions.Action.CANCEL, List.of(id), new AccountActions.ActionRequest(
                    null, null, false, sp, null, null, null, reason), staffUserId);
        }
    }
}
