package org.quire.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** The index follows inventory's writes through the outbox, each searchable within one second. */
class SearchIndexingTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("search_indexing");
    }

    @Test
    void aNewInstance_isSearchableWithinOneSecond_andAnEditReindexesIt() {
        String id = Fixtures.instance(s, "Zebrafish husbandry");
        InstanceSearchTest.awaitTotal(s, "title all zebrafish", 1);
        ObjectNode inst = (ObjectNode) s.get("/instance-storage/instances/" + id).json();
        inst.put("title", "Axolotl husbandry");
        assertThat(s.put("/instance-storage/instances/" + id, inst).status()).isEqualTo(204);
        InstanceSearchTest.awaitTotal(s, "title all axolotl", 1);
        InstanceSearchTest.awaitTotal(s, "title all zebrafish", 0);
    }

    @Test
    void holdingsAndItemChanges_reindexTheirInstance_andDeletesRemove() {
        String instance = Fixtures.instance(s, "Quokka field notes");
        String holdings = Fixtures.holdings(s, instance, MAIN_LIBRARY);
        InstanceSearchTest.awaitTotal(s, "holdings.id == " + holdings, 1);
        String item = InstanceSearchTest.item(s, holdings, "qk-1", "Available");
        InstanceSearchTest.awaitTotal(s, "items.barcode == qk-1", 1);

        ObjectNode it = (ObjectNode) s.get("/item-storage/items/" + item).json();
        it.putObject("status").put("name", "Checked out");
        assertThat(s.put("/item-storage/items/" + item, it).status()).isEqualTo(204);
        InstanceSearchTest.awaitTotal(s, "items.status.name == \"Checked out\" and title all quokka", 1);
        // a change of the status alone leaves the instance's document as it was (LuceneItemStates): the hit shows it
        var hit = InstanceSearchTest.search(s, "title all quokka", "&expandAll=true").json().path("instances").path(0);
        assertThat(hit.path("items").path(0).path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(hit.path("items").path(0).path("_version").asInt()).isEqualTo(2);

        assertThat(s.delete("/item-storage/items/" + item).status()).isEqualTo(204);
        InstanceSearchTest.awaitTotal(s, "items.barcode == qk-1", 0);
        InstanceSearchTest.awaitTotal(s, "title all quokka", 1);
        assertThat(s.delete("/holdings-storage/holdings/" + holdings).status()).isEqualTo(204);
        InstanceSearchTest.awaitTotal(s, "holdings.id == " + holdings, 0);
        assertThat(s.delete("/instance-storage/instances/" + instance).status()).isEqualTo(204);
        InstanceSearchTest.awaitTotal(s, "title all quokka", 0);
    }

    @Test
    void statusChanges_pastTheLimit_rebuildAPageOfTheirInstances() throws InterruptedException {
        // item states are the embedded index's (OpenSearch re-indexes the instance at each change)
        org.junit.jupiter.api.Assumptions.assumeTrue(org.quire.platform.config.QuireConfig.searchUrl() == null);
        int n = LuceneItemStates.NEWER_LIMIT + 1;
        var instances = Json.array();
        var holdings = Json.array();
        var items = Json.array();
        for (int i = 0; i < n; i++) {
            String instance = java.util.UUID.randomUUID().toString();
            String h = java.util.UUID.randomUUID().toString();
            instances.addObject().put("id", instance).put("title", "Walrus census " + i).put("source", "FOLIO")
                    .put("instanceTypeId", TEXT_TYPE);
            holdings.addObject().put("id", h).put("instanceId", instance).put("permanentLocationId", MAIN_LIBRARY);
            ObjectNode item = items.addObject().put("holdingsRecordId", h).put("barcode", "walrus-" + i)
                    .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
            item.putObject("status").put("name", "Available");
        }
        assertThat(s.post("/instance-storage/batch/synchronous", Json.object().set("instances", instances)).status())
                .isEqualTo(201);
        assertThat(s.post("/holdings-storage/batch/synchronous", Json.object().set("holdingsRecords", holdings))
                .status()).isEqualTo(201);
        assertThat(s.post("/item-storage/batch/synchronous", Json.object().set("items", items)).status())
                .isEqualTo(201);
        awaitTotal("items.status.name == \"Available\" and title all walrus", n);

        var stored = s.get("/item-storage/items?limit=" + n + "&query=" + java.net.URLEncoder.encode(
                "barcode==walrus-*", java.nio.charset.StandardCharsets.UTF_8)).json().path("items");
        assertThat(stored.size()).isEqualTo(n);
        ObjectNode first = (ObjectNode) stored.get(0).deepCopy();
        first.putObject("status").put("name", "Checked out");
        assertThat(s.put("/item-storage/items/" + first.path("id").asText(), first).status()).isEqualTo(204);
        awaitTotal("items.status.name == \"Checked out\" and title all walrus", 1);
        InstanceIndex index = TestServer.get().indexes().of("search_indexing");
        assertThat(index.instancesWithNewerStates()).as("a status change alone: the instance's document stays")
                .hasSize(1);

        var rest = Json.array();
        for (int i = 1; i < n; i++) {
            ObjectNode item = (ObjectNode) stored.get(i).deepCopy();
            item.putObject("status").put("name", "Checked out");
            rest.add(item);
        }
        assertThat(s.post("/item-storage/batch/synchronous?upsert=true", Json.object().set("items", rest)).status())
                .isEqualTo(201);
        awaitTotal("items.status.name == \"Checked out\" and title all walrus", n);
        awaitTotal("items.status.name == \"Available\" and title all walrus", 0);
        long deadline = System.currentTimeMillis() + 30_000;
        while (index.instancesWithNewerStates().size() > LuceneItemStates.NEWER_LIMIT
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(index.instancesWithNewerStates().size()).as("past the limit, a page of documents was rebuilt")
                .isBetween(1, LuceneItemStates.NEWER_LIMIT);
        awaitTotal("items.status.name == \"Checked out\" and title all walrus", n);
    }

    /** As InstanceSearchTest.awaitTotal, with time for thousands of documents. */
    private static void awaitTotal(String cql, int expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        int total;
        do {
            total = InstanceSearchTest.search(s, cql, "&limit=0").json().path("totalRecords").asInt();
            if (total == expected) return;
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        } while (System.currentTimeMillis() < deadline);
        assertThat(total).as(cql).isEqualTo(expected);
    }

    @Test
    void theDemoTenant_isIndexedOnFirstStart() {
        Api.Session demo = TestServer.api().demoAdmin();
        Api.Reply r = demo.get("/search/instances?query=cql.allRecords%3D1&limit=1");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isPositive();
    }
}
