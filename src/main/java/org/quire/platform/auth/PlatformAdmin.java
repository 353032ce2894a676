package org.quire.platform.auth;

import org.quire.platform.SecretFile;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.UUID;

/**
 * The platform administrator: the one account that manages tenants ({@code /_/tenants}), apart from every tenant's
 * users. FOLIO gives that right to Okapi's supertenant and its own admin user (okapi doc/securing.md: log in with
 * {@code POST /authn/login} and {@code X-Okapi-Tenant: supertenant}, then call {@code /_/proxy/tenants}); Quire keeps
 * the same call shape. The supertenant is no library: it has no schema, no users table and no library routes.
 *
 * <p>The password is generated on first start and kept in {@code <data dir>/platform-admin.secret} (mode 0600, like
 * the token secret beside it: whoever can read either controls the installation anyway). The start that creates it
 * logs where it is, once.
 */
public final class PlatformAdmin {
    private static final Logger log = LoggerFactory.getLogger(PlatformAdmin.class);
    /** Okapi's name for its built-in administration tenant. */
    public static final String TENANT = Tenants.SUPERTENANT;
    /** The user name okapi's doc/securing.md gives the supertenant's administrator. */
    public static final String USERNAME = "superuser";
    /** The id okapi's doc/securing.md gives that user; it is no tenant's user id. */
    public static final UUID USER_ID = UUID.fromString("99999999-9999-4999-9999-999999999999");
    public static final String FILE = "platform-admin.secret";

    private final byte[] password;

    private PlatformAdmin(String password) {
        this.password = password.getBytes(StandardCharsets.UTF_8);
    }

    /** The file holding the platform administrator's password in {@code dataDir}. */
    public static Path file(Path dataDir) {
        return dataDir.resolve(FILE);
    }

    /** Reads the password from the data directory, creating it (and saying where) on first start. */
    public static PlatformAdmin forDataDir(Path dataDir) {
        Path f = file(dataDir);
        try {
            if (!Files.exists(f)) {
                SecretFile.write(f, SecretFile.random(18));
                log.info("Created the platform administrator (tenant '{}', user '{}'), who alone may create and list "
                        + "tenants; the password is in {}", TENANT, USERNAME, f.toAbsolutePath());
            }
            return new PlatformAdmin(read(dataDir));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read or create " + f + ": " + e.getMessage(), e);
        }
    }

    /** The password kept in {@code dataDir} (for tools on the same machine, such as the bench). */
    public static String read(Path dataDir) throws IOException {
        return Files.readString(file(dataDir)).trim();
    }

    /** Whether these are the platform administrator's credentials (compared in constant time). */
    public boolean matches(String username, String password) {
        if (username == null || password == null) return false;
        boolean user = MessageDigest.isEqual(USERNAME.getBytes(StandardCharsets.UTF_8),
                username.getBytes(StandardCharsets.UTF_8));
        boolean pw = MessageDigest.isEqual(this.password, password.getBytes(StandardCharsets.UTF_8));
        return user & pw;
    }
}
