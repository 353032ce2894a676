package org.quire.platform.db;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.http.ErrorMapper;

import java.nio.file.Files;
import java.sql.SQLTransientConnectionException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The watchdog replaces the pool when it restarts the embedded PostgreSQL: a request that took the old pool just as it
 * closed must be answered 503 "Database unavailable" like the rest of the outage, not 500 (HikariCP's "has been
 * closed" carries no SQL state).
 */
class DatabaseClosedPoolTest {

    @Test
    void aClosedPool_is503_not500() throws Exception {
        String url = TestServer.get().database().embeddedJdbcUrl();
        QuireConfig config = new QuireConfig(0, Files.createTempDirectory("quire-closedpool"), url, null, null, 2,
                false, false);
        Database db = Database.start(config);
        Boolean served = db.read(c -> c.createStatement().executeQuery("select 1").next());
        assertThat(served).isTrue();
        db.close();

        Throwable failure = catchThrowable(() -> db.read(c -> c.createStatement().executeQuery("select 1").next()));
        assertThat(failure).isInstanceOf(DbException.class);
        java.sql.SQLException cause = ((DbException) failure).sqlException();
        assertThat((Throwable) cause).isInstanceOf(SQLTransientConnectionException.class);
        var response = new ErrorMapper(Map.of()).toResponse(failure);
        assertThat(response.status()).isEqualTo(503);
        assertThat(new String(response.body())).isEqualTo("Database unavailable");
    }
}
