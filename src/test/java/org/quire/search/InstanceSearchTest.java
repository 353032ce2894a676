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
import static org.quire.Fixtures.*;

/** GET /search/instances as mod-search answers it, over HTTP, on purpose-made instances of a tenant of its own. */
class InstanceSearchTest {
    static Api.Session s;
    static String water, metaphor, clark, suppressed, french;
    static String waterHoldings, waterItem;
    static final String ISBN_TYPE = "8261054f-be78-422d-bd51-4ed9f33c3422";
    static final String STATUS_ID = "9634a5ab-9228-4703-baf2-4d12ebc77d56"; // FOLIO's "Cataloged"

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("search_core");
        water = instance(Json.object().put("title", "Water in Africa : resources and policy").put("hrid", "sc001")
                .put("indexTitle", "Water in Africa").set("languages", Json.array().add("eng")));
        ObjectNode w = (ObjectNode) s.get("/instance-storage/instances/" + water).json();
        w.putArray("contributors").addObject().put("name", "Brown, John").put("primary", true)
                .put("contributorNameTypeId", "2b94c631-fca9-4892-a730-03ee529ffe2a");
        w.putArray("identifiers").addObject().put("value", "978-0471442509").put("identifierTypeId", ISBN_TYPE);
        w.putArray("subjects").addObject().put("value", "Water supply -- Africa");
        w.putArray("publication").addObject().put("publisher", "Wiley").put("dateOfPublication", "2004")
                .put("place", "New York");
        assertThat(s.put("/instance-storage/instances/" + water, w).status()).isEqualTo(204);
        waterHoldings = Fixtures.holdings(s, water, MAIN_LIBRARY);
        waterItem = item(waterHoldings, "sc-barcode-1", "Available");

