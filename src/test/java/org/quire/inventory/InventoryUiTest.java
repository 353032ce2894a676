package org.quire.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.events.Event;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * The mod-inventory endpoints the Inventory app's instance view calls: a holdings record's items sorted by every
 * column the app sorts by, the blocked (MARC-controlled) fields, and moving items and holdings records, with their
 * refusals and malformed input.
 */
class InventoryUiTest {
    static final String TENANT = "inventory_ui";
    static Api.Session s;
    static final AtomicInteger seq = new AtomicInteger();
    static final List<Event> events = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
        TestServer.get().events().subscribe(e -> {
            if (e.tenant().equals(TENANT)) events.add(e);
        });
    }

    static String holdings(String location) {
        return Fixtures.holdings(s, Fixtures.instance(s, "Title " + seq.incrementAndGet()), location);
    }

    static ObjectNode newItem(String holdingsId) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("barcode", "ui-" + seq.incrementAndGet())
                .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
        item.putObject("status").put("name", "Available");
        return item;
    }

    static String create(ObjectNode item) {
        Api.Reply r = s.post("/item-storage/items", item);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static Api.Reply byHoldings(String query, String extra) {
        return s.get("/inventory/items-by-holdings-id?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + extra);
    }

    static List<String> ids(Api.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().path("items").forEach(i -> out.add(i.path("id").asText()));
        return out;
    }

    static JsonNode storedItem(String id) {
        return s.get("/item-storage/items/" + id).json();
    }

    // ---- items by holdings record ------------------------------------------------------------------------------

    @Test
    void itemsByHoldings_sortsByEveryColumnTheInventoryAppSortsBy() {
        String h = holdings(MAIN_LIBRARY);
        ObjectNode a = newItem(h).put("barcode", "ihs-2").put("order", 2).put("copyNumber", "C.3")
                .put("enumeration", "v.10").put("chronology", "2001").put("volume", "Vol B")
                .put("temporaryLoanTypeId", READING_ROOM).put("temporaryLocationId", ONLINE);
        a.putArray("yearCaption").add("1999");
        ObjectNode b = newItem(h).put("barcode", "ihs-1").put("order", 3).put("copyNumber", "c.1")
                .put("enumeration", "v.2").put("chronology", "1999").put("volume", "vol A").put("materialTypeId", DVD);
        b.putArray("yearCaption").add("2005");
        b.putObject("status").put("name", "Checked out");
        ObjectNode c = newItem(h).put("barcode", "ihs-3").put("order", 1).put("copyNumber", "c.2")
                .put("enumeration", "v.1").put("chronology", "2010").put("volume", "Vol C");
        c.putObject("status").put("name", "Missing");
        String ia = create(a), ib = create(b), ic = create(c);
        create(newItem(holdings(MAIN_LIBRARY)));   // another holdings record's item is never listed

        String q = "holdingsRecordId==" + h + " sortby ";
        assertThat(ids(byHoldings(q + "order/number/sort.ascending", ""))).containsExactly(ic, ia, ib);
        assertThat(ids(byHoldings(q + "order/number/sort.descending", ""))).containsExactly(ib, ia, ic);
        assertThat(ids(byHoldings(q + "barcode/sort.ascending", ""))).containsExactly(ib, ia, ic);
        assertThat(ids(byHoldings(q + "barcode/sort.descending", ""))).containsExactly(ic, ia, ib);
        assertThat(ids(byHoldings(q + "status.name/sort.ascending", ""))).containsExactly(ia, ib, ic);
        // text sorts case-insensitively, as RMB's lower(): "c.1" < "c.2" < "C.3"
        assertThat(ids(byHoldings(q + "copyNumber/sort.ascending", ""))).containsExactly(ib, ic, ia);
        assertThat(ids(byHoldings(q + "enumeration/sort.ascending", ""))).containsExactly(ic, ia, ib);
        assertThat(ids(byHoldings(q + "chronology/sort.descending", ""))).containsExactly(ic, ia, ib);
        assertThat(ids(byHoldings(q + "volume/sort.ascending", ""))).containsExactly(ib, ia, ic);
        // the first caption; an item without one last
        assertThat(ids(byHoldings(q + "yearCaption/sort.ascending", ""))).containsExactly(ia, ib, ic);
        // by the names of the referenced records: book < dvd, "Reading room" first, "Main Library" < "Online"
        assertThat(ids(byHoldings(q + "materialType.name/sort.ascending", "")).getLast()).isEqualTo(ib);
        assertThat(ids(byHoldings(q + "temporaryLoanType.name/sort.ascending", "")).getFirst()).isEqualTo(ia);
        assertThat(ids(byHoldings(q + "effectiveLocation.name/sort.ascending", "")).getLast()).isEqualTo(ia);
        assertThat(ids(byHoldings(q + "effectiveLocation.name/sort.descending", "")).getFirst()).isEqualTo(ia);

        // the business representation, with FOLIO's total; paging with limit and offset
        Api.Reply page = byHoldings(q + "barcode", "&limit=2&offset=0");
        assertThat(ids(page)).containsExactly(ib, ia);
        assertThat(page.json().path("totalRecords").asInt()).isEqualTo(3);
        JsonNode first = page.json().path("items").get(0);
        assertThat(first.path("materialType").path("name").asText()).isEqualTo("dvd");
        assertThat(first.path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(first.has("title")).isTrue();
        Api.Reply rest = byHoldings(q + "barcode", "&limit=2&offset=2");
        assertThat(ids(rest)).containsExactly(ic);
        assertThat(rest.json().path("totalRecords").asInt()).isEqualTo(3);
        // as the Inventory app sends it (the parentheses are dropped, as mod-inventory drops them)
        assertThat(ids(byHoldings("(holdingsRecordId==" + h + ") sortby order/number", ""))).containsExactly(ic, ia, ib);
        assertThat(page.body()).as("pretty-printed as mod-inventory").contains("\"totalRecords\" : 3");
    }

    @Test
    void itemsByHoldings_pagingAsModInventory_defaultsAndCap() {
        String h = holdings(MAIN_LIBRARY);
        for (int i = 0; i < 3; i++) create(newItem(h).put("order", i + 1));
        // anything but digits is the default (200); no 400, as mod-inventory
        assertThat(ids(byHoldings("holdingsRecordId==" + h, "&limit=abc&offset=-1"))).hasSize(3);
        assertThat(ids(byHoldings("holdingsRecordId==" + h, "&limit=99999999999999"))).hasSize(3);
        assertThat(ids(byHoldings("holdingsRecordId==" + h, "&limit=1&offset=1"))).hasSize(1);
        assertThat(ids(byHoldings("holdingsRecordId==\"" + h + "\"", ""))).hasSize(3);
    }

    @Test
    void itemsByHoldings_refusesWhatModInventoryRefuses_neverA500() {
        String h = holdings(MAIN_LIBRARY);
        Api.Reply none = s.get("/inventory/items-by-holdings-id");
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.body()).isEqualTo("Items must be retrieved by 'holdingsRecordId' from this API. Query was: null");
        Api.Reply other = byHoldings("barcode==x", "");
        assertThat(other.status()).isEqualTo(400);
        assertThat(other.body()).isEqualTo("Items must be retrieved by 'holdingsRecordId' from this API. Query was: barcode==x");
        String two = "holdingsRecordId==" + h + " and barcode==x";
        Api.Reply twoClauses = byHoldings(two, "");
        assertThat(twoClauses.status()).isEqualTo(400);
        assertThat(twoClauses.body()).isEqualTo("Items must be retrieved by 'holdingsRecordId' from this API: "
                + "query=holdingsRecordId==[a UUID]. Query was: " + two);
        // FOLIO would pass this on to storage, a scan of every item; Quire refuses it the same way
        Api.Reply or = byHoldings("holdingsRecordId==" + h + " or barcode<>x", "");
        assertThat(or.status()).isEqualTo(400);
        assertThat(or.body()).startsWith("Items must be retrieved by 'holdingsRecordId' from this API: query=");
        Api.Reply relations = byHoldings("holdingsRecordId==" + h, "&relations=all");
        assertThat(relations.status()).isEqualTo(400);
        assertThat(relations.body()).isEqualTo("The only valid values of the request parameter 'relations' are: "
                + "'onlyBoundWiths' and 'onlyBoundWithsSkipDirectlyLinkedItem'");
        Api.Reply badSort = byHoldings("holdingsRecordId==" + h + " sortby nosuchfield", "");
        assertThat(badSort.status()).isEqualTo(400);
        assertThat(badSort.body()).contains("nosuchfield");
        Api.Reply badCql = byHoldings("holdingsRecordId==" + h + " sortby", "");
        assertThat(badCql.status()).as(badCql.body()).isEqualTo(400);
        Api.Reply quote = byHoldings("holdingsRecordId==\"" + h, "");
        assertThat(quote.status()).as(quote.body()).isEqualTo(400);
        // a term that is not a UUID matches nothing, as RMB's CQL on a UUID field
        Api.Reply notUuid = byHoldings("holdingsRecordId==not-a-uuid", "");
        assertThat(notUuid.status()).isEqualTo(200);
        assertThat(notUuid.json().path("totalRecords").asInt()).isZero();
    }

    @Test
    void itemsByHoldings_boundWithRelations_answerNoItems_asNoBoundWithsAreStored() {
        String h = holdings(MAIN_LIBRARY);
        create(newItem(h));
        for (String relations : List.of("onlyBoundWiths", "onlyBoundWithsSkipDirectlyLinkedItem")) {
            Api.Reply r = byHoldings("holdingsRecordId==" + h, "&relations=" + relations);
            assertThat(ids(r)).isEmpty();
            assertThat(r.json().path("totalRecords").asInt()).isZero();
        }
    }

    @Test
    void itemSortColumns_refuseAnOrderThatIsNotAnInteger() {
        Api.Reply r = s.post("/item-storage/items", newItem(holdings(MAIN_LIBRARY)).put("order", "first"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).startsWith("Json content error: order");
        Api.Reply caption = s.post("/item-storage/items", newItem(holdings(MAIN_LIBRARY)).put("enumeration", 5)
                .set("copyNumber", Json.object()));
        assertThat(caption.status()).isEqualTo(400);
        // searchable too, by the typed columns
        String h = holdings(MAIN_LIBRARY);
        String id = create(newItem(h).put("enumeration", "v.77"));
        assertThat(ids(s.get("/inventory/items", "enumeration==V.77"))).containsExactly(id);
    }

    @Test
    void v26_fillsTheSortColumnsOfItemsStoredBeforeIt() throws Exception {
        String h = holdings(MAIN_LIBRARY);
        ObjectNode old = newItem(h).put("order", 4).put("copyNumber", "c.9").put("enumeration", "v.9")
                .put("chronology", "1900").put("volume", "9");
        String id = create(old);
        String schema = org.quire.platform.tenancy.Tenants.schema(TENANT);
        String script;
        try (var in = getClass().getResourceAsStream("/db/tenant/V26__item_sort_columns.sql")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String backfill = script.substring(script.indexOf("UPDATE item SET"), script.indexOf(";", script.indexOf("UPDATE item SET")));
        var db = TestServer.get().database();
        db.tx(c -> {
            org.quire.platform.db.Sql.update(c, "UPDATE " + schema + ".item SET item_order = NULL, copy_number = NULL, "
                    + "enumeration = NULL, chronology = NULL, volume = NULL WHERE id = ?", List.of(UUID.fromString(id)));
            org.quire.platform.db.Sql.update(c, "SET LOCAL search_path = " + schema, List.of());
            return org.quire.platform.db.Sql.update(c, backfill, List.of());
        });
        List<Object> row = db.read(c -> org.quire.platform.db.Sql.one(c, "SELECT item_order, copy_number, enumeration, "
                + "chronology, volume FROM " + schema + ".item WHERE id = ?", List.of(UUID.fromString(id)),
                rs -> List.<Object>of(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)))
                .orElseThrow());
        assertThat(row).containsExactly(4, "c.9", "v.9", "1900", "9");
    }

    // ---- blocked fields ----------------------------------------------------------------------------------------

    @Test
    void blockedFields_areModInventorysLists() {
        Api.Reply instance = s.get("/inventory/config/instances/blocked-fields");
        assertThat(instance.status()).isEqualTo(200);
        List<String> fields = new ArrayList<>();
        instance.json().path("blockedFields").forEach(f -> fields.add(f.asText()));
        assertThat(fields).containsExactlyInAnyOrder("hrid", "source", "alternativeTitles", "series", "identifiers",
                "contributors", "editions", "physicalDescriptions", "instanceFormatIds", "languages", "publication",
                "publicationFrequency", "publicationRange", "notes", "electronicAccess", "subjects", "classifications",
                "title", "indexTitle", "instanceTypeId", "modeOfIssuanceId", "precedingTitles", "succeedingTitles");
        Api.Reply holdings = s.get("/inventory/config/holdings/blocked-fields");
        List<String> hf = new ArrayList<>();
        holdings.json().path("blockedFields").forEach(f -> hf.add(f.asText()));
        assertThat(hf).containsExactlyInAnyOrder("formerIds", "holdingsTypeId", "permanentLocationId", "shelvingTitle",
                "copyNumber", "callNumberTypeId", "callNumberPrefix", "callNumber", "callNumberSuffix",
                "holdingsStatements", "holdingsStatementsForIndexes", "holdingsStatementsForSupplements", "notes",
                "electronicAccess");
        assertThat(instance.body()).startsWith("{\n  \"blockedFields\" : [");
    }

    // ---- moves -------------------------------------------------------------------------------------------------

    @Test
    void moveItems_movesTheKnownOnes_reportsTheOthers_continuesTheTargetsOrder() {
        String from = holdings(MAIN_LIBRARY), to = holdings(ONLINE);
        String x = create(newItem(from).put("order", 5)), y = create(newItem(from).put("order", 1));
        String z = create(newItem(from));
        create(newItem(to).put("order", 7));
        String unknown = UUID.randomUUID().toString();
        TestServer.get().events().deliverAll();
        events.clear();

        Api.Reply r = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", to)
                .set("itemIds", Json.array().add(x).add(unknown).add(y).add("not-a-uuid")));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<String> nonUpdated = new ArrayList<>();
        r.json().path("nonUpdatedIds").forEach(n -> nonUpdated.add(n.asText()));
        assertThat(nonUpdated).containsExactly(unknown, "not-a-uuid");

        JsonNode movedX = storedItem(x), movedY = storedItem(y);
        assertThat(movedX.path("holdingsRecordId").asText()).isEqualTo(to);
        assertThat(movedX.path("effectiveLocationId").asText()).as("the target's location flows down").isEqualTo(ONLINE);
        assertThat(movedX.path("_version").asInt()).isEqualTo(2);
        // after the target's highest order (7), in their own order: y (1) then x (5)
        assertThat(movedY.path("order").asInt()).isEqualTo(8);
        assertThat(movedX.path("order").asInt()).isEqualTo(9);
        assertThat(storedItem(z).path("holdingsRecordId").asText()).isEqualTo(from);

        TestServer.get().events().deliverAll();
        List<String> updated = events.stream().filter(e -> e.topic().equals("inventory.item"))
                .filter(e -> e.payload().path("new").path("holdingsRecordId").asText().equals(to))
                .map(e -> e.recordId().toString()).toList();
        assertThat(updated).containsExactlyInAnyOrder(x, y);

        Api.Reply all = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", from)
                .set("itemIds", Json.array().add(x)));
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.body()).isEqualTo("{\n  \"nonUpdatedIds\" : [ ]\n}");
        assertThat(storedItem(x).path("effectiveLocationId").asText()).isEqualTo(MAIN_LIBRARY);
    }

    @Test
    void moveItems_refusals_asModInventory() {
        String to = holdings(MAIN_LIBRARY);
        String item = create(newItem(holdings(MAIN_LIBRARY)));
        Api.Reply noTarget = s.post("/inventory/items/move", Json.object().set("itemIds", Json.array().add(item)));
        assertThat(noTarget.status()).isEqualTo(422);
        JsonNode error = noTarget.json().path("errors").get(0);
        assertThat(error.path("message").asText()).isEqualTo("toHoldingsRecordId is a required field");
        assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo("toHoldingsRecordId");
        assertThat(error.path("parameters").get(0).path("value").isNull()).isTrue();
        Api.Reply blank = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", " ")
                .set("itemIds", Json.array().add(item)));
        assertThat(blank.status()).isEqualTo(422);
        Api.Reply noIds = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", to)
                .set("itemIds", Json.array()));
        assertThat(noIds.status()).isEqualTo(422);
        assertThat(noIds.json().path("errors").get(0).path("message").asText()).isEqualTo("Item ids aren't specified");
        assertThat(noIds.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("itemIds");

        String unknown = UUID.randomUUID().toString();
        Api.Reply unknownTarget = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", unknown)
                .set("itemIds", Json.array().add(item)));
        assertThat(unknownTarget.status()).isEqualTo(422);
        assertThat(Json.parse(unknownTarget.body()).path("errors").get(0).asText())
                .isEqualTo("Holding with id=" + unknown + " not found");
        Api.Reply badTarget = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", "nope")
                .set("itemIds", Json.array().add(item)));
        assertThat(badTarget.status()).isEqualTo(422);
        assertThat(badTarget.json().path("errors").get(0).asText()).isEqualTo("Holding with id=nope not found");

        Api.Reply badJson = s.api().send("POST", "/inventory/items/move", "{\"toHoldingsRecordId\": ", TENANT, s.token());
        assertThat(badJson.status()).isEqualTo(400);
        Api.Reply notArray = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", to)
                .put("itemIds", item));
        assertThat(notArray.status()).isEqualTo(400);
        Api.Reply notStrings = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", to)
                .set("itemIds", Json.array().add(1)));
        assertThat(notStrings.status()).isEqualTo(400);
        Api.Reply targetNotString = s.post("/inventory/items/move", Json.object().put("toHoldingsRecordId", 5)
                .set("itemIds", Json.array().add(item)));
        assertThat(targetNotString.status()).isEqualTo(400);
        assertThat(storedItem(item).path("_version").asInt()).as("nothing moved").isEqualTo(1);
    }

    @Test
    void moveHoldings_movesThemAndTellsTheirItemsOfTheirNewInstance() {
        String fromInstance = Fixtures.instance(s, "From"), toInstance = Fixtures.instance(s, "To");
        String h1 = Fixtures.holdings(s, fromInstance, MAIN_LIBRARY), h2 = Fixtures.holdings(s, fromInstance, ONLINE);
        String i1 = create(newItem(h1)), i2 = create(newItem(h1));
        String unknown = UUID.randomUUID().toString();
        TestServer.get().events().deliverAll();
        events.clear();

        Api.Reply r = s.post("/inventory/holdings/move", Json.object().put("toInstanceId", toInstance)
                .set("holdingsRecordIds", Json.array().add(h1).add(h2).add(unknown)));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("nonUpdatedIds").get(0).asText()).isEqualTo(unknown);
        assertThat(r.json().path("nonUpdatedIds").size()).isEqualTo(1);
        for (String h : List.of(h1, h2)) {
            JsonNode moved = s.get("/holdings-storage/holdings/" + h).json();
            assertThat(moved.path("instanceId").asText()).isEqualTo(toInstance);
            assertThat(moved.path("_version").asInt()).isEqualTo(2);
        }
        TestServer.get().events().deliverAll();
        assertThat(events.stream().filter(e -> e.topic().equals("inventory.holdings-record"))
                .map(e -> e.recordId().toString())).containsExactlyInAnyOrder(h1, h2);
        List<Event> itemEvents = events.stream().filter(e -> e.topic().equals("inventory.item")).toList();
        assertThat(itemEvents.stream().map(e -> e.recordId().toString())).containsExactlyInAnyOrder(i1, i2);
        for (Event e : itemEvents) {
            assertThat(e.payload().path("type").asText()).isEqualTo("UPDATED");
            assertThat(e.payload().path("old").path("instanceId").asText()).isEqualTo(fromInstance);
            assertThat(e.payload().path("new").path("instanceId").asText()).isEqualTo(toInstance);
        }
        // the instance view of the new instance lists them
        assertThat(s.get("/holdings-storage/holdings", "instanceId==" + toInstance).json().path("totalRecords").asInt())
                .isEqualTo(2);
    }

    @Test
    void moveHoldings_refusals_asModInventory() {
        String h = holdings(MAIN_LIBRARY);
        Api.Reply noTarget = s.post("/inventory/holdings/move", Json.object().set("holdingsRecordIds", Json.array().add(h)));
        assertThat(noTarget.status()).isEqualTo(422);
        assertThat(noTarget.json().path("errors").get(0).path("message").asText()).isEqualTo("toInstanceId is a required field");
        Api.Reply noIds = s.post("/inventory/holdings/move", Json.object().put("toInstanceId", Fixtures.instance(s, "T")));
        assertThat(noIds.status()).isEqualTo(422);
        assertThat(noIds.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Holdings record ids aren't specified");
        String unknown = UUID.randomUUID().toString();
        Api.Reply unknownTarget = s.post("/inventory/holdings/move", Json.object().put("toInstanceId", unknown)
                .set("holdingsRecordIds", Json.array().add(h)));
        assertThat(unknownTarget.status()).isEqualTo(422);
        assertThat(unknownTarget.json().path("errors").get(0).asText()).isEqualTo("Instance with id=" + unknown + " not found");
        Api.Reply badTarget = s.post("/inventory/holdings/move", Json.object().put("toInstanceId", "x-y")
                .set("holdingsRecordIds", Json.array().add(h)));
        assertThat(badTarget.status()).isEqualTo(422);
        Api.Reply badJson = s.api().send("POST", "/inventory/holdings/move", "[1, 2]", TENANT, s.token());
        assertThat(badJson.status()).isEqualTo(400);
        Api.Reply notArray = s.post("/inventory/holdings/move", Json.object().put("toInstanceId", unknown)
                .set("holdingsRecordIds", Json.object()));
        assertThat(notArray.status()).isEqualTo(400);
    }

    @Test
    void moves_costTheSameNumberOfRoundTripsForOneRecordOrMany() {
        String to = holdings(ONLINE);
        String fromOne = holdings(MAIN_LIBRARY), fromMany = holdings(MAIN_LIBRARY);
        List<String> one = List.of(create(newItem(fromOne)));
        List<String> many = IntStream.range(0, 12).mapToObj(i -> create(newItem(fromMany))).toList();
        long forOne = StatementCount.of(TENANT, () -> moveItems(to, one));
        long forMany = StatementCount.of(TENANT, () -> moveItems(to, many));
        // the items are written by one JDBC batch (one round trip), which PostgreSQL counts as one call per item
        assertThat(forMany - 12).as("statements for 12 items, less the batched writes").isEqualTo(forOne - 1);
        assertThat(forOne).isEqualTo(4);

        String target = Fixtures.instance(s, "Target");
        String single = holdings(MAIN_LIBRARY);
        create(newItem(single));
        List<String> several = IntStream.range(0, 6).mapToObj(i -> {
            String hh = holdings(MAIN_LIBRARY);
            create(newItem(hh));
            create(newItem(hh));
            return hh;
        }).toList();
        long oneHoldings = StatementCount.of(TENANT, () -> moveHoldings(target, List.of(single)));
        long manyHoldings = StatementCount.of(TENANT, () -> moveHoldings(target, several));
        assertThat(manyHoldings - 6).as("statements for 6 holdings records with 12 items, less the batched writes")
                .isEqualTo(oneHoldings - 1);
        assertThat(oneHoldings).isEqualTo(4);
    }

    static void moveItems(String to, List<String> ids) {
        ObjectNode body = Json.object().put("toHoldingsRecordId", to);
        ids.forEach(body.putArray("itemIds")::add);
        Api.Reply r = s.post("/inventory/items/move", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("nonUpdatedIds").size()).isZero();
    }

    static void moveHoldings(String to, List<String> ids) {
        ObjectNode body = Json.object().put("toInstanceId", to);
        ids.forEach(body.putArray("holdingsRecordIds")::add);
        Api.Reply r = s.post("/inventory/holdings/move", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("nonUpdatedIds").size()).isZero();
    }
}
