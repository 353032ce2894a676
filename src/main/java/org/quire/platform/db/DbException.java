package org.quire.platform.db;

import java.sql.SQLException;

/** An unchecked wrapper so that SQL failures travel through lambdas; the HTTP layer maps the SQL state. */
public final class DbException extends RuntimeException {
    public DbException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    public SQLException sqlException() {
        return (SQLException) getCause();
    }

    public String sqlState() {
        return sqlException().getSQLState();
    }
}
