package org.quire.bench;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code quire bench sip2} (issue 15, "Speed"): check-out and check-in at self-check terminals over SIP2 against the
 * same operations over HTTP, in one run. The data set is the cico bench's ({@link DataSetup}); the private server is
 * started with its SIP2 listener on a free port, and the tenant gets a kiosk account. Per level: N terminals
 * ({@link Sip2Workflow}: one connection each, 11 then 09 of the same item, every response verified), then N users
 * running {@link CicoWorkflow} over HTTP on the same tenant, the same pool of items and the same service point.
 * The target: SIP2 p95 ≤ 2× HTTP p95 per operation at every level.
 */
final class Sip2Bench {
    static final double TARGET_RATIO = 2;
    /** Each SIP2 message with the HTTP call of the same operation. */
    static final Map<String, String> SAME_OPERATION = Map.of(
            Sip2Workflow.CHECK_OUT, CicoWorkflow.CHECK_OUT, Sip2Workflow.CHECK_IN, CicoWorkflow.CHECK_IN);

    private final BenchOptions o;
    private final Progress progress;

    Sip2Bench(BenchOptions options, PrintStream out) {
        this.o = options;
        this.progress = new Progress(out);
    }

    BenchReport run() throws Exception {
        String startedAt = Instant.now().toString();
        Path dir = ReportFiles.directory(o);
        Files.createDirectories(dir);
        String charsetName = env("QUIRE_SIP2_CHARSET", "IBM850");
        Charset charset = Charset.forName(charsetName);
        int sip2Port = o.url() == null ? BenchTarget.freePort() : externalSip2Port();
        try (BenchTarget target = o.url() == null
                ? BenchTarget.startPrivate(dir, progress, false, Map.of("QUIRE_SIP2_PORT", String.valueOf(sip2Port),
                        "QUIRE_SIP2_CHARSET", charsetName))
                : BenchTarget.external(o)) {
            BenchHttp http = new BenchHttp(target.url());
            BenchHttp.Session admin = http.login(o.adminTenant(), o.adminUser(),
                    o.adminPassword() != null ? o.adminPassword() : target.platformAdminPassword());
            String tenant = "bench_" + Long.toString(Instant.now().getEpochSecond(), 36) + "_sip2";
            progress.step(String.format(Locale.ROOT, "Preparing tenant %s: %,d items, %,d patrons, %,d open loans, "
                    + "%,d open requests", tenant, o.itemsPerTenant(), o.patronsPerTenant(), o.openLoansPerTenant(),
                    o.openRequestsPerTenant()));
            TenantData t = new DataSetup(admin, progress).prepare(tenant, o.itemsPerTenant(), o.patronsPerTenant(),
                    o.openLoansPerTenant(), o.openRequestsPerTenant(), false, 0);
            String host = java.net.URI.create(target.url()).getHost();
            Sip2Workflow.Endpoint endpoint = Sip2Workflow.createAccount(t, host, sip2Port, charset);
            progress.step("SIP2 account " + endpoint.username() + " at " + host + ":" + sip2Port + " (" + charset + ")");
            try (ResourceSampler sampler = ResourceSampler.connect(http, target)) {
                long loansBefore = DataSetup.allLoans(t.session());
                List<String> notes = new ArrayList<>();
                sampler.start();
                warmUp(t, endpoint, sampler, notes);
                List<BenchReport.Sip2Level> levels = new ArrayList<>();
                for (int users : o.users()) {
                    progress.step(String.format("Level: %d terminal%s over SIP2, then %s over HTTP", users,
                            users == 1 ? "" : "s", users(users)));
                    levels.add(level(users, t, endpoint, sampler, notes));
                }
                BenchReport.Resources resources = sampler.stop(loansBefore, DataSetup.allLoans(t.session()));
                notes.addAll(standardNotes());
                BenchReport.Sip2Run run = new BenchReport.Sip2Run(host + ":" + sip2Port + " (" + charset.name()
                        + "), account " + endpoint.username(), levels, targets(levels));
                BenchReport report = new BenchReport("sip2", startedAt, Instant.now().toString(), settings(target),
                        Bench.machine(), new BenchReport.DataSet(1, o.itemsPerTenant(), o.patronsPerTenant(),
                        o.openLoansPerTenant()), List.of(), List.of(), List.of(), resources, notes, null, null, null,
                        run);
                ReportFiles.write(report, dir);
                progress.step("Report: " + dir.resolve(ReportFiles.MARKDOWN) + " (also report.json, report.html)");
                return report;
            }
        }
    }

