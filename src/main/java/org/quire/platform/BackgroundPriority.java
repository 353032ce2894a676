package org.quire.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Lowers the CPU priority of the calling thread, for background work that must not slow requests down: the outbox
 * delivery (which re-indexes search documents), Lucene's merges, a live reindex. Java's thread priorities do nothing
 * on Linux, but a Linux thread is a task of its own with its own nice value: the thread finds its id in
 * {@code /proc/thread-self} and runs {@code renice} on it. Under contention the kernel then gives request threads and
 * PostgreSQL about ten times its share (nice 10), and the background work takes the idle time. Elsewhere (no
 * {@code /proc/thread-self}, no renice) it does nothing.
 */
public final class BackgroundPriority {
    private static final Logger log = LoggerFactory.getLogger(BackgroundPriority.class);
    static final int NICE = 10;
    private static volatile boolean unavailable;

    private BackgroundPriority() {
    }

    /** Lowers the calling thread's priority (nice {@value #NICE}); true if it was lowered. */
    public static boolean lowerCurrentThread() {
        if (unavailable) return false;
        try {
            Path self = Path.of("/proc/thread-self");
            if (!Files.exists(self)) return unavailable();
            String tid = Files.readSymbolicLink(self).getFileName().toString(); // "<pid>/task/<tid>"
            Process p = new ProcessBuilder("renice", "-n", String.valueOf(NICE), "-p", tid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0 || unavailable();
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return unavailable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The nice value of the calling thread (Linux), or null when it cannot be read. */
    public static Integer niceOfCurrentThread() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[16]); // field 19 of proc(5), counted after "pid (comm) "
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
