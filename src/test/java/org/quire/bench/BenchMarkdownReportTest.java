package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.quire.bench.BenchReport.LevelResult;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.bench.BenchSamples.CHECK_IN;
import static org.quire.bench.BenchSamples.CHECK_OUT;

class BenchMarkdownReportTest {
    private static final List<String> PTF = List.of("Request", "Total", "OK", "KO", "%KO", "Req/s", "Min", "p50",
            "p75", "p95", "p99", "Max", "Average");

    @Test
    void titleNamesTheWorkflowAndTheStart() {
        assertThat(MarkdownReport.render(BenchSamples.report()))
                .startsWith("# Quire bench: check-out-check-in, started 2026-11-22T10:00:00Z\n");
    }

    @Test
    void eachLevelHasTheQuireAndFloorTablesWithThePtfColumns() {
        String md = MarkdownReport.render(BenchSamples.report());

        List<List<String>> headers = md.lines().map(BenchMarkdownReportTest::cells)
                .filter(c -> !c.isEmpty() && c.get(0).equals("Request") && c.size() == PTF.size()).toList();
        assertThat(headers).hasSize(4).allSatisfy(h -> assertThat(h).isEqualTo(PTF));
        assertThat(md).contains("## 1 user\n").contains("## 5 users\n").contains("### Quire\n")
                .contains("### Floor\n");
    }

    @Test
    void aRowPerLabelWithItsFiguresFormatted() {
        String oneUser = section(MarkdownReport.render(BenchSamples.report()), "1 user");

        assertThat(row(oneUser, CHECK_OUT)).containsExactly(CHECK_OUT, "1200", "1198", "2", "0.17", "20.0",
                "3.21", "12.35", "15.50", "20.00", "32.00", "80.50", "13.25");
        assertThat(row(oneUser, CHECK_IN)).containsExactly(CHECK_IN, "1100", "1100", "0", "0.00", "18.5",
                "3.21", "12.35", "15.50", "25.00", "32.00", "80.50", "13.25");
        assertThat(row(oneUser, BenchSamples.FLOOR_OUT)).element(9).isEqualTo("11.56");

        String fiveUsers = section(MarkdownReport.render(BenchSamples.report()), "5 users");
        assertThat(row(fiveUsers, CHECK_OUT)).element(9).isEqualTo("40.00");
    }

    @Test
    void theRatioTableShowsBothP95sAndTheirQuotient() {
        String md = MarkdownReport.render(BenchSamples.report());
        String oneUser = section(md, "1 user");

        assertThat(oneUser).contains("### Quire ÷ floor (p95)");
        assertThat(md.lines().map(BenchMarkdownReportTest::cells)
                .filter(c -> c.size() == 4 && c.get(0).equals("Request")).findFirst().orElseThrow())
                .containsExactly("Request", "p95 Quire (ms)", "p95 floor (ms)", "Quire ÷ floor");
        assertThat(ratioRow(oneUser, CHECK_OUT)).containsExactly(CHECK_OUT, "20.00", "11.56", "1.73×");
        assertThat(ratioRow(oneUser, CHECK_IN)).containsExactly(CHECK_IN, "25.00", "9.00", "2.78×");
    }

    @Test
    void tenantsMultiplyTheUsersInTheHeading() {
        String md = MarkdownReport.render(BenchSamples.report(61, 5));

        assertThat(md).contains("## 5 users × 61 tenants = 305\n").contains("## 1 user × 61 tenants = 61\n")
                .doesNotContain("## 5 users\n");
    }

    @Test
    void unmeasuredResourcesSaySo() {
        String resources = section(MarkdownReport.render(BenchSamples.report()), "Resources");

        assertThat(row(resources, "Server CPU time")).containsExactly("Server CPU time", "12.50 s");
        assertThat(row(resources, "Peak RSS")).containsExactly("Peak RSS", "not measured");
        assertThat(row(resources, "Pool size")).containsExactly("Pool size", "10");
        assertThat(row(resources, "Peak pool connections in use")).element(1).isEqualTo("7");
        assertThat(row(resources, "Peak DB connections in use")).element(1).isEqualTo("not measured");

        String none = section(MarkdownReport.render(BenchSamples.withResources(BenchSamples.report(), null)),
                "Resources");
        assertThat(none.lines().map(BenchMarkdownReportTest::cells).filter(c -> c.size() == 2).skip(1)
                .map(c -> c.get(1))).hasSize(7).containsOnly("not measured");
    }

    @Test
    void notesAreBullets() {
        assertThat(section(MarkdownReport.render(BenchSamples.report()), "Notes"))
                .contains("\n- Times are measured at the client.\n- The floor is one SQL statement and one HTTP call.");
    }

    @Test
    void longevityRunsGetWindowsAndDrift() {
        String md = MarkdownReport.render(BenchSamples.longevity());

        String windows = section(md, "Longevity windows");
        assertThat(windows.lines().map(BenchMarkdownReportTest::cells).filter(c -> c.size() == 6).toList())
                .containsExactly(
                        List.of("Window", "Request", "p50", "p95", "p99", "Count"),
                        List.of("00:00–10:00", CHECK_OUT, "12.35", "20.00", "32.00", "12000"),
                        List.of("10:00–20:00", CHECK_OUT, "12.35", "23.00", "32.00", "11000"));
        assertThat(row(section(md, "Drift"), CHECK_OUT)).containsExactly(CHECK_OUT, "20.00", "23.00", "1.15×");

        assertThat(MarkdownReport.render(BenchSamples.report())).doesNotContain("Longevity windows")
                .doesNotContain("## Drift");
    }

    @Test
    void aPipeInALabelDoesNotSplitTheCell() {
        BenchReport r = BenchSamples.report();
        LevelResult l = BenchSamples.relabel(r.levels().get(0), CHECK_OUT, "GET /a|b");
        String md = MarkdownReport.render(BenchSamples.withLevels(r, List.of(l)));

        assertThat(md).contains("| GET /a\\|b ");
    }

    @Test
    void columnsArePaddedSoThePlainTextLinesUp() {
        String oneUser = section(MarkdownReport.render(BenchSamples.report()), "1 user");
        String quire = oneUser.substring(oneUser.indexOf("### Quire"), oneUser.indexOf("### Floor"));
        List<String> lines = quire.lines().filter(l -> l.startsWith("|")).toList();

        assertThat(lines).hasSize(4);
        assertThat(lines.stream().map(String::length).distinct()).hasSize(1);
        assertThat(lines.get(1)).startsWith("| ---").endsWith("---: |");
    }

    private static List<String> ratioRow(String text, String label) {
        return text.lines().map(BenchMarkdownReportTest::cells).filter(c -> c.size() == 4 && c.get(0).equals(label))
                .findFirst().orElseThrow();
    }

    /** The text from "## heading" to the next second-level heading. */
    private static String section(String md, String heading) {
        int start = md.indexOf("\n## " + heading + "\n");
        assertThat(start).as("section " + heading).isNotNegative();
        int end = md.indexOf("\n## ", start + 1);
        return md.substring(start, end < 0 ? md.length() : end);
    }

    private static List<String> row(String text, String first) {
        return text.lines().map(BenchMarkdownReportTest::cells).filter(c -> !c.isEmpty() && c.get(0).equals(first))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + first + " in\n" + text));
    }

    private static List<String> cells(String line) {
        // The alignment row under the header is not a row of the table.
        if (!line.startsWith("|") || line.matches("[|:\\- ]+")) return List.of();
        String inner = line.substring(1, line.length() - 1);
        return Arrays.stream(inner.split("(?<!\\\\)\\|")).map(String::trim).toList();
    }
}
