package org.quire.search;

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

/**
 * mod-search's instance search options beyond the core ones, over HTTP, on purpose-made instances of a tenant of its
 * own: identifiers normalised both ways (folio-catalogue-api.md §1.3, §2.3) and the computed and holdings/items
 * options of instance.json.
 */
class SearchOptionsTest {
    static Api.Session s;
    static final String ISBN = "8261054f-be78-422d-bd51-4ed9f33c3422";
    static final String ISSN = "913300b2-03ed-469a-8179-c1092c991227";
    static final String LCCN = "c858e4f2-2b6b-4385-842b-60732ee14abb";
    static final String CANCELED_LCCN = "c858e4f2-2b6b-4385-842b-60532ee34abb";
    static final String OCLC = "439bfbae-75bc-4f74-9fc7-b2a2d47ce3ef";
    static final String LC_CLASS = "ce176ace-a53e-4b4d-aa89-725ed7b2edac";
    static final String DEWEY_CLASS = "42471af9-7d25-4f3a-bf78-60d29dcf463b";
    static final String UNIFORM = "30512027-cdc9-4c79-af75-1565b3bd888d";
    static final String STAT_CODE = "b6b46869-f3c1-4370-b603-29774a1e42b1";

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("search_options");
        ObjectNode a = base("Wiley book", "op001", "2004");
        identifier(a, ISBN, "0-471-44250-X (alk. paper)");
        identifier(a, ISSN, "0317-8471");
        identifier(a, LCCN, "n  79021425");
        identifier(a, CANCELED_LCCN, "sh 85-2");
        identifier(a, OCLC, "(OCoLC)ocm00842877062");
        a.putArray("classifications").addObject().put("classificationNumber", "QA76.73 .J38")
                .put("classificationTypeId", LC_CLASS);
        a.putObject("tags").putArray("tagList").add(" important ");
        a.putArray("statisticalCodeIds").add(STAT_CODE);
        a.putArray("alternativeTitles").addObject().put("alternativeTitle", "Bible. English")
                .put("alternativeTitleTypeId", UNIFORM);
        a.putArray("notes").add(Json.object().put("note", "Includes index").put("staffOnly", false))
                .add(Json.object().put("note", "Secret provenance").put("staffOnly", true));
        a.putArray("electronicAccess").addObject().put("uri", "https://example.org/wiley")
                .put("linkText", "Full text online");
        String wiley = post(a);
        ObjectNode holdings = Json.object().put("instanceId", wiley).put("permanentLocationId", MAIN_LIBRARY)
                .put("callNumberPrefix", "Oversize").put("callNumber", "QA76.73 .J38").put("callNumberSuffix", "2004");
        holdings.putObject("tags").putArray("tagList").add("shelf-ready");
        holdings.putArray("formerIds").add("Old-H-1");
        Api.Reply h = s.post("/holdings-storage/holdings", holdings);
        assertThat(h.status()).as(h.body()).isEqualTo(201);
        ObjectNode item = Json.object().put("holdingsRecordId", h.json().path("id").asText()).put("barcode", "op-b1")
                .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE).put("volume", "v. 2");
        item.putObject("status").put("name", "Available");
        item.putObject("tags").putArray("tagList").add("fragile");
        item.put("accessionNumber", "ACC-77").putArray("formerIds").add("old-item-9");
        Api.Reply i = s.post("/item-storage/items", item);
        assertThat(i.status()).as(i.body()).isEqualTo(201);

        ObjectNode b = base("Dewey book", "op002", "199u");
        identifier(b, ISBN, "978-1-86197-271-2");
        identifier(b, LCCN, "2001012345");
        b.putArray("classifications").addObject().put("classificationNumber", "513.2 B23")
                .put("classificationTypeId", DEWEY_CLASS);
        String dewey = post(b);
        Api.Reply h2 = s.post("/holdings-storage/holdings", Json.object().put("instanceId", dewey)
                .put("permanentLocationId", MAIN_LIBRARY).put("callNumber", "QA100 .B2"));
        assertThat(h2.status()).as(h2.body()).isEqualTo(201);
        ObjectNode item2 = Json.object().put("holdingsRecordId", h2.json().path("id").asText()).put("barcode", "op-b2")
                .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
        item2.putObject("status").put("name", "Available");
        assertThat(s.post("/item-storage/items", item2).status()).isEqualTo(201);

        post(base("Undated book", "op003", null));
        await("cql.allRecords=1", 3);
        await("items.barcode==op-b2", 1);
    }

    /** Waits for the indexer (the one-second promise is SearchIndexingTest's; this machine is shared). */
    static void await(String cql, int expected) {
        long deadline = System.currentTimeMillis() + 10_000;
        while (hrids(cql).size() != expected && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertThat(hrids(cql)).as(cql).hasSize(expected);
    }

    static ObjectNode base(String title, String hrid, String date1) {
        ObjectNode o = Json.object().put("title", title).put("hrid", hrid).put("source", "FOLIO")
                .put("instanceTypeId", TEXT_TYPE);
        if (date1 != null) o.putObject("dates").put("date1", date1);
        return o;
    }

    static void identifier(ObjectNode instance, String type, String value) {
        if (!instance.has("identifiers")) instance.putArray("identifiers");
        instance.withArray("identifiers").addObject().put("value", value).put("identifierTypeId", type);
    }

    static String post(ObjectNode json) {
        Api.Reply r = s.post("/instance-storage/instances", json);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static List<String> hrids(String cql) {
        Api.Reply r = s.get("/search/instances?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8)
                + "&limit=100");
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().path("instances").forEach(x -> out.add(x.path("hrid").asText()));
        out.sort(null);
        return out;
    }

    /** The hrids in answer order. */
    static List<String> sorted(String cql) {
        Api.Reply r = s.get("/search/instances?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8));
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().path("instances").forEach(x -> out.add(x.path("hrid").asText()));
        return out;
    }

    static void assertBadRequest(String cql, String message) {
        Api.Reply r = s.get("/search/instances?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8));
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains(message);
    }

    @Test
    void isbn_everyFormTruncationAndQualifier_findTheSameRecord() {
        for (String q : List.of("047144250X", "047144250x", "0-471-44250-X", "9780471442509", "978-0-471-44250-9",
                "04714*", "0471-4*", "978-0471*", "paper", "047144250X alk", "isbn")) {
            assertThat(hrids("isbn = \"" + q + "\"")).as(q).containsExactly(q.equals("isbn") ? new String[0]
                    : new String[] {"op001"});
        }
        // an ISBN-13 catalogued record found by its ISBN-10, and a truncated ISBN-10
        assertThat(hrids("isbn == 1861972717")).containsExactly("op002");
        assertThat(hrids("isbn = 18619*")).containsExactly("op002");
        assertThat(hrids("isbn <> 047144250X")).containsExactly("op002", "op003");
        assertThat(hrids("isbn = 0471442508")).isEmpty(); // wrong check digit: not the same book
    }

    @Test
    void issnOclc_normalised() {
        assertThat(hrids("issn = 0317-8471")).containsExactly("op001");
        assertThat(hrids("issn = 0317*")).containsExactly("op001");
        assertThat(hrids("oclc = 842877062")).containsExactly("op001");
        assertThat(hrids("oclc = \"(OCoLC)842877062\"")).containsExactly("op001");
        assertThat(hrids("oclc = 8428*")).containsExactly("op001");
    }

    @Test
    void lccn_ignoresCaseAndSpaces_prefixRequired_wildcards() {
        assertThat(hrids("lccn = n79021425")).containsExactly("op001");
        assertThat(hrids("lccn = \"N 79021425\"")).containsExactly("op001");
        assertThat(hrids("lccn = \"  n  79021425 \"")).containsExactly("op001");
        assertThat(hrids("lccn = 79021425")).isEmpty(); // the prefix is required (MSEARCH-752)
        assertThat(hrids("lccn = n7902*")).containsExactly("op001");
        assertThat(hrids("lccn = *021425")).containsExactly("op001");
        assertThat(hrids("lccn = 2001*")).containsExactly("op002");
        assertThat(hrids("canceledLccn = \"SH 85-2\"")).containsExactly("op001");
        assertThat(hrids("canceledLccn = sh85000002")).containsExactly("op001"); // LC's normal form too
        assertThat(hrids("lccn = sh85*")).isEmpty(); // cancelled numbers are not lccn
    }

    @Test
    void classification_normalised_withWildcard_andTypeFilters() {
        assertThat(hrids("normalizedClassificationNumber = \"qa76.73 .j38\"")).containsExactly("op001");
        assertThat(hrids("normalizedClassificationNumber = QA7673J38")).containsExactly("op001");
        assertThat(hrids("normalizedClassificationNumber = \"QA76*\"")).containsExactly("op001");
        assertThat(hrids("normalizedClassificationNumber = \"513.2*\"")).containsExactly("op002");
        assertThat(hrids("normalizedClassificationNumber = \"*\"")).containsExactly("op001", "op002");
        assertThat(hrids("classifications.classificationTypeId == " + LC_CLASS)).containsExactly("op001");
        assertThat(hrids("classifications.classificationTypeId == (" + LC_CLASS + " or " + DEWEY_CLASS + ")"))
                .containsExactly("op001", "op002");
        assertThat(hrids("classifications.classificationNumber == \"QA76.73 .J38\"")).containsExactly("op001");
    }

    /** mod-search's classificationId: SHA-1 of "number|typeId" (the expected ids computed apart, with Python's hashlib). */
    @Test
    void classificationId_isModSearchsHashOfNumberAndType() {
        assertThat(hrids("classificationId == 00d44aaa2a5cd61fdbb22620ff65efb8d2bbeb1e")).containsExactly("op001");
        assertThat(hrids("classificationId = c5b09149b7ec5aca5f6a82b42e8efc8dfc9aeb5b")).containsExactly("op002");
        assertThat(hrids("classificationId == (00d44aaa2a5cd61fdbb22620ff65efb8d2bbeb1e or "
                + "c5b09149b7ec5aca5f6a82b42e8efc8dfc9aeb5b)")).containsExactly("op001", "op002");
        assertThat(hrids("classificationId <> 00d44aaa2a5cd61fdbb22620ff65efb8d2bbeb1e")).containsExactly("op002", "op003");
        assertThat(hrids("classificationId == 00d44aaa")).isEmpty(); // an id, not a prefix
    }

    @Test
    void normalizedDate1_isAYear_withRanges() {
        assertThat(hrids("normalizedDate1 > 1990")).containsExactly("op001");
        assertThat(hrids("normalizedDate1 >= 1990")).containsExactly("op001", "op002"); // 199u → 1990
        assertThat(hrids("normalizedDate1 < 1991")).containsExactly("op002", "op003"); // no date1 → 0
        assertThat(hrids("normalizedDate1 == 2004")).containsExactly("op001");
        assertThat(hrids("normalizedDate1 > 1990 and normalizedDate1 <= 2004")).containsExactly("op001");
        assertThat(sorted("cql.allRecords=1 sortBy normalizedDate1")).containsExactly("op003", "op002", "op001");
        assertThat(sorted("cql.allRecords=1 sortBy normalizedDate1/sort.descending"))
                .containsExactly("op001", "op002", "op003");
        assertBadRequest("normalizedDate1 > abc", "normalizedDate1");
        assertBadRequest("normalizedDate1 > 99999", "normalizedDate1");
    }

    @Test
    void callNumbers_shelfOrderFullAndNormalised() {
        // callNumber compares shelf keys: QA76.73 shelves before QA100 although "QA1" < "QA7" as characters
        assertThat(hrids("callNumber >= QA77")).containsExactly("op002");
        assertThat(hrids("callNumber < QA77")).containsExactly("op001");
        assertThat(hrids("callNumber = \"QA76*\"")).containsExactly("op001");
        assertThat(hrids("holdings.fullCallNumber == \"Oversize QA76.73 .J38 2004\"")).containsExactly("op001");
        assertThat(hrids("holdingsFullCallNumbers = \"oversize qa76*\"")).containsExactly("op001");
        assertThat(hrids("item.fullCallNumber == \"Oversize QA76.73 .J38 2004\"")).containsExactly("op001");
        assertThat(hrids("items.effectiveCallNumberComponents = \"QA100*\"")).containsExactly("op002");
        assertThat(hrids("items.normalizedCallNumbers == \"qa7673j382004\"")).containsExactly("op001");
        assertThat(hrids("holdings.normalizedCallNumbers = \"Oversize QA76.73*\"")).containsExactly("op001");
        assertThat(hrids("itemNormalizedCallNumbers = \"qa100b2\"")).containsExactly("op002");
    }

    @Test
    void tagsNotesTitlesAndAccess() {
        assertThat(hrids("instanceTags == important")).containsExactly("op001");
        assertThat(hrids("instanceTags == IMPORTANT")).containsExactly("op001"); // keyword_icu
        assertThat(hrids("tags.tagList all important")).containsExactly("op001");
        assertThat(hrids("holdingsTags == shelf-ready")).containsExactly("op001");
        assertThat(hrids("itemTags == fragile")).containsExactly("op001");
        assertThat(hrids("items.tags.tagList = fragile")).containsExactly("op001");
        assertThat(hrids("statisticalCodes == " + STAT_CODE)).containsExactly("op001");
        assertThat(hrids("statisticalCodeIds == " + STAT_CODE)).containsExactly("op001");
        assertThat(hrids("uniformTitle all \"bible english\"")).containsExactly("op001");
        assertThat(hrids("publicNotes all index")).containsExactly("op001");
        assertThat(hrids("publicNotes all provenance")).isEmpty(); // staff-only note is not public
        assertThat(hrids("notes.note all provenance")).containsExactly("op001");
        assertThat(hrids("electronicAccess all \"online text\"")).containsExactly("op001");
        assertThat(hrids("electronicAccess == \"https://example.org/wiley\"")).containsExactly("op001");
        assertThat(hrids("electronicAccess = \"https://example.org/*\"")).containsExactly("op001");
        assertThat(hrids("electronicAccess <> online")).containsExactly("op002", "op003");
    }

    @Test
    void holdingsAndItemsFilters() {
        assertThat(hrids("holdings.permanentLocationId == " + MAIN_LIBRARY)).containsExactly("op001", "op002");
        assertThat(hrids("items.effectiveLocationId == " + MAIN_LIBRARY)).containsExactly("op001", "op002");
        assertThat(hrids("item.materialTypeId == " + BOOK)).containsExactly("op001", "op002");
        assertThat(hrids("instanceTypeId == " + TEXT_TYPE)).containsExactly("op001", "op002", "op003");
        assertThat(hrids("holdingsIdentifiers == old-h-1")).containsExactly("op001"); // keyword_icu
        assertThat(hrids("itemIdentifiers == acc-77")).containsExactly("op001");
        assertThat(hrids("itemIdentifiers == OLD-ITEM-9")).containsExactly("op001");
        assertThat(hrids("items.formerIds == old-item-9")).containsExactly("op001");
    }

    @Test
    void malformedValues_are400_never500() {
        assertBadRequest("isbn > 0471", "Comparator '>' is not supported");
        assertBadRequest("lccn < n79", "Comparator '<' is not supported");
        assertBadRequest("electronicAccess > x", "Comparator '>' is not supported");
        assertBadRequest("items.normalizedCallNumbers >= qa", "Comparator '>=' is not supported");
        assertBadRequest("unknownOption = x", "Invalid search field provided in the CQL query");
        // values that normalise to nothing match nothing, they are not errors
        assertThat(hrids("isbn = \"---\"")).isEmpty();
        assertThat(hrids("oclc = \"(OCoLC)\"")).isEmpty();
        // ="" is "has a value" for computed options too (mod-search's empty-value forms)
        assertThat(hrids("lccn = \"\"")).containsExactly("op001", "op002");
        assertThat(hrids("isbn = \"\"")).containsExactly("op001", "op002");
        assertThat(hrids("callNumber = \"\"")).containsExactly("op001", "op002");
        assertThat(hrids("issn == \"[]\"")).containsExactly("op002", "op003");
    }
}
