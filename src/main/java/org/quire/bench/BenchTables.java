package org.quire.bench;

import org.quire.bench.BenchReport.DataSet;
import org.quire.bench.BenchReport.Drift;
import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.Machine;
import org.quire.bench.BenchReport.Ratio;
import org.quire.bench.BenchReport.RequestStats;
import org.quire.bench.BenchReport.Resources;
import org.quire.bench.BenchReport.Settings;
import org.quire.bench.BenchReport.Window;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The tables the Markdown and HTML reports share, so both always show the same figures in the same form. */
final class BenchTables {
    /** The columns of the Performance Task Force's JMeter tables, so the figures can be read side by side. */
    static final String[] PTF_COLUMNS = {"Request", "Total", "OK", "KO", "%KO", "Req/s", "Min", "p50", "p75", "p95",
            "p99", "Max", "Average"};

    private BenchTables() {
    }

    static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    static String levelHeading(LevelResult level) {
        String users = level.users() + (level.users() == 1 ? " user" : " users");
        if (level.tenants() <= 1) return users;
        return users + " × " + level.tenants() + " tenants = " + (long) level.users() * level.tenants();
    }

    static ReportTable requests(List<RequestStats> rows) {
        ReportTable t = new ReportTable(1, PTF_COLUMNS);
        for (RequestStats s : orEmpty(rows)) {
            t.row(s.label(), Long.toString(s.total()), Long.toString(s.ok()), Long.toString(s.ko()),
                    Formats.pct(s.pctKo()), Formats.rate(s.reqPerSec()), Formats.ms(s.min()), Formats.ms(s.p50()),
                    Formats.ms(s.p75()), Formats.ms(s.p95()), Formats.ms(s.p99()), Formats.ms(s.max()),
                    Formats.ms(s.avg()));
        }
        return t;
    }

    static ReportTable ratios(List<Ratio> ratios) {
        ReportTable t = new ReportTable(1, "Request", "p95 Quire (ms)", "p95 floor (ms)", "Quire ÷ floor");
        for (Ratio r : orEmpty(ratios)) {
            t.row(r.label(), Formats.ms(r.quireP95()), Formats.ms(r.floorP95()), Formats.ratio(r.ratio()));
        }
        return t;
    }

    static ReportTable windows(List<Window> windows) {
        ReportTable t = new ReportTable(2, "Window", "Request", "p50", "p95", "p99", "Count");
        for (Window w : orEmpty(windows)) {
            String span = Progress.clock(w.fromSeconds()) + "–" + Progress.clock(w.toSeconds());
            for (RequestStats s : orEmpty(w.quire())) {
                t.row(span, s.label(), Formats.ms(s.p50()), Formats.ms(s.p95()), Formats.ms(s.p99()),
                        Long.toString(s.total()));
            }
        }
        return t;
    }

    static ReportTable drift(List<Drift> drift) {
        ReportTable t = new ReportTable(1, "Request", "p95 first window (ms)", "p95 last window (ms)", "Last ÷ first");
        for (Drift d : orEmpty(drift)) {
            t.row(d.label(), Formats.ms(d.firstP95()), Formats.ms(d.lastP95()), Formats.ratio(d.ratio()));
        }
        return t;
    }

    static ReportTable resources(Resources r) {
        Resources res = r == null ? new Resources(null, null, null, null, null, null, null) : r;
        return new ReportTable(2, "Measure", "Value")
                .row("Server CPU time", res.serverCpuSeconds() == null ? Formats.NOT_MEASURED
                        : Formats.fixed(res.serverCpuSeconds(), 2) + " s")
                .row("Peak RSS", res.peakRssBytes() == null ? Formats.NOT_MEASURED : Formats.mib(res.peakRssBytes()))
                .row("Pool size", Formats.orNotMeasured(res.poolSize()))
                .row("Peak pool connections in use", Formats.orNotMeasured(res.peakPoolConnectionsInUse()))
                .row("Peak DB connections in use", Formats.orNotMeasured(res.peakDbConnectionsInUse()))
                .row("Loans before", Formats.orNotMeasured(res.loansBefore()))
                .row("Loans after", Formats.orNotMeasured(res.loansAfter()));
    }

