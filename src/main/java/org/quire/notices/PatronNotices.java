package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What circulation's events mean for patron notices, decided inside the event's own transaction: the notices that are
 * due now are written as scheduled notices due now (sent after commit by the {@code patron-notices} job, never inside
 * the desk's transaction), time-based ones ("Due date", "Request expiration", "Hold expiration") as scheduled notices
 * due later. The notice policy comes with the caller's existing policy lookup; a policy without matching notices
 * costs no statement, otherwise the writes (and any deletes they replace) are ONE statement.
 * <p>
 * Event names are FOLIO's {@code sendWhen} values; a scheduled notice's {@code triggeringEvent} is the same name.
 */
public final class PatronNotices {
    public static final String CHECK_OUT = "Check out", CHECK_IN = "Check in", DUE_DATE = "Due date",
            RENEWED = "Renewed", ITEM_RECALLED = "Item recalled", PAGING_REQUEST = "Paging request",
            HOLD_REQUEST = "Hold request", RECALL_REQUEST = "Recall request", REQUEST_CANCELLATION = "Request cancellation",
            AVAILABLE = "Available", REQUEST_EXPIRATION = "Request expiration", HOLD_EXPIRATION = "Hold expiration";

    private PatronNotices() {
    }

    // ---- loans -------------------------------------------------------------------------------------------------

    /** Check-out: the "Check out" notices now and the loan's "Due date" notices. */
    public static void checkedOut(Connection c, String schema, ObjectNode noticePolicy, ObjectNode loan, UUID staff)
            throws SQLException {
        NoticePolicy policy = NoticePolicy.from(noticePolicy);
        List<ObjectNode> rows = now(policy.loan(CHECK_OUT), "loanId", loan, "userId", CHECK_OUT);
        rows.addAll(dueDateNotices(policy, loan));
        NoticesStore.write(c, schema, null, null, List.of(), rows, staff);
    }

    /** Check-in: the "Check in" notices now; the loan's pending "Due date" notices go. */
    public static void checkedIn(Connection c, String schema, ObjectNode noticePolicy, ObjectNode loan, UUID staff)
            throws SQLException {
        NoticePolicy policy = NoticePolicy.from(noticePolicy);
        List<String> drop = policy.loan(DUE_DATE).isEmpty() ? List.of() : List.of(DUE_DATE);
        NoticesStore.write(c, schema, "loan_id", id(loan), drop,
                now(policy.loan(CHECK_IN), "loanId", loan, "userId", CHECK_IN), staff);
    }

    /**
     * A new due date (renewal: {@link #RENEWED}; recall: {@link #ITEM_RECALLED}): that event's notices now, and the
     * loan's "Due date" notices replaced by ones for the new date.
     */
    public static void dueDateChanged(Connection c, String schema, ObjectNode noticePolicy, ObjectNode loan,
                                      String event, UUID staff) throws SQLException {
        NoticePolicy policy = NoticePolicy.from(noticePolicy);
        List<ObjectNode> rows = now(policy.loan(event), "loanId", loan, "userId", event);
        List<ObjectNode> due = dueDateNotices(policy, loan);
        rows.addAll(due);
        NoticesStore.write(c, schema, "loan_id", id(loan), due.isEmpty() ? List.of() : List.of(DUE_DATE), rows, staff);
    }

    private static List<ObjectNode> dueDateNotices(NoticePolicy policy, ObjectNode loan) {
        Instant due = Json.parseInstant(Json.text(loan, "dueDate"));
        List<ObjectNode> rows = new ArrayList<>();
        if (due == null) return rows;
        for (NoticePolicy.Notice n : policy.loan(DUE_DATE))
            rows.add(row(n, "loanId", loan, "userId", DUE_DATE, n.runTime(due)));
        return rows;
    }

    // ---- requests ----------------------------------------------------------------------------------------------

    /** A new request: its "Paging/Hold/Recall request" notices now, and its "Request expiration" notices. */
    public static void requestCreated(Connection c, String schema, ObjectNode noticePolicy, ObjectNode request,
                                      UUID staff) throws SQLException {
        NoticePolicy policy = NoticePolicy.from(noticePolicy);
        String event = switch (String.valueOf(Json.text(request, "requestType"))) {
            case "Page" -> PAGING_REQUEST;
            case "Recall" -> RECALL_REQUEST;
            default -> HOLD_REQUEST;
        };
        List<ObjectNode> rows = now(policy.request(event), "requestId", request, "requesterId", event);
        rows.addAll(expiryNotices(policy, request, REQUEST_EXPIRATION, "requestExpirationDate"));
        NoticesStore.write(c, schema, null, null, List.of(), rows, staff);
    }

    /** The item waits on the hold shelf: "Available" notices now, "Hold expiration" notices for the shelf's date. */
    public static void requestAwaitingPickup(Connection c, String schema, ObjectNode noticePolicy, ObjectNode request,
                                             UUID staff) throws SQLException {
        NoticePolicy policy = NoticePolicy.from(noticePolicy);
        List<ObjectNode> rows = now(policy.request(AVAILABLE), "requestId", request, "requesterId", AVAILABLE);
        List<ObjectNode> expiry = expiryNotices(policy, request, HOLD_EXPIRATION, "holdShelfExpirationDate");
        rows.addAll(expiry);
        NoticesStore.write(c, schema, "request_id", id(request), expiry.isEmpty() ? List.of() : List.of(HOLD_EXPIRATION),
                rows, staff);
    }

    /** A cancelled request: "Request cancellation" notices now; its pending expiration notices go. */
    public static void requestCancelled(Connection c, String schema, ObjectNode noticePolicy, ObjectNode request,
                                        UUID staff) throws SQLException {
        NoticePolicy policy = NoticePolicy.from(noticePolicy);
        List<String> drop = policy.request(REQUEST_EXPIRATION).isEmpty() && policy.request(HOLD_EXPIRATION).isEmpty()
                ? List.of() : List.of(REQUEST_EXPIRATION, HOLD_EXPIRATION);
        NoticesStore.write(c, schema, "request_id", id(request), drop,
                now(policy.request(REQUEST_CANCELLATION), "requestId", request, "requesterId", REQUEST_CANCELLATION), staff);
    }

    private static List<ObjectNode> expiryNotices(NoticePolicy policy, ObjectNode request, String event, String dateField) {
        Instant date = Json.parseInstant(Json.text(request, dateField));
        List<ObjectNode> rows = new ArrayList<>();
        if (date == null) return rows;
        for (NoticePolicy.Notice n : policy.request(event))
            rows.add(row(n, "requestId", request, "requesterId", event, n.runTime(date)));
        return rows;
    }

    // ---- mod-patron-notice ----------------------------------------------------------------------------------------

    /**
     * mod-patron-notice's {@code POST /patron-notice} as one transaction: the recipient must exist (422 "User … not
     * found"), then a notice due now carrying the caller's {@code context}, {@code lang} and {@code outputFormat}
     * (under the Quire-only property {@code patronNotice}) is written for the job to render and send.
     */
    public static void requested(Database db, String schema, UUID recipient, ObjectNode template, ObjectNode body,
                                 JsonNode context, UUID staff) {
        db.tx(c -> {
            if (!NoticesStore.userExists(c, schema, recipient))
                throw Refused.because("User " + recipient + " not found", "recipientId", recipient.toString());
            ObjectNode notice = Json.object().put("recipientUserId", recipient.toString())
                    .put("nextRunTime", Json.date(Instant.now()));
            notice.putObject("noticeConfig").put("timing", NoticePolicy.UPON_AT)
                    .put("templateId", Json.text(template, "id")).put("format", "Email").put("sendInRealTime", true);
            ObjectNode pn = notice.putObject("patronNotice");
            for (String f : List.of("deliveryChannel", "lang", "outputFormat"))
                if (body.hasNonNull(f)) pn.put(f, Json.text(body, f));
            pn.set("context", context);
            NoticesStore.write(c, schema, null, null, List.of(), List.of(notice), staff);
            return null;
        });
    }

    // ---- rows --------------------------------------------------------------------------------------------------

    private static List<ObjectNode> now(List<NoticePolicy.Notice> notices, String idField, ObjectNode record,
                                        String recipientField, String event) {
        List<ObjectNode> rows = new ArrayList<>();
        Instant now = Instant.now();
        for (NoticePolicy.Notice n : notices) {
            ObjectNode row = row(n, idField, record, recipientField, event, now);
            ((ObjectNode) row.get("noticeConfig")).put("timing", NoticePolicy.UPON_AT).remove("recurringPeriod");
            rows.add(row);
        }
        return rows;
    }

    /** A FOLIO scheduled notice for {@code record} (a loan or a request) to the patron its {@code recipientField} names. */
    private static ObjectNode row(NoticePolicy.Notice n, String idField, ObjectNode record, String recipientField,
                                  String event, Instant runTime) {
        ObjectNode row = Json.object();
        row.put(idField, Json.text(record, "id"));
        row.put("recipientUserId", Json.text(record, recipientField));
        row.put("nextRunTime", Json.date(runTime));
        row.put("triggeringEvent", event);
        row.set("noticeConfig", n.config());
        return row;
    }

    private static UUID id(ObjectNode record) {
        return Ids.parse(Json.text(record, "id")).orElseThrow();
    }
}
