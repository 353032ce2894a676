package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Ids;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * A lost item whose lost fees are all settled is "Lost and paid" and its loan closes (action "closedLoan"), as
 * mod-circulation does: at once when declaring it lost charges nothing, or when staff close its last open lost fee
 * (pay, waive, transfer, cancel). FOLIO reacts to a fee/fine-closed event; Quire does it in the action's transaction.
 */
public final class LostAndPaid {
    private LostAndPaid() {
    }

    static boolean isLost(String itemStatus) {
        return ItemStatus.DECLARED_LOST.is(itemStatus) || ItemStatus.AGED_TO_LOST.is(itemStatus);
    }

    /** Closes the loan of a lost item as lost and paid: the loan and item given are locked by the caller. */
    static void close(ObjectNode loan, Instant now) {
        loan.putObject("status").put("name", "Closed");
        loan.put("action", LoanAction.CLOSED_LOAN.value());
        loan.put("returnDate", Json.dateZ(now));
    }

    /**
     * After a staff action on accounts (one, or several in bulk): for each open loan whose last open lost fee was
     * among them and whose item is lost, the loan closes and the item becomes "Lost and paid". One query finds those
     * loans (usually none). The accounts are locked already; the item is locked only if no one holds it (a check-in
     * holding it closes the loan itself, and waiting could deadlock with it).
     */
    public static void afterAccountAction(Connection c, String schema, Collection<UUID> accountIds, UUID staffUserId)
            throws SQLException {
        for (UUID loanId : LoanStore.loansWithLostFeesSettled(c, schema, accountIds)) {
            closeIfLost(c, schema, loanId, staffUserId);
        }
    }

    private static void closeIfLost(Connection c, String schema, UUID loanId, UUID staffUserId) throws SQLException {
        ObjectNode loan = CirculationTypes.LOANS.get(c, schema, loanId).orElse(null);
        if (loan == null || !"Open".equals(Json.text(loan, "status.name"))) return;
        ObjectNode item = LoanStore.itemLockedUnlessHeld(c, schema, Ids.at(loan, "itemId")).orElse(null);
        if (item == null || !isLost(Json.text(item, "status.name"))) return;
        loan = CirculationTypes.LOANS.getForUpdate(c, schema, loanId).orElse(null);
        if (loan == null || !"Open".equals(Json.text(loan, "status.name"))) return;
        Instant now = Instant.now();
        ObjectNode closed = loan.deepCopy();
        close(closed, now);
        CirculationTypes.LOANS.replace(c, schema, loan, closed, staffUserId);
        ObjectNode newItem = item.deepCopy();
        newItem.putObject("status").put("name", ItemStatus.LOST_AND_PAID.folioName()).put("date", Json.date(now));
        InventoryTypes.ITEMS.replace(c, schema, item, newItem, staffUserId);
    }
}
