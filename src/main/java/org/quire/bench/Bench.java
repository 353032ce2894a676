package org.quire.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.HdrHistogram.Histogram;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.db.Database;
import org.quire.platform.tenancy.Tenants;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One {@code quire bench} run: start (or reach) the server, prepare the data, then for each user level run Quire's
 * phase and, right after it at the same concurrency, the floor's two phases — SQL over JDBC on the same database, and
 * HTTP with a trivial authenticated GET on the same server — and write the report.
 */
public final class Bench {
    static final String HTTP_FLOOR = Workflow.HttpFloor.PING.label();

    private final BenchOptions o;
    private final Progress progress;
    /** With --profile on the private server: JFR in the server, one recording per level; null otherwise. */
    private ServerProfiler profiler;
    /** The run's report directory, where the server writes the recordings (outDir() makes a new name per call). */
    private Path reportDir;
    private final List<Recorded> recordings = new ArrayList<>();
    private final List<String> profileProblems = new ArrayList<>();

    /** One level's JFR file, summarised once all levels ran so that reading it costs no level or floor any CPU. */
    private record Recorded(int users, Path file, Duration length) {
    }

    public Bench(BenchOptions options, PrintStream out) {
        this.o = options;
        this.progress = new Progress(out);
    }

    /** Runs the benchmark and writes the report; returns it (its directory is {@link #outDir()}). */
    public BenchReport run() throws Exception {
        String startedAt = Instant.now().toString();
        Path out = outDir();
        Files.createDirectories(out);
        this.reportDir = out.toAbsolutePath();
        try (BenchTarget target = o.url() == null ? BenchTarget.startPrivate(out, progress, o.profile())
                : BenchTarget.external(o);
             ServerProfiler profiler = o.profile() && target.serverPid() != null
                     ? ServerProfiler.attach(target.serverPid()) : null) {
            this.profiler = profiler;
            BenchHttp http = new BenchHttp(target.url());
            BenchHttp.Session admin = http.login(o.adminTenant(), o.adminUser(),
                    o.adminPassword() != null ? o.adminPassword() : target.platformAdminPassword());
            try (ResourceSampler sampler = ResourceSampler.connect(http, target)) {
                boolean search = o.workflow().equals("search");
                SearchData.Loaded catalogue = search ? new SearchData(admin, progress, o.marc()).prepare(
                        "bench_" + Long.toString(Instant.now().getEpochSecond(), 36) + "_1", o.searchInstances()) : null;
                List<TenantData> tenants = search ? List.of(catalogue.tenant()) : prepare(admin,
                        o.workflow().equals("rtac"),
                        o.workflow().equals("renew") ? java.util.Collections.max(levelsToRun()) : 0);
                // settled before the search floor's full index too, which the set-up's indexing would slow down
                String settled = ServerSettle.await(sampler::cpuSecondsNow, () -> pendingSetUpWork(target, tenants),
                        progress, ServerSettle.REAL);
                IndexSegments served = search && target.serverData() != null
                        ? IndexSegments.of(target.serverData().resolve("search"), catalogue.tenant().tenant()) : null;
                try (LuceneFloor luceneFloor = search && target.dbUrl() != null
                        ? LuceneFloor.build(target, catalogue.tenant().tenant(), progress) : null) {
                UiCalls uiCalls = o.uiCalls() ? UiCalls.SCREENS : null;
                Workflow workflow = search ? new SearchWorkflow(luceneFloor) : Workflow.of(o, uiCalls);
                long loansBefore = loans(tenants);
                sampler.start();
                HikariDataSource floorDb = floorPool(target, sampler);
                try {
                List<String> notes = new ArrayList<>(workflow.notes());
                notes.add(settled);
                List<BenchReport.LevelResult> levels = new ArrayList<>();
                List<BenchReport.Window> windows = List.of();
                for (int users : levelsToRun()) {
                    progress.step(String.format("Level: %d users × %d tenant%s", users, tenants.size(),
                            tenants.size() == 1 ? "" : "s"));
                    Level level = runLevel(users, tenants, workflow, floorDb, sampler);
                    levels.add(level.result());
                    notes.addAll(level.notes());
                    if (o.longevity() != null) windows = level.windows();
                }
                if (search) notes.addAll(ReindexLoad.run(o, progress, admin, catalogue.tenant().tenant()
                        .replaceAll("_1$", "_2"), (SearchWorkflow) workflow, catalogue.tenant(), levels));
                long loansAfter = loans(tenants);
                BenchReport.Resources resources = sampler.stop(loansBefore, loansAfter);
                if (search) notes.addAll(SearchNotes.of(catalogue, luceneFloor, served, (SearchWorkflow) workflow, resources));
                notes.addAll(standardNotes(floorDb != null, search, workflow));
                BenchReport.Profile profile = o.profile() ? profile(out) : null;
                BenchReport.DataSet data = search
                        ? new BenchReport.DataSet(1, (int) Math.min(Integer.MAX_VALUE, catalogue.items()), 0, 0)
                        : new BenchReport.DataSet(tenants.size(), o.itemsPerTenant(), o.patronsPerTenant(),
                        o.openLoansPerTenant());
                BenchReport report = new BenchReport(o.workflow(), startedAt, Instant.now().toString(), settings(target),
                        machine(), data, levels, windows, drift(windows), resources, notes, profile);
                ReportFiles.write(report, out);
                progress.step("Report: " + out.resolve("report.md") + " (also report.json, report.html)");
                return report;
                } finally {
                    if (floorDb != null) floorDb.close();
                }
                }
            }
        }
    }