    /**
     * Before the first level, each phase once unmeasured (the first level's users, the ramp-up's length, at least
     * 5 s): the set-up warmed the HTTP check-out but not the SIP2 path, and whichever phase ran first after the set-up
     * paid for it — at 1 user the same SIP2 phase run twice had a p95 of 124 ms, then 55 ms (HTTP: 96, then 49 ms).
     */
    private void warmUp(TenantData t, Sip2Workflow.Endpoint endpoint, ResourceSampler sampler, List<String> notes)
            throws InterruptedException {
        int users = o.users().getFirst();
        Duration length = o.rampUp().compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofSeconds(5) : o.rampUp();
        settle(sampler, "SIP2 warm-up", users, notes);
        Sip2Workflow sip2 = new Sip2Workflow(endpoint);
        Measurements s = LoadRunner.run(new LoadRunner.Phase("SIP2 warm-up", users, Duration.ZERO, length,
                o.thinkTime(), (m, i) -> sip2.terminal(m, t)), progress);
        notes.addAll(prefixed("SIP2 warm-up, " + users(users), s.errorSamples()));
        CicoWorkflow cico = new CicoWorkflow(null);
        Measurements h = LoadRunner.run(new LoadRunner.Phase("HTTP warm-up", users, Duration.ZERO, length,
                o.thinkTime(), (m, i) -> cico.quireUser(m, t)), progress);
        notes.addAll(prefixed("HTTP warm-up, " + users(users), h.errorSamples()));
        notes.add(String.format(Locale.ROOT, "Before the first level both phases ran once unmeasured (%s, %.0f s "
                + "each) so that neither pays for the other's warm-up (JIT compilation of its code path): without it, "
                + "the first phase after the set-up was up to 1.5× slower than the same phase repeated.", users(users),
                length.toMillis() / 1000.0));
    }

    /** One level: the SIP2 phase, then the HTTP phase at the same number of users. */
    private BenchReport.Sip2Level level(int users, TenantData t, Sip2Workflow.Endpoint endpoint,
                                        ResourceSampler sampler, List<String> notes) throws InterruptedException {
        Sip2Workflow sip2 = new Sip2Workflow(endpoint);
        Double[] cpu = new Double[4];
        settle(sampler, "SIP2", users, notes);
        Measurements s = LoadRunner.run(new LoadRunner.Phase("SIP2", users, o.rampUp(), o.duration(), o.thinkTime(),
                (m, i) -> sip2.terminal(m, t)), progress,
                () -> cpu[0] = sampler.cpuSecondsNow(), () -> cpu[1] = sampler.cpuSecondsNow());
        notes.addAll(prefixed("SIP2, " + users(users), s.errorSamples()));
        CicoWorkflow cico = new CicoWorkflow(null);
        settle(sampler, "HTTP", users, notes);
        Measurements h = LoadRunner.run(new LoadRunner.Phase("HTTP", users, o.rampUp(), o.duration(), o.thinkTime(),
                (m, i) -> cico.quireUser(m, t)), progress,
                () -> cpu[2] = sampler.cpuSecondsNow(), () -> cpu[3] = sampler.cpuSecondsNow());
        notes.addAll(prefixed("HTTP, " + users(users), h.errorSamples()));

        List<BenchReport.Ratio> ratios = new ArrayList<>();
        for (var op : new java.util.TreeMap<>(SAME_OPERATION).entrySet()) {
            Histogram a = s.histogram(op.getKey()), b = h.histogram(op.getValue());
            if (a.getTotalCount() == 0 || b.getTotalCount() == 0) continue;
            double ap95 = Measurements.ms(a.getValueAtPercentile(95)), bp95 = Measurements.ms(b.getValueAtPercentile(95));
            ratios.add(new BenchReport.Ratio(op.getKey(), op.getValue(), ap95, bp95, ap95 / bp95));
        }
        return new BenchReport.Sip2Level(users, s.measuredSeconds(), s.stats(), h.measuredSeconds(), h.stats(), ratios,
                sip2.verifiedResponses(), sip2.badResponses(), cpuMsPerOperation(cpu[0], cpu[1], s),
                cpuMsPerOperation(cpu[2], cpu[3], h));
    }

    /**
     * Each phase starts on a quiet server: the check-outs and check-ins of the phase before leave the search index
     * seconds of work (every loan and item changed is re-indexed), which would otherwise land in the next phase —
     * always the HTTP one after the SIP2 one — and make the comparison unfair.
     */
    private void settle(ResourceSampler sampler, String phase, int users, List<String> notes)
            throws InterruptedException {
        long start = System.nanoTime();
        String note = ServerSettle.await(sampler::cpuSecondsNow, progress, ServerSettle.REAL);
        double waited = (System.nanoTime() - start) / 1e9;
        notes.add(note.contains("still busy") ? "Before the " + phase + " phase at " + users(users) + ": " + note
                : String.format(Locale.ROOT, "Before the %s phase at %s the server settled in %.0f s (CPU below "
                + "%.0f%% of a core for %d s).", phase, users(users), waited, ServerSettle.QUIET_SHARE * 100,
                ServerSettle.QUIET_SECONDS));
    }

