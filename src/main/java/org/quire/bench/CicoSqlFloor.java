package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The SQL floor of a check-out and a check-in: the statements the work needs and nothing else, each the cheapest form
 * of itself, on Quire's own tables, in one transaction on a pooled connection with server-prepared statements (as
 * Quire's). See {@link #DESCRIPTION} (printed in the report) for what each includes. Rules matching, due-date
 * arithmetic and the answer's JSON are in memory in any implementation and left out; so are the outbox's delivery and
 * the search index (background work after commit). What the bench's configuration never needs (its fallback-only
 * rules name no patron group, material or loan type; "Send No Notices"; no patron block limits) is read and decided
 * as any implementation must, and the writes it would cause are made only when the data asks for them.
 */
final class CicoSqlFloor {
    static final String CHECK_OUT = "SQL floor: check-out";
    static final String CHECK_IN = "SQL floor: check-in";

    /** What the floor does, for the report's notes (docs/benchmarks.md "What a run does" says the same). */
    static final String DESCRIPTION = "SQL floor of cico, one transaction each. Check-out: the patron by barcode with "
            + "their manual blocks and their group's borrowing block limits (1); only when a limit blocks borrowing, "
            + "the patron locked and their open, overdue and lost loans and fee/fine balance counted (+2, never with "
            + "the bench's data); the item by barcode, locked, with the open-loan check and the item's open request "
            + "queue (1); the loan and notice policies (1); the check-out and due-date notices when the notice policy "
            + "has them (+1, none with the bench's \"Send No Notices\"); the new loan and the item's status, each with "
            + "its outbox event (1) = 4 statements and 2 events, as Quire writes. No item-limit "
            + "count: the bench's rules name no kind of item, so neither Quire nor FOLIO counts. Check-in: the item "
            + "by barcode, locked, with its open loan and open request queue, locked, the borrower and the "
            + "borrower's notice policy (1); the check-in and due-date notices when the policy has them (+1, none "
            + "with the bench's data); the closed loan and the item's status, each with its event, and the check-in "
            + "record (1) = 2 statements and 2 events, as Quire writes. The events are "
            + "{type, new} built by the database from the written row (Quire ships {type, old, new} from Java), under "
            + "topics no consumer reads: the floor pays for writing them, not for Quire's delivery and indexing.";

    /**
     * The floor's event topics: none that a consumer subscribes to, so the dispatcher deletes them unread. With Quire's
     * topics the search indexer re-indexed every instance the floor touched, in the background of the floor's phase.
     */
    static final String LOAN_TOPIC = "bench-floor.loan", ITEM_TOPIC = "bench-floor.item";

    /** The policies the bench's fallback-only rules name (FOLIO's "Example Loan Policy", 60 days; "Send No Notices"). */
    private static final UUID LOAN_POLICY = UUID.fromString("d9cd0bed-1b49-4b5e-a7bd-064b8d177231");
    private static final UUID NOTICE_POLICY = UUID.fromString("122b3d2b-4788-4f1e-9117-56daa91cb75c");
    /** The loan notices each operation schedules or replaces (PatronNotices' triggering events). */
    private static final Set<String> CHECK_OUT_NOTICES = Set.of("Check out", "Due date"),
            CHECK_IN_NOTICES = Set.of("Check in", "Due date");

    private final DataSource db;
    private final UUID servicePoint;
    private final String patron, lockPatron, patronCounts, itemWithLoanAndQueue, policies,
            insertLoanAndItem, itemWithLoanAndBorrower, loanItemAndCheckIn, insertNotices, replaceNotices;
    /** The CTE {@code queue} as one JSON array in queue order: the open-loan statements read the queue with the loan. */
    private static final String QUEUE_JSON = "(SELECT coalesce(jsonb_agg(jsonb ORDER BY position), '[]') FROM queue)";

