package org.quire.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.quire.platform.auth.PlatformAdmin;
import org.quire.platform.db.Database;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Quire under test and the database behind it. By default a private one: an embedded PostgreSQL owned by the
 * bench, with the same settings as Quire's own embedded one, and a Quire server in a child process on it — a separate
 * process, so that the server's CPU time and memory are its own and the load generator does not share its heap.
 *
 * @param url the server's base URL
 * @param dbUrl JDBC URL of its database, or null when not known (an external server given without --db-url)
 * @param platformAdminPassword the password of its platform administrator (who creates the bench's tenants), when
 *                              the bench can know it: read from the private server's data directory
 * @param serverPid the process id of the private server (the bench's child JVM), for {@code --profile}; null for an
 *                  external server
 * @param serverData the private server's data directory (the search report reads its index's segments); null for an
 *                   external server
 */
public record BenchTarget(String url, String dbUrl, String dbUser, String dbPassword, String platformAdminPassword,
                          Long serverPid, Path serverData, AutoCloseable resources) implements AutoCloseable {

    public static BenchTarget external(BenchOptions o) {
        return new BenchTarget(o.url(), o.dbUrl(), o.dbUser(), o.dbPassword(), null, null, null, () -> { });
    }

    /**
     * Starts PostgreSQL and Quire in a fresh temporary directory; everything is removed on close.
     *
     * @param profiled the server JVM gets the options {@code --profile} needs ({@link ServerProfiler#SERVER_OPTIONS})
     */
    public static BenchTarget startPrivate(Path out, Progress progress, boolean profiled)
            throws IOException, InterruptedException {
        return startPrivate(out, progress, profiled, java.util.Map.of());
    }

    /**
     * As {@link #startPrivate(Path, Progress, boolean)}, with more environment for the server (e.g. the
     * {@code QUIRE_SIP2_*} settings of {@code quire bench sip2}).
     */
    public static BenchTarget startPrivate(Path out, Progress progress, boolean profiled,
                                           java.util.Map<String, String> serverEnv)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("quire-bench-");
        List<AutoCloseable> opened = new java.util.concurrent.CopyOnWriteArrayList<>(); // also read by the exit hook
        opened.add(() -> deleteTree(dir));
        AutoCloseable cleanUp = closedOnceOrAtExit(opened);
        try {
            progress.step("Starting a private PostgreSQL and Quire (server log: " + out.resolve("server.log") + ")");
            EmbeddedPostgres pg = Database.embedded(dir.resolve("postgres"), true);
            opened.add(pg);
            String dbUrl = pg.getJdbcUrl("postgres", "postgres");
            String dbPassword = Database.password(dir.resolve("postgres"));
            int port = freePort();
            Process server = startServer(port, dir.resolve("server"), dbUrl, dbPassword, out.resolve("server.log"),
                    profiled, serverEnv);
            opened.add(() -> stop(server));
            String url = "http://localhost:" + port;
            awaitHealthy(url, server, out.resolve("server.log"));
            return new BenchTarget(url, dbUrl, "postgres", dbPassword, PlatformAdmin.read(dir.resolve("server")),
                    server.pid(), dir.resolve("server"), cleanUp);
        } catch (IOException | InterruptedException | RuntimeException e) {
            closeQuietly(cleanUp);
            throw e;
        }
    }

    /**
     * Closes {@code opened} once: when the bench ends, or when its JVM is stopped before that (Ctrl-C, SIGTERM), which
     * runs no finally block. Without the hook a stopped bench left its server process running (it is a child, not
     * a thread, and no signal reaches it) and its database directory behind.
     */
    private static AutoCloseable closedOnceOrAtExit(List<AutoCloseable> opened) {
        java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable close = () -> {
            if (closed.compareAndSet(false, true)) closeAll(opened);
        };
        Thread atExit = new Thread(close, "quire-bench-clean-up");
        Runtime.getRuntime().addShutdownHook(atExit);
        return () -> {
            close.run();
            try {
                Runtime.getRuntime().removeShutdownHook(atExit);
            } catch (IllegalStateException exiting) { // the hook is running or has run: nothing left to do
            }
        };
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            System.err.println("quire bench: while cleaning up: " + e.getMessage());
        }
    }

    /** {@code QUIRE_JAVA_OPTS}: JVM options separated by blanks (e.g. another garbage collector), none when unset. */
    static List<String> javaOptions(String env) {
        return env == null || env.isBlank() ? List.of() : List.of(env.strip().split("\\s+"));
    }

    /** The server's JVM options as ./quire passes them: its argument file, found beside the code's target directory. */
    static String serverOptionsFile(Path codeLocation) {
        for (Path dir = codeLocation.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path file = dir.resolve(SERVER_OPTIONS);
            if (Files.isRegularFile(file)) return "@" + file;
        }
        throw new IllegalStateException("No " + SERVER_OPTIONS + " above " + codeLocation
                + ": the bench starts its server with the same JVM options as ./quire serve");
    }

    private static final String SERVER_OPTIONS = "bin/server.jvm-options";

    /**
     * The same Java and class path as this process, so a bench always measures the code it was built with. Run from
     * the packaged jar, the server gets a copy of it: a rebuild during a long run would otherwise change the classes
     * under the running server.
     */
    private static Process startServer(int port, Path dataDir, String dbUrl, String dbPassword, Path log,
                                       boolean profiled, java.util.Map<String, String> serverEnv) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        String classPath = System.getProperty("java.class.path");
        Path jar = Path.of(classPath);
        String options = serverOptionsFile(Path.of(classPath.split(File.pathSeparator)[0]));
        if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator) && Files.isRegularFile(jar)) {
            Path copy = Files.copy(jar, dataDir.getParent().resolve("quire.jar"));
            classPath = copy + File.pathSeparator + jar.toAbsolutePath().getParent().resolve("lib") + "/*";
        }
        List<String> cmd = new ArrayList<>(List.of(java, options));
        cmd.addAll(javaOptions(System.getenv("QUIRE_JAVA_OPTS"))); // as ./quire passes them to the server it starts
        if (profiled) cmd.addAll(ServerProfiler.SERVER_OPTIONS);
        cmd.addAll(List.of("-cp", classPath, "org.quire.Quire",
                "serve", "--port", String.valueOf(port), "--data-dir", dataDir.toString(), "--db-url", dbUrl));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("QUIRE_DB_USER", "postgres");
        pb.environment().put("QUIRE_DB_PASSWORD", dbPassword);
        pb.environment().putAll(serverEnv);
        return pb.start();
    }

    private static void awaitHealthy(String url, Process server, Path log) throws InterruptedException {
        BenchHttp http = new BenchHttp(url);
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("The bench's Quire server stopped during start-up; see " + log);
            }
            try {
                if (http.getPublic("/admin/health").status() == 200) return;
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("The bench's Quire server did not start within 5 minutes; see " + log);
    }

    /** SIGTERM, so that Quire stops cleanly; then SIGKILL if it hangs. */
    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
    }

    /**
     * A free port for a server that binds it some seconds later (after its PostgreSQL and tenants). Not one from the
     * kernel's ephemeral range: there, the embedded PostgreSQL's port or any outgoing connection could take it
     * meanwhile ("Address already in use", seen on CI).
     */
    public static int freePort() throws IOException {
        int ephemeralFrom = 32768;
        java.nio.file.Path range = java.nio.file.Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        if (java.nio.file.Files.isReadable(range)) {
            ephemeralFrom = Integer.parseInt(java.nio.file.Files.readString(range).trim().split("\\s+")[0]);
        }
        java.util.Random random = new java.util.Random();
        for (int attempt = 0; attempt < 100 && ephemeralFrom > 11_000; attempt++) {
            try (ServerSocket s = new ServerSocket(10_000 + random.nextInt(ephemeralFrom - 10_000))) {
                return s.getLocalPort();
            } catch (IOException taken) {
                // another one
            }
        }
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void closeAll(List<AutoCloseable> opened) {
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception e) {
                System.err.println("quire bench: while cleaning up: " + e.getMessage());
            }
        }
    }

    /**
     * Deletes the bench's directory, trying again while something still finishes writing or removing in it (a
     * server or PostgreSQL stopped a moment before, when a signal stopped the bench during their start-up).
     */
    private static void deleteTree(Path dir) throws IOException, InterruptedException {
        for (int attempt = 1; attempt <= 5 && Files.exists(dir); attempt++) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            } catch (IOException | java.io.UncheckedIOException e) { // a file gone or added while walking
                if (attempt == 5) throw e instanceof IOException io ? io : ((java.io.UncheckedIOException) e).getCause();
                Thread.sleep(300);
            }
        }
    }

    @Override
    public void close() throws Exception {
        resources.close();
    }
}