    private static Double cpuMsPerOperation(Double from, Double to, Measurements m) {
        long n = m.stats().stream().mapToLong(BenchReport.RequestStats::total).sum();
        return from == null || to == null || n == 0 ? null : (to - from) * 1000 / n;
    }

    /** Issue 15: SIP2 p95 ≤ 2× HTTP p95, per operation and level; not met when an operation was not measured. */
    static List<BenchReport.Target> targets(List<BenchReport.Sip2Level> levels) {
        List<BenchReport.Target> targets = new ArrayList<>();
        for (BenchReport.Sip2Level level : levels) {
            for (String op : new java.util.TreeSet<>(SAME_OPERATION.keySet())) {
                String what = String.format(Locale.ROOT, "%s p95 ≤ %.0f× %s, %d %s", op, TARGET_RATIO,
                        SAME_OPERATION.get(op), level.users(), level.users() == 1 ? "user" : "users");
                BenchReport.Ratio r = level.ratios().stream().filter(x -> x.label().equals(op)).findFirst().orElse(null);
                targets.add(r == null ? new BenchReport.Target(what, "not measured", false)
                        : new BenchReport.Target(what, String.format(Locale.ROOT, "%.1f ms ÷ %.1f ms = %.2f×",
                        r.quireP95(), r.floorP95(), r.ratio()), r.ratio() <= TARGET_RATIO));
            }
        }
        return targets;
    }

    private BenchReport.Settings settings(BenchTarget target) {
        return new BenchReport.Settings(o.users(), o.duration().toMillis() / 1000.0, o.rampUp().toMillis() / 1000.0, 1,
                o.thinkTime().toMillis() / 1000.0, o.url() == null ? "private server on embedded PostgreSQL"
                : target.url(), o.dataScale(), false, null, o.window().toMillis() / 1000.0);
    }

    private List<String> standardNotes() {
        return List.of("Per level, the SIP2 phase runs first and the HTTP phase right after, each with its own "
                        + "ramp-up (" + o.rampUp().toMillis() / 1000.0 + " s, not measured) and " + o.duration().toMillis()
                        / 1000.0 + " s measured, at the same number of users; closed model, no think time unless "
                        + "--think-time. Latency is measured at the client from the request's first byte sent to the "
                        + "response's last byte read (SIP2: up to the carriage return).",
                "SIP2: each terminal is one TCP connection (TCP_NODELAY on both ends), logged in once with 93 as the "
                        + "tenant's kiosk account (" + Sip2Workflow.ACCOUNT + ", the permissions README lists), then "
                        + "loops 11 check-out of an available item to a random patron and 09 check-in of it, with "
                        + "error detection: every request has AY (0–9) and AZ, and every response's command, AY and AZ "
                        + "are verified; a wrong one is a KO. A response with ok = 0 is a KO with its screen message "
                        + "(AF) in the error samples. Terminals take distinct items from the pool and give them back.",
                "HTTP: the cico workflow's users (POST /circulation/check-out-by-barcode, 57%, and "
                        + "POST /circulation/check-in-by-barcode, 43%, on the same tenant, item pool and service point) "
                        + "with the bench's one keep-alive HTTP/1.1 client and a staff token; no UI calls.",
                "Data set: the cico bench's (fallback-only circulation rules with FOLIO's Example Loan Policy, one item "
                        + "per instance, open loans and open requests as the PTF baseline; the 40% of items kept for "
                        + "cico's SQL floor are not used here). There is no SQL floor: the HTTP operation is the "
                        + "yardstick (issue 15: SIP2 p95 ≤ 2× HTTP p95).");
    }

    private static String users(int n) {
        return n == 1 ? "1 user" : n + " users";
    }

    private static List<String> prefixed(String phase, List<String> samples) {
        return samples.stream().map(s -> "Error sample (" + phase + "): " + s).toList();
    }

    /** With --url the SIP2 port is the running server's, from QUIRE_SIP2_PORT in the bench's environment. */
    private static int externalSip2Port() {
        String port = System.getenv("QUIRE_SIP2_PORT");
        if (port == null || !port.strip().matches("\\d{1,5}")) throw new IllegalArgumentException("With --url, "
                + "quire bench sip2 connects to the SIP2 port of that server: set QUIRE_SIP2_PORT (e.g. 6443)");
        return Integer.parseInt(port.strip());
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v.strip();
    }
}
