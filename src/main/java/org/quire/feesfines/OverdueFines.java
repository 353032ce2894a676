package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.calendar.CalendarStore;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.UUID;

/**
 * Charges the overdue fine of a loan returned at check-in or renewed late, inside that action's transaction, with ONE
 * statement: find the fee/fine owner serving the item location's primary service point (as mod-circulation does),
 * insert the "Overdue fine" account and its charging feefineaction. No owner, no fine (FOLIO logs and skips too); no
 * fine due, no statement at all — except that a policy not counting closed time first reads that service point's
 * calendar (one more statement, only for an overdue loan).
 */
public final class OverdueFines {
    private OverdueFines() {
    }

    /**
     * Returns the fine charged (zero when none) for {@code closedLoan} — the loan as it was due — overdue until
     * {@code returned} (the return date at check-in, the time of a renewal).
     */
    public static BigDecimal charge(Connection c, String schema, ObjectNode closedLoan, Instant returned, ItemView item,
                                    JsonNode finePolicy, JsonNode loanPolicy, UUID servicePointId, UUID staffUserId)
            throws SQLException {
        Instant due = instant(closedLoan, "dueDate");
        Boolean countClosed = OverdueFineCalculation.countClosed(finePolicy);
        if (due == null || returned == null || !returned.isAfter(due) || countClosed == null) return Money.ZERO;
        ObjectNode loc = item.effectiveLocation();
        String primary = loc == null ? null : Json.text(loc, "primaryServicePoint");
        if (primary == null) return Money.ZERO;
        long minutes = countClosed ? OverdueFineCalculation.minutes(due, returned)
                : OverdueFineCalculation.openMinutes(CalendarStore.openings(c, schema, UUID.fromString(primary),
                        LocalDate.ofInstant(due, ZoneOffset.UTC), LocalDate.ofInstant(returned, ZoneOffset.UTC)), due, returned);
        BigDecimal amount = OverdueFineCalculation.amount(finePolicy, loanPolicy,
                closedLoan.path("dueDateChangedByRecall").asBoolean(false), minutes);
        if (amount.signum() <= 0) return Money.ZERO;

        Instant now = Instant.now();
        UUID accountId = UUID.randomUUID(), actionId = UUID.randomUUID();
        UUID userId = UUID.fromString(Json.text(closedLoan, "userId"));
        ObjectNode account = Json.object();
        account.put("id", accountId.toString());
        account.put("amount", amount).put("remaining", amount);
        account.put("feeFineId", FeesFinesTypes.OVERDUE_FINE_TYPE.toString()).put("feeFineType", "Overdue fine");
        account.putObject("status").put("name", "Open");
        account.putObject("paymentStatus").put("name", "Outstanding");
        account.put("userId", userId.toString()).put("loanId", Json.text(closedLoan, "id")).put("itemId", item.id().toString());
        putIf(account, "title", item.title());
        putIf(account, "barcode", item.barcode());
        putIf(account, "callNumber", item.callNumber());
        putIf(account, "location", Json.text(loc, "name"));
        putIf(account, "materialType", item.materialTypeName());
        putIf(account, "materialTypeId", Json.text(item.item(), "materialTypeId"));
        putIf(account, "holdingsRecordId", Json.text(item.item(), "holdingsRecordId"));
        putIf(account, "instanceId", Json.text(item.holdings(), "instanceId"));
        if (!item.contributorNames().isEmpty()) account.set("contributors", item.contributorNames());
        putIf(account, "dueDate", Json.text(closedLoan, "dueDate"));
        putIf(account, "returnedDate", Json.text(closedLoan, "returnDate"));
        for (String p : new String[]{"loanPolicyId", "overdueFinePolicyId", "lostItemPolicyId"}) {
            putIf(account, p.equals("lostItemPolicyId") ? "lostItemFeePolicyId" : p, Json.text(closedLoan, p));
        }
        metadata(account, now, staffUserId);

        ObjectNode action = Json.object();
        action.put("id", actionId.toString()).put("accountId", accountId.toString()).put("userId", userId.toString());
        action.put("typeAction", "Overdue fine").put("amountAction", amount).put("balance", amount);
        action.put("dateAction", Json.date(now)).put("notify", false).put("transactionInformation", "");
        if (servicePointId != null) action.put("createdAt", servicePointId.toString());
        metadata(action, now, staffUserId);

        String s = schema + ".";
        Sql.update(c, "WITH o AS (SELECT id, jsonb->>'owner' AS name FROM " + s + "owner"
                        + " WHERE jsonb->'servicePointOwner' @> ?::jsonb ORDER BY id LIMIT 1),"
                        + " a AS (INSERT INTO " + s + "account (id, jsonb, created_date, updated_date, user_id, item_id,"
                        + " loan_id, status_name, payment_status_name, fee_fine_id, owner_id, fee_fine_type)"
                        + " SELECT ?, ?::jsonb || jsonb_build_object('ownerId', o.id, 'feeFineOwner', o.name), ?, ?, ?, ?,"
                        + " ?, 'Open', 'Outstanding', ?, o.id, 'Overdue fine' FROM o RETURNING id)"
                        + " INSERT INTO " + s + "feefineaction (id, jsonb, created_date, updated_date, account_id, user_id,"
                        + " type_action, date_action) SELECT ?, ?::jsonb, ?, ?, a.id, ?, 'Overdue fine', ? FROM a",
                Arrays.asList(new Sql.Json("[{\"value\":\"" + UUID.fromString(primary) + "\"}]"),
                        accountId, new Sql.Json(Json.write(account)), now, now, userId, item.id(),
                        UUID.fromString(Json.text(closedLoan, "id")), FeesFinesTypes.OVERDUE_FINE_TYPE,
                        actionId, new Sql.Json(Json.write(action)), now, now, userId, now));
        return amount;
    }

    private static void metadata(ObjectNode n, Instant now, UUID by) {
        ObjectNode md = n.putObject("metadata");
        md.put("createdDate", Json.date(now)).put("updatedDate", Json.date(now));
        if (by != null) md.put("createdByUserId", by.toString()).put("updatedByUserId", by.toString());
    }

    private static void putIf(ObjectNode n, String key, String value) {
        if (value != null) n.put(key, value);
    }

    private static Instant instant(JsonNode n, String field) {
        String s = Json.text(n, field);
        return s == null ? null : Json.parseInstant(s);
    }
}
