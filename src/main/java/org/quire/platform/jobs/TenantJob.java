package org.quire.platform.jobs;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/**
 * Periodic work for one tenant: age to lost, request and hold-shelf expiry, due notices. {@link Jobs} runs it in a
 * transaction holding a per-tenant, per-job advisory lock, so two Quire processes on one database never run it at
 * the same time for the same tenant.
 * <p>
 * A job must be idempotent: it selects its work by the records' state at {@code now} (an overdue open loan, an
 * expired open request, an unsent notice that is due) and changes that state, so a second run finds nothing left to
 * do. It should lock what it changes in the order check-in and check-out do (item before loan before request) and
 * skip rows someone else holds ({@code SKIP LOCKED}): they are picked up on the next run.
 */
public interface TenantJob {
    /** A short stable id such as {@code age-to-lost}; also the advisory lock's key and the admin endpoint's name. */
    String name();

    /** How often the scheduler runs it. */
    Duration every();

    /**
     * Does at most {@code limit} records' worth of due work and returns how many it changed. The scheduler calls
     * again, each time in a new transaction, while it returns {@code limit}.
     */
    int run(Connection c, String schema, Instant now, int limit) throws SQLException;
}
