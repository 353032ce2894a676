package org.quire.bench;

import org.HdrHistogram.Histogram;
import org.quire.oaipmh.OaiPageSql;
import org.quire.platform.tenancy.Tenants;

import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code quire bench oai} (issue 15, "Speed"): a fresh tenant with N real LC records imported (not timed), then at
 * each level H harvesters each doing a complete {@code ListRecords} harvest in {@code marc21_withholdings} at once
 * ({@code GET /oai/records}, mod-oai-pmh's path, pages of the tenant's maxRecordsPerResponse, the resumption token
 * followed to the end), every page timed; each harvest must return each record exactly once. Then the floor at the
 * same concurrency: the same pages' statements over JDBC ({@link OaiPageSql}, the server's own SQL).
 */
final class OaiBench {
    /** Issue 15: p95 per page ≤ 50 ms at 1 and 8 harvesters. */
    static final double TARGET_P95_MS = 50;
    static final String PREFIX = "marc21_withholdings";
    static final String PAGE_LABEL = "ListRecords page", FLOOR_LABEL = "floor: the page's SQL over JDBC";
    /** FOLIO's published figure for the same harvest, as issue 15 quotes it. */
    static final String FOLIO_FIGURE = "3.6–6 s per page";
    private static final long HIGHEST_NANOS = 3_600_000_000_000L;

    private final BenchOptions o;
    private final PrintStream out;
    private final Progress progress;

    OaiBench(BenchOptions options, PrintStream out) {
        this.o = options;
        this.out = out;
        this.progress = new Progress(out);
    }

    BenchReport run() throws Exception {
        String startedAt = Instant.now().toString();
        Path dir = ReportFiles.directory(o);
        Files.createDirectories(dir);
        List<String> notes = new ArrayList<>();
        List<BenchReport.OaiLevel> levels = new ArrayList<>();
        BenchReport.Resources resources;
        long records;
        int pageSize = 0;
        try (BenchTarget target = o.url() == null ? BenchTarget.startPrivate(dir, progress, false)
                : BenchTarget.external(o)) {
            BenchHttp http = new BenchHttp(target.url());
            ImportedTenant t = ImportedTenant.withRecords(o, target, http, dir, "oai", progress, out);
            records = t.records();
            try (ResourceSampler sampler = ResourceSampler.connect(http, target)) {
                notes.add(ServerSettle.await(sampler::cpuSecondsNow, progress, ServerSettle.REAL));
                sampler.start();
                for (int h : o.users()) {
                    progress.step("Level " + h + (h == 1 ? " harvester" : " harvesters") + ": complete ListRecords "
                            + "harvests in " + PREFIX);
                    Phase quire = harvest(t.session(), h, records);
                    Phase floor = target.dbUrl() == null ? null : floor(target, t.tenant(), h);
                    if (floor != null) pageSize = floor.pageSize;
                    levels.add(level(h, quire, floor));
                    BenchReport.OaiLevel l = levels.getLast();
                    progress.step(String.format(Locale.ROOT, "    %,d pages in %.1f s: p95 %.1f ms (floor %s ms), "
                            + "%,.0f records/s; exactly once: %s", l.pages(), l.wallSeconds(), l.page().p95(),
                            l.floorPage() == null ? "—" : Formats.ms(l.floorPage().p95()), l.recordsPerSecond(),
                            l.harvests().stream().allMatch(BenchReport.Harvest::exactlyOnce) ? "yes" : "NO"));
                    quire.errors.forEach(e -> notes.add("Level " + h + ": " + e));
                }
                resources = sampler.stop(null, null);
            }
        }
        if (pageSize == 0) notes.add("No floor: the database of " + o.url() + " is not known (give --db-url).");
        notes.add("Set-up, not timed: a fresh tenant and the first " + String.format(Locale.ROOT, "%,d", o.records())
                + " records of the LC file imported with \"" + PtfCreateProfile.NAME + "\" (instance, SRS MARC bib, "
                + "holdings, item), so every record has holdings and an item for " + PREFIX + ".");
        notes.add("Each harvester: GET /oai/records?verb=ListRecords&metadataPrefix=" + PREFIX + ", then the "
                + "resumptionToken of each page until the last (empty) one, one request at a time, no think time; "
                + "every page is timed from the request to its last byte (the body read and its identifiers parsed "
                + "after the timer stops). Exactly once: per harvest, the <identifier>s of all pages counted and "
                + "their distinct values counted; both must equal the tenant's records, with no error.");
        notes.add("Floor, per level and at the same concurrency: each of H threads on its own JDBC connection runs the "
                + "pages of a complete harvest with the server's own statements (org.quire.oaipmh.OaiPageSql: the "
                + "keyset page of srs_record with its MARC-in-JSON, then the page's holdings and items with their "
                + "reference names), rows read as text; no HTTP, no XML, no token. Quire ÷ floor is the p95 of a page "
                + "over the p95 of the floor's page.");
        notes.add("FOLIO's figure (" + FOLIO_FIGURE + ") is the one issue 15 quotes for mod-oai-pmh's harvest; it "
                + "comes from FOLIO's own environment, not this machine: compare orders of magnitude, not ratios.");
        BenchReport.OaiRun run = new BenchReport.OaiRun(records, PREFIX, pageSize, levels, targets(levels));
        BenchReport report = new BenchReport("oai", startedAt, Instant.now().toString(), null, Bench.machine(), null,
                List.of(), List.of(), List.of(), resources, notes, null, null, null, null, run);
        ReportFiles.write(report, dir);
        progress.step("Report: " + dir.resolve("report.md") + " (also report.json, report.html)");
        return report;
    }

