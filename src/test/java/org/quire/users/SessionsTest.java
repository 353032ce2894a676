package org.quire.users;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.nio.file.Files;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Refusals.assertRefused;

/**
 * Issue 12's sessions: a token that worked is refused (401) once its session ended — by logout (that session only),
 * logout-all, a password change (every path), deactivation or deletion of its user — and the refresh token of the
 * session is refused too (422), while other users' tokens keep working. The process that made the change sees it at
 * once (it invalidates its cache), so these assert right after the change.
 */
class SessionsTest {
    // Initialised with the class (not @BeforeAll): LoginLockoutTest uses these helpers too.
    static final Api api = TestServer.api();
    static final Api.Session admin = api.demoAdmin();

    /** A login with expiry: its access and refresh tokens, from mod-login's cookies. */
    record Login(String access, String refresh) {
        Api.Reply get(String path) {
            return api.send("GET", path, null, "diku", access);
        }

        Api.Reply refreshed() {
            return api.send("POST", "/authn/refresh", Json.write(Json.object().put("refreshToken", refresh)), "diku",
                    null);
        }
    }

    /** A new active user with a password who may read users. */
    static UUID newUser(String username, String password) {
        UUID id = UUID.randomUUID();
        assertThat(admin.post("/users", Json.object().put("id", id.toString()).put("username", username)
                .put("active", true)).status()).isEqualTo(201);
        assertThat(admin.post("/authn/credentials", Json.object().put("userId", id.toString())
                .put("password", password)).status()).isEqualTo(201);
        assertThat(admin.post("/perms/users", Json.object().put("userId", id.toString()).set("permissions",
                Json.array().add("users.collection.get").add("users.item.get"))).status()).isEqualTo(201);
        return id;
    }

    static Login login(String username, String password) {
        Api.Reply r = api.send("POST", "/authn/login-with-expiry", Json.write(Json.object().put("username", username)
                .put("password", password)), "diku", null);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return new Login(cookie(r, "folioAccessToken"), cookie(r, "folioRefreshToken"));
    }

    private static String cookie(Api.Reply r, String name) {
        return r.raw().headers().allValues("set-cookie").stream().filter(c -> c.startsWith(name + "="))
                .map(c -> c.substring(name.length() + 1, c.indexOf(';'))).findFirst().orElseThrow();
    }

