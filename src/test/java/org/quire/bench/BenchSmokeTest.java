package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI smoke run of the harness, end to end as a librarian would run it: a private server and database, data
 * prepared through the API, a short level, the floor, the report files. It asserts structure and zero errors — never a
 * timing.
 */
class BenchSmokeTest {

    @Test
    void cicoOnAPrivateServerWritesACompleteReportWithoutErrors(@TempDir Path out) throws Exception {
        int exit = BenchCommand.execute("cico", "--users", "2", "--duration", "10s", "--ramp-up", "2s",
                "--floor-duration", "4s", "--data-scale", "0.01", "--profile", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("exit code (1 = some request failed; see the notes: %s)", report.notes()).isZero();
        assertThat(report.workflow()).isEqualTo("cico");
        assertThat(report.data()).isEqualTo(new BenchReport.DataSet(1, 500, 50, 50));
        assertThat(report.levels()).hasSize(1);
        BenchReport.LevelResult level = report.levels().getFirst();
        assertThat(level.users()).isEqualTo(2);
        assertThat(level.durationSeconds()).isBetween(9.0, 12.0);

        assertThat(level.quire()).extracting(BenchReport.RequestStats::label)
                .containsExactly(CicoWorkflow.CHECK_IN, CicoWorkflow.CHECK_OUT);
        assertThat(level.floor()).extracting(BenchReport.RequestStats::label).containsExactlyInAnyOrder(
                CicoSqlFloor.CHECK_IN, CicoSqlFloor.CHECK_OUT, Bench.HTTP_FLOOR,
                "floor: check-in (SQL + HTTP)", "floor: check-out (SQL + HTTP)");
        for (BenchReport.RequestStats row : level.quire()) {
            assertThat(row.total()).as(row.label()).isPositive();
            assertThat(row.ko()).as(row.label()).isZero();
            assertThat(row.min()).isLessThanOrEqualTo(row.p50());
            assertThat(row.p50()).isLessThanOrEqualTo(row.p95());
            assertThat(row.p95()).isLessThanOrEqualTo(row.max());
        }
        assertThat(level.floor()).allSatisfy(row -> {
            assertThat(row.total()).as(row.label()).isPositive();
            assertThat(row.ko()).as(row.label()).isZero();
        });
        assertThat(level.ratios()).extracting(BenchReport.Ratio::label)
                .containsExactly(CicoWorkflow.CHECK_IN, CicoWorkflow.CHECK_OUT);
        assertThat(report.notes()).as("what the SQL floor includes").contains(CicoSqlFloor.DESCRIPTION);
        assertThat(level.ratios()).allSatisfy(r -> assertThat(r.ratio()).isEqualTo(r.quireP95() / r.floorP95()));
        assertThat(level.timeline()).hasSizeBetween(9, 12);
        assertThat(level.timeline().stream().mapToLong(BenchReport.TimePoint::requests).sum())
                .isEqualTo(level.quire().stream().mapToLong(BenchReport.RequestStats::total).sum());

        BenchReport.Resources res = report.resources();
        assertThat(res.serverCpuSeconds()).isPositive();
        assertThat(res.peakRssBytes()).isGreaterThan(50L << 20);
        assertThat(res.poolSize()).isPositive();
        assertThat(res.peakPoolConnectionsInUse()).isBetween(1, res.poolSize());
        assertThat(res.peakDbConnectionsInUse()).isBetween(0, res.poolSize());
        // Every successful check-out of Quire and of the SQL floor added one loan row (more were made during the
        // unmeasured ramp-ups).
        long checkOuts = level.quire().stream().filter(r -> r.label().equals(CicoWorkflow.CHECK_OUT))
                .mapToLong(BenchReport.RequestStats::ok).sum() + level.floor().stream()
                .filter(r -> r.label().equals(CicoSqlFloor.CHECK_OUT)).mapToLong(BenchReport.RequestStats::ok).sum();
        assertThat(res.loansBefore()).isEqualTo(50);
        assertThat(res.loansAfter()).isGreaterThanOrEqualTo(res.loansBefore() + checkOuts);

        assertThat(Files.readString(out.resolve("report.md")))
                .containsPattern(String.join(" *\\| *", "\\| Request", "Total", "OK", "KO", "%KO", "Req/s", "Min", "p50",
                        "p75", "p95", "p99", "Max", "Average") + " *\\|")
                .contains(CicoWorkflow.CHECK_OUT).contains(CicoSqlFloor.CHECK_OUT).contains(Bench.HTTP_FLOOR);
        assertThat(Files.readString(out.resolve("report.html"))).contains("<svg").contains(CicoWorkflow.CHECK_IN);
        JsonNode json = Json.parse(Files.readString(out.resolve("report.json")));
        assertThat(json.path("levels").path(0).path("quire").size()).isEqualTo(2);
        assertThat(out.resolve("server.log")).isNotEmptyFile();
        assertProfile(out, report.profile(), level.durationSeconds());
    }

    /**
     * --profile (on the smoke run, so that it costs CI seconds, not another server): a JFR recording of the private
     * server during the level's measured phase, written beside the report and summarised in it.
     */
    private static void assertProfile(Path out, BenchReport.Profile profile, double levelSeconds) throws Exception {
        assertThat(profile).isNotNull();
        assertThat(profile.note()).contains("Java Flight Recorder").doesNotContain("Problems");
        assertThat(profile.levels()).hasSize(1);
        BenchReport.LevelProfile level = profile.levels().getFirst();
        assertThat(level.users()).isEqualTo(2);
        assertThat(level.file()).isEqualTo("profile-2-users.jfr");
        assertThat(out.resolve(level.file())).isNotEmptyFile();
        // The recording covers the measured phase: its length is the level's, not the run's (set-up, ramp-up and
        // three floor phases more); starting and stopping it through jcmd takes a moment more on a loaded machine.
        assertThat(level.seconds()).isBetween(9.5, levelSeconds + 3);
        assertThat(level.cpuSamples()).isPositive();
        assertThat(level.selfTop()).isNotEmpty().hasSizeLessThanOrEqualTo(ProfileSummary.SELF_TOP)
                .allSatisfy(s -> assertThat(s.count()).isPositive());
        assertThat(level.selfTop().stream().mapToLong(BenchReport.Share::count).sum())
                .isLessThanOrEqualTo(level.cpuSamples());
        // Every sample falls in exactly one subsystem.
        assertThat(level.subsystems().stream().mapToLong(BenchReport.Share::count).sum())
                .isEqualTo(level.cpuSamples());
        assertThat(level.subsystems().stream().mapToDouble(BenchReport.Share::pct).sum())
                .isCloseTo(100.0, org.assertj.core.data.Offset.offset(0.01));
        // The server spent the level checking items out and in: Quire's own code is on the stacks.
        assertThat(level.totalTop()).isNotEmpty().hasSizeLessThanOrEqualTo(ProfileSummary.TOTAL_TOP)
                .allSatisfy(s -> assertThat(s.name()).startsWith("org.quire.").doesNotContain("$"));
        assertThat(level.totalTop()).extracting(BenchReport.Share::name).contains("org.quire.platform.db.Database");
        assertThat(level.gc()).isNotNull();
        assertThat(level.gc().maxPauseMs()).isLessThanOrEqualTo(level.gc().totalPauseMs());

        assertThat(Files.readString(out.resolve("report.md"))).contains("## Server profile")
                .contains("### Profile, 2 users: profile-2-users.jfr")
                .contains("#### Samples by subsystem").contains("#### Top methods by self samples")
                .contains(level.selfTop().getFirst().name());
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Server profile</h2>")
                .contains("Top methods by self samples");
    }

    @Test
    void loansAgainstARunningServerWithoutItsDatabaseHasOnlyTheHttpFloorAndSaysSo(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("loans", "--url", url, "--data-dir", TestServer.dataDir().toString(), "--users", "1,2", "--duration", "3s", "--ramp-up", "1s",
                "--floor-duration", "2s", "--data-scale", "0.004", "--profile", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("notes: %s", report.notes()).isZero();
        assertThat(report.levels()).extracting(BenchReport.LevelResult::users).containsExactly(1, 2);
        for (BenchReport.LevelResult level : report.levels()) {
            assertThat(level.quire()).singleElement().satisfies(r -> {
                assertThat(r.label()).isEqualTo(LoansWorkflow.LOANS);
                assertThat(r.total()).isPositive();
                assertThat(r.ko()).isZero();
            });
            assertThat(level.floor()).extracting(BenchReport.RequestStats::label).containsExactly(Bench.HTTP_FLOOR);
            assertThat(level.ratios()).isEmpty();
        }
        assertThat(report.settings().target()).isEqualTo(url);
        assertThat(report.resources().peakDbConnectionsInUse()).isNull();
        assertThat(report.resources().poolSize()).isEqualTo(10);
        assertThat(report.notes()).anyMatch(n -> n.startsWith("No SQL floor"));
        // --profile records only a server the bench started; this one it did not, and the report says so.
        assertThat(report.profile().note()).startsWith("No profile was taken");
        assertThat(report.profile().levels()).isEmpty();
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Server profile\n\nNo profile was taken");
        try (var files = Files.list(out)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(f -> f.endsWith(".jfr"));
        }
    }

    @Test
    void rtacComparesTheLargeInstanceAndTheBatchWithOneGetOfAnInstance(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("rtac", "--url", url, "--data-dir", TestServer.dataDir().toString(), "--users", "2", "--duration", "3s", "--ramp-up", "1s",
                "--floor-duration", "2s", "--data-scale", "0.004", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("notes: %s", report.notes()).isZero();
        BenchReport.LevelResult level = report.levels().getFirst();
        // One iteration in twenty circulates an item: some hundreds of iterations in 3 s leave it no chance to miss.
        assertThat(level.quire()).extracting(BenchReport.RequestStats::label)
                .containsExactly(RtacWorkflow.LARGE, RtacWorkflow.CHANGED, RtacWorkflow.BATCH);
        assertThat(level.quire()).allSatisfy(r -> assertThat(r.ko()).isZero());
        assertThat(level.floor()).extracting(BenchReport.RequestStats::label)
                .containsExactly("HTTP floor: GET /instance-storage/instances/{id}");
        assertThat(level.ratios()).extracting(BenchReport.Ratio::floorLabel)
                .containsOnly("HTTP floor: GET /instance-storage/instances/{id}").hasSize(3);
    }

    @Test
    void renewRenewsEveryLoanOfItsPatronAndComparesWithAsManyFloorCalls(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("renew", "--url", url, "--data-dir", TestServer.dataDir().toString(), "--db-url", TestServer.get().database().embeddedJdbcUrl(),
                "--users", "2", "--duration", "6s", "--ramp-up", "1s", "--floor-duration", "3s", "--data-scale", "0.02",
                "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("notes: %s", report.notes()).isZero();
        BenchReport.LevelResult level = report.levels().getFirst();
        var byLabel = level.quire().stream().collect(java.util.stream.Collectors.toMap(
                BenchReport.RequestStats::label, r -> r));
        BenchReport.RequestStats all = byLabel.get(RenewWorkflow.ALL);
        assertThat(all.total()).isPositive();
        // Each transaction is one GET and one renewal per loan of the patron: 200. A transaction of each of the 2
        // users may straddle either end of the measured period, its renewals then counted only in part.
        assertThat(byLabel.get(RenewWorkflow.RENEW).total())
                .isBetween(Math.max(0, all.total() - 2) * 200, (all.total() + 2) * 200);
        assertThat(level.quire()).allSatisfy(r -> assertThat(r.ko()).as(r.label()).isZero());
        assertThat(level.floor()).extracting(BenchReport.RequestStats::label).contains(RenewWorkflow.FLOOR_RENEW,
                RenewWorkflow.FLOOR_ALL, "floor: renew all of a patron's loans (SQL + HTTP)");
        assertThat(level.floor()).allSatisfy(r -> assertThat(r.ko()).as(r.label()).isZero());
        assertThat(level.ratios()).extracting(BenchReport.Ratio::label)
                .containsExactlyInAnyOrder(RenewWorkflow.RENEW, RenewWorkflow.ALL);
        // The whole transaction's floor holds 201 HTTP calls, so it is far above one renewal's.
        BenchReport.Ratio tx = level.ratios().stream().filter(r -> r.label().equals(RenewWorkflow.ALL)).findFirst()
                .orElseThrow();
        BenchReport.Ratio one = level.ratios().stream().filter(r -> r.label().equals(RenewWorkflow.RENEW)).findFirst()
                .orElseThrow();
        assertThat(tx.floorP95()).isGreaterThan(one.floorP95() * 50);
    }

    @Test
    void cicoWithTheScreensCallsMakesEveryCallWithoutErrors(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("cico", "--ui-calls", "--url", url, "--data-dir", TestServer.dataDir().toString(), "--users", "2", "--duration", "6s",
                "--ramp-up", "1s", "--floor-duration", "2s", "--data-scale", "0.004", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("notes: %s", report.notes()).isZero();
        BenchReport.LevelResult level = report.levels().getFirst();
        java.util.Set<String> labels = new java.util.TreeSet<>();
        for (BenchReport.RequestStats r : level.quire()) {
            labels.add(r.label());
            assertThat(r.ko()).as(r.label()).isZero();
        }
        for (var calls : java.util.List.of(UiCalls.SCREENS.checkOutBefore(), UiCalls.SCREENS.checkOutAfter(),
                UiCalls.SCREENS.checkInBefore(), UiCalls.SCREENS.checkInAfter())) {
            for (UiCalls.Call c : calls) assertThat(labels).as("reported").contains(c.label());
        }
        assertThat(labels).contains("GET /note-links/domain/users/type/user/id/{id}", CicoWorkflow.TX_CHECK_OUT,
                CicoWorkflow.TX_CHECK_IN);
    }

    @Test
    void aScreenCallQuireDoesNotServeIsAFailedRequestNotLeftOut() throws Exception {
        BenchHttp.Session s = new BenchHttp("http://localhost:" + TestServer.get().port()).login("diku", "diku_admin",
                "admin");
        Measurements m = new Measurements();
        boolean ok = UiCalls.SCREENS.run(m, s, java.util.List.of(new UiCalls.Call("/groups"),
                new UiCalls.Call("/no-such-folio-endpoint/{U}")), new UiCalls.Values("u1", null, null, null, null,
                null, null));
        assertThat(ok).isFalse();
        assertThat(m.errorSamples()).singleElement().asString()
                .startsWith("GET /no-such-folio-endpoint/{id}: HTTP 404");
    }

    @Test
    void everyCommandPrintsItsHelp() {
        for (String[] args : new String[][]{{"--help"}, {"bench", "--help"}, {"bench", "compare", "--help"},
                {"tenant", "--help"}, {"tenant", "create", "--help"}, {"serve", "--help"}}) {
            java.io.StringWriter text = new java.io.StringWriter();
            int exit = new picocli.CommandLine(new org.quire.Quire()).setOut(new java.io.PrintWriter(text))
                    .execute(args);
            assertThat(exit).as(String.join(" ", args)).isZero();
            assertThat(text.toString()).as(String.join(" ", args)).startsWith("Usage: quire");
        }
    }

    @Test
    void anUnknownWorkflowIsAnErrorNotARun() {
        assertThat(BenchCommand.execute("circulation")).isNotZero();
    }
}