    /** One level's measured pages (Quire's or the floor's) and, for Quire, the harvests' checks. */
    private static final class Phase {
        final Histogram pages = new Histogram(HIGHEST_NANOS, 3);
        final List<BenchReport.Harvest> harvests = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        long errorCount, records;
        double seconds;
        int pageSize;
    }

    /** H concurrent complete harvests over HTTP. */
    private static Phase harvest(BenchHttp.Session s, int harvesters, long expected) throws Exception {
        Phase phase = new Phase();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(harvesters)) {
            List<Future<Phase>> runs = new ArrayList<>();
            for (int i = 0; i < harvesters; i++) {
                int n = i + 1;
                runs.add(pool.submit(() -> oneHarvest(s, n, expected)));
            }
            for (Future<Phase> f : runs) {
                Phase one = f.get();
                phase.pages.add(one.pages);
                phase.harvests.addAll(one.harvests);
                phase.records += one.records;
                phase.errorCount += one.errorCount;
                phase.errors.addAll(one.errors);
            }
        }
        phase.seconds = (System.nanoTime() - t0) / 1e9;
        return phase;
    }

    private static String abbreviated(byte[] body) {
        String b = new String(body, 0, Math.min(body.length, 300), StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        return body.length > 300 ? b + "…" : b;
    }

    private static Phase oneHarvest(BenchHttp.Session s, int harvester, long expected) throws Exception {
        Phase p = new Phase();
        Set<String> seen = new HashSet<>();
        long returned = 0, pages = 0;
        String query = "verb=ListRecords&metadataPrefix=" + PREFIX;
        while (query != null) {
            long start = System.nanoTime();
            BenchConnections.Response r = s.getBytes("/oai/records?" + query);
            p.pages.recordValue(Math.min(HIGHEST_NANOS, Math.max(1, System.nanoTime() - start)));
            pages++;
            byte[] body = r.body() == null ? new byte[0] : r.body();
            OaiPageScan scan = OaiPageScan.of(body);
            String error = scan.error();
            if (r.status() != 200 || error != null) {
                p.errorCount++;
                p.errors.add("harvester " + harvester + ", page " + pages + ": HTTP " + r.status() + " "
                        + (error != null ? error : abbreviated(body)));
                break;
            }
            returned += scan.identifiers(seen::add);
            String token = scan.token();
            query = token != null && !token.isEmpty() ? "verb=ListRecords&resumptionToken="
                    + URLEncoder.encode(token, StandardCharsets.UTF_8) : null;
        }
        p.records = returned;
        p.harvests.add(new BenchReport.Harvest(harvester, pages, returned, seen.size(), p.errorCount,
                p.errorCount == 0 && returned == expected && seen.size() == expected));
        return p;
    }

    /** The floor: H threads, each running a complete harvest's page statements on its own connection. */
    private static Phase floor(BenchTarget target, String tenant, int harvesters) throws Exception {
        Phase phase = new Phase();
        Instant until = Instant.now();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(harvesters)) {
            List<Future<Phase>> runs = new ArrayList<>();
            for (int i = 0; i < harvesters; i++) {
                runs.add(pool.submit(() -> {
                    Phase p = new Phase();
                    try (Connection c = DriverManager.getConnection(target.dbUrl(), target.dbUser(),
                            target.dbPassword())) {
                        c.setAutoCommit(false); // a transaction per page, as the server's (committed below)
                        OaiPageSql sql = OaiPageSql.of(c, Tenants.schema(tenant));
                        p.pageSize = sql.pageSize();
                        OaiPageSql.Position at = null;
                        boolean more = true;
                        while (more) {
                            long start = System.nanoTime();
                            OaiPageSql.Page page = sql.next(c, until, at);
                            c.commit();
                            p.pages.recordValue(Math.min(HIGHEST_NANOS, Math.max(1, System.nanoTime() - start)));
                            p.records += page.records();
                            at = page.last();
                            more = page.more();
                        }
                    }
                    return p;
                }));
            }
            for (Future<Phase> f : runs) {
                Phase one = f.get();
                phase.pages.add(one.pages);
                phase.records += one.records;
                phase.pageSize = one.pageSize;
            }
        }
        phase.seconds = (System.nanoTime() - t0) / 1e9;
        return phase;
    }

    static BenchReport.OaiLevel level(int harvesters, Phase quire, Phase floor) {
        BenchReport.RequestStats page = Measurements.stats(PAGE_LABEL, quire.pages, quire.errorCount, quire.seconds);
        BenchReport.RequestStats floorPage = floor == null ? null
                : Measurements.stats(FLOOR_LABEL, floor.pages, 0, floor.seconds);
        double ratio = floorPage == null || floorPage.p95() <= 0 ? Double.NaN : page.p95() / floorPage.p95();
        return new BenchReport.OaiLevel(harvesters, quire.seconds, quire.pages.getTotalCount(),
                quire.seconds > 0 ? quire.pages.getTotalCount() / quire.seconds : 0,
                quire.seconds > 0 ? quire.records / quire.seconds : 0, page, floorPage, ratio,
                List.copyOf(quire.harvests));
    }

    /** p95 per page ≤ 50 ms at each level run (issue 15 names 1 and 8 harvesters), and exactly once everywhere. */
    static List<BenchReport.Target> targets(List<BenchReport.OaiLevel> levels) {
        List<BenchReport.Target> out = new ArrayList<>();
        for (BenchReport.OaiLevel l : levels) {
            out.add(new BenchReport.Target(String.format(Locale.ROOT, "p95 per page ≤ %.0f ms at %d %s (FOLIO: %s)",
                    TARGET_P95_MS, l.harvesters(), l.harvesters() == 1 ? "harvester" : "harvesters", FOLIO_FIGURE),
                    Formats.ms(l.page().p95()) + " ms", l.page().p95() <= TARGET_P95_MS && l.page().ko() == 0));
        }
        long harvests = levels.stream().mapToLong(l -> l.harvests().size()).sum();
        long once = levels.stream().flatMap(l -> l.harvests().stream()).filter(BenchReport.Harvest::exactlyOnce)
                .count();
        out.add(new BenchReport.Target("Every harvest returns each record exactly once",
                once + " of " + harvests + " harvests", harvests > 0 && once == harvests));
        return out;
    }
}
