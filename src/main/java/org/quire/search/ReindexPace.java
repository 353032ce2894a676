package org.quire.search;

import org.quire.platform.RequestLoad;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How long a live reindex rests after each page: its pages may take the machine while nobody asks anything of it,
 * and give it back to the requests when they come. The builder runs at idle CPU priority already, but what it causes
 * beside its own thread does not: the collector's work for the garbage its pages leave, PostgreSQL reading the rows,
 * Lucene flushing the new generation. (Whether that is what slowed 20 users' searches on another tenant 1.46–1.80× at
 * 1 M instances is not known: at 50,000, neither this rest nor the former one of a page's time slowed them
 * measurably; docs/benchmarks.md, issue 13.)
 * <p>The rest is the page's own time × {@code QUIRE_REINDEX_THROTTLE} (default 1) × {@value #BUSY} × how busy the
 * requests kept the cores since the last page (the average of requests in flight, over the cores, at most 1): none
 * on an idle server, 8× the page's time (the builder takes a ninth of one core) when requests keep every core busy.
 */
final class ReindexPace {
    private static final Logger log = LoggerFactory.getLogger(ReindexPace.class);
    /** The rest, in page times, with every core busy with requests. */
    static final double BUSY = 8;

    private final double throttle;
    private final int cores;
    private long busyBefore = RequestLoad.busyNanos();
    private long since = System.nanoTime();

    ReindexPace(double throttle, int cores) {
        this.throttle = throttle;
        this.cores = Math.max(1, cores);
    }

    /** The rest after a page that took {@code pageNanos}, from the requests served since the last call. */
    long restMillis(long pageNanos) {
        long busy = RequestLoad.busyNanos(), now = System.nanoTime();
        double load = RequestLoad.inFlight(busyBefore, busy, now - since);
        busyBefore = busy;
        since = now;
        return restMillis(pageNanos, load);
    }

    /** The rest after a page that took {@code pageNanos} while {@code inFlight} requests ran on average. */
    long restMillis(long pageNanos, double inFlight) {
        double busyShare = Math.min(1.0, inFlight / cores);
        return (long) (pageNanos * throttle * BUSY * busyShare / 1_000_000);
    }

    /** The multiplier of the rest: 1 unless the variable says a number ≥ 0 (0: never rest). */
    static double throttle(String setting) {
        if (setting == null || setting.isBlank()) return 1.0;
        try {
            double t = Double.parseDouble(setting.trim());
            if (t >= 0 && !Double.isInfinite(t)) return t;
        } catch (NumberFormatException ignored) {
            // fall through to the warning
        }
        log.warn("QUIRE_REINDEX_THROTTLE={} is not a number ≥ 0: a live reindex rests as if it were 1", setting);
        return 1.0;
    }
}
