package org.quire.platform;

import java.util.concurrent.atomic.LongAdder;

/**
 * How busy this process is with requests: the sum of the times of every request served (HTTP requests and SIP2
 * messages), which background work reads twice to learn how many were in flight on average between its two readings
 * (a live reindex backs off by it). Process-wide on purpose: the cores requests compete for are the process's,
 * whichever server or tenant serves them. A request counts when it ends, so a reading lags by at most the longest
 * request in flight. It is time in flight, not CPU: a slow upload counts as busy for as long as it lasts.
 */
public final class RequestLoad {
    private static final LongAdder busyNanos = new LongAdder();

    private RequestLoad() {
    }

    /**
     * Counts a request that started at {@code startedNanos} ({@link System#nanoTime}) and has just been answered: every
     * HTTP request (the router) and every SIP2 message.
     */
    public static void served(long startedNanos) {
        busyNanos.add(System.nanoTime() - startedNanos);
    }

    /**
     * The total time of every request answered so far, in nanoseconds; only the difference of two readings means
     * anything.
     */
    public static long busyNanos() {
        return busyNanos.sum();
    }

    /** Requests in flight on average between two readings: the busy time's growth over the wall time between them. */
    public static double inFlight(long busyBefore, long busyAfter, long wallNanos) {
        return wallNanos <= 0 ? 0 : Math.max(0, busyAfter - busyBefore) / (double) wallNanos;
    }
}
