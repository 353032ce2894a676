package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.Period;
import org.quire.platform.records.MultiGet;
import org.quire.users.UserTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.quire.notices.PatronNotices.DUE_DATE;
import static org.quire.notices.PatronNotices.HOLD_EXPIRATION;
import static org.quire.notices.PatronNotices.REQUEST_EXPIRATION;

/**
 * Everything a batch of claimed notices needs, read in three statements whatever the batch's size: the loans,
 * requests, recipients and templates (1); the items with their context (1); loan policies, pickup service points and
 * patron groups (1). Decides which notices are still relevant, when a recurring one runs next, and what each
 * template sees (FOLIO's {@code user}, {@code item}, {@code loan}, {@code request} tokens, and {@code loans[]}).
 */
final class NoticeRecords {
    private final Map<String, ObjectNode> records;
    private final Map<UUID, ItemView> items = new HashMap<>();
    private final Map<String, ObjectNode> names;
    private final CirculationRecords circulation;

    private NoticeRecords(Map<String, ObjectNode> records, Map<String, ObjectNode> names,
                          CirculationRecords circulation) {
        this.records = records;
        this.names = names;
        this.circulation = circulation;
    }

    static NoticeRecords load(Connection c, String schema, List<ObjectNode> notices, CirculationRecords circulation)
            throws SQLException {
        MultiGet first = new MultiGet();
        for (ObjectNode n : notices) {
            first.add("loan:" + Json.text(n, "loanId"), circulation.loans(), Ids.at(n, "loanId"));
            first.add("request:" + Json.text(n, "requestId"), circulation.requests(), Ids.at(n, "requestId"));
            first.add("user:" + Json.text(n, "recipientUserId"), UserTypes.USERS, Ids.at(n, "recipientUserId"));
            first.add("template:" + Json.text(n, "noticeConfig.templateId"), NoticeTypes.TEMPLATES,
                    Ids.at(n, "noticeConfig.templateId"));
        }
        Map<String, ObjectNode> records = first.fetch(c, schema);
        Set<UUID> itemIds = new HashSet<>();
        MultiGet second = new MultiGet();
        for (Map.Entry<String, ObjectNode> e : records.entrySet()) {
            ObjectNode r = e.getValue();
            if (e.getKey().startsWith("loan:") || e.getKey().startsWith("request:")) addIfPresent(itemIds, Ids.at(r, "itemId"));
            if (e.getKey().startsWith("loan:")) second.add("policy:" + Json.text(r, "loanPolicyId"),
                    circulation.loanPolicies(), Ids.at(r, "loanPolicyId"));
            if (e.getKey().startsWith("request:")) second.add("sp:" + Json.text(r, "pickupServicePointId"),
                    InventoryTypes.SERVICE_POINTS, Ids.at(r, "pickupServicePointId"));
            if (e.getKey().startsWith("user:")) second.add("group:" + Json.text(r, "patronGroup"), UserTypes.GROUPS,
                    Ids.at(r, "patronGroup"));
        }
        NoticeRecords out = new NoticeRecords(records, second.fetch(c, schema), circulation);
        for (ItemView v : InventoryStore.itemsByIds(c, schema, itemIds)) out.items.put(v.id(), v);
        return out;
    }

    ObjectNode template(ObjectNode notice) {
        return records.get("template:" + Json.text(notice, "noticeConfig.templateId"));
    }

    ObjectNode user(ObjectNode notice) {
        return records.get("user:" + Json.text(notice, "recipientUserId"));
    }

    private ObjectNode loan(ObjectNode notice) {
        return records.get("loan:" + Json.text(notice, "loanId"));
    }

    private ObjectNode request(ObjectNode notice) {
        return records.get("request:" + Json.text(notice, "requestId"));
    }

    /**
     * Whether a due notice is still worth sending (as mod-circulation decides): a due-date notice only while its
     * loan is open, a "Before" one only until the due date; an expiration notice "Upon At" only when the request
     * expired (Closed - Unfilled / Closed - Pickup expired), "Before"/"After" only while it is open. Notices of
     * other events (sent upon the event) always are.
     */
    boolean relevant(ObjectNode notice, Instant now) {
        String event = String.valueOf(Json.text(notice, "triggeringEvent"));
        String timing = Json.text(notice, "noticeConfig.timing");
        if (event.equals(DUE_DATE)) {
            ObjectNode loan = loan(notice);
            if (loan == null || !"Open".equals(Json.text(loan, "status.name"))) return false;
            Instant due = Json.parseInstant(Json.text(loan, "dueDate"));
            return !"Before".equals(timing) || due == null || due.isAfter(now);
        }
        if (event.equals(REQUEST_EXPIRATION) || event.equals(HOLD_EXPIRATION)) {
            ObjectNode request = request(notice);
            if (request == null) return false;
            String status = String.valueOf(Json.text(request, "status"));
            if (!NoticePolicy.UPON_AT.equals(timing)) return status.startsWith("Open");
            return status.equals(event.equals(REQUEST_EXPIRATION) ? "Closed - Unfilled" : "Closed - Pickup expired");
        }
        return true;
    }

