package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.TestServer;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quire bench export} at a tiny scale against the tests' running server: 200 real LC records imported into a
 * fresh tenant, all exported to MARC over the data-export flow and downloaded, the file's records counted, the JDBC
 * floor on the same database, and the report's figures. Structure and completeness only — never a timing.
 */
class ExportBenchSmokeTest {
    @Test
    void exportMeasuresWallTimeChecksTheFileAndTheFloor(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("export", "--url", url, "--data-dir", TestServer.dataDir().toString(),
                "--db-url", TestServer.get().database().embeddedJdbcUrl(), "--marc",
                ImportBenchSmokeTest.LC.toString(), "--records", "200", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("exit code (notes: %s)", report.notes()).isZero();
        assertThat(report.workflow()).isEqualTo("export");
        BenchReport.ExportRun run = report.exportRun();
        assertThat(run.records()).isEqualTo(200);
        assertThat(run.status()).isEqualTo("COMPLETED");
        assertThat(run.exported()).isEqualTo(200);
        assertThat(run.failed()).isZero();
        assertThat(run.fileRecords()).isEqualTo(200);
        assertThat(run.fileBytes()).isGreaterThan(200 * 100);
        assertThat(run.jobSeconds()).isPositive().isLessThanOrEqualTo(run.wallSeconds());
        assertThat(run.recordsPerSecond()).isEqualTo(200 / run.wallSeconds());
        assertThat(run.floorRows()).isEqualTo(200);
        assertThat(run.floorBytes()).isGreaterThan(200 * 100);
        assertThat(run.floorSeconds()).isPositive();
        assertThat(run.ratio()).isEqualTo(run.wallSeconds() / run.floorSeconds());
        assertThat(run.targets()).hasSize(2);
        assertThat(run.targets().get(0).target()).isEqualTo("100,000 instances ≤ 30 s (≤ 0.1 s for 200)");
        assertThat(run.targets().get(0).met()).isEqualTo(run.wallSeconds() <= 0.06);
        assertThat(run.targets().get(1).measured()).isEqualTo("200 of 200 records in the file; job COMPLETED, 0 failed");
        assertThat(run.targets().get(1).met()).isTrue();
        assertThat(ExportBench.countRecords(out.resolve("export-200.mrc"))).isEqualTo(200);
        assertThat(report.resources().serverCpuSeconds()).isPositive();
        assertThat(report.resources().peakRssBytes()).isPositive();
        assertThat(report.notes()).contains(ExportFloor.DESCRIPTION);

        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("# Quire bench: export").contains("## Export").contains("## Targets")
                .contains("Target (issue 15)")
                .containsPattern("File *\\| *200 ISO 2709 records")
                .containsPattern("Floor: SRS rows over JDBC → file *\\| *[0-9.]+ s \\(200 rows")
                .containsPattern("Quire ÷ floor \\(wall time\\) *\\| *[0-9.]+×")
                .contains("## Resources").doesNotContain("## Data set").doesNotContain("## Settings");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Export</h2>")
                .contains("<h2>Machine</h2>");
    }

    @Test
    void badRecordCounts_areRefused() {
        assertThat(BenchCommand.execute("export", "--records", "0")).isNotZero();
        assertThat(BenchCommand.execute("export", "--records", "-5")).isNotZero();
    }
}
