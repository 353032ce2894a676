package org.quire.bench;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The floor of a request is its SQL floor plus its HTTP floor. Adding their percentiles would overstate the floor
 * (the slowest 5% of one rarely meets the slowest 5% of the other), so the sum is the distribution of SQL + HTTP
 * for independent draws: 1,000,000 pairs sampled from the two measured histograms with a fixed seed, so that a
 * report is reproducible from its samples.
 */
final class FloorSum {
    private static final int DRAWS = 1_000_000;

    private FloorSum() {
    }

    static Histogram of(Histogram sql, Histogram http) {
        return of(sql, http, 1);
    }

    /** SQL + {@code httpCalls} HTTP calls: a transaction of several requests (renewing 200 loans is 201 calls). */
    static Histogram of(Histogram sql, Histogram http, int httpCalls) {
        Histogram sum = new Histogram(3);
        if (sql.getTotalCount() == 0 || http.getTotalCount() == 0) return sum;
        Sampler a = new Sampler(sql), b = new Sampler(http);
        SplittableRandom random = new SplittableRandom(42);
        int draws = Math.max(10_000, DRAWS / httpCalls);
        for (int i = 0; i < draws; i++) {
            long total = a.draw(random);
            for (int k = 0; k < httpCalls; k++) total += b.draw(random);
            sum.recordValue(total);
        }
        return sum;
    }

    /** Draws recorded values with their recorded frequencies (inverse of the cumulative counts). */
    private static final class Sampler {
        final long[] values;
        final long[] cumulative;
        final long total;

        Sampler(Histogram h) {
            List<long[]> rows = new ArrayList<>();
            long running = 0;
            for (HistogramIterationValue v : h.recordedValues()) {
                running += v.getCountAtValueIteratedTo();
                rows.add(new long[]{h.medianEquivalentValue(v.getValueIteratedTo()), running});
            }
            values = rows.stream().mapToLong(r -> r[0]).toArray();
            cumulative = rows.stream().mapToLong(r -> r[1]).toArray();
            total = running;
        }

        long draw(SplittableRandom random) {
            long k = random.nextLong(total);
            int i = java.util.Arrays.binarySearch(cumulative, k + 1);
            return values[i >= 0 ? i : -i - 1];
        }
    }
}
