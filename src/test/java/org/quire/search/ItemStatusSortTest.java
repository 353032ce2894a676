package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
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
 * {@code sortBy items.status.name} (and {@code item.status.name}) over HTTP, as mod-search's "collection" sort: an
 * instance's smallest status ascending, its largest descending, ties by title, instances without items last. Alpha has
 * an Available and a Withdrawn item, Beta a Checked out one, Gamma a Paged one, Epsilon an Available one, Delta none.
 */
class ItemStatusSortTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() throws InterruptedException {
        s = Fixtures.tenant("search_status_sort");
        items("Alpha", "Available", "Withdrawn");
        items("Beta", "Checked out");
        items("Gamma", "Paged");
        items("Delta");
        items("Epsilon", "Available");
        // Epsilon's item is the last write: once it is searchable, so is everything before it (the outbox delivers in
        // order). Waiting for Alpha's Withdrawn item instead failed on a slow machine, the later instances not yet in.
        long deadline = System.currentTimeMillis() + 30_000;
        while (!titles("items.status.name==\"Available\"").contains("Epsilon")
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(titles("cql.allRecords=1")).hasSize(5);
    }

    static void items(String title, String... statuses) {
        String instance = Fixtures.instance(s, title);
        if (statuses.length == 0) return;
        String holdings = Fixtures.holdings(s, instance, MAIN_LIBRARY);
        int n = 0;
        for (String status : statuses) InstanceSearchTest.item(s, holdings, title + "-" + n++, status);
    }

    static List<String> titles(String cql) {
        Api.Reply r = s.get("/search/instances?query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8));
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        for (JsonNode i : r.json().path("instances")) out.add(i.path("title").asText());
        return out;
    }

    @Test
    void ascendingBySmallestStatus_descendingByLargest_tiesByTitle_noItemsLast() {
        assertThat(titles("cql.allRecords=1 sortBy items.status.name"))
                .containsExactly("Alpha", "Epsilon", "Beta", "Gamma", "Delta");
        assertThat(titles("cql.allRecords=1 sortBy item.status.name"))
                .containsExactly("Alpha", "Epsilon", "Beta", "Gamma", "Delta");
        assertThat(titles("cql.allRecords=1 sortBy items.status.name/sort.descending"))
                .containsExactly("Alpha", "Gamma", "Beta", "Epsilon", "Delta");
        assertThat(titles("title all (alpha or beta) sortBy items.status.name/sort.descending"))
                .containsExactly("Alpha", "Beta");
    }

    @Test
    void unknownSortStays400() {
        Api.Reply r = s.get("/search/instances?query=" + URLEncoder.encode("cql.allRecords=1 sortBy items.barcode",
                StandardCharsets.UTF_8));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("Sort field not found or cannot be used.");
        assertThat(Json.parse(r.body()).path("errors").get(0).path("parameters").get(0).path("value").asText())
                .isEqualTo("items.barcode");
    }
}
