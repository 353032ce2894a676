package org.quire.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the server's resource use every 500 ms while the levels run: its pool's active connections and its peak RSS
 * from its Prometheus endpoint ({@code /admin/metrics}), and — when the database is known — the server's non-idle
 * connections as PostgreSQL sees them. CPU time is the difference between the first and the last sample.
 */
final class ResourceSampler implements AutoCloseable {
    private final BenchHttp http;
    private final Connection db;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("bench-resources").daemon().unstarted(r));
    private Double cpuStartNanos, cpuEndNanos, poolMax;
    private double peakPool = -1, peakRss = -1;
    private int peakDb = -1, peakDbOpen = -1;

    private ResourceSampler(BenchHttp http, Connection db) {
        this.http = http;
        this.db = db;
    }

    /** Connects to the target's database before any work, so that a wrong --db-url fails the run at once. */
    static ResourceSampler connect(BenchHttp http, BenchTarget target) {
        if (target.dbUrl() == null) return new ResourceSampler(http, null);
        try {
            return new ResourceSampler(http, DriverManager.getConnection(target.dbUrl(), target.dbUser(),
                    target.dbPassword()));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot connect to the database " + target.dbUrl() + " (user and password "
                    + "from QUIRE_DB_USER / QUIRE_DB_PASSWORD): " + e.getMessage(), e);
        }
    }

    void start() {
        sample();
        timer.scheduleAtFixedRate(this::sample, 500, 500, TimeUnit.MILLISECONDS);
    }

    synchronized BenchReport.Resources stop(Long loansBefore, Long loansAfter) throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(5, TimeUnit.SECONDS);
        sample();
        Double cpu = cpuStartNanos == null || cpuEndNanos == null ? null : (cpuEndNanos - cpuStartNanos) / 1e9;
        return new BenchReport.Resources(cpu, peakRss < 0 ? null : (long) peakRss,
                poolMax == null ? null : poolMax.intValue(), peakPool < 0 ? null : (int) peakPool,
                peakDb < 0 ? null : peakDb, loansBefore, loansAfter);
    }

    /** The server's CPU time now, in seconds, or null when its metrics do not tell. */
    Double cpuSecondsNow() {
        try {
            BenchHttp.Reply r = http.getPublic("/admin/metrics");
            Double ns = r.status() == 200 ? parse(r.body()).get("process_cpu_time_ns_total") : null;
            return ns == null ? null : ns / 1e9;
        } catch (java.io.IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The most connections of the server PostgreSQL saw open at once (idle ones too); null when not sampled. */
    synchronized Integer peakDbConnectionsOpen() {
        return peakDbOpen < 0 ? null : peakDbOpen;
    }

    /** The pool size the server reports, so the SQL floor gets no more connections than Quire has. */
    synchronized Integer poolSize() {
        return poolMax == null ? null : poolMax.intValue();
    }

    private synchronized void sample() {
        try {
            BenchHttp.Reply r = http.getPublic("/admin/metrics");
            if (r.status() == 200) {
                Map<String, Double> m = parse(r.body());
                Double cpu = m.get("process_cpu_time_ns_total");
                if (cpu != null) {
                    if (cpuStartNanos == null) cpuStartNanos = cpu;
                    cpuEndNanos = cpu;
                }
                // the server's peak of the last seconds sees bursts between two samples; an older server has none
                peakPool = Math.max(peakPool, m.getOrDefault("quire_db_connections_peak",
                        m.getOrDefault("hikaricp_connections_active", -1.0)));
                peakRss = Math.max(peakRss, m.getOrDefault("process_resident_memory_peak_bytes", -1.0));
                if (m.containsKey("hikaricp_connections_max")) poolMax = m.get("hikaricp_connections_max");
            }
        } catch (java.io.IOException e) {
            // a missed sample under load is not an error of the run
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (db != null) {
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT count(*) FILTER (WHERE state <> 'idle'), count(*) FROM pg_stat_activity "
                            + "WHERE application_name = 'quire'")) {
                if (rs.next()) {
                    peakDb = Math.max(peakDb, rs.getInt(1));
                    peakDbOpen = Math.max(peakDbOpen, rs.getInt(2));
                }
            } catch (SQLException e) {
                // as above
            }
        }
    }

    /** Prometheus text format: "name{labels} value"; the labels are dropped (one pool, one process). */
    static Map<String, Double> parse(String text) {
        Map<String, Double> values = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int brace = line.indexOf('{');
            int space = line.lastIndexOf(' ');
            if (space < 0) continue;
            String name = brace >= 0 && brace < space ? line.substring(0, brace) : line.substring(0, space).trim();
            try {
                values.put(name, Double.parseDouble(line.substring(space + 1).trim()));
            } catch (NumberFormatException e) {
                // a value we do not read
            }
        }
        return values;
    }

    @Override
    public void close() throws SQLException {
        timer.shutdownNow();
        if (db != null) db.close();
    }
}
