package org.quire.bench;

import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.TimePoint;

import java.util.ArrayList;
import java.util.List;

import static org.quire.bench.BenchTables.orEmpty;

/** The levels' timelines for the charts: laid end to end and thinned, so a two-hour run still draws quickly. */
final class Timelines {
    private Timelines() {
    }

    /** A level's (thinned) timeline and where it starts on the chart's clock. */
    record Placed(LevelResult level, double offsetSeconds, List<TimePoint> points) {
    }

    /**
     * The levels one after the other, each starting where the previous one ended; the gaps between levels (the floor,
     * the ramp-down) are left out. The points are shared among the levels in proportion to their lengths.
     */
    static List<Placed> endToEnd(List<LevelResult> levels, int maxPoints) {
        long total = 0;
        for (LevelResult l : levels) total += orEmpty(l.timeline()).size();
        List<Placed> placed = new ArrayList<>();
        double offset = 0;
        for (LevelResult l : levels) {
            List<TimePoint> timeline = orEmpty(l.timeline());
            int budget = total == 0 ? 1 : (int) Math.max(1, (long) maxPoints * timeline.size() / total);
            placed.add(new Placed(l, offset, downsample(timeline, budget)));
            offset += span(l);
        }
        return placed;
    }

    /** The level's length: its measured duration, or longer if its timeline runs past it (a slow last request). */
    static double span(LevelResult level) {
        double end = level.durationSeconds();
        for (TimePoint p : orEmpty(level.timeline())) end = Math.max(end, p.atSeconds() + p.seconds());
        return end;
    }

    /** At most {@code max} points, each merging a run of consecutive ones. */
    static List<TimePoint> downsample(List<TimePoint> points, int max) {
        if (points.size() <= max) return points;
        int bucket = (points.size() + max - 1) / max;
        List<TimePoint> out = new ArrayList<>(max);
        for (int from = 0; from < points.size(); from += bucket) {
            out.add(merge(points.subList(from, Math.min(points.size(), from + bucket))));
        }
        return out;
    }

    /**
     * Counts and seconds add up; the percentiles of the slices cannot be combined exactly without their histograms,
     * so the merged point takes their average weighted by requests, which is close enough to draw a line.
     */
    static TimePoint merge(List<TimePoint> bucket) {
        double seconds = 0;
        long requests = 0;
        long errors = 0;
        double p50 = 0;
        double p95 = 0;
        long weight = 0;
        for (TimePoint p : bucket) {
            seconds += p.seconds();
            requests += p.requests();
            errors += p.errors();
            if (p.requests() > 0 && Double.isFinite(p.p50()) && Double.isFinite(p.p95())) {
                p50 += p.p50() * p.requests();
                p95 += p.p95() * p.requests();
                weight += p.requests();
            }
        }
        return new TimePoint(bucket.get(0).atSeconds(), seconds, requests, errors,
                weight == 0 ? Double.NaN : p50 / weight, weight == 0 ? Double.NaN : p95 / weight);
    }
}
