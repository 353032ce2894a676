package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Settings → Data import → MARC field protection, as the UI calls it (folio-ui-calls.md) and as
 * mod-data-import-converter-storage answers (its FieldProtectionSettingsApiTest): FOLIO's two SYSTEM settings on a new
 * tenant, CRUD of USER settings, SYSTEM ones kept, malformed bodies and ids refused.
 */
class FieldProtectionSettingsTest {
    static final String PATH = "/field-protection-settings/marc";
    static final String SYSTEM_001 = "2d706874-8a10-4d3e-a190-33c301d157e3";
    static final String SYSTEM_999 = "82d0b904-f8b0-4cc2-b238-7d8cddef7b7e";
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("field_protection");
    }

    static ObjectNode setting(String field, String ind1, String ind2, String subfield, String data) {
        return Json.object().put("field", field).put("indicator1", ind1).put("indicator2", ind2)
                .put("subfield", subfield).put("data", data).put("source", "USER").put("override", false);
    }

    @Test
    void aNewTenantHasFoliosSystemSettings_andTheUiListsThemByField() {
        Api.Reply r = s.get(PATH + "?limit=2000", "cql.allRecords=1 sortby field");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<String> fields = DataImportClient.texts(r.json().path("marcFieldProtectionSettings"), "field");
        assertThat(fields).isSorted().contains("001", "999");
        // the other tests of this class add settings to the same tenant, SYSTEM ones too
        assertThat(DataImportClient.texts(s.get(PATH, "source==SYSTEM").json().path("marcFieldProtectionSettings"),
                "id")).contains(SYSTEM_001, SYSTEM_999);
        JsonNode f999 = s.get(PATH + "/" + SYSTEM_999).json();
        assertThat(f999.path("field").asText()).isEqualTo("999");
        assertThat(f999.path("indicator1").asText() + f999.path("indicator2").asText()).isEqualTo("ff");
        assertThat(f999.path("subfield").asText() + f999.path("data").asText()).isEqualTo("**");
    }

    @Test
    void userSettingsAreCreatedReadUpdatedAndDeleted() {
        ObjectNode body = setting("500", "*", "*", "a", "*").put("id", UUID.randomUUID().toString());
        Api.Reply created = s.post(PATH, body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(id).isNotEqualTo(body.path("id").asText()); // FOLIO gives it a new id
        assertThat(created.header("Location").orElseThrow()).endsWith(PATH + "/" + id);
        assertThat(s.get(PATH + "/" + id).json().path("field").asText()).isEqualTo("500");

        Api.Reply updated = s.put(PATH + "/" + id, setting("500", "1", "*", "a", "Local note"));
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("indicator1").asText()).isEqualTo("1");
        assertThat(s.get(PATH + "/" + id).json().path("data").asText()).isEqualTo("Local note");

        assertThat(s.delete(PATH + "/" + id).status()).isEqualTo(204);
        Api.Reply gone = s.get(PATH + "/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("MARC field protection setting with id '" + id + "' was not found");
        assertThat(s.delete(PATH + "/" + id).status()).isEqualTo(404);
        Api.Reply putMissing = s.put(PATH + "/" + id, setting("500", "*", "*", "a", "*"));
        assertThat(putMissing.status()).isEqualTo(404);
        assertThat(putMissing.body()).isEqualTo("MARC field protection with id '" + id + "' was not found");
    }

    @Test
    void systemSettingsAreNeitherUpdatedNorDeleted() {
        Api.Reply put = s.put(PATH + "/" + SYSTEM_001, setting("001", "", "", "", "x"));
        assertThat(put.status()).isEqualTo(400);
        assertThat(put.body()).isEqualTo("MARC field protection setting with source SYSTEM cannot be updated");
        Api.Reply delete = s.delete(PATH + "/" + SYSTEM_999);
        assertThat(delete.status()).isEqualTo(400);
        assertThat(delete.body()).isEqualTo("MARC field protection setting with source SYSTEM cannot be deleted");
        // a setting posted as SYSTEM is one too
        String posted = s.post(PATH, setting("035", "*", "*", "a", "*").put("source", "SYSTEM")).json().path("id").asText();
        assertThat(s.put(PATH + "/" + posted, setting("035", "*", "*", "z", "*")).status()).isEqualTo(400);
        assertThat(s.delete(PATH + "/" + posted).status()).isEqualTo(400);
        assertThat(s.get(PATH + "/" + SYSTEM_001).json().path("data").asText()).isEqualTo("*");
    }

    @Test
    void malformedSettingsAndIdsAreRefused() {
        for (String bad : List.of("{}", "{\"field\":\"500\",\"invalidField\":\"value\"}",
                "{\"field\":\"500\",\"source\":\"LOCAL\"}", "{\"field\":500}", "{\"field\":\"500\",\"override\":\"no\"}")) {
            Api.Reply post = s.post(PATH, Json.parse(bad));
            assertThat(post.status()).as(bad + " " + post.body()).isEqualTo(422);
            assertThat(post.json().path("errors").size()).as(bad).isPositive();
        }
        String id = s.post(PATH, setting("650", "*", "*", "*", "*")).json().path("id").asText();
        assertThat(s.put(PATH + "/" + id, Json.parse("{\"field\":\"650\",\"invalidField\":1}")).status()).isEqualTo(422);
        assertThat(s.api().send("POST", PATH, "{\"field\":", s.tenant(), s.token()).status()).isEqualTo(400);
        assertThat(s.get(PATH + "/not-a-uuid").status()).isEqualTo(404);
        assertThat(s.delete(PATH + "/not-a-uuid").status()).isEqualTo(404);
        assertThat(s.get(PATH + "?limit=-1").status()).isEqualTo(400);
        assertThat(s.get(PATH, "(field==500").status()).isEqualTo(400);
    }
}
