package org.quire.bench;

import java.io.PrintStream;

/**
 * The line a person watches during a run: phase, users, elapsed of total, requests, errors, current p95. On a
 * terminal it is redrawn in place every second; in a log (CI) a line is written every 10 seconds.
 */
public final class Progress {
    private final PrintStream out;
    private final boolean terminal = org.quire.cli.ProgressBar.isTerminal();
    private long lastLogged;

    public Progress(PrintStream out) {
        this.out = out;
    }

    public synchronized void step(String message) {
        if (terminal) out.print("\r\033[K");
        out.println(message);
    }

    void update(LoadRunner.Phase phase, Measurements m, double elapsedSeconds) {
        long now = System.nanoTime();
        if (!terminal && now - lastLogged < 10_000_000_000L) return;
        lastLogged = now;
        String line = line(phase, m, elapsedSeconds);
        synchronized (this) {
            if (terminal) out.print("\r\033[K" + line);
            else out.println(line);
        }
    }

    void done(LoadRunner.Phase phase, Measurements m) {
        String line = line(phase, m, m.measuredSeconds());
        synchronized (this) {
            if (terminal) out.print("\r\033[K");
            out.println(line + "  done");
        }
    }

    private static String line(LoadRunner.Phase phase, Measurements m, double elapsed) {
        long[] p = m.progress();
        return String.format("  %-10s %4d users  %s/%s  requests %,d  errors %,d  p95 %.2f ms", phase.name(),
                phase.users(), clock(elapsed), clock(phase.duration().toMillis() / 1000.0), p[0], p[1],
                m.currentP95Millis());
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%02d:%02d", s / 60, s % 60);
    }
}
