package org.quire.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * Runs one phase in the closed model of the PTF's JMeter plans: each virtual user repeats one iteration (one
 * transaction), sleeps the think time, and starts again; users start evenly over the ramp-up, which is not measured.
 * <p>
 * Coordinated omission: a closed model issues no request on a schedule, so a slow response delays the next request
 * of that user rather than hiding queued ones; latencies are response times of the requests actually made, as in
 * JMeter. The request rate is therefore a result, not an input.
 */
public final class LoadRunner {

    /** One virtual user's transaction; it records its own requests into the phase's measurements. */
    @FunctionalInterface
    public interface Iteration {
        void run() throws Exception;
    }

    /**
     * @param name shown in the progress line ("Quire", "SQL floor", …)
     * @param newUser makes virtual user number i (0-based), recording into the given measurements
     */
    public record Phase(String name, int users, Duration rampUp, Duration duration, Duration thinkTime,
                        BiFunction<Measurements, Integer, Iteration> newUser) {
    }

    private LoadRunner() {
    }

    public static Measurements run(Phase phase, Progress progress) throws InterruptedException {
        return run(phase, progress, () -> { }, () -> { });
    }

    /** As {@link #run(Phase, Progress)}, calling {@code atStart} and {@code atEnd} where measuring starts and ends. */
    public static Measurements run(Phase phase, Progress progress, Runnable atStart, Runnable atEnd)
            throws InterruptedException {
        Measurements m = new Measurements();
        List<Iteration> iterations = new ArrayList<>();
        for (int i = 0; i < phase.users(); i++) iterations.add(phase.newUser().apply(m, i));
        long start = System.nanoTime();
        long rampNanos = phase.rampUp().toNanos();
        var stop = new java.util.concurrent.atomic.AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < phase.users(); i++) {
            long startAt = start + (phase.users() == 1 ? 0 : rampNanos * i / phase.users());
            Iteration it = iterations.get(i);
            threads.add(Thread.ofPlatform().name("vu-" + i).daemon().start(() -> userLoop(it, startAt, phase, stop, m)));
        }
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
                .name("bench-ticker").daemon().unstarted(r));
        try {
            sleepUntil(start + rampNanos);
            atStart.run();
            // The measured time starts once atStart is done: starting a profile recording can take a second on a
            // busy machine, which must not shorten the level.
            long measureFrom = System.nanoTime();
            long measureTo = measureFrom + phase.duration().toNanos();
            m.startMeasuring();
            ticker.scheduleAtFixedRate(() -> {
                m.tick();
                progress.update(phase, m, (System.nanoTime() - measureFrom) / 1e9);
            }, 1, 1, TimeUnit.SECONDS);
            sleepUntil(measureTo);
        } finally {
            ticker.shutdownNow();
            ticker.awaitTermination(5, TimeUnit.SECONDS);
            m.stopMeasuring();
            atEnd.run();
            stop.set(true);
            for (Thread t : threads) t.join(TimeUnit.SECONDS.toMillis(150));
            progress.done(phase, m);
        }
        return m;
    }

    private static void userLoop(Iteration it, long startAt, Phase phase, java.util.concurrent.atomic.AtomicBoolean stop,
                                 Measurements m) {
        try {
            sleepUntil(startAt);
            while (!stop.get()) {
                try {
                    it.run();
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    // A failure outside a recorded request (a bug in the harness, a dropped connection): say it, and
                    // do not spin.
                    m.error("iteration", e.toString());
                    Thread.sleep(10);
                }
                if (!phase.thinkTime().isZero()) Thread.sleep(phase.thinkTime().toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait;
        while ((wait = nanoTime - System.nanoTime()) > 0) TimeUnit.NANOSECONDS.sleep(Math.min(wait, 200_000_000L));
    }
}
