package org.quire.users;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Refusals.assertRefused;

/**
 * mod-login's failed-login limit (LoginAttemptsHelper): with its defaults, the third wrong password in a row is
 * refused with the warning code, the fifth deactivates the user ("Fifth failed attempt"), whose sessions end and who
 * then cannot log in even with the right password; a successful login resets the count; the limits are
 * mod-configuration entries by code.
 */
class LoginLockoutTest {
    static Api api;
    static Api.Session admin;

    @BeforeAll
    static void setUp() {
        api = TestServer.api();
        admin = api.demoAdmin();
    }

    private static Api.Reply login(String username, String password) {
        return api.send("POST", "/authn/login", Json.write(Json.object().put("username", username)
                .put("password", password)), "diku", null);
    }

    private static void assertWrong(String username, String code) {
        assertRefused(login(username, "wrong"), code, "Password does not match", "username", username);
    }

    @Test
    void warnsAtTheThird_blocksAtTheFifth_andTheBlockedUsersSessionsEnd() {
        UUID id = SessionsTest.newUser("lock-me", "right");
        SessionsTest.Login before = SessionsTest.login("lock-me", "right");

        assertWrong("lock-me", "password.incorrect");
        assertWrong("lock-me", "password.incorrect");
        assertWrong("lock-me", "password.incorrect.warn.user");
        assertWrong("lock-me", "password.incorrect");
        Api.Reply fifth = login("lock-me", "wrong");
        assertRefused(fifth, "password.incorrect.block.user", "Fifth failed attempt");
        assertThat(fifth.json().path("errors").get(0).path("parameters").size()).isZero();

        assertThat(admin.get("/users/" + id).json().path("active").asBoolean()).isFalse();
        assertRefused(login("lock-me", "right"), "user.blocked", "User must be flagged as active");
        assertThat(before.get("/users?limit=1").status()).isEqualTo(401);
        assertThat(admin.get("/users?limit=1").status()).isEqualTo(200);

        // An administrator reactivates the user: the count started again at the block.
        var user = (com.fasterxml.jackson.databind.node.ObjectNode) admin.get("/users/" + id).json().deepCopy();
        assertThat(admin.put("/users/" + id, user.put("active", true)).status()).isEqualTo(204);
        assertWrong("lock-me", "password.incorrect");
        assertThat(login("lock-me", "right").status()).isEqualTo(201);
    }

    @Test
    void aSuccessfulLogin_resetsTheCount() {
        SessionsTest.newUser("lock-reset", "right");
        assertWrong("lock-reset", "password.incorrect");
        assertWrong("lock-reset", "password.incorrect");
        assertThat(login("lock-reset", "right").status()).isEqualTo(201);
        assertWrong("lock-reset", "password.incorrect");
        assertWrong("lock-reset", "password.incorrect");
        assertWrong("lock-reset", "password.incorrect.warn.user");
        assertThat(login("lock-reset", "right").status()).isEqualTo(201);
    }

    @Test
    void unknownUsersAndInactiveUsers_areNotCounted() {
        assertRefused(login("lock-nobody", "wrong"), "username.incorrect",
                "Error verifying user existence: No user found by username lock-nobody");
        assertRefused(login("lock-nobody", "wrong"), "username.incorrect",
                "Error verifying user existence: No user found by username lock-nobody");
    }

    /** The limits come from mod-configuration entries with mod-login's codes; a value that is no number is ignored. */
    @Test
    void limits_areConfigurationEntries() {
        SessionsTest.newUser("lock-config", "right");
        SessionsTest.newUser("lock-off", "right");
        String attempts = entry("login.fail.attempts", "2");
        String warn = entry("login.fail.to.warn.attempts", "not-a-number");
        try {
            assertWrong("lock-config", "password.incorrect");
            assertRefused(login("lock-config", "wrong"), "password.incorrect.block.user", "Fifth failed attempt");
            assertRefused(login("lock-config", "right"), "user.blocked", "User must be flagged as active");
        } finally {
            assertThat(admin.delete("/configurations/entries/" + attempts).status()).isEqualTo(204);
        }
        // 0 turns the limit off; the unreadable warning value fell back to mod-login's 3.
        String off = entry("login.fail.attempts", "0");
        try {
            for (int i = 1; i <= 7; i++) assertWrong("lock-off", i == 3 ? "password.incorrect.warn.user"
                    : "password.incorrect");
            assertThat(login("lock-off", "right").status()).isEqualTo(201);
        } finally {
            assertThat(admin.delete("/configurations/entries/" + off).status()).isEqualTo(204);
            assertThat(admin.delete("/configurations/entries/" + warn).status()).isEqualTo(204);
        }
    }

    private static String entry(String code, String value) {
        String id = UUID.randomUUID().toString();
        Api.Reply r = admin.post("/configurations/entries", Json.object().put("id", id).put("module", "LOGIN")
                .put("configName", code).put("code", code).put("value", value));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return id;
    }
}