    /** {@code quire bench import}: what was imported, how fast, against its floor. */
    static ReportTable importRun(BenchReport.ImportRun r) {
        ReportTable t = new ReportTable(2, "Import", "Value")
                .row("File", r.file())
                .row("Job profile", r.profile())
                .row("Records", String.format(java.util.Locale.ROOT, "%,d", r.records()))
                .row("Job status", r.status())
                .row("Upload (definition + streamed file)", Formats.fixed(r.uploadSeconds(), 1) + " s")
                .row("Wall time (upload → COMMITTED)", Formats.fixed(r.wallSeconds(), 1) + " s")
                .row("Records/s", Formats.rate(r.recordsPerSecond()))
                .row("Searchable (upload → last record found)", r.searchableSeconds() == null ? Formats.NOT_MEASURED
                        : Formats.fixed(r.searchableSeconds(), 1) + " s");
        for (BenchReport.Count c : orEmpty(r.created())) {
            t.row("Created: " + c.kind(), String.format(java.util.Locale.ROOT, "%,d", c.count()));
        }
        return t.row("Failed records", String.format(java.util.Locale.ROOT, "%,d", r.errors()))
                .row("Floor: marc4j + COPY", Formats.fixed(r.floorSeconds(), 1) + " s ("
                        + String.format(java.util.Locale.ROOT, "%,d", r.floorRows()) + " rows, "
                        + Formats.rate(r.floorRecordsPerSecond()) + " records/s)")
                .row("Quire ÷ floor (wall time)", Formats.ratio(r.ratio()));
    }

    /** The import bench's update phase; empty when it did not run. */
    static ReportTable importUpdate(BenchReport.ImportRun r) {
        ReportTable t = new ReportTable(2, "Update", "Value");
        BenchReport.UpdateRun u = r.update();
        if (u == null) return t;
        java.util.Locale root = java.util.Locale.ROOT;
        return t.row("File (the created records exported from SRS)", u.file())
                .row("Job profile", u.profile())
                .row("Records", String.format(root, "%,d", u.records()))
                .row("Job status", u.status())
                .row("Wall time (upload → COMMITTED)", Formats.fixed(u.wallSeconds(), 1) + " s")
                .row("Records/s", Formats.rate(u.recordsPerSecond()))
                .row("Updated: instances", String.format(root, "%,d", u.updatedInstances()))
                .row("Updated: SRS MARC records", String.format(root, "%,d", u.updatedSrs()))
                .row("Created (must be 0)", String.format(root, "%,d", u.created()))
                .row("Failed records", String.format(root, "%,d", u.errors()));
    }

    /** {@code quire bench multi-tenant-import}: the imports, the connections and the CICO ratio. */
    static ReportTable multiImport(BenchReport.MultiImport r) {
        java.util.Locale root = java.util.Locale.ROOT;
        long committed = orEmpty(r.jobs()).stream().filter(j -> "COMMITTED".equals(j.status())).count();
        long errors = orEmpty(r.jobs()).stream().mapToLong(BenchReport.TenantJob::errors).sum();
        return new ReportTable(2, "Multi-tenant import", "Value")
                .row("Import tenants", Integer.toString(r.tenants()))
                .row("Records per tenant", String.format(root, "%,d", r.recordsPerTenant()))
                .row("Check-in/check-out users", Integer.toString(r.users()))
                .row("Jobs COMMITTED", committed + " of " + orEmpty(r.jobs()).size())
                .row("Failed records", String.format(root, "%,d", errors))
                .row("Import wall time (all jobs, first upload → last job ended)",
                        Formats.fixed(r.importWallSeconds(), 1) + " s")
                .row("Records/s (all tenants)", Formats.rate(r.recordsPerSecond()))
                .row("CICO measured while importing", Formats.fixed(r.loadedOverlapSeconds(), 1) + " s")
                .row("CICO p95 during imports ÷ baseline (worst request)", Formats.ratio(r.p95Ratio()))
                .row("Configured pool", Formats.orNotMeasured(r.poolSize()))
                .row("Peak pool connections in use", Formats.orNotMeasured(r.peakPoolConnectionsInUse()))
                .row("Peak PostgreSQL connections (open)", Formats.orNotMeasured(r.peakDbConnectionsOpen()))
                .row("Peak PostgreSQL connections (not idle)", Formats.orNotMeasured(r.peakDbConnectionsInUse()))
                .row("Peak RSS", r.peakRssBytes() == null ? Formats.NOT_MEASURED : Formats.mib(r.peakRssBytes()));
    }

