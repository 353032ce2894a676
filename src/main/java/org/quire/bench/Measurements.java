package org.quire.bench;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The samples of one phase (a user level of Quire, or of the floor), per request label. Latencies go into HdrHistogram
 * recorders (nanoseconds, 3 significant digits) that the phase's ticker drains once a second: each drain becomes a
 * {@link BenchReport.TimePoint} and is added to the label's histogram — but only between {@link #startMeasuring()} and
 * {@link #stopMeasuring()}, so ramp-up and wind-down are not counted.
 */
public final class Measurements {
    private static final long HIGHEST_NANOS = 3_600_000_000_000L;

    private final Map<String, Label> labels = new ConcurrentHashMap<>();
    /** Labels kept out of the timeline (transactions summing other requests). */
    private final Set<String> notInTimeline = ConcurrentHashMap.newKeySet();
    private final List<BenchReport.TimePoint> timeline = new ArrayList<>();
    private final ConcurrentLinkedQueue<String> errorSamples = new ConcurrentLinkedQueue<>();
    private final AtomicLong errorSampleCount = new AtomicLong();
    private final List<BenchReport.Window> windows = new ArrayList<>();
    private long windowNanos;
    private long windowStartNanos;
    private volatile boolean measuring;
    private long measureStartNanos;
    private long lastTickNanos;
    private long measuredNanos;

    private static final class Label {
        final Recorder recorder = new Recorder(HIGHEST_NANOS, 3);
        final Histogram total = new Histogram(HIGHEST_NANOS, 3);
        final LongAdder errors = new LongAdder();
        long countedErrors;
        long measuredErrors;
        long lastIntervalErrors;
        Histogram interval;
        final Histogram window = new Histogram(HIGHEST_NANOS, 3);
        long windowErrors;
    }

    /** Records one request; a KO is counted both in the latency figures (as JMeter does) and as an error. */
    public void record(String label, long startNanos, long endNanos, boolean ok) {
        Label l = labels.computeIfAbsent(label, k -> new Label());
        l.recorder.recordValue(Math.min(HIGHEST_NANOS, Math.max(1, endNanos - startNanos)));
        if (!ok) l.errors.increment();
    }

    /** Keeps a few error messages for the report's notes: a run with errors must say what they were. */
    public void error(String label, String message) {
        if (errorSampleCount.incrementAndGet() <= 5) errorSamples.add(label + ": " + message);
    }

    public void excludeFromTimeline(String label) {
        notInTimeline.add(label);
    }

    public boolean measuring() {
        return measuring;
    }

    /** For longevity runs: besides the totals, keep each label's figures per window of this length. */
    public synchronized void windows(java.time.Duration length) {
        windowNanos = length.toNanos();
    }

    public synchronized void startMeasuring() {
        drain(false);
        measureStartNanos = System.nanoTime();
        lastTickNanos = measureStartNanos;
        windowStartNanos = measureStartNanos;
        measuring = true;
    }

    public synchronized void stopMeasuring() {
        tick();
        measuring = false;
        measuredNanos = lastTickNanos - measureStartNanos;
        if (windowNanos > 0 && lastTickNanos > windowStartNanos) closeWindow();
    }

    /** Called once a second by the phase's ticker. */
    public synchronized void tick() {
        if (!measuring) {
            drain(false);
            return;
        }
        long now = System.nanoTime();
        drain(true);
        Histogram slice = new Histogram(HIGHEST_NANOS, 3);
        long errors = 0;
        for (var e : labels.entrySet()) {
            if (notInTimeline.contains(e.getKey()) || e.getValue().interval == null) continue;
            slice.add(e.getValue().interval);
            errors += e.getValue().lastIntervalErrors;
        }
        double seconds = (now - lastTickNanos) / 1e9;
        timeline.add(new BenchReport.TimePoint((lastTickNanos - measureStartNanos) / 1e9, seconds, slice.getTotalCount(),
                errors, ms(slice.getValueAtPercentile(50)), ms(slice.getValueAtPercentile(95))));
        lastTickNanos = now;
        if (windowNanos > 0 && now - windowStartNanos >= windowNanos) closeWindow();
    }

    private void closeWindow() {
        double seconds = (lastTickNanos - windowStartNanos) / 1e9;
        List<BenchReport.RequestStats> rows = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(labels.keySet())) {
            Label l = labels.get(name);
            if (l.window.getTotalCount() > 0) rows.add(stats(name, l.window, l.windowErrors, seconds));
            l.window.reset();
            l.windowErrors = 0;
        }
        windows.add(new BenchReport.Window((windowStartNanos - measureStartNanos) / 1e9,
                (lastTickNanos - measureStartNanos) / 1e9, rows));
        windowStartNanos = lastTickNanos;
    }

    public synchronized List<BenchReport.Window> windowList() {
        return List.copyOf(windows);
    }

    private void drain(boolean keep) {
        for (Label l : labels.values()) {
            l.interval = l.recorder.getIntervalHistogram(l.interval);
            long errors = l.errors.sum();
            long newErrors = errors - l.countedErrors;
            l.countedErrors = errors;
            l.lastIntervalErrors = keep ? newErrors : 0;
            if (keep) {
                l.total.add(l.interval);
                l.measuredErrors += newErrors;
                l.window.add(l.interval);
                l.windowErrors += newErrors;
            } else {
                l.interval.reset();
            }
        }
    }

    /** Live figures for the progress line: requests, errors and p95 (ms) of the current phase so far. */
    public synchronized long[] progress() {
        long n = 0, e = 0;
        for (Label l : labels.values()) {
            n += l.total.getTotalCount();
            e += l.measuredErrors;
        }
        return new long[]{n, e};
    }

    public synchronized double currentP95Millis() {
        Histogram all = new Histogram(HIGHEST_NANOS, 3);
        for (var e : labels.entrySet()) if (!notInTimeline.contains(e.getKey())) all.add(e.getValue().total);
        return ms(all.getValueAtPercentile(95));
    }

    /** The PTF table rows of this phase, sorted by label so that reports compare line by line. */
    public synchronized List<BenchReport.RequestStats> stats() {
        double seconds = measuredNanos / 1e9;
        List<BenchReport.RequestStats> rows = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(labels.keySet())) {
            Label l = labels.get(name);
            if (l.total.getTotalCount() == 0 && l.measuredErrors == 0) continue;
            rows.add(stats(name, l.total, l.measuredErrors, seconds));
        }
        return rows;
    }

    public synchronized Histogram histogram(String label) {
        Label l = labels.get(label);
        return l == null ? new Histogram(HIGHEST_NANOS, 3) : l.total.copy();
    }

    public synchronized List<BenchReport.TimePoint> timeline() {
        return List.copyOf(timeline);
    }

    public List<String> errorSamples() {
        List<String> out = new ArrayList<>(errorSamples);
        if (errorSampleCount.get() > out.size()) out.add("… " + (errorSampleCount.get() - out.size()) + " more");
        return out;
    }

    public double measuredSeconds() {
        return measuredNanos / 1e9;
    }

    static BenchReport.RequestStats stats(String label, Histogram h, long ko, double seconds) {
        long total = h.getTotalCount();
        long ok = Math.max(0, total - ko);
        return new BenchReport.RequestStats(label, total, ok, ko, total == 0 ? 0 : 100.0 * ko / total,
                seconds <= 0 ? 0 : total / seconds, ms(h.getMinValue()), ms(h.getValueAtPercentile(50)),
                ms(h.getValueAtPercentile(75)), ms(h.getValueAtPercentile(95)), ms(h.getValueAtPercentile(99)),
                ms(h.getMaxValue()), total == 0 ? 0 : h.getMean() / 1e6);
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }
}
