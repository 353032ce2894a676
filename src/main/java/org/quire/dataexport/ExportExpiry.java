package org.quire.dataexport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.jobs.TenantJob;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * mod-data-export's job expiry ({@code POST /data-export/expire-jobs}, its {@code _timer}): a job still IN_PROGRESS
 * whose last update is an hour old or more has no one running it any more — its process stopped — and ends in FAIL,
 * its progress counts reset, its completed date set, and one error log saying why in place of any it had (FOLIO's
 * JobExecutionService.expireJobExecutions). A running export updates its job after every page of ids, so a live job
 * is never an hour old. Quire runs it every hour (FOLIO: every 6) and, with the embedded database, at start for every
 * job IN_PROGRESS: this process alone uses that database, so none of them can still be running.
 */
public final class ExportExpiry implements TenantJob {
    public static final String NAME = "data-export-expiry";
    static final Duration STALE = Duration.ofHours(1);
    /** FOLIO's ERROR_JOB_IS_EXPIRED (code error.messagePlaceholder). */
    static final String EXPIRED = "Job was expired: no updates for more than 1 hour";
    static final String INTERRUPTED = "Job was interrupted: Quire stopped while it ran; start the export again";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration every() {
        return Duration.ofHours(1);
    }

    @Override
    public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
        return fail(c, schema, now.minus(STALE), limit, EXPIRED);
    }

    /** At start with the embedded database: every job IN_PROGRESS was cut off by the stop. */
    public static int failInterrupted(Connection c, String schema) throws SQLException {
        return fail(c, schema, Instant.now(), Integer.MAX_VALUE, INTERRUPTED);
    }

    private static int fail(Connection c, String schema, Instant updatedBefore, int limit, String reason)
            throws SQLException {
        List<UUID> ids = DataExportStore.staleJobIds(c, schema, updatedBefore, limit);
        Instant now = Instant.now();
        for (UUID id : ids) {
            ObjectNode job = DataExportTypes.JOBS.getForUpdate(c, schema, id).orElseThrow();
            ObjectNode next = job.deepCopy();
            next.put("status", "FAIL").put("completedDate", Json.date(now)).put("lastUpdatedDate", Json.date(now));
            ObjectNode progress = next.path("progress") instanceof ObjectNode p ? p : next.putObject("progress");
            progress.put("exported", 0).put("total", 0).put("failed", 0);
            DataExportStore.deleteLogs(c, schema, id);
            DataExportTypes.ERROR_LOGS.insert(c, schema, ExportJobs.errorLog(id, reason), null);
            DataExportTypes.JOBS.replace(c, schema, job, next, null);
        }
        return ids.size();
    }
}