        // an index title that is not part of the title (title and index title share one trigram copy)
        metaphor = instance(Json.object().put("title", "The métaphor of climate change").put("hrid", "sc002")
                .put("indexTitle", "The métaphor : a study").put("statusId", STATUS_ID)
                .set("languages", Json.array().add("fre")));
        ObjectNode clarkJson = Json.object().put("title", "Notes on Clark, Caröl").put("hrid", "sc003")
                .put("source", "MARC");
        clarkJson.set("languages", Json.array().add("ita"));
        clarkJson.putArray("contributors").add(Json.object().put("name", "Zola, Emile"))
                .add(Json.object().put("name", "Adams, Ann").put("primary", true));
        clark = instance(clarkJson);
        suppressed = instance(Json.object().put("title", "Hidden washington travel").put("hrid", "sc004")
                .put("discoverySuppress", true).put("staffSuppress", true));
        french = instance(Json.object().put("title", "International travel in Washington").put("hrid", "sc005")
                .set("series", Json.array().add(Json.object().put("value", "Travel guides"))));
        awaitTotal("cql.allRecords=1", 5);
    }

    static String instance(ObjectNode json) {
        json.put("instanceTypeId", TEXT_TYPE);
        if (!json.has("source")) json.put("source", "FOLIO");
        Api.Reply r = s.post("/instance-storage/instances", json);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String item(String holdingsId, String barcode, String status) {
        return item(s, holdingsId, barcode, status);
    }

    static String item(Api.Session s, String holdingsId, String barcode, String status) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("barcode", barcode)
                .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
        item.putObject("status").put("name", status);
        Api.Reply r = s.post("/item-storage/items", item);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static Api.Reply search(String cql, String params) {
        return search(s, cql, params);
    }

    static Api.Reply search(Api.Session s, String cql, String params) {
        return s.get("/search/instances?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8) + params);
    }

    /** The hrids found, in answer order. */
    static List<String> hrids(String cql) {
        Api.Reply r = search(cql, "");
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().path("instances").forEach(i -> out.add(i.path("hrid").asText()));
        assertThat(r.json().path("totalRecords").asInt()).as(cql).isEqualTo(out.size());
        return out;
    }

    /** Polls for at most one second (the promise: a write is searchable within one second). */
    static void awaitTotal(String cql, int expected) {
        awaitTotal(s, cql, expected);
    }

    static void awaitTotal(Api.Session s, String cql, int expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        int total;
        do {
            total = search(s, cql, "").json().path("totalRecords").asInt();
            if (total == expected) return;
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        } while (System.currentTimeMillis() < deadline);
        assertThat(total).as("within one second: " + cql).isEqualTo(expected);
    }

    static void assertBadRequest(String cql, String params, String message) {
        Api.Reply r = search(cql, params);
        assertThat(r.status()).as(cql + params + " → " + r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains(message);
        assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("validation_error");
        assertThat(r.json().path("total_records").asInt()).isEqualTo(1);
    }

    @Test
    void fullText_allAnyPhraseAndNot_acrossTheKeywordFields() {
        assertThat(hrids("keyword all \"africa water\"")).containsExactly("sc001");
        assertThat(hrids("keyword all Water in Africa")).containsExactly("sc001"); // unquoted words are joined
        assertThat(hrids("keyword all \"brown water\"")).containsExactly("sc001"); // cross fields: contributor + title
        assertThat(hrids("title all \"brown water\"")).isEmpty();                // title has no contributors
        assertThat(hrids("keyword any \"africa clark\" sortBy title")).containsExactly("sc003", "sc001");
        assertThat(hrids("keyword == \"water in africa\"")).containsExactly("sc001");
        assertThat(hrids("keyword == \"africa in water\"")).isEmpty();           // phrase: order counts
        assertThat(hrids("title <> \"travel\" sortBy title"))
                .containsExactly("sc003", "sc002", "sc001");
        assertThat(hrids("contributors all \"john brown\"")).containsExactly("sc001");
        assertThat(hrids("subjects all supply")).containsExactly("sc001");
        assertThat(hrids("series all guides")).containsExactly("sc005");
        assertThat(hrids("title all guides")).containsExactly("sc005");          // series is a title alias
        assertThat(hrids("\"caröl\"")).containsExactly("sc003");                 // no index: keyword
    }

    @Test
    void accents_andCase_foldBothWays() {
        assertThat(hrids("title all metaphör")).containsExactly("sc002");
        assertThat(hrids("title all METAPHOR")).containsExactly("sc002");
        assertThat(hrids("keyword all \"Clàrk Càrol\"")).containsExactly("sc003");
        assertThat(hrids("title == \"the metaphör of climate change\"/string".replace("\"/string", "\"")))
                .containsExactly("sc002");
        assertThat(hrids("title ==/string \"the metaphor of climate change\"")).containsExactly("sc002");
        assertThat(hrids("title ==/string \"metaphor of climate change\"")).isEmpty(); // the whole value
    }

    @Test
    void wildcards_leadingTrailingInnerAndContains() {
        assertThat(hrids("title = \"Water*\"")).containsExactly("sc001");
        assertThat(hrids("title = \"*policy\"")).containsExactly("sc001");
        assertThat(hrids("title = \"*climate change*\"")).containsExactly("sc002");
        assertThat(hrids("keyword all \"*clim*\"")).containsExactly("sc002");
        assertThat(hrids("title = \"*métaphör*\"")).containsExactly("sc002");   // accents in the term
        assertThat(hrids("title = \"the*change\"")).containsExactly("sc002");
        assertThat(hrids("title = \"*metaphor*change\"")).containsExactly("sc002");
        assertThat(hrids("title = \"*af*\"")).containsExactly("sc001");          // short contains
        assertThat(hrids("title = \"*africa\"")).containsExactly("sc001");        // the indexTitle ends so
        assertThat(hrids("title = \"*resources\"")).isEmpty();                 // the whole value must end so
        assertThat(hrids("contributors = \"brown*\"")).containsExactly("sc001");
        // the title option's fields share a trigram copy: any of them may hold the literal, and one asked alone holds
        // it itself (its term dictionary's automaton); subjects have no trigram copy
        assertThat(hrids("title = \"*phor : a st*\"")).containsExactly("sc002");  // the index title's
        assertThat(hrids("keyword all \"*phor : a st*\"")).containsExactly("sc002");
        assertThat(hrids("indexTitle = \"*climate*\"")).isEmpty();              // its title's, not its own
        assertThat(hrids("indexTitle = \"*in afr*\"")).containsExactly("sc001");
        assertThat(hrids("series = \"*guide*\"")).containsExactly("sc005");
        assertThat(hrids("series = \"*washington*\"")).isEmpty();                 // in titles only
        assertThat(hrids("subjects = \"*supply*\"")).containsExactly("sc001");
        assertThat(hrids("subjects = \"*africa\"")).containsExactly("sc001");
        // a field without a trigram copy (publisher): contains and leading wildcards by automaton, the same hits
        assertThat(hrids("publication.publisher = \"*ile*\"")).containsExactly("sc001");
        assertThat(hrids("publication.publisher = \"*ley\"")).containsExactly("sc001");
        assertThat(hrids("publication.publisher = \"*xyz*\"")).isEmpty();
        assertThat(hrids("hrid = \"sc00*\" sortBy title")).hasSize(5);
        assertThat(hrids("items.barcode = \"SC-BAR*\"")).containsExactly("sc001");
        assertThat(hrids("hrid = \"sc00\\*\"")).isEmpty();                     // an escaped star is literal
        assertThat(search("keyword = *", "").json().path("totalRecords").asInt()).isEqualTo(5);
    }

    @Test
    void termFields_andIdentifiers() {
        assertThat(hrids("hrid == SC001")).containsExactly("sc001");
        assertThat(hrids("id == " + water)).containsExactly("sc001");
        assertThat(hrids("id == \"not-a-uuid\"")).isEmpty();                     // matches nothing, no 400
        assertThat(hrids("languages == (\"fre\" OR \"ita\") sortBy title")).containsExactly("sc003", "sc002");
        assertThat(hrids("hrid == (SC001 OR \"sc003\" OR SC404)")).as("each value normalised")
                .containsExactlyInAnyOrder("sc001", "sc003");
        assertThat(hrids("languages == (\"fre\" OR \"ita\") AND hrid == (sc002 OR sc001)")).containsExactly("sc002");
        assertThat(hrids("source == MARC")).containsExactly("sc003");
        assertThat(hrids("source == marc")).isEmpty();                           // keyword: case-sensitive
        assertThat(hrids("discoverySuppress == true")).containsExactly("sc004");
        assertThat(hrids("staffSuppress == true")).containsExactly("sc004");
        assertThat(hrids("statusId == " + STATUS_ID.toUpperCase())).containsExactly("sc002"); // keyword_lowercase
        assertThat(hrids("cql.allRecords=1 NOT discoverySuppress==true")).hasSize(4);
        assertThat(hrids("identifiers.value = \"978-0471442509\"")).containsExactly("sc001");
        assertThat(hrids("isbn = \"978-0471442509\"")).containsExactly("sc001");
        assertThat(hrids("items.barcode == \"SC-BARCODE-1\"")).containsExactly("sc001"); // keyword_icu
        assertThat(hrids("item.status.name == Available")).containsExactly("sc001");     // item. → items.
        assertThat(hrids("items.status.name == available")).isEmpty();
        assertThat(hrids("holdings.id == " + waterHoldings)).containsExactly("sc001");
        assertThat(hrids("items.id == " + waterItem)).containsExactly("sc001");
        String holdingsHrid = s.get("/holdings-storage/holdings/" + waterHoldings).json().path("hrid").asText();
        assertThat(hrids("holdings.hrid == " + holdingsHrid)).containsExactly("sc001");
        String itemHrid = s.get("/item-storage/items/" + waterItem).json().path("hrid").asText();
        assertThat(hrids("items.hrid == " + itemHrid)).containsExactly("sc001");
        assertThat(hrids("hrid <> sc001 and hrid <> sc002 sortBy title")).containsExactly("sc004", "sc005", "sc003");
    }

    @Test
    void booleans_haveEqualPrecedence_andAssociateLeft() {
        // (sc002 or sc001) and eng → sc001; with AND first it would be sc002 or (sc001 and eng) = both
        assertThat(hrids("hrid==sc002 or hrid==sc001 and languages==eng")).containsExactly("sc001");
        assertThat(hrids("hrid==sc002 or (hrid==sc001 and languages==eng) sortBy title"))
                .containsExactly("sc002", "sc001");
        assertThat(hrids("subjects all water AND title all africa NOT languages==fre")).containsExactly("sc001");
        assertThat(hrids("hrid==(\"sc001\" or \"sc003\") sortBy title")).containsExactly("sc003", "sc001");
    }

    @Test
    void dates_rangesOnCreatedAndUpdatedDate() {
        String created = s.get("/instance-storage/instances/" + water).json().path("metadata").path("createdDate")
                .asText();
        String day = created.substring(0, 10);
        assertThat(hrids("metadata.createdDate >= " + day)).hasSize(5);
        assertThat(hrids("metadata.createdDate < " + day)).isEmpty();
        assertThat(hrids("metadata.createdDate > " + day)).isEmpty();
        assertThat(hrids("metadata.updatedDate >= \"2000-01-01T00:00:00Z\"")).hasSize(5);
        assertThat(hrids("metadata.createdDate <= \"2000-01-01T00:00:00.000+00:00\"")).isEmpty();
        assertThat(hrids("metadata.createdDate == " + day)).hasSize(5);
        assertBadRequest("metadata.createdDate > yesterday", "", "Invalid date format");
    }

    @Test
    void sortByTitle_lexical_bothWays_andUnknownSortIs400() {
        assertThat(hrids("cql.allRecords=1 sortBy title"))
                .containsExactly("sc004", "sc005", "sc003", "sc002", "sc001");
        assertThat(hrids("cql.allRecords=1 sortBy title/sort.descending"))
                .containsExactly("sc001", "sc002", "sc003", "sc005", "sc004");
        assertBadRequest("cql.allRecords=1 sortBy nothing", "", "Sort field not found or cannot be used.");
        // sortBy contributors: the primary (else first) contributor's name; instances without one last
        assertThat(hrids("cql.allRecords=1 sortBy contributors")).startsWith("sc003", "sc001");
        assertThat(hrids("cql.allRecords=1 sortBy contributors/sort.descending")).startsWith("sc001", "sc003");
    }

    @Test
    void paging_andLimits() {
        Api.Reply page = search("cql.allRecords=1 sortBy title", "&limit=2&offset=3");
        assertThat(page.json().path("totalRecords").asInt()).isEqualTo(5);
        assertThat(page.json().path("instances")).hasSize(2);
        assertThat(page.json().path("instances").get(0).path("hrid").asText()).isEqualTo("sc002");
        Api.Reply none = search("cql.allRecords=1", "&limit=0");
        assertThat(none.json().path("totalRecords").asInt()).isEqualTo(5);
        assertThat(none.json().path("instances")).isEmpty();
        assertThat(search("cql.allRecords=1", "&offset=9").json().path("instances")).isEmpty();
        assertThat(search("cql.allRecords=1", "&limit=500").status()).isEqualTo(200);
        assertBadRequest("cql.allRecords=1", "&limit=501", "must be less than or equal to 500");
        assertBadRequest("cql.allRecords=1", "&limit=-1", "must be greater than or equal to 0");
        assertBadRequest("cql.allRecords=1", "&limit=abc", "Failed to convert");
        assertBadRequest("cql.allRecords=1", "&limit=500&offset=9600",
                "The sum of limit and offset should not exceed 10000.");
        assertThat(search("cql.allRecords=1", "&limit=500&offset=9500").status()).isEqualTo(200);
    }

    @Test
    void malformedQueries_are400_never500() {
        Api.Reply unknown = search("unknownField all book", "");
        assertThat(unknown.status()).isEqualTo(400);
        JsonNode error = unknown.json().path("errors").get(0);
        assertThat(error.path("message").asText()).isEqualTo("Invalid search field provided in the CQL query");
        assertThat(error.path("type").asText()).isEqualTo("RequestValidationException");
        assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo("field");
        assertThat(error.path("parameters").get(0).path("value").asText()).isEqualTo("unknownField");
        assertBadRequest("title all (", "", "Invalid CQL");
        assertBadRequest("title < water", "", "Comparator '<' is not supported");
        assertBadRequest("title within water", "", "is not supported");
        assertBadRequest("title all water prox title all africa", "", "not supported");
        assertBadRequest("title all water)", "", "Invalid CQL");
        assertBadRequest("title =/foo water", "", "unsupported modifier");
        assertBadRequest("title all \"unterminated", "", "Invalid CQL");
        // 250 words × the keyword option's 5 fields is more than Lucene's 1024 clauses
        StringBuilder many = new StringBuilder("keyword any \"w0");
        for (int i = 1; i < 250; i++) many.append(" w").append(i);
        assertBadRequest(many.append("\"").toString(), "", "The query is too complex");
        Api.Reply missing = s.get("/search/instances?limit=1");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body()).contains("'query'");
        assertThat(s.get("/search/instances?query=").status()).isEqualTo(400);
    }

    @Test
    void basicFields_orTheWholeInstanceWithHoldingsAndItems_onExpandAll() {
        JsonNode basic = search("hrid==sc001", "").json().path("instances").get(0);
        assertThat(basic.path("id").asText()).isEqualTo(water);
        assertThat(basic.path("tenantId").asText()).isEqualTo("search_core");
        assertThat(basic.path("shared").asBoolean(true)).isFalse();
        assertThat(basic.path("title").asText()).isEqualTo("Water in Africa : resources and policy");
        assertThat(basic.path("contributors").get(0).path("name").asText()).isEqualTo("Brown, John");
        assertThat(basic.path("identifiers").get(0).path("value").asText()).isEqualTo("978-0471442509");
        assertThat(basic.path("publication").get(0).path("publisher").asText()).isEqualTo("Wiley");
        assertThat(basic.path("publication").get(0).has("place")).isFalse();
        assertThat(basic.path("discoverySuppress").isBoolean()).isTrue();
        assertThat(basic.path("isBoundWith").asBoolean(true)).isFalse();
        assertThat(basic.has("holdings")).isFalse();
        assertThat(basic.has("subjects")).isFalse();

        JsonNode full = search("hrid==sc001", "&expandAll=true").json().path("instances").get(0);
        assertThat(full.path("subjects").get(0).path("value").asText()).isEqualTo("Water supply -- Africa");
        assertThat(full.path("metadata").path("createdDate").asText()).isNotEmpty();
        assertThat(full.path("holdings").get(0).path("id").asText()).isEqualTo(waterHoldings);
        assertThat(full.path("holdings").get(0).path("permanentLocationId").asText()).isEqualTo(MAIN_LIBRARY);
        assertThat(full.path("items").get(0).path("id").asText()).isEqualTo(waterItem);
        assertThat(full.path("items").get(0).path("barcode").asText()).isEqualTo("sc-barcode-1");
        assertThat(full.path("items").get(0).path("status").path("name").asText()).isEqualTo("Available");

        JsonNode included = search("hrid==sc001", "&include=id,title").json().path("instances").get(0);
        assertThat(included.size()).isEqualTo(2);

        JsonNode ids = s.get("/search/instances/ids?query=hrid%3D%3Dsc001").json();
        assertThat(ids.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(ids.path("ids").get(0).path("id").asText()).isEqualTo(water);
    }
}
