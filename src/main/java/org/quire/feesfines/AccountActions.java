package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * mod-feesfines' actions on one account (fee/fine): pay, waive, transfer, refund, cancel, and their "check-"
 * validations. Each action is one transaction: the account row locked (1), for a refund its earlier actions (1),
 * the new feefineaction row(s) (1 each), the account updated (1).
 * <p>
 * Results as mod-feesfines: the account's {@code remaining}, {@code status.name} (Closed once nothing remains) and
 * {@code paymentStatus.name} = the action's type ("Paid partially", "Waived fully", …); each action row carries the
 * balance after it. A refund (of money paid or transferred) re-opens the account: a "Credited" row at the old
 * balance, then a "Refunded" row with the refunded amount added back to the balance, as FOLIO records it.
 */
public final class AccountActions {
    public enum Action {
        PAY("Paid"), WAIVE("Waived"), TRANSFER("Transferred"), REFUND("Refunded"), CANCEL("Cancelled as error");

        final String result;

        Action(String result) {
            this.result = result;
        }

        String type(boolean full) {
            return this == CANCEL ? result : result + (full ? " fully" : " partially");
        }
    }

    /** FOLIO's action body: amount, paymentMethod (the transfer account for transfers), notifyPatron, … */
    public record ActionRequest(JsonNode amount, String paymentMethod, boolean notifyPatron, String servicePointId,
                                String userName, String comments, String transactionInfo) {
        public static ActionRequest of(ObjectNode b) {
            return new ActionRequest(b.get("amount"), Json.text(b, "paymentMethod"), b.path("notifyPatron").asBoolean(false),
                    Json.text(b, "servicePointId"), Json.text(b, "userName"), Json.text(b, "comments"),
                    Json.text(b, "transactionInfo"));
        }
    }

    /** What a successful check answers: the amount asked for and what would remain (of the fee/fine, or refundable). */
    public record Check(BigDecimal amount, BigDecimal remaining) {
    }

    private AccountActions() {
    }

    /** mod-feesfines' validation: parse, positive, account open, within the remaining (or refundable) amount. */
    public static Check check(Connection c, String schema, Action action, UUID accountId, JsonNode rawAmount,
                              boolean lock) throws SQLException {
        ObjectNode account = account(c, schema, accountId, lock);
        return validate(c, schema, action, account, rawAmount);
    }

    private static Check validate(Connection c, String schema, Action action, ObjectNode account, JsonNode rawAmount)
            throws SQLException {
        BigDecimal remaining = Money.field(account, "remaining");
        if (action == Action.CANCEL) {
            if (closed(account)) throw new ActionRefused(422, "Fee/fine is already closed");
            return new Check(remaining, Money.ZERO);
        }
        BigDecimal amount;
        try {
            amount = Money.parse(rawAmount);
        } catch (NumberFormatException e) {
            amount = null;
        }
        if (amount == null) throw new ActionRefused(422, "Invalid amount entered");
        if (amount.signum() <= 0) throw new ActionRefused(422, "Amount must be positive");
        if (action == Action.REFUND) {
            BigDecimal refundable = refundable(c, schema, account);
            if (amount.compareTo(refundable) > 0) throw new ActionRefused(422,
                    "Refund amount must be greater than zero and less than or equal to Selected amount");
            return new Check(amount, refundable.subtract(amount));
        }
        if (closed(account)) throw new ActionRefused(422, "Fee/fine is already closed");
        if (amount.compareTo(remaining) > 0) throw new ActionRefused(422, "Requested amount exceeds remaining amount");
        return new Check(amount, remaining.subtract(amount));
    }

    /** Performs the action; returns the feefineaction rows it created (the account is updated in place). */
    public static List<ObjectNode> perform(Connection c, String schema, Action action, UUID accountId,
                                           ActionRequest req, UUID staffUserId) throws SQLException {
        return perform(c, schema, action, accountId, req, staffUserId, Action.CANCEL.result);
    }

    /**
     * Cancels what remains with FOLIO's cancellation reason as the action's type and payment status (circulation
     * cancels lost item fees with "Cancelled item returned" when the item comes back).
     */
    static List<ObjectNode> cancel(Connection c, String schema, UUID accountId, String reason, ActionRequest req,
                                   UUID staffUserId) throws SQLException {
        return perform(c, schema, Action.CANCEL, accountId, req, staffUserId, reason);
    }

