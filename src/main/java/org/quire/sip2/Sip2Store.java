package org.quire.sip2;

import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The SQL behind the patron summaries of 23 and 63 (what edge-sip2 reads through /circulation/loans, requests, accounts). */
final class Sip2Store {
    private Sip2Store() {
    }

    record OpenLoan(UUID id, String itemBarcode, Instant dueDate) {
    }

    record OpenRequest(String type, String status, String itemBarcode, String title) {
    }

    record OpenAccount(UUID id, BigDecimal remaining, String feeFineType) {
    }

    /** The patron's open loans, by due date: one statement. */
    static List<OpenLoan> openLoans(Connection c, String schema, UUID userId) throws SQLException {
        return Sql.list(c, "SELECT l.id, i.barcode, l.due_date FROM " + schema + ".loan l LEFT JOIN " + schema
                        + ".item i ON i.id = l.item_id WHERE l.user_id = ? AND l.status_name = 'Open' ORDER BY l.due_date, l.id",
                List.of(userId), rs -> {
                    Timestamp due = rs.getTimestamp(3);
                    return new OpenLoan(rs.getObject(1, UUID.class), rs.getString(2), due == null ? null : due.toInstant());
                });
    }

    /** The patron's open requests (any "Open - …" status), oldest first: one statement. */
    static List<OpenRequest> openRequests(Connection c, String schema, UUID userId) throws SQLException {
        return Sql.list(c, "SELECT r.request_type, r.status, i.barcode, r.jsonb->'instance'->>'title' FROM " + schema
                        + ".request r LEFT JOIN " + schema + ".item i ON i.id = r.item_id WHERE r.requester_id = ? "
                        + "AND r.status LIKE 'Open%' ORDER BY r.request_date, r.id",
                List.of(userId), rs -> new OpenRequest(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
    }

    /** The patron's open fees/fines with what remains of each: one statement. */
    static List<OpenAccount> openAccounts(Connection c, String schema, UUID userId) throws SQLException {
        return Sql.list(c, "SELECT id, (jsonb->>'remaining')::numeric, jsonb->>'feeFineType' FROM " + schema
                        + ".account WHERE user_id = ? AND status_name = 'Open' ORDER BY id",
                List.of(userId), rs -> new OpenAccount(rs.getObject(1, UUID.class),
                        rs.getBigDecimal(2) == null ? BigDecimal.ZERO : rs.getBigDecimal(2), rs.getString(3)));
    }

    /** The due date of the item's open loan, if it has one: one statement. */
    static java.util.Optional<Instant> dueDateOfItem(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.one(c, "SELECT due_date FROM " + schema + ".loan WHERE item_id = ? AND status_name = 'Open'",
                List.of(itemId), rs -> rs.getTimestamp(1) == null ? null : rs.getTimestamp(1).toInstant());
    }
}
