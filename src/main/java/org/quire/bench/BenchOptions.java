package org.quire.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The options of one {@code quire bench} run, already defaulted per workflow.
 *
 * @param users virtual users per tenant, one level each, run in turn
 * @param duration measured time of each level (the ramp-up comes before it and is not measured)
 * @param floorDuration measured time of the floor after each level
 * @param url an already running Quire, or null to start a private one on an embedded PostgreSQL
 * @param dbUrl JDBC URL of the database behind {@code url}, for the SQL floor and connection counts (may be null)
 * @param dataScale multiplies the per-tenant data set (items, patrons, open loans) of {@link #itemsPerTenant()} etc.
 * @param longevity a single long level instead of the matrix, reported in windows of {@code window}; null otherwise
 * @param marc search: MARC files of the real records the catalogue is built from (empty: the demo's 1,200 LC records)
 * @param profile record the server with Java Flight Recorder during each level's measured phase (private server only)
 * @param records import: records of the file imported (the first N of --marc, or of fetch-lc-books.sh's LC records)
 */
public record BenchOptions(String workflow, List<Integer> users, Duration duration, Duration floorDuration,
                           Duration rampUp, int tenants, Duration thinkTime, String url, String dbUrl, String dbUser,
                           String dbPassword, Path out, double dataScale, boolean uiCalls, Duration longevity,
                           Duration window, String adminTenant, String adminUser, String adminPassword,
                           List<Path> marc, boolean profile, int records) {

    public static final List<String> WORKFLOWS = List.of("cico", "loans", "multi-tenant-cico", "rtac", "renew", "search",
            "import", "multi-tenant-import", "export", "oai", "sip2");

    /** PTF's baseline: ~5,000 open loans, patrons with barcodes, a large pool of available items. */
    public int itemsPerTenant() {
        return Math.max(20, (int) Math.round(50_000 * dataScale));
    }

    /** search: instances of the catalogue; scale 1 is issue 13's 1,000,000. */
    public long searchInstances() {
        return Math.max(100, Math.round(1_000_000 * dataScale));
    }

    public int patronsPerTenant() {
        return Math.max(10, (int) Math.round(5_000 * dataScale));
    }

    public int openLoansPerTenant() {
        return Math.max(5, (int) Math.round(5_000 * dataScale));
    }

    /** The PTF check-in/check-out baseline's ~3,000 open requests beside its 5,000 open loans. */
    public int openRequestsPerTenant() {
        return (int) Math.round(3_000 * dataScale);
    }

    /** The check-out and check-in workflows share everything but the number of tenants. */
    public boolean isCico() {
        return workflow.equals("cico") || workflow.equals("multi-tenant-cico");
    }

    /** "90s", "5m", "2h", "1m30s" or a bare number of seconds. */
    public static Duration parseDuration(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.matches("\\d+(\\.\\d+)?")) return Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
        if (!s.matches("(\\d+(\\.\\d+)?(ms|h|m|s))+")) {
            throw new IllegalArgumentException("Invalid duration '" + text + "': use for example 90s, 5m, 2h or 1m30s");
        }
        Duration total = Duration.ZERO;
        var m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)").matcher(s);
        while (m.find()) {
            double n = Double.parseDouble(m.group(1));
            long millis = switch (m.group(2)) {
                case "ms" -> Math.round(n);
                case "s" -> Math.round(n * 1_000);
                case "m" -> Math.round(n * 60_000);
                default -> Math.round(n * 3_600_000);
            };
            total = total.plusMillis(millis);
        }
        return total;
    }
}
