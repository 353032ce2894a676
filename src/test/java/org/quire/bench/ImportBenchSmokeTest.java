package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.TestServer;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quire bench import} at a tiny scale against the tests' running server: 300 real LC records imported with
 * the "PTF - Create 2" profile over FOLIO's data-import flow, searchable, the marc4j + COPY floor on the same database,
 * and the report's figures. Structure and zero errors only — never a timing.
 */
class ImportBenchSmokeTest {
    static final Path LC = Path.of("../shared/data/marc/bib/lc-booksall-2016-part01.recs000001-020000.mrc");

    @Test
    void importMeasuresWallTimeSearchableAndTheFloor(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("import", "--url", url, "--data-dir", TestServer.dataDir().toString(),
                "--db-url", TestServer.get().database().embeddedJdbcUrl(), "--marc", LC.toString(), "--records", "300",
                "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("exit code (notes: %s)", report.notes()).isZero();
        assertThat(report.workflow()).isEqualTo("import");
        BenchReport.ImportRun run = report.importRun();
        assertThat(run.profile()).isEqualTo(PtfCreateProfile.NAME);
        assertThat(run.records()).isEqualTo(300);
        assertThat(run.status()).isEqualTo("COMMITTED");
        assertThat(run.errors()).isZero();
        assertThat(run.created()).containsExactly(new BenchReport.Count("SRS MARC records", 300),
                new BenchReport.Count("instances", 300), new BenchReport.Count("holdings", 300),
                new BenchReport.Count("items", 300));
        assertThat(run.uploadSeconds()).isPositive().isLessThan(run.wallSeconds());
        assertThat(run.recordsPerSecond()).isEqualTo(300 / run.wallSeconds());
        assertThat(run.searchableSeconds()).isNotNull().isGreaterThanOrEqualTo(run.wallSeconds());
        assertThat(run.floorRows()).isEqualTo(300);
        assertThat(run.floorSeconds()).isPositive();
        assertThat(run.ratio()).isEqualTo(run.wallSeconds() / run.floorSeconds());
        assertThat(run.targets()).extracting(BenchReport.Target::target).hasSize(3)
                .anySatisfy(t -> assertThat(t).contains("≤ 60 s per 100,000 records (≤ 0.2 s for 300)"))
                .anySatisfy(t -> assertThat(t).startsWith("≤ 3× the floor"));
        assertThat(run.targets().get(1).met()).isEqualTo(run.ratio() <= 3);
        BenchReport.UpdateRun update = run.update();
        assertThat(update.profile()).isEqualTo(ImportBench.UPDATE_PROFILE_NAME);
        assertThat(update.records()).isEqualTo(300);
        assertThat(update.status()).isEqualTo("COMMITTED");
        assertThat(update.updatedInstances()).isEqualTo(300);
        assertThat(update.updatedSrs()).isEqualTo(300);
        assertThat(update.created()).isZero();
        assertThat(update.errors()).isZero();
        assertThat(update.recordsPerSecond()).isEqualTo(300 / update.wallSeconds());
        assertThat(run.targets().get(2).target()).startsWith("Update of the same records")
                .contains("(≤ 0.3 s for 300)");
        assertThat(run.targets().get(2).measured()).contains("300 updated, 0 created, 0 failed");
        assertThat(run.targets().get(2).met()).isEqualTo(update.wallSeconds() <= 0.27);
        assertThat(Files.readAllBytes(Path.of(update.file()))).hasSizeGreaterThan(300 * 100);
        assertThat(report.resources().serverCpuSeconds()).isPositive();
        assertThat(report.resources().peakRssBytes()).isPositive();
        assertThat(report.resources().peakPoolConnectionsInUse()).isBetween(1, report.resources().poolSize());
        assertThat(report.notes()).contains(ImportFloor.DESCRIPTION);

        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("## Import").contains("## Targets").contains("| Records ").contains("300")
                .containsPattern("Quire ÷ floor \\(wall time\\) *\\| *[0-9.]+×")
                .containsPattern("Floor: marc4j \\+ COPY *\\| *[0-9.]+ s \\(300 rows")
                .contains("Created: holdings").doesNotContain("## Data set")
                .contains("## Update").containsPattern("Updated: instances *\\| *300")
                .containsPattern("Created \\(must be 0\\) *\\| *0");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Import</h2>").contains("PTF - Create 2");
        assertThat(Files.readAllBytes(out.resolve("import-300.mrc"))).hasSizeGreaterThan(300 * 100);
    }

    @Test
    void badRecordCounts_areRefused() {
        assertThat(BenchCommand.execute("import", "--records", "0")).isNotZero();
    }
}
