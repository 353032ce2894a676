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
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;
import static org.quire.search.BrowseTest.*;

/**
 * The facets of the browse record types ({@code /search/{contributors|subjects|classifications|call-numbers}/facets})
 * over HTTP, as FOLIO's inventory asks them in its browse mode, on a tenant of their own:
 * <ul>
 *   <li>Alpha: contributors "Brown, John" (personal) and "Brown Foundation" (corporate); subjects "Water" (LCSH) and
 *       "Water" (no source); classification LC QA76.73 .J38; an item QA76.73 .J38 (LC) in Main Library;</li>
 *   <li>Beta: "Brown, John" (personal, again) and "Adams, Ann" (no name type); subjects "Water" (LCSH, again) and
 *       "Zoology" (a type); classification Dewey 813.54; items 813.54 B123 (Dewey) and QA76.73 .J38 (LC), Online.</li>
 * </ul>
 * A value's count is the number of distinct entries that have it.
 */
class BrowseFacetsTest {
    static Api.Session session;
    static final String SUBJECT_TYPE = "d6488f88-1e74-40ce-81b5-b19a928ff5b1";

    @BeforeAll
    static void setUp() {
        session = Fixtures.tenant("search_browse_facets");
        ObjectNode alpha = Json.object().put("title", "Alpha");
        alpha.putArray("contributors")
                .add(Json.object().put("name", "Brown, John").put("contributorNameTypeId", PERSONAL))
                .add(Json.object().put("name", "Brown Foundation").put("contributorNameTypeId", CORPORATE));
        alpha.putArray("subjects").add(Json.object().put("value", "Water").put("sourceId", LCSH))
                .add(Json.object().put("value", "Water"));
        alpha.putArray("classifications").add(Json.object().put("classificationNumber", "QA76.73 .J38")
                .put("classificationTypeId", LC_CLASS));
        String a = holdings(instance(alpha), MAIN_LIBRARY);
        item(a, "QA76.73 .J38", LC);

        ObjectNode beta = Json.object().put("title", "Beta");
        beta.putArray("contributors")
                .add(Json.object().put("name", "Brown, John").put("contributorNameTypeId", PERSONAL))
                .add(Json.object().put("name", "Adams, Ann"));
        beta.putArray("subjects").add(Json.object().put("value", "Water").put("sourceId", LCSH))
                .add(Json.object().put("value", "Zoology").put("typeId", SUBJECT_TYPE));
        beta.putArray("classifications").add(Json.object().put("classificationNumber", "813.54")
                .put("classificationTypeId", DEWEY_CLASS));
        String b = holdings(instance(beta), ONLINE);
        item(b, "813.54 B123", DEWEY);
        item(b, "QA76.73 .J38", LC);
        awaitCounts("call-numbers", "instances.locationId", Map.of(ONLINE, 2L, MAIN_LIBRARY, 1L));
    }

