package org.quire.bench;

import org.quire.cli.ExportClient;
import org.quire.cli.ProgressBar;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * {@code quire bench export} (issue 15, "Speed"): a fresh tenant with N real LC records imported (not timed), then all
 * its instances exported to one MARC file (UTF-8 ISO 2709) the way FOLIO's Data export app and {@code quire export}
 * do it ({@link ExportClient}: a CQL file definition {@code cql.allRecords=1} uploaded, {@code POST
 * /data-export/export} with the default instance job profile, the job polled, the file downloaded through its link),
 * timed from the first request to the downloaded file's last byte, with the server's CPU and RSS sampled; then the
 * floor on the same database ({@link ExportFloor}). The file must hold N records.
 */
final class ExportBench {
    /** Issue 15: 100,000 instances with SRS to a MARC file in ≤ 30 s. */
    static final double TARGET_SECONDS_PER_100K = 30;
    static final String QUERY = "cql.allRecords=1";

    private final BenchOptions o;
    private final PrintStream out;
    private final Progress progress;

    ExportBench(BenchOptions options, PrintStream out) {
        this.o = options;
        this.out = out;
        this.progress = new Progress(out);
    }

    BenchReport run() throws Exception {
        String startedAt = Instant.now().toString();
        Path dir = ReportFiles.directory(o);
        Files.createDirectories(dir);
        List<String> notes = new ArrayList<>();
        BenchReport.ExportRun run;
        BenchReport.Resources resources;
        try (BenchTarget target = o.url() == null ? BenchTarget.startPrivate(dir, progress, false)
                : BenchTarget.external(o)) {
            BenchHttp http = new BenchHttp(target.url());
            ImportedTenant t = ImportedTenant.withRecords(o, target, http, dir, "export", progress, out);
            Path file = dir.resolve("export-" + t.records() + ".mrc");
            ExportClient client = ExportClient.login(target.url(), t.tenant(), DataSetup.ADMIN, t.password());
            ExportClient.JobState end;
            double jobSeconds, wall;
            try (ResourceSampler sampler = ResourceSampler.connect(http, target)) {
                notes.add(ServerSettle.await(sampler::cpuSecondsNow, progress, ServerSettle.REAL));
                progress.step("Exporting all instances (" + QUERY + ") to MARC");
                sampler.start();
                long t0 = System.nanoTime();
                String jobId = client.start(null, QUERY);
                ProgressBar bar = new ProgressBar("  export", "records", new PrintWriter(out, true));
                end = client.await(jobId, Duration.ofMillis(200), bar::update);
                jobSeconds = seconds(t0);
                if (end.exported() > 0) client.download(end, false, file);
                wall = seconds(t0);
                resources = sampler.stop(null, null);
                bar.done(String.format(Locale.ROOT, "  export: %s, %,d records (%,d failed) in %.1f s, downloaded "
                        + "after %.1f s", end.status(), end.exported(), end.failed(), jobSeconds, wall));
                if (end.failed() > 0) notes.add("The export job's errors: " + client.errors(jobId, 5));
            }
            long fileRecords = Files.exists(file) ? countRecords(file) : 0;
            long fileBytes = Files.exists(file) ? Files.size(file) : 0;
            ExportFloor.Result floor = null;
            if (target.dbUrl() != null) {
                progress.step("Floor: the same SRS rows read over JDBC, their bytes written to a file");
                Path floorFile = dir.resolve("floor-" + t.records() + ".mrc");
                floor = ExportFloor.run(target, t.tenant(), floorFile);
                Files.deleteIfExists(floorFile);
                progress.step(String.format(Locale.ROOT, "    %,d rows, %,d bytes in %.2f s", floor.rows(),
                        floor.bytes(), floor.seconds()));
                notes.add(ExportFloor.DESCRIPTION);
            } else {
                notes.add("No floor: the database of " + o.url() + " is not known (give --db-url).");
            }
            run = result(t.records(), end, jobSeconds, wall, fileBytes, fileRecords, floor);
        }
        notes.add("Set-up, not timed: a fresh tenant and the first " + String.format(Locale.ROOT, "%,d", o.records())
                + " records of the LC file imported with \"" + PtfCreateProfile.NAME + "\" (instance, SRS MARC bib, "
                + "holdings, item). Timed as a client sees it: from POST /data-export/file-definitions (then the "
                + "query's upload and POST /data-export/export with the default instance job profile, the job polled "
                + "every 200 ms at GET /data-export/job-executions) to the last byte of the file downloaded through "
                + "GET /data-export/job-executions/{id}/download/{fileId}'s link. The file is checked: its ISO 2709 "
                + "records (terminators 0x1D) must number the imported records. Figures of one run on a shared machine "
                + "are indicative; the ratio to the floor, measured in the same run, is the figure to compare.");
        BenchReport report = new BenchReport("export", startedAt, Instant.now().toString(), null, Bench.machine(), null,
                List.of(), List.of(), List.of(), resources, notes, null, null, null, run, null);
        ReportFiles.write(report, dir);
        progress.step("Report: " + dir.resolve("report.md") + " (also report.json, report.html)");
        return report;
    }

    static BenchReport.ExportRun result(long records, ExportClient.JobState end, double jobSeconds, double wall,
                                        long fileBytes, long fileRecords, ExportFloor.Result floor) {
        double ratio = floor == null || floor.seconds() <= 0 ? Double.NaN : wall / floor.seconds();
        double allowed = TARGET_SECONDS_PER_100K * records / 100_000.0;
        boolean complete = fileRecords == records && end.exported() == records && end.failed() == 0;
        List<BenchReport.Target> targets = List.of(
                new BenchReport.Target(String.format(Locale.ROOT, "100,000 instances ≤ 30 s (≤ %.1f s for %,d)",
                        allowed, records), String.format(Locale.ROOT, "%.1f s (%,.0f records/s)", wall,
                        wall > 0 ? records / wall : 0), wall <= allowed && complete),
                new BenchReport.Target("The file holds every record (ISO 2709 records = instances exported)",
                        String.format(Locale.ROOT, "%,d of %,d records in the file; job %s, %,d failed", fileRecords,
                                records, end.status(), end.failed()), complete && end.status().equals("COMPLETED")));
        return new BenchReport.ExportRun(records, end.status(), end.exported(), end.failed(), jobSeconds, wall,
                wall > 0 ? records / wall : 0, fileBytes, fileRecords, floor == null ? 0 : floor.seconds(),
                floor == null ? 0 : floor.rows(), floor == null ? 0 : floor.bytes(), ratio, targets);
    }

    /** ISO 2709 records in the file: its record terminators (0x1D), which appear nowhere else in UTF-8 MARC. */
    static long countRecords(Path file) throws IOException {
        long n = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            byte[] buf = new byte[1 << 16];
            for (int r; (r = in.read(buf)) > 0; ) {
                for (int i = 0; i < r; i++) if (buf[i] == 0x1D) n++;
            }
        }
        return n;
    }

    private static double seconds(long fromNanos) {
        return (System.nanoTime() - fromNanos) / 1e9;
    }
}
