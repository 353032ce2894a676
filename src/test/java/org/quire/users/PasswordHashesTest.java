package org.quire.users;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.StatementCount;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import at.favre.lib.crypto.bcrypt.BCrypt;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Refusals.assertRefused;

/**
 * Long passphrases over HTTP (bcrypt's 72-byte limit used to give 500s): set through /authn/credentials, used to log
 * in; a stored bcrypt hash still logs in and is replaced by an Argon2id one; too long a password is a 422.
 */
class PasswordHashesTest {
    static Api api;
    static Api.Session admin;
    static final String SCHEMA = Tenants.schema("diku");

    @BeforeAll
    static void setUp() {
        api = TestServer.api();
        admin = api.demoAdmin();
    }

    private static Api.Reply post(String path, Object body) {
        return api.send("POST", path, Json.write(body), "diku", null);
    }

    private static Api.Reply login(String username, String password) {
        return post("/authn/login-with-expiry", Json.object().put("username", username).put("password", password));
    }

    private static UUID newUser(String username) {
        UUID id = UUID.randomUUID();
        Api.Reply r = admin.post("/users", Json.object().put("id", id.toString()).put("username", username)
                .put("active", true));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return id;
    }

    private static String storedHash(UUID userId) {
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT hash FROM " + SCHEMA
                + ".credentials WHERE user_id = ?", List.of(userId), rs -> rs.getString(1)).orElseThrow());
    }

    private static void storeHash(UUID userId, String hash) {
        TestServer.get().database().tx(c -> Sql.update(c, "INSERT INTO " + SCHEMA + ".credentials (user_id, hash) "
                + "VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash", List.of(userId, hash)));
    }

    @Test
    void aLongOrMultibytePassphrase_canBeSet_andLogsIn() {
        String ascii = "a long passphrase that bcrypt would have cut or refused, ".repeat(4).substring(0, 200);
        String multibyte = "Příliš žluťoučký kůň úpěl ďábelské ódy — 日本語のパスフレーズ ✓ ".repeat(4);
        assertThat(multibyte.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isGreaterThan(200);
        for (String passphrase : List.of(ascii, multibyte)) {
            String username = "longpw-" + UUID.randomUUID();
            UUID id = newUser(username);
            Api.Reply set = admin.post("/authn/credentials", Json.object().put("userId", id.toString())
                    .put("password", passphrase));
            assertThat(set.status()).as(set.body()).isEqualTo(201);
            assertThat(storedHash(id)).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");

            Api.Reply ok = login(username, passphrase);
            assertThat(ok.status()).as(ok.body()).isEqualTo(201);
            assertThat(ok.json().has("accessTokenExpiration")).isTrue();
            // bcrypt only ever read the first 72 bytes: a passphrase differing after them must not match.
            assertRefused(login(username, passphrase.substring(0, 100)), "password.incorrect",
                    "Password does not match", "username", username);
            assertRefused(login(username, passphrase + "!"), "password.incorrect", "Password does not match",
                    "username", username);
        }
    }

    @Test
    void aStoredBcryptHash_logsIn_andIsReplacedByArgon2id_inOneMoreStatement() {
        String username = "bcrypt-" + UUID.randomUUID();
        UUID id = newUser(username);
        storeHash(id, BCrypt.withDefaults().hashToString(10, "old secret".toCharArray()));

        assertRefused(login(username, "wrong"), "password.incorrect", "Password does not match",
                "username", username);
        assertThat(storedHash(id)).as("no re-hash without a login").startsWith("$2a$10$");

        long[] statements = new long[2];
        statements[0] = StatementCount.of("diku", () ->
                assertThat(login(username, "old secret").status()).isEqualTo(201));
        String rehashed = storedHash(id);
        assertThat(rehashed).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
        statements[1] = StatementCount.of("diku", () ->
                assertThat(login(username, "old secret").status()).isEqualTo(201));
        assertThat(storedHash(id)).as("an Argon2id hash is kept").isEqualTo(rehashed);
        // The first login also resets the failed-login count the wrong password above left (one statement, only
        // then: the second login finds no count to reset).
        assertThat(statements[0]).as("the re-hash is one statement, only when re-hashing")
                .isEqualTo(statements[1] + 2);
        assertRefused(login(username, "wrong"), "password.incorrect", "Password does not match",
                "username", username);
    }

    @Test
    void mostUsersBlsLegacyLogin_alsoReplacesABcryptHash() {
        String username = "bcrypt-bl-" + UUID.randomUUID();
        UUID id = newUser(username);
        storeHash(id, BCrypt.withDefaults().hashToString(4, "bl secret".toCharArray()));
        Api.Reply r = post("/bl-users/login", Json.object().put("username", username).put("password", "bl secret"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(storedHash(id)).startsWith("$argon2id$");
    }

    @Test
    void aPasswordOverTheLimit_isA422_notA500() {
        String username = "toolong-" + UUID.randomUUID();
        UUID id = newUser(username);
        String tooLong = "x".repeat(1025);
        assertRefused(admin.post("/authn/credentials", Json.object().put("userId", id.toString())
                .put("password", tooLong)), "password.tooLong", "Password must not be longer than 1024 characters",
                "password", null);
        Api.Reply atLimit = admin.post("/authn/credentials", Json.object().put("userId", id.toString())
                .put("password", "x".repeat(1024)));
        assertThat(atLimit.status()).as(atLimit.body()).isEqualTo(201);
        assertThat(login(username, "x".repeat(1024)).status()).isEqualTo(201);
        // At login it is mod-login's plain mismatch: no such password can be stored, and it is not hashed.
        assertRefused(login(username, tooLong), "password.incorrect", "Password does not match", "username", username);
        assertRefused(login("diku_admin", "y".repeat(100_000)), "password.incorrect", "Password does not match",
                "username", "diku_admin");
    }

    @Test
    void aTenantsAdminPasswordOverTheLimit_isA400_andCreatesNothing() {
        Api.Reply r = TestServer.platformAdmin().post("/_/tenants", Json.object().put("id", "longpw_tenant")
                .put("adminPassword", "x".repeat(1025)));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("adminPassword must not be longer than 1024 characters");
        assertThat(TestServer.platformAdmin().get("/_/tenants").body()).doesNotContain("longpw_tenant");
    }
}
