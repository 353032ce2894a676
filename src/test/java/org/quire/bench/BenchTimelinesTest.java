package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.quire.bench.BenchReport.LevelResult;
import org.quire.bench.BenchReport.TimePoint;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BenchTimelinesTest {
    @Test
    void downsamplingKeepsTheCountsAndTheSpan() {
        List<TimePoint> timeline = BenchSamples.timeline(10_000, 40);

        List<TimePoint> thin = Timelines.downsample(timeline, 600);

        assertThat(thin).hasSizeBetween(500, 600);
        assertThat(thin.stream().mapToLong(TimePoint::requests).sum()).isEqualTo(400_000);
        assertThat(thin.stream().mapToLong(TimePoint::errors).sum()).isEqualTo(1_000);
        assertThat(thin.stream().mapToDouble(TimePoint::seconds).sum()).isEqualTo(10_000);
        assertThat(thin.get(0).atSeconds()).isZero();
        assertThat(thin.getLast().atSeconds()).isGreaterThan(9_950);
    }

    @Test
    void aShortTimelineIsLeftAlone() {
        List<TimePoint> timeline = BenchSamples.timeline(60, 40);

        assertThat(Timelines.downsample(timeline, 600)).isSameAs(timeline);
    }

    @Test
    void mergedPercentilesAreWeightedByRequests() {
        TimePoint merged = Timelines.merge(List.of(
                new TimePoint(10, 1, 1, 0, 10, 100),
                new TimePoint(11, 1, 3, 1, 20, 200),
                new TimePoint(12, 1, 0, 0, 0, 0)));

        assertThat(merged.atSeconds()).isEqualTo(10);
        assertThat(merged.seconds()).isEqualTo(3);
        assertThat(merged.requests()).isEqualTo(4);
        assertThat(merged.errors()).isEqualTo(1);
        assertThat(merged.p50()).isCloseTo(17.5, within(1e-9));
        assertThat(merged.p95()).isCloseTo(175, within(1e-9));
        assertThat(Timelines.merge(List.of(new TimePoint(0, 1, 0, 0, 0, 0))).p95()).isNaN();
    }

    @Test
    void levelsFollowOneAnotherAndShareThePointsByLength() {
        LevelResult first = level(1, 9_000, 9_000);
        LevelResult second = level(5, 100, 1_000);
        // The last slice of this level ends after its nominal duration: the next level starts after it.
        LevelResult overrun = new LevelResult(10, 1, 50, List.of(), List.of(), List.of(),
                List.of(new TimePoint(61.5, 1, 5, 0, 1, 2)));
        LevelResult last = level(20, 10, 10);

        List<Timelines.Placed> placed = Timelines.endToEnd(List.of(first, second, overrun, last), 600);

        assertThat(placed).extracting(Timelines.Placed::offsetSeconds)
                .containsExactly(0.0, 9_000.0, 10_000.0, 10_062.5);
        assertThat(placed.get(0).points()).hasSizeBetween(500, 539);
        assertThat(placed.get(1).points()).hasSizeBetween(50, 59);
        assertThat(placed.get(3).points()).hasSize(1);
    }

    private static LevelResult level(int users, double duration, int points) {
        return new LevelResult(users, 1, duration, List.of(), List.of(), List.of(), BenchSamples.timeline(points, 10));
    }
}
