package org.quire.circulation.blocks;

import org.quire.platform.db.Sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What the block conditions are evaluated on, read fresh from loans and items in ONE statement inside the caller's
 * transaction. FOLIO keeps a "user summary" updated by events instead, which lags behind check-outs (folio-api.md
 * §8 item 5). Loans whose item is claimed returned count for nothing, as in FOLIO.
 *
 * @param openLoans          open loans
 * @param overdueLoans       open loans whose due date has passed (FOLIO also subtracts the overdue fine policy's
 *                           grace period and closed days; Quire does not read those policies yet)
 * @param lostItems          open loans whose item is Declared lost or Aged to lost
 * @param overdueRecalls     open loans shortened by a recall whose due date has passed
 * @param maxRecallOverdueDays whole days the most overdue of those is past its due date
 * @param feeFineBalance     remaining amount of the patron's open fee/fine accounts
 */
public record PatronCounts(long openLoans, long overdueLoans, long lostItems, long overdueRecalls,
                           long maxRecallOverdueDays, BigDecimal feeFineBalance) {

    /*
     * A recalled loan carries dueDateChangedByRecall (set when the recall shortened it); it counts as an overdue recall
     * once that due date has passed, overdue by whole days. The balance is the remaining amount of the patron's open
     * fee/fine accounts (account_user_id_status_idx).
     */
    private static final String SQL = """
            SELECT count(*) FILTER (WHERE i.status_name <> 'Claimed returned'),
                   count(*) FILTER (WHERE i.status_name <> 'Claimed returned' AND l.due_date < ?),
                   count(*) FILTER (WHERE i.status_name IN ('Declared lost', 'Aged to lost')),
                   count(*) FILTER (WHERE l.jsonb->>'dueDateChangedByRecall' = 'true' AND l.due_date < ?),
                   coalesce(max(floor(extract(epoch FROM (?::timestamptz - l.due_date)) / 86400))
                            FILTER (WHERE l.jsonb->>'dueDateChangedByRecall' = 'true' AND l.due_date < ?), 0),
                   (SELECT coalesce(sum((a.jsonb->>'remaining')::numeric), 0) FROM %1$s.account a
                     WHERE a.user_id = ? AND a.status_name = 'Open')
            FROM %1$s.loan l JOIN %1$s.item i ON i.id = l.item_id
            WHERE l.user_id = ? AND l.status_name = 'Open'
            """;

    public static PatronCounts of(Connection c, String schema, UUID userId, Instant now) throws SQLException {
        return Sql.one(c, sql(schema), List.of(now, now, now, now, userId, userId), rs -> new PatronCounts(rs.getLong(1),
                rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getBigDecimal(6))).orElseThrow();
    }

    /** The statement (public so a test can EXPLAIN exactly it). */
    public static String sql(String schema) {
        return SQL.formatted(schema);
    }
}
