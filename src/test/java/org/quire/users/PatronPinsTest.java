package org.quire.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

/** mod-users' /patron-pin as its clients (edge-sip2, patron-facing sites) use it: set, verify (200 or 422), remove. */
class PatronPinsTest {
    private final Api.Session diku = TestServer.api().demoAdmin();

    private String user() {
        String id = UUID.randomUUID().toString();
        Api.Reply r = diku.post("/users", Json.object().put("id", id).put("username", "pin-" + id).put("active", true));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return id;
    }

    private int verify(String id, String pin) {
        return diku.post("/patron-pin/verify", pin(id, pin)).status();
    }

    private static ObjectNode pin(String id, String pin) {
        ObjectNode body = Json.object().put("id", id);
        return pin == null ? body : body.put("pin", pin);
    }

    @Test
    void aPinIsSetVerifiedReplacedAndRemoved_asModUsersAnswers() {
        String id = user();
        assertThat(verify(id, "1234")).as("no PIN set yet").isEqualTo(422);

        Api.Reply set = diku.post("/patron-pin", pin(id, "1234"));
        assertThat(set.status()).as(set.body()).isEqualTo(201);
        assertThat(set.body()).isEmpty();
        assertThat(verify(id, "1234")).isEqualTo(200);
        assertThat(verify(id, "4321")).isEqualTo(422);
        assertThat(verify(id, "")).isEqualTo(422);
        assertThat(verify(id, null)).isEqualTo(422);

        assertThat(diku.post("/patron-pin", pin(id, "987654")).status()).as("a second POST replaces").isEqualTo(201);
        assertThat(verify(id, "1234")).isEqualTo(422);
        assertThat(verify(id, "987654")).isEqualTo(200);

        Api.Reply removed = diku.api().send("DELETE", "/patron-pin", Json.write(pin(id, null)), diku.tenant(),
                diku.token());
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(verify(id, "987654")).isEqualTo(422);
        assertThat(diku.api().send("DELETE", "/patron-pin", Json.write(pin(id, null)), diku.tenant(), diku.token())
                .status()).as("removing what is not there").isEqualTo(200);
    }

    @Test
    void aDeletedUsersPin_isGoneWithTheUser() {
        String id = user();
        assertThat(diku.post("/patron-pin", pin(id, "2468")).status()).isEqualTo(201);
        assertThat(diku.delete("/users/" + id).status()).isEqualTo(204);
        assertThat(verify(id, "2468")).isEqualTo(422);
    }

    @Test
    void malformedInput_is4xxWithAMessage_neverA500() {
        String id = user();
        Api.Reply noBody = diku.api().send("POST", "/patron-pin", null, diku.tenant(), diku.token());
        assertThat(noBody.status()).isEqualTo(400);
        assertThat(diku.api().send("POST", "/patron-pin", "{\"id\":", diku.tenant(), diku.token()).status())
                .isEqualTo(400);
        Api.Reply notUuid = diku.post("/patron-pin", pin("not-a-uuid", "1234"));
        assertThat(notUuid.status()).isEqualTo(400);
        assertThat(notUuid.body()).contains("id must be the user's id");
        Api.Reply noPin = diku.post("/patron-pin", pin(id, null));
        assertThat(noPin.status()).isEqualTo(400);
        assertThat(noPin.body()).contains("pin is required");
        assertThat(diku.post("/patron-pin", pin(id, "")).status()).isEqualTo(400);
        assertThat(diku.post("/patron-pin", pin(id, "9".repeat(1025))).status()).isEqualTo(400);
        Api.Reply unknownUser = diku.post("/patron-pin", pin(UUID.randomUUID().toString(), "1234"));
        assertThat(unknownUser.status()).isEqualTo(404);
        assertThat(unknownUser.body()).startsWith("User with id ");
        assertThat(diku.post("/patron-pin", Json.object().put("id", id).set("pin", Json.object())).status())
                .as("a PIN that is not text").isEqualTo(400);

        assertThat(verify("not-a-uuid", "1234")).isEqualTo(422);
        assertThat(verify(null, "1234")).isEqualTo(422);
        assertThat(diku.api().send("POST", "/patron-pin/verify", "[]", diku.tenant(), diku.token()).status())
                .isEqualTo(400);
        assertThat(diku.api().send("DELETE", "/patron-pin", "{}", diku.tenant(), diku.token()).status())
                .isEqualTo(400);
    }
}
