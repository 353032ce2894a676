package org.quire.bench;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** The SQL floors' one helper: the first column of the first row, through the platform's own {@link Sql}. */
final class FloorSql {
    private FloorSql() {
    }

    /** The first column of the first row, or null when there is no row. */
    static Object first(Connection c, String sql, Object param) throws SQLException {
        return Sql.one(c, sql, List.of(param), rs -> rs.getObject(1)).orElse(null);
    }
}
