package org.quire.circulation.blocks;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * SQL of the automated patron blocks. It stays inside circulation.blocks rather than in circulation's LoanStore because
 * circulation uses blocks, and blocks may not use circulation back (no package cycles, docs/architecture.md).
 */
public final class PatronBlocksStore {
    private PatronBlocksStore() {
    }

    /*
     * late: whole minutes past the due date; grace: the loan policy's grace period in minutes (mod-circulation sends
     * it with each check-out event; months count 31 days, as the overdue fines do). A recalled loan carries
     * dueDateChangedByRecall. The balance reads account_user_id_status_idx; the loans loan_user_id_status_idx.
     */
    private static final String COUNTS_SQL = """
            WITH l AS (
              SELECT l.id, i.status_name = 'Claimed returned' AS claimed,
                     i.status_name IN ('Declared lost', 'Aged to lost') AS lost,
                     l.jsonb->>'dueDateChangedByRecall' = 'true' AS recall,
                     floor(extract(epoch FROM (?::timestamptz - l.due_date)) / 60) AS late,
                     coalesce((p.jsonb->'loansPolicy'->'gracePeriod'->>'duration')::numeric
                       * CASE p.jsonb->'loansPolicy'->'gracePeriod'->>'intervalId' WHEN 'Minutes' THEN 1
                           WHEN 'Hours' THEN 60 WHEN 'Days' THEN 1440 WHEN 'Weeks' THEN 10080 WHEN 'Months' THEN 44640
                         END, 0) AS grace
              FROM %1$s.loan l JOIN %1$s.item i ON i.id = l.item_id
                   LEFT JOIN %1$s.loan_policy p ON p.id = l.loan_policy_id
              WHERE l.user_id = ? AND l.status_name = 'Open')
            SELECT count(*) FILTER (WHERE NOT claimed),
                   count(*) FILTER (WHERE NOT claimed AND late > 0 AND late > grace),
                   count(*) FILTER (WHERE lost),
                   count(*) FILTER (WHERE NOT claimed AND recall AND late > 0 AND late > grace),
                   coalesce(max(ceil(late / 1440)) FILTER (WHERE NOT claimed AND recall AND late > 0 AND late > grace), 0),
                   (SELECT coalesce(sum((a.jsonb->>'remaining')::numeric), 0) FROM %1$s.account a
                     WHERE a.user_id = ? AND a.status_name = 'Open'
                       AND (a.loan_id IS NULL OR a.loan_id NOT IN (SELECT id FROM l WHERE claimed)))
            FROM l
            """;

    /** The patron's {@link PatronCounts} now, in ONE statement inside the caller's transaction. */
    public static PatronCounts counts(Connection c, String schema, UUID userId, Instant now) throws SQLException {
        return Sql.one(c, countsSql(schema), List.of(now, userId, userId), rs -> new PatronCounts(rs.getLong(1),
                rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getBigDecimal(6))).orElseThrow();
    }

    /** The statement of {@link #counts} (public so a test can EXPLAIN exactly it). */
    public static String countsSql(String schema) {
        return COUNTS_SQL.formatted(schema);
    }
}
