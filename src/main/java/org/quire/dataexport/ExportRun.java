package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.Record;
import org.quire.marc.InstanceMarc;
import org.quire.marc.InstanceMarcStore;
import org.quire.marc.MarcRecords;
import org.quire.platform.DataFiles;
import org.quire.platform.Futures;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Future;

/**
 * One export job in the background, streaming: the ids are read a page at a time (the uploaded CSV line by line, or
 * keyset pages of the CQL query's instance ids), each page's SRS records fetched in one statement and — for
 * instances without one — the instances in another and their MARC generated ({@link InstanceMarc}), the records
 * appended to {@code <data dir>/data-export/<tenant>/<jobId>/<name>-<hrId>.mrc}, and the page's progress and error
 * logs committed in one transaction. Never the whole export in memory: two pages of {@value #PAGE} records at most
 * (the next one is read while one is written).
 *
 * <p>Errors as mod-data-export logs them ({@link ExportError}): a record too long for ISO 2709 or that cannot be
 * converted, one entry each with the record; at the end, one entry listing the ids that are no UUIDs
 * (error.invalidUuidFormat), one listing the ids with no record (error.uuidsNotFound), and the number of failed records
 * (error.someRecordsFailed). An id given again is not exported again and counts as failed, as FOLIO's. The job ends
 * COMPLETED (no failures), COMPLETED_WITH_ERRORS (some) or FAIL (nothing exported), as mod-data-export's job status
 * rules.
 */
final class ExportRun {
    static final int PAGE = 500;
    /** The most ids one summary entry lists; a file of a million bad lines is one entry of bounded size. */
    static final int LISTED = 10_000;

    private final Database db;
    private final DataFiles files;
    private final ExportJobs jobs;
    private final String schema;
    private final ExportJobs.Plan plan;
    private long exported;
    private long failed;
    private long duplicatedSrs;
    private long readIds;
    /** The ids that are no UUIDs, and those with no record, listed in the job's summary entries at the end. */
    private final Listed invalid = new Listed(","), notFound = new Listed(", ");
    /** The job's mapping profile, and the fields its transformations add (none for the default profiles). */
    private MappingProfile profile;
    private TransformedFields transformed;

    ExportRun(Database db, DataFiles files, ExportJobs jobs, String schema, ExportJobs.Plan plan) {
        this.db = db;
        this.files = files;
        this.jobs = jobs;
        this.schema = schema;
        this.plan = plan;
    }

