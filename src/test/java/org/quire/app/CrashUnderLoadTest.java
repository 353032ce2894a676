package org.quire.app;

import org.junit.jupiter.api.Test;
import org.quire.Api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12's crash test: under check-out/check-in load ({@link CicoLoad}, clients recording what they were told),
 * {@code kill -9} of Quire (alone, or with its PostgreSQL) and then one start, and {@code kill -9} of the embedded
 * PostgreSQL's postmaster under a Quire that keeps running. After each, {@link LoanLedgerCheck}: every acknowledged loan present, every acknowledged
 * check-in's loan closed, and no item whose status contradicts its loans. Each test prints a summary line
 * ("crash test: ...") with the operations acknowledged, the failures by status and the time to serve again.
 */
class CrashUnderLoadTest {
    static final int CLIENTS = 6;
    /** Load before the crash, long enough that every client is mid-cycle (some items held, some free). */
    static final long LOAD_MS = 4_000;

    @Test
    void killMinus9OfQuireUnderLoad_oneStartServes_andNoAcknowledgedLoanIsLost() throws Exception {
        killQuireUnderLoad(false);
    }

    /** Both at once, as a machine reset would (short of losing the page cache): the start replays PostgreSQL's WAL. */
    @Test
    void killMinus9OfQuireAndPostgresTogetherUnderLoad_oneStartServes_andNoAcknowledgedLoanIsLost() throws Exception {
        killQuireUnderLoad(true);
    }

    private static void killQuireUnderLoad(boolean andPostgres) throws Exception {
        Path dataDir = Files.createTempDirectory("quire-crashload").resolve("data");
        QuireProcess first = QuireProcess.start(dataDir, "first.log").awaitHealthy();
        Api.Session admin = first.api().demoAdmin();
        CicoLoad load = new CicoLoad(admin, () -> admin, CLIENTS);
        Thread.sleep(LOAD_MS);
        long beforeKill = load.acknowledgedSince(0);
        if (andPostgres) first.killPostmaster();
        first.kill();
        long killedAt = System.nanoTime();
        load.close();
        assertThat(beforeKill).as("the load ran before the crash: %s", load.histogram()).isGreaterThan(20);

        List<CicoLoad.Op> ops = new ArrayList<>(load.ops);
        try (QuireProcess second = QuireProcess.start(dataDir, "second.log").awaitHealthy()) {
            long healthyMs = (System.nanoTime() - killedAt) / 1_000_000;
            Api.Session again = second.api().demoAdmin();
            LoanLedgerCheck afterCrash = LoanLedgerCheck.of(again, ops);

            // It serves: the same load on the restarted Quire, checked again with everything before it.
            long resumedAt = System.nanoTime();
            CicoLoad resumed = new CicoLoad(again, () -> again, CLIENTS);
            Thread.sleep(2_000);
            resumed.close();
            long resumedAcks = resumed.acknowledgedSince(resumedAt);
            ops.addAll(resumed.ops);
            LoanLedgerCheck afterResume = LoanLedgerCheck.of(again, ops);

            System.out.printf("crash test: kill -9 of Quire%s after %d acknowledged operations %s; one start healthy "
                            + "%d ms after the kill; %s; then %d operations acknowledged in 2 s %s; %s%n",
                    andPostgres ? " and its PostgreSQL" : "", beforeKill, load.histogram(), healthyMs, afterCrash,
                    resumedAcks, resumed.histogram(), afterResume);
            if (!andPostgres) assertThat(second.output()).contains("left running in");
            assertThat(afterCrash.lost()).as("acknowledged operations lost").isEmpty();
            assertThat(afterCrash.contradictions()).as("items whose status contradicts their loans").isEmpty();
            assertThat(resumedAcks).as("the restarted Quire serves check-out/check-in").isGreaterThan(10);
            assertThat(afterResume.lost()).isEmpty();
            assertThat(afterResume.contradictions()).isEmpty();
            // Killed together, PostgreSQL may die a moment first: Quire answers 503 meanwhile, never another 5xx.
            assertThat(serverErrors(ops, andPostgres, true)).as("no 5xx before or after the crash").isEmpty();
        }
    }

