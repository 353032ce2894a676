package org.quire.users;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Refusals.assertRefused;

/**
 * mod-login's refusals over HTTP, each with its code (mod-login's LoginAPI and its tests): a refresh token is spent
 * once and dies at logout, credentials need a password and a known user, malformed requests are 400s.
 */
class LoginTest {
    static Api api;
    static Api.Session admin;

    @BeforeAll
    static void setUp() {
        api = TestServer.api();
        admin = api.demoAdmin();
    }

    private static Api.Reply post(String path, Object body) {
        return api.send("POST", path, body == null ? null : Json.write(body), "diku", null);
    }

    /** A fresh refresh token of the demo administrator, from the legacy login's body. */
    private static String refreshToken() {
        Api.Reply r = post("/authn/login", Json.object().put("username", "diku_admin").put("password", "admin"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("refreshToken").asText();
    }

    @Test
    void refreshToken_isSpentOnce_andDiesAtLogout() {
        String token = refreshToken();
        Api.Reply first = post("/authn/refresh", Json.object().put("refreshToken", token));
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(first.json().has("accessTokenExpiration")).isTrue();
        assertRefused(post("/authn/refresh", Json.object().put("refreshToken", token)), "token.invalid",
                "Invalid refresh token");

        String other = refreshToken();
        assertThat(post("/authn/logout", Json.object().put("refreshToken", other)).status()).isEqualTo(204);
        assertRefused(post("/authn/refresh", Json.object().put("refreshToken", other)), "token.invalid",
                "Invalid refresh token");
    }

    @Test
    void refresh_withoutOrWithAForgedToken_isRefused() {
        assertRefused(post("/authn/refresh", Json.object().put("refreshToken", "not.a.token")), "token.invalid",
                "Invalid refresh token");
        Api.Reply none = post("/authn/refresh", null);
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.body()).isEqualTo("No refresh token: the folioRefreshToken cookie is required");
    }

    @Test
    void login_refusals_carryModLoginsCodes() {
        assertRefused(post("/authn/login", Json.object().put("username", "nobody-login").put("password", "x")),
                "username.incorrect", "Error verifying user existence: No user found by username nobody-login",
                "username", "nobody-login");
        assertRefused(post("/authn/login", Json.object().put("username", "diku_admin").put("password", "wrong")),
                "password.incorrect", "Password does not match", "username", "diku_admin");
        Api.Reply incomplete = post("/authn/login", Json.object().put("username", "diku_admin"));
        assertThat(incomplete.status()).isEqualTo(400);
        assertThat(incomplete.body()).isEqualTo("username and password are required");
        assertThat(api.send("POST", "/authn/login", "{", "diku", null).status()).isEqualTo(400);
    }

    @Test
    void credentials_needAPasswordAndAKnownUser() {
        assertRefused(admin.post("/authn/credentials", Json.object().put("username", "diku_admin")),
                "password.required", "Password is required", "password", null);
        assertRefused(admin.post("/authn/credentials", Json.object().put("username", "nobody-login")
                .put("password", "pw")), "user.absent", "No user found", "username", "nobody-login");
        assertRefused(admin.post("/authn/credentials", Json.object().put("userId", "not-a-uuid").put("password", "pw")),
                "javax.validation.constraints.Pattern.message", "must match \"^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-"
                        + "[1-8][a-fA-F0-9]{3}-[89abAB][a-fA-F0-9]{3}-[a-fA-F0-9]{12}$\"", "id", "not-a-uuid");

        Api.Reply noUser = admin.delete("/authn/credentials");
        assertThat(noUser.status()).isEqualTo(400);
        assertThat(noUser.body()).isEqualTo("userId parameter is required");
        assertThat(admin.delete("/authn/credentials?userId=1-2-3-4-5").status()).isEqualTo(422);
    }
}
