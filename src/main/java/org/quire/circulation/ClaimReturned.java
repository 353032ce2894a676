package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * A patron says they returned the item: {@code claim-item-returned} (the loan stays open, action "claimedReturned",
 * the item "Claimed returned"), and the two ways the claim ends: {@code declare-claimed-returned-item-as-missing}
 * (the loan closes with action "markedMissing", the item becomes "Missing") or a check-in with a
 * {@code claimedReturnedResolution} (see CheckIn's checks and {@code CheckIn.loanAction}). As mod-circulation; each is
 * one transaction.
 */
public final class ClaimReturned {
    private final Database db;

    public ClaimReturned(Database db) {
        this.db = db;
    }

    public void claim(String schema, UUID loanId, Instant claimedReturnedDate, String comment, UUID staffUserId) {
        db.tx(c -> {
            Instant now = Instant.now();
            LockedLoan locked = LockedLoan.lock(c, schema, loanId).refuseWhenClosed();
            ObjectNode loan = locked.loan().json().deepCopy();
            loan.put("action", LoanAction.CLAIMED_RETURNED.value());
            setComment(loan, comment);
            loan.put("claimedReturnedDate", Json.date(claimedReturnedDate));
            LockedLoan.removeAgedToLostBilling(loan);
            locked.save(c, schema, loan, ItemStatus.CLAIMED_RETURNED, now, staffUserId);
            return null;
        });
    }

    public void declareMissing(String schema, UUID loanId, String comment, UUID staffUserId) {
        db.tx(c -> {
            run(c, schema, loanId, comment, staffUserId);
            return null;
        });
    }

    private static void run(Connection c, String schema, UUID loanId, String comment, UUID staffUserId)
            throws SQLException {
        Instant now = Instant.now();
        LockedLoan locked = LockedLoan.lock(c, schema, loanId).refuseWhenClosed();
        if (!ItemStatus.CLAIMED_RETURNED.is(locked.item().status())) {
            throw Refused.because("Item is not Claimed returned", "itemId", locked.item().id().toString());
        }
        ObjectNode loan = locked.loan().json().deepCopy();
        loan.putObject("status").put("name", LoanView.CLOSED);
        loan.put("action", LoanAction.MARKED_MISSING.value());
        setComment(loan, comment);
        locked.save(c, schema, loan, ItemStatus.MISSING, now, staffUserId);
    }

    private static void setComment(ObjectNode loan, String comment) {
        if (comment == null) loan.remove("actionComment");
        else loan.put("actionComment", comment);
    }
}
