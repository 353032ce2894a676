package org.quire.bench;

import org.quire.bench.BenchReport.DataSet;
import org.quire.bench.BenchReport.Drift;
import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.Machine;
import org.quire.bench.BenchReport.Ratio;
import org.quire.bench.BenchReport.RequestStats;
import org.quire.bench.BenchReport.Resources;
import org.quire.bench.BenchReport.Settings;
import org.quire.bench.BenchReport.TimePoint;
import org.quire.bench.BenchReport.Window;

import java.util.ArrayList;
import java.util.List;

/** Hand-made reports for the report tests: two levels of the check-out/check-in workflow. */
final class BenchSamples {
    static final String CHECK_OUT = "POST /circulation/check-out-by-barcode";
    static final String CHECK_IN = "POST /circulation/check-in-by-barcode";
    static final String FLOOR_OUT = "floor: check-out (SQL + HTTP)";
    static final String FLOOR_IN = "floor: check-in (SQL + HTTP)";

    private BenchSamples() {
    }

    static BenchReport report() {
        return report(1, 60);
    }

    static BenchReport report(int tenants, int timelinePoints) {
        return new BenchReport("check-out-check-in", "2026-11-22T10:00:00Z", "2026-11-22T10:05:00Z",
                new Settings(List.of(1, 5), 60, 10, tenants, 0, null, 1.0, false, null, 600),
                new Machine(2, 8L * 1024 * 1024 * 1024, "21.0.5", "Linux 6.8 amd64"),
                new DataSet(tenants, 1000, 500, 100),
                List.of(level(1, tenants, 1.0, timelinePoints), level(5, tenants, 2.0, timelinePoints)),
                List.of(), List.of(),
                new Resources(12.5, null, 10, 7, null, 100L, 100L),
                List.of("Times are measured at the client.", "The floor is one SQL statement and one HTTP call."));
    }

    /** The 1-user level has the figures the tests check; the 5-user level is the same, {@code slower} times slower. */
    static LevelResult level(int users, int tenants, double slower, int timelinePoints) {
        return new LevelResult(users, tenants, 60,
                List.of(stats(CHECK_OUT, 1200, 2, 20.0, slower, 20.0),
                        stats(CHECK_IN, 1100, 0, 18.5, slower, 25.0)),
                List.of(stats(FLOOR_OUT, 1200, 0, 20.0, slower, 11.56),
                        stats(FLOOR_IN, 1100, 0, 18.5, slower, 9.0)),
                List.of(new Ratio(CHECK_OUT, FLOOR_OUT, 20.0 * slower, 11.56 * slower, 1.7301),
                        new Ratio(CHECK_IN, FLOOR_IN, 25.0 * slower, 9.0 * slower, 25.0 / 9.0)),
                timeline(timelinePoints, 20 * users));
    }

    static RequestStats stats(String label, long total, long ko, double reqPerSec, double slower, double p95) {
        return new RequestStats(label, total, total - ko, ko, 100.0 * ko / total, reqPerSec,
                3.214 * slower, 12.346 * slower, 15.5 * slower, p95 * slower, 31.999 * slower, 80.5 * slower,
                13.25 * slower);
    }

    static List<TimePoint> timeline(int points, long requestsPerSecond) {
        List<TimePoint> timeline = new ArrayList<>(points);
        for (int i = 0; i < points; i++) {
            timeline.add(new TimePoint(i, 1, requestsPerSecond, i % 10 == 0 ? 1 : 0, 10 + i % 7, 20 + i % 11));
        }
        return timeline;
    }

    static BenchReport longevity() {
        BenchReport r = report();
        List<Window> windows = List.of(
                new Window(0, 600, List.of(stats(CHECK_OUT, 12000, 0, 20.0, 1.0, 20.0))),
                new Window(600, 1200, List.of(stats(CHECK_OUT, 11000, 0, 18.3, 1.0, 23.0))));
        return new BenchReport(r.workflow(), r.startedAt(), r.finishedAt(), r.settings(), r.machine(), r.data(),
                r.levels(), windows, List.of(new Drift(CHECK_OUT, 20.0, 23.0, 1.15)), r.resources(), r.notes());
    }

    static BenchReport withLevels(BenchReport r, List<LevelResult> levels) {
        return new BenchReport(r.workflow(), r.startedAt(), r.finishedAt(), r.settings(), r.machine(), r.data(),
                levels, r.windows(), r.drift(), r.resources(), r.notes());
    }

    static BenchReport withResources(BenchReport r, Resources resources) {
        return new BenchReport(r.workflow(), r.startedAt(), r.finishedAt(), r.settings(), r.machine(), r.data(),
                r.levels(), r.windows(), r.drift(), resources, r.notes());
    }

    /** The same level with its Quire rows relabelled, for labels that need escaping. */
    static LevelResult relabel(LevelResult l, String from, String to) {
        List<RequestStats> quire = l.quire().stream()
                .map(s -> s.label().equals(from) ? new RequestStats(to, s.total(), s.ok(), s.ko(), s.pctKo(),
                        s.reqPerSec(), s.min(), s.p50(), s.p75(), s.p95(), s.p99(), s.max(), s.avg()) : s)
                .toList();
        return new LevelResult(l.users(), l.tenants(), l.durationSeconds(), quire, l.floor(), l.ratios(),
                l.timeline());
    }

    /** The report with a profile of its 1-user level, whose names need escaping in HTML. */
    static BenchReport withProfile(BenchReport r) {
        var shares = List.of(new BenchReport.Share("org.quire.X$$Lambda.<init>", 60, 60.0),
                new BenchReport.Share("java.util.HashMap.get", 40, 40.0));
        var level = new BenchReport.LevelProfile(1, "profile-1-users.jfr", 60, 100, shares, shares.subList(0, 1),
                List.of(new BenchReport.Share("JSON (Jackson)", 100, 100.0)), new BenchReport.Gc(3, 12.5, 7.25, 150.0),
                List.of(new BenchReport.Share("byte[]", 5_000_000, 100.0)));
        return new BenchReport(r.workflow(), r.startedAt(), r.finishedAt(), r.settings(), r.machine(), r.data(),
                r.levels(), r.windows(), r.drift(), r.resources(), r.notes(),
                new BenchReport.Profile("JFR & co", List.of(level)));
    }
}
