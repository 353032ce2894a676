package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.FeesFinesTypes;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

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
        return "Declared lost".equals(itemStatus) || "Aged to lost".equals(itemStatus);
    }

    /** Closes the loan of a lost item as lost and paid: the loan and item given are locked by the caller. */
    static void close(ObjectNode loan, Instant now) {
        loan.putObject("status").put("name", "Closed");
        loan.put("action", "closedLoan");
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
        List<UUID> loanIds = Sql.list(c, "SELECT DISTINCT a.loan_id FROM " + schema + ".account a WHERE a.id = ANY(?)"
                        + " AND a.loan_id IS NOT NULL AND a.fee_fine_id = ANY(?) AND NOT EXISTS (SELECT 1 FROM " + schema
                        + ".account o WHERE o.loan_id = a.loan_id AND o.fee_fine_id = ANY(?) AND o.status_name <> 'Closed')"
                        + " ORDER BY a.loan_id",
                List.of(c.createArrayOf("uuid", accountIds.toArray()), lostTypes(c), lostTypes(c)),
                rs -> rs.getObject(1, UUID.class));
        for (UUID loanId : loanIds) closeIfLost(c, schema, loanId, staffUserId);
    }

    private static void closeIfLost(Connection c, String schema, UUID loanId, UUID staffUserId) throws SQLException {
        ObjectNode loan = CirculationTypes.LOANS.get(c, schema, loanId).orElse(null);
        if (loan == null || !"Open".equals(Json.text(loan, "status.name"))) return;
        ObjectNode item = Sql.one(c, "SELECT jsonb FROM " + schema + ".item WHERE id = ? FOR UPDATE SKIP LOCKED",
                List.of(LoanRepresentation.uuid(loan, "itemId")), rs -> Json.parseObject(rs.getString(1))).orElse(null);
        if (item == null || !isLost(Json.text(item, "status.name"))) return;
        loan = CirculationTypes.LOANS.getForUpdate(c, schema, loanId).orElse(null);
        if (loan == null || !"Open".equals(Json.text(loan, "status.name"))) return;
        Instant now = Instant.now();
        ObjectNode closed = loan.deepCopy();
        close(closed, now);
        CirculationTypes.LOANS.replace(c, schema, loan, closed, staffUserId);
        ObjectNode newItem = item.deepCopy();
        newItem.putObject("status").put("name", "Lost and paid").put("date", Json.date(now));
        InventoryTypes.ITEMS.replace(c, schema, item, newItem, staffUserId);
    }

    private static java.sql.Array lostTypes(Connection c) throws SQLException {
        return c.createArrayOf("uuid", new Object[]{FeesFinesTypes.LOST_ITEM_FEE_TYPE,
                FeesFinesTypes.LOST_ITEM_PROCESSING_FEE_TYPE});
    }
}