    public Path outDir() {
        return ReportFiles.directory(o);
    }

    private List<Integer> levelsToRun() {
        return o.longevity() == null ? o.users() : List.of(o.users().getFirst());
    }

    /** Each tenant is its own library: created, given data, and logged in to; two at a time on a small machine. */
    private List<TenantData> prepare(BenchHttp.Session admin, boolean largeInstance, int heavyBorrowers)
            throws Exception {
        String run = Long.toString(Instant.now().getEpochSecond(), 36);
        progress.step(String.format("Preparing %d tenant%s: %,d items, %,d patrons, %,d open loans, %,d open requests each",
                o.tenants(), o.tenants() == 1 ? "" : "s", o.itemsPerTenant(), o.patronsPerTenant(),
                o.openLoansPerTenant(), o.openRequestsPerTenant()));
        List<TenantData> tenants = Collections.synchronizedList(new ArrayList<>());
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, o.tenants()))) {
            List<Future<TenantData>> jobs = new ArrayList<>();
            for (int i = 1; i <= o.tenants(); i++) {
                String id = "bench_" + run + "_" + i;
                jobs.add(pool.submit(() -> new DataSetup(admin, progress).prepare(id, o.itemsPerTenant(),
                        o.patronsPerTenant(), o.openLoansPerTenant(), o.openRequestsPerTenant(), largeInstance,
                        heavyBorrowers)));
            }
            for (Future<TenantData> f : jobs) tenants.add(f.get());
        }
        return List.copyOf(tenants);
    }

    private record Level(BenchReport.LevelResult result, List<BenchReport.Window> windows, List<String> notes) {
    }

    private Level runLevel(int users, List<TenantData> tenants, Workflow workflow, HikariDataSource floorDb,
                           ResourceSampler sampler) throws InterruptedException {
        int threads = users * tenants.size();
        Duration duration = o.longevity() != null ? o.longevity() : o.duration();
        Duration floorRampUp = o.rampUp().compareTo(o.floorDuration()) < 0 ? o.rampUp() : o.floorDuration();
        LoadRunner.Phase quirePhase = new LoadRunner.Phase("Quire", threads, o.rampUp(), duration, o.thinkTime(),
                (m, i) -> {
                    if (o.longevity() != null && i == 0) m.windows(o.window());
                    return workflow.quireUser(m, tenants.get(i % tenants.size()));
                });
        Double[] cpu = new Double[2];
        long[] recordedFrom = new long[1];
        prepareRecording(users);
        Measurements quire = LoadRunner.run(quirePhase, progress, () -> {
            startRecording(users);
            recordedFrom[0] = System.nanoTime();
            cpu[0] = sampler.cpuSecondsNow();
        }, () -> {
            cpu[1] = sampler.cpuSecondsNow();
            stopRecording(users, Duration.ofNanos(System.nanoTime() - recordedFrom[0]));
        });

        List<String> notes = new ArrayList<>(prefixed("Quire, " + users + " users", quire.errorSamples()));
        List<BenchReport.RequestStats> quireRows = quire.stats();
        long requests = quireRows.stream().mapToLong(BenchReport.RequestStats::total).sum();
        if (cpu[0] != null && cpu[1] != null && requests > 0) {
            notes.add(String.format(java.util.Locale.ROOT, "Server CPU while Quire's %d users were measured: %.1f s, "
                    + "%.3f ms per request", users, cpu[1] - cpu[0], (cpu[1] - cpu[0]) * 1000 / requests));
        }
        Measurements sql = null;
        if (floorDb != null && !workflow.sqlFloorOf().isEmpty()) {
            sql = LoadRunner.run(new LoadRunner.Phase("SQL floor", threads, floorRampUp, o.floorDuration(),
                    o.thinkTime(), (m, i) -> workflow.sqlFloorUser(m, tenants.get(i % tenants.size()), floorDb)), progress);
            notes.addAll(prefixed("SQL floor, " + users + " users", sql.errorSamples()));
        }
        Measurements direct = null;
        if (!workflow.directFloorOf().isEmpty()) {
            direct = LoadRunner.run(new LoadRunner.Phase("Lucene floor", threads, floorRampUp, o.floorDuration(),
                    o.thinkTime(), (m, i) -> workflow.directFloorUser(m, tenants.get(i % tenants.size()))), progress);
            notes.addAll(prefixed("Lucene floor, " + users + " users", direct.errorSamples()));
        }
        Workflow.HttpFloor http = workflow.httpFloor();
        Measurements httpFloor = LoadRunner.run(new LoadRunner.Phase("HTTP floor", threads, floorRampUp,
                o.floorDuration(), o.thinkTime(), (m, i) -> {
                    TenantData t = tenants.get(i % tenants.size());
                    String path = http.path().apply(t);
                    return () -> Timed.call(m, http.label(), () -> t.session().get(path));
                }), progress);
        notes.addAll(prefixed("HTTP floor, " + users + " users", httpFloor.errorSamples()));

        List<BenchReport.RequestStats> floorRows = new ArrayList<>();
        List<BenchReport.RequestStats> sqlRows = sql == null ? List.of() : sql.stats();
        floorRows.addAll(sqlRows);
        floorRows.addAll(httpFloor.stats());
        List<BenchReport.Ratio> ratios = new ArrayList<>();
        for (Map.Entry<String, String> pair : new java.util.TreeMap<>(workflow.sqlFloorOf()).entrySet()) {
            if (sql == null) continue;
            Histogram sum = FloorSum.of(sql.histogram(pair.getValue()), httpFloor.histogram(http.label()),
                    workflow.httpCallsPer(pair.getKey()));
            if (sum.getTotalCount() == 0) continue;
            String label = "floor: " + pair.getValue().substring("SQL floor: ".length()) + " (SQL + HTTP)";
            floorRows.add(sumRow(label, sum, sqlRows.stream().filter(r -> r.label().equals(pair.getValue()))
                    .findFirst().orElseThrow()));
            Histogram q = quire.histogram(pair.getKey());
            if (q.getTotalCount() == 0) continue;
            double qp95 = Measurements.ms(q.getValueAtPercentile(95));
            double fp95 = Measurements.ms(sum.getValueAtPercentile(95));
            ratios.add(new BenchReport.Ratio(pair.getKey(), label, qp95, fp95, qp95 / fp95));
        }
        if (direct != null) {
            floorRows.addAll(direct.stats());
            for (Map.Entry<String, String> pair : workflow.directFloorOf().entrySet()) {
                Histogram q = quire.histogram(pair.getKey()), f = direct.histogram(pair.getValue());
                if (q.getTotalCount() == 0 || f.getTotalCount() == 0) continue;
                double qp95 = Measurements.ms(q.getValueAtPercentile(95)), fp95 = Measurements.ms(f.getValueAtPercentile(95));
                ratios.add(new BenchReport.Ratio(pair.getKey(), pair.getValue(), qp95, fp95, qp95 / fp95));
            }
        }
        for (String label : new java.util.TreeSet<>(workflow.httpFloorOnly())) {
            Histogram q = quire.histogram(label), f = httpFloor.histogram(http.label());
            if (q.getTotalCount() == 0 || f.getTotalCount() == 0) continue;
            double qp95 = Measurements.ms(q.getValueAtPercentile(95)), fp95 = Measurements.ms(f.getValueAtPercentile(95));
            ratios.add(new BenchReport.Ratio(label, http.label(), qp95, fp95, qp95 / fp95));
        }
        var result = new BenchReport.LevelResult(users, tenants.size(), quire.measuredSeconds(), quireRows,
                floorRows, ratios, quire.timeline());
        return new Level(result, quire.windowList(), notes);
    }

    /** Before the level's ramp-up: the recording's settings are applied outside the measured phase. */
    private void prepareRecording(int users) {
        if (profiler == null) return;
        Path file = reportDir.resolve(profileFile(users));
        try {
            java.nio.file.Files.deleteIfExists(file);
            profiler.prepare("quire-bench-" + users + "-users", file);
        } catch (java.io.IOException | RuntimeException e) {
            profileProblems.add("The recording of " + users + " users was not prepared: " + ServerProfiler.describe(e));
        }
    }

    private void startRecording(int users) {
        if (profiler == null || !profiler.prepared()) return;
        try {
            profiler.start();
        } catch (RuntimeException e) {
            profileProblems.add("The recording of " + users + " users did not start: " + ServerProfiler.describe(e));
        }
    }

    private void stopRecording(int users, Duration length) {
        if (profiler == null || !profiler.prepared()) return;
        try {
            recordings.add(new Recorded(users, profiler.stop(), length));
        } catch (RuntimeException e) {
            profileProblems.add("The recording of " + users + " users did not stop: " + ServerProfiler.describe(e));
        }
    }

    static String profileFile(int users) {
        return "profile-" + users + "-users.jfr";
    }

    /** The profile section: the summaries of the levels' recordings, or why there are none. */
    private BenchReport.Profile profile(Path out) {
        if (profiler == null) {
            return new BenchReport.Profile("No profile was taken: --profile records only the private server the "
                    + "bench starts itself, and this run measured " + o.url() + ". Profile that server with "
                    + "jcmd <pid> JFR.start settings=profile (and JFR.stop) on its machine.", List.of());
        }
        progress.step("Summarising the server's profile (" + recordings.size() + " recording"
                + (recordings.size() == 1 ? "" : "s") + ")");
        List<BenchReport.LevelProfile> levels = new ArrayList<>();
        List<String> problems = new ArrayList<>(profileProblems);
        for (Recorded r : recordings) {
            try {
                levels.add(ProfileSummary.read(r.users(), r.file(), out.toAbsolutePath().relativize(r.file()).toString(),
                        r.length()));
            } catch (java.io.IOException | RuntimeException e) {
                problems.add("Cannot read " + r.file() + ": " + ServerProfiler.describe(e));
            }
        }
        String note = "Java Flight Recorder in the server (the JDK's \"profile\" settings: an execution sample of "
                + "each thread running Java code about every 10 ms, allocation samples, GC events), one recording per "
                + "level covering its measured phase only; the raw recordings are beside this report (open them with "
                + "JDK Mission Control or `jfr print`). The recorder costs the server a few percent: compare latencies "
                + "with runs without --profile, not with this one.";
        if (!problems.isEmpty()) note += " Problems: " + String.join("; ", problems);
        return new BenchReport.Profile(note, levels);
    }

    /** The sum's percentiles with the SQL floor's counts: the draws are not requests. */
    private static BenchReport.RequestStats sumRow(String label, Histogram sum, BenchReport.RequestStats sql) {
        BenchReport.RequestStats p = Measurements.stats(label, sum, 0, 1);
        return new BenchReport.RequestStats(label, sql.total(), sql.ok(), sql.ko(), sql.pctKo(), sql.reqPerSec(),
                p.min(), p.p50(), p.p75(), p.p95(), p.p99(), p.max(), p.avg());
    }

    private static List<String> prefixed(String phase, List<String> samples) {
        return samples.stream().map(s -> "Error sample (" + phase + "): " + s).toList();
    }

    /**
     * The set-up's work still running in the database: events not yet delivered in the tenants' outboxes, and
     * autovacuum workers on the tenants' tables (after a scale-5 set-up, the outbox's first vacuum ran 64 s into the
     * first level); null when the database is not known or not reachable.
     */
    private static Long pendingSetUpWork(BenchTarget target, List<TenantData> tenants) {
        if (target.dbUrl() == null || tenants.isEmpty()) return null;
        String sql = tenants.stream().map(t -> "(SELECT count(*) FROM " + Tenants.schema(t.tenant())
                + ".outbox WHERE NOT delivered) + (SELECT count(*) FROM pg_stat_activity WHERE backend_type = "
                + "'autovacuum worker' AND query LIKE '%" + Tenants.schema(t.tenant()) + ".%')")
                .collect(java.util.stream.Collectors.joining(" + ", "SELECT ", ""));
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(target.dbUrl(), target.dbUser(),
                target.dbPassword()); java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (java.sql.SQLException e) {
            return null;
        }
    }

    private HikariDataSource floorPool(BenchTarget target, ResourceSampler sampler) {
        if (target.dbUrl() == null) return null;
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(target.dbUrl());
        if (target.dbUser() != null) hc.setUsername(target.dbUser());
        if (target.dbPassword() != null) hc.setPassword(target.dbPassword());
        Integer size = sampler.poolSize();
        hc.setMaximumPoolSize(size != null ? size : QuireConfig.defaultPoolSize());
        hc.setConnectionTimeout(60_000);
        hc.setPoolName("bench-floor");
        hc.addDataSourceProperty("prepareThreshold", "1");
        hc.addDataSourceProperty("preparedStatementCacheQueries", String.valueOf(Database.PREPARED_STATEMENT_CACHE));
        hc.addDataSourceProperty("preparedStatementCacheSizeMiB", "32");
        hc.addDataSourceProperty("ApplicationName", "quire-bench-floor");
        return new HikariDataSource(hc);
    }

    private static long loans(List<TenantData> tenants) throws Exception {
        long n = 0;
        for (TenantData t : tenants) n += DataSetup.allLoans(t.session());
        return n;
    }

    private static List<BenchReport.Drift> drift(List<BenchReport.Window> windows) {
        if (windows.size() < 2) return List.of();
        List<BenchReport.Drift> drift = new ArrayList<>();
        for (BenchReport.RequestStats first : windows.getFirst().quire()) {
            windows.getLast().quire().stream().filter(l -> l.label().equals(first.label())).findFirst().ifPresent(last ->
                    drift.add(new BenchReport.Drift(first.label(), first.p95(), last.p95(), last.p95() / first.p95())));
        }
        return drift;
    }

    private BenchReport.Settings settings(BenchTarget target) {
        return new BenchReport.Settings(levelsToRun(), seconds(o.duration()), seconds(o.rampUp()), o.tenants(),
                seconds(o.thinkTime()), o.url() == null ? "private server on embedded PostgreSQL" : target.url(),
                o.dataScale(), o.uiCalls(), o.longevity() == null ? null : seconds(o.longevity()), seconds(o.window()));
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    static BenchReport.Machine machine() {
        return new BenchReport.Machine(Runtime.getRuntime().availableProcessors(),
                org.quire.platform.MachineMemory.bytes(),
                System.getProperty("java.vm.name") + " " + Runtime.version(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }

    private List<String> standardNotes(boolean sqlFloor, boolean search, Workflow workflow) {
        List<String> notes = new ArrayList<>();
        notes.add("Closed model, as the PTF's JMeter plans: each virtual user makes one transaction, waits the think "
                + "time, and starts again. Latency is measured at the client with System.nanoTime from sending the "
                + "request to the whole response; coordinated omission does not arise in a closed model (no request "
                + "waits for a schedule) and is not corrected. KOs are included in the percentiles, as in JMeter.");
        notes.add("Ramp-up (" + seconds(o.rampUp()) + " s for Quire, at most the floor duration for the floor) is not "
                + "measured. Each floor phase runs " + seconds(o.floorDuration()) + " s right after Quire's level, at "
                + "the same number of virtual users.");
        if (search) {
            notes.add(HTTP_FLOOR + ": the same client, tenant, token and permission check as every call, and no "
                    + "database: what HTTP and authentication cost at least, shown beside the Lucene floor.");
            return notes;
        }
        notes.add(sqlFloor
                ? "SQL floor: the statements the work needs, over JDBC in one transaction, on a pool as large as "
                  + "Quire's, against the same database. Floor = SQL floor + HTTP floor, combined as the "
                  + "distribution of the sum of independent draws from the two measured histograms."
                : "No SQL floor: the database of the server under test was not given (--db-url).");
        if (sqlFloor) notes.addAll(workflow.sqlFloorNotes());
        notes.add(HTTP_FLOOR + ": the same client, tenant, token and permission check as every call, and no database"
                + " (workflows whose floor is another single GET say so below).");
        notes.add("Data set: fallback-only circulation rules (FOLIO's Example Loan Policy), one item per instance of "
                + "real LC titles; open requests as the PTF baseline (3 per 5 open loans: two thirds Page requests on "
                + "available items, one third Hold requests on checked-out items; the virtual users never touch those "
                + "items, so requests are in the tables without deciding a transaction's outcome). 40% of the items are "
                + "the SQL floor's own, so the floor never touches loans Quire's users work with.");
        return notes;
    }
}