    CicoSqlFloor(DataSource db, String schema, String servicePointId) {
        this.db = db;
        this.servicePoint = UUID.fromString(servicePointId);
        String s = schema + ".";
        // The outbox row of a write, built by the database from the row written (the CTE "written").
        String event = event(s, "written");
        patron = "SELECT u.id, u.jsonb, (SELECT coalesce(json_agg(b.jsonb), '[]') FROM " + s + "manual_block b"
                + " WHERE b.user_id = u.id), (SELECT count(*) FROM " + s + "patron_block_limit l JOIN " + s
                + "patron_block_condition c ON c.id = l.condition_id WHERE l.patron_group_id = u.patron_group"
                + " AND c.block_borrowing) FROM " + s + "users u WHERE u.barcode = ?";
        lockPatron = "SELECT id FROM " + s + "users WHERE id = ? FOR NO KEY UPDATE";
        patronCounts = "SELECT count(*), count(*) FILTER (WHERE l.due_date < now()),"
                + " count(*) FILTER (WHERE i.status_name IN ('Declared lost', 'Aged to lost')),"
                + " (SELECT coalesce(sum((a.jsonb->>'remaining')::numeric), 0) FROM " + s + "account a"
                + " WHERE a.user_id = ? AND a.status_name = 'Open')"
                + " FROM " + s + "loan l JOIN " + s + "item i ON i.id = l.item_id WHERE l.user_id = ? AND l.status_name = 'Open'";
        // The item by barcode, locked, as the CTE "it" of the statement that also reads its loan and queue (as Quire's).
        String item = "WITH it AS MATERIALIZED (SELECT id, jsonb, effective_location_id FROM " + s + "item"
                + " WHERE barcode = ? FOR UPDATE), ";
        // The item's own queue: with title-level requests off (FOLIO's default, the bench's) there are no others.
        String queue = "SELECT jsonb, position FROM " + s + "request WHERE item_id = (SELECT id FROM it)"
                + " AND status LIKE 'Open%'";
        String queueLocked = queue + " FOR UPDATE";
        itemWithLoanAndQueue = item + "queue AS (" + queue + ") SELECT it.id, it.jsonb, it.effective_location_id,"
                + " (SELECT id FROM " + s + "loan WHERE item_id = it.id AND status_name = 'Open'), " + QUEUE_JSON
                + " FROM it";
        policies = "SELECT (SELECT jsonb FROM " + s + "loan_policy WHERE id = ?), (SELECT jsonb FROM " + s
                + "notice_policy WHERE id = ?)";
        // The writes that end a check-out (the loan, the item) and a check-in (the loan, the item, the check-in
        // record) are one statement each, as Quire sends them.
        String itemStatus = "UPDATE " + s + "item SET status_name = ?, updated_date = now(),"
                + " jsonb = jsonb_set(jsonb, '{status}', ?::jsonb) WHERE id = ? RETURNING id, jsonb";
        insertLoanAndItem = "WITH loan_written AS (INSERT INTO " + s + "loan (id, jsonb, created_date, updated_date,"
                + " user_id, item_id, status_name, action, loan_date, due_date, loan_policy_id, checkout_service_point_id,"
                + " item_effective_location_id_at_check_out, renewal_count)"
                + " VALUES (?, ?::jsonb, now(), now(), ?, ?, 'Open', 'checkedout', ?, ?, ?, ?, ?, 0) RETURNING id, jsonb),"
                + " loan_event AS (" + event(s, "loan_written") + "), written AS (" + itemStatus + ")" + event;
        itemWithLoanAndBorrower = item + "queue AS MATERIALIZED (" + queueLocked + "), loan AS MATERIALIZED ("
                + "SELECT l.id, l.jsonb, u.jsonb AS borrower, l.user_id"
                + " FROM " + s + "loan l LEFT JOIN " + s + "users u ON u.id = l.user_id"
                + " WHERE l.item_id = (SELECT id FROM it) AND l.status_name = 'Open' FOR UPDATE OF l)"
                + " SELECT it.id, it.jsonb, loan.id, loan.jsonb, loan.borrower, (SELECT jsonb FROM " + s
                + "notice_policy WHERE id = ?), loan.user_id, " + QUEUE_JSON + " FROM it LEFT JOIN loan ON true";
        loanItemAndCheckIn = "WITH loan_written AS (UPDATE " + s + "loan SET status_name = 'Closed',"
                + " action = 'checkedin', return_date = ?, checkin_service_point_id = ?, updated_date = now(),"
                + " jsonb = jsonb || ?::jsonb WHERE id = ? RETURNING id, jsonb), loan_event AS ("
                + event(s, "loan_written") + "), written AS (" + itemStatus + "), item_event AS (" + event + ") INSERT INTO " + s
                + "check_in (id, jsonb, created_date, updated_date, item_id, occurred_date_time, service_point_id)"
                + " VALUES (?, ?::jsonb, now(), now(), ?, ?, ?)";
        String notices = "INSERT INTO " + s + "scheduled_notice (id, jsonb, created_date, updated_date, loan_id,"
                + " recipient_user_id, next_run_time, triggering_event) SELECT gen_random_uuid(), '{}', now(), now(),"
                + " ?, ?, now(), e FROM unnest(?::text[]) e";
        insertNotices = notices;
        replaceNotices = "WITH gone AS (DELETE FROM " + s + "scheduled_notice WHERE loan_id = ?"
                + " AND triggering_event = 'Due date') " + notices;
    }

