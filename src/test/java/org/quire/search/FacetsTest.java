package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * Facets, empty-value queries, resource-id jobs and the legacy id endpoints over HTTP, on purpose-made instances of
 * a tenant of their own: eng ×3 (one suppressed), fre ×1, ger ×1; MARC ×2, FOLIO ×3.
 */
class FacetsTest {
    static Api.Session s;
    static String a, b, c, d, e;
    static String aHoldings, bHoldings;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("search_facets");
        a = instance("Alpha climate", "fa001", "MARC", List.of("eng"), false, null);
        b = instance("Beta climate", "fa002", "FOLIO", List.of("eng", "fre"), false, "");
        c = instance("Gamma climate", "fa003", "FOLIO", List.of("eng"), true, null);
        d = instance("Delta", "fa004", "MARC", List.of("ger"), false, null);
        e = instance("Epsilon climate", "fa005", "FOLIO", List.of("fre"), false, null);
        aHoldings = Fixtures.holdings(s, a, MAIN_LIBRARY);
        bHoldings = Fixtures.holdings(s, b, MAIN_LIBRARY);
        InstanceSearchTest.item(s, aHoldings, "fa-b1", "Available");
        InstanceSearchTest.item(s, bHoldings, "fa-b2", "Checked out");
        awaitItems();
    }

    static String instance(String title, String hrid, String source, List<String> languages, boolean suppressed,
                           String edition) {
        ObjectNode json = Json.object().put("title", title).put("hrid", hrid).put("source", source)
                .put("instanceTypeId", TEXT_TYPE).put("discoverySuppress", suppressed);
        var langs = json.putArray("languages");
        languages.forEach(langs::add);
        if (edition != null) json.putArray("editions").add(edition);
        if (hrid.equals("fa002")) json.putArray("alternativeTitles").addObject().put("alternativeTitle", "");
        Api.Reply r = s.post("/instance-storage/instances", json);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static void awaitItems() {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            if (InstanceSearchTest.search(s, "items.status.name==\"Checked out\"", "").json()
                    .path("totalRecords").asInt() == 1) return;
            try {
                Thread.sleep(20);
            } catch (InterruptedException ex) {
                throw new AssertionError(ex);
            }
        }
        throw new AssertionError("items not indexed");
    }

    static Api.Reply facets(String cql, String facetParams) {
        return s.get("/search/instances/facets?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8) + facetParams);
    }

    /** facet → (value → count), in answer order. */
    static Map<String, Map<String, Integer>> counts(String cql, String facetParams) {
        Api.Reply r = facets(cql, facetParams);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        r.json().path("facets").properties().forEach(f -> {
            Map<String, Integer> values = new LinkedHashMap<>();
            f.getValue().path("values").forEach(v -> values.put(v.path("id").asText(), v.path("totalRecords").asInt()));
            assertThat(f.getValue().path("totalRecords").asInt()).isEqualTo(values.size());
            out.put(f.getKey(), values);
        });
        assertThat(r.json().path("totalRecords").asInt()).as("number of facets").isEqualTo(out.size());
        return out;
    }

    @Test
    void facets_countValues_orderedByCount_booleansAsText_itemRenamed() {
        var f = counts("cql.allRecords=1", "&facet=languages&facet=source,discoverySuppress&facet=item.status.name");
        assertThat(f.keySet()).containsExactly("languages", "source", "discoverySuppress", "items.status.name");
        assertThat(f.get("languages")).containsExactly(Map.entry("eng", 3), Map.entry("fre", 2), Map.entry("ger", 1));
        assertThat(f.get("source")).containsExactly(Map.entry("FOLIO", 3), Map.entry("MARC", 2));
        assertThat(f.get("discoverySuppress")).containsExactly(Map.entry("false", 4), Map.entry("true", 1));
        assertThat(f.get("items.status.name")).containsExactly(Map.entry("Available", 1), Map.entry("Checked out", 1));
        assertThat(counts("title all climate", "&facet=holdings.permanentLocationId").get("holdings.permanentLocationId"))
                .containsExactly(Map.entry(MAIN_LIBRARY, 2));
    }

    @Test
    void facets_multiSelect_dropOwnFilter_keepOthers_selectedFirst() {
        // languages' own filter is dropped when languages is counted; source's filter still applies
        var f = counts("title all climate and languages==\"ger\" and source==\"FOLIO\"", "&facet=languages&facet=source");
        assertThat(f.get("languages")).containsExactly(Map.entry("eng", 2), Map.entry("fre", 2));
        assertThat(f.get("source")).isEmpty(); // no climate title in German
        // selected values come first and stay in the answer whatever the size
        f = counts("cql.allRecords=1 and languages==(\"ger\" or \"fre\")", "&facet=languages:1");
        assertThat(f.get("languages")).containsExactly(Map.entry("fre", 2));
        f = counts("cql.allRecords=1 and languages==\"ger\"", "&facet=languages:2");
        assertThat(f.get("languages")).containsExactly(Map.entry("ger", 1), Map.entry("eng", 3));
    }

    @Test
    void facets_malformed_are400() {
        assertFacet400("cql.allRecords=1", "&facet=nosuchfacet", "Invalid facet value");
        assertFacet400("cql.allRecords=1", "&facet=title", "Invalid facet value");
        assertFacet400("cql.allRecords=1", "&facet=languages:abc", "Invalid facet name format");
        assertFacet400("cql.allRecords=1", "&facet=languages:-1", "Invalid facet name format");
        assertFacet400("cql.allRecords=1", "", "Required request parameter 'facet'");
        assertFacet400("title all (", "&facet=languages", "");
        assertFacet400("nosuchindex=x", "&facet=languages", "Invalid search field");
        Api.Reply r = s.get("/search/instances/facets?facet=languages");
        assertThat(r.status()).isEqualTo(400);
        r = s.get("/search/nonsense/facets?query=id%3D*&facet=source");
        assertThat(r.status()).isEqualTo(400);
        // a huge size is fine (capped), not a 500
        assertThat(facets("cql.allRecords=1", "&facet=languages:9999999999").status()).isEqualTo(200);
    }

    static void assertFacet400(String cql, String params, String message) {
        Api.Reply r = facets(cql, params);
        assertThat(r.status()).as(cql + params + " → " + r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains(message);
    }

    static List<String> hrids(String cql) {
        Api.Reply r = InstanceSearchTest.search(s, cql, "");
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().path("instances").forEach(i -> out.add(i.path("hrid").asText()));
        return out.stream().sorted().toList();
    }

    @Test
    void emptyValues_existsEmptyStringAndEmptyArray() {
        // alternativeTitles.alternativeTitle: only fa002 has one, and it is ""
        assertThat(hrids("alternativeTitles.alternativeTitle=\"\"")).containsExactly("fa002");
        assertThat(hrids("alternativeTitles.alternativeTitle==\"\"")).containsExactly("fa002");
        assertThat(hrids("alternativeTitles.alternativeTitle==\"[]\"")).containsExactly("fa001", "fa003", "fa004",
                "fa005");
        // term fields: holdings exist for fa001 and fa002 only; source (keyword) is set everywhere
        assertThat(hrids("holdings.permanentLocationId=\"\"")).containsExactly("fa001", "fa002");
        assertThat(hrids("source==\"[]\"")).isEmpty();
        assertThat(hrids("items.status.name==\"[]\"")).containsExactly("fa003", "fa004", "fa005");
        assertThat(hrids("languages==\"\"")).isEmpty();
    }

    @Test
    void legacyIds_jsonAndText_holdingsToo() {
        Api.Reply r = s.get("/search/instances/ids?query=" + URLEncoder.encode("title all climate", StandardCharsets.UTF_8));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(4);
        List<String> ids = new ArrayList<>();
        r.json().path("ids").forEach(i -> ids.add(i.path("id").asText()));
        assertThat(ids).containsExactlyInAnyOrder(a, b, c, e);

        HttpResponse<String> text = raw("/search/holdings/ids?query=" + URLEncoder.encode("cql.allRecords=1",
                StandardCharsets.UTF_8), "application/text");
        assertThat(text.statusCode()).isEqualTo(200);
        assertThat(text.headers().firstValue("Content-Type").orElse("")).startsWith("application/text");
        assertThat(text.body().lines().toList()).containsExactlyInAnyOrder(aHoldings, bHoldings);
        text = raw("/search/instances/ids?query=" + URLEncoder.encode("hrid==fa004", StandardCharsets.UTF_8),
                "text/plain");
        assertThat(text.body()).isEqualTo(d + "\n");
        assertThat(s.get("/search/holdings/ids?query=" + URLEncoder.encode("bad==x", StandardCharsets.UTF_8))
                .status()).isEqualTo(400);
        // the text form is streamed, but a bad query is refused before it starts
        text = raw("/search/instances/ids?query=" + URLEncoder.encode("title all (", StandardCharsets.UTF_8),
                "text/plain");
        assertThat(text.statusCode()).isEqualTo(400);
        assertThat(raw("/search/instances/ids?query=" + URLEncoder.encode("bad==x", StandardCharsets.UTF_8),
                "application/text").statusCode()).isEqualTo(400);
    }

    static HttpResponse<String> raw(String path, String accept) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:"
                            + TestServer.get().port() + path)).header("X-Okapi-Tenant", s.tenant())
                    .header("X-Okapi-Token", s.token()).header("Accept", accept).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
    }

    static JsonNode awaitJob(String id) {
        long deadline = System.currentTimeMillis() + 5_000;
        JsonNode job;
        do {
            job = s.get("/search/resources/jobs/" + id).json();
            if (!job.path("status").asText().equals("IN_PROGRESS")) return job;
        } while (System.currentTimeMillis() < deadline);
        return job;
    }

    @Test
    void resourceIdsJobs_instanceAndHoldings_thenDeprecated() {
        Api.Reply r = s.post("/search/resources/jobs", Json.object().put("query", "title all climate")
                .put("entityType", "INSTANCE"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(r.json().path("entityType").asText()).isEqualTo("INSTANCE");
        assertThat(r.json().path("query").asText()).isEqualTo("title all climate");
        assertThat(r.json().path("createdDate").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*");
        String id = r.json().path("id").asText();
        assertThat(awaitJob(id).path("status").asText()).isEqualTo("COMPLETED");
        Api.Reply ids = s.get("/search/resources/jobs/" + id + "/ids");
        assertThat(ids.status()).as(ids.body()).isEqualTo(200);
        assertThat(ids.json().path("totalRecords").asInt()).isEqualTo(4);
        List<String> found = new ArrayList<>();
        ids.json().path("ids").forEach(i -> found.add(i.path("id").asText()));
        assertThat(found).containsExactlyInAnyOrder(a, b, c, e);
        assertThat(s.get("/search/resources/jobs/" + id).json().path("status").asText()).isEqualTo("DEPRECATED");
        Api.Reply again = s.get("/search/resources/jobs/" + id + "/ids");
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.json().path("errors").get(0).path("code").asText()).isEqualTo("service_error");
        assertThat(again.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Completed async job with query=[title all climate] was not found.");

        r = s.post("/search/resources/jobs", Json.object().put("query", "cql.allRecords=1").put("entityType", "HOLDINGS"));
        String hid = r.json().path("id").asText();
        assertThat(awaitJob(hid).path("status").asText()).isEqualTo("COMPLETED");
        List<String> holdings = new ArrayList<>();
        s.get("/search/resources/jobs/" + hid + "/ids").json().path("ids").forEach(i -> holdings.add(i.path("id").asText()));
        assertThat(holdings).containsExactlyInAnyOrder(aHoldings, bHoldings);
    }

    @Test
    void resourceIdsJobs_malformed() {
        Api.Reply r = s.post("/search/resources/jobs", Json.object().put("query", "id=*").put("entityType", "invalidType"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("Unexpected value 'invalidType'");
        assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("validation_error");
        r = s.post("/search/resources/jobs", Json.object().put("entityType", "INSTANCE"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("must not be null");
        r = s.api().send("POST", "/search/resources/jobs", "{not json", s.tenant(), s.token());
        assertThat(r.status()).isEqualTo(400);
        // a query that does not parse ends the job in ERROR (mod-search's Karate test)
        r = s.post("/search/resources/jobs", Json.object().put("query", "title all (").put("entityType", "INSTANCE"));
        assertThat(r.status()).isEqualTo(200);
        assertThat(awaitJob(r.json().path("id").asText()).path("status").asText()).isEqualTo("ERROR");
        assertThat(s.get("/search/resources/jobs/" + r.json().path("id").asText() + "/ids").status()).isEqualTo(400);
        assertThat(s.get("/search/resources/jobs/not-a-uuid").status()).isEqualTo(404);
        assertThat(s.get("/search/resources/jobs/" + java.util.UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(s.get("/search/resources/jobs/" + java.util.UUID.randomUUID() + "/ids").status()).isEqualTo(404);
    }
}
