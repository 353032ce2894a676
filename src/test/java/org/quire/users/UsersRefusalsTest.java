package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Refusals.assertRefused;

/**
 * The users area's 422s with FOLIO's message, code and parameter: mod-login (login, credentials, refresh),
 * request preferences (mod-circulation-storage), the profile picture setting, Quire's API keys.
 */
class UsersRefusalsTest {
    static final String TENANT = "users_refusals";
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
    }

    static Api.Reply login(String username, String password) {
        return s.api().send("POST", "/authn/login", Json.write(Json.object().put("username", username)
                .put("password", password)), TENANT, null);
    }

    @Test
    void login_unknownUser_inactiveUser_wrongPassword() {
        assertRefused(login("nobody-here", "pw"), "username.incorrect",
                "Error verifying user existence: No user found by username nobody-here", "username", "nobody-here");
        ObjectNode inactive = Fixtures.patron(s, "ur-inactive", Fixtures.UNDERGRAD, false);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", inactive.path("id").asText())
                .put("password", "pw")).status()).isEqualTo(201);
        assertRefused(login("uur-inactive", "pw"), "user.blocked", "User must be flagged as active", "username", "uur-inactive");
        Fixtures.patron(s, "ur-active", Fixtures.UNDERGRAD, true);
        ObjectNode active = (ObjectNode) s.get("/users", "username==uur-active").json().path("users").get(0);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", active.path("id").asText())
                .put("password", "pw")).status()).isEqualTo(201);
        assertRefused(login("uur-active", "wrong"), "password.incorrect", "Password does not match", "username", "uur-active");
    }

    @Test
    void credentials_withoutPassword_orForNoUser() {
        assertRefused(s.post("/authn/credentials", Json.object().put("username", "x")), "password.required",
                "Password is required", "password", null);
        assertRefused(s.post("/authn/credentials", Json.object().put("username", "no-such-username").put("password", "pw")),
                "user.absent", "No user found", "username", "no-such-username");
    }

    @Test
    void refresh_withATokenThatIsNoRefreshToken() {
        Api.Reply r = s.api().send("POST", "/authn/refresh", Json.write(Json.object().put("refreshToken", s.token())),
                TENANT, null);
        assertRefused(r, "token.invalid", "Invalid refresh token");
    }

    @Test
    void requestPreference_badIds_andASecondForTheSameUser() {
        String user = Fixtures.patron(s, "ur-prefs", Fixtures.UNDERGRAD, true).path("id").asText();
        ObjectNode bad = Json.object().put("userId", "not-a-uuid").put("holdShelf", true).put("delivery", false);
        Api.Reply r = s.post("/request-preference-storage/request-preference", bad);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText()).startsWith("must match \"");
        assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("javax.validation.constraints.Pattern.message");
        ObjectNode pref = Json.object().put("userId", user).put("holdShelf", true).put("delivery", false);
        assertThat(s.post("/request-preference-storage/request-preference", pref).status()).isEqualTo(201);
        assertRefused(s.post("/request-preference-storage/request-preference", pref.put("id", UUID.randomUUID().toString())),
                null, "Request preference for specified user already exists", "userId", user);
    }

    @Test
    void profilePictures_cannotBeEnabled() {
        assertRefused(s.put("/users/configurations/entry/3e1aaa06-0600-4cc9-a112-7a3fb8426eda", Json.object()
                        .put("id", "3e1aaa06-0600-4cc9-a112-7a3fb8426eda").put("configName", "PROFILE_PICTURE_CONFIG")
                        .put("enabled", true)), null, "Profile pictures are not supported by Quire", "enabled", "true");
    }

    @Test
    void apiKey_forAnUnknownUsername() {
        assertRefused(s.post("/quire/api-keys", Json.object().put("username", "no-such-username")), "USER_NOT_FOUND",
                "No user with username 'no-such-username' in tenant " + TENANT, "username", "no-such-username");
    }

    /** FOLIO's schema validation of a missing required property (RMB: "must not be null", the NotNull code). */
    @Test
    void requiredProperties_mustNotBeNull() {
        assertRefused(s.post("/quire/api-keys", Json.object()), "javax.validation.constraints.NotNull.message",
                "must not be null", "username", "null");
        Api.Reply field = s.post("/custom-fields", Json.object().put("name", "N"));
        assertRefused(field, "javax.validation.constraints.NotNull.message", "must not be null", "type", "null");
        assertRefused(field, "javax.validation.constraints.NotNull.message", "must not be null", "entityType", "null");
        assertRefused(s.put("/custom-fields", Json.object().put("entityType", "user")),
                "javax.validation.constraints.NotNull.message", "must not be null", "customFields", "null");
    }
}
