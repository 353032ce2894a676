package org.quire.platform.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
import org.quire.platform.SecretFile;
import org.quire.platform.config.QuireConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one connection pool of the process, over either the embedded PostgreSQL (in the data directory) or an external
 * server given by URL. All tenants share it; virtual threads queue for connections, for at most 5 s (then 503).
 */
public final class Database implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Database.class);

    /** Statements kept prepared per connection (the benchmark's SQL floor uses the same). */
    public static final int PREPARED_STATEMENT_CACHE = 2048;

    /** How long a request waits for a connection before it is answered 503 "Database unavailable". */
    static final int CONNECTION_TIMEOUT_MS = 5_000;

    /** The embedded server; replaced by the watchdog when it restarts a PostgreSQL that died. */
    private volatile EmbeddedPostgres embedded;
    private final DataDirLock lock;
    private final Path pgData;
    /** The pool's settings, kept to open a fresh pool on a restarted embedded PostgreSQL. */
    private final HikariConfig poolConfig;
    /** Replaced (never by a caller's doing) when the watchdog restarts the embedded PostgreSQL. */
    private volatile HikariDataSource pool;
    /** False while the watchdog knows the embedded PostgreSQL is down: requests then fail at once, not after 5 s. */
    private volatile boolean available = true;
    private final Thread watchdog;

    /**
     * The embedded database's JDBC URL (user and password included), or null for an external one: for tools on the
     * same machine.
     */
    public String embeddedJdbcUrl() {
        EmbeddedPostgres pg = embedded;
        return pg == null ? null : jdbcUrl(pg, pgData);
    }

    /** {@code pg}'s JDBC URL with the user postgres and its password (from {@code pgData}'s secret file). */
    public static String jdbcUrl(EmbeddedPostgres pg, Path pgData) {
        try {
            return pg.getJdbcUrl("postgres", "postgres") + "&password=" + password(pgData);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + secretFile(pgData) + ": " + e.getMessage(), e);
        }
    }

    private Database(Embedded embedded, HikariConfig poolConfig, HikariDataSource pool) {
        this.poolConfig = poolConfig;
        this.embedded = embedded == null ? null : embedded.pg();
        this.lock = embedded == null ? null : embedded.lock();
        this.pgData = embedded == null ? null : embedded.pgData();
        this.pool = pool;
        this.watchdog = embedded == null ? null
                : Thread.ofPlatform().daemon().name("quire-postgres-watchdog").start(this::watch);
    }

    /** The embedded server with the lock on its data directory. */
    private record Embedded(EmbeddedPostgres pg, DataDirLock lock, Path pgData) implements AutoCloseable {
        @Override
        public void close() {
            closeQuietly(pg);
            lock.close();
        }
    }

    public static Database start(QuireConfig config) {
        return start(config, null);
    }

    /** Starts the pool reporting its connections and waits into {@code metrics} ({@code hikaricp_*{pool="quire"}}). */
    public static Database start(QuireConfig config, MeterRegistry metrics) {
        Embedded embedded = null;
        String url = config.dbUrl();
        String user = config.dbUser();
        String password = config.dbPassword();
        if (url == null) {
            embedded = startEmbedded(config.dataDir());
            url = embedded.pg().getJdbcUrl("postgres", "postgres");
            user = "postgres";
            try {
                password = password(embedded.pgData());
            } catch (IOException e) {
                embedded.close();
                throw new IllegalStateException("Cannot read " + secretFile(embedded.pgData()), e);
            }
        }
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(url);
        if (user != null) hc.setUsername(user);
        if (password != null) hc.setPassword(password);
        hc.setMaximumPoolSize(config.poolSize());
        hc.setMinimumIdle(Math.min(4, config.poolSize()));
        // Under load requests queue for a connection (waits are milliseconds even at the bench's highest load); a
        // request that waits 5 s finds the database down or wedged and is answered 503 rather than hanging for a
        // minute (issue 12: PostgreSQL died and every request waited 60 s, then failed 500).
        hc.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        hc.setPoolName("quire");
        if (metrics != null) hc.setMetricsTrackerFactory(new PeakConnections(metrics));
        hc.addDataSourceProperty("reWriteBatchedInserts", "true");
        hc.addDataSourceProperty("prepareThreshold", "1");
        // Every tenant's statements name its schema, so each tenant adds its own statements to every connection's
        // cache: pgJDBC's default of 256 thrashed with 61 busy tenants (each miss re-parses and re-plans); 2,048 raised
        // multi-tenant check-in/check-out throughput by 27% in one comparison. The prepared plans live in the server's
        // backends too, so this trades some server memory per connection for that.
        hc.addDataSourceProperty("preparedStatementCacheQueries", String.valueOf(PREPARED_STATEMENT_CACHE));
        hc.addDataSourceProperty("preparedStatementCacheSizeMiB", "32");
        hc.addDataSourceProperty("ApplicationName", "quire");
        try {
            HikariDataSource ds = new HikariDataSource(hc);
            migratePlatform(ds);
            return new Database(embedded, hc, ds);
        } catch (RuntimeException e) {
            if (embedded != null) embedded.close();
            throw e;
        }
    }

    /**
     * Locks the data directory (refused while another live Quire holds it), stops a PostgreSQL a crashed Quire left
     * running in it, and starts the embedded server.
     */
    private static Embedded startEmbedded(Path dataDir) {
        DataDirLock lock;
        try {
            lock = DataDirLock.acquire(dataDir.toAbsolutePath());
        } catch (IOException e) {
            throw new IllegalStateException("Could not lock the data directory " + dataDir + ": " + e.getMessage(), e);
        }
        Path pgData = dataDir.toAbsolutePath().resolve("postgres");
        try {
            Files.createDirectories(pgData);
            DataDirLock.stopOrphanedPostmaster(pgData);
            log.info("Starting embedded PostgreSQL in {}", pgData);
            return new Embedded(embedded(pgData, false, 0), lock, pgData);
        } catch (IOException | IllegalStateException e) {
            lock.close();
            throw new IllegalStateException("Could not start the embedded PostgreSQL in " + dataDir + ": "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            lock.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting the embedded PostgreSQL", e);
        }
    }

    /**
     * Checks every second that the embedded postmaster lives; when it died (killed, crashed, out of memory), starts it
     * again on the same port and opens a fresh pool on it, so that Quire serves again without a restart of its own.
     * Requests meanwhile fail at once with 503.
     */
    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(1_000);
                boolean running = DataDirLock.postmaster(pgData).isPresent();
                if (running && available) continue;
                available = false;
                if (!running) {
                    EmbeddedPostgres dead = embedded;
                    log.error("The embedded PostgreSQL in {} is gone; restarting it on port {}", pgData, dead.getPort());
                    closeQuietly(dead);
                    embedded = restartEmbedded(dead.getPort());
                }
                replacePool();
                available = true;
                log.info("The embedded PostgreSQL is running again");
            } catch (InterruptedException e) {
                return;
            } catch (IOException | RuntimeException e) {
                log.error("Could not restart the embedded PostgreSQL (trying again): {}", e.getMessage());
            }
        }
    }

    /**
     * Closes the pool and opens a fresh one. The old pool would serve again too, but late: while the database is down
     * HikariCP's connection creator backs off, doubling its sleep up to 5 s, so after an outage of some seconds the
     * first connection to the restarted server came up to 5 s after it was ready (the crash test measured 4.7 s of
     * requests waiting on a running PostgreSQL). A fresh pool connects at once. The old one is closed first so that
     * the pool's metrics are the new one's.
     */
    private void replacePool() {
        pool.close();
        pool = new HikariDataSource(poolConfig);
    }

    /** Starts the server again, retrying while the dead postmaster's backends still hold its shared memory. */
    private EmbeddedPostgres restartEmbedded(int port) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return embedded(pgData, false, port);
            } catch (IOException | IllegalStateException e) {
                if (attempt == 10) throw e;
                log.warn("Restart attempt {} failed ({}); retrying", attempt, e.getMessage());
                Thread.sleep(1_000);
            }
        }
    }

    /**
     * Readiness: true when a connection can be had and answers within {@code timeoutMs} (liveness is the HTTP
     * server answering at all).
     */
    public boolean ready(int timeoutMs) {
        if (!available) return false;
        var check = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (Connection c = pool.getConnection()) {
                return c.isValid(Math.max(1, timeoutMs / 1000));
            } catch (SQLException e) {
                return false;
            }
        }, r -> Thread.ofVirtual().start(r));
        try {
            return check.get(timeoutMs, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Fails at once with 503 while the embedded PostgreSQL is known down, rather than after the pool's timeout. */
    private Connection connection() throws SQLException {
        if (!available) throw new java.sql.SQLTransientConnectionException("Database unavailable", "08006");
        HikariDataSource p = pool;
        try {
            return p.getConnection();
        } catch (SQLException e) {
            // The watchdog closed this pool for a fresh one between the check above and here (or Quire is stopping).
            if (p.isClosed()) throw new java.sql.SQLTransientConnectionException("Database unavailable", "08006", e);
            throw e;
        }
    }

    /**
     * The embedded PostgreSQL as Quire runs it (durable commits, shared_buffers sized to the machine), on a free
     * port; the benchmark starts its private database with the same settings. pg_stat_statements is preloaded (it
     * costs little) so that statement counts per request can be measured from outside the code: the RTAC test
     * asserts with it that one request runs the same number of statements for 1 and for 300 holdings.
     *
     * <p>Secured (issue 12): every connection, TCP or local, must prove the password kept in {@link #secretFile}
     * (scram-sha-256); the server listens on the loopback interface only and has no unix socket (Quire connects over
     * TCP; the binaries' default socket directory is the world-writable /tmp). zonky runs initdb with trust
     * authentication, so the password is given to initdb, zonky's start-up check connects with it, and pg_hba.conf
     * is then rewritten — which also upgrades a data directory made before, on its next start.
     */
    public static EmbeddedPostgres embedded(Path pgData, boolean clean) throws IOException {
        return embedded(pgData, clean, 0);
    }

    /**
     * PostgreSQL's shared buffers for a machine with {@code memoryBytes}: a quarter of it (the PostgreSQL manual's
     * starting point for a dedicated server), at least 128 MB (also when the memory is unknown, -1) and at most
     * 2 GB. The cap: a larger pool gains little over the kernel's page cache, and dropping or truncating a table
     * scans the whole pool once. A fixed 256 MB was under a third of what a harvest of 100,000 records reads (about
     * 900 MB of SRS records, instances, holdings, items and their indexes: five times a 20,000-record tenant's
     * 181 MB): OAI-PMH pages then copied many of their blocks in from the page cache, evicting others
     * (docs/benchmarks.md, issue 15). The memory is touched only as pages are read, not at start.
     */
    static long sharedBuffersMb(long memoryBytes) {
        long quarterMb = memoryBytes / 4 / (1024 * 1024);
        return Math.clamp(quarterMb, 128, 2048);
    }

    /** As {@link #embedded(Path, boolean)} on {@code port} (0: a free one). */
    static EmbeddedPostgres embedded(Path pgData, boolean clean, int port) throws IOException {
        Path secret = secretFile(pgData);
        refuseLostSecret(pgData, secret);
        String password = SecretFile.readOrCreate(secret, () -> SecretFile.random(24));
        Path binaries = EmbeddedBinaries.directory();
        EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setOverrideWorkingDirectory(binaries.toFile())
                .setDataDirectory(pgData)
                .setCleanDataDirectory(clean)
                .setPort(port)
                // initdb's own options (zonky appends these after its "-A trust"; the last -A/--auth wins)
                .setLocaleConfig("auth", "scram-sha-256")
                .setLocaleConfig("pwfile", secret.toAbsolutePath().toString())
                .setConnectConfig("password", password)
                .setServerConfig("listen_addresses", "localhost")
                .setServerConfig("unix_socket_directories", "''")
                .setServerConfig("password_encryption", "scram-sha-256")
                .setServerConfig("max_connections", "100")
                .setServerConfig("shared_buffers", sharedBuffersMb(org.quire.platform.MachineMemory.bytes()) + "MB")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "on")
                // Checkpoints further apart than PostgreSQL's defaults (1 GB of WAL, 5 min). The first change of a page
                // after a checkpoint writes the whole page to the WAL: under 8 users' check-outs the default distance
                // made a checkpoint every 15-20 s and whole pages most of 30 MB/s of WAL, and as the loan table's
                // indexes grew, more of their pages were written whole every cycle (docs/benchmarks.md, issue 16's
                // longevity).
                // The price: up to this much WAL on disk under sustained writes, and as much to replay after a crash.
                .setServerConfig("max_wal_size", "4GB")
                .setServerConfig("checkpoint_timeout", "15min")
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                .setServerConfig("pg_stat_statements.track", "all")
                .start();
        try {
            EmbeddedBinaries.tighten();
            requirePasswords(pg, pgData, password);
        } catch (IOException | RuntimeException e) {
            closeQuietly(pg);
            throw e;
        }
        return pg;
    }

    /**
     * A secured data directory whose password file is gone cannot be opened: generating a new secret would only fail
     * at the first connection with PostgreSQL's bare "password authentication failed". Says what to do instead.
     */
    private static void refuseLostSecret(Path pgData, Path secret) throws IOException {
        Path hba = pgData.resolve("pg_hba.conf");
        if (Files.exists(secret) || !Files.exists(hba) || Files.readString(hba).contains(" trust")) return;
        throw new IllegalStateException("The embedded PostgreSQL in " + pgData + " requires the password kept in "
                + secret + ", which is missing. Restore that file; or, to set a new password, replace "
                + "'scram-sha-256' by 'trust' in " + hba + " and start Quire again (it then generates and sets one)");
    }

    /** Where the embedded server's password is kept: beside its data directory ({@code <data dir>/postgres.secret}). */
    public static Path secretFile(Path pgData) {
        Path abs = pgData.toAbsolutePath();
        return abs.resolveSibling(abs.getFileName() + ".secret");
    }

    /** The embedded server's password (for tools on the same machine, such as the benchmark's SQL floor). */
    public static String password(Path pgData) throws IOException {
        return Files.readString(secretFile(pgData)).trim();
    }

    /** Every connection proves the password; nothing else is accepted (and only on the loopback interface). */
    static final String PG_HBA = """
            # Written by Quire (platform/db/Database): every connection must prove the password kept in the data
            # directory's postgres.secret. Quire rewrites this file when it differs.
            local   all           all                    scram-sha-256
            host    all           all    127.0.0.1/32    scram-sha-256
            host    all           all    ::1/128         scram-sha-256
            local   replication   all                    scram-sha-256
            host    replication   all    127.0.0.1/32    scram-sha-256
            host    replication   all    ::1/128         scram-sha-256
            """;

    /**
     * Makes the running server require the password: sets it (a data directory made before issue 12 has none, as
     * initdb ran with trust), writes {@link #PG_HBA} and reloads. Nothing to do when pg_hba.conf is already Quire's.
     */
    private static void requirePasswords(EmbeddedPostgres pg, Path pgData, String password) throws IOException {
        Path hba = pgData.resolve("pg_hba.conf");
        if (Files.exists(hba) && Files.readString(hba).equals(PG_HBA)) return;
        try (Connection c = java.sql.DriverManager.getConnection(pg.getJdbcUrl("postgres", "postgres"), "postgres",
                password)) {
            // pgJDBC computes the SCRAM verifier itself: the password never travels or lands in a log as text.
            c.unwrap(org.postgresql.PGConnection.class).alterUserPassword("postgres", password.toCharArray(),
                    "scram-sha-256");
            SecretFile.write(hba, PG_HBA);
            try (var st = c.createStatement()) {
                st.execute("SELECT pg_reload_conf()");
            }
        } catch (SQLException e) {
            throw new IOException("Could not require passwords of the embedded PostgreSQL in " + pgData + ": "
                    + e.getMessage(), e);
        }
        log.info("The embedded PostgreSQL in {} requires its password (scram-sha-256), kept in {}", pgData,
                secretFile(pgData));
    }

    private static void migratePlatform(DataSource ds) {
        Flyway.configure().dataSource(ds).schemas("platform").locations("classpath:db/platform")
                .load().migrate();
    }

    /** Creates (if needed) and migrates one tenant schema. */
    public void migrateTenantSchema(String schema) {
        Flyway.configure().dataSource(pool).schemas(schema).locations("classpath:db/tenant")
                .placeholders(java.util.Map.of("schema", schema))
                .load().migrate();
    }

    /** Callbacks registered by the transaction running on this thread, run only if it commits. */
    private static final ThreadLocal<Map<Object, Runnable>> AFTER_COMMIT = new ThreadLocal<>();

    /** Runs {@code work} in one transaction: committed when it returns, rolled back when it throws. */
    public <T> T tx(SqlWork<T> work) {
        Map<Object, Runnable> outer = AFTER_COMMIT.get();
        Map<Object, Runnable> callbacks = new LinkedHashMap<>();
        AFTER_COMMIT.set(callbacks);
        try {
            Connection c = connection();
            T result;
            try {
                c.setAutoCommit(false);
                result = work.run(c);
                c.commit();
            } catch (Throwable e) {
                // The work's failure is what the caller must see; a rollback that fails too (a broken connection)
                // travels with it instead of replacing it.
                try {
                    c.rollback();
                } catch (SQLException rollbackFailure) {
                    e.addSuppressed(rollbackFailure);
                }
                release(c, e);
                throw e;
            }
            try {
                callbacks.values().forEach(Runnable::run);
            } finally {
                release(c, null);
            }
            return result;
        } catch (SQLException e) {
            throw new DbException(e);
        } finally {
            AFTER_COMMIT.set(outer);
        }
    }

    /**
     * Hands {@code c} back to its pool. Once the work is done (and committed) the answer stands whatever the return
     * does: when the watchdog replaced the pool meanwhile, HikariCP has aborted the connection under the work and its
     * close throws (a NullPointerException in HikariCP 7.1) — a check-out that had committed was answered 500 in the
     * crash test. After a failed work the return's failure travels with the work's.
     */
    private static void release(Connection c, Throwable failure) {
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            if (failure != null) failure.addSuppressed(e);
            else log.warn("A connection could not be returned to its pool (it was replaced meanwhile): {}", e.toString());
        }
    }

    /**
     * Runs {@code callback} after the current transaction commits (never if it rolls back); one callback per
     * {@code key}, however often it is registered.
     */
    public static void afterCommit(Object key, Runnable callback) {
        Map<Object, Runnable> callbacks = AFTER_COMMIT.get();
        if (callbacks != null) callbacks.putIfAbsent(key, callback);
    }

    /** Runs read-only {@code work} on one connection in auto-commit mode (no BEGIN/COMMIT round trips). */
    public <T> T read(SqlWork<T> work) {
        try {
            Connection c = connection();
            T result;
            try {
                result = work.run(c);
            } catch (Throwable e) {
                release(c, e);
                throw e;
            }
            release(c, null);
            return result;
        } catch (SQLException e) {
            throw new DbException(e);
        }
    }

    /**
     * Stops restarting a PostgreSQL that died: called first when Quire stops. On SIGTERM the embedded server's own
     * shutdown hook stops PostgreSQL while Quire's hook is still closing the rest; the watchdog took that for a crash,
     * restarted it and left it running after the JVM had exited.
     */
    public void stopWatchdog() {
        if (watchdog == null) return;
        watchdog.interrupt();
        try {
            watchdog.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopWatchdog();
        pool.close();
        closeQuietly(embedded);
        if (lock != null) lock.close();
    }

    private static void closeQuietly(EmbeddedPostgres pg) {
        if (pg == null) return;
        try {
            pg.close();
            log.info("Embedded PostgreSQL stopped");
        } catch (IOException e) {
            log.warn("Could not stop embedded PostgreSQL cleanly: {}", e.getMessage());
        }
    }

    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }
}
