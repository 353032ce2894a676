package org.quire.platform.jobs;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The scheduler: batches until done, one runner per tenant and job across processes, and the admin endpoint. */
class JobsTest {

    /** A job over a scratch table: marks up to {@code limit} unmarked rows, so it is idempotent. */
    private static final class MarkRows implements TenantJob {
        final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch entered = new CountDownLatch(1);
        volatile CountDownLatch release;

        @Override
        public String name() {
            return "mark-rows";
        }

        @Override
        public Duration every() {
            return Duration.ofMillis(1);
        }

        @Override
        public int run(Connection c, String schema, Instant now, int limit) throws java.sql.SQLException {
            calls.incrementAndGet();
            entered.countDown();
            if (release != null) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Sql.update(c, "UPDATE " + schema + ".job_scratch SET marked = true WHERE id IN (SELECT id FROM "
                    + schema + ".job_scratch WHERE NOT marked LIMIT ?)", List.of(limit));
        }
    }

    private static void scratch(String schema, int rows) {
        TestServer.get().database().tx(c -> {
            Sql.update(c, "CREATE TABLE IF NOT EXISTS " + schema + ".job_scratch (id int PRIMARY KEY, marked boolean NOT NULL)",
                    List.of());
            Sql.update(c, "INSERT INTO " + schema + ".job_scratch SELECT g, false FROM generate_series(1, ?) g",
                    List.of(rows));
            return null;
        });
    }

    @Test
    void runNow_repeatsBatchesUntilNothingIsLeft_thenChangesNothing() {
        Fixtures.tenant("jobs_batches");
        scratch("tenant_jobs_batches", Jobs.BATCH * 2 + 5);
        Jobs jobs = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        MarkRows job = new MarkRows();
        jobs.add(job);

        assertThat(jobs.runNow("mark-rows", "jobs_batches", Instant.now())).hasValue(Jobs.BATCH * 2 + 5);
        assertThat(job.calls.get()).isEqualTo(3);
        assertThat(jobs.runNow("mark-rows", "jobs_batches", Instant.now())).hasValue(0);
    }

    @Test
    void close_waitsForARunUnderWay_soThatItsLockIsFreeAfterwards() throws Exception {
        Fixtures.tenant("jobs_close");
        scratch("tenant_jobs_close", 3);
        Jobs jobs = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        MarkRows job = new MarkRows();
        job.release = new CountDownLatch(1);
        jobs.add(job);
        jobs.start();
        jobs.runSoon("mark-rows", "jobs_close");
        assertThat(job.entered.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            job.release.countDown();
        });
        jobs.close();
        // The run ended inside close(): another scheduler gets the lock at once and finds nothing left to mark.
        Jobs other = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        other.add(new MarkRows());
        assertThat(other.runNow("mark-rows", "jobs_close", Instant.now())).hasValue(0);
    }

    @Test
    void aSecondProcess_skipsTheTenantWhileTheFirstRunsTheJob() throws Exception {
        Fixtures.tenant("jobs_lock");
        scratch("tenant_jobs_lock", 3);
        Jobs first = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        Jobs second = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        MarkRows held = new MarkRows();
        held.release = new CountDownLatch(1);
        first.add(held);
        MarkRows other = new MarkRows();
        second.add(other);

        Thread running = Thread.ofVirtual().start(() -> first.runNow("mark-rows", "jobs_lock", Instant.now()));
        assertThat(held.entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(second.runNow("mark-rows", "jobs_lock", Instant.now())).isEqualTo(OptionalInt.empty());
        assertThat(other.calls.get()).isZero();
        held.release.countDown();
        running.join(10_000);
        assertThat(second.runNow("mark-rows", "jobs_lock", Instant.now())).hasValue(0);
    }

    @Test
    void theSchedule_runsEachJobForEveryTenant() throws Exception {
        Fixtures.tenant("jobs_schedule");
        scratch("tenant_jobs_schedule", 4);
        Jobs jobs = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        // Only this test's tenant has the scratch table: the job fails for the others, and the scheduler goes on.
        jobs.add(new MarkRows());
        jobs.start();
        try {
            long deadline = System.currentTimeMillis() + 15_000;
            int marked = 0;
            while (System.currentTimeMillis() < deadline && marked < 4) {
                Thread.sleep(100);
                marked = TestServer.get().database().read(c -> Sql.one(c,
                        "SELECT count(*) FROM tenant_jobs_schedule.job_scratch WHERE marked", List.of(),
                        rs -> rs.getInt(1))).orElse(0);
            }
            assertThat(marked).isEqualTo(4);
        } finally {
            jobs.close();
        }
    }

    @Test
    void adminEndpoint_listsJobsAndRejectsUnknownOnes() {
        Api.Session s = Fixtures.tenant("jobs_admin");
        var list = s.get("/admin/jobs");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().path("jobs").isArray()).isTrue();
        assertThat(s.post("/admin/jobs/no-such-job", "{}").status()).isEqualTo(404);
    }
}
