package org.quire;

import org.quire.app.QuireServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.Json;
import org.quire.platform.auth.ApiKeys;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.db.Database;
import org.quire.platform.tenancy.Tenants;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The command line: {@code quire serve}, {@code quire tenant create <id>}, {@code quire apikey create|list|revoke},
 * {@code quire reindex [--tenant T]}, {@code quire import FILE…}, {@code quire bench <workflow>}.
 */
// INHERIT: every subcommand (quire bench, quire tenant create …) answers --help and --version too.
@Command(name = "quire", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, version = "Quire 0.1",
        description = "A fast, FOLIO-compatible library services platform in one process.",
        subcommands = {Quire.Serve.class, Quire.Tenant.class, Quire.ApiKey.class, Quire.Reindex.class,
                org.quire.cli.ImportCommand.class, org.quire.cli.ExportCommand.class,
                org.quire.bench.BenchCommand.class})
public final class Quire implements Runnable {

    public static void main(String[] args) {
        // Helidon logs through java.util.logging; route it to the same log as everything else.
        org.slf4j.bridge.SLF4JBridgeHandler.removeHandlersForRootLogger();
        org.slf4j.bridge.SLF4JBridgeHandler.install();
        System.exit(commandLine().execute(args));
    }

    /** The command line with its error handling: what {@code main} runs (and tests, with their own out/err). */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Quire());
        // Bad input (an invalid tenant id, an unreachable database) is told in one line, not a stack trace.
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
                cmd.getErr().println("quire: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return cli;
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    static class DataOptions {
        @Option(names = "--data-dir", defaultValue = "./data", description = "Data directory (embedded PostgreSQL, "
                + "token secret). Default: ${DEFAULT-VALUE}")
        Path dataDir;

        @Option(names = "--db-url", description = "JDBC URL of an external PostgreSQL (or QUIRE_DB_URL; user and "
                + "password from QUIRE_DB_USER / QUIRE_DB_PASSWORD). Default: the embedded PostgreSQL.")
        String dbUrl;
    }

    @Command(name = "serve", description = "Start Quire (creates the demo tenant on first start).")
    static final class Serve implements Runnable {
        @CommandLine.Mixin
        DataOptions data = new DataOptions();

        @Option(names = "--port", defaultValue = "9130", description = "HTTP port. Default: ${DEFAULT-VALUE}")
        int port;

        @Option(names = "--no-demo", description = "Do not create the demo tenant.")
        boolean noDemo;

        @Override
        public void run() {
            QuireConfig config = QuireConfig.fromEnvironment(port, data.dataDir, data.dbUrl, !noDemo);
            QuireServer server = QuireServer.start(config);
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                System.out.println("Stopping Quire…");
                server.close();
                stopped.countDown();
            }));
            String url = "http://localhost:" + server.port();
            System.out.println();
            System.out.println("Quire is ready at " + url);
            if (server.tenants().exists(QuireServer.DEMO_TENANT)) {
                System.out.println("  tenant:   " + QuireServer.DEMO_TENANT);
                System.out.println("  username: " + QuireServer.DEMO_ADMIN + "   password: " + QuireServer.DEMO_PASSWORD);
                System.out.println("  try:      curl -si -X POST " + url + "/authn/login -H 'X-Okapi-Tenant: diku' "
                        + "-H 'Content-Type: application/json' -d '{\"username\":\"diku_admin\",\"password\":\"admin\"}'");
            }
            System.out.println("  platform administrator (creates tenants): tenant "
                    + org.quire.platform.auth.PlatformAdmin.TENANT + ", username "
                    + org.quire.platform.auth.PlatformAdmin.USERNAME + ", password in "
                    + org.quire.platform.auth.PlatformAdmin.file(data.dataDir).toAbsolutePath().normalize());
            System.out.println("Press Ctrl-C to stop.");
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Rebuilds the search index of one tenant or all from the database (quire serve indexes an empty index by itself
     * at start; this is for a lost or outdated index). Works on the index directory directly: stop quire serve first.
     */
    @Command(name = "reindex", description = "Rebuild the search index of a tenant (or of all) from the database. "
            + "Stop quire serve first.")
    static final class Reindex implements Runnable {
        @CommandLine.Mixin
        DataOptions data = new DataOptions();

        @Option(names = "--tenant", description = "Tenant id. Default: every tenant")
        String tenant;

        @Override
        public void run() {
            QuireConfig config = QuireConfig.fromEnvironment(0, data.dataDir, data.dbUrl, false);
            try (Database db = Database.start(config);
                 org.quire.search.SearchIndexes indexes = new org.quire.search.SearchIndexes(data.dataDir)) {
                Tenants tenants = new Tenants(db);
                java.util.List<String> ids = tenant != null ? java.util.List.of(tenant)
                        : tenants.all().stream().map(Tenants.Tenant::id).toList();
                if (tenant != null && !tenants.exists(tenant)) {
                    throw new IllegalArgumentException("No tenant " + tenant);
                }
                org.quire.search.InstanceIndexer indexer = new org.quire.search.InstanceIndexer(db, indexes);
                org.quire.search.AuthorityIndexer authorityIndexer = new org.quire.search.AuthorityIndexer(db, indexes);
                for (String id : ids) {
                    java.io.PrintWriter out = new java.io.PrintWriter(System.out, true);
                    org.quire.cli.ProgressBar bar = new org.quire.cli.ProgressBar(id, "instances", out);
                    try {
                        bar.done(String.format("%s: %,d instances indexed", id, indexer.reindex(id, bar::update)));
                        System.out.println(id + ": " + authorityIndexer.reindex(id) + " authorities indexed");
                    } catch (java.io.UncheckedIOException e) {
                        throw new IllegalStateException("Cannot write the search index of " + id + " (is quire serve "
                                + "running? stop it first, or reindex it live with POST /search/index/instance-records/reindex/full): "
                                + e.getMessage());
                    }
                }
            }
        }
    }

    @Command(name = "tenant", description = "Manage tenants.", subcommands = {TenantCreate.class})
    static final class Tenant implements Runnable {
        @Override
        public void run() {
            new CommandLine(this).usage(System.out);
        }
    }

    @Command(name = "create", description = "Create a tenant: its schema, migrations and (optionally) data.")
    static final class TenantCreate implements Runnable {
        @CommandLine.Mixin
        DataOptions data = new DataOptions();

        @Parameters(index = "0", description = "Tenant id: 1 to " + Tenants.MAX_ID_LENGTH
                + " lowercase letters, digits and '_', starting with a letter")
        String id;

        @Option(names = "--name", description = "Display name")
        String name;

        @Option(names = "--no-reference-data", description = "Skip FOLIO's reference data")
        boolean noReference;

        @Option(names = "--sample-data",
                description = "Also load FOLIO's sample locations and the demo catalogue, patrons and loans")
        boolean sample;

        @Option(names = "--admin", description = "Create this administrator user (all permissions)")
        String admin;

        @Option(names = "--admin-password", defaultValue = "admin", description = "Its password. Default: ${DEFAULT-VALUE}")
        String password;

        @Override
        public void run() {
            // refused before anything starts (told in one line by commandLine's handler)
            if (!Tenants.validId(id)) throw new IllegalArgumentException(Tenants.invalidIdMessage(id));
            QuireConfig config = QuireConfig.fromEnvironment(0, data.dataDir, data.dbUrl, false);
            try (QuireServer server = QuireServer.start(config)) {
                boolean created = server.installer().install(id, name,
                        new TenantInstaller.Options(!noReference, sample, admin, password));
                System.out.println(created ? "Created tenant " + id : "Tenant " + id + " already exists");
            }
        }
    }

    /**
     * Edge API keys, worked on the database directly (like {@code tenant create}): with the embedded database, stop
     * {@code quire serve} first (or use the HTTP API, POST/GET/DELETE /quire/api-keys); with an external database,
     * running servers see a new key at once and stop honouring a revoked one within seconds.
     */
    @Command(name = "apikey", description = "Issue, list and revoke edge API keys (edge-rtac and other edge APIs).",
            subcommands = {ApiKeyCreate.class, ApiKeyList.class, ApiKeyRevoke.class})
    static final class ApiKey implements Runnable {
        @Override
        public void run() {
            new CommandLine(this).usage(System.out);
        }
    }

    /**
     * The database and the key registry for one command; closed when it ends. Quire's info logs (which go to
     * standard output) are quieted meanwhile, so that {@code KEY=$(quire apikey create …)} captures the key alone.
     */
    private static <T> T withKeys(DataOptions data, java.util.function.Function<ApiKeys, T> work) {
        var logger = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.quire");
        var level = logger.getLevel();
        logger.setLevel(ch.qos.logback.classic.Level.WARN);
        QuireConfig config = QuireConfig.fromEnvironment(0, data.dataDir, data.dbUrl, false);
        try (Database db = Database.start(config)) {
            return work.apply(new ApiKeys(db, new Tenants(db)));
        } finally {
            logger.setLevel(level);
        }
    }

    @Command(name = "create", description = "Issue an API key for a user of a tenant and print it (only once: "
            + "Quire keeps a hash of it). The user needs the permissions of the edge API, e.g. rtac.batch.post.")
    static final class ApiKeyCreate implements Runnable {
        @CommandLine.Mixin
        DataOptions data = new DataOptions();
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--tenant", required = true, description = "Tenant id")
        String tenant;

        @Option(names = "--user", required = true, description = "Username of the institutional user")
        String user;

        @Override
        public void run() {
            ApiKeys.Issued issued = withKeys(data, keys -> keys.create(tenant, user, null));
            spec.commandLine().getErr().println("Issued API key " + issued.info().id() + " for " + user + " of tenant "
                    + tenant + " (store it now: Quire keeps only its hash)");
            spec.commandLine().getOut().println(issued.key());
            spec.commandLine().getOut().flush();
        }
    }

    @Command(name = "list", description = "List a tenant's API keys (ids, users, dates; never the keys).")
    static final class ApiKeyList implements Runnable {
        @CommandLine.Mixin
        DataOptions data = new DataOptions();
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--tenant", required = true, description = "Tenant id")
        String tenant;

        @Override
        public void run() {
            java.io.PrintWriter out = spec.commandLine().getOut();
            java.util.List<ApiKeys.KeyInfo> keys = withKeys(data, k -> k.list(tenant));
            out.printf("%-36s  %-24s  %-24s  %s%n", "id", "username", "created", "revoked");
            for (ApiKeys.KeyInfo k : keys) {
                out.printf("%-36s  %-24s  %-24s  %s%n", k.id(), k.username(), Json.date(k.created()),
                        k.revoked() == null ? "-" : Json.date(k.revoked()));
            }
            out.flush();
        }
    }

    @Command(name = "revoke", description = "Revoke an API key, given by its id or by the key itself.")
    static final class ApiKeyRevoke implements Runnable {
        @CommandLine.Mixin
        DataOptions data = new DataOptions();
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", description = "The key's id (from 'apikey list') or the key")
        String keyOrId;

        @Override
        public void run() {
            ApiKeys.KeyInfo revoked = withKeys(data, keys -> keys.revoke(null, keyOrId))
                    .orElseThrow(() -> new IllegalArgumentException("No such API key"));
            spec.commandLine().getOut().println("Revoked API key " + revoked.id() + " of " + revoked.username()
                    + " (tenant " + revoked.tenant() + ")");
            spec.commandLine().getOut().flush();
        }
    }
}
