package org.quire.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-settings' wire format, as FOLIO's Karate set-up (initData.feature @PostSettings: "Then status 204") uses it. */
class SettingsApiTest {
    private static final Api.Session s = Fixtures.tenant("settings_api");

    private static ObjectNode entry(String id, String scope, String key) {
        ObjectNode e = Json.object().put("id", id).put("scope", scope).put("key", key);
        e.putObject("value").put("enabled", true);
        return e;
    }

    @Test
    void postAnswers204AndTheListCarriesResultInfo() {
        String id = UUID.randomUUID().toString();
        Api.Reply created = s.post("/settings/entries", entry(id, "mod-circulation", "checkoutLockFeature"));
        assertThat(created.status()).as(created.body()).isEqualTo(204);
        assertThat(created.body()).isEmpty();

        Api.Reply one = s.get("/settings/entries/" + id);
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.json().path("value").path("enabled").asBoolean()).isTrue();
        assertThat(one.json().path("scope").asText()).isEqualTo("mod-circulation");

        Api.Reply list = s.get("/settings/entries", "scope==mod-circulation and key==checkoutLockFeature");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().path("items")).hasSize(1);
        assertThat(list.json().path("resultInfo").path("totalRecords").asInt()).isEqualTo(1);
        assertThat(list.json().path("resultInfo").path("diagnostics").isArray()).isTrue();
        assertThat(list.json().has("totalRecords")).as("mod-settings has no top-level totalRecords").isFalse();
    }

    @Test
    void scopeAndKeyAreUniqueGloballyAndPerUser() {
        String user = UUID.randomUUID().toString();
        assertThat(s.post("/settings/entries", entry(UUID.randomUUID().toString(), "ui-users", "profile")).status())
                .isEqualTo(204);
        Api.Reply again = s.post("/settings/entries", entry(UUID.randomUUID().toString(), "ui-users", "profile"));
        assertThat(again.status()).isEqualTo(403);
        assertThat(again.body()).contains("already exists");
        // the same scope and key for one user, then a second time for that user
        assertThat(s.post("/settings/entries", entry(UUID.randomUUID().toString(), "ui-users", "profile")
                .put("userId", user)).status()).isEqualTo(204);
        assertThat(s.post("/settings/entries", entry(UUID.randomUUID().toString(), "ui-users", "profile")
                .put("userId", user)).status()).isEqualTo(403);
        assertThat(s.get("/settings/entries", "scope==ui-users and userId==" + user).json().path("items")).hasSize(1);
    }

    @Test
    void putAndDelete() {
        String id = UUID.randomUUID().toString();
        assertThat(s.post("/settings/entries", entry(id, "orders", "limit")).status()).isEqualTo(204);
        ObjectNode changed = entry(id, "orders", "limit");
        changed.putObject("value").put("max", 5);
        assertThat(s.put("/settings/entries/" + id, changed).status()).isEqualTo(204);
        assertThat(s.get("/settings/entries/" + id).json().path("value").path("max").asInt()).isEqualTo(5);

        Api.Reply mismatch = s.put("/settings/entries/" + UUID.randomUUID(), changed);
        assertThat(mismatch.status()).isEqualTo(400);
        assertThat(mismatch.body()).isEqualTo("id mismatch");
        String other = UUID.randomUUID().toString();
        assertThat(s.put("/settings/entries/" + other, entry(other, "orders", "x")).status()).isEqualTo(404);

        assertThat(s.delete("/settings/entries/" + id).status()).isEqualTo(204);
        assertThat(s.delete("/settings/entries/" + id).status()).isEqualTo(404);
        assertThat(s.get("/settings/entries/" + id).status()).isEqualTo(404);
    }

    @Test
    void malformedInputIsA400NeverA500() {
        String id = UUID.randomUUID().toString();
        Api.Reply noId = s.post("/settings/entries", Json.object().put("scope", "a").put("key", "b")
                .set("value", Json.object()));
        assertThat(noId.status()).isEqualTo(400);
        assertThat(noId.body()).contains("'id'");
        Api.Reply noValue = s.post("/settings/entries", Json.object().put("id", id).put("scope", "a").put("key", "b"));
        assertThat(noValue.status()).isEqualTo(400);
        assertThat(noValue.body()).contains("'value'");
        assertThat(s.post("/settings/entries", entry("not-a-uuid", "a", "b")).status()).isEqualTo(400);
        assertThat(s.post("/settings/entries", entry(id, "a", "b").put("userId", "x")).status()).isEqualTo(400);
        assertThat(s.post("/settings/entries", entry(id, "a", "b").put("password", "secret")).status()).isEqualTo(400);
        ObjectNode numericScope = entry(id, "a", "b");
        numericScope.put("scope", 5);
        assertThat(s.post("/settings/entries", numericScope).status()).isEqualTo(400);
        assertThat(s.api().send("POST", "/settings/entries", "{bad", s.tenant(), s.token()).status()).isEqualTo(400);
        assertThat(s.get("/settings/entries/not-a-uuid").status()).isEqualTo(400);
        assertThat(s.get("/settings/entries", "nosuch==1").status()).isEqualTo(400);
        assertThat(s.get("/settings/entries?limit=-1").status()).isEqualTo(400);
    }
}
