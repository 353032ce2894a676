package org.quire.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Lowers the CPU priority of the calling thread, for background work that must not slow requests down: the outbox
 * delivery (which re-indexes search documents), Lucene's merges, a live reindex, data import and export jobs. Java's
 * thread priorities do nothing on Linux, but a Linux thread is a task of its own with its own scheduling: the thread
 * finds its id in {@code /proc/thread-self} and puts itself under {@code SCHED_IDLE} ({@code chrt --idle}), where it
 * runs only on cores that requests, PostgreSQL and the load's other work leave idle; without chrt it falls back to nice
 * 10 ({@code renice}: about a tenth of a normal thread's share). Measured on this project's 2-core machine against nice
 * 10 (docs/benchmarks.md, issue 16): check-out p95 at 8 users 20.5 against 22.3 ms, throughput +7%. The price: under
 * full load the search index falls behind (a write is searchable when the load leaves a core idle, not within a second)
 * and catches up afterwards. Elsewhere (no {@code /proc/thread-self}, neither tool) it does nothing.
 */
public final class BackgroundPriority {
    private static final Logger log = LoggerFactory.getLogger(BackgroundPriority.class);
    static final int NICE = 10;
    private static volatile boolean unavailable;

    private BackgroundPriority() {
    }

    /** Lowers the calling thread's priority (SCHED_IDLE, else nice {@value #NICE}); true if it was lowered. */
    public static boolean lowerCurrentThread() {
        if (unavailable) return false;
        try {
            Path self = Path.of("/proc/thread-self");
            if (!Files.exists(self)) return unavailable();
            String tid = Files.readSymbolicLink(self).getFileName().toString(); // "<pid>/task/<tid>"
            if (run("chrt", "--idle", "-p", "0", tid)) return true;
            return run("renice", "-n", String.valueOf(NICE), "-p", tid) || unavailable();
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return unavailable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Daemon threads named {@code name} that lower themselves before their first task: for the pools of jobs a
     * request starts and returns before they end (data import and export, id jobs), which must leave the machine to
     * the requests that people at a desk wait for.
     */
    public static java.util.concurrent.ThreadFactory threads(String name) {
        return task -> {
            Thread t = new Thread(() -> {
                lowerCurrentThread();
                task.run();
            }, name);
            t.setDaemon(true);
            return t;
        };
    }

    private static boolean run(String... cmd) throws java.io.IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(2, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return false;
        }
        return p.exitValue() == 0;
    }

    /** Linux's scheduling policy number of SCHED_IDLE (sched.h). */
    static final int SCHED_IDLE = 5;

    /** The scheduling policy of the calling thread (Linux: 0 normal, {@link #SCHED_IDLE} …), or null. */
    public static Integer policyOfCurrentThread() {
        return statField(38); // field 41 of proc(5)
    }

    /** The nice value of the calling thread (Linux), or null when it cannot be read. */
    public static Integer niceOfCurrentThread() {
        return statField(16); // field 19 of proc(5)
    }

    /** A numeric field of {@code /proc/thread-self/stat}, counted from 0 after "pid (comm) ", or null. */
    private static Integer statField(int index) {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[index]);
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean unavailable() {
        if (!unavailable) log.info("Background threads run at normal priority (no /proc/thread-self or renice here)");
        unavailable = true;
        return false;
    }
}