    static void assertAlive(Login l) {
        Api.Reply r = l.get("/users?limit=1");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    static void assertDead(Login l) {
        Api.Reply r = l.get("/users?limit=1");
        assertThat(r.status()).as(r.body()).isEqualTo(401);
        assertThat(r.body()).startsWith("Invalid token");
        assertRefused(l.refreshed(), "token.invalid", "Invalid refresh token");
    }

    @Test
    void logout_endsThatSessionOnly() {
        newUser("sess-logout", "pw-1");
        Login first = login("sess-logout", "pw-1");
        Login second = login("sess-logout", "pw-1");
        assertAlive(first);

        Api.Reply out = api.send("POST", "/authn/logout", null, "diku", null);
        assertThat(out.status()).isEqualTo(400);   // no refresh token: nothing to end
        out = api.send("POST", "/authn/logout", Json.write(Json.object().put("refreshToken", first.refresh())),
                "diku", null);
        assertThat(out.status()).as(out.body()).isEqualTo(204);
        assertThat(out.raw().headers().allValues("set-cookie")).anyMatch(c -> c.startsWith("folioAccessToken=;"));

        assertDead(first);
        assertAlive(second);
        Api.Reply refreshed = second.refreshed();
        assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(201);
        assertAlive(new Login(cookie(refreshed, "folioAccessToken"), cookie(refreshed, "folioRefreshToken")));
        assertThat(admin.get("/users?limit=1").status()).isEqualTo(200);
    }

    @Test
    void logout_ofARefreshedSession_endsTheRefreshedAccessTokenToo() {
        newUser("sess-rotate", "pw-1");
        Login original = login("sess-rotate", "pw-1");
        Api.Reply r = original.refreshed();
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        Login rotated = new Login(cookie(r, "folioAccessToken"), cookie(r, "folioRefreshToken"));
        assertAlive(rotated);
        assertThat(api.send("POST", "/authn/logout", Json.write(Json.object().put("refreshToken", rotated.refresh())),
                "diku", null).status()).isEqualTo(204);
        // The session id is kept across rotation: the access token issued before the refresh dies with it.
        assertThat(original.get("/users?limit=1").status()).isEqualTo(401);
        assertDead(rotated);
    }

    @Test
    void legacyLogin_longToken_diesAtLogoutOfItsRefreshToken() {
        newUser("sess-legacy", "pw-1");
        Api.Reply r = api.send("POST", "/authn/login", Json.write(Json.object().put("username", "sess-legacy")
                .put("password", "pw-1")), "diku", null);
        assertThat(r.status()).isEqualTo(201);
        Login legacy = new Login(r.header("x-okapi-token").orElseThrow(), r.json().path("refreshToken").asText());
        assertAlive(legacy);
        assertThat(api.send("POST", "/authn/logout", Json.write(Json.object().put("refreshToken", legacy.refresh())),
                "diku", null).status()).isEqualTo(204);
        assertDead(legacy);
    }

    @Test
    void logoutAll_endsEverySessionOfTheUser() {
        newUser("sess-all", "pw-1");
        newUser("sess-bystander", "pw-1");
        Login first = login("sess-all", "pw-1");
        Login second = login("sess-all", "pw-1");
        Login bystander = login("sess-bystander", "pw-1");

        assertThat(api.send("POST", "/authn/logout-all", null, "diku", null).status()).isEqualTo(401);
        assertThat(api.send("POST", "/authn/logout-all", null, "diku", "not.a.token").status()).isEqualTo(401);
        Api.Reply out = api.send("POST", "/authn/logout-all", null, "diku", second.access());
        assertThat(out.status()).as(out.body()).isEqualTo(204);
        assertThat(out.raw().headers().allValues("set-cookie"))
                .anyMatch(c -> c.startsWith("folioRefreshToken=;") && c.contains("Max-Age=0"));

        assertDead(first);
        assertDead(second);
        assertAlive(bystander);
        assertAlive(login("sess-all", "pw-1"));   // a login after it starts a live session
    }

    @Test
    void passwordChange_endsEverySession_andTheNewPasswordsLoginLives() {
        UUID id = newUser("sess-pw", "pw-1");
        newUser("sess-pw-other", "pw-1");
        Login before = login("sess-pw", "pw-1");
        Login other = login("sess-pw-other", "pw-1");

        assertThat(admin.post("/authn/credentials", Json.object().put("userId", id.toString()).put("password", "pw-2"))
                .status()).isEqualTo(201);

        assertDead(before);
        assertAlive(other);
        assertRefused(api.send("POST", "/authn/login", Json.write(Json.object().put("username", "sess-pw")
                .put("password", "pw-1")), "diku", null), "password.incorrect", "Password does not match");
        assertAlive(login("sess-pw", "pw-2"));
    }

    @Test
    void deletedCredentials_endEverySession() {
        UUID id = newUser("sess-nocred", "pw-1");
        Login before = login("sess-nocred", "pw-1");
        assertThat(admin.delete("/authn/credentials?userId=" + id).status()).isEqualTo(204);
        assertDead(before);
    }

    @Test
    void deactivation_endsEverySession_andReactivationRevivesNone() {
        UUID id = newUser("sess-inactive", "pw-1");
        Login before = login("sess-inactive", "pw-1");
        Login other = login("diku_admin", "admin");
        var user = admin.get("/users/" + id).json();

        assertThat(admin.put("/users/" + id, ((com.fasterxml.jackson.databind.node.ObjectNode) user.deepCopy())
                .put("active", false)).status()).isEqualTo(204);
        assertDead(before);
        assertAlive(other);
        assertRefused(api.send("POST", "/authn/login", Json.write(Json.object().put("username", "sess-inactive")
                .put("password", "pw-1")), "diku", null), "user.blocked", "User must be flagged as active");

        var inactive = admin.get("/users/" + id).json();
        assertThat(admin.put("/users/" + id, ((com.fasterxml.jackson.databind.node.ObjectNode) inactive.deepCopy())
                .put("active", true)).status()).isEqualTo(204);
        assertThat(before.get("/users?limit=1").status()).isEqualTo(401);
        assertAlive(login("sess-inactive", "pw-1"));
    }

    @Test
    void deletion_endsEverySession() {
        UUID id = newUser("sess-deleted", "pw-1");
        Login before = login("sess-deleted", "pw-1");
        assertThat(admin.delete("/users/" + id).status()).isEqualTo(204);
        assertDead(before);

        UUID blId = newUser("sess-deleted-bl", "pw-1");
        Login blBefore = login("sess-deleted-bl", "pw-1");
        assertThat(admin.delete("/bl-users/by-id/" + blId).status()).isEqualTo(204);
        assertDead(blBefore);
    }

    /**
     * A token issued before sessions were revocable carries neither {@code sid} nor {@code iat_ms}: accepted until
     * its user's sessions are ended, refused after.
     */
    @Test
    void tokenWithoutSessionId_livesUntilItsUsersSessionsEnd() throws Exception {
        UUID id = newUser("sess-old-token", "pw-1");
        byte[] secret = HexFormat.of().parseHex(Files.readString(TestServer.dataDir().resolve("jwt.secret")).trim());
        Instant issued = Instant.now().minusSeconds(60);
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), new JWTClaimsSet.Builder()
                .subject("sess-old-token").claim("user_id", id.toString()).claim("tenant", "diku")
                .claim("type", "access").jwtID(UUID.randomUUID().toString()).issueTime(Date.from(issued))
                .expirationTime(Date.from(issued.plusSeconds(3600))).build());
        jwt.sign(new MACSigner(secret));
        String old = jwt.serialize();
        assertThat(api.send("GET", "/users?limit=1", null, "diku", old).status()).isEqualTo(200);

        Login current = login("sess-old-token", "pw-1");
        assertThat(api.send("POST", "/authn/logout-all", null, "diku", current.access()).status()).isEqualTo(204);
        assertThat(api.send("GET", "/users?limit=1", null, "diku", old).status()).isEqualTo(401);
    }

    /**
     * A change this process did not make (another Quire on the same database, or SQL) invalidates no cache here: it
     * is seen once the user's cached entry expires, within PermissionCache's 5 seconds.
     */
    @Test
    void aDeactivationByAnotherProcess_isSeenWithinSeconds() throws Exception {
        UUID id = newUser("sess-elsewhere", "pw-1");
        Login before = login("sess-elsewhere", "pw-1");
        assertAlive(before);
        TestServer.get().database().tx(c -> org.quire.platform.db.Sql.update(c,
                "UPDATE tenant_diku.users SET active = false WHERE id = ?", java.util.List.of(id)));
        long deadline = System.currentTimeMillis() + 15_000;
        int status = 200;
        while (status == 200 && System.currentTimeMillis() < deadline) {
            Thread.sleep(250);
            status = before.get("/users?limit=1").status();
        }
        assertThat(status).isEqualTo(401);
        assertRefused(before.refreshed(), "token.invalid", "Invalid refresh token");
    }
}
