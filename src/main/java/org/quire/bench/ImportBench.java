package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.cli.ImportClient;
import org.quire.cli.ProgressBar;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code quire bench import} (issue 14): one file of real LC records imported as FOLIO's PTF imports it — a fresh
 * tenant, the "PTF - Create 2" job profile (instance + SRS + holdings + item), the data-import flow over HTTP
 * ({@link ImportClient}: upload definition, streamed upload, processFiles, the job polled) — timed from the upload
 * definition to COMMITTED and until a search finds the file's last record, with the server's CPU, RSS and
 * connections sampled meanwhile; then the floor on the same PostgreSQL ({@link ImportFloor}: marc4j + COPY).
 */
final class ImportBench {
    /** Issue 14's targets, for 100,000 records: ≤ 60 s searchable, ≤ 3× the floor; update ≤ 90 s. */
    static final double TARGET_SECONDS_PER_100K = 60, TARGET_UPDATE_SECONDS_PER_100K = 90, TARGET_RATIO = 3;
    /** Quire's shipped "update by 999 ff $i (create when no match)" job profile (tenant migration V37). */
    static final String UPDATE_PROFILE_ID = "b94ab8ce-7bdf-4379-9688-374ecc56e51b",
            UPDATE_PROFILE_NAME = "Quire - Update instance and SRS MARC Bib by 999ff$i (create when no match)";

    private final BenchOptions o;
    private final PrintStream out;
    private final Progress progress;

    ImportBench(BenchOptions options, PrintStream out) {
        this.o = options;
        this.out = out;
        this.progress = new Progress(out);
    }

    BenchReport run() throws Exception {
        String startedAt = Instant.now().toString();
        Path dir = ReportFiles.directory(o);
        Files.createDirectories(dir);
        Path file = ImportData.prepare(o.marc(), o.records(), dir, progress);
        List<String> notes = new ArrayList<>();
        BenchReport.ImportRun run;
        BenchReport.Resources resources;
        try (BenchTarget target = o.url() == null ? BenchTarget.startPrivate(dir, progress, false)
                : BenchTarget.external(o)) {
            BenchHttp http = new BenchHttp(target.url());
            ImportedTenant fresh = ImportedTenant.fresh(http, ImportedTenant.admin(o, target, http), "import",
                    progress);
            String tenant = fresh.tenant(), password = fresh.password(), profileId = fresh.profileId();
            BenchHttp.Session s = fresh.session();
            Measured m;
            try (ResourceSampler sampler = ResourceSampler.connect(http, target)) {
                notes.add(ServerSettle.await(sampler::cpuSecondsNow, progress, ServerSettle.REAL));
                sampler.start();
                m = importFile(target, tenant, password, profileId, file, s, true, "import");
                resources = sampler.stop(null, null);
            }
            // The update phase, as a library edits records in bulk: export what the job stored (each record with
            // Quire's 001 and 999 ff $i, as FOLIO's data export writes it) and load it back with the shipped
            // update-by-999ff$i profile; every record must match (UPDATED), none be created.
            progress.step("Update phase: exporting the imported records from SRS (with 999 ff $i)");
            Path exported = dir.resolve("export-" + m.records() + ".mrc");
            long exportedCount = ExportedRecords.export(s, m.jobId(), exported);
            progress.step(String.format(Locale.ROOT, "    %,d records in %s", exportedCount, exported.getFileName()));
            Measured u = importFile(target, tenant, password, UPDATE_PROFILE_ID, exported, s, false, "update");
            ImportFloor.Result floor = null;
            if (target.dbUrl() != null) {
                progress.step("Floor: marc4j + COPY of the same records into a scratch table");
                floor = ImportFloor.run(target, file);
                progress.step(String.format(Locale.ROOT, "    %,d rows in %.1f s (%,.0f records/s; %,d records "
                        + "skipped as malformed)", floor.rows(), floor.seconds(), floor.recordsPerSecond(), floor.skipped()));
                notes.add(ImportFloor.DESCRIPTION);
            } else {
                notes.add("No floor: the database of " + o.url() + " is not known (give --db-url).");
            }
            run = result(file, m, floor, exported, u);
        }
        notes.add("Timed as the PTF times an import: from the upload definition (the file's upload included) to the "
                + "job's COMMITTED status, polled every 200 ms at GET /change-manager/jobExecutions/{id}; "
                + "\"searchable\" until GET /search/instances finds the instance of the file's last imported record. "
                + "The figures of one run on a shared machine are indicative; the ratio to the floor, measured minutes "
                + "apart on the same machine and database, is the figure to compare.");
        notes.add("Update phase: the created records exported from SRS (GET /source-storage/stream/source-records of "
                + "the create job, written as ISO 2709 with their 001 = instance HRID and 999 ff $i = instance id, as "
                + "FOLIO's data export writes them) and imported again with \"" + UPDATE_PROFILE_NAME + "\": each "
                + "record must match its instance (UPDATED) and store a new SRS generation; none may be created. "
                + "Timed as the create phase (upload definition → COMMITTED); the export is not timed. Resources "
                + "(CPU, RSS, connections) are those of the create phase.");
        BenchReport report = new BenchReport("import", startedAt, Instant.now().toString(), null, Bench.machine(), null,
                List.of(), List.of(), List.of(), resources, notes, null, run);
        ReportFiles.write(report, dir);
        progress.step("Report: " + dir.resolve("report.md") + " (also report.json, report.html)");
        return report;
    }

    private record Measured(String jobId, String status, long records, double upload, double wall, Double searchable,
                            ImportClient.Summary summary, String profileName) {
    }