    /**
     * When a sent notice runs again: never for a one-time notice; for a recurring one a period after its last run
     * (or after now, when it fell behind), and never at or past the date a "Before" notice leads up to.
     */
    Instant nextRun(ObjectNode notice, Instant now) {
        Period every = Period.from(notice.path("noticeConfig").get("recurringPeriod"));
        if (every == null || every.duration() <= 0) return null;
        Instant next = every.addTo(Json.parseInstant(Json.text(notice, "nextRunTime")));
        if (!next.isAfter(now)) next = every.addTo(now);
        if ("Before".equals(Json.text(notice, "noticeConfig.timing"))) {
            Instant until = until(notice);
            if (until != null && !next.isBefore(until)) return null;
        }
        return next;
    }

    /** The date a notice leads up to: the loan's due date, or the request's expiration date. */
    private Instant until(ObjectNode notice) {
        String event = String.valueOf(Json.text(notice, "triggeringEvent"));
        ObjectNode loan = loan(notice), request = request(notice);
        if (event.equals(DUE_DATE) && loan != null) return Json.parseInstant(Json.text(loan, "dueDate"));
        if (event.equals(REQUEST_EXPIRATION) && request != null)
            return Json.parseInstant(Json.text(request, "requestExpirationDate"));
        if (event.equals(HOLD_EXPIRATION) && request != null)
            return Json.parseInstant(Json.text(request, "holdShelfExpirationDate"));
        return null;
    }

    /**
     * What the template sees for notices sent together (same recipient, template and event): {@code user}, and per
     * notice its {@code item}, {@code loan} and {@code request} — on top for a single notice, and as {@code loans[]}
     * for {@code {{#loans}}…{{/loans}}}. POST /patron-notice's notice carries its caller's context.
     */
    JsonNode context(List<ObjectNode> notices) {
        ObjectNode first = notices.getFirst();
        if (first.path("patronNotice").has("context")) return first.path("patronNotice").get("context");
        ObjectNode ctx = Json.object();
        ctx.set("user", userTokens(user(first)));
        ArrayNode loans = Json.array();
        for (ObjectNode n : notices) {
            ObjectNode entry = Json.object();
            ObjectNode loan = loan(n), request = request(n);
            ObjectNode source = loan != null ? loan : request;
            ItemView item = source == null ? null : items.get(Ids.at(source, "itemId"));
            if (item != null) entry.set("item", item.tokens());
            if (loan != null) entry.set("loan", loanTokens(loan));
            if (request != null) {
                ObjectNode sp = names.get("sp:" + Json.text(request, "pickupServicePointId"));
                circulation.requestTokens().addTo(entry, request, sp == null ? null : Json.text(sp, "name"));
                entry.remove("requester");
            }
            if (loan != null) loans.add(entry);
            if (notices.size() == 1) ctx.setAll(entry);
        }
        ctx.set("loans", loans);
        return ctx;
    }

    private ObjectNode userTokens(ObjectNode user) {
        ObjectNode u = Json.object();
        JsonNode p = user.path("personal");
        for (String f : List.of("firstName", "preferredFirstName", "lastName", "middleName", "email"))
            if (p.hasNonNull(f)) u.put(f, p.get(f).asText());
        if (user.hasNonNull("barcode")) u.put("barcode", user.get("barcode").asText());
        ObjectNode group = names.get("group:" + Json.text(user, "patronGroup"));
        if (group != null) u.put("patronGroup", Json.text(group, "group"));
        return u;
    }

    /** FOLIO's loan tokens; the renewal limits come from the loan's policy. */
    private ObjectNode loanTokens(ObjectNode loan) {
        ObjectNode l = Json.object();
        l.put("initialBorrowDate", Json.text(loan, "loanDate"));
        l.put("dueDate", Json.text(loan, "dueDate"));
        if (loan.hasNonNull("returnDate")) l.put("checkedInDate", Json.text(loan, "returnDate"));
        int taken = loan.path("renewalCount").asInt(0);
        l.put("numberOfRenewalsTaken", taken);
        ObjectNode policy = names.get("policy:" + Json.text(loan, "loanPolicyId"));
        if (policy != null && policy.path("renewable").asBoolean(false)) {
            JsonNode renewals = policy.path("renewalsPolicy");
            if (renewals.path("unlimited").asBoolean(false)) {
                l.put("numberOfRenewalsAllowed", "unlimited");
                l.put("numberOfRenewalsRemaining", "unlimited");
            } else {
                int allowed = renewals.path("numberAllowed").asInt(0);
                l.put("numberOfRenewalsAllowed", allowed);
                l.put("numberOfRenewalsRemaining", Math.max(0, allowed - taken));
            }
        }
        return l;
    }

    private static void addIfPresent(Set<UUID> ids, UUID id) {
        if (id != null) ids.add(id);
    }

}
