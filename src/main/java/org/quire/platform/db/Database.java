package org.quire.platform.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
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
 * server given by URL. All tenants share it; virtual threads queue for connections instead of timing out.
 */
public final class Database implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Database.class);

    /** Statements kept prepared per connection (the benchmark's SQL floor uses the same). */
    public static final int PREPARED_STATEMENT_CACHE = 2048;

    private final EmbeddedPostgres embedded;
    private final HikariDataSource pool;

    /** The embedded database's JDBC URL (user included), or null for an external one: for tools on the same machine. */
    public String embeddedJdbcUrl() {
        return embedded == null ? null : embedded.getJdbcUrl("postgres", "postgres");
    }

    private Database(EmbeddedPostgres embedded, HikariDataSource pool) {
        this.embedded = embedded;
        this.pool = pool;
    }

    public static Database start(QuireConfig config) {
        return start(config, null);
    }

    /** Starts the pool reporting its connections and waits into {@code metrics} ({@code hikaricp_*{pool="quire"}}). */
    public static Database start(QuireConfig config, MeterRegistry metrics) {
        EmbeddedPostgres embedded = null;
        String url = config.dbUrl();
        String user = config.dbUser();
        String password = config.dbPassword();
        if (url == null) {
            embedded = startEmbedded(config.dataDir());
            url = embedded.getJdbcUrl("postgres", "postgres");
            user = "postgres";
            password = null;
        }
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(url);
        if (user != null) hc.setUsername(user);
        if (password != null) hc.setPassword(password);
        hc.setMaximumPoolSize(config.poolSize());
        hc.setMinimumIdle(Math.min(4, config.poolSize()));
        // Under load requests wait for a connection rather than fail; 60 s is a deadlock detector, not a budget.
        hc.setConnectionTimeout(60_000);
        hc.setPoolName("quire");
        if (metrics != null) hc.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(metrics));
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
            return new Database(embedded, ds);
        } catch (RuntimeException e) {
            closeQuietly(embedded);
            throw e;
        }
    }

    private static EmbeddedPostgres startEmbedded(Path dataDir) {
        try {
            Path pgData = dataDir.toAbsolutePath().resolve("postgres");
            Files.createDirectories(pgData);
            log.info("Starting embedded PostgreSQL in {}", pgData);
            return embedded(pgData, false);
        } catch (IOException | IllegalStateException e) {
            throw new IllegalStateException("Could not start the embedded PostgreSQL in " + dataDir + " (is another "
                    + "Quire using this data directory?): " + e.getMessage(), e);
        }
    }

    /**
     * The embedded PostgreSQL as Quire runs it (durable commits, a modest shared_buffers), on a free port; the
     * benchmark starts its private database with the same settings. pg_stat_statements is preloaded (it costs
     * little) so that statement counts per request can be measured from outside the code: the RTAC test asserts
     * with it that one request runs the same number of statements for 1 and for 300 holdings.
     */
    public static EmbeddedPostgres embedded(Path pgData, boolean clean) throws IOException {
        return EmbeddedPostgres.builder()
                .setDataDirectory(pgData)
                .setCleanDataDirectory(clean)
                .setPort(0)
                .setServerConfig("max_connections", "100")
                .setServerConfig("shared_buffers", "256MB")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "on")
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                .setServerConfig("pg_stat_statements.track", "all")
                .start();
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
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            T result;
            try {
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
                throw e;
            }
            callbacks.values().forEach(Runnable::run);
            return result;
        } catch (SQLException e) {
            throw new DbException(e);
        } finally {
            AFTER_COMMIT.set(outer);
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
        try (Connection c = pool.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new DbException(e);
        }
    }

    @Override
    public void close() {
        pool.close();
        closeQuietly(embedded);
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