    static ReportTable multiImportJobs(BenchReport.MultiImport r) {
        ReportTable t = new ReportTable(1, "Tenant", "Status", "Records", "Instances created", "Failed", "Wall time");
        java.util.Locale root = java.util.Locale.ROOT;
        for (BenchReport.TenantJob j : orEmpty(r.jobs())) {
            t.row(j.tenant(), j.status(), String.format(root, "%,d", j.records()),
                    String.format(root, "%,d", j.created()), String.format(root, "%,d", j.errors()),
                    Formats.fixed(j.wallSeconds(), 1) + " s");
        }
        return t;
    }

    static ReportTable targets(List<BenchReport.Target> targets) {
        ReportTable t = new ReportTable(2, "Target (issue 14)", "Measured", "Met");
        for (BenchReport.Target target : orEmpty(targets)) t.row(target.target(), target.measured(),
                target.met() ? "yes" : "no");
        return t;
    }

    static ReportTable importTargets(BenchReport.ImportRun r) {
        ReportTable t = new ReportTable(2, "Target (issue 14)", "Measured", "Met");
        for (BenchReport.Target target : orEmpty(r.targets())) t.row(target.target(), target.measured(),
                target.met() ? "yes" : "no");
        return t;
    }

    static ReportTable settings(Settings s) {
        ReportTable t = new ReportTable(2, "Setting", "Value");
        if (s == null) return t;
        t.row("Users per tenant", orEmpty(s.users()).stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .row("Tenants", Integer.toString(s.tenants()))
                .row("Duration per level", Formats.seconds(s.durationSeconds()))
                .row("Ramp-up", Formats.seconds(s.rampUpSeconds()))
                .row("Think time", Formats.seconds(s.thinkTimeSeconds()))
                .row("Target", s.target() == null ? "—" : s.target())
                .row("Data scale", Formats.number(s.dataScale()))
                .row("UI calls", s.uiCalls() ? "yes" : "no")
                .row("Longevity", s.longevitySeconds() == null ? "no" : Formats.seconds(s.longevitySeconds()));
        if (s.longevitySeconds() != null) t.row("Window", Formats.seconds(s.windowSeconds()));
        return t;
    }

    static ReportTable machine(Machine m) {
        ReportTable t = new ReportTable(2, "Machine", "Value");
        if (m == null) return t;
        return t.row("Cores", Integer.toString(m.cores()))
                .row("Memory", Formats.gib(m.memoryBytes()))
                .row("Java", m.java() == null ? "" : m.java())
                .row("OS", m.os() == null ? "" : m.os());
    }

    static ReportTable data(DataSet d) {
        ReportTable t = new ReportTable(2, "Data set", "Value");
        if (d == null) return t;
        return t.row("Tenants", Integer.toString(d.tenants()))
                .row("Items per tenant", Integer.toString(d.itemsPerTenant()))
                .row("Patrons per tenant", Integer.toString(d.patronsPerTenant()))
                .row("Open loans per tenant", Integer.toString(d.openLoansPerTenant()));
    }

    /** The heading of one level's profile: which file, how long, how many samples. */
    static String profileHeading(BenchReport.LevelProfile p) {
        return "Profile, " + p.users() + (p.users() == 1 ? " user" : " users") + ": " + p.file() + ", "
                + Formats.seconds(Math.round(p.seconds() * 10) / 10.0) + ", " + p.cpuSamples() + " CPU samples";
    }

    /**
     * One level's profile as its tables, in reading order: where the time goes (subsystems), which methods run
     * (self), which of Quire's calls hold the time (total), then GC and allocation.
     */
    static List<Map.Entry<String, ReportTable>> profileTables(BenchReport.LevelProfile p) {
        BenchReport.Gc gc = p.gc();
        ReportTable gcTable = new ReportTable(2, "GC and allocation", "Value");
        if (gc != null) {
            gcTable.row("Collections", Long.toString(gc.collections()))
                    .row("Total pause", Formats.ms(gc.totalPauseMs()) + " ms")
                    .row("Longest pause", Formats.ms(gc.maxPauseMs()) + " ms")
                    .row("Allocation (sampled weight)", gc.allocatedMbPerSecond() == null ? Formats.NOT_MEASURED
                            : Formats.fixed(gc.allocatedMbPerSecond(), 1) + " MB/s");
        }
        return List.of(
                Map.entry("Samples by subsystem (the top frame that is not the JDK's)",
                        shares("Subsystem", "Samples", p.subsystems())),
                Map.entry("Top methods by self samples (the frame running)", shares("Method", "Samples", p.selfTop())),
                Map.entry("Quire's classes by total samples (on the stack: their code and what it calls)",
                        shares("Class", "Samples", p.totalTop())),
                Map.entry("GC", gcTable),
                Map.entry("Allocation by class (sampled)", shares("Class", "MB", p.allocations())));
    }

    /** Samples as counted; bytes (the "MB" column) in megabytes. */
    static ReportTable shares(String what, String counted, List<BenchReport.Share> shares) {
        ReportTable t = new ReportTable(1, what, counted, "%");
        for (BenchReport.Share s : orEmpty(shares)) {
            t.row(s.name(), counted.equals("MB") ? Formats.fixed(s.count() / 1e6, 1) : Long.toString(s.count()),
                    Formats.fixed(s.pct(), 1));
        }
        return t;
    }

    /**
     * {@code quire bench sip2}: the targets, then per level the SIP2 messages, the HTTP calls, SIP2 p95 ÷ HTTP p95 per
     * operation, and the responses verified with the server's CPU per operation — each a heading and its table.
     */
    static List<Map.Entry<String, ReportTable>> sip2Tables(BenchReport.Sip2Run run) {
        List<Map.Entry<String, ReportTable>> tables = new java.util.ArrayList<>();
        ReportTable targets = new ReportTable(2, "Target (issue 15)", "Measured", "Met");
        for (BenchReport.Target t : orEmpty(run.targets())) targets.row(t.target(), t.measured(), t.met() ? "yes" : "no");
        tables.add(Map.entry("SIP2 targets (" + run.endpoint() + ")", targets));
        for (BenchReport.Sip2Level level : orEmpty(run.levels())) {
            String n = level.users() + (level.users() == 1 ? " user" : " users");
            tables.add(Map.entry("SIP2, " + n + " (terminals), measured " + Formats.seconds(level.sip2Seconds())
                    + "; times in milliseconds", requests(level.sip2())));
            tables.add(Map.entry("HTTP, " + n + ", measured " + Formats.seconds(level.httpSeconds())
                    + "; times in milliseconds", requests(level.http())));
            ReportTable ratios = new ReportTable(2, "SIP2 message", "HTTP call", "p95 SIP2 (ms)", "p95 HTTP (ms)",
                    "SIP2 ÷ HTTP");
            for (BenchReport.Ratio r : orEmpty(level.ratios())) ratios.row(r.label(), r.floorLabel(),
                    Formats.ms(r.quireP95()), Formats.ms(r.floorP95()), Formats.ratio(r.ratio()));
            tables.add(Map.entry("SIP2 ÷ HTTP (p95), " + n, ratios));
            tables.add(Map.entry("SIP2 responses and server CPU, " + n, new ReportTable(2, "Measure", "Value")
                    .row("SIP2 responses verified (command, AY, AZ)", Long.toString(level.verifiedResponses()))
                    .row("SIP2 responses with a wrong command, AY or AZ", Long.toString(level.badResponses()))
                    .row("Server CPU per SIP2 message", cpu(level.sip2CpuMsPerOperation()))
                    .row("Server CPU per HTTP request", cpu(level.httpCpuMsPerOperation()))));
        }
        return tables;
    }

    private static String cpu(Double ms) {
        return ms == null ? Formats.NOT_MEASURED : Formats.fixed(ms, 3) + " ms";
    }
}
