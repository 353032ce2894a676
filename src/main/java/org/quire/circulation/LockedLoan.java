package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.RecordApi;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * A loan and its item, row-locked in the order check-in and check-out lock them (item, then loan), for the actions
 * staff take on one loan (declare lost, claim returned, declare missing). Three statements: the loan, the item (with
 * its holdings, instance, types and locations) locked, the loan locked.
 */
record LockedLoan(ObjectNode loan, ItemView item) {

    static LockedLoan lock(Connection c, String schema, UUID loanId) throws SQLException {
        ObjectNode unlocked = CirculationTypes.LOANS.get(c, schema, loanId)
                .orElseThrow(() -> RecordApi.notFound("loans", loanId.toString()));
        ItemView item = ItemView.byIdForUpdate(c, schema, LoanRepresentation.uuid(unlocked, "itemId"))
                .orElseThrow(() -> ApiException.unprocessable("Item does not exist", null, "itemId",
                        Json.text(unlocked, "itemId")));
        ObjectNode loan = CirculationTypes.LOANS.getForUpdate(c, schema, loanId)
                .orElseThrow(() -> RecordApi.notFound("loans", loanId.toString()));
        return new LockedLoan(loan, item);
    }

    /** mod-circulation's LoanValidator.refuseWhenLoanIsClosed. */
    LockedLoan refuseWhenClosed() {
        if ("Closed".equals(Json.text(loan, "status.name"))) {
            throw ApiException.unprocessable("Loan is closed", null, "loanId", Json.text(loan, "id"));
        }
        return this;
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
    void save(Connection c, String schema, ObjectNode newLoan, String itemStatus, Instant now, UUID staffUserId)
            throws SQLException {
        CirculationTypes.LOANS.replace(c, schema, loan, newLoan, staffUserId);
        ObjectNode newItem = item.item().deepCopy();
        newItem.putObject("status").put("name", itemStatus).put("date", Json.date(now));
        InventoryTypes.ITEMS.replace(c, schema, item.item(), newItem, staffUserId);
    }
}
