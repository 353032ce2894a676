package org.quire.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

/** A secret sent on a user is never stored nor returned; other unknown properties are kept, as FOLIO. */
class UserSecretsTest {
    private final Api.Session diku = TestServer.api().demoAdmin();

    @Test
    void passwordOnPostAndPut_isDropped_otherUnknownPropertiesKept() {
        String id = UUID.randomUUID().toString();
        ObjectNode user = Json.object().put("id", id).put("username", "secret-" + id).put("active", true)
                .put("password", "x").put("someUnknownProperty", "kept");
        user.putObject("credentials").put("password", "y");
        Api.Reply created = diku.post("/users", user);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().has("password")).isFalse();

        JsonNode read = diku.get("/users/" + id).json();
        assertThat(read.path("username").asText()).isEqualTo("secret-" + id);
        assertThat(read.has("password")).isFalse();
        assertThat(read.has("credentials")).isFalse();
        assertThat(read.path("someUnknownProperty").asText()).isEqualTo("kept");

        ObjectNode changed = ((ObjectNode) read).deepCopy().put("password", "z");
        assertThat(diku.put("/users/" + id, changed).status()).isEqualTo(204);
        JsonNode reread = diku.get("/users/" + id).json();
        assertThat(reread.has("password")).isFalse();
        assertThat(diku.get("/users", "username==\"secret-" + id + "\"").json().path("users").get(0).has("password"))
                .isFalse();
        assertThat(diku.get("/users/" + id).body()).doesNotContain("\"x\"").doesNotContain("\"z\"");
    }
}
