package org.quire.bench;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waits, between the data set-up and the first level, until the server has finished the background work the set-up
 * caused — chiefly the search index catching up with the thousands of records and loans just written, then its merges
 * — so that the first level measures check-outs, not that catch-up. Settled = the server's CPU below
 * {@link #QUIET_SHARE} of one core for {@link #QUIET_SECONDS} seconds in a row, read from its metrics.
 */
final class ServerSettle {
    static final double QUIET_SHARE = 0.2;
    /**
     * Longer than the outbox dispatcher's quiet-time delay (EventDispatcher.SWEEP_MILLIS, 5 s): the search index
     * rebuilds the documents of instances whose items' states changed (the set-up's loans) only after 5 s without a
     * commit, so a 3-second window ended before that work began, and a level measured it (2026-11-28: settled 3 s
     * after the set-up, then 6.4 ms of server CPU per request at one user against 3.2 in the runs around it).
     */
    static final int QUIET_SECONDS = 8;
    static final Duration LIMIT = Duration.ofMinutes(5);

    /** Time as the wait sees it: real in the bench, simulated in tests. */
    interface Clock {
        long nanos();

        void sleep(Duration d) throws InterruptedException;
    }

    static final Clock REAL = new Clock() {
        @Override
        public long nanos() {
            return System.nanoTime();
        }

        @Override
        public void sleep(Duration d) throws InterruptedException {
            Thread.sleep(d);
        }
    };

    private ServerSettle() {
    }

    /** Waits as described; returns the report's note on how it went. {@code cpuSeconds} gives null when unknown. */
    static String await(Supplier<Double> cpuSeconds, Progress progress, Clock clock) throws InterruptedException {
        return await(cpuSeconds, () -> null, progress, clock);
    }

    /**
     * The same, and a quiet second also needs none of the set-up's work left in the database ({@code pendingEvents}:
     * events waiting in the tenants' outboxes, autovacuum on their tables; null: unknown, not waited for). The CPU
     * alone was fooled by a search index waiting on a slow statement: PostgreSQL's CPU, not the server's, while the
     * set-up's events waited (2026-11-29: a level measured 20 s of that backlog).
     */
    static String await(Supplier<Double> cpuSeconds, Supplier<Long> pendingEvents, Progress progress, Clock clock)
            throws InterruptedException {
        Double last = cpuSeconds.get();
        if (last == null) {
            return "The server's CPU time is unknown (no process_cpu_time_ns_total in /admin/metrics): the first level "
                    + "started right after the data set-up.";
        }
        long start = clock.nanos(), lastAt = start;
        int quiet = 0;
        progress.step("Waiting for the server to finish the background work of the set-up (search indexing) …");
        while (quiet < QUIET_SECONDS) {
            if (clock.nanos() - start > LIMIT.toNanos()) {
                return String.format("The server was still busy %d minutes after the data set-up (CPU above %.0f%% of "
                        + "a core, or events waiting for delivery, or autovacuum): the first level started anyway and "
                        + "includes some of that background work.",
                        LIMIT.toMinutes(), QUIET_SHARE * 100);
            }
            clock.sleep(Duration.ofSeconds(1));
            Double now = cpuSeconds.get();
            long at = clock.nanos();
            if (now == null || at == lastAt) continue;
            double share = (now - last) / ((at - lastAt) / 1e9);
            last = now;
            lastAt = at;
            Long pending = pendingEvents.get();
            quiet = share < QUIET_SHARE && (pending == null || pending == 0) ? quiet + 1 : 0;
        }
        return String.format("The levels started once the server had settled, %.0f s after the data set-up (its CPU "
                + "below %.0f%% of a core for %d s; no event waiting for delivery and no autovacuum on the tenants' "
                + "tables, when the database is known): the background work the set-up caused (search indexing of the "
                + "new records) is not in the measurements.", (clock.nanos() - start) / 1e9, QUIET_SHARE * 100,
                QUIET_SECONDS);
    }
}
