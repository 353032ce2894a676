package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.TestServer;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quire bench oai} at a tiny scale against the tests' running server: 250 real LC records imported into a fresh
 * tenant, then complete ListRecords harvests in marc21_withholdings by 1 and 3 harvesters at once (3 pages of 100
 * each), each checked to return every record exactly once, the page SQL floor on the same database, and the report.
 * Structure and the exactly-once check only — never a timing.
 */
class OaiBenchSmokeTest {
    @Test
    void harvestsEveryRecordExactlyOncePerHarvesterAndMeasuresPages(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("oai", "--url", url, "--data-dir", TestServer.dataDir().toString(),
                "--db-url", TestServer.get().database().embeddedJdbcUrl(), "--marc",
                ImportBenchSmokeTest.LC.toString(), "--records", "250", "--users", "1,3", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("exit code (notes: %s)", report.notes()).isZero();
        assertThat(report.workflow()).isEqualTo("oai");
        BenchReport.OaiRun run = report.oaiRun();
        assertThat(run.records()).isEqualTo(250);
        assertThat(run.metadataPrefix()).isEqualTo("marc21_withholdings");
        assertThat(run.pageSize()).isEqualTo(100);
        assertThat(run.levels()).extracting(BenchReport.OaiLevel::harvesters).containsExactly(1, 3);
        for (BenchReport.OaiLevel level : run.levels()) {
            assertThat(level.pages()).isEqualTo(3L * level.harvesters());
            assertThat(level.page().total()).isEqualTo(level.pages());
            assertThat(level.page().ko()).isZero();
            assertThat(level.floorPage().total()).isEqualTo(level.pages());
            assertThat(level.ratio()).isEqualTo(level.page().p95() / level.floorPage().p95());
            assertThat(level.recordsPerSecond()).isEqualTo(250.0 * level.harvesters() / level.wallSeconds());
            assertThat(level.harvests()).hasSize(level.harvesters()).allSatisfy(h -> {
                assertThat(h.pages()).isEqualTo(3);
                assertThat(h.records()).isEqualTo(250);
                assertThat(h.distinct()).isEqualTo(250);
                assertThat(h.errors()).isZero();
                assertThat(h.exactlyOnce()).isTrue();
            });
        }
        assertThat(run.targets()).extracting(BenchReport.Target::target).containsExactly(
                "p95 per page ≤ 50 ms at 1 harvester (FOLIO: 3.6–6 s per page)",
                "p95 per page ≤ 50 ms at 3 harvesters (FOLIO: 3.6–6 s per page)",
                "Every harvest returns each record exactly once");
        assertThat(run.targets().get(0).met()).isEqualTo(run.levels().get(0).page().p95() <= 50);
        assertThat(run.targets().get(2).measured()).isEqualTo("4 of 4 harvests");
        assertThat(run.targets().get(2).met()).isTrue();
        assertThat(report.resources().serverCpuSeconds()).isPositive();

        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("# Quire bench: oai").contains("## OAI-PMH harvest").contains("Target (issue 15)")
                .containsPattern("\\| *3 *\\| *9 *\\|")
                .contains("3.6–6 s per page")
                .containsPattern("\\| *3 harvesters *\\| *3 *\\| *3 *\\| *250 *\\| *250 *\\| *0 *\\| *yes *\\|")
                .contains("Every harvest returns each record exactly once").contains("floor: the page's SQL over JDBC")
                .doesNotContain("## Data set");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>OAI-PMH harvest (times in milliseconds "
                + "per page)</h2>");
    }

    @Test
    void badOptions_areRefused() {
        assertThat(BenchCommand.execute("oai", "--records", "0")).isNotZero();
        assertThat(BenchCommand.execute("oai", "--users", "0")).isNotZero();
    }
}
