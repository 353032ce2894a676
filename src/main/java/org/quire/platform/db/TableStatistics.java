package org.quire.platform.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The planner's statistics of tables a bulk job has just filled, brought up to date at the job's end instead of at
 * autovacuum's next visit (its naptime is a minute, and it goes through every tenant's tables in turn).
 *
 * <p>Until a table's first ANALYZE, PostgreSQL guesses every condition's selectivity, and a new tenant's first import
 * leaves its catalogue tables in that state: a harvest or a search started right after a 20,000-record import ran
 * plans made for nearly empty tables (an OAI-PMH page took 8-9 s until autovacuum's ANALYZE came by).
 */
public final class TableStatistics {
    private TableStatistics() {
    }

    /**
     * ANALYZE each of these tables of the schema that a job writing {@code rowsWritten} rows into each has left as
     * autovacuum would analyse it: more than 50 + 10% of the rows the statistics know of (PostgreSQL's default
     * autovacuum_analyze_threshold and _scale_factor), a never analysed table counting as empty. Counted from the
     * job's own figure, not from pg_stat_user_tables' changes: those reach the statistics up to seconds late. The
     * tables analysed.
     */
    public static List<String> analyzeAfterWriting(Connection c, String schema, List<String> tables, long rowsWritten)
            throws SQLException {
        List<String> stale = Sql.list(c, "SELECT t.relname FROM pg_class t JOIN pg_namespace n ON n.oid = "
                        + "t.relnamespace WHERE n.nspname = ? AND t.relname = ANY(?) AND t.relkind = 'r' "
                        + "AND ? > 50 + 0.1 * greatest(t.reltuples, 0) ORDER BY t.relname",
                List.of(schema, c.createArrayOf("text", tables.toArray()), rowsWritten), rs -> rs.getString(1));
        for (String table : stale) {
            Sql.update(c, "ANALYZE " + schema + "." + table, List.of());
        }
        return stale;
    }
}