    @Test
    void killMinus9OfPostgresUnderLoad_503sOnly_loadResumes_andNoAcknowledgedLoanIsLost() throws Exception {
        Path dataDir = Files.createTempDirectory("quire-pgcrashload").resolve("data");
        try (QuireProcess quire = QuireProcess.start(dataDir, "quire.log").awaitHealthy()) {
            Api.Session admin = quire.api().demoAdmin();
            CicoLoad load = new CicoLoad(admin, () -> admin, CLIENTS);
            Thread.sleep(LOAD_MS);
            long beforeKill = load.acknowledgedSince(0);
            long killedAt = System.nanoTime();
            ProcessHandle pg = quire.killPostmaster();

            // Readiness goes 503 and back to 200 (the watchdog restarted PostgreSQL); then the load must succeed again.
            // (Before the watchdog notices, a pooled connection whose backend has not exited yet may still validate:
            // readiness is "ready again" after its last 503.)
            boolean outage = false;
            long readyAgainAt = 0;
            long deadline = killedAt + 60_000_000_000L;
            while (System.nanoTime() < deadline) {
                int ready = quire.get("/admin/ready").status();
                if (ready == 503) {
                    outage = true;
                    readyAgainAt = 0;
                }
                if (outage && ready == 200 && readyAgainAt == 0) readyAgainAt = System.nanoTime();
                if (readyAgainAt != 0 && load.acknowledgedSince(readyAgainAt) >= 30) break;
                Thread.sleep(100);
            }
            long acksAfter = readyAgainAt == 0 ? 0 : load.acknowledgedSince(readyAgainAt);
            load.close();
            List<CicoLoad.Op> ops = new ArrayList<>(load.ops);
            LoanLedgerCheck check = LoanLedgerCheck.of(admin, ops);

            long failures503 = ops.stream().filter(o -> o.status() == 503).count();
            long lastFailureMs = ops.stream().filter(o -> !o.acknowledged() && o.startNanos() >= killedAt)
                    .mapToLong(o -> (o.endNanos() - killedAt) / 1_000_000).max().orElse(-1);
            long firstAckAfterOutageMs = ops.stream().filter(o -> o.acknowledged() && o.startNanos() >= killedAt
                            && (o.endNanos() - killedAt) / 1_000_000 > lastFailureMs)
                    .mapToLong(o -> (o.endNanos() - killedAt) / 1_000_000).min().orElse(-1);
            System.out.printf("crash test: kill -9 of the PostgreSQL postmaster after %d acknowledged operations; "
                            + "ready again %d ms after the kill; last failed operation ended %d ms, first acknowledged "
                            + "after it %d ms after the kill; %d acknowledged after readiness; statuses %s; %s%n",
                    beforeKill, readyAgainAt == 0 ? -1 : (readyAgainAt - killedAt) / 1_000_000, lastFailureMs,
                    firstAckAfterOutageMs, acksAfter, load.histogram(), check);

            assertThat(beforeKill).as("the load ran before the crash").isGreaterThan(20);
            assertThat(outage).as("readiness reported the outage").isTrue();
            assertThat(readyAgainAt).as("ready again within 60 s").isNotZero();
            assertThat(acksAfter).as("the load succeeds again within 60 s: %s", load.histogram()).isGreaterThanOrEqualTo(30);
            assertThat(failures503).as("requests during the outage were answered 503: %s", load.histogram()).isPositive();
            assertThat(serverErrors(ops, true, false)).as("no 5xx but 503, and always an answer, during the outage").isEmpty();
            assertThat(check.lost()).as("acknowledged operations lost").isEmpty();
            assertThat(check.contradictions()).as("items whose status contradicts their loans").isEmpty();
            assertThat(quire.postmaster()).as("the watchdog started a new postmaster").isPresent()
                    .get().extracting(ProcessHandle::pid).isNotEqualTo(pg.pid());
        }
    }

    /** Operations answered 5xx but the 503s allowed, or not answered when answers are due. */
    private static List<CicoLoad.Op> serverErrors(List<CicoLoad.Op> ops, boolean allow503, boolean allowNoAnswer) {
        return ops.stream().filter(o -> o.status() >= 500 && !(allow503 && o.status() == 503)
                || !allowNoAnswer && o.status() == -1).toList();
    }
}
