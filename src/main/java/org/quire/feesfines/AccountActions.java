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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * mod-feesfines' actions on fees/fines (accounts), one at a time or in bulk: pay, waive, transfer, refund, cancel,
 * and their "check-" validations. Each action is one transaction of four round trips at most, whatever the number of
 * accounts (see {@link #perform}).
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

    /**
     * FOLIO's action body: amount, paymentMethod (the transfer account for transfers), notifyPatron, …; a cancellation
     * may give its {@code cancellationReason} (circulation's "Cancelled item returned", …).
     */
    public record ActionRequest(JsonNode amount, String paymentMethod, boolean notifyPatron, String servicePointId,
                                String userName, String comments, String transactionInfo, String cancellationReason) {
        public static ActionRequest of(ObjectNode b) {
            return new ActionRequest(b.get("amount"), Json.text(b, "paymentMethod"), b.path("notifyPatron").asBoolean(false),
                    Json.text(b, "servicePointId"), Json.text(b, "userName"), Json.text(b, "comments"),
                    Json.text(b, "transactionInfo"), Json.text(b, "cancellationReason"));
        }

        /** A cancellation's type and payment status: its reason, "Cancelled as error" when it gives none. */
        String cancelType() {
            return cancellationReason == null || cancellationReason.isBlank() ? Action.CANCEL.result : cancellationReason;
        }
    }

    /** What a successful check answers: the amount asked for and what would remain (of the fee/fine, or refundable). */
    public record Check(BigDecimal amount, BigDecimal remaining) {
    }

    private AccountActions() {
    }

    /**
     * mod-feesfines' validation of an action on one or several accounts: all exist (404), the amount parses and is
     * positive, no account is closed, and the amount is within what they have remaining (or refundable) together.
     */
    public static Check check(Connection c, String schema, Action action, List<UUID> accountIds, JsonNode rawAmount)
            throws SQLException {
        List<ObjectNode> accounts = accounts(c, schema, accountIds, false);
        return validate(action, accounts, actionable(c, schema, action, accounts), rawAmount);
    }

    private static Check validate(Action action, List<ObjectNode> accounts, Map<String, BigDecimal> actionable,
                                  JsonNode rawAmount) {
        BigDecimal total = actionable.values().stream().reduce(Money.ZERO, BigDecimal::add);
        if (action == Action.CANCEL) {
            // FOLIO's cancellation goes by the status alone: a Closed fee/fine is closed whatever it has remaining.
            if (accounts.stream().anyMatch(a -> "Closed".equalsIgnoreCase(Json.text(a, "status.name")))) {
                throw new ActionRefused(422, "Fee/fine is already closed");
            }
            return new Check(total, Money.ZERO);
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
            // A closed fee/fine can be refunded: no status check.
            if (amount.compareTo(total) > 0) throw new ActionRefused(422,
                    "Refund amount must be greater than zero and less than or equal to Selected amount");
            return new Check(amount, total.subtract(amount));
        }
        if (accounts.stream().anyMatch(AccountActions::closed)) throw new ActionRefused(422, "Fee/fine is already closed");
        if (amount.compareTo(total) > 0) throw new ActionRefused(422, "Requested amount exceeds remaining amount");
        return new Check(amount, total.subtract(amount));
    }

    /**
     * Performs the action on the accounts (one for /accounts/{id}/…, several for /accounts-bulk/…), the amount
     * spread over them as mod-feesfines does ({@link AmountSplit}); an account whose share is nothing is left alone.
     * Returns the feefineaction rows created, account by account. Round trips: accounts locked (1), for a refund
     * their refundable actions (1), the action rows (1 batch), the accounts updated (1 batch).
     */
    public static List<ObjectNode> perform(Connection c, String schema, Action action, List<UUID> accountIds,
                                           ActionRequest req, UUID staffUserId) throws SQLException {
        List<ObjectNode> accounts = accounts(c, schema, accountIds, true);
        Map<String, BigDecimal> actionable = actionable(c, schema, action, accounts);
        Check check = validate(action, accounts, actionable, req.amount());
        Map<String, BigDecimal> shares = action == Action.CANCEL ? actionable : AmountSplit.split(check.amount(), actionable);
        List<ObjectNode> rows = new ArrayList<>();
        List<ObjectNode> before = new ArrayList<>();
        List<ObjectNode> after = new ArrayList<>();
        for (ObjectNode account : accounts) {
            BigDecimal share = shares.get(Json.text(account, "id"));
            if (share == null) continue;
            ObjectNode updated = account.deepCopy();
            rows.addAll(apply(action, updated, share, actionable.get(Json.text(account, "id")), req));
            before.add(account);
            after.add(updated);
        }
        List<ObjectNode> saved = FeesFinesTypes.ACTIONS.insertAll(c, schema, rows, staffUserId, false);
        FeesFinesTypes.ACCOUNTS.replaceAll(c, schema, before, after, staffUserId);
        return saved;
    }

    /**
     * The action rows for {@code amount} of one account ({@code actionable}: what it had remaining, or refundable),
     * and the account changed in place: its remaining, payment status (the last row's type) and status.
     */
    private static List<ObjectNode> apply(Action action, ObjectNode account, BigDecimal amount, BigDecimal actionable,
                                          ActionRequest req) {
        BigDecimal remaining = Money.field(account, "remaining");
        List<ObjectNode> rows = new ArrayList<>();
        String resultType;
        BigDecimal newRemaining;
        switch (action) {
            case REFUND -> {
                boolean full = amount.compareTo(actionable) == 0;
                rows.add(row(account, "Credited" + (full ? " fully" : " partially"), amount, remaining,
                        req, "Refund to patron"));
                newRemaining = remaining.add(amount);
                resultType = action.type(full);
                rows.add(row(account, resultType, amount, newRemaining, req, "Refunded to patron"));
            }
            case CANCEL -> {
                // FOLIO's cancellation row carries the fee/fine's original amount, not what remained of it.
                newRemaining = Money.ZERO;
                resultType = req.cancelType();
                rows.add(row(account, resultType, Money.field(account, "amount"), newRemaining, req,
                        req.transactionInfo()));
            }
            default -> {
                newRemaining = remaining.subtract(amount);
                resultType = action.type(newRemaining.signum() == 0);
                // As sent, for transfers too: the transfer account is the row's paymentMethod (FOLIO's ActionService).
                rows.add(row(account, resultType, amount, newRemaining, req, req.transactionInfo()));
            }
        }
        account.put("remaining", newRemaining);
        account.putObject("paymentStatus").put("name", resultType);
        account.putObject("status").put("name", newRemaining.signum() == 0 && action != Action.REFUND ? "Closed" : "Open");
        return rows;
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

    /** What each account can take of the action: its remaining amount, or for a refund its refundable amount. */
    private static Map<String, BigDecimal> actionable(Connection c, String schema, Action action,
                                                      List<ObjectNode> accounts) throws SQLException {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        Map<UUID, BigDecimal> refundable = action == Action.REFUND ? refundable(c, schema, ids(accounts)) : Map.of();
        for (ObjectNode a : accounts) {
            String id = Json.text(a, "id");
            out.put(id, action == Action.REFUND ? refundable.getOrDefault(UUID.fromString(id), Money.ZERO)
                    : Money.field(a, "remaining"));
        }
        return out;
    }

    /** Refundable amount of one account (LostItemFees settles returned lost items with it). */
    static BigDecimal refundable(Connection c, String schema, ObjectNode account) throws SQLException {
        UUID id = UUID.fromString(Json.text(account, "id"));
        return refundable(c, schema, List.of(id)).getOrDefault(id, Money.ZERO);
    }

    /** Paid and transferred, less what earlier refunds gave back (FOLIO's refundable actions), per account: 1 query. */
    private static Map<UUID, BigDecimal> refundable(Connection c, String schema, List<UUID> accountIds)
            throws SQLException {
        Map<UUID, BigDecimal> out = new HashMap<>();
        for (Map.Entry<UUID, BigDecimal> e : Sql.list(c, "SELECT account_id, coalesce(sum(CASE WHEN type_action LIKE 'Refunded%' THEN -1 ELSE 1 END"
                        + " * (jsonb->>'amountAction')::numeric), 0) FROM " + schema + ".feefineaction"
                        + " WHERE account_id = ANY(?) AND (type_action LIKE 'Paid%' OR type_action LIKE 'Transferred%'"
                        + " OR type_action LIKE 'Refunded%') GROUP BY account_id",
                List.of(c.createArrayOf("uuid", accountIds.toArray())),
                rs -> Map.entry(rs.getObject(1, UUID.class), Money.of(rs.getBigDecimal(2))))) {
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    /**
     * The accounts in the order asked for (each once), locked in id order when {@code lock} so that two bulk actions
     * over the same accounts cannot deadlock; 404 "Fee/fine ID … not found" for the first one that does not exist.
     */
    private static List<ObjectNode> accounts(Connection c, String schema, List<UUID> ids, boolean lock)
            throws SQLException {
        List<UUID> distinct = List.copyOf(new LinkedHashSet<>(ids));
        Map<UUID, ObjectNode> found = new HashMap<>();
        for (ObjectNode a : Sql.list(c, "SELECT jsonb FROM " + schema + ".account WHERE id = ANY(?) ORDER BY id"
                        + (lock ? " FOR UPDATE" : ""), List.of(c.createArrayOf("uuid", distinct.toArray())),
                rs -> Json.parseObject(rs.getString(1)))) {
            found.put(UUID.fromString(Json.text(a, "id")), a);
        }
        List<ObjectNode> out = new ArrayList<>();
        for (UUID id : distinct) {
            ObjectNode a = found.get(id);
            if (a == null) throw new ActionRefused(404, "Fee/fine ID " + id + " not found");
            out.add(a);
        }
        return out;
    }

    private static List<UUID> ids(List<ObjectNode> accounts) {
        return accounts.stream().map(a -> UUID.fromString(Json.text(a, "id"))).toList();
    }
}
