package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.Ratio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchReportFilesTest {
    @TempDir
    Path tmp;

    @Test
    void writeThenReadGivesAnEqualReport() throws Exception {
        BenchReport report = BenchSamples.longevity();
        Path dir = tmp.resolve("runs/2026-11-22");

        ReportFiles.write(report, dir);

        assertThat(ReportFiles.read(dir)).isEqualTo(report);
        assertThat(ReportFiles.read(dir.resolve("report.json"))).isEqualTo(report);
        assertThat(Files.readString(dir.resolve("report.md"))).isEqualTo(MarkdownReport.render(report));
        assertThat(Files.readString(dir.resolve("report.html"))).isEqualTo(HtmlReport.render(report));
    }

    @Test
    void aProfileSurvivesTheRoundTripAndAReportWithoutOneReadsAsNone() throws Exception {
        BenchReport report = BenchSamples.withProfile(BenchSamples.report());
        ReportFiles.write(report, tmp.resolve("profiled"));
        assertThat(ReportFiles.read(tmp.resolve("profiled"))).isEqualTo(report);

        ReportFiles.write(BenchSamples.report(), tmp.resolve("plain"));
        assertThat(ReportFiles.read(tmp.resolve("plain")).profile()).isNull();
        assertThat(Files.readString(tmp.resolve("plain/report.md"))).doesNotContain("Server profile");
    }

    @Test
    void jsonIsPrettyPrinted() throws Exception {
        ReportFiles.write(BenchSamples.report(), tmp);

        assertThat(Files.readString(tmp.resolve("report.json")))
                .startsWith("{\n")
                .contains("\n  \"workflow\" : \"check-out-check-in\",\n");
    }

    @Test
    void aRatioAgainstAZeroFloorSurvivesTheRoundTrip() {
        LevelResult l = BenchSamples.level(1, 1, 1, 3);
        LevelResult zeroFloor = new LevelResult(l.users(), l.tenants(), l.durationSeconds(), l.quire(), l.floor(),
                List.of(new Ratio(BenchSamples.CHECK_OUT, BenchSamples.FLOOR_OUT, 20, 0, Double.POSITIVE_INFINITY),
                        new Ratio(BenchSamples.CHECK_IN, BenchSamples.FLOOR_IN, 0, 0, Double.NaN)),
                l.timeline());
        BenchReport report = BenchSamples.withLevels(BenchSamples.report(), List.of(zeroFloor));

        ReportFiles.write(report, tmp);

        assertThat(ReportFiles.read(tmp)).isEqualTo(report);
    }

    @Test
    void readingWhereThereIsNoReportSaysSo() throws Exception {
        assertThatThrownBy(() -> ReportFiles.read(tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No bench report at")
                .hasMessageContaining("report.json");

        Path notAReport = Files.writeString(tmp.resolve("other.json"), "[1, 2]");
        assertThatThrownBy(() -> ReportFiles.read(notAReport))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Not a bench report");
    }
}
