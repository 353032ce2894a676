package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.FeesFinesTypes;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * SQL of circulation's Loans: every statement about them, in one style (platform.db.Sql, schema-qualified,
 * ? parameters). Use cases compose these methods inside the transaction they opened.
 */
final class LoanStore {
    private LoanStore() {
    }

    // --- Check-out, check-in and the loan representation ----------------------------------------------------------

    /** The item's open loan, row-locked for this transaction (one read of the partial unique index loan_one_open_per_item). */
    static Optional<LoanView> openLoan(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.one(c, openLoanSql(schema), List.of(itemId), rs -> new LoanView(Json.parseObject(rs.getString(1))));
    }

    /** The statement of {@link #openLoan} (HotQueryPlansTest EXPLAINs exactly it). */
    static String openLoanSql(String schema) {
        return openLoanSql(schema, "?");
    }

    /**
     * The same for the item whose id {@code itemId} gives (a parameter, or an expression of a larger statement; a
     * constant, so the text is built once per schema).
     */
    static String openLoanSql(String schema, String itemId) {
        return Sql.filled(OPEN_LOAN, schema, itemId);
    }

    private static final String OPEN_LOAN = "SELECT jsonb FROM %1$s.loan WHERE item_id = %2$s AND status_name = 'Open'"
            + " FOR UPDATE";

    /** The proxy relations (mod-users' proxiesfor records) in which {@code proxyUserId} acts for {@code userId}. */
    static List<ObjectNode> proxyRelations(Connection c, String schema, UUID userId, UUID proxyUserId)
            throws SQLException {
        return Sql.list(c, proxyRelationsSql(schema), List.of(userId, proxyUserId), rs -> Json.parseObject(rs.getString(1)));
    }

    /** The statement of {@link #proxyRelations} (HotQueryPlansTest EXPLAINs exactly it). */
    static String proxyRelationsSql(String schema) {
        return "SELECT jsonb FROM " + schema + ".proxy_for WHERE user_id = ? AND proxy_user_id = ?";
    }

    /**
     * The patron's open loans of one kind, for FOLIO's item limit: items of one of {@code materialTypeIds} and of one
     * of {@code loanTypeIds} (the temporary loan type when set); an empty collection does not restrict.
     */
    static long openLoansOfKind(Connection c, String schema, UUID userId, Collection<String> materialTypeIds,
                                Collection<String> loanTypeIds) throws SQLException {
        List<Object> params = new ArrayList<>();
        params.add(userId);
        if (!materialTypeIds.isEmpty())
            params.add(c.createArrayOf("uuid", materialTypeIds.stream().map(UUID::fromString).toArray()));
        if (!loanTypeIds.isEmpty())
            params.add(c.createArrayOf("uuid", loanTypeIds.stream().map(UUID::fromString).toArray()));
        return Sql.one(c, openLoansOfKindSql(schema, !materialTypeIds.isEmpty(), !loanTypeIds.isEmpty()), params,
                rs -> rs.getLong(1)).orElse(0L);
    }

    /**
     * The statement of {@link #openLoansOfKind}: parameters the user, then the material types and the loan types when
     * they restrict (HotQueryPlansTest EXPLAINs exactly it).
     */
    static String openLoansOfKindSql(String schema, boolean byMaterialType, boolean byLoanType) {
        return "SELECT count(*) FROM " + schema + ".loan l JOIN " + schema + ".item i ON i.id = l.item_id"
                + " WHERE l.user_id = ? AND l.status_name = 'Open'"
                + (byMaterialType ? " AND i.material_type_id = ANY(?)" : "")
                + (byLoanType ? " AND coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id) = ANY(?)" : "");
    }

    /** The entries of a fixed due date schedule; none when the policy names no schedule or it does not exist. */
    static List<LoanPolicy.ScheduleEntry> fixedDueDateSchedule(Connection c, String schema, String scheduleId)
            throws SQLException {
        if (scheduleId == null) return List.of();
        return LoanPolicy.schedule(CirculationTypes.FIXED_DUE_DATE_SCHEDULES.get(c, schema, UUID.fromString(scheduleId))
                .orElse(null));
    }

    /**
     * ONE statement for a page of loans (LoanRepresentation.extendAll): the remaining amounts of the loans' open
     * fee/fine accounts, summed per loan.
     */
    static Map<UUID, BigDecimal> remainingOfOpenAccounts(Connection c, String schema, Set<UUID> loanIds)
            throws SQLException {
        Map<UUID, BigDecimal> out = new HashMap<>();
        if (loanIds.isEmpty()) return out;
        for (var row : Sql.list(c, "SELECT loan_id, sum((jsonb->>'remaining')::numeric) FROM " + schema
                        + ".account WHERE loan_id = ANY(?) AND status_name = 'Open' GROUP BY loan_id",
                List.of(c.createArrayOf("uuid", loanIds.toArray())),
                rs -> Map.entry(rs.getObject(1, UUID.class), rs.getBigDecimal(2)))) {
            out.put(row.getKey(), row.getValue());
        }
        return out;
    }


