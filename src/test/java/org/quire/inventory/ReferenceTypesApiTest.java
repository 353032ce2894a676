package org.quire.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mod-inventory-storage's reference-data endpoints Quire serves since V20, and mod-users' address types: FOLIO's
 * paths, collection keys, required properties, unique indexes (and their 422 messages), CRUD and CQL.
 */
class ReferenceTypesApiTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("reference_types");
    }

    /**
     * One endpoint: its path and collection key, the unique text property (FOLIO's {@code name}, mod-users'
     * {@code addressType}), a valid new record, a property FOLIO's schema requires, and FOLIO's table name (for the
     * duplicate message).
     */
    record Endpoint(String path, String key, String nameField, ObjectNode record, String required, String table) {
        @Override
        public String toString() {
            return path;
        }
    }

    static ObjectNode named(String name) {
        return Json.object().put("name", name).put("source", "local");
    }

    static List<Endpoint> endpoints() {
        return List.of(
                new Endpoint("/alternative-title-types", "alternativeTitleTypes", "name", named("Zine title"), "source",
                        "alternative_title_type"),
                new Endpoint("/electronic-access-relationships", "electronicAccessRelationships", "name",
                        named("Mirror"), "name", "electronic_access_relationship"),
                new Endpoint("/holdings-note-types", "holdingsNoteTypes", "name", named("Shelving note"), "source",
                        "holdings_note_type"),
                new Endpoint("/ill-policies", "illPolicies", "name", named("Lends to partners"), "source", "ill_policy"),
                new Endpoint("/instance-formats", "instanceFormats", "name",
                        named("microform -- local card").put("code", "zz"), "code", "instance_format"),
                new Endpoint("/instance-note-types", "instanceNoteTypes", "name", named("Provenance remark"), "source",
                        "instance_note_type"),
                new Endpoint("/instance-relationship-types", "instanceRelationshipTypes", "name",
                        Json.object().put("name", "translation-of"), "name", "instance_relationship_type"),
                new Endpoint("/item-damaged-statuses", "itemDamageStatuses", "name", named("Water damaged"), "source",
                        "item_damaged_status"),
                new Endpoint("/item-note-types", "itemNoteTypes", "name", named("Conservation note"), "source",
                        "item_note_type"),
                new Endpoint("/nature-of-content-terms", "natureOfContentTerms", "name", named("zine"), "source",
                        "nature_of_content_term"),
                new Endpoint("/statistical-code-types", "statisticalCodeTypes", "name", named("LOCAL (Local stats)"),
                        "source", "statistical_code_type"),
                new Endpoint("/statistical-codes", "statisticalCodes", "name", named("Gift collection (gift)")
                        .put("code", "gift").put("statisticalCodeTypeId", ARL), "statisticalCodeTypeId",
                        "statistical_code"),
                new Endpoint("/subject-sources", "subjectSources", "name", named("Local thesaurus").put("code", "lth"),
                        "source", "subject_source"),
                new Endpoint("/subject-types", "subjectTypes", "name", named("Building"), "source", "subject_type"),
                new Endpoint("/addresstypes", "addressTypes", "addressType",
                        Json.object().put("addressType", "Office").put("desc", "Office address"), "addressType",
                        "addresstype"));
    }

    static final String ARL = "3abd6fc2-b3e4-4879-b1e1-78be41769fe3";

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void crudAndCql(Endpoint e) {
        String id = UUID.randomUUID().toString();
        ObjectNode record = e.record().deepCopy().put("id", id);
        Api.Reply created = s.post(e.path(), record);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("Location")).hasValue(e.path() + "/" + id);
        assertThat(created.json().path("metadata").path("createdDate").isTextual()).isTrue();
        String name = record.path(e.nameField()).asText();

        JsonNode found = s.get(e.path(), e.nameField() + "==\"" + name + "\"").json();
        assertThat(found.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(found.path(e.key()).get(0).path("id").asText()).isEqualTo(id);
        assertThat(s.get(e.path() + "/" + id).json().path(e.nameField()).asText()).isEqualTo(name);

        ObjectNode renamed = record.deepCopy().put(e.nameField(), name + " (renamed)");
        assertThat(s.put(e.path() + "/" + id, renamed).status()).isEqualTo(204);
        assertThat(s.get(e.path() + "/" + id).json().path(e.nameField()).asText()).isEqualTo(name + " (renamed)");
        assertThat(s.get(e.path(), e.nameField() + "==\"" + name + "\"").json().path("totalRecords").asInt()).isZero();

        assertThat(s.delete(e.path() + "/" + id).status()).isEqualTo(204);
        assertThat(s.get(e.path() + "/" + id).status()).isEqualTo(404);
        assertThat(s.delete(e.path() + "/" + id).status()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void duplicates_areFolios422(Endpoint e) {
        ObjectNode first = e.record().deepCopy().put(e.nameField(), "Dup " + e.table());
        if (first.has("code")) first.put("code", "d" + Math.abs(e.table().hashCode() % 1000));
        Api.Reply r = s.post(e.path(), first);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.json().path("id").asText();

        // The same id again: RMB's "id value already exists in table <table>: <id>".
        Api.Reply sameId = s.post(e.path(), first.deepCopy().put("id", id).put(e.nameField(), "Other " + e.table()));
        assertThat(sameId.status()).isEqualTo(422);
        assertThat(sameId.json().path("errors").get(0).path("message").asText())
                .isEqualTo("id value already exists in table " + e.table() + ": " + id);

        // The same name, in another case (FOLIO's unique indexes are case-insensitive) — except statistical code
        // types, whose only FOLIO unique index is on a property they do not have.
        ObjectNode sameName = first.deepCopy();
        sameName.remove("id");
        sameName.put(e.nameField(), first.path(e.nameField()).asText().toUpperCase());
        if (sameName.has("code")) sameName.put("code", "other");
        Api.Reply dup = s.post(e.path(), sameName);
        if (e.table().equals("statistical_code_type")) {
            assertThat(dup.status()).as(dup.body()).isEqualTo(201);
            return;
        }
        assertThat(dup.status()).as(dup.body()).isEqualTo(422);
        assertThat(dup.json().path("errors").get(0).path("message").asText()).isEqualTo("lower(f_unaccent(jsonb ->> '"
                + e.nameField() + "'::text)) value already exists in table " + e.table() + ": "
                + first.path(e.nameField()).asText().toLowerCase());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void malformedInput_is4xx(Endpoint e) {
        ObjectNode missing = e.record().deepCopy();
        missing.remove(e.required());
        Api.Reply r = s.post(e.path(), missing);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("must not be null");
        assertThat(r.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo(e.required());

        assertThat(s.api().send("POST", e.path(), "{\"name\": ", s.tenant(), s.token()).status()).isEqualTo(400);
        ObjectNode wrongType = e.record().deepCopy();
        wrongType.putObject(e.nameField()).put("en", "a name");
        Api.Reply wrong = s.post(e.path(), wrongType);
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.body()).isEqualTo("Json content error: " + e.nameField() + " must be a string, not an object");
        assertThat(s.post(e.path(), e.record().deepCopy().put("id", "not-a-uuid")).status()).isEqualTo(422);
        assertThat(s.get(e.path() + "/not-a-uuid").status()).isEqualTo(404);
        assertThat(s.get(e.path() + "/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(s.put(e.path() + "/" + UUID.randomUUID(), e.record()).status()).isEqualTo(404);
        Api.Reply badCql = s.get(e.path(), e.nameField() + "==(");
        assertThat(badCql.status()).isEqualTo(400);
        Api.Reply unknownIndex = s.get(e.path(), "nosuchfield==x");
        assertThat(unknownIndex.status()).isEqualTo(400);
        assertThat(unknownIndex.body()).contains("nosuchfield");
    }

    @Test
    void permissions_areFolios() {
        // A clerk holding only the collection permission of one endpoint reads it and nothing else.
        String userId = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", userId).put("username", "refclerk").put("active", true))
                .status()).isEqualTo(201);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", userId).put("password", "pw")).status())
                .isEqualTo(201);
        assertThat(s.post("/perms/users", Json.object().put("userId", userId).set("permissions",
                Json.array().add("inventory-storage.statistical-codes.collection.get"))).status()).isEqualTo(201);
        Api.Session clerk = s.api().login(s.tenant(), "refclerk", "pw");
        assertThat(clerk.get("/statistical-codes").status()).isEqualTo(200);
        Api.Reply denied = clerk.post("/statistical-codes", named("x").put("code", "x").put("statisticalCodeTypeId", ARL));
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.body()).contains("inventory-storage.statistical-codes.item.post");
        assertThat(clerk.get("/instance-date-types").body()).contains("inventory-storage.instance-date-types.collection.get");
        assertThat(clerk.get("/addresstypes").body()).contains("addresstypes.collection.get");
    }

    @Test
    void statisticalCodes_needAnExistingType_andATypeInUseCannotBeDeleted() {
        String missingType = UUID.randomUUID().toString();
        Api.Reply r = s.post("/statistical-codes", named("Orphan (orph)").put("code", "orph")
                .put("statisticalCodeTypeId", missingType));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("Cannot set statistical_code.statistical_code_type_id = " + missingType
                + " because it does not exist in statistical_code_type.id.");

        Api.Reply del = s.delete("/statistical-code-types/" + ARL);
        assertThat(del.status()).isEqualTo(400);
        assertThat(del.body()).isEqualTo("Cannot delete statistical_code_type.id = " + ARL
                + " because id is still referenced from table statistical_code.");

        // The same code under another type is allowed; under the same type it is FOLIO's duplicate.
        String disc = "d816175b-578f-4056-af61-689f449c3c45";
        assertThat(s.post("/statistical-codes", named("Archives, discovery (arch)").put("code", "arch")
                .put("statisticalCodeTypeId", disc)).status()).isEqualTo(201);
        String recm = "0d3ec58e-dc3c-4aa1-9eba-180fca95c544";
        Api.Reply dup = s.post("/statistical-codes", named("Archives again (arch)").put("code", "ARCH")
                .put("statisticalCodeTypeId", recm));
        assertThat(dup.status()).isEqualTo(422);
        assertThat(dup.json().path("errors").get(0).path("message").asText()).endsWith(
                "value already exists in table statistical_code: arch, " + recm);

        JsonNode byType = s.get("/statistical-codes?limit=100", "statisticalCodeTypeId==" + ARL + " sortBy code").json();
        assertThat(byType.path("totalRecords").asInt()).isEqualTo(13);
        assertThat(byType.path("statisticalCodes").get(0).path("code").asText()).isEqualTo("books");
    }

    @Test
    void instanceDateTypes_areFixed_butTheirNamesCanBePatched() {
        JsonNode all = s.get("/instance-date-types?limit=100").json();
        assertThat(all.path("totalRecords").asInt()).isEqualTo(15);
        String single = "24a506e8-2a92-4ecc-bd09-ff849321fd5a";
        JsonNode found = s.get("/instance-date-types", "code==s").json();
        assertThat(found.path("instanceDateTypes").get(0).path("id").asText()).isEqualTo(single);
        assertThat(found.path("instanceDateTypes").get(0).path("displayFormat").path("delimiter").asText()).isEqualTo(",");

        Api.Reply patched = s.api().send("PATCH", "/instance-date-types/" + single, "{\"name\":\"One date\"}",
                s.tenant(), s.token());
        assertThat(patched.status()).as(patched.body()).isEqualTo(204);
        JsonNode after = s.get("/instance-date-types", "code==s").json().path("instanceDateTypes").get(0);
        assertThat(after.path("name").asText()).isEqualTo("One date");
        assertThat(after.path("code").asText()).isEqualTo("s");

        assertThat(s.api().send("PATCH", "/instance-date-types/" + single, "{}", s.tenant(), s.token()).status())
                .isEqualTo(422);
        assertThat(s.api().send("PATCH", "/instance-date-types/" + single, "{\"name\":", s.tenant(), s.token())
                .status()).isEqualTo(400);
        assertThat(s.api().send("PATCH", "/instance-date-types/" + UUID.randomUUID(), "{\"name\":\"x\"}", s.tenant(),
                s.token()).status()).isEqualTo(404);
        assertThat(s.api().send("PATCH", "/instance-date-types/nope", "{\"name\":\"x\"}", s.tenant(), s.token())
                .status()).isEqualTo(404);
        // No POST, PUT or DELETE, as in FOLIO.
        assertThat(s.post("/instance-date-types", Json.object().put("name", "x")).status()).isEqualTo(404);
    }

    @Test
    void addressTypes_inUseCannotBeDeleted() {
        String home = "93d3d88d-499b-45d0-9bc7-ac73c3a19880";
        ObjectNode u = Json.object().put("id", UUID.randomUUID().toString()).put("username", "addressee").put("active", true);
        u.putObject("personal").put("lastName", "Addressee").putArray("addresses").addObject()
                .put("addressTypeId", home).put("addressLine1", "1 Main St");
        assertThat(s.post("/users", u).status()).isEqualTo(201);
        Api.Reply r = s.delete("/addresstypes/" + home);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("Cannot remove address type '" + home + "', 1 users associated with it");
        assertThat(s.get("/addresstypes/" + home).status()).isEqualTo(200);
    }
}
