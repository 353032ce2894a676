package org.quire.platform.http;

import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.quire.platform.db.DbException;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A database that cannot be reached is 503 "Database unavailable" (issue 12), never a 500 after a long wait. */
class ErrorMapperUnavailableTest {
    private final ErrorMapper mapper = new ErrorMapper(Map.of());

    private static String text(Response r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void poolTimeout_connectionLost_andServerShutdown_are503() {
        // HikariCP's "Connection is not available, request timed out after 5000ms." carries no SQL state.
        var poolTimeout = new DbException(new SQLTransientConnectionException("quire - Connection is not available"));
        var lost = new DbException(new PSQLException("An I/O error occurred", PSQLState.CONNECTION_FAILURE));
        var refused = new DbException(new PSQLException("Connection refused", PSQLState.CONNECTION_UNABLE_TO_CONNECT));
        var shutdown = new DbException(new SQLException("terminating connection due to administrator command", "57P01"));
        var starting = new DbException(new SQLException("the database system is starting up", "57P03"));
        for (DbException e : new DbException[] {poolTimeout, lost, refused, shutdown, starting}) {
            Response r = mapper.toResponse(e);
            assertThat(r.status()).as(e.getMessage()).isEqualTo(503);
            assertThat(text(r)).isEqualTo("Database unavailable");
        }
    }

    @Test
    void otherDatabaseFailuresKeepTheirAnswers() {
        assertThat(mapper.toResponse(new DbException(new SQLException("x", "40001"))).status()).isEqualTo(409);
        assertThat(mapper.toResponse(new DbException(new SQLException("x", "XX000"))).status()).isEqualTo(500);
        assertThat(mapper.toResponse(new DbException(new SQLException("x", (String) null))).status()).isEqualTo(500);
    }
}
