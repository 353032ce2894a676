package org.quire.bench;

import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.RequestStats;
import org.quire.bench.BenchReport.TimePoint;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import static org.quire.bench.BenchTables.orEmpty;

/** The three charts of report.html, as SVG. */
final class BenchCharts {
    /** Enough to follow a two-hour run second by second in shape, few enough to keep the file small. */
    static final int MAX_POINTS = 600;
    /** Past this many seconds the time axis counts minutes, whose ticks are easier to read. */
    private static final double MINUTES_FROM = 1200;

    private record Percentile(String name, String dash, ToDoubleFunction<RequestStats> value) {
    }

    private static final List<Percentile> PERCENTILES = List.of(
            new Percentile("p50", null, RequestStats::p50),
            new Percentile("p95", "7 4", RequestStats::p95),
            new Percentile("p99", "2 3", RequestStats::p99));

    private BenchCharts() {
    }

    /** For each of Quire's requests, p50, p95 and p99 against the number of users: one colour per request. */
    static String percentilesByLevel(BenchReport r) {
        List<LevelResult> levels = orEmpty(r.levels());
        boolean manyTenants = levels.stream().anyMatch(l -> l.tenants() > 1);
        SvgChart chart = new SvgChart("Latency percentiles per user level",
                manyTenants ? "users per tenant" : "users", "milliseconds");
        chart.xTicksAt(levels.stream().map(l -> (double) l.users()).distinct().toList());
        List<String> labels = quireLabels(levels);
        for (int i = 0; i < labels.size(); i++) {
            for (Percentile p : PERCENTILES) {
                List<double[]> points = byLevel(levels, labels.get(i), p);
                chart.line(labels.get(i) + " " + p.name(), column(points, 0), column(points, 1),
                        SvgChart.colour(i), p.dash(), true);
            }
        }
        return chart.render();
    }

    /** p50 and p95 of all of Quire's requests, slice by slice, the levels end to end. */
    static String latencyOverTime(BenchReport r) {
        return overTime(r, "Latency over time (all of Quire's requests)", "milliseconds", List.of(
                new Line("p50", null, p -> latency(p, p.p50())),
                new Line("p95", "7 4", p -> latency(p, p.p95()))));
    }

    /** Requests per second, slice by slice; errors per second as well when there were any. */
    static String throughputOverTime(BenchReport r) {
        List<Line> lines = new ArrayList<>();
        lines.add(new Line("requests/s", null, p -> p.seconds() > 0 ? p.requests() / p.seconds() : Double.NaN));
        boolean errors = orEmpty(r.levels()).stream()
                .anyMatch(l -> orEmpty(l.timeline()).stream().anyMatch(p -> p.errors() > 0));
        if (errors) lines.add(new Line("errors/s", null, p -> p.seconds() > 0 ? p.errors() / p.seconds() : Double.NaN));
        return overTime(r, "Throughput over time (all of Quire's requests)", "requests per second", lines);
    }

    /** A slice without requests has no latency: leave a gap rather than draw a drop to 0 ms. */
    private static double latency(TimePoint p, double value) {
        return p.requests() > 0 ? value : Double.NaN;
    }

    private record Line(String name, String dash, ToDoubleFunction<TimePoint> value) {
    }

    private static String overTime(BenchReport r, String title, String yLabel, List<Line> lines) {
        List<Timelines.Placed> placed = Timelines.endToEnd(orEmpty(r.levels()), MAX_POINTS);
        double end = placed.isEmpty() ? 0 : placed.getLast().offsetSeconds() + Timelines.span(placed.getLast().level());
        double unit = end > MINUTES_FROM ? 60 : 1;
        SvgChart chart = new SvgChart(title,
                (unit == 60 ? "minutes" : "seconds") + " since the first level started (levels end to end)", yLabel);
        for (Timelines.Placed p : placed) chart.marker(p.offsetSeconds() / unit, BenchTables.levelHeading(p.level()));
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            List<double[]> points = new ArrayList<>();
            for (Timelines.Placed p : placed) {
                for (TimePoint t : p.points()) {
                    points.add(new double[]{(p.offsetSeconds() + t.atSeconds()) / unit, line.value().applyAsDouble(t)});
                }
                // The line stops at each level's end instead of joining the next level across the floor's pause.
                points.add(new double[]{Double.NaN, Double.NaN});
            }
            chart.line(line.name(), column(points, 0), column(points, 1), SvgChart.colour(i), line.dash(), false);
        }
        return chart.render();
    }

    private static List<double[]> byLevel(List<LevelResult> levels, String label, Percentile p) {
        List<double[]> points = new ArrayList<>();
        for (LevelResult l : levels) {
            for (RequestStats s : orEmpty(l.quire())) {
                if (s.label().equals(label)) points.add(new double[]{l.users(), p.value().applyAsDouble(s)});
            }
        }
        return points;
    }

    private static List<String> quireLabels(List<LevelResult> levels) {
        Set<String> labels = new LinkedHashSet<>();
        for (LevelResult l : levels) for (RequestStats s : orEmpty(l.quire())) labels.add(s.label());
        return List.copyOf(labels);
    }

    private static double[] column(List<double[]> points, int i) {
        return points.stream().mapToDouble(p -> p[i]).toArray();
    }
}