    private Measured importFile(BenchTarget target, String tenant, String password, String profileId, Path file,
                                BenchHttp.Session s, boolean searchable, String label) throws Exception {
        ImportClient client = ImportClient.login(target.url(), tenant, DataSetup.ADMIN, password);
        ImportClient.Profile profile = client.profile(profileId);
        progress.step("Importing " + file.getFileName() + " with \"" + profile.name() + "\"");
        PrintWriter w = new PrintWriter(out, true);
        long t0 = System.nanoTime();
        String jobId = client.start(file, file.getFileName().toString(), profile);
        double upload = seconds(t0);
        ProgressBar bar = new ProgressBar("  " + label, "records", w);
        ImportClient.JobState end = client.await(jobId, Duration.ofMillis(200), bar::update);
        double wall = seconds(t0);
        bar.done(String.format(Locale.ROOT, "  " + label + ": %s, %,d records in %.1f s (upload %.1f s), %,.0f records/s",
                end.status(), end.total(), wall, upload, end.total() / wall));
        Double found = searchable ? awaitSearchable(s, jobId, t0) : null;
        if (found != null) progress.step(String.format(Locale.ROOT, "  searchable after %.1f s", found));
        return new Measured(jobId, end.status(), end.total(), upload, wall, found, client.summary(jobId),
                profile.name());
    }

    /**
     * Seconds from {@code t0} until a search finds the instance of the file's last imported record (the outbox is
     * delivered in order, so everything before it is indexed too); null when no record made an instance.
     */
    private static Double awaitSearchable(BenchHttp.Session s, String jobId, long t0) throws Exception {
        JsonNode last = s.getOk("/metadata-provider/jobLogEntries/" + jobId
                + "?limit=50&sortBy=source_record_order&order=desc").path("entries");
        String instanceId = null;
        for (JsonNode e : last) {
            JsonNode ids = e.path("relatedInstanceInfo").path("idList");
            if (!ids.isEmpty()) {
                instanceId = ids.get(0).asText();
                break;
            }
        }
        if (instanceId == null) return null;
        String query = "/search/instances?limit=0&query=" + BenchHttp.cql("id==\"" + instanceId + "\"");
        long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (s.getOk(query).path("totalRecords").asLong() > 0) return seconds(t0);
            Thread.sleep(100);
        }
        throw new IllegalStateException("The last imported record was not searchable after 30 minutes");
    }

    private BenchReport.ImportRun result(Path file, Measured m, ImportFloor.Result floor, Path exported, Measured u) {
        ImportClient.Summary sum = m.summary();
        List<BenchReport.Count> created = List.of(new BenchReport.Count("SRS MARC records", sum.srs().created()),
                new BenchReport.Count("instances", sum.instances().created()),
                new BenchReport.Count("holdings", sum.holdings().created()),
                new BenchReport.Count("items", sum.items().created()));
        double rate = m.wall() > 0 ? m.records() / m.wall() : 0;
        double ratio = floor == null || floor.seconds() <= 0 ? Double.NaN : m.wall() / floor.seconds();
        double allowed = TARGET_SECONDS_PER_100K * m.records() / 100_000.0;
        double done = m.searchable() != null ? Math.max(m.searchable(), m.wall()) : m.wall();
        List<BenchReport.Target> targets = List.of(
                new BenchReport.Target(String.format(Locale.ROOT, "Create instance + SRS + holdings + item, searchable: "
                        + "≤ 60 s per 100,000 records (≤ %.1f s for %,d)", allowed, m.records()),
                        String.format(Locale.ROOT, "%.1f s (%,.0f records/s)", done, m.records() / done),
                        done <= allowed && sum.totalErrors() == 0 && m.status().equals("COMMITTED")),
                new BenchReport.Target("≤ " + (int) TARGET_RATIO + "× the floor (wall time ÷ marc4j + COPY)",
                        Formats.ratio(ratio), ratio <= TARGET_RATIO),
                updateTarget(u));
        BenchReport.UpdateRun update = new BenchReport.UpdateRun(exported.toString(), u.profileName(), u.records(),
                u.status(), u.wall(), u.wall() > 0 ? u.records() / u.wall() : 0, u.summary().instances().updated(),
                u.summary().srs().updated(), u.summary().instances().created() + u.summary().srs().created(),
                u.summary().totalErrors());
        return new BenchReport.ImportRun(file.toString(), m.profileName(), m.records(), m.status(), m.upload(),
                m.wall(), rate, m.searchable(), created, sum.totalErrors(), floor == null ? 0 : floor.seconds(),
                floor == null ? 0 : floor.rows(), floor == null ? 0 : floor.recordsPerSecond(), ratio, targets, update);
    }

    /**
     * ≤ 90 s per 100,000 records, every record UPDATED (instance and SRS), none created, none failed, the job
     * COMMITTED.
     */
    static BenchReport.Target updateTarget(Measured u) {
        ImportClient.Summary sum = u.summary();
        double allowed = TARGET_UPDATE_SECONDS_PER_100K * u.records() / 100_000.0;
        long created = sum.instances().created() + sum.srs().created();
        boolean allUpdated = sum.instances().updated() == u.records() && sum.srs().updated() == u.records();
        return new BenchReport.Target(String.format(Locale.ROOT, "Update of the same records (all UPDATED, none "
                + "created): ≤ 90 s per 100,000 (≤ %.1f s for %,d)", allowed, u.records()),
                String.format(Locale.ROOT, "%.1f s (%,.0f records/s); %,d updated, %,d created, %,d failed", u.wall(),
                        u.wall() > 0 ? u.records() / u.wall() : 0, sum.instances().updated(), created,
                        sum.totalErrors()),
                u.wall() <= allowed && allUpdated && created == 0 && sum.totalErrors() == 0
                        && u.status().equals("COMMITTED"));
    }

    private static double seconds(long fromNanos) {
        return (System.nanoTime() - fromNanos) / 1e9;
    }
}
