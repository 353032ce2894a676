package org.quire.bench;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The harness's parts that decide what a report says: options, the floor's sum, item pools, windows, metrics. */
class BenchPartsTest {

    private static BenchOptions parse(String... args) {
        BenchCommand cmd = new BenchCommand();
        new CommandLine(cmd).parseArgs(args);
        return cmd.options();
    }

    @Test
    void defaultsFollowThePtfMatrixAndTheMultiTenantRun() {
        BenchOptions cico = parse("cico");
        assertThat(cico.users()).containsExactly(1, 5, 8, 20);
        assertThat(cico.tenants()).isEqualTo(1);
        assertThat(cico.duration()).isEqualTo(Duration.ofMinutes(5));
        assertThat(cico.floorDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(cico.openLoansPerTenant()).isEqualTo(5_000);

        BenchOptions multi = parse("multi-tenant-cico");
        assertThat(multi.users()).containsExactly(5);
        assertThat(multi.tenants()).isEqualTo(61);
        assertThat(multi.itemsPerTenant()).isEqualTo(2_500);

        BenchOptions longRun = parse("cico", "--longevity", "2h", "--duration", "20s");
        assertThat(longRun.users()).containsExactly(8);
        assertThat(longRun.longevity()).isEqualTo(Duration.ofHours(2));
        assertThat(parse("cico", "--duration", "20s").floorDuration()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void aReindexStillRunningWhenTheLoadEndsIsReportedWithItsPace() {
        String note = ReindexLoad.progressOfTheLast(org.quire.platform.Json.object().put("status", "Upload In Progress")
                .put("totalUploadRanges", 2000).put("processedUploadRanges", 50), 10.0);
        assertThat(note).startsWith(" The reindex running at the end had done 50 of 2,000 ranges in 10 s")
                .endsWith("(at this pace a whole reindex takes 6.7 min).");
        assertThat(ReindexLoad.progressOfTheLast(org.quire.platform.Json.object().put("status", "Upload In Progress")
                .put("totalUploadRanges", 2000).put("processedUploadRanges", 0), 10.0))
                .endsWith("(no range done yet).");
        assertThat(ReindexLoad.progressOfTheLast(org.quire.platform.Json.object().put("status", "Upload Completed"),
                10.0)).isEmpty();
        assertThat(ReindexLoad.progressOfTheLast(null, 0)).as("no reindex started").isEmpty();
    }

    @Test
    void durationsReadAsPeopleWriteThem() {
        assertThat(BenchOptions.parseDuration("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(BenchOptions.parseDuration("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(BenchOptions.parseDuration("2h")).isEqualTo(Duration.ofHours(2));
        assertThat(BenchOptions.parseDuration("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThatThrownBy(() -> BenchOptions.parseDuration("5 minutes")).hasMessageContaining("Invalid duration");
        assertThatThrownBy(() -> parse("cico", "--users", "0")).hasMessageContaining("--users");
        assertThatThrownBy(() -> parse("renewals")).hasMessageContaining("Unknown workflow 'renewals'");
    }

    @Test
    void theFloorIsTheDistributionOfTheSumNotTheSumOfPercentiles() {
        Histogram sql = new Histogram(3), http = new Histogram(3);
        // SQL: 1 ms, except 10% at 10 ms; HTTP: 0.5 ms, except 10% at 5 ms.
        sql.recordValueWithCount(1_000_000, 900);
        sql.recordValueWithCount(10_000_000, 100);
        http.recordValueWithCount(500_000, 900);
        http.recordValueWithCount(5_000_000, 100);
        Histogram sum = FloorSum.of(sql, http);
        // P(both slow) = 1%, so p95 of the sum is "one slow, one fast", not 10 + 5 ms.
        assertThat(sum.getValueAtPercentile(50) / 1e6).isCloseTo(1.5, within(0.01));
        assertThat(sum.getValueAtPercentile(95) / 1e6).isCloseTo(10.5, within(0.05));
        assertThat(sum.getValueAtPercentile(99.5) / 1e6).isCloseTo(15.0, within(0.05));
        assertThat(FloorSum.of(sql, new Histogram(3)).getTotalCount()).isZero();
    }

    @Test
    void poolsMixCheckOutsAndCheckInsAndSwitchWhenOneSideIsEmpty() {
        TenantData.Pool pool = new TenantData.Pool();
        for (int i = 0; i < 1000; i++) pool.available().add("a" + i);
        for (int i = 0; i < 1000; i++) pool.checkedOut().add("c" + i);
        int outs = 0;
        for (int i = 0; i < 1000; i++) {
            TenantData.Taken t = pool.take();
            if (t.checkOut()) outs++;
            assertThat(t.barcode()).startsWith(t.checkOut() ? "a" : "c");
        }
        assertThat(outs).isBetween(500, 640);

        TenantData.Pool onlyOut = new TenantData.Pool();
        onlyOut.checkedOut().add("x");
        TenantData.Taken t = onlyOut.take();
        assertThat(t).isEqualTo(new TenantData.Taken("x", false));
        assertThat(onlyOut.take()).isNull();
        onlyOut.done(t, true);
        assertThat(onlyOut.available()).containsExactly("x");
        onlyOut.done(onlyOut.take(), false);
        assertThat(onlyOut.available()).isEmpty();
        assertThat(onlyOut.checkedOut()).isEmpty();
    }

    @Test
    void onlyTheMeasuredPeriodIsCountedAndWindowsCoverIt() throws Exception {
        Measurements m = new Measurements();
        m.windows(Duration.ofMillis(200));
        m.record("a", 0, 5_000_000, true);
        m.tick();
        m.startMeasuring();
        for (int i = 0; i < 5; i++) {
            m.record("a", 0, 2_000_000, true);
            m.record("a", 0, 3_000_000, false);
            Thread.sleep(110);
            m.tick();
        }
        m.stopMeasuring();
        BenchReport.RequestStats a = m.stats().getFirst();
        assertThat(a.total()).isEqualTo(10);
        assertThat(a.ko()).isEqualTo(5);
        assertThat(a.pctKo()).isEqualTo(50.0);
        assertThat(a.max()).isCloseTo(3.0, within(0.01));
        assertThat(m.timeline()).hasSize(6);
        assertThat(m.windowList()).hasSizeBetween(2, 4);
        assertThat(m.windowList().stream().flatMap(w -> w.quire().stream()).mapToLong(BenchReport.RequestStats::total)
                .sum()).isEqualTo(10);
    }

    @Test
    void prometheusTextIsReadByMetricName() {
        Map<String, Double> m = ResourceSampler.parse("""
                # HELP hikaricp_connections_active Active connections
                hikaricp_connections_active{pool="quire"} 3.0
                process_resident_memory_peak_bytes 1.2345678E8
                process_cpu_time_ns_total 2.52E9
                """);
        assertThat(m).containsEntry("hikaricp_connections_active", 3.0)
                .containsEntry("process_resident_memory_peak_bytes", 1.2345678E8)
                .containsEntry("process_cpu_time_ns_total", 2.52E9).hasSize(3);
    }

    @Test
    void uiCallLabelsHideIdsSoThatEachCallIsOneRow() {
        assertThat(new UiCalls.Call("/automated-patron-blocks/{U}?limit=100").label())
                .isEqualTo("GET /automated-patron-blocks/{id}");
        assertThat(new UiCalls.Call("/manualblocks?query=userId=={U}").label()).isEqualTo("GET /manualblocks?query=…");
        assertThat(List.of(new UiCalls.Call("/groups").label())).containsExactly("GET /groups");
    }

    @Test
    void theProfileNamesFramesSubsystemsAndClassesReadably() {
        assertThat(ProfileSummary.withoutLambdaAddress("org.quire.app.QuireServer$$Lambda.0x00000000402c7970"))
                .isEqualTo("org.quire.app.QuireServer$$Lambda");
        assertThat(ProfileSummary.withoutLambdaAddress("org.quire.X$$Lambda/0x0000000800c4a000"))
                .isEqualTo("org.quire.X$$Lambda");
        assertThat(ProfileSummary.outerClass("org.quire.app.QuireServer$$Lambda")).isEqualTo("org.quire.app.QuireServer");
        assertThat(ProfileSummary.outerClass("org.quire.circulation.CheckOut$Result")).isEqualTo(
                "org.quire.circulation.CheckOut");
        assertThat(ProfileSummary.readableClass("[B")).isEqualTo("byte[]");
        assertThat(ProfileSummary.readableClass("[[Ljava.lang.String;")).isEqualTo("java.lang.String[][]");
        assertThat(ProfileSummary.readableClass("java.util.HashMap$Node")).isEqualTo("java.util.HashMap$Node");
        assertThat(ProfileSummary.subsystemOf("org.postgresql.core.v3.QueryExecutorImpl"))
                .isEqualTo("JDBC driver (PostgreSQL)");
        assertThat(ProfileSummary.subsystemOf("org.quire.search.LuceneIndex")).isEqualTo("search indexing (Quire)");
        assertThat(ProfileSummary.subsystemOf("org.quire.platform.http.Router")).startsWith("Quire: HTTP");
        assertThat(ProfileSummary.subsystemOf("org.quire.platform.Json")).isEqualTo("Quire: platform (other)");
        assertThat(ProfileSummary.subsystemOf("org.jsoup.nodes.Element")).isEqualTo("other: org.jsoup");
    }

    @Test
    void profileIsOffUnlessAsked() {
        assertThat(parse("cico").profile()).isFalse();
        assertThat(parse("cico", "--profile").profile()).isTrue();
    }

    @Test
    void serverJavaOptionsComeFromQuireJavaOptsSplitOnBlanks() {
        assertThat(BenchTarget.javaOptions(null)).isEmpty();
        assertThat(BenchTarget.javaOptions("  ")).isEmpty();
        assertThat(BenchTarget.javaOptions(" -XX:+UseZGC  -Xms1g\t-Dx=y ")).containsExactly("-XX:+UseZGC", "-Xms1g", "-Dx=y");
    }

    /** The bench's server gets ./quire's argument file, and the JVM this runs on accepts every option in it. */
    @Test
    void serverJvmOptionsAreTheLaunchersFile_andTheJvmAcceptsThem() throws Exception {
        String file = BenchTarget.serverOptionsFile(java.nio.file.Path.of("target", "classes"));
        assertThat(file).startsWith("@").endsWith("bin/server.jvm-options");
        String javaCommand = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(javaCommand, file, "-version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        assertThatThrownBy(() -> BenchTarget.serverOptionsFile(java.nio.file.Path.of("/")))
                .hasMessageContaining("bin/server.jvm-options");
    }
}
