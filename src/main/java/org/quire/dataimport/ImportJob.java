package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.dataimport.profiles.ProfileSnapshots;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MappingRules;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;
import org.quire.srs.Snapshot;
import org.quire.srs.SrsStore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

/**
 * {@code POST /data-import/uploadDefinitions/{id}/processFiles}: checks the request, moves the definition's jobs to
 * PARSING_IN_PROGRESS with their job profile, and runs each file in the background (folio-catalogue-api.md §3.4):
 * chunks of {@value #CHUNK} records, each chunk one transaction ({@link ImportChunk}), progress after each, then
 * COMMITTED with completedDate (ERROR when the file cannot be read at all). The SRS snapshot is the job execution.
 */
public final class ImportJob {
    /** Records per transaction (FOLIO's mod-data-import uses 50; larger chunks are fewer round trips). */
    static final int CHUNK = 100;

    private final Database db;
    private final UploadFiles files;
    private final MappingRules rules;
    private final ProfileSnapshots profiles;
    private final ExecutorService executor;

    public ImportJob(Database db, UploadFiles files, MappingRules rules) {
        this.db = db;
        this.files = files;
        this.rules = rules;
        this.profiles = new ProfileSnapshots(db);
        // Platform threads, not the request's: the job outlives the 204. Two at once (the machine's cores).
        this.executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "data-import");
            t.setDaemon(true);
            return t;
        });
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
            ObjectNode next = def.deepCopy();
            next.put("status", "COMPLETED"); // mod-data-import: the definition is done once its files are handed on
            DataImportTypes.UPLOAD_DEFINITIONS.replace(c, schema, def, next, userId);
            return out;
        });
        for (FileJob j : started) executor.submit(() -> run(schema, j, profile, userId));
    }

    private static Refused refused(String field, String message) {
        return Refused.because(message, field, null);
    }

    /** One file, chunk by chunk; never throws (a failure ends the job in ERROR). */
    void run(String schema, FileJob job, ProfileSnapshot profile, UUID userId) {
        try {
            int total = count(job.file());
            // Bibs, MARC holdings and authorities each to their writer, by the records' leaders and the profile.
            RecordTypeDispatch chunk = db.read(c -> RecordTypeDispatch.of(c, schema, job.jobId(), rules, profile,
                    userId));
            int done = 0;
            try (Stream<MarcRecordOrError> entries = MarcFiles.read(job.file())) {
                Iterator<MarcRecordOrError> it = entries.iterator();
                List<MarcRecordOrError> batch = new ArrayList<>(CHUNK);
                while (it.hasNext()) {
                    batch.add(it.next());
                    if (batch.size() == CHUNK || !it.hasNext()) {
                        List<MarcRecordOrError> b = List.copyOf(batch);
                        int current = done + b.size();
                        // A cancelled (or deleted) job stops before its next chunk; written chunks stay whole.
                        boolean running = db.tx(c -> {
                            if (!stillRunning(c, schema, job.jobId())) return false;
                            chunk.write(c, b);
                            DataImportStore.updateProgress(c, schema, job.jobId(), current, Math.max(total, current));
                            return true;
                        });
                        if (!running) {
                            finishSnapshot(schema, job.jobId(), "CANCELLED", userId);
                            return;
                        }
                        done = current;
                        batch.clear();
                    }
                }
            }
            int finalDone = done;
            db.tx(c -> {
                if (!stillRunning(c, schema, job.jobId())) return null;
                DataImportStore.updateProgress(c, schema, job.jobId(), finalDone, finalDone);
                DataImportStore.updateStatus(c, schema, List.of(job.jobId()), JobStatus.COMMITTED, null);
                SrsStore.snapshotForUpdate(c, schema, job.jobId()).ifPresent(s -> updateSnapshot(c, schema, s,
                        "COMMITTED", userId));
                return null;
            });
        } catch (Exception | Error e) {
            org.slf4j.LoggerFactory.getLogger(ImportJob.class).error("Import job {} failed", job.jobId(), e);
            try {
                db.tx(c -> DataImportStore.updateStatus(c, schema, List.of(job.jobId()), JobStatus.ERROR,
                        "FILE_PROCESSING_ERROR"));
                finishSnapshot(schema, job.jobId(), "ERROR", userId);
            } catch (RuntimeException ignored) {
                // the database is gone: the job stays PARSING_IN_PROGRESS (no crash recovery yet)
            }
        }
    }

    private void finishSnapshot(String schema, UUID jobId, String status, UUID userId) {
        db.tx(c -> {
            SrsStore.snapshotForUpdate(c, schema, jobId).ifPresent(s -> updateSnapshot(c, schema, s, status, userId));
            return null;
        });
    }

    private static boolean stillRunning(Connection c, String schema, UUID jobId) throws SQLException {
        return DataImportStore.job(c, schema, jobId)
                .map(j -> JobStatus.PARSING_IN_PROGRESS.name().equals(j.path("status").asText())).orElse(false);
    }

    private static void updateSnapshot(Connection c, String schema, Snapshot s, String status, UUID userId) {
        try {
            SrsStore.updateSnapshot(c, schema, new Snapshot(s.jobExecutionId(), status, s.processingStartedDate(),
                    s.createdBy(), s.createdDate(), userId, Instant.now()), userId);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The file's entries (records and unreadable ones), for progress.total; one cheap pass without mapping. */
    private static int count(Path file) throws java.io.IOException {
        if (!Files.exists(file)) throw new InvalidInput("The uploaded file is missing: " + file.getFileName());
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(file)) {
            return (int) entries.count();
        }
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
