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
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * mod-search's browse (call numbers, classification numbers, subjects, contributors) over HTTP, on purpose-made
 * instances, holdings and items of a tenant of its own: shelf order, anchors, each query form, prev/next, filters,
 * re-indexing on an item change and 400s for malformed requests.
 */
class BrowseTest {
    static Api.Session s;
    static final String LC = "95467209-6d7b-468b-94df-0f5d7ad2747d";
    static final String DEWEY = "03dd64d0-5626-4ecd-8ece-4531e0069f35";
    static final String SUDOC = "fc388041-6cd0-4806-8a74-ebe3b9ab4c6e";
    static final String LC_CLASS = "ce176ace-a53e-4b4d-aa89-725ed7b2edac";
    static final String DEWEY_CLASS = "42471af9-7d25-4f3a-bf78-60d29dcf463b";
    static final String PERSONAL = "2b94c631-fca9-4892-a730-03ee529ffe2a";
    static final String CORPORATE = "2e48e713-17f3-4c13-a9f8-23845bb210aa";
    static final String AUTHOR = "6e09d47d-95e2-4d8a-831b-f777b8ef6d81";
    static final String EDITOR = "9deb29d1-3e71-4951-9413-a80adac703d0";
    static final String LCSH = "e894d0dc-621d-4b1d-98f6-6f7120eb0d40";
    static String movingItem;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("search_browse");
        ObjectNode alpha = Json.object().put("title", "Alpha");
        alpha.putArray("subjects").add(Json.object().put("value", "Water").put("sourceId", LCSH))
                .add(Json.object().put("value", "Water quality"));
        alpha.putArray("contributors").add(Json.object().put("name", "Brown, John").put("contributorNameTypeId",
                PERSONAL).put("contributorTypeId", AUTHOR));
        alpha.putArray("classifications").add(Json.object().put("classificationNumber", "QA76.73 .J38")
                .put("classificationTypeId", LC_CLASS));
        String a = holdings(instance(alpha));
        movingItem = item(a, "QA9 .C1", LC, null, null);
        item(a, "QA76.73 .J38", LC, null, null);
        item(a, "QA100 .B3", LC, "Oversize", null);

        ObjectNode beta = Json.object().put("title", "Beta");
        beta.putArray("subjects").add(Json.object().put("value", "Waste disposal"))
                .add(Json.object().put("value", "water").put("sourceId", LCSH));
        beta.putArray("contributors").add(Json.object().put("name", "Brown, John").put("contributorNameTypeId",
                PERSONAL).put("contributorTypeId", EDITOR)).add(Json.object().put("name", "Brown Foundation")
                .put("contributorNameTypeId", CORPORATE));
        beta.putArray("classifications").add(Json.object().put("classificationNumber", "813.54")
                .put("classificationTypeId", DEWEY_CLASS));
        String b = holdings(instance(beta));
        item(b, "QA76.73 .J38", LC, null, null);

        ObjectNode gamma = Json.object().put("title", "Gamma");
        gamma.putArray("subjects").add(Json.object().put("value", "Zoology"));
        gamma.putArray("contributors").add(Json.object().put("name", "Adams, Ann"));
        gamma.putArray("classifications").add(Json.object().put("classificationNumber", "QA9 .C1")
                .put("classificationTypeId", LC_CLASS));
        String c = holdings(instance(gamma));
        item(c, "813.54 B123", DEWEY, null, null);
        item(c, "095.1 X", DEWEY, null, null);
        item(c, "813.6 A1", DEWEY, null, "c.2");

        String d = holdings(instance(Json.object().put("title", "Delta")));
        item(d, "A 1.34:2", SUDOC, null, null);
        item(d, "A 1.9:10", SUDOC, null, null);
        item(d, "PS3545 .I345", null, null, null); // untyped: classified as LC

