package org.quire.platform;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;

import java.util.Arrays;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** The public Prometheus endpoint and the authenticated, database-free ping. */
class MetricsTest {
    /** TestServer's configured pool size. */
    private static final int POOL_SIZE = 10;

    @Test
    void metricsArePublic_inPrometheusTextFormat_withPoolProcessAndCpuValues() {
        Api api = TestServer.api();
        api.demoAdmin().get("/users?limit=1"); // the pool has served at least one request
        Api.Reply r = api.send("GET", "/admin/metrics", null, null, null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");

        double active = value(r.body(), "hikaricp_connections_active", "pool=\"quire\"");
        double max = value(r.body(), "hikaricp_connections_max", "pool=\"quire\"");
        assertThat(max).isEqualTo(POOL_SIZE);
        assertThat(active).isBetween(0.0, max);
        assertThat(value(r.body(), "hikaricp_connections", "pool=\"quire\"")).isBetween(1.0, max);
        // the request above borrowed and returned a connection a moment ago: the recent peak saw it, the instant
        // value of the active connections may not
        assertThat(value(r.body(), "quire_db_connections_peak", "")).isBetween(1.0, max);

        double rss = value(r.body(), "process_resident_memory_bytes", "");
        assertThat(rss).isGreaterThan(10e6);
        // The two gauges are read one after the other, so within one scrape the resident size may already exceed
        // the peak read a moment before; the peak of a later scrape never falls below an earlier resident size.
        Api.Reply later = api.send("GET", "/admin/metrics", null, null, null);
        assertThat(value(later.body(), "process_resident_memory_peak_bytes", "")).isGreaterThanOrEqualTo(rss);
        assertThat(value(r.body(), "process_cpu_time_ns_total", "")).isGreaterThan(0);
        assertThat(value(r.body(), "jvm_memory_used_bytes", "area=\"heap\"")).isGreaterThan(0);
        assertThat(value(r.body(), "process_uptime_seconds", "")).isGreaterThan(0);
    }

    @Test
    void ping_needsAToken_andAnswersPong() {
        Api api = TestServer.api();
        assertThat(api.send("GET", "/admin/ping", null, "diku", null).status()).isEqualTo(401);
        Api.Reply r = api.demoAdmin().get("/admin/ping");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("pong");
    }

    /** The value of the first sample named {@code name} whose labels contain {@code label}; fails if there is none. */
    private static double value(String exposition, String name, String label) {
        OptionalDouble v = Arrays.stream(exposition.split("\n"))
                .filter(line -> !line.startsWith("#"))
                .filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{") && line.contains(label))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst();
        assertThat(v).as("a sample of %s{%s} in:%n%s", name, label, exposition).isPresent();
        return v.getAsDouble();
    }
}
