package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** renew-by-id is renew-by-barcode with the item and the patron named by id (as FOLIO's Users app renews). */
class RenewByIdTest {

    @Test
    void renewsByIdsAndNamesTheIdsInItsErrors() {
        Api.Session s = Fixtures.tenant("renew_by_id");
        String itemId = Fixtures.item(s, "rbi-1", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY)
                .path("id").asText();
        String userId = Fixtures.patron(s, "rbi-u1", Fixtures.UNDERGRAD, true).path("id").asText();
        String otherId = Fixtures.patron(s, "rbi-u2", Fixtures.UNDERGRAD, true).path("id").asText();
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("rbi-1", "rbi-u1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);

        Api.Reply renewed = s.post("/circulation/renew-by-id", Json.object().put("itemId", itemId).put("userId", userId));
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        assertThat(renewed.json().path("renewalCount").asInt()).isEqualTo(1);
        assertThat(renewed.json().path("action").asText()).isEqualTo("renewed");
        assertThat(renewed.json().path("id").asText()).isEqualTo(out.json().path("id").asText());

        assertError(s.post("/circulation/renew-by-id", Json.object().put("userId", userId)), 422,
                "Renewal request must have an item ID", "itemId");
        assertError(s.post("/circulation/renew-by-id", Json.object().put("itemId", itemId)), 422,
                "Renewal request must have a user ID", "userId");
        String unknown = UUID.randomUUID().toString();
        assertError(s.post("/circulation/renew-by-id", Json.object().put("itemId", unknown).put("userId", userId)),
                422, "No item with ID " + unknown + " exists", "itemId");
        assertError(s.post("/circulation/renew-by-id", Json.object().put("itemId", itemId).put("userId", unknown)),
                422, "Could not find user with matching ID", "userId");
        assertError(s.post("/circulation/renew-by-id", Json.object().put("itemId", itemId).put("userId", otherId)),
                422, "Cannot renew item checked out to different user", "userId");
    }

    private static void assertError(Api.Reply r, int status, String message, String parameter) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        JsonNode error = r.json().path("errors").get(0);
        assertThat(error.path("message").asText()).isEqualTo(message);
        assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo(parameter);
    }
}
