package org.quire.platform.db;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;
import org.quire.platform.config.QuireConfig;

import java.nio.file.Files;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The crash test's 500 (CI, 2026-11-29): the watchdog replaced the pool between a check-out's commit and the return of
 * its connection, HikariCP's close threw, and a committed check-out was answered 500. A committed transaction's
 * answer must stand whatever the return of its connection does.
 */
class DatabaseReplacedPoolTest {

    @Test
    void aTransactionThatCommitted_returnsItsResult_whenItsPoolClosedBeforeTheConnectionWentBack() throws Exception {
        Database shared = TestServer.get().database();
        String table = "public.replaced_pool_" + UUID.randomUUID().toString().replace("-", "");
        shared.tx(c -> c.createStatement().execute("create table " + table + " (n int)"));
        Database db = Database.start(new QuireConfig(0, Files.createTempDirectory("quire-replacedpool"),
                shared.embeddedJdbcUrl(), null, null, 2, false, false));
        try {
            // Closing the pool after the commit, as the watchdog's replacement does, aborts the connection in use.
            Integer answer = db.tx(c -> {
                c.createStatement().execute("insert into " + table + " values (42)");
                Database.afterCommit("close the pool", db::close);
                return 42;
            });

            assertThat(answer).isEqualTo(42);
            Integer stored = shared.read(c -> {
                var rs = c.createStatement().executeQuery("select n from " + table);
                return rs.next() ? rs.getInt(1) : null;
            });
            assertThat(stored).as("the transaction committed").isEqualTo(42);
        } finally {
            db.close();
            shared.tx(c -> c.createStatement().execute("drop table " + table));
        }
    }
}
