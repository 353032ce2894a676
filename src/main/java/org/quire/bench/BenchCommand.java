package org.quire.bench;

import org.quire.platform.auth.PlatformAdmin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code quire bench <workflow> [options]} and {@code quire bench compare A B}. */
@Command(name = "bench", subcommands = BenchCommand.Compare.class, description = {
        "Load-test Quire with FOLIO's Performance Task Force workflows and measure the floor in the same run.",
        "Workflows: cico, loans, multi-tenant-cico, rtac, renew, search, import, multi-tenant-import, export, oai, "
                + "sip2. Writes report.md, report.json and report.html.",
        "Exit code 1 when any request failed (import: when any record failed; multi-tenant-import: when a job did not "
                + "commit, a record or a check-in/check-out failed; export: when the file misses a record; oai: when a harvest "
                + "missed or repeated a record or a page failed)."})
public final class BenchCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "WORKFLOW", description = "cico, loans, multi-tenant-cico, "
            + "rtac, renew, search, import, multi-tenant-import, export, oai or sip2")
    String workflow;

    @Option(names = "--users", split = ",", description = "Virtual users per tenant, one level each. "
            + "Default: 1,5,8,20 (multi-tenant-cico: 5; search, sip2: 1,20; --longevity: 8; multi-tenant-import: 8 "
            + "users of one check-in/check-out tenant; oai: 1,8 harvesters)")
    List<Integer> users;

    @Option(names = "--duration", defaultValue = "5m", description = "Measured time per level. Default: ${DEFAULT-VALUE}")
    String duration;

    @Option(names = "--ramp-up", defaultValue = "30s", description = "Unmeasured start-up per level. Default: ${DEFAULT-VALUE}")
    String rampUp;

    @Option(names = "--floor-duration", description = "Measured time of each floor phase. Default: the duration, at most 1m")
    String floorDuration;

    @Option(names = "--tenants", description = "Tenants, each with its users. Default: 1 (multi-tenant-cico: 61; "
            + "multi-tenant-import: 30 import tenants, beside the check-in/check-out tenant)")
    Integer tenants;

    @Option(names = "--think-time", defaultValue = "0", description = "Pause after each transaction. Default: ${DEFAULT-VALUE}")
    String thinkTime;

    @Option(names = "--url", description = "A running Quire to measure. Default: start a private one on an embedded "
            + "PostgreSQL")
    String url;

    @Option(names = "--db-url", description = "With --url: the JDBC URL of its database, for the SQL floor "
            + "(user and password from QUIRE_DB_USER / QUIRE_DB_PASSWORD)")
    String dbUrl;

    @Option(names = "--admin", description = "tenant:user:password of the platform administrator, who creates the "
            + "bench's tenants. Default: supertenant:superuser with the password of QUIRE_PLATFORM_ADMIN_PASSWORD, or "
            + "read from the private Quire's data directory, or with --url from --data-dir's platform-admin.secret")
    String admin;

    @Option(names = "--data-dir", defaultValue = "./data", description = "With --url and no --admin: the data "
            + "directory of that (local) Quire, whose platform-admin.secret holds the password. Default: "
            + "${DEFAULT-VALUE}")
    Path dataDir;

    @Option(names = "--out", description = "Report directory. Default: ./bench-reports/<timestamp>-<workflow>")
    Path out;

    @Option(names = "--data-scale", description = "Per-tenant data, as a multiple of the PTF baseline (50,000 items, "
            + "5,000 patrons, 5,000 open loans; search: 1,000,000 instances). Default: 1 (multi-tenant-cico and "
            + "multi-tenant-import: 0.05; search: 0.01)")
    Double dataScale;

    @Option(names = "--marc", split = ",", description = "search: MARC files (ISO 2709 or MARCXML) of the real "
            + "records to build the catalogue from, replicated with new ids to the size asked (e.g. the output of "
            + "fetch-lc-books.sh). Default: the demo catalogue's 1,200 LC records. import: one file, whose first "
            + "--records records are imported. Default: LC records from fetch-lc-books.sh")
    List<Path> marc;

    @Option(names = "--records", description = "import, export, oai: records imported (real LC records from "
            + "fetch-lc-books.sh, cached; or the first N of --marc); export and oai then export or harvest them. Default: 100000 (multi-tenant-import: 10000 per tenant)")
    Integer records;

    @Option(names = "--ui-calls", description = "Also make the GETs of FOLIO's check-out and check-in screens")
    boolean uiCalls;

    @Option(names = "--longevity", description = "One level for this long (e.g. 2h), reported per window")
    String longevity;

    @Option(names = "--profile", description = "Record the server's CPU with Java Flight Recorder during each "
            + "level's measured phase: a .jfr file per level in the report directory and a summary (top methods, "
            + "subsystems, GC) in the report. Only for the private server the bench starts")
    boolean profile;

    @Option(names = "--window", defaultValue = "10m", description = "Window of a longevity report. Default: ${DEFAULT-VALUE}")
    String window;

    @Override
    public Integer call() throws Exception {
        if ("import".equals(workflow)) {
            BenchReport.ImportRun run = new ImportBench(options(), System.out).run().importRun();
            BenchReport.UpdateRun u = run.update();
            boolean failed = run.errors() > 0 || !run.status().equals("COMMITTED")
                    || (u != null && (u.errors() > 0 || u.created() > 0 || !u.status().equals("COMMITTED")));
            if (failed) System.out.println("quire bench: the import job ended " + run.status() + " with " + run.errors()
                    + " failed records" + (u == null ? "" : ", the update job " + u.status() + " with " + u.errors()
                    + " failed and " + u.created() + " created records") + "; see the report");
            return failed ? 1 : 0;
        }
        if ("export".equals(workflow) || "oai".equals(workflow)) return exportOrOai();
        if ("multi-tenant-import".equals(workflow)) {
            BenchReport.MultiImport run = new MultiTenantImportBench(options(), System.out).run().multiImport();
            boolean failed = run.targets().size() < 2 || !run.targets().get(0).met() || !run.targets().get(1).met();
            if (failed) System.out.println("quire bench: " + run.targets().get(0).measured() + "; "
                    + run.targets().get(1).measured() + "; see the report");
            return failed ? 1 : 0;
        }
        if ("sip2".equals(workflow)) {
            BenchReport.Sip2Run run = new Sip2Bench(options(), System.out).run().sip2();
            long errors = run.levels().stream().flatMap(l -> java.util.stream.Stream.concat(l.sip2().stream(),
                    l.http().stream())).mapToLong(BenchReport.RequestStats::ko).sum();
            if (errors > 0) System.out.println("quire bench: " + errors + " SIP2 messages or HTTP requests failed; see "
                    + "the notes in the report");
            return errors > 0 ? 1 : 0;
        }
        BenchReport report = new Bench(options(), System.out).run();
        long errors = report.levels().stream().flatMap(l -> java.util.stream.Stream.concat(l.quire().stream(),
                l.floor().stream())).mapToLong(BenchReport.RequestStats::ko).sum();
        if (errors > 0) System.out.println("quire bench: " + errors + " requests failed; see the notes in the report");
        return errors > 0 ? 1 : 0;
    }

    /** export and oai: exit code 1 when a record is missing, doubled or failed, or a request failed. */
    private int exportOrOai() throws Exception {
        BenchReport r = "export".equals(workflow) ? new ExportBench(options(), System.out).run()
                : new OaiBench(options(), System.out).run();
        List<BenchReport.Target> targets = r.exportRun() != null ? r.exportRun().targets() : r.oaiRun().targets();
        BenchReport.Target complete = targets.getLast(); // the file holds every record / each record exactly once
        boolean failed = !complete.met() || (r.oaiRun() != null && r.oaiRun().levels().stream()
                .anyMatch(l -> l.page().ko() > 0));
        if (failed) System.out.println("quire bench: " + complete.target() + ": " + complete.measured()
                + "; see the report");
        return failed ? 1 : 0;
    }

    BenchOptions options() {
        if (workflow == null) throw new IllegalArgumentException("Name a workflow: "
                + String.join(", ", BenchOptions.WORKFLOWS) + " (or: quire bench compare A B)");
        if (!BenchOptions.WORKFLOWS.contains(workflow)) throw new IllegalArgumentException("Unknown workflow '"
                + workflow + "': choose one of " + String.join(", ", BenchOptions.WORKFLOWS));
        boolean multi = workflow.equals("multi-tenant-cico");
        boolean multiImport = workflow.equals("multi-tenant-import");
        int recordCount = records != null ? records : multiImport ? 10_000 : 100_000;
        boolean search = workflow.equals("search");
        boolean sip2 = workflow.equals("sip2");
        if (sip2 && tenants != null && tenants != 1) throw new IllegalArgumentException("sip2 runs on one tenant");
        if (sip2 && (profile || uiCalls || longevity != null)) throw new IllegalArgumentException("sip2 takes no "
                + "--profile, --ui-calls or --longevity");
        if (search && tenants != null && tenants != 1) throw new IllegalArgumentException("search runs on one tenant");
        if (recordCount < 1) throw new IllegalArgumentException("--records must be at least 1");
        for (Path f : marc == null ? List.<Path>of() : marc) {
            if (!java.nio.file.Files.isReadable(f)) throw new IllegalArgumentException("--marc: cannot read " + f);
        }
        Duration longRun = longevity == null ? null : BenchOptions.parseDuration(longevity);
        List<Integer> levels = users != null ? users
                : multi ? List.of(5) : multiImport ? List.of(8) : workflow.equals("oai") ? List.of(1, 8)
                : longRun != null ? List.of(8) : search || sip2 ? List.of(1, 20) : Arrays.asList(1, 5, 8, 20);
        if (levels.isEmpty() || levels.stream().anyMatch(u -> u < 1)) {
            throw new IllegalArgumentException("--users needs positive numbers, e.g. --users 1,5,8,20");
        }
        Duration measured = BenchOptions.parseDuration(duration);
        Duration floor = floorDuration != null ? BenchOptions.parseDuration(floorDuration)
                : (longRun != null ? Duration.ofMinutes(1) : min(measured, Duration.ofMinutes(1)));
        int tenantCount = tenants != null ? tenants : multi ? 61 : multiImport ? 30 : 1;
        if (tenantCount < 1) throw new IllegalArgumentException("--tenants must be at least 1");
        String[] a = admin != null ? admin.split(":", 3) : new String[] {PlatformAdmin.TENANT, PlatformAdmin.USERNAME,
                platformAdminPassword()};
        if (a.length != 3) throw new IllegalArgumentException("--admin must be tenant:user:password");
        return new BenchOptions(workflow, List.copyOf(levels), measured, floor, BenchOptions.parseDuration(rampUp),
                tenantCount, BenchOptions.parseDuration(thinkTime), url, url == null ? null : dbUrlOrEnv(),
                System.getenv("QUIRE_DB_USER"), System.getenv("QUIRE_DB_PASSWORD"), out,
                dataScale != null ? dataScale : multi || multiImport ? 0.05 : search ? 0.01 : 1.0, uiCalls, longRun,
                BenchOptions.parseDuration(window), a[0], a[1], a[2],
                marc == null ? List.of() : List.copyOf(marc), profile, recordCount);
    }

    /**
     * The platform administrator's password when --admin does not give it: QUIRE_PLATFORM_ADMIN_PASSWORD, else (with
     * --url) the secret file of --data-dir; null for a private Quire, whose secret the bench reads once it started.
     */
    private String platformAdminPassword() {
        String env = System.getenv("QUIRE_PLATFORM_ADMIN_PASSWORD");
        if (env != null && !env.isBlank()) return env.trim();
        if (url == null) return null;
        try {
            return PlatformAdmin.read(dataDir);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("Tenants are created by the platform administrator: give its password "
                    + "with --admin supertenant:superuser:<password> or QUIRE_PLATFORM_ADMIN_PASSWORD (it is in the "
                    + "Quire's <data dir>/" + PlatformAdmin.FILE + "); " + PlatformAdmin.file(dataDir) + " is not readable");
        }
    }

    private String dbUrlOrEnv() {
        return dbUrl != null ? dbUrl : System.getenv("QUIRE_DB_URL");
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    @Command(name = "compare", description = "Print the differences between two reports (directories or report.json)")
    static final class Compare implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = "The earlier report")
        Path a;

        @Parameters(index = "1", paramLabel = "B", description = "The later report")
        Path b;

        @Override
        public Integer call() throws Exception {
            System.out.print(CompareReports.compare(ReportFiles.read(a), ReportFiles.read(b)));
            return 0;
        }
    }

    /** Lets tests run the command as the launcher does. */
    public static int execute(String... args) {
        return new CommandLine(new BenchCommand()).execute(args);
    }
}
