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
 * mod-search's {@code /browse/authorities} over HTTP (AuthorityBrowseService): headings in lowercased headingRef order,
 * Authorized and Reference only, around / forward / backward, anchors and the missing-anchor placeholder, prev/next,
 * filters, a rename followed, and 400s. Headings from LC NAF records (lc-naf-names-5k.mrc) hand-mapped.
 */
class AuthorityBrowseTest {
    static Api.Session s;
    static String mitchell;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("authority_browse");
        create(personal("n  50000555", "Barrie, J. M. (James Matthew), 1860-1937", "Barrie, James Matthew, 1860-1937"));
        create(personal("n  00032378", "Coste, Jean, 1926-1994", "Coste, Jean"));
        ObjectNode ferrell = personal("n  50001200", "Ferrell, Robert H.");
        ferrell.putArray("saftPersonalName").add("Ferrell, Bob"); // Auth/Ref: never browsed
        create(ferrell);
        mitchell = create(personal("n  00022382", "Mitchell, David (David Stephen)"));
        create(Json.object().put("source", "MARC").put("naturalId", "sh85145447").put("topicalTerm", "Water quality"));
        long deadline = System.currentTimeMillis() + 30_000;
        while (browse("headingRef>=\"a\"", "&limit=10").json().path("totalRecords").asInt() != 7
                && System.currentTimeMillis() < deadline) {
            sleep();
        }
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