    private static List<ObjectNode> perform(Connection c, String schema, Action action, UUID accountId,
                                            ActionRequest req, UUID staffUserId, String cancelType) throws SQLException {
        ObjectNode account = account(c, schema, accountId, true);
        Check check = validate(c, schema, action, account, req.amount());
        BigDecimal remaining = Money.field(account, "remaining");
        List<ObjectNode> rows = new ArrayList<>();
        ObjectNode updated = account.deepCopy();
        String resultType;
        BigDecimal newRemaining;
        switch (action) {
            case REFUND -> {
                boolean full = check.remaining().signum() == 0;
                rows.add(row(account, "Credited" + (full ? " fully" : " partially"), check.amount(), remaining,
                        req, "Refund to patron"));
                newRemaining = remaining.add(check.amount());
                resultType = action.type(full);
                rows.add(row(account, resultType, check.amount(), newRemaining, req, "Refunded to patron"));
            }
            case CANCEL -> {
                newRemaining = Money.ZERO;
                resultType = cancelType;
                rows.add(row(account, resultType, remaining, newRemaining, req, req.transactionInfo()));
            }
            default -> {
                newRemaining = check.remaining();
                resultType = action.type(newRemaining.signum() == 0);
                String info = action == Action.TRANSFER && req.transactionInfo() == null ? req.paymentMethod()
                        : req.transactionInfo();
                rows.add(row(account, resultType, check.amount(), newRemaining, req, info));
            }
        }
        updated.put("remaining", newRemaining);
        updated.putObject("paymentStatus").put("name", resultType);
        updated.putObject("status").put("name", newRemaining.signum() == 0 && action != Action.REFUND ? "Closed" : "Open");
        List<ObjectNode> saved = FeesFinesTypes.ACTIONS.insertAll(c, schema, rows, staffUserId, false);
        FeesFinesTypes.ACCOUNTS.replace(c, schema, account, updated, staffUserId);
        return saved;
    }

    private static ObjectNode row(ObjectNode account, String type, BigDecimal amount, BigDecimal balance,
                                  ActionRequest req, String transactionInfo) {
        ObjectNode a = Json.object();
        a.put("id", UUID.randomUUID().toString());
        a.put("typeAction", type);
        a.put("amountAction", amount);
        a.put("balance", balance);
        a.put("dateAction", Json.date(Instant.now()));
        a.put("notify", req.notifyPatron());
        if (req.comments() != null) a.put("comments", req.comments());
        if (req.paymentMethod() != null) a.put("paymentMethod", req.paymentMethod());
        if (req.servicePointId() != null) a.put("createdAt", req.servicePointId());
        if (req.userName() != null) a.put("source", req.userName());
        a.put("transactionInformation", transactionInfo == null ? "" : transactionInfo);
        a.put("accountId", Json.text(account, "id"));
        a.put("userId", Json.text(account, "userId"));
        return a;
    }

    private static boolean closed(ObjectNode account) {
        return "Closed".equalsIgnoreCase(Json.text(account, "status.name"))
                && Money.field(account, "remaining").signum() == 0;
    }

    /** Paid and transferred, less what earlier refunds gave back (FOLIO's refundable actions). */
    static BigDecimal refundable(Connection c, String schema, ObjectNode account) throws SQLException {
        return Sql.one(c, "SELECT coalesce(sum(CASE WHEN type_action LIKE 'Refunded%' THEN -1 ELSE 1 END"
                        + " * (jsonb->>'amountAction')::numeric), 0) FROM " + schema + ".feefineaction"
                        + " WHERE account_id = ? AND (type_action LIKE 'Paid%' OR type_action LIKE 'Transferred%'"
                        + " OR type_action LIKE 'Refunded%')",
                List.of(UUID.fromString(Json.text(account, "id"))), rs -> rs.getBigDecimal(1))
                .map(Money::of).orElse(Money.ZERO);
    }

    private static ObjectNode account(Connection c, String schema, UUID id, boolean lock) throws SQLException {
        var found = lock ? FeesFinesTypes.ACCOUNTS.getForUpdate(c, schema, id) : FeesFinesTypes.ACCOUNTS.get(c, schema, id);
        return found.orElseThrow(() -> new ActionRefused(404, "Fee/fine ID " + id + " not found"));
    }
}
