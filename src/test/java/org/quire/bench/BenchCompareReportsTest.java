package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.Ratio;
import org.quire.bench.BenchReport.RequestStats;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.bench.BenchSamples.CHECK_IN;
import static org.quire.bench.BenchSamples.CHECK_OUT;
import static org.quire.bench.BenchSamples.FLOOR_IN;
import static org.quire.bench.BenchSamples.FLOOR_OUT;

class BenchCompareReportsTest {
    /** Run A: 1 and 5 users. Run B: 1 user (check-out slower, check-in faster, no check-in floor), 5 × 2 tenants. */
    private static final BenchReport A = BenchSamples.report();
    private static final BenchReport B = BenchSamples.withLevels(A, List.of(levelB(), BenchSamples.level(5, 2, 2, 5)));

    private static LevelResult levelB() {
        LevelResult a = A.levels().get(0);
        RequestStats out = BenchSamples.stats(CHECK_OUT, 1500, 0, 25.0, 1.0, 22.46);
        RequestStats in = BenchSamples.stats(CHECK_IN, 1100, 0, 18.5, 1.0, 24.0);
        return new LevelResult(1, 1, 60, List.of(out, in), List.of(a.floor().get(0)),
                List.of(new Ratio(CHECK_OUT, FLOOR_OUT, 22.46, 14.97, 1.5)), a.timeline());
    }

    @Test
    void changesAreSignedPercentagesOfA() {
        assertThat(Formats.change(20.0, 22.46)).isEqualTo("+12.3%");
        assertThat(Formats.change(25.0, 24.0)).isEqualTo("−4.0%");
        assertThat(Formats.change(5, 5)).isEqualTo("0.0%");
        assertThat(Formats.change(0, 5)).isEqualTo("n/a");
    }

    @Test
    void eachRequestShowsAtoBWithItsChange() {
        String oneUser = level(CompareReports.compare(A, B), "1 user");

        assertThat(line(oneUser, CHECK_OUT)).contains("20.00 → 22.46 (+12.3%)")
                .contains("12.35 → 12.35 (0.0%)")
                .contains("20.0 → 25.0 (+25.0%)")
                .endsWith("0.17 → 0.00");
        assertThat(line(oneUser, CHECK_IN)).contains("25.00 → 24.00 (−4.0%)");
    }

    @Test
    void columnsLineUp() {
        String oneUser = level(CompareReports.compare(A, B), "1 user");
        String out = line(oneUser, CHECK_OUT);
        String in = line(oneUser, CHECK_IN);

        assertThat(out.indexOf("20.00 → 22.46")).isEqualTo(in.indexOf("25.00 → 24.00"));
        assertThat(out.lastIndexOf("→")).isEqualTo(in.lastIndexOf("→"));
    }

    @Test
    void floorsAndRatiosAreComparedToo() {
        String oneUser = level(CompareReports.compare(A, B), "1 user");

        assertThat(line(oneUser, FLOOR_OUT)).contains("11.56 → 11.56 (0.0%)");
        assertThat(oneUser).contains("Only in A: " + FLOOR_IN).contains("Only in A: " + CHECK_IN + "\n");
        String ratios = oneUser.substring(oneUser.indexOf("Quire ÷ floor (p95)"));
        assertThat(line(ratios, CHECK_OUT)).contains("1.73× → 1.50× (−13.3%)");
    }

    @Test
    void levelsInOnlyOneRunAreListed() {
        String text = CompareReports.compare(A, B);

        assertThat(text).contains("Levels only in A: 5 users\n")
                .contains("Levels only in B: 5 users × 2 tenants = 10\n")
                .doesNotContain("\n5 users\n=");
        assertThat(text).startsWith("A: check-out-check-in, started 2026-11-22T10:00:00Z\n");
    }

    @Test
    void aRunComparedWithItselfChangesNothing() {
        String text = CompareReports.compare(A, A);

        String tables = text.substring(text.indexOf("\n1 user\n"));
        assertThat(tables).contains("(0.0%)").doesNotContain("(+").doesNotContain("(−").doesNotContain("nly in")
                .contains("\n5 users\n");
    }

    /** The block from a level's underlined heading to the next one. */
    private static String level(String text, String heading) {
        for (String block : text.split("\n(?=[^\n]+\n=+\n)")) {
            if (block.startsWith(heading + "\n=")) return block;
        }
        throw new AssertionError("no level " + heading + " in\n" + text);
    }

    private static String line(String text, String label) {
        return text.lines().filter(l -> l.trim().startsWith(label + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + label + " in\n" + text));
    }
}
