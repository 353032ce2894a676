package org.quire.authorities;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-entities-links over HTTP: authorities, source files, note types, instance links, linking rules, bad input. */
class AuthorityStorageTest {
    static final String LCNAF = "af045f2f-e851-4613-984c-4bc13430454a";
    static final String LCSH = "837e2c7b-037b-4113-9dfd-b1b8aeeb1fb8";
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("authorities");
    }

    static ObjectNode personal(String naturalId, String name) {
        ObjectNode a = Json.object().put("source", "MARC").put("naturalId", naturalId).put("personalName", name)
                .put("sourceFileId", LCNAF);
        a.putArray("sftPersonalName").add(name + " (variant)");
        return a;
    }

    static String create(ObjectNode a) {
        Api.Reply r = s.post("/authority-storage/authorities", a);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static List<String> values(JsonNode arr, String field) {
        List<String> out = new ArrayList<>();
        arr.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }

    @Test
    void crud_withVersionsAndMetadata() {
        String id = create(personal("n79021164", "Twain, Mark, 1835-1910"));
        Api.Reply got = s.get("/authority-storage/authorities/" + id);
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.json().path("personalName").asText()).isEqualTo("Twain, Mark, 1835-1910");
        assertThat(got.json().path("sftPersonalName").get(0).asText()).isEqualTo("Twain, Mark, 1835-1910 (variant)");
        assertThat(got.json().path("_version").asInt()).isEqualTo(1);
        assertThat(got.json().path("metadata").has("createdDate")).isTrue();

        ObjectNode changed = (ObjectNode) got.json();
        changed.put("personalName", "Twain, Mark");
        assertThat(s.put("/authority-storage/authorities/" + id, changed).status()).isEqualTo(204);
        JsonNode after = s.get("/authority-storage/authorities/" + id).json();
        assertThat(after.path("personalName").asText()).isEqualTo("Twain, Mark");
        assertThat(after.path("_version").asInt()).isEqualTo(2);

        // A stale _version is refused (OptimisticLockingException → 409).
        changed.put("_version", 1);
        Api.Reply stale = s.put("/authority-storage/authorities/" + id, changed);
        assertThat(stale.status()).isEqualTo(409);
        assertThat(stale.body()).contains("_version");

        assertThat(s.delete("/authority-storage/authorities/" + id).status()).isEqualTo(204);
        Api.Reply gone = s.get("/authority-storage/authorities/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("Authority with ID [" + id + "] was not found");
        assertThat(s.delete("/authority-storage/authorities/" + id).status()).isEqualTo(404);
    }

    @Test
    void cqlByNaturalIdHeadingTypeHeadingAndSourceFile() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        String person = create(personal("nq" + tag, "Austen, Jane " + tag));
        ObjectNode topic = Json.object().put("source", "MARC").put("naturalId", "sh" + tag)
                .put("topicalTerm", "Cats " + tag).put("sourceFileId", LCSH);
        String subject = create(topic);

        JsonNode byNatural = s.get("/authority-storage/authorities", "naturalId==\"nq" + tag + "\"").json();
        assertThat(values(byNatural.path("authorities"), "id")).containsExactly(person);
        assertThat(byNatural.path("totalRecords").asInt()).isEqualTo(1);

        JsonNode topical = s.get("/authority-storage/authorities", "headingType==topicalTerm and heading=\"cats "
                + tag + "\"").json();
        assertThat(values(topical.path("authorities"), "id")).containsExactly(subject);

        JsonNode lcsh = s.get("/authority-storage/authorities?limit=100", "sourceFileId==" + LCSH).json();
        assertThat(values(lcsh.path("authorities"), "id")).contains(subject).doesNotContain(person);

        Api.Reply badIndex = s.get("/authority-storage/authorities", "personalNameX=foo");
        assertThat(badIndex.status()).isEqualTo(400);
        assertThat(badIndex.body()).contains("personalNameX");
        assertThat(s.get("/authority-storage/authorities", "naturalId==(").status()).isEqualTo(400);
    }

    @Test
    void malformedAuthorities_are4xx() {
        String path = "/authority-storage/authorities";
        assertThat(s.api().send("POST", path, "{not json", s.tenant(), s.token()).status()).isEqualTo(400);

        Api.Reply missing = s.post(path, Json.object().put("personalName", "No ids"));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.body()).contains("naturalId").contains("source");

        Api.Reply unknownFile = s.post(path, personal("n1", "X").put("sourceFileId", UUID.randomUUID().toString()));
        assertThat(unknownFile.status()).isEqualTo(422);
        assertThat(unknownFile.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Authority Source File with the given 'id' does not exists.");

        assertThat(s.post(path, personal("n1", "X").put("sourceFileId", "nope")).status()).isEqualTo(422);
        assertThat(s.post(path, personal("n1", "X").set("sourceFileId", Json.object())).status()).isEqualTo(400);
        assertThat(s.get(path + "/not-a-uuid").status()).isEqualTo(400);
        assertThat(s.get(path + "/" + UUID.randomUUID()).status()).isEqualTo(404);

        String id = create(personal("n2", "Y"));
        Api.Reply otherId = s.put(path + "/" + id, personal("n2", "Y").put("id", UUID.randomUUID().toString()));
        assertThat(otherId.status()).isEqualTo(422);
        assertThat(otherId.body()).contains("Request should have id = " + id);
        String unknown = UUID.randomUUID().toString();
        assertThat(s.put(path + "/" + unknown, personal("n3", "Z").put("id", unknown)).status()).isEqualTo(404);
        Api.Reply unknownFileOnUpdate = s.put(path + "/" + id, personal("n2", "Y").put("id", id)
                .put("sourceFileId", unknown));
        assertThat(unknownFileOnUpdate.status()).isEqualTo(404);
        assertThat(unknownFileOnUpdate.body()).isEqualTo("Authority Source File with ID [" + unknown + "] was not found");
    }

    @Test
    void sourceFiles_folioReferenceDataAndCrud() {
        JsonNode all = s.get("/authority-source-files?limit=100").json();
        assertThat(all.path("totalRecords").asInt()).isEqualTo(12);
        JsonNode lcnaf = s.get("/authority-source-files/" + LCNAF).json();
        assertThat(lcnaf.path("name").asText()).isEqualTo("LC Name Authority file (LCNAF)");
        assertThat(lcnaf.path("codes")).hasSize(5);
        assertThat(lcnaf.path("codes").get(0).asText()).isEqualTo("n");
        assertThat(lcnaf.path("source").asText()).isEqualTo("folio");
        assertThat(values(s.get("/authority-source-files", "name==\"LC Subject Headings (LCSH)\"").json()
                .path("authoritySourceFiles"), "id")).containsExactly(LCSH);

        ObjectNode local = Json.object().put("name", "Local names").put("type", "Names").put("source", "local");
        local.putArray("codes").add("loc");
        Api.Reply created = s.post("/authority-source-files", local);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(s.api().send("PATCH", "/authority-source-files/" + id, "{\"name\":\"Local names 2\"}", s.tenant(),
                s.token()).status()).isEqualTo(204);
        JsonNode patched = s.get("/authority-source-files/" + id).json();
        assertThat(patched.path("name").asText()).isEqualTo("Local names 2");
        assertThat(patched.path("codes").get(0).asText()).isEqualTo("loc");
        assertThat(patched.path("_version").asInt()).isEqualTo(2);

        Api.Reply duplicate = s.post("/authority-source-files", local.put("name", "LOCAL NAMES 2"));
        assertThat(duplicate.status()).isEqualTo(422);
        Api.Reply noCodes = s.post("/authority-source-files", Json.object().put("name", "x").put("source", "local"));
        assertThat(noCodes.status()).isEqualTo(422);
        assertThat(noCodes.body()).contains("codes");

        // A source file still used by an authority cannot be deleted; once unused it can.
        String auth = create(personal("loc1", "Local, Person").put("sourceFileId", id));
        assertThat(s.delete("/authority-source-files/" + id).status()).isEqualTo(400);
        assertThat(s.delete("/authority-storage/authorities/" + auth).status()).isEqualTo(204);
        assertThat(s.delete("/authority-source-files/" + id).status()).isEqualTo(204);
        Api.Reply gone = s.get("/authority-source-files/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("Authority Source File with ID [" + id + "] was not found");
        assertThat(s.api().send("PATCH", "/authority-source-files/" + id, "{}", s.tenant(), s.token()).status())
                .isEqualTo(404);
    }

    @Test
    void noteTypes_crud() {
        Api.Reply r = s.post("/authority-note-types", Json.object().put("name", "Nonpublic general note").put("source", "local"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String id = r.json().path("id").asText();
        assertThat(values(s.get("/authority-note-types", "name==\"Nonpublic general note\"").json()
                .path("authorityNoteTypes"), "id")).containsExactly(id);
        assertThat(s.post("/authority-note-types", Json.object().put("name", "nonpublic general note")).status())
                .isEqualTo(422);
        assertThat(s.delete("/authority-note-types/" + id).status()).isEqualTo(204);
    }

    static ObjectNode links(String instanceId, Object... authorityAndRule) {
        ObjectNode body = Json.object();
        var arr = body.putArray("links");
        for (int i = 0; i < authorityAndRule.length; i += 2) {
            arr.addObject().put("authorityId", (String) authorityAndRule[i]).put("authorityNaturalId", "n" + i)
                    .put("instanceId", instanceId).put("linkingRuleId", (Integer) authorityAndRule[i + 1]);
        }
        return body;
    }

    @Test
    void instanceLinks_roundTripCountAndAuthorityDelete() {
        String a1 = create(personal("nl1", "Linked, One"));
        String a2 = create(personal("nl2", "Linked, Two"));
        String i1 = UUID.randomUUID().toString(), i2 = UUID.randomUUID().toString();

        assertThat(s.put("/links/instances/" + i1, links(i1, a1, 1, a2, 8)).status()).isEqualTo(204);
        assertThat(s.put("/links/instances/" + i2, links(i2, a1, 15)).status()).isEqualTo(204);
        JsonNode got = s.get("/links/instances/" + i1).json();
        assertThat(got.path("totalRecords").asInt()).isEqualTo(2);
        JsonNode first = got.path("links").get(0);
        assertThat(first.path("authorityId").asText()).isEqualTo(a1);
        assertThat(first.path("instanceId").asText()).isEqualTo(i1);
        assertThat(first.path("linkingRuleId").asInt()).isEqualTo(1);
        assertThat(first.path("status").asText()).isEqualTo("ACTUAL");
        assertThat(first.path("id").isIntegralNumber()).isTrue();
        long keptId = first.path("id").asLong();

        // Replacing keeps the link that stays (same id), drops the other.
        assertThat(s.put("/links/instances/" + i1, links(i1, a1, 1)).status()).isEqualTo(204);
        JsonNode after = s.get("/links/instances/" + i1).json();
        assertThat(after.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(after.path("links").get(0).path("id").asLong()).isEqualTo(keptId);

        String none = UUID.randomUUID().toString();
        JsonNode counts = s.post("/links/authorities/bulk/count", Json.object().set("ids",
                Json.array().add(a1).add(a2).add(none))).json();
        assertThat(counts.path("links")).hasSize(3);
        for (JsonNode c : counts.path("links")) {
            int expected = c.path("id").asText().equals(a1) ? 2 : 0;
            assertThat(c.path("totalLinks").asInt()).as(c.toString()).isEqualTo(expected);
        }

        // Deleting an authority deletes its links (mod-entities-links' DeleteAuthorityChangeHandler).
        assertThat(s.delete("/authority-storage/authorities/" + a1).status()).isEqualTo(204);
        assertThat(s.get("/links/instances/" + i1).json().path("totalRecords").asInt()).isZero();
        assertThat(s.get("/links/instances/" + i2).json().path("links")).isEmpty();

        assertThat(s.put("/links/instances/" + i2, Json.object().set("links", Json.array())).status()).isEqualTo(204);
    }

    @Test
    void malformedLinks_are4xx() {
        String a = create(personal("nm1", "Malformed, Links"));
        String i = UUID.randomUUID().toString();
        assertThat(s.get("/links/instances/not-a-uuid").status()).isEqualTo(400);
        assertThat(s.api().send("PUT", "/links/instances/" + i, "[oops", s.tenant(), s.token()).status()).isEqualTo(400);
        assertThat(s.put("/links/instances/" + i, Json.object()).status()).isEqualTo(422);
        assertThat(s.put("/links/instances/" + i, Json.object().put("links", "x")).status()).isEqualTo(400);

        String other = UUID.randomUUID().toString();
        Api.Reply wrongInstance = s.put("/links/instances/" + i, links(other, a, 1));
        assertThat(wrongInstance.status()).isEqualTo(422);
        assertThat(wrongInstance.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Link should have instanceId = " + i);

        ObjectNode noAuthority = links(i, a, 1);
        ((ObjectNode) noAuthority.path("links").get(0)).remove("authorityId");
        Api.Reply missing = s.put("/links/instances/" + i, noAuthority);
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.body()).contains("links[0].authorityId");

        ObjectNode badUuid = links(i, a, 1);
        ((ObjectNode) badUuid.path("links").get(0)).put("authorityId", "zzz");
        assertThat(s.put("/links/instances/" + i, badUuid).status()).isEqualTo(400);
        ObjectNode badRule = links(i, a, 1);
        ((ObjectNode) badRule.path("links").get(0)).put("linkingRuleId", "one");
        assertThat(s.put("/links/instances/" + i, badRule).status()).isEqualTo(400);
        Api.Reply unknownRule = s.put("/links/instances/" + i, links(i, a, 999));
        assertThat(unknownRule.status()).isEqualTo(422);
        assertThat(unknownRule.body()).contains("Linking rule with ID [999] was not found");
        // The same authority and rule twice is one link, not a 500.
        assertThat(s.put("/links/instances/" + i, links(i, a, 1, a, 1)).status()).isEqualTo(204);
        assertThat(s.get("/links/instances/" + i).json().path("totalRecords").asInt()).isEqualTo(1);

        assertThat(s.post("/links/authorities/bulk/count", Json.object()).status()).isEqualTo(422);
        assertThat(s.post("/links/authorities/bulk/count", Json.object().set("ids", Json.array().add("nope")))
                .status()).isEqualTo(400);
    }

    @Test
    void linkingRules_folioDefaults() {
        JsonNode rules = s.get("/linking-rules/instance-authority").json();
        assertThat(rules.isArray()).isTrue();
        assertThat(rules).hasSize(22);
        assertThat(rules.get(0).path("bibField").asText()).isEqualTo("100");
        assertThat(rules.get(0).path("authorityField").asText()).isEqualTo("100");
        JsonNode r5 = s.get("/linking-rules/instance-authority/5").json();
        assertThat(r5.path("bibField").asText()).isEqualTo("240");
        assertThat(r5.path("subfieldModifications").get(0).path("target").asText()).isEqualTo("a");
        assertThat(s.get("/linking-rules/instance-authority/99").status()).isEqualTo(404);
        assertThat(s.get("/linking-rules/instance-authority/x").status()).isEqualTo(400);
    }
}