    static String instance(ObjectNode json) {
        json.put("instanceTypeId", TEXT_TYPE).put("source", "FOLIO");
        Api.Reply r = session.post("/instance-storage/instances", json);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String holdings(String instanceId, String location) {
        return Fixtures.holdings(session, instanceId, location);
    }

    static void item(String holdingsId, String callNumber, String typeId) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("materialTypeId", BOOK)
                .put("permanentLoanTypeId", CAN_CIRCULATE).put("itemLevelCallNumber", callNumber)
                .put("itemLevelCallNumberTypeId", typeId);
        item.putObject("status").put("name", "Available");
        Api.Reply r = session.post("/item-storage/items", item);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    static Api.Reply facets(String type, String cql, String facet) {
        return session.get("/search/" + type + "/facets?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8)
                + "&facet=" + URLEncoder.encode(facet, StandardCharsets.UTF_8));
    }

    /** One facet's values in answer order: id → totalRecords. */
    static Map<String, Long> counts(String type, String cql, String facet) {
        Api.Reply r = facets(type, cql, facet);
        assertThat(r.status()).as(type + " " + cql + " " + facet + " → " + r.body()).isEqualTo(200);
        Map<String, Long> out = new LinkedHashMap<>();
        String name = facet.contains(":") ? facet.substring(0, facet.indexOf(':')) : facet;
        JsonNode f = r.json().path("facets").path(name);
        f.path("values").forEach(v -> out.put(v.path("id").asText(), v.path("totalRecords").asLong()));
        assertThat(f.path("totalRecords").asInt()).isEqualTo(out.size());
        return out;
    }

    /** Polls for at most two seconds until a facet of {@code cql.allRecords=1} has the expected counts. */
    static void awaitCounts(String type, String facet, Map<String, Long> expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        Map<String, Long> got;
        do {
            got = counts(type, "cql.allRecords=1", facet);
            if (got.equals(expected)) return;
            sleep();
        } while (System.currentTimeMillis() < deadline);
        assertThat(got).isEqualTo(expected);
    }

    @Test
    void contributors_nameTypesSharedAndTenant_countDistinctEntries() {
        // "Brown, John" is on both instances: one entry
        assertThat(counts("contributors", "(cql.allRecords=1)", "contributorNameTypeId")) // by count, then id
                .containsExactly(Map.entry(PERSONAL, 1L), Map.entry(CORPORATE, 1L));
        assertThat(counts("contributors", "id=*", "instances.shared:6")).containsExactly(Map.entry("false", 3L));
        assertThat(counts("contributors", "id=*", "instances.tenantId"))
                .containsExactly(Map.entry("search_browse_facets", 3L));
        // the UI's filters: the counted facet's own filter is left out (multi-select), the others apply
        String personal = "(cql.allRecords=1) and contributorNameTypeId==(\"" + PERSONAL + "\")";
        String corporate = "(cql.allRecords=1) and contributorNameTypeId==(\"" + CORPORATE + "\")";
        assertThat(counts("contributors", corporate, "contributorNameTypeId")) // the selected one first
                .containsExactly(Map.entry(CORPORATE, 1L), Map.entry(PERSONAL, 1L));
        assertThat(counts("contributors", personal, "instances.shared")).containsExactly(Map.entry("false", 1L));
        assertThat(counts("contributors", "instances.shared==(\"true\")", "contributorNameTypeId")).isEmpty();
        assertThat(counts("contributors", "name==\"brown*\"", "instances.shared"))
                .containsExactly(Map.entry("false", 2L));
    }

    @Test
    void subjects_sourceAndType() {
        assertThat(counts("subjects", "cql.allRecords=1", "sourceId")).containsExactly(Map.entry(LCSH, 1L));
        assertThat(counts("subjects", "cql.allRecords=1", "typeId")).containsExactly(Map.entry(SUBJECT_TYPE, 1L));
        // "Water" with LCSH, "Water" without a source, "Zoology"
        assertThat(counts("subjects", "cql.allRecords=1", "instances.shared")).containsExactly(Map.entry("false", 3L));
        assertThat(counts("subjects", "sourceId==\"" + LCSH + "\"", "instances.shared"))
                .containsExactly(Map.entry("false", 1L));
        assertThat(counts("subjects", "cql.allRecords=1 not typeId==\"" + SUBJECT_TYPE + "\"", "instances.shared"))
                .containsExactly(Map.entry("false", 2L));
    }

    @Test
    void classifications_shared() {
        assertThat(counts("classifications", "cql.allRecords=1", "instances.shared"))
                .containsExactly(Map.entry("false", 2L));
        assertThat(counts("classifications", "typeId==\"" + LC_CLASS + "\"", "instances.shared"))
                .containsExactly(Map.entry("false", 1L));
    }

    @Test
    void callNumbers_typeAndLocation() {
        // QA76.73 .J38 is one entry, on items in both locations
        assertThat(counts("call-numbers", "cql.allRecords=1", "callNumberTypeId"))
                .containsExactly(Map.entry(DEWEY, 1L), Map.entry(LC, 1L));
        assertThat(counts("call-numbers", "cql.allRecords=1", "instances.locationId:1"))
                .containsExactly(Map.entry(ONLINE, 2L));
        assertThat(counts("call-numbers", "instances.locationId==\"" + MAIN_LIBRARY + "\"", "callNumberTypeId"))
                .containsExactly(Map.entry(LC, 1L));
        // selected values come first, always
        assertThat(counts("call-numbers", "instances.locationId==\"" + MAIN_LIBRARY + "\"", "instances.locationId:1"))
                .containsExactly(Map.entry(MAIN_LIBRARY, 1L));
    }

    /** The instance search option {@code callNumberType} (mod-search's CallNumberTypeProcessor) on the same items. */
    @Test
    void callNumberTypeSearchOption() {
        assertThat(instanceTitles("callNumberType==\"lc\"")).containsExactly("Alpha", "Beta");
        assertThat(instanceTitles("callNumberType==\"DEWEY\"")).containsExactly("Beta");
        assertThat(instanceTitles("callNumberType==\"local\"")).isEmpty();
        // a tenant's own type is LOCAL; FOLIO's types other than the five schemes are none
        assertThat(ComputedFields.callNumberType(java.util.UUID.randomUUID().toString())).isEqualTo("LOCAL");
        assertThat(ComputedFields.callNumberType("5ba6b62e-6858-490a-8102-5b1369873835")).isNull(); // Title
        assertThat(ComputedFields.callNumberType(LC)).isEqualTo("LC");
        assertThat(ComputedFields.callNumberType("")).isNull();
    }

    static java.util.List<String> instanceTitles(String cql) {
        Api.Reply r = session.get("/search/instances?query=" + URLEncoder.encode(cql + " sortBy title",
                StandardCharsets.UTF_8));
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        java.util.List<String> out = new java.util.ArrayList<>();
        r.json().path("instances").forEach(i -> out.add(i.path("title").asText()));
        return out;
    }

    @Test
    void aDeletedInstancesEntriesAreNoLongerCounted() {
        ObjectNode ghost = Json.object().put("title", "Ghost");
        ghost.putArray("contributors").add(Json.object().put("name", "Ghost, Gabriel")
                .put("contributorNameTypeId", CORPORATE));
        String id = instance(ghost);
        awaitCounts("contributors", "contributorNameTypeId", Map.of(CORPORATE, 2L, PERSONAL, 1L));
        assertThat(session.delete("/instance-storage/instances/" + id).status()).isEqualTo(204);
        awaitCounts("contributors", "contributorNameTypeId", Map.of(CORPORATE, 1L, PERSONAL, 1L));
    }

    @Test
    void malformedRequestsAre400() {
        bad("contributors", "cql.allRecords=1", "name", "Invalid facet value"); // a field, not a facet
        bad("contributors", "cql.allRecords=1", "instances.locationId", "Invalid facet value");
        bad("subjects", "cql.allRecords=1", "contributorNameTypeId", "Invalid facet value");
        bad("classifications", "cql.allRecords=1", "typeId:x", "Invalid facet name format");
        bad("call-numbers", "title all \"x\"", "callNumberTypeId", "Invalid search field");
        bad("subjects", "sourceId==(", "sourceId", "");
        bad("contributors", "name within \"a b\"", "instances.shared", "Comparator 'within' is not supported");
        Api.Reply r = session.get("/search/subjects/facets?query=id%3D*");
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains("Required request parameter 'facet'");
    }

    static void bad(String type, String cql, String facet, String message) {
        Api.Reply r = facets(type, cql, facet);
        assertThat(r.status()).as(type + " " + cql + " " + facet + " → " + r.body()).isEqualTo(400);
        assertThat(r.body()).contains(message);
    }
}
