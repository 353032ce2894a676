package org.quire;

import org.quire.app.QuireServer;
import org.quire.platform.config.QuireConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One real Quire — embedded PostgreSQL, HTTP server, demo tenant — per test JVM, shared by the black-box tests
 * (DESIGN.md "Tests": real server, real database, no mocks). Stopped, and its data directory deleted, by a shutdown
 * hook.
 */
public final class TestServer {
    private static QuireServer server;
    private static Path dataDir;

    private TestServer() {
    }

    public static synchronized QuireServer get() {
        if (server == null) {
            try {
                dataDir = Files.createTempDirectory("quire-test");
                server = QuireServer.start(new QuireConfig(0, dataDir, null, null, null, 10, true, false));
                Path dir = dataDir;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    server.close();
                    deleteTree(dir); // its database and indexes take over a gigabyte per test JVM
                }));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return server;
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            System.err.println("Could not delete the test server's data directory " + dir + ": " + e);
        }
    }

    /** The server's data directory (its notices file, for one). */
    public static synchronized Path dataDir() {
        get();
        return dataDir;
    }

    /**
     * The platform administrator's session (tenant supertenant), who alone creates and lists tenants; its password
     * is read from the data directory, as an operator would.
     */
    public static Api.Session platformAdmin() {
        try {
            return api().login(org.quire.platform.auth.PlatformAdmin.TENANT, org.quire.platform.auth.PlatformAdmin.USERNAME,
                    org.quire.platform.auth.PlatformAdmin.read(dataDir()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Api api() {
        return new Api("http://localhost:" + get().port());
    }
}
