package org.quire.platform.db;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedded PostgreSQL runs with durable commits and with checkpoints far enough apart (Database.embedded). */
class EmbeddedSettingsTest {
    private static String setting(Connection c, String name) throws SQLException {
        try (var rs = c.createStatement().executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void commitsAreDurable_andCheckpointsFarApart() throws Exception {
        try (Connection c = DriverManager.getConnection(TestServer.get().database().embeddedJdbcUrl())) {
            assertThat(setting(c, "fsync")).isEqualTo("on");
            assertThat(setting(c, "synchronous_commit")).isEqualTo("on");
            assertThat(setting(c, "max_wal_size")).as("PostgreSQL's default: 1GB").isEqualTo("4GB");
            assertThat(setting(c, "checkpoint_timeout")).as("PostgreSQL's default: 5min").isEqualTo("15min");
        }
    }
}
