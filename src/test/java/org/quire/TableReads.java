package org.quire;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Rows the current transaction has read from a table so far, by sequential scans and through any of its indexes
 * (PostgreSQL's per-transaction counters): how a test tells a probe by key from a scan, whatever the plan's shape.
 */
public final class TableReads {
    private TableReads() {
    }

    /** {@code table}: schema-qualified. */
    public static long of(Connection c, String table) throws SQLException {
        return Sql.one(c, "SELECT pg_stat_get_xact_tuples_returned(t.oid) + (SELECT coalesce(sum("
                        + "pg_stat_get_xact_tuples_fetched(x.indexrelid)), 0) FROM pg_index x WHERE x.indrelid = t.oid) "
                        + "FROM (SELECT ?::regclass::oid AS oid) t", List.of(table), rs -> rs.getLong(1)).orElseThrow();
    }
}
