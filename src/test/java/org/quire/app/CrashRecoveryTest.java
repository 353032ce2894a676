package org.quire.app;

import org.junit.jupiter.api.Test;
import org.quire.Api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12's faults, on a Quire in a child process: kill -9 of Quire (the first start after it serves), a second live
 * Quire on the same data directory (refused), and kill -9 of the embedded PostgreSQL under a running Quire (readiness
 * and requests answer 503 quickly, then Quire serves again without a restart of its own).
 */
class CrashRecoveryTest {

    @Test
    void killMinus9OfQuire_firstStartAfterItServes_andALiveQuireKeepsItsDirectory() throws Exception {
        Path dataDir = Files.createTempDirectory("quire-crash").resolve("data");
        QuireProcess first = QuireProcess.start(dataDir, "first.log").awaitHealthy();
        first.api().demoAdmin();
        ProcessHandle orphan = QuireProcess.postmaster(dataDir).orElseThrow();
        first.kill();
        assertThat(orphan.isAlive()).as("the embedded PostgreSQL outlives a killed Quire").isTrue();

        try (QuireProcess second = QuireProcess.start(dataDir, "second.log").awaitHealthy()) {
            assertThat(second.get("/admin/health").status()).isEqualTo(200);
            assertThat(second.get("/admin/ready").status()).isEqualTo(200);
            Api.Session admin = second.api().demoAdmin();
            assertThat(admin.get("/users?limit=1").status()).isEqualTo(200);
            assertThat(orphan.isAlive()).as("the orphaned postmaster was stopped").isFalse();
            assertThat(second.output()).contains("left running in");

            // A live Quire keeps its directory: a third start is refused and leaves the second serving.
            QuireProcess third = QuireProcess.start(dataDir, "third.log");
            assertThat(third.process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(third.process.exitValue()).isNotZero();
            assertThat(third.output()).contains("Another Quire is using the data directory");
            assertThat(second.api().demoAdmin().get("/users?limit=1").status()).isEqualTo(200);
        }
        assertThat(RestartTest.postgresProcessesFor(dataDir)).as("a clean stop leaves no PostgreSQL").isZero();
    }

    @Test
    void killMinus9OfPostgres_readinessAndRequestsAnswer503Fast_thenQuireServesAgain() throws Exception {
        Path dataDir = Files.createTempDirectory("quire-pgcrash").resolve("data");
        try (QuireProcess quire = QuireProcess.start(dataDir, "quire.log").awaitHealthy()) {
            Api.Session admin = quire.api().demoAdmin();
            ProcessHandle pg = quire.killPostmaster();

            // Until the watchdog has PostgreSQL back, liveness stays 200, readiness and requests fail fast with 503.
            List<Integer> ready = new ArrayList<>();
            List<String> requests = new ArrayList<>();
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < deadline) {
                assertThat(quire.get("/admin/health").status()).isEqualTo(200);
                int r = quire.get("/admin/ready").status();
                ready.add(r);
                long start = System.nanoTime();
                Api.Reply users = admin.get("/users?limit=1");
                long ms = (System.nanoTime() - start) / 1_000_000;
                requests.add(users.status() + " " + users.body().lines().findFirst().orElse("") + " in " + ms + " ms");
                assertThat(users.status()).as("request during the outage: %s", requests).isIn(200, 503);
                if (users.status() == 503) {
                    assertThat(users.body()).isEqualTo("Database unavailable");
                    assertThat(ms).as("fails fast").isLessThan(8_000);
                }
                if (r == 200 && users.status() == 200 && ready.contains(503)) break;
                Thread.sleep(50);
            }
            assertThat(ready).as("readiness reported the outage").contains(503);
            assertThat(ready.getLast()).as("readiness after the restart").isEqualTo(200);
            assertThat(QuireProcess.postmaster(dataDir)).as("a new postmaster").isPresent()
                    .get().extracting(ProcessHandle::pid).isNotEqualTo(pg.pid());
            assertThat(admin.get("/users?limit=1").status()).isEqualTo(200);
            assertThat(quire.output()).contains("restarting it on port");
            // a write whose search event waits for the index's flush, which the stop then does
            org.quire.Fixtures.instance(admin, "Stopped while flushing");
        }
        // Stopped with SIGTERM: the embedded server's own shutdown hook stops PostgreSQL while Quire is closing; the
        // watchdog must not take that for a crash and start it again (it did, and the new one outlived the JVM).
        assertThat(RestartTest.postgresProcessesFor(dataDir)).as("a clean stop leaves no PostgreSQL").isZero();
    }
}
