package org.quire.bench;

import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.Ratio;
import org.quire.bench.BenchReport.RequestStats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.quire.bench.BenchTables.orEmpty;

/**
 * What {@code quire bench compare A B} prints: run B against run A, level by level and request by request, the way
 * the Performance Task Force compares releases. Levels match on users and tenants, requests on their label.
 */
public final class CompareReports {
    private static final String INDENT = "  ";

    /** One figure in both runs; {@code change} is null where a percentage change means nothing (%KO from 0). */
    private record Change(String a, String b, String change) {
    }

    private CompareReports() {
    }

    public static String compare(BenchReport a, BenchReport b) {
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(describe(a)).append('\n');
        out.append("B: ").append(describe(b)).append('\n');
        out.append("Times in milliseconds; changes are (B − A) ÷ A.\n");
        List<String> onlyA = new ArrayList<>();
        for (LevelResult la : orEmpty(a.levels())) {
            LevelResult lb = matching(la, b);
            if (lb == null) onlyA.add(BenchTables.levelHeading(la));
            else level(out, la, lb);
        }
        List<String> onlyB = new ArrayList<>();
        for (LevelResult lb : orEmpty(b.levels())) {
            if (matching(lb, a) == null) onlyB.add(BenchTables.levelHeading(lb));
        }
        if (!onlyA.isEmpty() || !onlyB.isEmpty()) out.append('\n');
        if (!onlyA.isEmpty()) out.append("Levels only in A: ").append(String.join("; ", onlyA)).append('\n');
        if (!onlyB.isEmpty()) out.append("Levels only in B: ").append(String.join("; ", onlyB)).append('\n');
        return out.toString();
    }

    private static String describe(BenchReport r) {
        return r.workflow() + ", started " + r.startedAt();
    }

    private static LevelResult matching(LevelResult level, BenchReport other) {
        for (LevelResult l : orEmpty(other.levels())) {
            if (l.users() == level.users() && l.tenants() == level.tenants()) return l;
        }
        return null;
    }

    private static void level(StringBuilder out, LevelResult a, LevelResult b) {
        String heading = BenchTables.levelHeading(a);
        out.append('\n').append(heading).append('\n').append("=".repeat(heading.length())).append('\n');
        stats(out, "Quire", a.quire(), b.quire());
        stats(out, "Floor", a.floor(), b.floor());
        ratios(out, a.ratios(), b.ratios());
    }

    private static void stats(StringBuilder out, String title, List<RequestStats> a, List<RequestStats> b) {
        if (orEmpty(a).isEmpty() && orEmpty(b).isEmpty()) return;
        out.append('\n').append(title).append('\n');
        List<String> labels = new ArrayList<>();
        List<List<Change>> rows = new ArrayList<>();
        Map<String, RequestStats> inB = byLabel(orEmpty(b), RequestStats::label);
        for (RequestStats sa : orEmpty(a)) {
            RequestStats sb = inB.get(sa.label());
            if (sb == null) continue;
            labels.add(sa.label());
            rows.add(List.of(
                    millis(sa.p50(), sb.p50()), millis(sa.p95(), sb.p95()), millis(sa.p99(), sb.p99()),
                    new Change(Formats.rate(sa.reqPerSec()), Formats.rate(sb.reqPerSec()),
                            Formats.change(sa.reqPerSec(), sb.reqPerSec())),
                    new Change(Formats.pct(sa.pctKo()), Formats.pct(sb.pctKo()), null)));
        }
        table(out, List.of("Request", "p50", "p95", "p99", "Req/s", "%KO"), labels, rows);
        unmatched(out, orEmpty(a), orEmpty(b), RequestStats::label);
    }

    private static void ratios(StringBuilder out, List<Ratio> a, List<Ratio> b) {
        if (orEmpty(a).isEmpty() && orEmpty(b).isEmpty()) return;
        out.append('\n').append("Quire ÷ floor (p95)").append('\n');
        List<String> labels = new ArrayList<>();
        List<List<Change>> rows = new ArrayList<>();
        Map<String, Ratio> inB = byLabel(orEmpty(b), Ratio::label);
        for (Ratio ra : orEmpty(a)) {
            Ratio rb = inB.get(ra.label());
            if (rb == null) continue;
            labels.add(ra.label());
            rows.add(List.of(new Change(Formats.ratio(ra.ratio()), Formats.ratio(rb.ratio()),
                    Formats.change(ra.ratio(), rb.ratio()))));
        }
        table(out, List.of("Request", "Ratio"), labels, rows);
        unmatched(out, orEmpty(a), orEmpty(b), Ratio::label);
    }

    private static Change millis(double a, double b) {
        return new Change(Formats.ms(a), Formats.ms(b), Formats.change(a, b));
    }

    /**
     * Each cell reads "A → B (Δ)"; A, B and Δ are padded to their widths within the column, so the arrows line up
     * from row to row.
     */
    private static void table(StringBuilder out, List<String> headers, List<String> labels,
                              List<List<Change>> rows) {
        if (rows.isEmpty()) return;
        ReportTable table = new ReportTable(1, headers.toArray(String[]::new));
        int columns = headers.size() - 1;
        int[] wa = new int[columns];
        int[] wb = new int[columns];
        int[] wc = new int[columns];
        for (List<Change> row : rows) {
            for (int i = 0; i < columns; i++) {
                Change c = row.get(i);
                wa[i] = Math.max(wa[i], c.a().length());
                wb[i] = Math.max(wb[i], c.b().length());
                wc[i] = Math.max(wc[i], c.change() == null ? 0 : c.change().length());
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            String[] cells = new String[headers.size()];
            cells[0] = labels.get(r);
            for (int i = 0; i < columns; i++) {
                Change c = rows.get(r).get(i);
                String cell = padLeft(c.a(), wa[i]) + " → " + padLeft(c.b(), wb[i]);
                cells[i + 1] = c.change() == null ? cell : cell + " (" + padRight(c.change() + ")", wc[i] + 1);
            }
            table.row(cells);
        }
        out.append(table.plain(INDENT));
    }

    private static <T> void unmatched(StringBuilder out, List<T> a, List<T> b, Function<T, String> label) {
        Map<String, T> inA = byLabel(a, label);
        Map<String, T> inB = byLabel(b, label);
        List<String> onlyA = inA.keySet().stream().filter(l -> !inB.containsKey(l)).toList();
        List<String> onlyB = inB.keySet().stream().filter(l -> !inA.containsKey(l)).toList();
        for (String l : onlyA) out.append(INDENT).append("Only in A: ").append(l).append('\n');
        for (String l : onlyB) out.append(INDENT).append("Only in B: ").append(l).append('\n');
    }

    private static <T> Map<String, T> byLabel(List<T> rows, Function<T, String> label) {
        Map<String, T> map = new LinkedHashMap<>();
        for (T row : rows) map.putIfAbsent(label.apply(row), row);
        return map;
    }

    private static String padRight(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private static String padLeft(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }
}