    // ---- Lost items, aging to lost, anonymization (the loan actions) ----

    /** The item statuses a loan does not age to lost from (and a loan already lost by its action). */
    private static final String NOT_AGEABLE = "('" + ItemStatus.DECLARED_LOST + "', '" + ItemStatus.AGED_TO_LOST
            + "', '" + ItemStatus.CLAIMED_RETURNED + "')";
    private static final String LOST_ACTIONS = "('" + LoanAction.DECLARED_LOST + "', '" + LoanAction.ITEM_AGED_TO_LOST
            + "', '" + LoanAction.CLAIMED_RETURNED + "')";

    /** The lost item fee policies that age loans at all (few). */
    static List<ObjectNode> agingLostItemPolicies(Connection c, String schema) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".lost_item_policy WHERE"
                        + " jsonb->'itemAgedLostOverdue' IS NOT NULL OR jsonb->'recalledItemAgedLostOverdue' IS NOT NULL",
                List.of(), rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * Open loans not yet lost whose due date is before their policy's threshold. With {@code lock} it returns the
     * loans' JSON (for the FOR UPDATE), else their ids and item ids. Parameters: policy ids, their thresholds for
     * loans not recalled and recalled (arrays), now.
     */
    static String ageToLostCandidatesSql(String schema, boolean lock) {
        return "SELECT " + (lock ? "l.jsonb" : "l.id, l.item_id") + " FROM " + schema + ".loan l"
                + " JOIN unnest(?::uuid[], ?::timestamptz[], ?::timestamptz[]) AS t (policy_id, normal, recalled)"
                + " ON t.policy_id = l.lost_item_policy_id"
                + " JOIN " + schema + ".item i ON i.id = l.item_id AND i.status_name NOT IN " + NOT_AGEABLE
                + " WHERE l.status_name = 'Open' AND l.action NOT IN " + LOST_ACTIONS
                + " AND l.due_date < ? AND l.due_date < CASE WHEN l.jsonb->>'dueDateChangedByRecall' = 'true'"
                + " THEN t.recalled ELSE t.normal END";
    }

    /** A loan found by a job: its id and its item's. */
    record LoanAndItem(UUID loanId, UUID itemId) {
    }

