package org.quire.dataimport;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * Which Quire process runs an import job: a lease ({@code lease_owner}, {@code lease_expires} on job_execution) that
 * the owner renews with every chunk and with a heartbeat. Several processes may share one database (README), so a
 * job is resumed only by a process that has claimed it, and only once its previous owner's lease has run out. Every
 * claim and every chunk's check is an UPDATE of the job's row, so a claim and a chunk of the old owner are
 * serialised by PostgreSQL's row lock: after a takeover the old owner's next chunk finds the lease gone and writes
 * nothing.
 */
final class JobLeaseStore {
    private JobLeaseStore() {
    }

    /** A job a process has claimed to resume: where it stands and what it needs. */
    record Claimed(UUID jobId, UUID uploadDefinitionId, UUID profileId, UUID userId, int done, int total) {
    }

    /** What a chunk finds: the lease is this process's, the job was stopped (cancelled, deleted), or it was taken. */
    enum Hold { MINE, STOPPED, TAKEN }

    /** processFiles: the jobs are this process's from the start. */
    static void claimStarted(Connection c, String schema, Collection<UUID> jobIds, UUID owner, Instant until)
            throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".job_execution SET lease_owner = ?, lease_expires = ? WHERE id = ANY(?)",
                List.of(owner, until, jobIds.toArray(UUID[]::new)));
    }

    /**
     * Before a chunk, in its transaction: renews the lease if it is still {@code owner}'s and the job still runs;
     * otherwise says why not. Takes the job's row lock until the chunk commits.
     */
    static Hold renew(Connection c, String schema, UUID jobId, UUID owner, Instant until) throws SQLException {
        int renewed = Sql.update(c, "UPDATE " + schema + ".job_execution SET lease_expires = ? WHERE id = ? "
                + "AND status = 'PARSING_IN_PROGRESS' AND lease_owner = ?", List.of(until, jobId, owner));
        if (renewed == 1) return Hold.MINE;
        return Sql.one(c, "SELECT status FROM " + schema + ".job_execution WHERE id = ?", List.of(jobId),
                        rs -> rs.getString(1))
                .filter("PARSING_IN_PROGRESS"::equals).map(s -> Hold.TAKEN).orElse(Hold.STOPPED);
    }

    /** The heartbeat: renews the leases of the jobs this process is running. */
    static void renewAll(Connection c, String schema, Collection<UUID> jobIds, UUID owner, Instant until)
            throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".job_execution SET lease_expires = ? WHERE id = ANY(?) "
                + "AND lease_owner = ?", List.of(until, jobIds.toArray(UUID[]::new), owner));
    }

    /**
     * Claims up to {@code limit} running jobs whose lease expired before {@code now} (or that never had one, from
     * before leases existed); rows another claim holds are skipped.
     */
    static List<Claimed> claimExpired(Connection c, String schema, UUID owner, Instant now, Instant until, int limit)
            throws SQLException {
        return Sql.list(c, "UPDATE " + schema + ".job_execution j SET lease_owner = ?, lease_expires = ? "
                + "WHERE j.id IN (SELECT id FROM " + schema + ".job_execution WHERE status = 'PARSING_IN_PROGRESS' "
                + "AND subordination_type <> 'PARENT_MULTIPLE' AND (lease_expires IS NULL OR lease_expires < ?) "
                + "ORDER BY hrid LIMIT ? FOR UPDATE SKIP LOCKED) "
                + "RETURNING j.id, j.upload_definition_id, j.job_profile_id, j.user_id, j.progress_current, j.progress_total",
                List.of(owner, until, now, limit), rs -> new Claimed(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
                        rs.getObject(3, UUID.class), rs.getObject(4, UUID.class), rs.getInt(5), rs.getInt(6)));
    }
}
