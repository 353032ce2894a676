package org.quire.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The command line's progress bar for long jobs ({@code quire reindex}, {@code quire import}):
 * {@code label [#########...........]  45% 12,345/27,000  1,234 records/s  ETA 0:12}. On a terminal the line is
 * redrawn in place at most five times a second; in a log (no terminal) a line is written at each tenth of the way.
 */
public final class ProgressBar {
    private static final int WIDTH = 20;
    private final String label;
    private final String unit;
    private final PrintWriter out;
    private final boolean terminal;
    private final long startNanos;
    private long lastDrawnNanos;
    private long lastDecile = -1;
    private boolean drawn;

    /** @param unit what is counted, for the rate ("records" → "1,234 records/s") */
    public ProgressBar(String label, String unit, PrintWriter out) {
        this(label, unit, out, isTerminal(), System.nanoTime());
    }

    ProgressBar(String label, String unit, PrintWriter out, boolean terminal, long startNanos) {
        this.label = label;
        this.unit = unit;
        this.out = out;
        this.terminal = terminal;
        this.startNanos = startNanos;
    }

    /** @param total 0 while the total is not known yet (drawn without a bar) */
    public synchronized void update(long done, long total) {
        update(done, total, System.nanoTime());
    }

    synchronized void update(long done, long total, long nowNanos) {
        long percent = total <= 0 ? 0 : Math.min(100, done * 100 / total);
        if (terminal) {
            if (drawn && nowNanos - lastDrawnNanos < 200_000_000L && done < total) return;
        } else if (total <= 0 || percent / 10 == lastDecile) {
            return;
        }
        lastDecile = percent / 10;
        lastDrawnNanos = nowNanos;
        drawn = true;
        String line = line(done, total, (nowNanos - startNanos) / 1e9);
        if (terminal) out.print("\r\033[K" + line);
        else out.println(line);
        out.flush();
    }

    /** Clears the bar on a terminal (so the next line starts clean) and prints {@code message}. */
    public synchronized void done(String message) {
        if (terminal && drawn) out.print("\r\033[K");
        out.println(message);
        out.flush();
    }

    /** Seconds since the bar was made. */
    public double elapsedSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    String line(long done, long total, double elapsedSeconds) {
        StringBuilder b = new StringBuilder(label).append(' ');
        if (total > 0) {
            long percent = Math.min(100, done * 100 / total);
            int filled = (int) (percent * WIDTH / 100);
            b.append('[').append("#".repeat(filled)).append(".".repeat(WIDTH - filled)).append(']')
                    .append(String.format(Locale.ROOT, " %3d%% %,d/%,d", percent, done, total));
        } else {
            b.append(String.format(Locale.ROOT, "%,d", done));
        }
        double rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
        if (done > 0 && elapsedSeconds > 0) b.append(String.format(Locale.ROOT, "  %,.0f %s/s", rate, unit));
        if (total > 0 && done > 0 && done < total && rate > 0) b.append("  ETA ").append(clock((total - done) / rate));
        return b.toString();
    }

    /** 0:07, 12:34, 1:02:03. */
    static String clock(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** Since Java 22 there is a Console even without a terminal; ask it (by reflection: Quire targets Java 21). */
    public static boolean isTerminal() {
        java.io.Console console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
