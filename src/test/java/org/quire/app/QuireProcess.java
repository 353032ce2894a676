package org.quire.app;

import org.quire.Api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Quire server in a child JVM ({@code quire serve} on a data directory), for tests that kill it or its database:
 * the shared TestServer must never be harmed. Same Java and class path as the test, like the bench's private server.
 */
final class QuireProcess implements AutoCloseable {
    final Process process;
    final int port;
    final Path log;
    final Path dataDir;

    private QuireProcess(Process process, int port, Path log, Path dataDir) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.dataDir = dataDir;
    }

    /** Starts {@code quire serve} (with the demo tenant) on {@code dataDir}; does not wait for it. */
    static QuireProcess start(Path dataDir, String logName) throws IOException {
        int port = org.quire.bench.BenchTarget.freePort();
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = dataDir.getParent().resolve(logName);
        List<String> cmd = List.of(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"), "org.quire.Quire",
                "serve", "--port", String.valueOf(port), "--data-dir", dataDir.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("QUIRE_DB_URL");
        return new QuireProcess(pb.start(), port, log, dataDir);
    }

    Api api() {
        return new Api("http://localhost:" + port);
    }

    /** A public GET (no tenant, no token). */
    Api.Reply get(String path) {
        return api().send("GET", path, null, null, null);
    }

    /** Waits until /admin/health answers 200 (the demo tenant is created before the server listens). */
    QuireProcess awaitHealthy() throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) throw new IllegalStateException("Quire stopped during start-up:\n" + output());
            try {
                if (get("/admin/health").status() == 200) return this;
            } catch (Exception e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("Quire did not start within 4 minutes:\n" + output());
    }

    String output() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** The embedded PostgreSQL's postmaster (the live pid in its {@code postmaster.pid}), if it runs. */
    static Optional<ProcessHandle> postmaster(Path dataDir) throws IOException {
        Path pid = dataDir.resolve("postgres/postmaster.pid");
        if (!Files.exists(pid)) return Optional.empty();
        List<String> lines = Files.readAllLines(pid);
        if (lines.isEmpty()) return Optional.empty();
        return ProcessHandle.of(Long.parseLong(lines.getFirst().trim())).filter(ProcessHandle::isAlive);
    }

    Optional<ProcessHandle> postmaster() throws IOException {
        return postmaster(dataDir);
    }

    /** kill -9 of the embedded PostgreSQL's postmaster (its backends notice and exit); returns the killed one. */
    ProcessHandle killPostmaster() throws IOException, InterruptedException {
        ProcessHandle pg = postmaster().orElseThrow(() -> new IllegalStateException("no postmaster in " + dataDir));
        new ProcessBuilder("kill", "-9", String.valueOf(pg.pid())).inheritIO().start().waitFor();
        return pg;
    }

    /** kill -9: no shutdown hook runs, the embedded PostgreSQL is left behind. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
    }
}