    static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static Api.Reply browse(String cql, String params) {
        return s.get("/browse/authorities?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8) + params);
    }

    static JsonNode ok(String cql, String params) {
        Api.Reply r = browse(cql, params);
        assertThat(r.status()).as(cql + params + " → " + r.body()).isEqualTo(200);
        return r.json();
    }

    /** Each item as {@code headingRef} with a {@code *} when it is the anchor. */
    static List<String> refs(JsonNode page) {
        List<String> out = new ArrayList<>();
        page.path("items").forEach(i -> out.add(i.path("headingRef").asText() + (i.path("isAnchor").asBoolean() ? "*" : "")));
        return out;
    }

    @Test
    void around_anchorFound_isMarked_andPrevNextAsModSearch() {
        JsonNode page = ok("headingRef>=\"Coste, Jean\" or headingRef<\"Coste, Jean\"", "&limit=5&precedingRecordsCount=2");
        assertThat(refs(page)).containsExactly("Barrie, J. M. (James Matthew), 1860-1937",
                "Barrie, James Matthew, 1860-1937", "Coste, Jean*", "Coste, Jean, 1926-1994", "Ferrell, Robert H.");
        assertThat(page.path("totalRecords").asInt()).isEqualTo(7);
        assertThat(page.has("prev")).isFalse();
        assertThat(page.path("next").asText()).isEqualTo("Ferrell, Robert H.");
        JsonNode anchor = page.path("items").get(2).path("authority");
        assertThat(anchor.path("authRefType").asText()).isEqualTo("Reference");
        assertThat(anchor.path("headingType").asText()).isEqualTo("Personal Name");
        assertThat(anchor.path("naturalId").asText()).isEqualTo("n  00032378");
        assertThat(anchor.path("numberOfTitles").asInt(-1)).isZero();
        assertThat(page.toString()).doesNotContain("Ferrell, Bob");
    }

    @Test
    void around_missingAnchor_isAPlaceholder() {
        JsonNode page = ok("headingRef>=\"D\" or headingRef<\"D\"", "&limit=4&precedingRecordsCount=1");
        assertThat(refs(page)).containsExactly("Coste, Jean, 1926-1994", "D*", "Ferrell, Robert H.",
                "Mitchell, David (David Stephen)");
        assertThat(page.path("items").get(1).has("authority")).isFalse();
        assertThat(page.path("prev").asText()).isEqualTo("Coste, Jean, 1926-1994");
        assertThat(page.path("next").asText()).isEqualTo("Mitchell, David (David Stephen)");
        // highlightMatch=false: no placeholder
        assertThat(refs(ok("headingRef>=\"D\" or headingRef<\"D\"", "&limit=3&precedingRecordsCount=1&highlightMatch=false")))
                .containsExactly("Coste, Jean, 1926-1994", "Ferrell, Robert H.", "Mitchell, David (David Stephen)");
    }

    @Test
    void forwardAndBackward_withAndWithoutTheAnchor() {
        JsonNode fwd = ok("headingRef>\"Barrie\"", "&limit=2");
        assertThat(refs(fwd)).containsExactly("Barrie, J. M. (James Matthew), 1860-1937", "Barrie, James Matthew, 1860-1937");
        assertThat(fwd.path("prev").asText()).isEqualTo("Barrie, J. M. (James Matthew), 1860-1937");
        assertThat(fwd.path("next").asText()).isEqualTo("Barrie, James Matthew, 1860-1937");
        JsonNode end = ok("headingRef>=\"Mitchell\"", "&limit=2");
        assertThat(refs(end)).containsExactly("Mitchell, David (David Stephen)", "Water quality");
        assertThat(end.has("next")).isFalse();

        JsonNode back = ok("headingRef<\"Coste, Jean\"", "&limit=5");
        assertThat(refs(back)).containsExactly("Barrie, J. M. (James Matthew), 1860-1937",
                "Barrie, James Matthew, 1860-1937");
        assertThat(back.has("prev")).isFalse();
        assertThat(back.path("next").asText()).isEqualTo("Barrie, James Matthew, 1860-1937");
        JsonNode backWithAnchor = ok("headingRef<=\"coste, jean\"", "&limit=2");
        assertThat(refs(backWithAnchor)).containsExactly("Barrie, James Matthew, 1860-1937", "Coste, Jean");
        assertThat(backWithAnchor.path("prev").asText()).isEqualTo("Barrie, James Matthew, 1860-1937");
        assertThat(backWithAnchor.path("next").asText()).isEqualTo("Coste, Jean");
    }

    @Test
    void filters_andARenameIsFollowed() {
        JsonNode topical = ok("(headingRef>=\"a\" or headingRef<\"a\") and headingType==Topical",
                "&limit=10&precedingRecordsCount=1");
        assertThat(refs(topical)).containsExactly("a*", "Water quality");
        assertThat(topical.path("totalRecords").asInt()).isEqualTo(1);
        // the MARC authority app's filters: a heading-type list and "exclude see from"
        JsonNode typed = ok("(headingRef>=\"Coste\" or headingRef<\"Coste\") and headingType==(\"Personal Name\" or "
                + "\"Corporate Name\") and authRefType==Authorized", "&limit=4&precedingRecordsCount=1");
        assertThat(refs(typed)).containsExactly("Barrie, J. M. (James Matthew), 1860-1937", "Coste*",
                "Coste, Jean, 1926-1994", "Ferrell, Robert H.");
        assertThat(typed.path("totalRecords").asInt()).isEqualTo(4);

        ObjectNode a = (ObjectNode) s.get("/authority-storage/authorities/" + mitchell).json();
        a.put("personalName", "Zimmer, David");
        assertThat(s.put("/authority-storage/authorities/" + mitchell, a).status()).isEqualTo(204);
        long deadline = System.currentTimeMillis() + 30_000;
        List<String> after;
        do {
            after = refs(ok("headingRef>=\"Mitchell\"", "&limit=5"));
            if (after.size() == 2 && after.get(1).startsWith("Zimmer")) break;
            sleep();
        } while (System.currentTimeMillis() < deadline);
        assertThat(after).as("once indexed").containsExactly("Water quality", "Zimmer, David");
        a = (ObjectNode) s.get("/authority-storage/authorities/" + mitchell).json();
        a.put("personalName", "Mitchell, David (David Stephen)");
        assertThat(s.put("/authority-storage/authorities/" + mitchell, a).status()).isEqualTo(204);
        deadline = System.currentTimeMillis() + 30_000;
        while (!refs(ok("headingRef>=\"Mitchell\"", "&limit=1")).equals(List.of("Mitchell, David (David Stephen)"))
                && System.currentTimeMillis() < deadline) {
            sleep();
        }
    }

    static void assertBadRequest(String params, String message, String type) {
        Api.Reply r = s.get("/browse/authorities?" + params);
        assertThat(r.status()).as(params + " → " + r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains(message);
        assertThat(r.json().path("errors").get(0).path("type").asText()).isEqualTo(type);
    }

    static String q(String cql) {
        return "query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8);
    }

    @Test
    void malformedRequests_are400() {
        assertBadRequest(q("headingRef all x"), "Invalid CQL query for browsing.", "RequestValidationException");
        assertBadRequest(q("headingRef>=x and title==y"), "Invalid search field provided in the CQL query",
                "RequestValidationException");
        assertBadRequest(q("headingRef>=x or headingRef<y"), "Anchors must be the same", "RequestValidationException");
        assertBadRequest(q("headingRef>=(") , "", "CqlSyntaxException");
        assertBadRequest(q("headingRef>=x or headingRef<x") + "&limit=5&precedingRecordsCount=5",
                "Preceding records count must be less than request limit", "RequestValidationException");
        assertBadRequest(q("headingRef>=x") + "&limit=101", "must be less than or equal to 100",
                "RequestValidationException");
        assertBadRequest(q("headingRef>=x") + "&highlightMatch=yes", "Invalid boolean value [yes]",
                "RequestValidationException");
        assertBadRequest("limit=5", "Required request parameter 'query'", "RequestValidationException");
        // a bare term has no index: no anchor (FuzzTest found it a 500)
        assertBadRequest(q("ÿþ"), "Invalid CQL query for browsing.", "RequestValidationException");
        assertThat(s.get("/browse/authorities?" + q("ÿþ and headingRef>=x")).status()).isLessThan(500);
    }
}