    void run() {
        Path target = null;
        Path part = null;
        try {
            ObjectNode job = db.read(c -> DataExportTypes.JOBS.get(c, schema, plan.jobId())).orElseThrow();
            String fileName = DataFiles.safeName(plan.outputBase() + "-" + job.path("hrId").asText() + ".mrc");
            target = files.dir(org.quire.platform.tenancy.Tenants.tenantOfSchema(schema), plan.jobId().toString()).resolve(fileName);
            Files.createDirectories(target.getParent());
            part = target.resolveSibling(fileName + ".part");
            long total = total();
            jobs.update(schema, plan.jobId(), plan.userId(), j -> progress(j, total), List.of());
            InstanceMarc.Names names = db.read(c -> InstanceMarcStore.names(c, schema));
            profile = plan.kind() == RecordKind.INSTANCE ? db.read(c -> mappingProfile(c, job)) : null;
            transformed = profile == null || profile.transformations().isEmpty() ? null
                    : TransformedFields.of(profile, db.read(c -> TransformationNames.read(c, schema)));
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(part), 1 << 16)) {
                MarcOutput marc = new MarcOutput(out);
                // The next page is read while this one is converted and written: reading (PostgreSQL turning each
                // record's jsonb into text) and converting (JSON → marc4j → ISO 2709) took about as long as each
                // other, one after the other on a machine with a core for each.
                try (var reader = java.util.concurrent.Executors.newSingleThreadExecutor(
                        org.quire.platform.BackgroundPriority.threads("data-export-read"))) {
                    if (plan.cql() != null) {
                        Future<Fetched> next = reader.submit(() -> fetchCql(null));
                        while (true) {
                            Fetched page = Futures.result(next);
                            if (page.raw().isEmpty()) break;
                            UUID last = page.lastId();
                            next = reader.submit(() -> fetchCql(last));
                            write(page, marc, names, total);
                        }
                    } else if (plan.csv() != null) {
                        Future<Fetched> pending = null;
                        SeenIds seen = new SeenIds();
                        try (BufferedReader in = idLines(plan.csv())) {
                            List<String> page = new ArrayList<>(PAGE);
                            for (String line; (line = in.readLine()) != null; ) {
                                String id = csvValue(line);
                                if (id.isEmpty()) continue;
                                Optional<UUID> uuid = Ids.parse(id);
                                if (uuid.isPresent() && !seen.add(uuid.get())) { // given again: FOLIO skips it
                                    failed++;
                                    readIds++;
                                    continue;
                                }
                                page.add(id);
                                if (page.size() == PAGE) {
                                    pending = readThenWrite(reader, page, pending, marc, names, total);
                                    page = new ArrayList<>(PAGE);
                                }
                            }
                            if (!page.isEmpty()) pending = readThenWrite(reader, page, pending, marc, names, total);
                        }
                        if (pending != null) write(Futures.result(pending), marc, names, total);
                    }
                }
            }
            String status = exported == 0 ? "FAIL" : failed > 0 ? "COMPLETED_WITH_ERRORS" : "COMPLETED";
            ObjectNode file = Json.object();
            if (exported > 0) {
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                file.put("fileId", UUID.randomUUID().toString()).put("fileName", fileName);
            } else {
                Files.deleteIfExists(part);
            }
            jobs.update(schema, plan.jobId(), plan.userId(), j -> {
                progress(j, total);
                if (!file.isEmpty()) j.withArray("exportedFiles").add(file);
                j.put("status", status).put("completedDate", Json.date(Instant.now()));
            }, summary());
        } catch (ExportJobs.JobEnded ended) {
            // expired or deleted meanwhile: what it says stands, and what this run wrote goes
            ExportJobs.log().info("Export stopped: {}", ended.getMessage());
            try {
                if (part != null) Files.deleteIfExists(part);
                if (target != null) Files.deleteIfExists(target);
            } catch (IOException e) {
                ExportJobs.log().warn("Export job {}: its files could not be removed", plan.jobId(), e);
            }
        } catch (Exception | Error e) {
            ExportJobs.log().error("Export job {} failed", plan.jobId(), e);
            try {
                if (part != null) Files.deleteIfExists(part);
                jobs.update(schema, plan.jobId(), plan.userId(), j -> j.put("status", "FAIL")
                        .put("completedDate", Json.date(Instant.now())),
                        List.of(ExportJobs.errorLog(plan.jobId(), "Export failed: " + e.getMessage())));
            } catch (RuntimeException | IOException again) {
                ExportJobs.log().error("Export job {} could not be marked FAIL", plan.jobId(), again);
            }
        }
    }

    /**
     * The uploaded ids file's lines. Bytes that are not UTF-8 become U+FFFD instead of failing the whole job: the line
     * they are on is then an invalid id (its own error log entry), and every other line is exported.
     */
    private static BufferedReader idLines(java.nio.file.Path csv) throws IOException {
        return new BufferedReader(new java.io.InputStreamReader(Files.newInputStream(csv), StandardCharsets.UTF_8));
    }

    /** The job's total: the CSV's non-blank lines (one cheap pass), or the count of the query's (or export-all's). */
    private long total() throws IOException {
        if (plan.cql() != null) return db.read(c -> DataExportStore.count(c, schema, plan.kind(), plan.cql()));
        long n = 0;
        try (BufferedReader in = idLines(plan.csv())) {
            for (String line; (line = in.readLine()) != null; ) if (!csvValue(line).isEmpty()) n++;
        }
        return n;
    }

    /**
     * One page of requested ids and what the database holds for them: the ids that are UUIDs, the ACTUAL SRS record's
     * MARC-in-JSON of each (how many were duplicated), and the instances without one.
     */
    private record Fetched(List<String> raw, Set<UUID> ids, List<String> invalid, Map<UUID, String> srs,
                           Map<UUID, JsonNode> instances, Map<UUID, List<ObjectNode>> holdings, int duplicatedSrs) {
        UUID lastId() {
            return UUID.fromString(raw.getLast());
        }
    }

    /** The next keyset page of the ids the query (or export-all) selects after {@code after}, fetched. */
    private Fetched fetchCql(UUID after) {
        List<UUID> ids = db.read(c -> DataExportStore.ids(c, schema, plan.kind(), plan.cql(), after, PAGE));
        return fetch(ids.stream().map(UUID::toString).toList());
    }

    private Fetched fetch(List<String> raw) {
        Set<UUID> ids = new LinkedHashSet<>();
        List<String> invalid = new ArrayList<>();
        for (String s : raw) {
            var id = Ids.parse(s);
            if (id.isPresent()) ids.add(id.get());
            else invalid.add(s);
        }
        Map<UUID, String> srs = new HashMap<>();
        int[] duplicated = {0};
        Map<UUID, List<ObjectNode>> holdings = new HashMap<>();
        Map<UUID, JsonNode> instances = db.read(c -> {
            if (profile == null || profile.usesSrs()) {
                for (DataExportStore.SrsRow row : DataExportStore.srsRecords(c, schema, plan.kind(), ids)) {
                    if (srs.putIfAbsent(row.externalId(), row.parsedContent()) != null) duplicated[0]++;
                }
            }
            if (plan.kind() != RecordKind.INSTANCE) return Map.of();
            if (transformed != null && profile.withHoldings()) {
                holdings.putAll(DataExportStore.holdings(c, schema, ids, profile.withItems()));
            }
            List<UUID> without = ids.stream().filter(id -> !srs.containsKey(id)).toList();
            return DataExportStore.instances(c, schema, without);
        });
        return new Fetched(raw, ids, invalid, srs, instances, holdings, duplicated[0]);
    }

    /** Starts reading {@code ids}, then writes the page read before it (null: none); returns the read started. */
    private Future<Fetched> readThenWrite(java.util.concurrent.ExecutorService reader, List<String> ids,
            Future<Fetched> before, MarcOutput marc, InstanceMarc.Names names, long total) throws InterruptedException {
        Future<Fetched> next = reader.submit(() -> fetch(ids));
        if (before != null) write(Futures.result(before), marc, names, total);
        return next;
    }

    /** One fetched page: convert, write, and commit the progress and the page's error logs. */
    private void write(Fetched page, MarcOutput marc, InstanceMarc.Names names, long total) {
        List<ObjectNode> logs = new ArrayList<>();
        for (String s : page.invalid()) {
            failed++;
            invalid.add(s);
        }
        readIds += page.raw().size();
        duplicatedSrs += page.duplicatedSrs();
        Map<UUID, String> srs = page.srs();
        Map<UUID, JsonNode> instances = page.instances();
        for (UUID id : page.ids()) {
            Record record;
            try {
                List<ObjectNode> holdings = page.holdings().getOrDefault(id, List.of());
                if (srs.containsKey(id)) {
                    record = MarcRecords.fromMarcJson(Json.parse(srs.get(id)));
                    transform(record, null, holdings); // beside an SRS record FOLIO reads no instance fields
                } else if (instances.containsKey(id)) {
                    JsonNode instance = instances.get(id);
                    // a profile without SRS that transforms fields gets those fields alone, and the default rules
                    // its instance transformations without a value name, as FOLIO's
                    record = transformed != null && !profile.usesSrs()
                            ? InstanceMarc.of(instance, names, transformed.defaultRules()::contains)
                            : InstanceMarc.of(instance, names);
                    transform(record, instance, holdings);
                } else {
                    failed++;
                    notFound.add(id.toString());
                    continue;
                }
            } catch (IllegalArgumentException e) {
                failed++;
                logs.add(ExportJobs.errorLog(plan.jobId(), ExportError.MESSAGE_PLACEHOLDER,
                        List.of("Json record cannot be converted to marc format, cause: " + e.getMessage()),
                        id.toString(), plan.kind()));
                continue;
            }
            String error = marc.write(record);
            if (error == null) {
                exported++;
            } else {
                failed++;
                logs.add(ExportJobs.errorLog(plan.jobId(), error.startsWith("Record is too long")
                        ? ExportError.RECORD_IS_TOO_LONG : ExportError.MESSAGE_PLACEHOLDER, List.of(error),
                        id.toString(), plan.kind()));
            }
        }
        jobs.update(schema, plan.jobId(), plan.userId(), j -> progress(j, total), logs);
    }

    /** Adds the mapping profile's fields to an instance's record and removes what it suppresses. */
    private void transform(Record record, JsonNode instance, List<ObjectNode> holdings) {
        if (profile == null) return;
        TransformedFields.merge(record, transformed == null ? List.of() : transformed.fields(instance, holdings),
                profile);
    }

    /** The mapping profile of the job's job profile; the default instance profile's when either is gone. */
    private MappingProfile mappingProfile(Connection c, ObjectNode job) throws SQLException {
        Optional<UUID> jobProfileId = Ids.parse(job.path("jobProfileId").asText());
        Optional<ObjectNode> jobProfile = jobProfileId.isEmpty() ? Optional.empty()
                : DataExportTypes.JOB_PROFILES.get(c, schema, jobProfileId.get());
        Optional<UUID> mappingId = jobProfile.flatMap(p -> Ids.parse(p.path("mappingProfileId").asText()));
        Optional<ObjectNode> mapping = mappingId.isEmpty() ? Optional.empty()
                : DataExportTypes.MAPPING_PROFILES.get(c, schema, mappingId.get());
        return MappingProfile.of(mapping.orElseGet(() -> Json.object().put("default", true)));
    }

    /** The entries FOLIO writes when a job ends (ErrorLogService.saveCommonExportFailsErrors), in its order. */
    private List<ObjectNode> summary() {
        List<ObjectNode> logs = new ArrayList<>();
        if (!invalid.isEmpty())
            logs.add(ExportJobs.errorLog(plan.jobId(), ExportError.INVALID_UUID_FORMAT, List.of(invalid.value()), null,
                    null));
        if (!notFound.isEmpty())
            logs.add(ExportJobs.errorLog(plan.jobId(), ExportError.UUIDS_NOT_FOUND, List.of(notFound.value()), null,
                    null));
        if (failed > 0)
            logs.add(ExportJobs.errorLog(plan.jobId(), ExportError.SOME_RECORDS_FAILED, List.of(Long.toString(failed)),
                    null, null));
        return logs;
    }

    /** Values one log entry lists, joined as FOLIO joins them: the first {@link #LISTED}, then how many more. */
    private static final class Listed {
        private final String separator;
        private final StringBuilder text = new StringBuilder();
        private long count;

        Listed(String separator) {
            this.separator = separator;
        }

        void add(String value) {
            if (count++ < LISTED) text.append(count == 1 ? "" : separator).append(value);
        }

        boolean isEmpty() {
            return count == 0;
        }

        String value() {
            return count <= LISTED ? text.toString() : text + separator + "… and " + (count - LISTED) + " more";
        }
    }

    private void progress(ObjectNode job, long total) {
        job.putObject("progress").put("exported", exported).put("failed", failed).put("duplicatedSrs", duplicatedSrs)
                .put("total", total).put("readIds", readIds);
    }

    /** One CSV line's id: trimmed, a BOM and surrounding quotes removed (mod-data-export reads ids line by line). */
    static String csvValue(String line) {
        String s = line.replace("\uFEFF", "").strip();
        if (s.endsWith(",")) s = s.substring(0, s.length() - 1).strip();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) s = s.substring(1, s.length() - 1).strip();
        return s;
    }
}
