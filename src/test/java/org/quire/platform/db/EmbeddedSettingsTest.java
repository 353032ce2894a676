package org.quire.platform.db;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded PostgreSQL runs with durable commits, with checkpoints far enough apart, and with shared buffers
 * sized to the machine (Database.embedded).
 */
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
            assertThat(setting(c, "shared_buffers")).as("a quarter of this machine's memory, within bounds")
                    .isEqualTo(mb(Database.sharedBuffersMb(org.quire.platform.MachineMemory.bytes())));
        }
    }

    /** SHOW's form of a size: whole gigabytes in GB, else MB. */
    private static String mb(long mb) {
        return mb % 1024 == 0 ? mb / 1024 + "GB" : mb + "MB";
    }

    @Test
    void sharedBuffersAreAQuarterOfTheMachine_between128MbAnd2Gb() {
        long gb = 1L << 30;
        assertThat(Database.sharedBuffersMb(4 * gb)).isEqualTo(1024);
        assertThat(Database.sharedBuffersMb(6 * gb)).isEqualTo(1536);
        assertThat(Database.sharedBuffersMb(gb / 4)).as("a small container").isEqualTo(128);
        assertThat(Database.sharedBuffersMb(24 * gb)).as("this machine").isEqualTo(2048);
        assertThat(Database.sharedBuffersMb(-1)).as("memory unknown").isEqualTo(128);
    }
}