    void checkOut(String itemBarcode, String userBarcode) throws SQLException {
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            try {
                Patron p = patron(c, userBarcode);
                if (p.limitsBlockingBorrowing() > 0) {
                    Sql.list(c, lockPatron, List.of(p.id()), rs -> 1);
                    Sql.one(c, patronCounts, List.of(p.id(), p.id()), rs -> rs.getLong(1));
                }
                Item item = Sql.one(c, itemWithLoanAndQueue, List.of(itemBarcode), rs -> {
                    rs.getString(2); // the item's JSON is read, as any implementation must
                    if (rs.getObject(4) != null) throw new IllegalStateException("item has an open loan");
                    if (!Json.parse(rs.getString(5)).isEmpty())
                        throw new IllegalStateException("item " + itemBarcode + " is requested");
                    return new Item((UUID) rs.getObject(1), (UUID) rs.getObject(3));
                }).orElseThrow(() -> new IllegalStateException("no item " + itemBarcode));
                UUID itemId = item.id();
                String[] policy = Sql.one(c, policies, List.of(LOAN_POLICY, NOTICE_POLICY),
                        rs -> new String[]{rs.getString(1), rs.getString(2)}).orElseThrow();
                if (policy[0] == null) throw new IllegalStateException("no loan policy");
                Instant now = Instant.now();
                Instant due = now.plus(60, ChronoUnit.DAYS);
                UUID loanId = UUID.randomUUID();
                String loan = Json.write(Json.object().put("id", loanId.toString()).put("userId", p.id().toString())
                        .put("itemId", itemId.toString()).put("loanDate", Json.date(now)).put("dueDate", Json.date(due))
                        .put("action", "checkedout").put("loanPolicyId", LOAN_POLICY.toString())
                        .put("checkoutServicePointId", servicePoint.toString()).put("renewalCount", 0)
                        .set("status", Json.object().put("name", "Open")));
                List<String> notices = loanNotices(policy[1], CHECK_OUT_NOTICES);
                if (!notices.isEmpty()) Sql.update(c, insertNotices, List.of(loanId, p.id(),
                        c.createArrayOf("text", notices.toArray())));
                try (PreparedStatement ps = c.prepareStatement(insertLoanAndItem)) {
                    ps.setObject(1, loanId);
                    ps.setString(2, loan);
                    ps.setObject(3, p.id());
                    ps.setObject(4, itemId);
                    ps.setTimestamp(5, Timestamp.from(now));
                    ps.setTimestamp(6, Timestamp.from(due));
                    ps.setObject(7, LOAN_POLICY);
                    ps.setObject(8, servicePoint);
                    ps.setObject(9, item.locationId());
                    ps.setString(10, LOAN_TOPIC);
                    ps.setString(11, "CREATED");
                    bindItemStatus(ps, 12, itemId, "Checked out", now);
                    ps.executeUpdate();
                }
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
                OpenLoan open = Sql.one(c, itemWithLoanAndBorrower, List.of(itemBarcode, NOTICE_POLICY), rs -> {
                    rs.getString(2);
                    rs.getString(4);
                    rs.getString(5);
                    Json.parse(rs.getString(8));
                    return new OpenLoan((UUID) rs.getObject(1), (UUID) rs.getObject(3), rs.getString(6),
                            (UUID) rs.getObject(7));
                }).orElseThrow(() -> new IllegalStateException("no item " + itemBarcode));
                if (open.loanId() == null) throw new IllegalStateException("no open loan for item " + itemBarcode);
                UUID itemId = open.itemId(), loanId = open.loanId();
                Instant now = Instant.now();
                List<String> notices = loanNotices(open.noticePolicy(), CHECK_IN_NOTICES);
                if (!notices.isEmpty()) Sql.update(c, replaceNotices, List.of(loanId, loanId, open.borrowerId(),
                        c.createArrayOf("text", notices.stream().filter(n -> !n.equals("Due date")).toArray())));
                UUID checkInId = UUID.randomUUID();
                try (PreparedStatement ps = c.prepareStatement(loanItemAndCheckIn)) {
                    ps.setTimestamp(1, Timestamp.from(now));
                    ps.setObject(2, servicePoint);
                    ps.setString(3, Json.write(Json.object().put("action", "checkedin").put("returnDate", Json.date(now))
                            .put("checkinServicePointId", servicePoint.toString())
                            .set("status", Json.object().put("name", "Closed"))));
                    ps.setObject(4, loanId);
                    ps.setString(5, LOAN_TOPIC);
                    ps.setString(6, "UPDATED");
                    bindItemStatus(ps, 7, itemId, "Available", now);
                    ps.setObject(12, checkInId);
                    ps.setString(13, Json.write(Json.object().put("id", checkInId.toString())
                            .put("itemId", itemId.toString()).put("occurredDateTime", Json.date(now))
                            .put("servicePointId", servicePoint.toString()).put("itemStatusPriorToCheckIn", "Checked out")));
                    ps.setObject(14, itemId);
                    ps.setTimestamp(15, Timestamp.from(now));
                    ps.setObject(16, servicePoint);
                    ps.executeUpdate();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** The borrower, their manual blocks (read: an implementation must check them) and their blocking limits. */
    private record Patron(UUID id, long limitsBlockingBorrowing) {
    }

    private Patron patron(Connection c, String barcode) throws SQLException {
        return Sql.one(c, patron, List.of(barcode), rs -> {
            rs.getString(2);
            rs.getString(3);
            return new Patron((UUID) rs.getObject(1), rs.getLong(4));
        }).orElseThrow(() -> new IllegalStateException("no patron " + barcode));
    }

    /** The triggering events among {@code wanted} that the notice policy's loan notices name. */
    private static List<String> loanNotices(String noticePolicy, Set<String> wanted) {
        if (noticePolicy == null) return List.of();
        List<String> events = new java.util.ArrayList<>();
        for (JsonNode n : Json.parse(noticePolicy).path("loanNotices")) {
            String when = n.path("sendOptions").path("sendWhen").asText();
            if (wanted.contains(when)) events.add(when);
        }
        return events;
    }

    private record Item(UUID id, UUID locationId) {
    }

    /** A checked-in item, its open loan (null: none), the borrower's notice policy and the borrower. */
    private record OpenLoan(UUID itemId, UUID loanId, String noticePolicy, UUID borrowerId) {
    }

    /** The item status update's and its event's five parameters, from {@code first} on. */
    private static void bindItemStatus(PreparedStatement ps, int first, UUID itemId, String status, Instant now)
            throws SQLException {
        ps.setString(first, status);
        ps.setString(first + 1, Json.write(Json.object().put("name", status).put("date", Json.date(now))));
        ps.setObject(first + 2, itemId);
        ps.setString(first + 3, ITEM_TOPIC);
        ps.setString(first + 4, "UPDATED");
    }

    /** An outbox insert of the rows {@code written} (a CTE returning id and jsonb): {type, new}, built by the database. */
    private static String event(String s, String written) {
        return " INSERT INTO " + s + "outbox (topic, record_id, payload) SELECT ?, id,"
                + " jsonb_build_object('type', ?::text, 'new', jsonb) FROM " + written;
    }
}
