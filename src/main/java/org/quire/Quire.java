package org.quire;

import org.quire.app.QuireServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.config.QuireConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/** The command line: {@code quire serve}, {@code quire tenant create <id>}, {@code quire bench <workflow>}. */
@Command(name = "quire", mixinStandardHelpOptions = true, version = "Quire 0.1",
        description = "A fast, FOLIO-compatible library services platform in one process.",
        subcommands = {Quire.Serve.class, Quire.Tenant.class, org.quire.bench.BenchCommand.class})
public final class Quire implements Runnable {

    public static void main(String[] args) {
        // Helidon logs through java.util.logging; route it to the same log as everything else.
        org.slf4j.bridge.SLF4JBridgeHandler.removeHandlersForRootLogger();
        org.slf4j.bridge.SLF4JBridgeHandler.install();
        CommandLine cli = new CommandLine(new Quire());
        // Bad input (an invalid tenant id, an unreachable database) is told in one line, not a stack trace.
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
                cmd.getErr().println("quire: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        System.exit(cli.execute(args));
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
            System.out.println("Press Ctrl-C to stop.");
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
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

        @Parameters(index = "0", description = "Tenant id: lowercase letters, digits and '_'")
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
            QuireConfig config = QuireConfig.fromEnvironment(0, data.dataDir, data.dbUrl, false);
            try (QuireServer server = QuireServer.start(config)) {
                boolean created = server.installer().install(id, name,
                        new TenantInstaller.Options(!noReference, sample, admin, password));
                System.out.println(created ? "Created tenant " + id : "Tenant " + id + " already exists");
            }
        }
    }
}