    /** The first {@code limit} loans that have aged to lost at {@code now}, by due date (one index range scan). */
    static List<LoanAndItem> ageToLostCandidates(Connection c, String schema, UUID[] policies, String[] normal,
                                                 String[] recalled, Instant now, int limit) throws SQLException {
        return Sql.list(c, ageToLostCandidatesSql(schema, false) + " ORDER BY l.due_date LIMIT ?",
                List.of(c.createArrayOf("uuid", policies), c.createArrayOf("timestamptz", normal),
                        c.createArrayOf("timestamptz", recalled), now, limit),
                rs -> new LoanAndItem(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)));
    }

    /** Those of the candidates still aging, whose items are locked, locked in turn (skipping rows others hold). */
    static List<ObjectNode> lockAgeToLostLoans(Connection c, String schema, UUID[] policies, String[] normal,
                                               String[] recalled, Instant now, Collection<UUID> loanIds,
                                               Collection<UUID> itemIds) throws SQLException {
        return Sql.list(c, ageToLostCandidatesSql(schema, true)
                        + " AND l.id = ANY(?) AND l.item_id = ANY(?) FOR UPDATE OF l SKIP LOCKED",
                List.of(c.createArrayOf("uuid", policies), c.createArrayOf("timestamptz", normal),
                        c.createArrayOf("timestamptz", recalled), now, c.createArrayOf("uuid", loanIds.toArray()),
                        c.createArrayOf("uuid", itemIds.toArray())),
                rs -> Json.parseObject(rs.getString(1)));
    }

    /** Aged-to-lost loans waiting to be billed (the item still Aged to lost); with {@code lock} their JSON, else ids. */
    static String agedToLostBillingCandidatesSql(String schema, boolean lock) {
        return "SELECT " + (lock ? "l.jsonb" : "l.id, l.item_id") + " FROM " + schema + ".loan l"
                + " JOIN " + schema + ".item i ON i.id = l.item_id AND i.status_name = '" + ItemStatus.AGED_TO_LOST + "'"
                + " WHERE l.status_name = 'Open' AND l.lost_item_has_been_billed = false AND l.aged_to_lost_bill_date <= ?";
    }

    /** The first {@code limit} aged-to-lost loans due to be billed at {@code now} (one index range scan). */
    static List<LoanAndItem> agedToLostBillingCandidates(Connection c, String schema, Instant now, int limit)
            throws SQLException {
        return Sql.list(c, agedToLostBillingCandidatesSql(schema, false) + " ORDER BY l.aged_to_lost_bill_date LIMIT ?",
                List.of(now, limit), rs -> new LoanAndItem(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)));
    }

    /** Those of the billing candidates whose items are locked, locked in turn (skipping rows others hold). */
    static List<ObjectNode> lockAgedToLostBillingLoans(Connection c, String schema, Instant now,
                                                       Collection<UUID> loanIds, Collection<UUID> itemIds)
            throws SQLException {
        return Sql.list(c, agedToLostBillingCandidatesSql(schema, true) + " AND l.id = ANY(?) AND l.item_id = ANY(?)"
                        + " FOR UPDATE OF l SKIP LOCKED", List.of(now, c.createArrayOf("uuid", loanIds.toArray()),
                        c.createArrayOf("uuid", itemIds.toArray())),
                rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * The item rows of {@code ids} whose status is not (with {@code except}) or is (without) one of {@code statuses},
     * locked, skipping those held, by id.
     */
    static Map<UUID, ObjectNode> lockItemsSkippingHeld(Connection c, String schema, List<UUID> ids, boolean except,
                                                       ItemStatus... statuses) throws SQLException {
        Map<UUID, ObjectNode> out = new HashMap<>();
        String[] names = Arrays.stream(statuses).map(ItemStatus::folioName).toArray(String[]::new);
        for (ObjectNode item : Sql.list(c, "SELECT jsonb FROM " + schema + ".item WHERE id = ANY(?) AND "
                        + (except ? "NOT " : "") + "status_name = ANY(?) ORDER BY id FOR UPDATE SKIP LOCKED",
                List.of(c.createArrayOf("uuid", ids.toArray()), c.createArrayOf("text", names)),
                rs -> Json.parseObject(rs.getString(1)))) {
            out.put(UUID.fromString(Json.text(item, "id")), item);
        }
        return out;
    }

    /**
     * The open loans among {@code accountIds}' whose lost item fees are all closed now (usually none), in id order.
     */
    static List<UUID> loansWithLostFeesSettled(Connection c, String schema, Collection<UUID> accountIds)
            throws SQLException {
        return Sql.list(c, "SELECT DISTINCT a.loan_id FROM " + schema + ".account a WHERE a.id = ANY(?)"
                        + " AND a.loan_id IS NOT NULL AND a.fee_fine_id = ANY(?) AND NOT EXISTS (SELECT 1 FROM " + schema
                        + ".account o WHERE o.loan_id = a.loan_id AND o.fee_fine_id = ANY(?) AND o.status_name <> 'Closed')"
                        + " ORDER BY a.loan_id",
                List.of(c.createArrayOf("uuid", accountIds.toArray()), lostFeeTypes(c), lostFeeTypes(c)),
                rs -> rs.getObject(1, UUID.class));
    }

    private static java.sql.Array lostFeeTypes(Connection c) throws SQLException {
        return c.createArrayOf("uuid", new Object[]{FeesFinesTypes.LOST_ITEM_FEE_TYPE,
                FeesFinesTypes.LOST_ITEM_PROCESSING_FEE_TYPE});
    }

    /** An item's JSON, locked unless someone else holds it (then empty). */
    static Optional<ObjectNode> itemLockedUnlessHeld(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.one(c, "SELECT jsonb FROM " + schema + ".item WHERE id = ? FOR UPDATE SKIP LOCKED",
                List.of(itemId), rs -> Json.parseObject(rs.getString(1)));
    }

    /** What anonymizing a patron's closed loans did: the loans anonymized, those kept for their fees/fines. */
    record Anonymized(List<String> anonymized, List<String> withFeesAndFines) {
    }

    /**
     * Anonymizes the patron's closed loans that no fee/fine account names, in ONE statement: the closed loans locked,
     * those with accounts found, the others' {@code userId} removed (mod-circulation-storage's AnonymizeStorageLoansAPI:
     * {@code jsonb - 'userId'}, metadata left as it was) and their outbox events appended.
     */
    static Anonymized anonymizeClosedLoans(Connection c, String schema, UUID userId) throws SQLException {
        String sql = """
                WITH closed AS (
                    SELECT l.id, l.jsonb FROM %1$s.loan l
                    WHERE l.user_id = ? AND l.status_name = 'Closed' FOR UPDATE),
                with_fees AS (
                    SELECT c.id FROM closed c WHERE EXISTS (SELECT 1 FROM %1$s.account a WHERE a.loan_id = c.id)),
                anonymized AS (
                    UPDATE %1$s.loan l SET jsonb = l.jsonb - 'userId', user_id = NULL
                    FROM closed c WHERE l.id = c.id AND c.id NOT IN (SELECT id FROM with_fees)
                    RETURNING l.id, c.jsonb AS old, l.jsonb AS new),
                events AS (
                    INSERT INTO %1$s.outbox (topic, record_id, payload)
                    SELECT 'circulation.loan', id, jsonb_build_object('type', 'UPDATED', 'old', old, 'new', new)
                    FROM anonymized)
                SELECT (SELECT coalesce(array_agg(id::text ORDER BY id), '{}') FROM anonymized),
                       (SELECT coalesce(array_agg(id::text ORDER BY id), '{}') FROM with_fees)
                """.formatted(schema);
        return Sql.one(c, sql, List.of(userId), rs -> new Anonymized(
                Arrays.asList((String[]) rs.getArray(1).getArray()),
                Arrays.asList((String[]) rs.getArray(2).getArray()))).orElseThrow();
    }
}
