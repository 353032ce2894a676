package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
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

    // --- Check-out, check-in and the loan representation ---------------------------------------------------------------------------------

    /** The item's open loan, row-locked for this transaction (one read of the partial unique index loan_one_open_per_item). */
    static Optional<LoanView> openLoan(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.one(c, openLoanSql(schema), List.of(itemId), rs -> new LoanView(Json.parseObject(rs.getString(1))));
    }

    /** The statement of {@link #openLoan} (HotQueryPlansTest EXPLAINs exactly it). */
    static String openLoanSql(String schema) {
        return "SELECT jsonb FROM " + schema + ".loan WHERE item_id = ? AND status_name = 'Open' FOR UPDATE";
    }

    /** The proxy relations (mod-users' proxiesfor records) in which {@code proxyUserId} acts for {@code userId}. */
    static List<ObjectNode> proxyRelations(Connection c, String schema, UUID userId, UUID proxyUserId)
            throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".proxy_for WHERE user_id = ? AND proxy_user_id = ?",
                List.of(userId, proxyUserId), rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * The patron's open loans of one kind, for FOLIO's item limit: items of one of {@code materialTypeIds} and of one
     * of {@code loanTypeIds} (the temporary loan type when set); an empty collection does not restrict.
     */
    static long openLoansOfKind(Connection c, String schema, UUID userId, Collection<String> materialTypeIds,
                                Collection<String> loanTypeIds) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT count(*) FROM " + schema + ".loan l JOIN " + schema
                + ".item i ON i.id = l.item_id WHERE l.user_id = ? AND l.status_name = 'Open'");
        List<Object> params = new ArrayList<>();
        params.add(userId);
        if (!materialTypeIds.isEmpty()) {
            sql.append(" AND i.material_type_id = ANY(?)");
            params.add(c.createArrayOf("uuid", materialTypeIds.stream().map(UUID::fromString).toArray()));
        }
        if (!loanTypeIds.isEmpty()) {
            sql.append(" AND coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id) = ANY(?)");
            params.add(c.createArrayOf("uuid", loanTypeIds.stream().map(UUID::fromString).toArray()));
        }
        return Sql.one(c, sql.toString(), params, rs -> rs.getLong(1)).orElse(0L);
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

    // --- end of check-out, check-in and the loan representation ----------------------------------------------
}
