package org.quire.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How long background work rests after each step — a live reindex after each page, a data import after each chunk —
 * so that it may take the machine while nobody asks anything of it, and gives it back to the requests when they come.
 * Its Java threads run at idle CPU priority already ({@link BackgroundPriority}), but what they cause beside their own
 * thread does not: PostgreSQL's backends doing their writes and reads, the collector's work for their garbage, Lucene
 * flushing what they indexed. (A live reindex: whether that is what slowed 20 users' searches on another tenant
 * 1.46–1.80× at 1 M instances is not known; at 50,000, neither this rest nor the former one of a page's time slowed
 * them measurably. Imports: docs/benchmarks.md, issue 14's multi-tenant-import.)
 * <p>The rest is the step's own time × the throttle (a setting, default 1) × {@value #BUSY} × how busy the requests
 * kept the cores since the last step (the average of requests in flight, over the cores, at most 1): none on an idle
 * server, 8× the step's time (the work takes a ninth of one core) when requests keep every core busy.
 */
public final class BackgroundPace {
    private static final Logger log = LoggerFactory.getLogger(BackgroundPace.class);
    /** The rest, in step times, with every core busy with requests. */
    static final double BUSY = 8;

    private final double throttle;
    private final int cores;
    private long busyBefore = RequestLoad.busyNanos();
    private long since = System.nanoTime();

    public BackgroundPace(double throttle, int cores) {
        this.throttle = throttle;
        this.cores = Math.max(1, cores);
    }

    /** A pace for this machine's cores with the throttle {@code setting} names (the environment variable). */
    public static BackgroundPace of(String setting) {
        return new BackgroundPace(throttle(System.getenv(setting), setting), Runtime.getRuntime().availableProcessors());
    }

    /** Rests after a step that took {@code stepNanos} ({@link #restMillis(long)}); throws if interrupted (stopping). */
    public void restAfter(long stepNanos) throws InterruptedException {
        long rest = restMillis(stepNanos);
        if (rest > 0) Thread.sleep(rest);
    }

    /** The rest after a step that took {@code pageNanos}, from the requests served since the last call. */
    public long restMillis(long pageNanos) {
        long busy = RequestLoad.busyNanos(), now = System.nanoTime();
        double load = RequestLoad.inFlight(busyBefore, busy, now - since);
        busyBefore = busy;
        since = now;
        return restMillis(pageNanos, load);
    }

    /** The rest after a step that took {@code pageNanos} while {@code inFlight} requests ran on average. */
    long restMillis(long pageNanos, double inFlight) {
        double busyShare = Math.min(1.0, inFlight / cores);
        return (long) (pageNanos * throttle * BUSY * busyShare / 1_000_000);
    }

    /** The multiplier of the rest: 1 unless the variable {@code name} says a number ≥ 0 (0: never rest). */
    static double throttle(String setting, String name) {
        if (setting == null || setting.isBlank()) return 1.0;
        try {
            double t = Double.parseDouble(setting.trim());
            if (t >= 0 && !Double.isInfinite(t)) return t;
        } catch (NumberFormatException ignored) {
            // fall through to the warning
        }
        log.warn("{}={} is not a number ≥ 0: the work it paces rests as if it were 1", name, setting);
        return 1.0;
    }
}
