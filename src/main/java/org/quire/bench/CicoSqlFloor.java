package org.quire.bench;

import org.quire.platform.Json;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The SQL floor of a check-out and a check-in: the statements the work needs and nothing else, each the cheapest form
 * of itself, on Quire's own tables, in one transaction on a pooled connection with server-prepared statements (as
 * Quire's). What a check-out needs: the patron by barcode, the item by barcode (locked: two desks must not lend it
 * twice), the open-loan check, the loan policy, the new loan, the item's new status. A check-in: the item by barcode
 * (locked), its open loan with the borrower (the response names them), the closed loan, the item's status, the
 * check-in record. Rules matching and due-date arithmetic are in-memory in any implementation and left out; so are
 * the events Quire writes with each change — the floor is a bound no implementation can beat.
 */
final class CicoSqlFloor {
    static final String CHECK_OUT = "SQL floor: check-out";
    static final String CHECK_IN = "SQL floor: check-in";
    /** The loan policy the bench's fallback-only rules name (FOLIO's "Example Loan Policy", 60 days). */
    private static final UUID LOAN_POLICY = UUID.fromString("d9cd0bed-1b49-4b5e-a7bd-064b8d177231");

    private final DataSource db;
    private final UUID servicePoint;
    private final String user, itemLocked, openLoan, policy, insertLoan, updateItem, openLoanWithBorrower, closeLoan,
            insertCheckIn;

    CicoSqlFloor(DataSource db, String schema, String servicePointId) {
        this.db = db;
        this.servicePoint = UUID.fromString(servicePointId);
        String s = schema + ".";
        user = "SELECT id, jsonb FROM " + s + "users WHERE barcode = ?";
        itemLocked = "SELECT id, jsonb, effective_location_id FROM " + s + "item WHERE barcode = ? FOR UPDATE";
        openLoan = "SELECT id FROM " + s + "loan WHERE item_id = ? AND status_name = 'Open'";
        policy = "SELECT jsonb FROM " + s + "loan_policy WHERE id = ?";
        insertLoan = "INSERT INTO " + s + "loan (id, jsonb, created_date, updated_date, user_id, item_id, status_name,"
                + " action, loan_date, due_date, loan_policy_id, checkout_service_point_id,"
                + " item_effective_location_id_at_check_out, renewal_count)"
                + " VALUES (?, ?::jsonb, now(), now(), ?, ?, 'Open', 'checkedout', ?, ?, ?, ?, ?, 0)";
        updateItem = "UPDATE " + s + "item SET status_name = ?, updated_date = now(),"
                + " jsonb = jsonb_set(jsonb, '{status}', ?::jsonb) WHERE id = ?";
        openLoanWithBorrower = "SELECT l.id, l.jsonb, u.jsonb FROM " + s + "loan l LEFT JOIN " + s + "users u"
                + " ON u.id = l.user_id WHERE l.item_id = ? AND l.status_name = 'Open' FOR UPDATE OF l";
        closeLoan = "UPDATE " + s + "loan SET status_name = 'Closed', action = 'checkedin', return_date = ?,"
                + " checkin_service_point_id = ?, updated_date = now(), jsonb = jsonb || ?::jsonb WHERE id = ?";
        insertCheckIn = "INSERT INTO " + s + "check_in (id, jsonb, created_date, updated_date, item_id,"
                + " occurred_date_time, service_point_id) VALUES (?, ?::jsonb, now(), now(), ?, ?, ?)";
    }

    void checkOut(String itemBarcode, String userBarcode) throws SQLException {
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            try {
                UUID userId = (UUID) FloorSql.first(c, user, userBarcode);
                if (userId == null) throw new IllegalStateException("no patron " + userBarcode);
                Item item = lockItem(c, itemBarcode);
                UUID itemId = item.id();
                if (FloorSql.first(c, openLoan, itemId) != null) throw new IllegalStateException("item has an open loan");
                if (FloorSql.first(c, policy, LOAN_POLICY) == null) throw new IllegalStateException("no loan policy");
                Instant now = Instant.now();
                Instant due = now.plus(60, ChronoUnit.DAYS);
                UUID loanId = UUID.randomUUID();
                String loan = Json.write(Json.object().put("id", loanId.toString()).put("userId", userId.toString())
                        .put("itemId", itemId.toString()).put("loanDate", Json.date(now)).put("dueDate", Json.date(due))
                        .put("action", "checkedout").put("loanPolicyId", LOAN_POLICY.toString())
                        .put("checkoutServicePointId", servicePoint.toString()).put("renewalCount", 0)
                        .set("status", Json.object().put("name", "Open")));
                try (PreparedStatement ps = c.prepareStatement(insertLoan)) {
                    ps.setObject(1, loanId);
                    ps.setString(2, loan);
                    ps.setObject(3, userId);
                    ps.setObject(4, itemId);
                    ps.setTimestamp(5, Timestamp.from(now));
                    ps.setTimestamp(6, Timestamp.from(due));
                    ps.setObject(7, LOAN_POLICY);
                    ps.setObject(8, servicePoint);
                    ps.setObject(9, item.locationId());
                    ps.executeUpdate();
                }
                setItemStatus(c, itemId, "Checked out", now);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    void checkIn(String itemBarcode) throws SQLException {
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            try {
                UUID itemId = lockItem(c, itemBarcode).id();
                UUID loanId = (UUID) FloorSql.first(c, openLoanWithBorrower, itemId);
                if (loanId == null) throw new IllegalStateException("no open loan for item " + itemBarcode);
                Instant now = Instant.now();
                try (PreparedStatement ps = c.prepareStatement(closeLoan)) {
                    ps.setTimestamp(1, Timestamp.from(now));
                    ps.setObject(2, servicePoint);
                    ps.setString(3, Json.write(Json.object().put("action", "checkedin").put("returnDate", Json.date(now))
                            .put("checkinServicePointId", servicePoint.toString())
                            .set("status", Json.object().put("name", "Closed"))));
                    ps.setObject(4, loanId);
                    ps.executeUpdate();
                }
                setItemStatus(c, itemId, "Available", now);
                UUID checkInId = UUID.randomUUID();
                try (PreparedStatement ps = c.prepareStatement(insertCheckIn)) {
                    ps.setObject(1, checkInId);
                    ps.setString(2, Json.write(Json.object().put("id", checkInId.toString())
                            .put("itemId", itemId.toString()).put("occurredDateTime", Json.date(now))
                            .put("servicePointId", servicePoint.toString()).put("itemStatusPriorToCheckIn", "Checked out")));
                    ps.setObject(3, itemId);
                    ps.setTimestamp(4, Timestamp.from(now));
                    ps.setObject(5, servicePoint);
                    ps.executeUpdate();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private record Item(UUID id, UUID locationId) {
    }

    /** The item row, locked until the transaction ends (its jsonb is read, as any implementation must). */
    private Item lockItem(Connection c, String barcode) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(itemLocked)) {
            ps.setString(1, barcode);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) throw new IllegalStateException("no item " + barcode);
                rs.getString(2);
                return new Item((UUID) rs.getObject(1), (UUID) rs.getObject(3));
            }
        }
    }

    private void setItemStatus(Connection c, UUID itemId, String status, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(updateItem)) {
            ps.setString(1, status);
            ps.setString(2, Json.write(Json.object().put("name", status).put("date", Json.date(now))));
            ps.setObject(3, itemId);
            ps.executeUpdate();
        }
    }
}
