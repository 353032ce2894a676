package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.NotFound;

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
 * balance after it. A refund (of money paid or transferred) re-opens the account: "Credited" rows at the old
 * balance, then "Refunded" rows adding the refunded amount back, one of each per recipient (the patron, each
 * transfer account), as FOLIO records it.
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
     * A staff action as one transaction (the use case's entry point): {@link #perform(Connection, String, Action, List,
     * ActionRequest, UUID)}, then {@code after} in the same transaction.
     */
    public static List<ObjectNode> perform(Database db, String schema, Action action, List<UUID> accountIds,
                                           ActionRequest req, UUID staffUserId, AfterAccountAction after) {
        return db.tx(c -> {
            List<ObjectNode> done = perform(c, schema, action, accountIds, req, staffUserId);
            after.accountsChanged(c, schema, accountIds, staffUserId);
            return done;
        });
    }

    /** A check ("check-pay", …) on one read connection: see {@link #check(Connection, String, Action, List, JsonNode)}. */
    public static Check check(Database db, String schema, Action action, List<UUID> accountIds, JsonNode rawAmount) {
        return db.read(c -> check(c, schema, action, accountIds, rawAmount));
    }

    /**
     * mod-feesfines' validation of an action on one or several accounts: all exist (404), the amount parses and is
     * positive, no account is closed, and the amount is within what they have remaining (or refundable) together.
     */
    public static Check check(Connection c, String schema, Action action, List<UUID> accountIds, JsonNode rawAmount)
            throws SQLException {
        List<ObjectNode> accounts = accounts(c, schema, accountIds, false);
        Map<String, Refundable> refundable = action == Action.REFUND ? refundable(c, schema, accounts) : Map.of();
        return validate(action, accounts, actionable(action, accounts, refundable), rawAmount);
    }

    private static Check validate(Action action, List<ObjectNode> accounts, Map<String, BigDecimal> actionable,
                                  JsonNode rawAmount) {
        BigDecimal total = actionable.values().stream().reduce(Money.ZERO, BigDecimal::add);
        if (action == Action.CANCEL) {
            // FOLIO's cancellation goes by the status alone: a Closed fee/fine is closed whatever it has remaining.
            if (accounts.stream().anyMatch(a -> "Closed".equalsIgnoreCase(Json.text(a, "status.name")))) {
                throw new ActionRefused("Fee/fine is already closed");
            }
            return new Check(total, Money.ZERO);
        }
        BigDecimal amount;
        try {
            amount = Money.parse(rawAmount);
        } catch (NumberFormatException e) {
            amount = null;
        }
        if (amount == null) throw new ActionRefused("Invalid amount entered");
        if (amount.signum() <= 0) throw new ActionRefused("Amount must be positive");
        if (action == Action.REFUND) {
            // A closed fee/fine can be refunded: no status check.
            if (amount.compareTo(total) > 0) throw new ActionRefused(
                    "Refund amount must be greater than zero and less than or equal to Selected amount");
            return new Check(amount, total.subtract(amount));
        }
        if (accounts.stream().anyMatch(AccountActions::closed)) throw new ActionRefused("Fee/fine is already closed");
        if (amount.compareTo(total) > 0) throw new ActionRefused("Requested amount exceeds remaining amount");
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
        Map<String, Refundable> refundable = action == Action.REFUND ? refundable(c, schema, accounts) : Map.of();
        Map<String, BigDecimal> actionable = actionable(action, accounts, refundable);
        Check check = validate(action, accounts, actionable, req.amount());
        Map<String, BigDecimal> shares = action == Action.CANCEL ? actionable : AmountSplit.split(check.amount(), actionable);
        List<ObjectNode> rows = new ArrayList<>();
        List<ObjectNode> before = new ArrayList<>();
        List<ObjectNode> after = new ArrayList<>();
        for (ObjectNode account : accounts) {
            BigDecimal share = shares.get(id(account));
            if (share == null) continue;
            ObjectNode updated = account.deepCopy();
            rows.addAll(apply(action, updated, share, refundable.get(id(account)), req));
            before.add(account);
            after.add(updated);
        }
        return FeesFinesStore.saveAction(c, schema, rows, before, after, staffUserId);
    }

    /**
     * The action rows for {@code amount} of one account, and the account changed in place as FOLIO leaves it: the
     * last row's balance is its remaining and the last row's type its payment status; Closed once nothing remains,
     * except after a refund, which re-opens it.
     */
    private static List<ObjectNode> apply(Action action, ObjectNode account, BigDecimal amount, Refundable refundable,
                                          ActionRequest req) {
        List<ObjectNode> rows = switch (action) {
            case REFUND -> refund(account, amount, refundable, req);
            // FOLIO's cancellation row carries the fee/fine's original amount, not what remained of it.
            case CANCEL -> List.of(row(account, req.cancelType(), Money.field(account, "amount"), Money.ZERO, req,
                    req.transactionInfo()));
            default -> {
                BigDecimal left = Money.field(account, "remaining").subtract(amount);
                // As sent, for transfers too: the transfer account is the row's paymentMethod (FOLIO's ActionService).
                yield List.of(row(account, action.type(left.signum() == 0), amount, left, req, req.transactionInfo()));
            }
        };
        ObjectNode last = rows.getLast();
        BigDecimal remaining = Money.parse(last.get("balance"));
        account.put("remaining", remaining);
        account.putObject("paymentStatus").put("name", Json.text(last, "typeAction"));
        account.putObject("status").put("name", remaining.signum() == 0 && action != Action.REFUND ? "Closed" : "Open");
        return rows;
    }

    /** Who a refund goes back to: the patron (money paid) or a transfer account (money transferred to it). */
    private record Part(String recipient, BigDecimal amount, boolean full) {
    }

    /**
     * A refund as mod-feesfines' RefundActionService writes it: money paid goes back to the patron first, the rest to
     * the transfer accounts it was transferred to (spread over them as {@link AmountSplit}). First a "Credited" row
     * per recipient at the old balance ("Refund to patron", "Refund to &lt;transfer account&gt;"), then a "Refunded" row
     * per recipient adding its part back to the balance ("Refunded to …"); "fully" when all of the paid (or of the
     * transferred) money is refunded.
     */
    private static List<ObjectNode> refund(ObjectNode account, BigDecimal amount, Refundable refundable,
                                           ActionRequest req) {
        BigDecimal toPatron = refundable.paid.min(amount);
        BigDecimal toTransfers = amount.subtract(toPatron);
        boolean transfersFull = refundable.transferred().compareTo(toTransfers) == 0;
        List<Part> parts = new ArrayList<>();
        if (toPatron.signum() > 0) parts.add(new Part(PATRON, toPatron, refundable.paid.compareTo(toPatron) == 0));
        AmountSplit.split(toTransfers, refundable.transfers)
                .forEach((transferAccount, part) -> parts.add(new Part(transferAccount, part, transfersFull)));
        BigDecimal balance = Money.field(account, "remaining");
        List<ObjectNode> rows = new ArrayList<>();
        for (Part p : parts) {
            rows.add(row(account, "Credited" + extent(p.full()), p.amount(), balance, req, "Refund to " + p.recipient()));
        }
        for (Part p : parts) {
            balance = balance.add(p.amount());
            rows.add(row(account, "Refunded" + extent(p.full()), p.amount(), balance, req, "Refunded to " + p.recipient()));
        }
        return rows;
    }

    private static String extent(boolean full) {
        return full ? " fully" : " partially";
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
    private static Map<String, BigDecimal> actionable(Action action, List<ObjectNode> accounts,
                                                      Map<String, Refundable> refundable) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        for (ObjectNode a : accounts) {
            out.put(id(a), action == Action.REFUND ? refundable.get(id(a)).total() : Money.field(a, "remaining"));
        }
        return out;
    }

    /** FOLIO's name for the patron as a refund's recipient ("Refund to patron"). */
    private static final String PATRON = "patron";

    /**
     * What one fee/fine can refund (FOLIO's refundable actions: its payments and transfers), by recipient: money paid
     * to the patron, money transferred to each transfer account (the transfer row's paymentMethod). Quire also takes
     * off what earlier refunds gave back (FOLIO lets the same money be refunded twice), each from the recipient its
     * "Refunded to …" row names, any excess from the others.
     */
    private static final class Refundable {
        private BigDecimal paid = Money.ZERO;
        private final Map<String, BigDecimal> transfers = new LinkedHashMap<>();

        BigDecimal transferred() {
            return transfers.values().stream().reduce(Money.ZERO, BigDecimal::add);
        }

        BigDecimal total() {
            return paid.add(transferred());
        }

        /** Takes one earlier action into account; they come in the order they were made. */
        void add(String typeAction, String paymentMethod, String transactionInfo, BigDecimal amount) {
            if (typeAction.startsWith("Paid")) {
                paid = paid.add(amount);
            } else if (typeAction.startsWith("Transferred")) {
                transfers.merge(paymentMethod == null ? "" : paymentMethod, amount, BigDecimal::add);
            } else if (typeAction.startsWith("Refunded")) {
                String to = transactionInfo != null && transactionInfo.startsWith("Refunded to ")
                        ? transactionInfo.substring("Refunded to ".length()) : PATRON;
                BigDecimal left = PATRON.equals(to) ? amount : takeFromTransfer(to, amount);
                BigDecimal fromPaid = left.min(paid);
                paid = paid.subtract(fromPaid);
                left = left.subtract(fromPaid);
                for (String t : List.copyOf(transfers.keySet())) left = takeFromTransfer(t, left);
            }
        }

        private BigDecimal takeFromTransfer(String transferAccount, BigDecimal amount) {
            BigDecimal has = transfers.get(transferAccount);
            if (has == null || amount.signum() <= 0) return amount;
            BigDecimal taken = has.min(amount);
            transfers.put(transferAccount, has.subtract(taken));
            return amount.subtract(taken);
        }
    }

    /** Refundable amount of one account (LostItemFees settles returned lost items with it). */
    static BigDecimal refundable(Connection c, String schema, ObjectNode account) throws SQLException {
        return refundable(c, schema, List.of(account)).get(id(account)).total();
    }

    /** What each account can refund, from its payments, transfers and refunds: 1 query. */
    private static Map<String, Refundable> refundable(Connection c, String schema, List<ObjectNode> accounts)
            throws SQLException {
        Map<String, Refundable> out = new LinkedHashMap<>();
        for (ObjectNode a : accounts) out.put(id(a), new Refundable());
        for (FeesFinesStore.MoneyAction m : FeesFinesStore.moneyActions(c, schema, ids(accounts))) {
            out.get(m.accountId().toString()).add(m.typeAction(), m.paymentMethod(), m.transactionInformation(),
                    m.amount());
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
        for (ObjectNode a : FeesFinesStore.accounts(c, schema, distinct, lock)) {
            found.put(UUID.fromString(Json.text(a, "id")), a);
        }
        List<ObjectNode> out = new ArrayList<>();
        for (UUID id : distinct) {
            ObjectNode a = found.get(id);
            if (a == null) throw new NotFound("Fee/fine ID " + id + " not found");
            out.add(a);
        }
        return out;
    }

    private static List<UUID> ids(List<ObjectNode> accounts) {
        return accounts.stream().map(a -> UUID.fromString(Json.text(a, "id"))).toList();
    }

    /** An account's id in one spelling, to key the maps of an action by. */
    private static String id(ObjectNode account) {
        return UUID.fromString(Json.text(account, "id")).toString();
    }
}
