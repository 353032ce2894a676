package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-users' /custom-fields (folio-custom-fields) over HTTP, in a tenant of its own so orders and refIds are known. */
class CustomFieldsTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("cfields");
    }

    private static ObjectNode text(String name) {
        return Json.object().put("name", name).put("type", "TEXTBOX_SHORT").put("entityType", "user")
                .put("helpText", "help");
    }

    private static ObjectNode select(String name, String type, boolean multi, String... values) {
        ObjectNode f = Json.object().put("name", name).put("type", type).put("entityType", "user");
        ObjectNode select = f.putObject("selectField").put("multiSelect", multi);
        var vals = select.putObject("options").putArray("values");
        for (String v : values) vals.addObject().put("value", v);
        return f;
    }

    @Test
    void createListUpdateDelete_refIdsOrdersAndStats() {
        Api.Session s = Fixtures.referenceOnlyTenant("cfields_main");
        JsonNode a = s.post("/custom-fields", text("Favourite Colour")).json();
        assertThat(a.path("refId").asText()).isEqualTo("favouriteColour");
        assertThat(a.path("order").asInt()).isEqualTo(1);
        assertThat(a.path("textField").path("fieldFormat").asText()).isEqualTo("TEXT");
        assertThat(a.path("metadata").path("createdByUsername").asText()).isNotEmpty();
        // Same name again: the refId gets FOLIO's "_2" suffix; accents and punctuation are dropped.
        JsonNode b = s.post("/custom-fields", text("favourite colour")).json();
        assertThat(b.path("refId").asText()).isEqualTo("favouriteColour_2");
        assertThat(b.path("order").asInt()).isEqualTo(2);
        JsonNode c = s.post("/custom-fields", select("Départment!", "SINGLE_SELECT_DROPDOWN", false, "B", "A")).json();
        assertThat(c.path("refId").asText()).isEqualTo("department");
        assertThat(c.path("selectField").path("options").path("values").get(0).path("id").asText()).isEqualTo("opt_1");
        assertThat(c.path("selectField").path("options").path("values").get(1).path("id").asText()).isEqualTo("opt_2");

        JsonNode list = s.get("/custom-fields?limit=100").json();
        assertThat(list.path("totalRecords").asInt()).isEqualTo(3);
        assertThat(list.path("customFields").get(2).path("refId").asText()).isEqualTo("department");
        assertThat(s.get("/custom-fields", "name==\"favourite colour\"").json().path("totalRecords").asInt())
                .isEqualTo(2);

        // A user's values count in the statistics.
        String cId = c.path("id").asText();
        ObjectNode user = Json.object().put("id", UUID.randomUUID().toString()).put("username", "cfuser")
                .put("active", true);
        user.putObject("customFields").put("department", "opt_2").put("favouriteColour", "red");
        assertThat(s.post("/users", user).status()).isEqualTo(201);
        JsonNode stats = s.get("/custom-fields/" + a.path("id").asText() + "/stats").json();
        assertThat(stats.path("count").asInt()).isEqualTo(1);
        assertThat(stats.path("entityType").asText()).isEqualTo("user");
        assertThat(s.get("/custom-fields/" + cId + "/options/opt_2/stats").json().path("count").asInt()).isEqualTo(1);
        assertThat(s.get("/custom-fields/" + cId + "/options/opt_1/stats").json().path("count").asInt()).isZero();
        Api.Reply noOpt = s.get("/custom-fields/" + cId + "/options/opt_10/stats");
        assertThat(noOpt.status()).isEqualTo(422);
        assertThat(noOpt.json().path("message").asText())
                .isEqualTo("Option with id 'opt_10' not found in custom field '" + cId + "'");

        // PUT keeps refId and order; removing an option removes the users' choice of it.
        ObjectNode cChanged = select("Renamed", "SINGLE_SELECT_DROPDOWN", false, "B");
        ((ObjectNode) cChanged.path("selectField").path("options").path("values").get(0)).put("id", "opt_1");
        assertThat(s.put("/custom-fields/" + cId, cChanged).status()).isEqualTo(204);
        JsonNode cAfter = s.get("/custom-fields/" + cId).json();
        assertThat(cAfter.path("refId").asText()).isEqualTo("department");
        assertThat(cAfter.path("order").asInt()).isEqualTo(3);
        assertThat(cAfter.path("name").asText()).isEqualTo("Renamed");
        JsonNode userAfter = s.get("/users/" + user.path("id").asText()).json();
        assertThat(userAfter.path("customFields").has("department")).isFalse();
        assertThat(userAfter.path("customFields").path("favouriteColour").asText()).isEqualTo("red");

        Api.Reply typeChange = s.put("/custom-fields/" + cId, text("Renamed"));
        assertThat(typeChange.status()).isEqualTo(422);
        assertThat(typeChange.json().path("message").asText()).isEqualTo("The type of the custom field can not be "
                + "changed: newType = TEXTBOX_SHORT, oldType = SINGLE_SELECT_DROPDOWN");

        // Deleting a field removes its values and closes the order.
        assertThat(s.delete("/custom-fields/" + a.path("id").asText()).status()).isEqualTo(204);
        assertThat(s.get("/users/" + user.path("id").asText()).json().path("customFields").has("favouriteColour"))
                .isFalse();
        assertThat(s.get("/custom-fields/" + b.path("id").asText()).json().path("order").asInt()).isEqualTo(1);
        assertThat(s.get("/custom-fields/" + cId).json().path("order").asInt()).isEqualTo(2);
        Api.Reply gone = s.get("/custom-fields/" + a.path("id").asText());
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("CustomField not found by id: " + a.path("id").asText());

        // PUT of the collection: what is sent, in that order; the rest of the entity type goes.
        ObjectNode all = Json.object().put("entityType", "user");
        var fields = all.putArray("customFields");
        fields.add(s.get("/custom-fields/" + cId).json());
        fields.add(text("Shoe Size"));
        assertThat(s.put("/custom-fields", all).status()).isEqualTo(204);
        JsonNode replaced = s.get("/custom-fields?limit=100").json();
        assertThat(replaced.path("totalRecords").asInt()).isEqualTo(2);
        assertThat(replaced.path("customFields").get(0).path("id").asText()).isEqualTo(cId);
        assertThat(replaced.path("customFields").get(1).path("refId").asText()).isEqualTo("shoeSize");
        assertThat(replaced.path("customFields").get(1).path("order").asInt()).isEqualTo(2);
    }

    @Test
    void definitionRules_areTheLibrarys422s() {
        expect422(text("x".repeat(66)), "The 'name' length cannot be more than 65");
        expect422(text("Help").put("helpText", "h".repeat(101)), "The 'helpText' length cannot be more than 100");
        ObjectNode radio = select("Radio", "RADIO_BUTTON", false, "1", "2", "3", "4", "5", "6");
        expect422(radio, "The options amount should be in range 1 - 5");
        expect422(select("Dup", "SINGLE_SELECT_DROPDOWN", false, "A", "A"), "Option values should be unique");
        expect422(select("Multi", "MULTI_SELECT_DROPDOWN", false, "A"), "The 'multiSelect' property should be 'true'");
        expect422(select("Blank", "SINGLE_SELECT_DROPDOWN", false, " "),
                "The option value cannot be blank or have more than 100 length");
        ObjectNode noSelect = Json.object().put("name", "NoSel").put("type", "RADIO_BUTTON").put("entityType", "user");
        expect422(noSelect, "The 'selectField' property should be defined");
        ObjectNode checkboxWithSelect = select("Cb", "SINGLE_CHECKBOX", false, "A");
        Api.Reply cb = s.post("/custom-fields", checkboxWithSelect);
        assertThat(cb.status()).isEqualTo(422);
        assertThat(cb.json().path("message").asText()).startsWith("Attribute selectField is not allowed");
        expect422(text("Acc").put("displayInAccordion", "nowhere"), "'nowhere' value is not allowed for "
                + "displayInAccordion, only the following values are allowed for entity type 'user': "
                + "[user_information, extended_information, contact_information, default, fees_fines, loans, requests]");
        assertThat(s.post("/custom-fields", text("Acc2").put("displayInAccordion", "loans")).status()).isEqualTo(201);
    }

    private static void expect422(ObjectNode f, String message) {
        Api.Reply r = s.post("/custom-fields", f);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("message").asText()).isEqualTo(message);
        assertThat(r.json().path("code").asText()).isEqualTo("-1");
    }

    @Test
    void badInput_is4xx_andOtherModulesAreNotServed() throws Exception {
        Api.Reply missing = s.post("/custom-fields", Json.object().put("name", "N"));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().path("errors")).hasSize(2); // type, entityType
        Api.Reply badType = s.post("/custom-fields", text("T").put("type", "SPINNER"));
        assertThat(badType.status()).isEqualTo(400);
        assertThat(badType.body()).contains("SPINNER");
        ObjectNode badFormat = text("F");
        badFormat.putObject("textField").put("fieldFormat", "PHONE");
        assertThat(s.post("/custom-fields", badFormat).status()).isEqualTo(400);
        assertThat(TestServer.api().send("POST", "/custom-fields", "{bad", s.tenant(), s.token()).status())
                .isEqualTo(400);
        assertThat(s.get("/custom-fields/not-a-uuid").status()).isEqualTo(400);
        assertThat(s.get("/custom-fields/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(s.get("/custom-fields/" + UUID.randomUUID() + "/stats").status()).isEqualTo(404);
        assertThat(s.put("/custom-fields/" + UUID.randomUUID(), text("Nope")).status()).isEqualTo(404);
        assertThat(s.delete("/custom-fields/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(s.get("/custom-fields", "name==(").status()).isEqualTo(400);
        ObjectNode noEntityType = Json.object();
        noEntityType.putArray("customFields");
        Api.Reply noType = s.put("/custom-fields", noEntityType);
        assertThat(noType.status()).isEqualTo(422);
        assertThat(noType.json().path("errors").get(0).path("parameters").get(0).path("key").asText())
                .isEqualTo("entityType");
        JsonNode textField = s.post("/custom-fields", text("Plain")).json();
        Api.Reply optStats = s.get("/custom-fields/" + textField.path("id").asText() + "/options/opt_1/stats");
        assertThat(optStats.status()).isEqualTo(422);
        assertThat(optStats.json().path("message").asText()).isEqualTo("The type of the custom field must be one of:"
                + "SINGLE_SELECT_DROPDOWN, MULTI_SELECT_DROPDOWN, RADIO_BUTTON");

        // The X-Okapi-Module-Id header: mod-users' fields only.
        HttpRequest other = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port() + "/custom-fields"))
                .header("X-Okapi-Tenant", s.tenant()).header("X-Okapi-Token", s.token())
                .header("X-Okapi-Module-Id", "mod-orders-storage-13.0.0").GET().build();
        assertThat(HttpClient.newHttpClient().send(other, HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(404);
        HttpRequest users = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port() + "/custom-fields"))
                .header("X-Okapi-Tenant", s.tenant()).header("X-Okapi-Token", s.token())
                .header("X-Okapi-Module-Id", "mod-users-19.4.0").GET().build();
        assertThat(HttpClient.newHttpClient().send(users, HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(200);
    }
}
