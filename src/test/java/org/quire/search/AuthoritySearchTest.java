package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mod-search's {@code /search/authorities} and its facets over HTTP: authorities written through authority-storage
 * are searchable within a second as one document per heading (main, see-from, see-also-from), with mod-search's
 * headingType / authRefType / headingRef, numberOfTitles from /links, updates and deletes followed, and 400s.
 * The personal names are real LC Name Authority records (../shared/data/marc/authority/lc-naf-names-5k.mrc, 100 and
 * 400 fields hand-mapped as mod-entities-links maps them: 100 → personalName, 400 → sftPersonalName).
 */
class AuthoritySearchTest {
    static final String LCNAF = "af045f2f-e851-4613-984c-4bc13430454a";
    static final String LCSH = "837e2c7b-037b-4113-9dfd-b1b8aeeb1fb8";
    static final String LCCN_TYPE = "c858e4f2-2b6b-4385-842b-60732ee14abb"; // FOLIO's identifier type "LCCN"
    static Api.Session s;
    static String barrie;
    static String sanchez;
    static String valiulina;
    static String water;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("authority_search");
        barrie = create(personal("n  50000555", "Barrie, J. M. (James Matthew), 1860-1937",
                "Barrie, James Matthew, Sir, bart., 1860-1937", "Barrie, James Matthew, 1860-1937",
                "Barri, Dzheĭms, 1860-1937").put("sourceFileId", LCNAF)
                .set("identifiers", Json.array().add(Json.object().put("value", "n  50000555")
                        .put("identifierTypeId", LCCN_TYPE))));
        sanchez = create(personal("n  00036979", "Sánchez Martínez, Mariano", "Martínez, Mariano Sánchez",
                "Sánchez, Mariano (Sánchez Martínez)").put("sourceFileId", LCNAF));
        valiulina = create(personal("n  00039365", "Valiulina, Sana, 1964-", "Валиулина, Сана, 1964-"));
        ObjectNode topical = Json.object().put("source", "MARC").put("naturalId", "sh85145447")
                .put("topicalTerm", "Water quality").put("sourceFileId", LCSH);
        topical.putArray("sftTopicalTerm").add("Water purity");
        topical.putArray("saftTopicalTerm").add("Water--Pollution");
        water = create(topical);
        awaitTotal("cql.allRecords=1", 4 + 3 + 2 + 3);
    }

    static ObjectNode personal(String naturalId, String name, String... seeFrom) {
        ObjectNode a = Json.object().put("source", "MARC").put("naturalId", naturalId).put("personalName", name);
        var sft = a.putArray("sftPersonalName");
        for (String v : seeFrom) sft.add(v);
        return a;
    }

    static String create(ObjectNode a) {
        Api.Reply r = s.post("/authority-storage/authorities", a);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static Api.Reply search(String cql, String params) {
        return s.get("/search/authorities?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8) + params);
    }

    static JsonNode hits(String cql) {
        Api.Reply r = search(cql, "&limit=100");
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        return r.json().path("authorities");
    }

    static List<String> headingRefs(String cql) {
        List<String> out = new ArrayList<>();
        hits(cql).forEach(a -> out.add(a.path("headingRef").asText()));
        return out;
    }

    static void awaitTotal(String cql, int expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        int total;
        do {
            total = search(cql, "").json().path("totalRecords").asInt();
            if (total == expected) return;
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        } while (System.currentTimeMillis() < deadline);
        assertThat(total).as("within one second: " + cql).isEqualTo(expected);
    }

    static void assertBadRequest(String path, String message, String type) {
        Api.Reply r = s.get(path);
        assertThat(r.status()).as(path + " → " + r.body()).isEqualTo(400);
        JsonNode error = r.json().path("errors").get(0);
        assertThat(error.path("message").asText()).contains(message);
        assertThat(error.path("type").asText()).isEqualTo(type);
        assertThat(r.json().path("total_records").asInt()).isEqualTo(1);
    }

    @Test
    void anAuthority_isOneDocumentPerHeading_withModSearchsGeneratedFields() {
        JsonNode docs = hits("id==" + barrie + " sortBy headingRef");
        assertThat(docs).hasSize(4);
        List<String> refs = new ArrayList<>();
        for (JsonNode d : docs) {
            refs.add(d.path("authRefType").asText() + ": " + d.path("headingRef").asText());
            assertThat(d.path("id").asText()).isEqualTo(barrie);
            assertThat(d.path("headingType").asText()).isEqualTo("Personal Name");
            assertThat(d.path("naturalId").asText()).isEqualTo("n  50000555");
            assertThat(d.path("sourceFileId").asText()).isEqualTo(LCNAF);
            assertThat(d.path("tenantId").asText()).isEqualTo(s.tenant());
            assertThat(d.path("shared").asBoolean(true)).isFalse();
            assertThat(d.path("numberOfTitles").asInt(-1)).isZero();
            assertThat(d.has("personalName")).as("basic fields only").isFalse();
        }
        assertThat(refs).containsExactly("Reference: Barri, Dzheĭms, 1860-1937",
                "Authorized: Barrie, J. M. (James Matthew), 1860-1937",
                "Reference: Barrie, James Matthew, 1860-1937",
                "Reference: Barrie, James Matthew, Sir, bart., 1860-1937");
        // no source file: "NULL" (authority.json "default")
        assertThat(hits("id==" + valiulina).get(0).path("sourceFileId").asText()).isEqualTo("NULL");
        // see-also-from
        assertThat(headingRefs("authRefType==\"Auth/Ref\"")).containsExactly("Water--Pollution");
        assertThat(hits("id==" + water + " and authRefType==Authorized").get(0).path("headingType").asText())
                .isEqualTo("Topical");
        // expandAll: the whole document, its heading field included
        JsonNode full = search("id==" + sanchez + " and authRefType==Authorized", "&expandAll=true").json()
                .path("authorities").get(0);
        assertThat(full.path("personalName").asText()).isEqualTo("Sánchez Martínez, Mariano");
        assertThat(full.path("metadata").has("createdDate")).isTrue();
    }

    @Test
    void keyword_coversEveryHeadingAndItsVariants_accentFolded_allAnyPhraseAndWildcards() {
        assertThat(headingRefs("keyword all \"sanchez martinez\"")).containsExactlyInAnyOrder(
                "Sánchez Martínez, Mariano", "Martínez, Mariano Sánchez", "Sánchez, Mariano (Sánchez Martínez)");
        assertThat(headingRefs("keyword == \"Mariano Sanchez\"")).containsExactlyInAnyOrder("Martínez, Mariano Sánchez",
                "Sánchez, Mariano (Sánchez Martínez)");
        assertThat(headingRefs("keyword any \"Валиулина purity\"")).containsExactlyInAnyOrder(
                "Валиулина, Сана, 1964-", "Water purity");
        assertThat(headingRefs("keyword all dzheims")).containsExactly("Barri, Dzheĭms, 1860-1937");
        assertThat(hits("keyword = \"barri*\"")).hasSize(4);
        assertThat(headingRefs("keyword all \"*Matthew, Sir*\"")).containsExactly(
                "Barrie, James Matthew, Sir, bart., 1860-1937");
        assertThat(headingRefs("keyword = \"*purity\"")).containsExactly("Water purity");
        assertThat(headingRefs("keyword <> water and headingType==Topical")).isEmpty();
        // unquoted words are joined (cql-java), as the PTF authority samplers send them
        assertThat(headingRefs("keyword all water quality")).containsExactly("Water quality");
    }

    @Test
    void perFamilyOptions_andTermFields() {
        assertThat(headingRefs("personalName all barrie")).containsExactly("Barrie, J. M. (James Matthew), 1860-1937");
        assertThat(hits("sftPersonalName all barrie")).hasSize(2); // not "Barri, Dzheĭms"
        assertThat(headingRefs("saftTopicalTerm all pollution")).containsExactly("Water--Pollution");
        assertThat(headingRefs("topicalTerm all pollution")).isEmpty();
        assertThat(headingRefs("headingRef == \"water purity\"")).containsExactly("Water purity");
        assertThat(hits("headingType == \"Personal Name\"")).hasSize(9);
        assertThat(hits("naturalId == \"N  00039365\"")).hasSize(2); // keyword_lowercase
        assertThat(hits("sourceFileId == " + LCSH)).hasSize(3);
        assertThat(hits("authRefType == reference")).hasSize(7);
        assertThat(hits("isTitleHeadingRef == false")).hasSize(12);
        assertThat(hits("id==" + water + " or id==" + valiulina)).hasSize(5);
        // lccn: the LCCN identifiers, normalised both ways (case and spaces, the prefix required)
        assertThat(hits("lccn == \"N50000555\"")).hasSize(4);
        assertThat(hits("lccn = \"n 50000555\"")).hasSize(4);
        assertThat(hits("lccn = \"5000*\"")).isEmpty();
        assertThat(hits("identifiers.value == \"N  50000555\"")).hasSize(4);
        // keyword covers identifiers.value too (its searchAliases), as a whole value
        assertThat(hits("keyword == \"n  50000555\"")).hasSize(4);
        assertThat(hits("keyword = \"n  5000*\"")).hasSize(4);
        JsonNode sorted = hits("headingType==Topical sortBy headingRef/sort.descending");
        // headingType, ties by headingRef (authority.json secondarySort)
        JsonNode byType = hits("headingType==\"Personal Name\" or headingType==Topical sortBy headingType");
        assertThat(byType.get(0).path("headingRef").asText()).isEqualTo("Barri, Dzheĭms, 1860-1937");
        assertThat(byType.get(byType.size() - 1).path("headingRef").asText()).isEqualTo("Water--Pollution");
        assertThat(byType.get(byType.size() - 1).path("headingType").asText()).isEqualTo("Topical");
        // lowercased byte order: "water--pollution" > "water quality" > "water purity"
        assertThat(sorted.get(0).path("headingRef").asText()).isEqualTo("Water--Pollution");
        assertThat(sorted.get(2).path("headingRef").asText()).isEqualTo("Water purity");
    }

    @Test
    void updatesAndDeletes_areFollowed_withinOneSecond() {
        String id = create(personal("n  00076289", "Rubin, Rachel, 1964-", "Rubin, Rachel Lee, 1964-"));
        awaitTotal("keyword all rubin", 2);
        ObjectNode a = (ObjectNode) s.get("/authority-storage/authorities/" + id).json();
        a.put("personalName", "Rubin-Levi, Rachel, 1964-");
        a.remove("sftPersonalName");
        assertThat(s.put("/authority-storage/authorities/" + id, a).status()).isEqualTo(204);
        awaitTotal("keyword all \"rachel lee\"", 0);
        awaitTotal("keyword all levi", 1);
        assertThat(s.delete("/authority-storage/authorities/" + id).status()).isEqualTo(204);
        awaitTotal("keyword all rubin", 0);
    }

    @Test
    void numberOfTitles_countsTheInstancesLinkedThroughLinks() {
        String i1 = Fixtures.instance(s, "Peter Pan");
        String i2 = Fixtures.instance(s, "The admirable Crichton");
        for (String instance : List.of(i1, i2)) {
            ObjectNode body = Json.object();
            body.putArray("links").addObject().put("authorityId", barrie).put("authorityNaturalId", "n50000555")
                    .put("instanceId", instance).put("linkingRuleId", 1);
            assertThat(s.put("/links/instances/" + instance, body).status()).isEqualTo(204);
        }
        JsonNode docs = hits("id==" + barrie);
        docs.forEach(d -> assertThat(d.path("numberOfTitles").asInt()).isEqualTo(2));
        assertThat(hits("id==" + sanchez).get(0).path("numberOfTitles").asInt(-1)).isZero();
        JsonNode without = search("id==" + barrie, "&includeNumberOfTitles=false").json().path("authorities").get(0);
        assertThat(without.has("numberOfTitles")).isFalse();
    }

    @Test
    void facets_headingTypeAndSourceFile_asTheMarcAuthorityAppAsks() {
        Api.Reply r = s.get("/search/authorities/facets?query=" + URLEncoder.encode("id=*", StandardCharsets.UTF_8)
                + "&facet=sourceFileId&facet=headingType:1");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode facets = r.json().path("facets");
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(2);
        assertThat(facets.path("sourceFileId").path("values").toString())
                .isEqualTo("[{\"id\":\"" + LCNAF + "\",\"totalRecords\":7},{\"id\":\"" + LCSH
                        + "\",\"totalRecords\":3},{\"id\":\"NULL\",\"totalRecords\":2}]");
        assertThat(facets.path("headingType").path("values").toString())
                .isEqualTo("[{\"id\":\"Personal Name\",\"totalRecords\":9}]");
        // multi-select: the filter on the counted facet is left out
        JsonNode selected = s.get("/search/authorities/facets?query=" + URLEncoder.encode(
                "headingType==Topical and authRefType==Authorized", StandardCharsets.UTF_8) + "&facet=headingType")
                .json().path("facets").path("headingType").path("values");
        assertThat(selected.get(0).path("id").asText()).isEqualTo("Topical");
        assertThat(selected.get(0).path("totalRecords").asInt()).isEqualTo(1);
        assertThat(selected.get(1).path("id").asText()).isEqualTo("Personal Name");
        assertThat(selected.get(1).path("totalRecords").asInt()).isEqualTo(3);
        assertBadRequest("/search/authorities/facets?query=id%3D*&facet=title", "Invalid facet value",
                "RequestValidationException");
        assertBadRequest("/search/authorities/facets?query=id%3D*", "Required request parameter 'facet'",
                "RequestValidationException");
    }

    @Test
    void resourceIdsJob_forAuthorities_givesEachAuthorityOnce() {
        Api.Reply r = s.post("/search/resources/jobs", Json.object().put("query", "keyword all barrie or keyword all water")
                .put("entityType", "AUTHORITY"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("entityType").asText()).isEqualTo("AUTHORITY");
        String job = r.json().path("id").asText();
        long deadline = System.currentTimeMillis() + 5_000;
        while (s.get("/search/resources/jobs/" + job).json().path("status").asText().equals("IN_PROGRESS")
                && System.currentTimeMillis() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(s.get("/search/resources/jobs/" + job).json().path("status").asText()).isEqualTo("COMPLETED");
        JsonNode ids = s.get("/search/resources/jobs/" + job + "/ids").json();
        List<String> got = new ArrayList<>();
        ids.path("ids").forEach(i -> got.add(i.path("id").asText()));
        assertThat(got).containsExactlyInAnyOrder(barrie, water);
        assertThat(ids.path("totalRecords").asInt()).isEqualTo(2);
        // an authority query with an instance-only index ends the job in ERROR, as a bad query does
        String bad = s.post("/search/resources/jobs", Json.object().put("query", "title all x")
                .put("entityType", "AUTHORITY")).json().path("id").asText();
        deadline = System.currentTimeMillis() + 5_000;
        while (s.get("/search/resources/jobs/" + bad).json().path("status").asText().equals("IN_PROGRESS")
                && System.currentTimeMillis() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(s.get("/search/resources/jobs/" + bad).json().path("status").asText()).isEqualTo("ERROR");
    }

    @Test
    void malformedRequests_are400InModSearchsShape() {
        assertBadRequest("/search/authorities?query=" + URLEncoder.encode("title all x", StandardCharsets.UTF_8),
                "Invalid search field provided in the CQL query", "RequestValidationException");
        assertBadRequest("/search/authorities?query=" + URLEncoder.encode("keyword all (", StandardCharsets.UTF_8),
                "", "CqlSyntaxException");
        assertBadRequest("/search/authorities?query=" + URLEncoder.encode("headingRef < x and keyword all \"a\" sortBy title",
                StandardCharsets.UTF_8), "Sort field not found or cannot be used.", "RequestValidationException");
        assertBadRequest("/search/authorities?query=id%3D*&limit=501", "must be less than or equal to 500",
                "RequestValidationException");
        assertBadRequest("/search/authorities?query=id%3D*&limit=x", "Failed to convert value", "RequestValidationException");
        assertBadRequest("/search/authorities?query=id%3D*&offset=9999&limit=2",
                "The sum of limit and offset should not exceed 10000.", "RequestValidationException");
        assertBadRequest("/search/authorities?limit=1", "Required request parameter 'query'", "RequestValidationException");
        assertBadRequest("/search/authorities?query=id%3D*&includeNumberOfTitles=maybe", "Invalid boolean value [maybe]",
                "RequestValidationException");
        assertBadRequest("/search/authorities?query=" + URLEncoder.encode("metadata.createdDate > yesterday",
                StandardCharsets.UTF_8), "Invalid date format", "RequestValidationException");
        // a malformed id matches nothing rather than failing (keyword_lowercase term)
        assertThat(hits("id==not-a-uuid")).isEmpty();
    }
}
