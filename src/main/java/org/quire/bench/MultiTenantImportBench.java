package org.quire.bench;

import org.HdrHistogram.Histogram;
import org.quire.cli.ImportClient;
import org.quire.platform.Json;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code quire bench multi-tenant-import} (issue 14, seed 004's scenario): many tenants importing at once while staff
 * of another tenant run check-in/check-out — FOLIO's imports failed on connection time-outs there until pools were
 * tuned per module. Set-up: one CICO tenant with the PTF's data (scaled) and {@code --tenants} import tenants, each
 * with sample locations and the "PTF - Create 2" job profile. Phase 1: {@code --users} CICO users for
 * {@code --duration} (the baseline). Phase 2: the same CICO load, and at its start every import tenant uploads the
 * same file of {@code --records} real LC records over FOLIO's data-import flow at once. Reported: every job's status
 * and errors, the CICO p95 during the imports ÷ the baseline's, the server's peak connections (its pool and PostgreSQL's
 * pg_stat_activity, sampled every 500 ms) against its configured pool, its peak RSS, and the imports' wall time.
 */
final class MultiTenantImportBench {
    /** Issue 14: CICO p95 during the imports ≤ 1.5× the baseline's. */
    static final double TARGET_P95_RATIO = 1.5;

    private final BenchOptions o;
    private final Progress progress;

    MultiTenantImportBench(BenchOptions options, PrintStream out) {
        this.o = options;
        this.progress = new Progress(out);
    }

    private record ImportTenant(String tenant, String password, String profileId) {
    }

    BenchReport run() throws Exception {
        String startedAt = Instant.now().toString();
        Path dir = ReportFiles.directory(o);
        Files.createDirectories(dir);
        Path file = ImportData.prepare(o.marc(), o.records(), dir, progress);
        int users = o.users().getFirst();
        List<String> notes = new ArrayList<>();
        BenchReport.MultiImport result;
        BenchReport.Resources resources;
        try (BenchTarget target = o.url() == null ? BenchTarget.startPrivate(dir, progress, false)
                : BenchTarget.external(o)) {
            BenchHttp http = new BenchHttp(target.url());
            BenchHttp.Session admin = http.login(o.adminTenant(), o.adminUser(),
                    o.adminPassword() != null ? o.adminPassword() : target.platformAdminPassword());
            String run = Long.toString(Instant.now().getEpochSecond(), 36);
            progress.step(String.format(Locale.ROOT, "Preparing the check-in/check-out tenant: %,d items, %,d patrons, "
                    + "%,d open loans", o.itemsPerTenant(), o.patronsPerTenant(), o.openLoansPerTenant()));
            TenantData cico = new DataSetup(admin, progress).prepare("bench_" + run + "_cico", o.itemsPerTenant(),
                    o.patronsPerTenant(), o.openLoansPerTenant(), o.openRequestsPerTenant(), false, 0);
            List<ImportTenant> importers = createImportTenants(admin, run);
            CicoWorkflow workflow = new CicoWorkflow(null);
            try (ResourceSampler sampler = ResourceSampler.connect(http, target)) {
                notes.add(ServerSettle.await(sampler::cpuSecondsNow, progress, ServerSettle.REAL));
                sampler.start();
                progress.step(String.format("Phase 1: check-in/check-out baseline, %d users", users));
                Measurements baseline = LoadRunner.run(cicoPhase("CICO baseline", users, workflow, cico), progress);
                progress.step(String.format(Locale.ROOT, "Phase 2: the same load while %d tenants import %,d records "
                        + "each at once", importers.size(), o.records()));
                Imports imports = new Imports(target.url(), importers, file);
                imports.start();
                long[] measured = new long[2];
                Measurements loaded = LoadRunner.run(cicoPhase("CICO during imports", users, workflow, cico), progress,
                        () -> measured[0] = System.nanoTime(), () -> measured[1] = System.nanoTime());
                List<BenchReport.TenantJob> jobs = imports.await();
                double wall = imports.wallSeconds();
                // How long the imports ran inside phase 2's measured window.
                double overlap = Math.max(0, (Math.min(imports.endNanos(), measured[1]) - measured[0]) / 1e9);
                resources = sampler.stop(null, null);
                result = result(jobs, wall, users, baseline, loaded, overlap, resources,
                        sampler.peakDbConnectionsOpen());
                notes.addAll(prefixed("CICO baseline", baseline.errorSamples()));
                notes.addAll(prefixed("CICO during imports", loaded.errorSamples()));
                notes.addAll(imports.problems());
            }
        }
        notes.add("Phase 1 runs the check-in/check-out workflow alone; phase 2 runs it again, the same users and "
                + "duration, and at its start (its ramp-up included) every import tenant starts its job at once: "
                + "upload definition, streamed upload, processFiles with \"" + PtfCreateProfile.NAME + "\" (instance + "
                + "SRS + holdings + item), the job polled every second until it ends. The CICO p95 ratio compares "
                + "each request's p95 in phase 2 with phase 1 and reports the worst; it is meaningful only while the "
                + "imports overlap the measured phase (see \"CICO measured while importing\").");
        notes.add("Connections: the server's pool (quire_db_connections_peak at /admin/metrics: the most connections "
                + "lent at once in the last 5–10 s, so bursts between samples count) and PostgreSQL's "
                + "pg_stat_activity for application 'quire' (all states, and not idle), sampled every 500 ms over "
                + "both phases; the configured pool is hikaricp_connections_max.");
        BenchReport report = new BenchReport("multi-tenant-import", startedAt, Instant.now().toString(), null,
                Bench.machine(), null, List.of(), List.of(), List.of(), resources, notes, null, null, result);
        ReportFiles.write(report, dir);
        progress.step("Report: " + dir.resolve("report.md") + " (also report.json, report.html)");
        return report;
    }

    private LoadRunner.Phase cicoPhase(String name, int users, CicoWorkflow workflow, TenantData cico) {
        return new LoadRunner.Phase(name, users, o.rampUp(), o.duration(), o.thinkTime(),
                (m, i) -> workflow.quireUser(m, cico));
    }

    /** Creates the import tenants two at a time (each runs every tenant migration), with locations and the profile. */
    private List<ImportTenant> createImportTenants(BenchHttp.Session admin, String run) throws Exception {
        progress.step(String.format("Preparing %d import tenants with the job profile \"%s\"", o.tenants(),
                PtfCreateProfile.NAME));
        List<ImportTenant> tenants = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, o.tenants()))) {
            List<Future<ImportTenant>> jobs = new ArrayList<>();
            for (int i = 1; i <= o.tenants(); i++) {
                String id = "bench_" + run + "_import_" + i;
                jobs.add(pool.submit(() -> {
                    String password = UUID.randomUUID().toString();
                    admin.postOk("/_/tenants", Json.object().put("id", id).put("name", "quire bench " + id)
                            .put("adminUsername", DataSetup.ADMIN).put("adminPassword", password));
                    BenchHttp.Session s = admin.http().login(id, DataSetup.ADMIN, password);
                    DataSetup.createSampleLocations(s);
                    return new ImportTenant(id, password, PtfCreateProfile.create(s));
                }));
            }
            for (Future<ImportTenant> f : jobs) tenants.add(f.get());
        }
        return tenants;
    }

    /** Every tenant's import, each on its own thread, started together. */
    private static final class Imports {
        private final String url;
        private final List<ImportTenant> tenants;
        private final Path file;
        private final List<Future<BenchReport.TenantJob>> futures = new ArrayList<>();
        private final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        private final java.util.concurrent.atomic.AtomicLong lastEnd = new java.util.concurrent.atomic.AtomicLong();
        private long start, end;

        Imports(String url, List<ImportTenant> tenants, Path file) {
            this.url = url;
            this.tenants = tenants;
            this.file = file;
        }

        void start() {
            start = System.nanoTime();
            for (ImportTenant t : tenants) futures.add(pool.submit(() -> importOne(t)));
        }

        private BenchReport.TenantJob importOne(ImportTenant t) {
            long t0 = System.nanoTime();
            try {
                ImportClient client = ImportClient.login(url, t.tenant(), DataSetup.ADMIN, t.password());
                String jobId = client.start(file, file.getFileName().toString(), client.profile(t.profileId()));
                ImportClient.JobState end = client.await(jobId, Duration.ofSeconds(1), (current, total) -> { });
                ImportClient.Summary sum = client.summary(jobId);
                lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
                return new BenchReport.TenantJob(t.tenant(), end.status(), end.total(), sum.instances().created(),
                        sum.totalErrors(), (System.nanoTime() - t0) / 1e9);
            } catch (Exception e) {
                problems.add("Import of tenant " + t.tenant() + " failed: " + e);
                return new BenchReport.TenantJob(t.tenant(), "FAILED", 0, 0, 0, (System.nanoTime() - t0) / 1e9);
            }
        }

        List<BenchReport.TenantJob> await() throws Exception {
            List<BenchReport.TenantJob> jobs = new ArrayList<>();
            for (Future<BenchReport.TenantJob> f : futures) jobs.add(f.get());
            end = lastEnd.get() != 0 ? lastEnd.get() : System.nanoTime();
            pool.close();
            return jobs;
        }

        double wallSeconds() {
            return (end - start) / 1e9;
        }

        /** When the last job ended: the last job's own end, not when {@link #await()} returned. */
        long endNanos() {
            return end;
        }

        List<String> problems() {
            return List.copyOf(problems);
        }
    }

    private BenchReport.MultiImport result(List<BenchReport.TenantJob> jobs, double wall, int users,
                                           Measurements baseline, Measurements loaded, double overlap,
                                           BenchReport.Resources res, Integer peakDbOpen) {
        double worst = Double.NaN;
        for (String label : List.of(CicoWorkflow.CHECK_OUT, CicoWorkflow.CHECK_IN)) {
            Histogram b = baseline.histogram(label), l = loaded.histogram(label);
            if (b.getTotalCount() == 0 || l.getTotalCount() == 0) continue;
            double ratio = (double) l.getValueAtPercentile(95) / b.getValueAtPercentile(95);
            worst = Double.isNaN(worst) ? ratio : Math.max(worst, ratio);
        }
        long records = jobs.stream().mapToLong(BenchReport.TenantJob::records).sum();
        long committed = jobs.stream().filter(j -> j.status().equals("COMMITTED")).count();
        long importErrors = jobs.stream().mapToLong(BenchReport.TenantJob::errors).sum();
        long cicoErrors = ko(baseline) + ko(loaded);
        Integer pool = res.poolSize();
        Integer peak = max(peakDbOpen, res.peakPoolConnectionsInUse());
        List<BenchReport.Target> targets = List.of(
                new BenchReport.Target(String.format("Every job completes: %d of %d COMMITTED, each with all %,d records",
                        committed, jobs.size(), o.records()),
                        String.format(Locale.ROOT, "%d COMMITTED, %,d records imported", committed, records),
                        committed == jobs.size() && jobs.stream().allMatch(j -> j.records() == o.records()
                                && j.created() == o.records())),
                new BenchReport.Target("0 errors (failed records and failed CICO requests)",
                        String.format(Locale.ROOT, "%,d failed records, %,d failed CICO requests", importErrors,
                                cicoErrors), importErrors == 0 && cicoErrors == 0),
                new BenchReport.Target("CICO p95 during the imports ≤ " + TARGET_P95_RATIO + "× its baseline",
                        Formats.ratio(worst), worst <= TARGET_P95_RATIO),
                new BenchReport.Target("Connections never above the configured pool"
                        + (pool == null ? "" : " (" + pool + ")"),
                        "peak " + Formats.orNotMeasured(peak) + " (pool in use " + Formats.orNotMeasured(
                                res.peakPoolConnectionsInUse()) + ", PostgreSQL " + Formats.orNotMeasured(peakDbOpen)
                                + " open)", pool != null && peak != null && peak <= pool));
        return new BenchReport.MultiImport(jobs.size(), o.records(), users, jobs, wall, wall > 0 ? records / wall : 0,
                baseline.stats(), loaded.stats(), worst, overlap, pool, res.peakPoolConnectionsInUse(),
                res.peakDbConnectionsInUse(), peakDbOpen, res.peakRssBytes(), targets);
    }

    private static long ko(Measurements m) {
        return m.stats().stream().mapToLong(BenchReport.RequestStats::ko).sum();
    }

    private static Integer max(Integer a, Integer b) {
        return a == null ? b : b == null ? a : Math.max(a, b);
    }

    private static List<String> prefixed(String phase, List<String> samples) {
        return samples.stream().map(s -> "Error sample (" + phase + "): " + s).toList();
    }
}
