package org.quire.feesfines;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.UUID;

/**
 * What else a staff action on accounts (pay, waive, transfer, refund, cancel) does in its own transaction. Circulation
 * closes the loan of a lost item whose last lost fee the action settled (its LostAndPaid, where FOLIO reacts to a
 * fee/fine-closed event); fees/fines may not depend on circulation (circulation charges fees), so app/QuireServer
 * hands that in here.
 */
@FunctionalInterface
public interface AfterAccountAction {
    void accountsChanged(Connection c, String schema, Collection<UUID> accountIds, UUID staffUserId)
            throws SQLException;
}