        awaitValues("/browse/call-numbers/all/instances", "fullCallNumber >= \"0\"", 100, "fullCallNumber", 9);
    }

    static String instance(ObjectNode json) {
        json.put("instanceTypeId", TEXT_TYPE).put("source", "FOLIO");
        Api.Reply r = s.post("/instance-storage/instances", json);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String holdings(String instanceId) {
        Api.Reply r = s.post("/holdings-storage/holdings", Json.object().put("instanceId", instanceId)
                .put("permanentLocationId", MAIN_LIBRARY));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String item(String holdingsId, String callNumber, String typeId, String prefix, String suffix) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("materialTypeId", BOOK)
                .put("permanentLoanTypeId", CAN_CIRCULATE).put("itemLevelCallNumber", callNumber);
        if (typeId != null) item.put("itemLevelCallNumberTypeId", typeId);
        if (prefix != null) item.put("itemLevelCallNumberPrefix", prefix);
        if (suffix != null) item.put("itemLevelCallNumberSuffix", suffix);
        item.putObject("status").put("name", "Available");
        Api.Reply r = s.post("/item-storage/items", item);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static Api.Reply browse(String path, String cql, String params) {
        return s.get(path + "?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8) + params);
    }

    static JsonNode ok(String path, String cql, String params) {
        Api.Reply r = browse(path, cql, params);
        assertThat(r.status()).as(cql + params + " → " + r.body()).isEqualTo(200);
        return r.json();
    }

    static List<String> values(JsonNode page, String field) {
        List<String> out = new ArrayList<>();
        page.path("items").forEach(i -> out.add(i.path(field).asText()));
        return out;
    }

    /** Polls (for at most thirty seconds: a slow machine) until the browse has the expected number of items. */
    static void awaitValues(String path, String cql, int limit, String field, int expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        List<String> got;
        do {
            got = values(ok(path, cql, "&limit=" + limit), field);
            if (got.size() == expected) return;
            sleep();
        } while (System.currentTimeMillis() < deadline);
        assertThat(got).hasSize(expected);
    }

    static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static final String CN_LC = "/browse/call-numbers/lc/instances";

    @Test
    void callNumbers_lcInTrueShelfOrder_withItemCountsTitlesAndPrefix() {
        JsonNode page = ok(CN_LC, "fullCallNumber >= \"A\"", "&limit=10");
        // QA9 < QA76.73 < QA100 (class numbers numerically), the untyped PS3545 classified LC
        assertThat(values(page, "fullCallNumber")).containsExactly("PS3545 .I345", "QA9 .C1", "QA76.73 .J38",
                "QA100 .B3");
        assertThat(page.path("totalRecords").asInt()).isEqualTo(4);
        JsonNode shared = page.path("items").get(2);
        assertThat(shared.path("totalRecords").asInt()).isEqualTo(2); // two items, two instances
        assertThat(shared.has("instanceTitle")).isFalse();          // only when totalRecords is 1
        assertThat(shared.path("callNumberTypeId").asText()).isEqualTo(LC);
        assertThat(shared.has("isAnchor")).isFalse();               // never on one-direction browse
        JsonNode oversize = page.path("items").get(3);
        assertThat(oversize.path("instanceTitle").asText()).isEqualTo("Alpha");
        assertThat(oversize.path("callNumberPrefix").asText()).isEqualTo("Oversize");
        assertThat(oversize.path("callNumber").asText()).isEqualTo("QA100 .B3");
        assertThat(page.path("prev").asText()).isEqualTo("PS3545 .I345"); // forward: prev is the first value
        assertThat(page.has("next")).isFalse();
    }

    @Test
    void callNumbers_deweyAndSudocInShelfOrder_suffixInFullCallNumber() {
        JsonNode dewey = ok("/browse/call-numbers/dewey/instances", "fullCallNumber >= \"000\"", "&limit=10");
        assertThat(values(dewey, "fullCallNumber")).containsExactly("095.1 X", "813.54 B123", "813.6 A1 c.2");
        assertThat(dewey.path("items").get(2).path("callNumberSuffix").asText()).isEqualTo("c.2");
        assertThat(dewey.path("items").get(2).path("callNumber").asText()).isEqualTo("813.6 A1");
        JsonNode sudoc = ok("/browse/call-numbers/sudoc/instances", "fullCallNumber >= \"A 1.1\"", "&limit=10");
        assertThat(values(sudoc, "fullCallNumber")).containsExactly("A 1.9:10", "A 1.34:2"); // 9 before 34
        JsonNode all = ok("/browse/call-numbers/all/instances", "fullCallNumber >= \"0\"", "&limit=100");
        List<String> everything = values(all, "fullCallNumber");
        assertThat(everything).hasSize(9); // 10 items, QA76.73 .J38 twice
        assertThat(everything.indexOf("QA9 .C1")).isLessThan(everything.indexOf("QA100 .B3"));
        assertThat(everything.indexOf("813.54 B123")).isLessThan(everything.indexOf("813.6 A1 c.2"));
        assertThat(ok("/browse/call-numbers/nlm/instances", "fullCallNumber >= \"A\"", "&limit=10")
                .path("items")).isEmpty();
    }

    @Test
    void callNumbers_aroundIncludingAnExistingAnchor() {
        JsonNode page = ok(CN_LC, "fullCallNumber >= \"QA76.73 .J38\" or fullCallNumber < \"QA76.73 .J38\"",
                "&limit=3&precedingRecordsCount=1");
        assertThat(values(page, "fullCallNumber")).containsExactly("QA9 .C1", "QA76.73 .J38", "QA100 .B3");
        assertThat(page.path("items").get(1).path("isAnchor").asBoolean()).isTrue();
        assertThat(page.path("items").get(1).path("totalRecords").asInt()).isEqualTo(2);
        assertThat(page.path("items").get(0).has("isAnchor")).isFalse();
        assertThat(page.path("prev").asText()).isEqualTo("QA9 .C1"); // PS3545 lies before
        assertThat(page.has("next")).isFalse();                      // QA100 is the last value
        assertThat(page.path("totalRecords").asInt()).isEqualTo(4);
        // the < side first is the same query
        assertThat(values(ok(CN_LC, "fullCallNumber < \"QA76.73 .J38\" or fullCallNumber >= \"QA76.73 .J38\"",
                "&limit=3&precedingRecordsCount=1"), "fullCallNumber"))
                .containsExactly("QA9 .C1", "QA76.73 .J38", "QA100 .B3");
    }

    @Test
    void callNumbers_missingAnchorIsHighlightedUnlessAskedNot() {
        JsonNode page = ok(CN_LC, "fullCallNumber >= \"QA50\" or fullCallNumber < \"QA50\"",
                "&limit=3&precedingRecordsCount=1");
        assertThat(values(page, "fullCallNumber")).containsExactly("QA9 .C1", "QA50", "QA76.73 .J38");
        JsonNode placeholder = page.path("items").get(1);
        assertThat(placeholder.path("isAnchor").asBoolean()).isTrue();
        assertThat(placeholder.path("totalRecords").asInt()).isZero();
        assertThat(placeholder.size()).isEqualTo(3);
        assertThat(page.path("next").asText()).isEqualTo("QA76.73 .J38"); // QA100 follows
        JsonNode plain = ok(CN_LC, "fullCallNumber >= \"QA50\" or fullCallNumber < \"QA50\"",
                "&limit=3&precedingRecordsCount=1&highlightMatch=false");
        assertThat(values(plain, "fullCallNumber")).containsExactly("QA9 .C1", "QA76.73 .J38", "QA100 .B3");
        // around excluding: the anchor that exists is left out, a placeholder stands in its place
        JsonNode excluding = ok(CN_LC, "fullCallNumber > \"QA76.73 .J38\" or fullCallNumber < \"QA76.73 .J38\"",
                "&limit=3&precedingRecordsCount=1");
        assertThat(values(excluding, "fullCallNumber")).containsExactly("QA9 .C1", "QA76.73 .J38", "QA100 .B3");
        assertThat(excluding.path("items").get(1).path("totalRecords").asInt()).isZero();
    }

    @Test
    void callNumbers_forwardAndBackward_includingAndExcluding_prevNextAtTheEnds() {
        JsonNode fwd = ok(CN_LC, "fullCallNumber > \"QA9 .C1\"", "&limit=1");
        assertThat(values(fwd, "fullCallNumber")).containsExactly("QA76.73 .J38");
        assertThat(fwd.path("prev").asText()).isEqualTo("QA76.73 .J38");
        assertThat(fwd.path("next").asText()).isEqualTo("QA76.73 .J38");
        assertThat(values(ok(CN_LC, "fullCallNumber >= \"QA9 .C1\"", "&limit=2"), "fullCallNumber"))
                .containsExactly("QA9 .C1", "QA76.73 .J38");
        JsonNode end = ok(CN_LC, "fullCallNumber >= \"QA76.73 .J38\"", "&limit=5");
        assertThat(values(end, "fullCallNumber")).containsExactly("QA76.73 .J38", "QA100 .B3");
        assertThat(end.has("next")).isFalse();

        JsonNode back = ok(CN_LC, "fullCallNumber < \"QA100 .B3\"", "&limit=2");
        assertThat(values(back, "fullCallNumber")).containsExactly("QA9 .C1", "QA76.73 .J38"); // ascending
        assertThat(back.path("prev").asText()).isEqualTo("QA9 .C1");
        assertThat(back.path("next").asText()).isEqualTo("QA76.73 .J38");
        assertThat(values(ok(CN_LC, "fullCallNumber <= \"QA100 .B3\"", "&limit=2"), "fullCallNumber"))
                .containsExactly("QA76.73 .J38", "QA100 .B3");
        JsonNode start = ok(CN_LC, "fullCallNumber <= \"QA9 .C1\"", "&limit=5");
        assertThat(values(start, "fullCallNumber")).containsExactly("PS3545 .I345", "QA9 .C1");
        assertThat(start.has("prev")).isFalse();
        assertThat(ok(CN_LC, "fullCallNumber < \"A\"", "&limit=5").path("items")).isEmpty();
    }

    @Test
    void edges_limitOneAroundAndEmptyAnchor() {
        JsonNode one = ok(CN_LC, "fullCallNumber >= \"QA76.73 .J38\" or fullCallNumber < \"QA76.73 .J38\"", "&limit=1");
        assertThat(values(one, "fullCallNumber")).containsExactly("QA76.73 .J38");
        assertThat(one.path("next").asText()).isEqualTo("QA76.73 .J38");
        JsonNode counted = ok(CN_LC, "fullCallNumber >= \"A\"", "&limit=0"); // mod-search's minimum is 0
        assertThat(counted.path("items")).isEmpty();
        assertThat(counted.path("totalRecords").asInt()).isEqualTo(4);
        JsonNode empty = ok(CN_LC, "fullCallNumber >= \"\"", "&limit=5");
        assertThat(empty.path("items")).isEmpty();
        assertThat(empty.path("totalRecords").asInt()).isZero();
    }

    @Test
    void callNumbers_filterByType() {
        JsonNode page = ok("/browse/call-numbers/all/instances",
                "(fullCallNumber >= \"0\" or fullCallNumber < \"0\") and callNumberTypeId==\"" + SUDOC + "\"",
                "&limit=10");
        assertThat(values(page, "fullCallNumber")).containsExactly("0", "A 1.9:10", "A 1.34:2");
        assertThat(page.path("totalRecords").asInt()).isEqualTo(2);
    }

    @Test
    void classificationNumbers_lcDeweyAll() {
        JsonNode lc = ok("/browse/classification-numbers/lc/instances", "number >= \"A\"", "&limit=10");
        assertThat(values(lc, "classificationNumber")).containsExactly("QA9 .C1", "QA76.73 .J38");
        assertThat(lc.path("items").get(0).path("instanceTitle").asText()).isEqualTo("Gamma");
        assertThat(lc.path("items").get(0).path("instanceContributors").get(0).path("name").asText())
                .isEqualTo("Adams, Ann");
        assertThat(lc.path("items").get(1).path("classificationTypeId").asText()).isEqualTo(LC_CLASS);
        JsonNode dewey = ok("/browse/classification-numbers/dewey/instances",
                "number >= \"813.54\" or number < \"813.54\"", "&limit=5");
        assertThat(values(dewey, "classificationNumber")).containsExactly("813.54");
        assertThat(dewey.path("items").get(0).path("isAnchor").asBoolean()).isTrue();
        assertThat(ok("/browse/classification-numbers/all/instances", "number >= \"0\"", "&limit=10")
                .path("totalRecords").asInt()).isEqualTo(3);
    }

    @Test
    void subjects_aroundWithCaseFoldedAnchorAndFilters() {
        String path = "/browse/subjects/instances";
        JsonNode page = ok(path, "value >= \"water\" or value < \"water\"", "&limit=3&precedingRecordsCount=1");
        // "Water" (Alpha) and "water" (Beta) with the same source are two values of one key: both anchors
        List<String> shown = values(page, "value");
        assertThat(shown.getFirst()).isEqualTo("Waste disposal");
        assertThat(shown.subList(1, 3)).containsExactlyInAnyOrder("Water", "water");
        assertThat(page.path("items").get(1).path("isAnchor").asBoolean()).isTrue();
        assertThat(page.path("items").get(1).path("sourceId").asText()).isEqualTo(LCSH);
        assertThat(page.path("next").asText()).isIn("Water", "water");
        assertThat(page.path("totalRecords").asInt()).isEqualTo(5);
        JsonNode filtered = ok(path, "(value >= \"w\" or value < \"w\") and sourceId==\"" + LCSH + "\"",
                "&limit=5&highlightMatch=false");
        assertThat(values(filtered, "value")).containsExactlyInAnyOrder("Water", "water");
        assertThat(filtered.path("totalRecords").asInt()).isEqualTo(2);
        assertThat(values(ok(path, "value > \"water quality\"", "&limit=5"), "value")).containsExactly("Zoology");
    }

    @Test
    void subjects_backwardIsForwardReversed_withEntriesSharingAKey() {
        // "Water" and "water" are two entries of the key "water": backward, the inverted keys give them in order too
        String path = "/browse/subjects/instances";
        List<String> all = List.of("Waste disposal", "Water", "water", "Water quality", "Zoology");
        assertThat(values(ok(path, "value >= \"a\"", "&limit=10"), "value")).containsExactlyElementsOf(all);
        assertThat(values(ok(path, "value < \"zzz\"", "&limit=10"), "value")).containsExactlyElementsOf(all);
        assertThat(values(ok(path, "value < \"water quality\"", "&limit=2"), "value")).containsExactly("Water", "water");
        assertThat(values(ok(path, "value <= \"water\"", "&limit=2"), "value")).containsExactly("Water", "water");
        assertThat(values(ok(path, "value < \"water\"", "&limit=2"), "value")).containsExactly("Waste disposal");
    }

    @Test
    void contributors_rolesAggregatedAndNameTypeFilter() {
        String path = "/browse/contributors/instances";
        JsonNode page = ok(path, "name >= \"brown, john\" or name < \"brown, john\"", "&limit=5&precedingRecordsCount=2");
        assertThat(values(page, "name")).containsExactly("Adams, Ann", "Brown Foundation", "Brown, John");
        JsonNode john = page.path("items").get(2);
        assertThat(john.path("isAnchor").asBoolean()).isTrue();
        assertThat(john.path("totalRecords").asInt()).isEqualTo(2);
        assertThat(john.path("contributorNameTypeId").asText()).isEqualTo(PERSONAL);
        List<String> roles = new ArrayList<>();
        john.path("contributorTypeId").forEach(r -> roles.add(r.asText()));
        assertThat(roles).containsExactly(AUTHOR, EDITOR); // deduplicated, sorted
        JsonNode corporate = ok(path, "(name >= \"a\" or name < \"a\") and contributorNameTypeId==\"" + CORPORATE
                + "\"", "&limit=5&highlightMatch=false");
        assertThat(values(corporate, "name")).containsExactly("Brown Foundation");
        assertThat(corporate.path("totalRecords").asInt()).isEqualTo(1);
    }

    @Test
    void anItemChangeMovesItsCallNumber() {
        Api.Reply item = s.get("/item-storage/items/" + movingItem);
        ObjectNode json = (ObjectNode) item.json();
        json.put("itemLevelCallNumber", "QA200 .Z9");
        assertThat(s.put("/item-storage/items/" + movingItem, json).status()).isEqualTo(204);
        Function<JsonNode, List<String>> cn = p -> values(p, "fullCallNumber");
        long deadline = System.currentTimeMillis() + 30_000;
        List<String> got;
        do {
            got = cn.apply(ok("/browse/call-numbers/lc/instances", "fullCallNumber >= \"QA100\"", "&limit=10"));
            if (got.contains("QA200 .Z9")) break;
            sleep();
        } while (System.currentTimeMillis() < deadline);
        assertThat(got).containsExactly("QA100 .B3", "QA200 .Z9");
        // the distinct-value count follows writes (kept up to date, not recounted): a moved value, a new, a deleted
        assertThat(ok(CN_LC, "fullCallNumber >= \"A\"", "&limit=10").path("totalRecords").asInt()).isEqualTo(4);
        String added = item(s.get("/item-storage/items/" + movingItem).json().path("holdingsRecordId").asText(),
                "QA300 .N1", LC, null, null);
        awaitTotal(5);
        assertThat(s.delete("/item-storage/items/" + added).status()).isEqualTo(204);
        awaitTotal(4);
        assertThat(values(ok(CN_LC, "fullCallNumber >= \"A\"", "&limit=10"), "fullCallNumber"))
                .doesNotContain("QA9 .C1");
        // and back, so the other tests see the data as set up whatever the order
        json = (ObjectNode) s.get("/item-storage/items/" + movingItem).json();
        json.put("itemLevelCallNumber", "QA9 .C1");
        assertThat(s.put("/item-storage/items/" + movingItem, json).status()).isEqualTo(204);
        deadline = System.currentTimeMillis() + 30_000;
        do {
            got = cn.apply(ok(CN_LC, "fullCallNumber >= \"A\"", "&limit=10"));
            if (got.contains("QA9 .C1")) break;
            sleep();
        } while (System.currentTimeMillis() < deadline);
        assertThat(got).containsExactly("PS3545 .I345", "QA9 .C1", "QA76.73 .J38", "QA100 .B3");
    }

    static void awaitTotal(int expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        int total;
        do {
            total = ok(CN_LC, "fullCallNumber >= \"A\"", "&limit=10").path("totalRecords").asInt();
            if (total == expected) return;
            sleep();
        } while (System.currentTimeMillis() < deadline);
        assertThat(total).isEqualTo(expected);
    }

    @Test
    void malformedRequestsAre400NeverA500() {
        bad(CN_LC, "fullCallNumber >= \"A\"", "&limit=101", "must be less than or equal to 100");
        bad(CN_LC, "fullCallNumber >= \"A\"", "&limit=-1", "must be greater than or equal to 0");
        bad(CN_LC, "fullCallNumber >= \"A\"", "&limit=0&precedingRecordsCount=1",
                "Preceding records count must be less than request limit");
        bad(CN_LC, "fullCallNumber >= \"A\"", "&limit=abc", "Failed to convert");
        bad(CN_LC, "fullCallNumber >= \"A\"", "&limit=3&precedingRecordsCount=3",
                "Preceding records count must be less than request limit");
        bad(CN_LC, "fullCallNumber >= \"A\"", "&limit=3&precedingRecordsCount=0", "must be greater than or equal to 1");
        bad(CN_LC, "fullCallNumber >= \"A\"", "&highlightMatch=maybe", "Failed to convert");
        bad(CN_LC, "fullCallNumber >= ", "", "");
        bad(CN_LC, "title >= \"A\"", "", "Invalid CQL query for browsing.");
        bad(CN_LC, "fullCallNumber == \"A\"", "", "Invalid CQL query for browsing.");
        bad(CN_LC, "fullCallNumber >= \"A\" or fullCallNumber < \"B\"", "", "Anchors must be the same");
        bad(CN_LC, "fullCallNumber >= \"A\" or fullCallNumber > \"A\"", "", "Invalid CQL query for browsing.");
        bad(CN_LC, "fullCallNumber >= \"A\" and shelf==\"x\"", "", "Invalid search field");
        bad(CN_LC, "fullCallNumber >= \"A\" and bareterm", "", "Invalid CQL query for browsing.");
        bad(CN_LC, "bareterm", "", "Invalid CQL query for browsing.");
        bad(CN_LC, "(fullCallNumber >= \"A\" or fullCallNumber < \"A\") or callNumberTypeId==\"x\"", "",
                "Invalid CQL query for browsing.");
        bad("/browse/call-numbers/bogus/instances", "fullCallNumber >= \"A\"", "", "bogus");
        bad("/browse/classification-numbers/nlm/instances", "number >= \"A\"", "", "nlm");
        bad("/browse/subjects/instances", "name >= \"A\"", "", "Invalid CQL query for browsing.");
        Api.Reply missing = s.get("/browse/subjects/instances?limit=5");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().path("errors").get(0).path("parameters").get(0).path("key").asText())
                .isEqualTo("query");
    }

    static void bad(String path, String cql, String params, String message) {
        Api.Reply r = browse(path, cql, params);
        assertThat(r.status()).as(path + " " + cql + params + " → " + r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains(message);
        assertThat(r.json().path("total_records").asInt()).isEqualTo(1);
    }
}
