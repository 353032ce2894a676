package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A loan and its item, row-locked in the order check-in and check-out lock them (item, then loan), for the actions
 * staff take on one loan (declare lost, claim returned, declare missing). Three statements: the loan, the item (with
 * its holdings, instance, types and locations) locked, the loan locked.
 */
record LockedLoan(LoanView loan, ItemView item) {

    static LockedLoan lock(Connection c, String schema, UUID loanId) throws SQLException {
        LoanView unlocked = CirculationTypes.LOANS.get(c, schema, loanId).map(LoanView::new)
                .orElseThrow(() -> notFound(loanId));
        UUID itemId = unlocked.itemId();
        ItemView item = InventoryStore.itemByIdForUpdate(c, schema, itemId)
                .orElseThrow(() -> Refused.because("Item does not exist", "itemId",
                        Objects.toString(itemId, null)));
        LoanView loan = CirculationTypes.LOANS.getForUpdate(c, schema, loanId).map(LoanView::new)
                .orElseThrow(() -> notFound(loanId));
        return new LockedLoan(loan, item);
    }

    /** mod-circulation's LoanValidator.refuseWhenLoanIsClosed. */
    LockedLoan refuseWhenClosed() {
        if (loan.isClosed()) {
            throw Refused.because("Loan is closed", "loanId", Objects.toString(loan.id(), null));
        }
        return this;
    }

    /** The storage API's answer for a loan that does not exist (RecordApi's "Not found: loans <id>"). */
    static NotFound notFound(UUID loanId) {
        return new NotFound("Not found: loans " + loanId);
    }

    /**
     * An aged-to-lost loan that is declared lost or claimed returned is no longer waiting to be billed: FOLIO's
     * removeAgedToLostBillingInfo (the aged-to-lost date stays).
     */
    static void removeAgedToLostBilling(ObjectNode loan) {
        if (loan.get("agedToLostDelayedBilling") instanceof ObjectNode billing) {
            billing.remove("lostItemHasBeenBilled");
            billing.remove("dateLostItemShouldBeBilled");
        }
    }

    /** Saves the loan as changed and the item with its new status, each with its outbox event. */
    void save(Connection c, String schema, ObjectNode newLoan, ItemStatus itemStatus, Instant now, UUID staffUserId)
            throws SQLException {
        CirculationTypes.LOANS.replace(c, schema, loan.json(), newLoan, staffUserId);
        ObjectNode newItem = item.item().deepCopy();
        newItem.putObject("status").put("name", itemStatus.folioName()).put("date", Json.date(now));
        InventoryTypes.ITEMS.replace(c, schema, item.item(), newItem, staffUserId);
    }
}
