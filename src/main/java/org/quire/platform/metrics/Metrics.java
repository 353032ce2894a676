package org.quire.platform.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The process's one meter registry, scraped by Prometheus at {@code GET /admin/metrics}. The connection pool reports
 * into it too (Database). ProcessorMetrics already counts the process's CPU time ({@code process_cpu_time_ns_total}),
 * so no counter of our own duplicates it.
 */
public final class Metrics implements AutoCloseable {
    /** Prometheus' classic text format, which every scraper understands. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final Path PROC_STATUS = Path.of("/proc/self/status");

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    // Listens to GC notifications until closed; a process that starts several servers (the tests) must not leak them.
    private final JvmGcMetrics gc = new JvmGcMetrics();

    public Metrics() {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        // The JVM's memory pools miss native memory (thread stacks, direct buffers, the JIT); the kernel's count
        // of resident pages does not, and the peak shows what a benchmark run really needed.
        if (Files.isReadable(PROC_STATUS)) {
            residentGauge("process.resident.memory", "VmRSS", "Resident set size of the process");
            residentGauge("process.resident.memory.peak", "VmHWM", "Peak resident set size of the process");
        }
    }

    private void residentGauge(String name, String field, String description) {
        Gauge.builder(name, () -> procStatusBytes(field)).baseUnit("bytes").description(description)
                .register(registry);
    }

    /** A "kB" line of /proc/self/status in bytes, NaN if it cannot be read. */
    private static double procStatusBytes(String field) {
        try {
            for (String line : Files.readAllLines(PROC_STATUS)) {
                if (line.startsWith(field + ":")) {
                    String[] parts = line.substring(field.length() + 1).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024.0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // A gauge that throws breaks the whole scrape; NaN is how Prometheus says "unknown".
        }
        return Double.NaN;
    }

    public MeterRegistry registry() {
        return registry;
    }

    /**
     * Every meter in Prometheus' text format ({@link #CONTENT_TYPE}), written on a platform thread. The Prometheus
     * writer wraps its output in a new BufferedWriter and writes it a character at a time; on a virtual thread (every
     * request's) a BufferedWriter starts at 512 characters and grows by exactly what each write needs, so an 11 kB
     * answer copied its buffer at almost every character: 17 MB allocated per scrape, where a platform thread's
     * allocates 43 kB. The bench scrapes twice a second, so that garbage was a fifth of the server's allocation under
     * one user's check-outs (a JFR recording, docs/benchmarks.md).
     */
    public String scrape() {
        if (!Thread.currentThread().isVirtual()) return registry.scrape(CONTENT_TYPE);
        FutureTask<String> scrape = new FutureTask<>(() -> registry.scrape(CONTENT_TYPE));
        Thread.ofPlatform().name("metrics-scrape").daemon().start(scrape);
        try {
            return scrape.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while scraping the metrics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Scraping the metrics failed", e.getCause());
        }
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
