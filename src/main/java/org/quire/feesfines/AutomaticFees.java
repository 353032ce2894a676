package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * Charges one of FOLIO's automatic fee/fine types (overdue fine, lost item fee, lost item processing fee) for a loan,
 * with ONE statement: find the fee/fine owner serving the item location's primary service point (as mod-circulation
 * does), insert the account and its charging feefineaction (typeAction = the fee/fine type's name, source = the staff
 * member's name, transactionInformation "-", as mod-circulation's StoredFeeFineAction).
 */
public final class AutomaticFees {
    /** An automatic fee/fine type: FOLIO's fixed id and name, seeded in every tenant by V12. */
    public record FeeType(UUID id, String name) {
    }

    public static final FeeType OVERDUE_FINE = new FeeType(FeesFinesTypes.OVERDUE_FINE_TYPE, "Overdue fine");
    public static final FeeType LOST_ITEM_FEE = new FeeType(FeesFinesTypes.LOST_ITEM_FEE_TYPE, "Lost item fee");
    public static final FeeType LOST_ITEM_PROCESSING_FEE = new FeeType(FeesFinesTypes.LOST_ITEM_PROCESSING_FEE_TYPE,
            "Lost item processing fee");

    private AutomaticFees() {
    }

    /**
     * Inserts the account (with the item's and the loan's details, as FOLIO fills them) and its charge action.
     * Returns false, charging nothing, when no owner serves the item's location.
     */
    public static boolean charge(Connection c, String schema, JsonNode loan, ItemView item, FeeType type,
                                 BigDecimal amount, UUID servicePointId, UUID staffUserId, Instant now)
            throws SQLException {
        ObjectNode loc = item.effectiveLocation();
        String primary = loc == null ? null : Json.text(loc, "primaryServicePoint");
        if (primary == null) return false;

        UUID accountId = UUID.randomUUID(), actionId = UUID.randomUUID();
        UUID userId = UUID.fromString(Json.text(loan, "userId"));
        ObjectNode account = Json.object();
        account.put("id", accountId.toString());
        account.put("amount", amount).put("remaining", amount);
        account.put("feeFineId", type.id().toString()).put("feeFineType", type.name());
        account.putObject("status").put("name", "Open");
        account.putObject("paymentStatus").put("name", "Outstanding");
        account.put("userId", userId.toString()).put("loanId", Json.text(loan, "id")).put("itemId", item.id().toString());
        putIf(account, "title", item.title());
        putIf(account, "barcode", item.barcode());
        putIf(account, "callNumber", item.callNumber());
        putIf(account, "location", Json.text(loc, "name"));
        putIf(account, "materialType", item.materialTypeName());
        putIf(account, "materialTypeId", Json.text(item.item(), "materialTypeId"));
        putIf(account, "holdingsRecordId", Json.text(item.item(), "holdingsRecordId"));
        putIf(account, "instanceId", Json.text(item.holdings(), "instanceId"));
        if (!item.contributorNames().isEmpty()) account.set("contributors", item.contributorNames());
        putIf(account, "dueDate", Json.text(loan, "dueDate"));
        putIf(account, "returnedDate", Json.text(loan, "returnDate"));
        for (String p : new String[]{"loanPolicyId", "overdueFinePolicyId", "lostItemPolicyId"}) {
            putIf(account, p.equals("lostItemPolicyId") ? "lostItemFeePolicyId" : p, Json.text(loan, p));
        }
        metadata(account, now, staffUserId);

        ObjectNode action = Json.object();
        action.put("id", actionId.toString()).put("accountId", accountId.toString()).put("userId", userId.toString());
        action.put("typeAction", type.name()).put("amountAction", amount).put("balance", amount);
        action.put("dateAction", Json.date(now)).put("notify", false).put("transactionInformation", "-");
        if (servicePointId != null) action.put("createdAt", servicePointId.toString());
        // The staff member's name is added by the statement (FeesFinesStore.insertAutomaticFee); an automated
        // process is "System".
        if (staffUserId == null) action.put("source", "System");
        metadata(action, now, staffUserId);

        return FeesFinesStore.insertAutomaticFee(c, schema, UUID.fromString(primary), account, action, type,
                staffUserId, now);
    }

    private static void metadata(ObjectNode n, Instant now, UUID by) {
        ObjectNode md = n.putObject("metadata");
        md.put("createdDate", Json.date(now)).put("updatedDate", Json.date(now));
        if (by != null) md.put("createdByUserId", by.toString()).put("updatedByUserId", by.toString());
    }

    private static void putIf(ObjectNode n, String key, String value) {
        if (value != null) n.put(key, value);
    }
}
