package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * folio-custom-fields' refusals not covered by {@link CustomFieldsTest}, with their message, code "-1" and parameter.
 * Its 422 body is ONE error ({"message", "type", "code", "parameters"}), not FOLIO's usual list.
 */
class CustomFieldRefusalsTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("cfield_refusals");
    }

    static ObjectNode select(String name, ObjectNode... options) {
        ObjectNode f = Json.object().put("name", name).put("type", "SINGLE_SELECT_DROPDOWN").put("entityType", "user");
        var values = f.putObject("selectField").put("multiSelect", false).putObject("options").putArray("values");
        for (ObjectNode o : options) values.add(o);
        return f;
    }

    static ObjectNode option(String id, String value) {
        ObjectNode o = Json.object().put("value", value);
        if (id != null) o.put("id", id);
        return o;
    }

    static JsonNode refused(Api.Reply r, String message) {
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("message").asText()).isEqualTo(message);
        assertThat(r.json().path("code").asText()).isEqualTo("-1");
        return r.json();
    }

    @Test
    void selectOptions_nullValues_nullOption_badOrDuplicateIds_twoDefaults() {
        ObjectNode nullValues = select("Null values");
        ((ObjectNode) nullValues.path("selectField").path("options")).putNull("values");
        refused(s.post("/custom-fields", nullValues), "The 'values' property should not be null");
        ObjectNode nullOption = select("Null option");
        ((com.fasterxml.jackson.databind.node.ArrayNode) nullOption.path("selectField").path("options").path("values")).addNull();
        refused(s.post("/custom-fields", nullOption), "Option should not be null");
        JsonNode badId = refused(s.post("/custom-fields", select("Bad id", option("first", "A"))), "must match \"opt_\\d+\"");
        assertThat(badId.path("parameters").get(0).path("key").asText()).isEqualTo("id");
        assertThat(badId.path("parameters").get(0).path("value").asText()).isEqualTo("first");
        refused(s.post("/custom-fields", select("Same ids", option("opt_1", "A"), option("opt_1", "B"))),
                "Option IDs should be unique");
        refused(s.post("/custom-fields", select("Defaults", option(null, "A").put("default", true),
                option(null, "B").put("default", true))), "The max defaults amount is 1");
    }

    @Test
    void attributeOfAnotherType() {
        ObjectNode checkbox = select("Checkbox").put("type", "SINGLE_CHECKBOX");
        refused(s.post("/custom-fields", checkbox), "Attribute selectField is not allowed, following attributes are "
                + "allowed for field of type SINGLE_CHECKBOX : [id, name, refId, type, entityType, visible, required, "
                + "isRepeatable, order, helpText, metadata, displayInAccordion, checkboxField]");
    }

    @Test
    void collectionPut_withOneIdTwice() {
        String id = UUID.randomUUID().toString();
        ObjectNode all = Json.object().put("entityType", "user");
        all.putArray("customFields").add(select("One", option(null, "A")).put("id", id))
                .add(select("Two", option(null, "A")).put("id", id));
        JsonNode e = refused(s.put("/custom-fields", all), "Custom field ids should be unique");
        assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo(id);
    }

    @Test
    void textField_optionStats_andAChangedFormat() {
        ObjectNode text = Json.object().put("name", "Nickname").put("type", "TEXTBOX_SHORT").put("entityType", "user");
        Api.Reply created = s.post("/custom-fields", text);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        refused(s.get("/custom-fields/" + id + "/options/opt_1/stats"),
                "The type of the custom field must be one of:SINGLE_SELECT_DROPDOWN, MULTI_SELECT_DROPDOWN, RADIO_BUTTON");
        ObjectNode email = text.deepCopy();
        email.putObject("textField").put("fieldFormat", "EMAIL");
        refused(s.put("/custom-fields/" + id, email),
                "The format of the custom field can not be changed: newFormat = EMAIL, oldFormat = TEXT");
    }
}
