package org.quire.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;

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
    void aStatusChange_leavesTheDocument_untilTheOutboxIsQuiet() throws InterruptedException {
        // item states are the embedded index's (OpenSearch re-indexes the instance at each change)
        org.junit.jupiter.api.Assumptions.assumeTrue(org.quire.platform.config.QuireConfig.searchUrl() == null);
        String instance = Fixtures.instance(s, "Walrus census");
        String holdings = Fixtures.holdings(s, instance, MAIN_LIBRARY);
        String item = InstanceSearchTest.item(s, holdings, "walrus-1", "Available");
        InstanceSearchTest.item(s, holdings, "walrus-2", "Available");
        InstanceSearchTest.awaitTotal(s, "items.status.name == \"Available\" and title all walrus", 1);

        ObjectNode it = (ObjectNode) s.get("/item-storage/items/" + item).json();
        it.putObject("status").put("name", "Checked out");
        assertThat(s.put("/item-storage/items/" + item, it).status()).isEqualTo(204);
        InstanceSearchTest.awaitTotal(s, "items.status.name == \"Checked out\" and title all walrus", 1);
        InstanceIndex index = TestServer.get().indexes().of("search_indexing");
        assertThat(index.instancesWithNewerStates()).as("a status change alone: the instance's document stays")
                .contains(instance);
        // the status mask, changed in place from the statuses of all the instance's items: walrus-2 is Available
        assertThat(InstanceSearchTest.search(s, "items.status.name == \"Available\" and title all walrus", "").json()
                .path("totalRecords").asInt()).isEqualTo(1);
        assertThat(InstanceSearchTest.search(s, "items.status.name == \"Paged\" and title all walrus", "").json()
                .path("totalRecords").asInt()).isZero();

        // the dispatcher's quiet moment (no commit for EventDispatcher.SWEEP_MILLIS) rebuilds the document
        long deadline = System.currentTimeMillis() + 20_000;
        while (index.instancesWithNewerStates().contains(instance) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(index.instancesWithNewerStates()).as("rebuilt when the outbox was quiet").doesNotContain(instance);
        InstanceSearchTest.awaitTotal(s, "items.status.name == \"Checked out\" and title all walrus", 1);
        InstanceSearchTest.awaitTotal(s, "items.status.name == \"Available\" and title all walrus", 1);
        var hit = InstanceSearchTest.search(s, "title all walrus", "&expandAll=true").json().path("instances").path(0);
        assertThat(hit.path("items").findValuesAsText("name")).contains("Checked out", "Available");
    }

    @Test
    void theDemoTenant_isIndexedOnFirstStart() {
        Api.Session demo = TestServer.api().demoAdmin();
        Api.Reply r = demo.get("/search/instances?query=cql.allRecords%3D1&limit=1");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isPositive();
    }
}
