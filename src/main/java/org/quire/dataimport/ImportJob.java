package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.dataimport.profiles.ProfileSnapshots;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MappingRules;
import org.quire.platform.BackgroundPace;
import org.quire.platform.BackgroundPriority;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.TableStatistics;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;
import org.quire.srs.Snapshot;
import org.quire.srs.SrsStore;

import org.quire.platform.jobs.TenantJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code POST /data-import/uploadDefinitions/{id}/processFiles}: checks the request, moves the definition's jobs to
 * PARSING_IN_PROGRESS with their job profile, and runs each file in the background (folio-catalogue-api.md §3.4):
 * chunks of {@value #CHUNK} records, each chunk one transaction ({@link ImportChunk}), progress after each, then
 * COMMITTED with completedDate (ERROR when the file cannot be read at all). The SRS snapshot is the job execution.
 *
 * <p>Crash recovery: the process running a job holds a lease on it ({@link JobLeaseStore}), renewed by every chunk's
 * transaction and by a heartbeat. A job left PARSING_IN_PROGRESS by a process that died is claimed, once its lease
 * has run out, by {@link #RESUME_JOB} (a scheduled tenant job) or at start, and resumes after its last committed
 * chunk: progress.current entries of the file are skipped, the same snapshot and journal go on. Chunks are
 * transactions together with their progress, so nothing is half-imported and nothing is imported twice.
 * <p>Paced ({@link BackgroundPace}): after each chunk a job rests for the chunk's time × 8 × how busy requests kept the
 * cores meanwhile (× {@code QUIRE_IMPORT_THROTTLE}, default 1; 0 never rests), so that an import on an idle server runs
 * at full speed and one beside a circulation desk gives the desk the machine.
 */
public final class ImportJob {
    /** The setting that scales how long a job rests after a chunk while requests keep the cores busy (BackgroundPace). */
    static final String THROTTLE = "QUIRE_IMPORT_THROTTLE";
    /** Records per transaction (FOLIO's mod-data-import uses 50; larger chunks are fewer round trips). */
    static final int CHUNK = 100;
    /** How long a claim on a running job holds unrenewed; chunks renew it, and the heartbeat every third of it. */
    static final Duration LEASE = Duration.ofSeconds(60);
    /** The scheduled tenant job that takes over jobs whose lease expired. */
    public static final String RESUME_JOB = "data-import-resume";
    /**
     * Test hook: a job whose id is here stops after that many chunks as if its process had died (no status, no
     * snapshot, its lease left to expire), so that tests can resume it.
     */
    static final Map<UUID, Integer> DIE_AFTER_CHUNKS = new ConcurrentHashMap<>();
    private static final Logger log = LoggerFactory.getLogger(ImportJob.class);

    private final Database db;
    private final UploadFiles files;
    private final MappingRules rules;
    private final ProfileSnapshots profiles;
    private final ExecutorService executor;
    /** This process, as the owner of the leases it holds. */
    private final UUID owner = UUID.randomUUID();
    /**
     * The jobs this process has taken on, waiting for a worker or running, whose leases the heartbeat renews: a job is
     * held from its hand-over to the pool until its run ends, so that a take-over never queues it a second time (a
     * job that waited longer than its lease behind others was claimed again and run twice: its second run found it
     * finished and marked its snapshot CANCELLED).
     */
    private final Set<Held> held = ConcurrentHashMap.newKeySet();

    private record Held(String schema, UUID jobId) {
    }

    public ImportJob(Database db, UploadFiles files, MappingRules rules) {
        this.db = db;
        this.files = files;
        this.rules = rules;
        this.profiles = new ProfileSnapshots(db);
        // Platform threads, not the request's: the job outlives the 204. Two at once (the machine's cores), at
        // background priority: check-out at the desk comes first (seed 004: imports beside circulation). The
        // heartbeat below keeps normal priority, so that a job that waits for the CPU keeps its lease.
        this.executor = Executors.newFixedThreadPool(2, BackgroundPriority.threads("data-import"));
        ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "data-import-heartbeat");
            t.setDaemon(true);
            return t;
        });
        long every = LEASE.toMillis() / 3;
        heartbeat.scheduleWithFixedDelay(this::renewLeases, every, every, TimeUnit.MILLISECONDS);
    }

    private static Instant leaseEnd() {
        return Instant.now().plus(LEASE);
    }

    /** The heartbeat: a chunk can take long (a slow disk, a large mapping), the lease must outlive it. */
    private void renewLeases() {
        Map<String, List<UUID>> bySchema = new java.util.HashMap<>();
        for (Held r : held) bySchema.computeIfAbsent(r.schema(), k -> new ArrayList<>()).add(r.jobId());
        bySchema.forEach((schema, ids) -> {
            try {
                db.tx(c -> {
                    JobLeaseStore.renewAll(c, schema, ids, owner, leaseEnd());
                    return null;
                });
            } catch (RuntimeException e) {
                log.warn("Could not renew the leases of import jobs {}: {}", ids, e.getMessage());
            }
        });
    }

    /**
     * The scheduled take-over ({@link #RESUME_JOB}, every lease period): claims this tenant's running jobs whose
     * lease expired before {@code now} and resumes them once the claim commits.
     */
    public TenantJob resumeJob() {
        return new TenantJob() {
            @Override
            public String name() {
                return RESUME_JOB;
            }

            @Override
            public Duration every() {
                return LEASE;
            }

            @Override
            public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
                return claimAndResume(c, schema, now, limit);
            }
        };
    }

    /**
     * At start: resumes every tenant's interrupted jobs. With the embedded database this process alone uses the
     * data directory (its lock), so every running job's owner is dead and none waits for its lease to run out.
     */
    public void resumeAll(List<String> schemas, boolean soleProcess) {
        for (String schema : schemas) {
            try {
                Instant now = soleProcess ? Instant.now().plus(Duration.ofDays(36_500)) : Instant.now();
                db.tx(c -> claimAndResume(c, schema, now, Integer.MAX_VALUE));
            } catch (RuntimeException e) {
                log.warn("Could not resume the import jobs of {}: {}", schema, e.getMessage());
            }
        }
    }

    private int claimAndResume(Connection c, String schema, Instant now, int limit) throws SQLException {
        List<JobLeaseStore.Claimed> claimed = JobLeaseStore.claimExpired(c, schema, owner, now, leaseEnd(), limit);
        for (JobLeaseStore.Claimed j : claimed) {
            if (held.contains(new Held(schema, j.jobId()))) continue; // ours: the claim renewed its lease
            Database.afterCommit(j, () -> hand(schema, j.jobId(), () -> resume(schema, j)));
        }
        return claimed.size();
    }

    /** A claimed job goes on after its last committed chunk, with its file, job profile and user. */
    private void resume(String schema, JobLeaseStore.Claimed j) {
        try {
            log.info("Import job {} of {} resumes after {} of {} records", j.jobId(), schema, j.done(), j.total());
            Path file = db.read(c -> sourceFile(c, schema, j));
            Optional<ProfileSnapshot> profile = j.profileId() == null ? Optional.empty()
                    : profiles.forJob(schema, j.profileId());
            if (file == null || profile.isEmpty()) {
                fail(schema, j.jobId(), j.userId(), file == null ? "its upload is gone" : "its job profile is gone");
                return;
            }
            run(schema, new FileJob(j.jobId(), file), profile.get(), j.userId(), j.done());
        } catch (RuntimeException e) {
            log.error("Import job {} could not resume", j.jobId(), e);
        }
    }

    /** The job's uploaded file, from its upload definition's file definitions; null when they are gone. */
    private Path sourceFile(Connection c, String schema, JobLeaseStore.Claimed j) throws SQLException {
        if (j.uploadDefinitionId() == null) return null;
        Optional<ObjectNode> def = DataImportTypes.UPLOAD_DEFINITIONS.get(c, schema, j.uploadDefinitionId());
        if (def.isEmpty()) return null;
        for (JsonNode f : def.get().path("fileDefinitions")) {
            if (j.jobId().toString().equals(f.path("jobExecutionId").asText()) && f.hasNonNull("sourcePath")) {
                return files.resolve(f.path("sourcePath").asText());
            }
        }
        return null;
    }

    /** What one file of the request runs: its job and the uploaded file. */
    private record FileJob(UUID jobId, Path file) {
    }

    /**
     * Starts the definition's files with the job profile of {@code body} ({uploadDefinition, jobProfileInfo:{id,
     * name, dataType}}, mod-data-import's processFilesRqDto). Refuses an unknown definition (404), a body without
     * a job profile id or naming an unknown one (422), and a definition whose files are not all uploaded (422).
     */
    public void start(String schema, UUID definitionId, ObjectNode body, UUID userId) {
        JsonNode info = body.path("jobProfileInfo");
        if (!info.isObject()) throw refused("jobProfileInfo", "must not be null");
        UUID profileId = Ids.parse(info.path("id").asText(null))
                .orElseThrow(() -> refused("jobProfileInfo.id", "must be a UUID: " + info.path("id")));
        ProfileSnapshot profile = profiles.forJob(schema, profileId)
                .orElseThrow(() -> new NotFound("Job profile with id '" + profileId + "' was not found"));
        String name = profile.content().path("name").asText(info.path("name").asText(null));
        String dataType = profile.content().path("dataType").asText(info.path("dataType").asText("MARC"));
        if (!"MARC".equals(dataType)) {
            throw refused("jobProfileInfo.dataType", "Quire imports MARC files only, not " + dataType);
        }
        ProfileRoutes.of(profile); // a match profile Quire cannot run is a 422 now, not an error per record later
        List<FileJob> started = db.tx(c -> {
            ObjectNode def = DataImportTypes.UPLOAD_DEFINITIONS.getForUpdate(c, schema, definitionId)
                    .orElseThrow(() -> UploadDefinitions.notFound(definitionId));
            List<FileJob> out = new ArrayList<>();
            for (JsonNode f : def.path("fileDefinitions")) {
                if (!"UPLOADED".equals(f.path("status").asText()) || !f.hasNonNull("sourcePath")) {
                    throw refused("fileDefinitions", "File " + f.path("name").asText() + " is not uploaded (status "
                            + f.path("status").asText() + "): upload it before processFiles");
                }
                UUID jobId = UUID.fromString(f.path("jobExecutionId").asText());
                ObjectNode job = DataImportStore.job(c, schema, jobId).orElseThrow(() ->
                        new NotFound("JobExecution with id '" + jobId + "' was not found"));
                if (!JobStatus.parse(job.path("status").asText()).beforeProcessing()) {
                    throw refused("jobExecutionId", "Job " + jobId + " has already started: "
                            + job.path("status").asText());
                }
                out.add(new FileJob(jobId, files.resolve(f.path("sourcePath").asText())));
            }
            if (out.isEmpty()) throw refused("fileDefinitions", "The upload definition has no files");
            List<UUID> ids = new ArrayList<>();
            for (FileJob j : out) {
                ids.add(j.jobId());
                DataImportStore.setJobProfile(c, schema, j.jobId(), profileId, name, dataType);
                SrsStore.insertSnapshot(c, schema, new Snapshot(j.jobId(), "PARSING_IN_PROGRESS", Instant.now(),
                        null, null, null, null), userId);
            }
            // The meta job (PARENT_MULTIPLE) stays PARENT; a PARENT_SINGLE job is its own file's job.
            DataImportStore.updateStatus(c, schema, ids, JobStatus.PARSING_IN_PROGRESS, null);
            JobLeaseStore.claimStarted(c, schema, ids, owner, leaseEnd());
            ObjectNode next = def.deepCopy();
            next.put("status", "COMPLETED"); // mod-data-import: the definition is done once its files are handed on
            DataImportTypes.UPLOAD_DEFINITIONS.replace(c, schema, def, next, userId);
            return out;
        });
        for (FileJob j : started) hand(schema, j.jobId(), () -> run(schema, j, profile, userId, 0));
    }

    /** Queues a job's run on the pool unless this process holds the job already; it is held until the run ends. */
    private void hand(String schema, UUID jobId, Runnable work) {
        Held job = new Held(schema, jobId);
        if (!held.add(job)) return;
        try {
            executor.submit(() -> {
                try {
                    work.run();
                } finally {
                    held.remove(job);
                }
            });
        } catch (RuntimeException e) { // the pool is shut down: the lease runs out and another process resumes it
            held.remove(job);
            throw e;
        }
    }

    private static Refused refused(String field, String message) {
        return Refused.because(message, field, null);
    }

    /**
     * One file, chunk by chunk, from entry {@code skip} on (0, or the entries a crashed run committed); never throws
     * (a failure ends the job in ERROR).
     */
    void run(String schema, FileJob job, ProfileSnapshot profile, UUID userId, int skip) {
        try {
            int total = count(job.file());
            // Bibs, MARC holdings and authorities each to their writer, by the records' leaders and the profile.
            RecordTypeDispatch chunk = db.read(c -> RecordTypeDispatch.of(c, schema, job.jobId(), rules, profile,
                    userId));
            int done = skip;
            int chunks = 0;
            BackgroundPace pace = BackgroundPace.of(THROTTLE);
            try (Stream<MarcRecordOrError> entries = MarcFiles.read(job.file())) {
                Iterator<MarcRecordOrError> it = entries.skip(skip).iterator();
                List<MarcRecordOrError> batch = new ArrayList<>(CHUNK);
                while (it.hasNext()) {
                    batch.add(it.next());
                    if (batch.size() == CHUNK || !it.hasNext()) {
                        List<MarcRecordOrError> b = List.copyOf(batch);
                        int current = done + b.size();
                        // The lease is renewed, or the chunk not written: a cancelled (or deleted) job stops before
                        // its next chunk, and so does a job another process took over; written chunks stay whole.
                        long started = System.nanoTime();
                        JobLeaseStore.Hold hold = db.tx(c -> {
                            JobLeaseStore.Hold h = JobLeaseStore.renew(c, schema, job.jobId(), owner, leaseEnd());
                            if (h != JobLeaseStore.Hold.MINE) return h;
                            chunk.write(c, b);
                            DataImportStore.updateProgress(c, schema, job.jobId(), current, Math.max(total, current));
                            return h;
                        });
                        if (hold == JobLeaseStore.Hold.STOPPED) {
                            finishSnapshot(schema, job.jobId(), "CANCELLED", userId);
                            return;
                        }
                        if (hold == JobLeaseStore.Hold.TAKEN) {
                            log.warn("Import job {} was taken over by another process; this one stops", job.jobId());
                            return;
                        }
                        done = current;
                        batch.clear();
                        // Yield to the requests (check-out at a desk while tenants import): the chunk's PostgreSQL
                        // work runs at normal priority whatever this thread's, so the job rests instead (not after
                        // its last chunk: its end is due).
                        if (it.hasNext()) {
                            try {
                                pace.restAfter(System.nanoTime() - started);
                            } catch (InterruptedException stopping) { // the job resumes from its lease
                                Thread.currentThread().interrupt();
                                return;
                            }
                        }
                        Integer dieAfter = DIE_AFTER_CHUNKS.get(job.jobId());
                        if (dieAfter != null && ++chunks >= dieAfter) {
                            DIE_AFTER_CHUNKS.remove(job.jobId());
                            return;
                        }
                    }
                }
            }
            int finalDone = done;
            db.tx(c -> {
                if (JobLeaseStore.renew(c, schema, job.jobId(), owner, leaseEnd()) != JobLeaseStore.Hold.MINE) return null;
                DataImportStore.updateProgress(c, schema, job.jobId(), finalDone, finalDone);
                DataImportStore.updateStatus(c, schema, List.of(job.jobId()), JobStatus.COMMITTED, null);
                SrsStore.snapshotForUpdate(c, schema, job.jobId()).ifPresent(s -> updateSnapshot(c, schema, s,
                        "COMMITTED", userId));
                return null;
            });
            analyzeWrittenTables(schema, finalDone);
        } catch (Exception | Error e) {
            log.error("Import job {} failed", job.jobId(), e);
            fail(schema, job.jobId(), userId, e.getMessage());
        }
    }

    /** The tables an import fills, whose statistics its end brings up to date (TableStatistics). */
    static final List<String> WRITTEN_TABLES = List.of("srs_record", "instance", "holdings_record", "item",
            "authority");

    /**
     * After a committed job, the statistics of the tables it filled, when autovacuum would analyse them now: the
     * first requests after a new tenant's first import are planned with them. The job is already COMMITTED; a
     * failure here only leaves the work to autovacuum.
     */
    private void analyzeWrittenTables(String schema, int records) {
        try {
            List<String> analysed = db.tx(c -> TableStatistics.analyzeAfterWriting(c, schema, WRITTEN_TABLES,
                    records));
            if (!analysed.isEmpty()) log.debug("Analysed {} in {} after an import", analysed, schema);
        } catch (RuntimeException e) {
            log.warn("Could not analyse {}'s imported tables: {}", schema, e.getMessage());
        }
    }

    /**
     * The job ends in ERROR (FILE_PROCESSING_ERROR) with the progress its committed chunks made, if this process
     * still holds it; when the database is gone it stays PARSING_IN_PROGRESS and is resumed once its lease expires.
     */
    private void fail(String schema, UUID jobId, UUID userId, String reason) {
        try {
            boolean failed = db.tx(c -> {
                if (JobLeaseStore.renew(c, schema, jobId, owner, leaseEnd()) != JobLeaseStore.Hold.MINE) return false;
                DataImportStore.updateStatus(c, schema, List.of(jobId), JobStatus.ERROR, "FILE_PROCESSING_ERROR");
                return true;
            });
            if (failed) {
                log.warn("Import job {} ended in ERROR: {}", jobId, reason);
                finishSnapshot(schema, jobId, "ERROR", userId);
            }
        } catch (RuntimeException ignored) {
            // the database is gone: the lease runs out and the job is resumed (RESUME_JOB)
        }
    }

    private void finishSnapshot(String schema, UUID jobId, String status, UUID userId) {
        db.tx(c -> {
            SrsStore.snapshotForUpdate(c, schema, jobId).ifPresent(s -> updateSnapshot(c, schema, s, status, userId));
            return null;
        });
    }

    private static void updateSnapshot(Connection c, String schema, Snapshot s, String status, UUID userId) {
        try {
            SrsStore.updateSnapshot(c, schema, new Snapshot(s.jobExecutionId(), status, s.processingStartedDate(),
                    s.createdBy(), s.createdDate(), userId, Instant.now()), userId);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The file's entries (records and unreadable ones), for progress.total; cut, not parsed. */
    private static int count(Path file) throws java.io.IOException {
        if (file == null || !Files.exists(file)) {
            throw new InvalidInput("The uploaded file is missing" + (file == null ? "" : ": " + file.getFileName()));
        }
        return MarcFiles.count(file);
    }

    /**
     * Whether a record already carries 999 ff $i or $s (SRM's ChangeEngineServiceImpl refuses to create it); a 999
     * with other indicators is a local field and does not count.
     */
    static boolean alreadyLinked(org.marc4j.marc.Record r) {
        for (org.marc4j.marc.DataField df : r.getDataFields()) {
            if (df.getTag().equals("999") && df.getIndicator1() == 'f' && df.getIndicator2() == 'f'
                    && (df.getSubfield('i') != null || df.getSubfield('s') != null)) return true;
        }
        return false;
    }
}
