package org.quire.platform.db;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.distribution.TimeWindowMax;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The most pool connections lent at once in the last 5–10 s, as {@code quire_db_connections_peak}. Hikari's own
 * {@code hikaricp_connections_active} is an instant value: a benchmark sampling it twice a second misses short bursts
 * (a 300-record import finished between two samples and reported a peak of 0), and "never above the pool" needs the
 * true maximum. A sliding window rather than a peak since start, so that a scraper sees the peak of its own period
 * (the bench's sampler takes the largest of its samples) and the start-up's tenant installs do not count in a run.
 * Counts every borrow and return Hikari reports, beside Hikari's own Micrometer metrics.
 */
final class PeakConnections implements MetricsTrackerFactory {
    private final MicrometerMetricsTrackerFactory micrometer;
    private final AtomicInteger lent = new AtomicInteger();
    private final TimeWindowMax recent = new TimeWindowMax(Clock.SYSTEM, 5_000, 2);

    PeakConnections(MeterRegistry registry) {
        this.micrometer = new MicrometerMetricsTrackerFactory(registry);
        Gauge.builder("quire.db.connections.peak", this, PeakConnections::peak)
                .description("The most pool connections lent at once in the last 5 to 10 seconds").register(registry);
    }

    /** The window's maximum, or the connections lent now when one has been held longer than the window. */
    double peak() {
        return Math.max(recent.poll(), lent.get());
    }

    @Override
    public IMetricsTracker create(String poolName, PoolStats stats) {
        IMetricsTracker hikari = micrometer.create(poolName, stats);
        return new IMetricsTracker() {
            @Override
            public void recordConnectionCreatedMillis(long millis) {
                hikari.recordConnectionCreatedMillis(millis);
            }

            @Override
            public void recordConnectionAcquiredNanos(long nanos) {
                recent.record(lent.incrementAndGet());
                hikari.recordConnectionAcquiredNanos(nanos);
            }

            @Override
            public void recordConnectionUsageMillis(long millis) {
                lent.decrementAndGet();
                hikari.recordConnectionUsageMillis(millis);
            }

            @Override
            public void recordConnectionTimeout() {
                hikari.recordConnectionTimeout();
            }

            @Override
            public void close() {
                hikari.close();
            }
        };
    }
}
