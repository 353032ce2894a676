package org.quire.feesfines;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * All SQL of fees/fines (mod-feesfines' accounts and feefineactions), in one style: platform.db.Sql or the record
 * stores of {@link FeesFinesTypes}, schema-qualified, ? parameters. Use cases (account actions, automatic fees, lost
 * item fees) compose these methods inside the transaction their caller opened.
 */
public final class FeesFinesStore {
    private FeesFinesStore() {
    }

    /**
     * The accounts with these ids, in id order, locked when {@code lock} (id order, so two bulk actions over the same
     * accounts cannot deadlock). Ids that do not exist are simply absent.
     */
    static List<ObjectNode> accounts(Connection c, String schema, List<UUID> ids, boolean lock) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".account WHERE id = ANY(?) ORDER BY id"
                        + (lock ? " FOR UPDATE" : ""), List.of(c.createArrayOf("uuid", ids.toArray())),
                rs -> Json.parseObject(rs.getString(1)));
    }

    /** A payment, transfer or refund already made on an account: what its refundable amount is computed from. */
    record MoneyAction(UUID accountId, String typeAction, String paymentMethod, String transactionInformation,
                       BigDecimal amount) {
    }

    /** The payments, transfers and refunds of these accounts, in the order they were made: 1 query. */
    static List<MoneyAction> moneyActions(Connection c, String schema, List<UUID> accountIds) throws SQLException {
        return Sql.list(c, "SELECT account_id, type_action, jsonb->>'paymentMethod', jsonb->>'transactionInformation',"
                        + " (jsonb->>'amountAction')::numeric FROM " + schema + ".feefineaction WHERE account_id = ANY(?)"
                        + " AND (type_action LIKE 'Paid%' OR type_action LIKE 'Transferred%' OR type_action LIKE 'Refunded%')"
                        + " ORDER BY date_action, created_date",
                List.of(c.createArrayOf("uuid", accountIds.toArray())),
                rs -> new MoneyAction(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
                        Money.of(rs.getBigDecimal(5))));
    }

    /** Writes an action's feefineaction rows (1 batch) and the accounts it changed (1 batch). */
    static List<ObjectNode> saveAction(Connection c, String schema, List<ObjectNode> actionRows,
                                       List<ObjectNode> accountsBefore, List<ObjectNode> accountsAfter, UUID staffUserId)
            throws SQLException {
        List<ObjectNode> saved = FeesFinesTypes.ACTIONS.insertAll(c, schema, actionRows, staffUserId, false);
        FeesFinesTypes.ACCOUNTS.replaceAll(c, schema, accountsBefore, accountsAfter, staffUserId);
        return saved;
    }

    /** The lost item fee and lost item processing fee accounts of a loan, locked in id order. */
    static List<ObjectNode> lostFeeAccounts(Connection c, String schema, UUID loanId) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".account WHERE loan_id = ? AND fee_fine_id = ANY(?)"
                        + " ORDER BY id FOR UPDATE", List.of(loanId, c.createArrayOf("uuid", new Object[]{
                        FeesFinesTypes.LOST_ITEM_FEE_TYPE, FeesFinesTypes.LOST_ITEM_PROCESSING_FEE_TYPE})),
                rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * The charge's {@code source} as mod-circulation's StoredFeeFineAction writes it: the staff user's personal name
     * "Last, First", or their username when either part is blank.
     */
    private static final String STAFF_NAME = "CASE WHEN btrim(coalesce(u.jsonb->'personal'->>'firstName', '')) <> ''"
            + " AND btrim(coalesce(u.jsonb->'personal'->>'lastName', '')) <> ''"
            + " THEN (u.jsonb->'personal'->>'lastName') || ', ' || (u.jsonb->'personal'->>'firstName')"
            + " ELSE u.jsonb->>'username' END";

    /**
     * ONE statement: finds the fee/fine owner serving {@code primaryServicePoint} (the first by id), inserts the
     * account with that owner's id and name added, and its charging action with the staff member's name as
     * {@code source} (when {@code staffUserId} names a user). Returns false, inserting nothing, when no owner serves
     * that service point.
     */
    static boolean insertAutomaticFee(Connection c, String schema, UUID primaryServicePoint, ObjectNode account,
                                      ObjectNode action, AutomaticFees.FeeType type, UUID staffUserId, Instant now)
            throws SQLException {
        String s = schema + ".";
        UUID accountId = UUID.fromString(Json.text(account, "id"));
        UUID userId = UUID.fromString(Json.text(account, "userId"));
        int inserted = Sql.update(c, "WITH o AS (SELECT id, jsonb->>'owner' AS name FROM " + s + "owner"
                        + " WHERE jsonb->'servicePointOwner' @> ?::jsonb ORDER BY id LIMIT 1),"
                        + " a AS (INSERT INTO " + s + "account (id, jsonb, created_date, updated_date, user_id, item_id,"
                        + " loan_id, status_name, payment_status_name, fee_fine_id, owner_id, fee_fine_type)"
                        + " SELECT ?, ?::jsonb || jsonb_build_object('ownerId', o.id, 'feeFineOwner', o.name), ?, ?, ?, ?,"
                        + " ?, 'Open', 'Outstanding', ?, o.id, ? FROM o RETURNING id)"
                        + " INSERT INTO " + s + "feefineaction (id, jsonb, created_date, updated_date, account_id, user_id,"
                        + " type_action, date_action) SELECT ?, ?::jsonb || coalesce((SELECT jsonb_build_object('source', "
                        + STAFF_NAME + ") FROM " + s + "users u WHERE u.id = ?::uuid), '{}'::jsonb), ?, ?, a.id, ?, ?, ? FROM a",
                Arrays.asList(new Sql.Json("[{\"value\":\"" + primaryServicePoint + "\"}]"),
                        accountId, new Sql.Json(Json.write(account)), now, now, userId,
                        UUID.fromString(Json.text(account, "itemId")), UUID.fromString(Json.text(account, "loanId")),
                        type.id(), type.name(), UUID.fromString(Json.text(action, "id")), new Sql.Json(Json.write(action)),
                        staffUserId, now, now, userId, type.name(), now));
        return inserted > 0;
    }
}
