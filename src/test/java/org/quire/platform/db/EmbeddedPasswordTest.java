package org.quire.platform.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.quire.TestServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 12: the embedded PostgreSQL accepts only connections that prove the password kept in the data directory
 * (scram-sha-256), has no unix socket in the world-writable /tmp, and a data directory made with zonky's trust
 * authentication is secured on its next start.
 */
class EmbeddedPasswordTest {
    private static String url(int port) {
        return "jdbc:postgresql://localhost:" + port + "/postgres";
    }

    private static void refusesWithoutTheRightPassword(int port) {
        assertThatThrownBy(() -> DriverManager.getConnection(url(port), "postgres", null).close())
                .isInstanceOf(SQLException.class).hasMessageContaining("password");
        assertThatThrownBy(() -> DriverManager.getConnection(url(port), "postgres", "wrong").close())
                .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
        assertThatThrownBy(() -> DriverManager.getConnection(url(port) + "?user=postgres").close())
                .isInstanceOf(SQLException.class);
    }

    private static int one(Connection c) throws SQLException {
        try (var rs = c.createStatement().executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void quiresOwnServer_refusesConnectionsWithoutThePassword_andQuireStillWorks() throws Exception {
        Path dataDir = TestServer.dataDir();
        int port = Integer.parseInt(TestServer.get().database().embeddedJdbcUrl().replaceAll(".*localhost:(\\d+)/.*", "$1"));
        refusesWithoutTheRightPassword(port);
        try (Connection c = DriverManager.getConnection(TestServer.get().database().embeddedJdbcUrl())) {
            assertThat(one(c)).isEqualTo(1);
        }
        Path secret = dataDir.resolve("postgres.secret");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret))).isEqualTo("rw-------");
        assertThat(Files.readString(secret).trim()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(Files.readString(dataDir.resolve("postgres/pg_hba.conf"))).isEqualTo(Database.PG_HBA)
                .doesNotContain("trust");
        // Quire's own requests still work (the demo tenant's data comes from this server).
        assertThat(TestServer.api().demoAdmin().get("/users?limit=1").status()).isEqualTo(200);
        // No unix socket, so nothing in /tmp: the server's socket setting is empty.
        try (Connection c = DriverManager.getConnection(TestServer.get().database().embeddedJdbcUrl());
             var rs = c.createStatement().executeQuery("SHOW unix_socket_directories")) {
            rs.next();
            assertThat(rs.getString(1)).isEmpty();
        }
        assertThat(System.getProperty("ot.epg.working-dir")).doesNotStartWith("/tmp/embedded-pg");
        Path binaries = Path.of(System.getProperty("ot.epg.working-dir"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(binaries))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(binaries.getParent())))
                .isEqualTo("rwx------");
    }

    @Test
    void aDataDirectoryOfTheTrustEra_isSecuredOnItsNextStart() throws Exception {
        Path dir = Files.createTempDirectory("quire-pg-upgrade");
        Path pgData = dir.resolve("postgres");
        try {
            EmbeddedPostgres pg = Database.embedded(pgData, false);
            int port = pg.getPort();
            // Make it what zonky's initdb left before issue 12: trust for every local connection, no password.
            Files.writeString(pgData.resolve("pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n"
                    + "host all all ::1/128 trust\n");
            try (Connection c = DriverManager.getConnection(Database.jdbcUrl(pg, pgData))) {
                c.createStatement().execute("SELECT pg_reload_conf()");
            }
            try (Connection c = DriverManager.getConnection(url(port), "postgres", null)) {
                c.createStatement().execute("ALTER ROLE postgres PASSWORD NULL");
                assertThat(one(c)).as("trust lets anyone in").isEqualTo(1);
            }
            pg.close();

            EmbeddedPostgres again = Database.embedded(pgData, false);
            try {
                refusesWithoutTheRightPassword(again.getPort());
                try (Connection c = DriverManager.getConnection(Database.jdbcUrl(again, pgData))) {
                    assertThat(one(c)).isEqualTo(1);
                }
                assertThat(Files.readString(pgData.resolve("pg_hba.conf"))).isEqualTo(Database.PG_HBA);
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(Database.secretFile(pgData))))
                        .isEqualTo("rw-------");
            } finally {
                again.close();
            }
        } finally {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aSecuredDataDirectoryWithoutItsSecret_isRefusedWithWhatToDo() throws Exception {
        Path dir = Files.createTempDirectory("quire-pg-lost");
        Path pgData = dir.resolve("postgres");
        try {
            Database.embedded(pgData, false).close();
            Files.delete(Database.secretFile(pgData));
            assertThatThrownBy(() -> Database.embedded(pgData, false))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("which is missing")
                    .hasMessageContaining("'trust'");

            // The documented way out: trust in pg_hba.conf, and the next start sets and keeps a new password.
            Path hba = pgData.resolve("pg_hba.conf");
            Files.writeString(hba, Files.readString(hba).replace("scram-sha-256", "trust"));
            EmbeddedPostgres again = Database.embedded(pgData, false);
            try {
                refusesWithoutTheRightPassword(again.getPort());
                assertThat(Files.exists(Database.secretFile(pgData))).isTrue();
            } finally {
                again.close();
            }
        } finally {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
