package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.TestServer;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quire bench multi-tenant-import} at a tiny scale against the tests' running server: 2 tenants importing 50
 * real LC records each at once while 2 users run check-in/check-out on a third tenant, after a baseline of the same
 * load. Asserts the report's figures and their consistency — never a timing.
 */
class MultiTenantImportBenchSmokeTest {

    @Test
    void twoTenantsImportWhileUsersCheckOutAndIn(@TempDir Path out) throws Exception {
        String url = "http://localhost:" + TestServer.get().port();
        int exit = BenchCommand.execute("multi-tenant-import", "--url", url, "--data-dir",
                TestServer.dataDir().toString(), "--db-url", TestServer.get().database().embeddedJdbcUrl(),
                "--marc", ImportBenchSmokeTest.LC.toString(), "--tenants", "2", "--records", "50", "--users", "2",
                "--duration", "4s", "--ramp-up", "1s", "--data-scale", "0.002", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("exit code (notes: %s)", report.notes()).isZero();
        assertThat(report.workflow()).isEqualTo("multi-tenant-import");
        BenchReport.MultiImport m = report.multiImport();
        assertThat(m.tenants()).isEqualTo(2);
        assertThat(m.recordsPerTenant()).isEqualTo(50);
        assertThat(m.users()).isEqualTo(2);
        assertThat(m.jobs()).hasSize(2).allSatisfy(j -> {
            assertThat(j.status()).isEqualTo("COMMITTED");
            assertThat(j.records()).isEqualTo(50);
            assertThat(j.created()).isEqualTo(50);
            assertThat(j.errors()).isZero();
            assertThat(j.wallSeconds()).isPositive().isLessThanOrEqualTo(m.importWallSeconds() + 0.5);
        });
        assertThat(m.jobs()).extracting(BenchReport.TenantJob::tenant).doesNotHaveDuplicates()
                .allSatisfy(t -> assertThat(t).contains("_import_"));
        assertThat(m.recordsPerSecond()).isEqualTo(100 / m.importWallSeconds());

        // Both phases ran check-outs and check-ins without a failure; the ratio is the worst p95 ratio of the two.
        for (var phase : java.util.List.of(m.baseline(), m.loaded())) {
            assertThat(phase).extracting(BenchReport.RequestStats::label)
                    .containsExactlyInAnyOrder(CicoWorkflow.CHECK_IN, CicoWorkflow.CHECK_OUT);
            assertThat(phase).allSatisfy(r -> {
                assertThat(r.total()).isPositive();
                assertThat(r.ko()).isZero();
            });
        }
        double worst = 0;
        for (BenchReport.RequestStats b : m.baseline()) {
            BenchReport.RequestStats l = m.loaded().stream().filter(r -> r.label().equals(b.label())).findFirst()
                    .orElseThrow();
            worst = Math.max(worst, l.p95() / b.p95());
        }
        assertThat(m.p95Ratio()).isCloseTo(worst, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(m.loadedOverlapSeconds()).isBetween(0.0, 4.5);

        assertThat(m.poolSize()).isPositive();
        assertThat(m.peakPoolConnectionsInUse()).isBetween(1, m.poolSize());
        assertThat(m.peakDbConnectionsOpen()).isPositive();
        assertThat(m.peakDbConnectionsInUse()).isPositive().isLessThanOrEqualTo(m.peakDbConnectionsOpen());
        assertThat(m.peakRssBytes()).isPositive();

        assertThat(m.targets()).hasSize(4);
        assertThat(m.targets().get(0).target()).startsWith("Every job completes: 2 of 2 COMMITTED");
        assertThat(m.targets().get(0).met()).isTrue();
        assertThat(m.targets().get(1).measured()).isEqualTo("0 failed records, 0 failed CICO requests");
        assertThat(m.targets().get(1).met()).isTrue();
        assertThat(m.targets().get(2).met()).isEqualTo(m.p95Ratio() <= 1.5);
        assertThat(m.targets().get(3).target()).contains("(" + m.poolSize() + ")");
        assertThat(m.targets().get(3).met()).isEqualTo(Math.max(m.peakDbConnectionsOpen(),
                m.peakPoolConnectionsInUse()) <= m.poolSize());

        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("## Multi-tenant import").contains("## Targets").contains("## Import jobs")
                .contains("## Check-in/check-out baseline").contains("## Check-in/check-out during the imports")
                .containsPattern("Jobs COMMITTED *\\| *2 of 2").containsPattern("Configured pool *\\| *"
                        + m.poolSize()).doesNotContain("## Data set");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Multi-tenant import</h2>");
    }
}
