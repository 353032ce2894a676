package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The OpenSearch engine itself against the real test node (whatever engine the shared TestServer uses): the index it
 * creates, what it stores, and each {@link InstanceIndex} operation. The HTTP-level search tests run on it too with
 * {@code -Dquire.test.opensearch=true}.
 */
class OpenSearchIndexTest {
    private static final String TENANT = "osunit" + Long.toHexString(System.nanoTime() & 0xffffff);

    private static InstanceDocument doc(String id, String title, String hrid, String... holdingsIds) {
        ObjectNode instance = Json.object().put("id", id).put("title", title).put("hrid", hrid).put("source", "FOLIO");
        instance.putArray("languages").add("eng");
        instance.putArray("contributors").add(Json.object().put("name", "Çelik, Ayşe").put("primary", true));
        ArrayNode holdings = Json.array();
        for (String h : holdingsIds) holdings.add(Json.object().put("id", h).put("instanceId", id));
        return InstanceDocument.of(TENANT, instance, holdings, Json.array());
    }

    private static List<String> hrids(InstanceIndex.Hits hits) {
        List<String> out = new ArrayList<>();
        for (String s : hits.sources()) out.add(Json.parse(s).path("hrid").asText());
        return out;
    }

    @Test
    void indexesSearchesCountsFacetsStreamsAndClears() throws Exception {
        String a = UUID.randomUUID().toString(), b = UUID.randomUUID().toString(), h1 = UUID.randomUUID().toString();
        try (OpenSearchIndex index = new OpenSearchIndex(OpenSearchNode.url(), TENANT)) {
            assertThat(index.count()).isZero();
            assertThat(index.documentVersion()).as("a new index holds no version yet").isNull();
            index.apply(List.of(doc(a, "The métaphor of Climate change", "os1", h1),
                    doc(b, "Pangolins of Borneo", "os2")), List.of());
            assertThat(index.count()).as("searchable when apply returns").isEqualTo(2);
            assertThat(index.documentVersion()).isEqualTo(InstanceDocument.VERSION);

            // _source is exactly the instance source: the indexed fields (q) are not returned
            InstanceIndex.Hits all = index.search(new SearchQuery.All(), new SearchQuery.Sort("sort_title", false), 0, 10);
            assertThat(all.total()).isEqualTo(2);
            assertThat(hrids(all)).containsExactly("os2", "os1"); // "pangolins…" before "the metaphor…" (folded title)
            ObjectNode source = (ObjectNode) Json.parse(all.sources().get(1));
            assertThat(source.has("q")).isFalse();
            assertThat(source.path("tenantId").asText()).isEqualTo(TENANT);
            assertThat(source.path("holdings").get(0).path("id").asText()).isEqualTo(h1);

            // full text: case and accent folded, all words, phrase order; plain value wildcards; keyword terms
            List<String> title = List.of("title");
            assertThat(hrids(index.search(new SearchQuery.Text(title, "METAPHOR climate", SearchQuery.TextMode.ALL),
                    SearchQuery.Sort.RELEVANCE, 0, 10))).containsExactly("os1");
            assertThat(index.search(new SearchQuery.Text(title, "change climate", SearchQuery.TextMode.PHRASE),
                    SearchQuery.Sort.RELEVANCE, 0, 10).total()).isZero();
            assertThat(index.search(new SearchQuery.Text(title, "climate change", SearchQuery.TextMode.PHRASE),
                    SearchQuery.Sort.RELEVANCE, 0, 10).total()).isEqualTo(1);
            assertThat(hrids(index.search(new SearchQuery.Wildcard(title, "*borneo"), SearchQuery.Sort.RELEVANCE, 0, 10)))
                    .containsExactly("os2");
            assertThat(hrids(index.search(new SearchQuery.Wildcard(title, "*CHANGE"), SearchQuery.Sort.RELEVANCE, 0, 10)))
                    .as("a leading wildcard: a prefix of the reversed value").containsExactly("os1");
            assertThat(index.search(new SearchQuery.Wildcard(title, "*climate"), SearchQuery.Sort.RELEVANCE, 0, 10)
                    .total()).as("the whole value must end so").isZero();
            assertThat(hrids(index.search(new SearchQuery.Wildcard(title, "*mate ch*"), SearchQuery.Sort.RELEVANCE, 0, 10)))
                    .containsExactly("os1");
            assertThat(hrids(index.search(new SearchQuery.Wildcard(title, "the m*ta*"), SearchQuery.Sort.RELEVANCE, 0, 10)))
                    .containsExactly("os1");
            assertThat(hrids(index.search(new SearchQuery.Term("hrid", "OS2"), SearchQuery.Sort.RELEVANCE, 0, 10)))
                    .containsExactly("os2");
            assertThat(index.search(new SearchQuery.Not(new SearchQuery.All(), new SearchQuery.Exists("holdings.id")),
                    SearchQuery.Sort.RELEVANCE, 0, 10).total()).isEqualTo(1);
            assertThat(hrids(index.search(new SearchQuery.All(), new SearchQuery.Sort("sort_title", false), 1, 1)))
                    .as("offset and limit").containsExactly("os1");

            assertThat(index.facetCounts(new SearchQuery.All(), "languages")).isEqualTo(Map.of("eng", 2L));
            assertThat(index.facetCounts(new SearchQuery.Term("hrid", "os1"), "source")).isEqualTo(Map.of("FOLIO", 1L));

            List<String> ids = new ArrayList<>();
            index.forEachId(new SearchQuery.All(), false, ids::add);
            assertThat(ids).containsExactlyInAnyOrder(a, b);
            List<String> holdings = new ArrayList<>();
            index.forEachId(new SearchQuery.All(), true, holdings::add);
            assertThat(holdings).containsExactly(h1);

            index.apply(List.of(), List.of(b, UUID.randomUUID().toString())); // deleting an unknown id is no error
            assertThat(index.count()).isEqualTo(1);

            // browse: the contributor entry of the one instance left, with what a one-instance entry shows
            String contributors = BrowseEntries.Kind.CONTRIBUTOR.field("");
            List<BrowseEntries.Entry> entries = index.browse(contributors, "", true, true, Map.of(), false, 5);
            assertThat(entries).hasSize(1);
            assertThat(entries.getFirst().count()).isEqualTo(1);
            assertThat(entries.getFirst().singleSource()).contains("The métaphor of Climate change").contains("Ayşe");
            assertThat(index.browse(contributors, entries.getFirst().key(), true, false, Map.of(), false, 5)).isEmpty();
            assertThat(index.browse(contributors, "zzz", false, true, Map.of(), false, 5)).hasSize(1);
            assertThat(index.browseTotal(contributors, Map.of())).isEqualTo(1);
            assertThat(index.browseTerms("callNumber", "a")).isEmpty();

            // a full reindex builds beside the live index: searches see the old documents until the commit swaps
            index.clear();
            index.add(List.of(doc(b, "Pangolins of Borneo", "os2")));
            assertThat(hrids(index.search(new SearchQuery.All(), SearchQuery.Sort.RELEVANCE, 0, 10)))
                    .as("still the live index while rebuilding").containsExactly("os1");
            String c = UUID.randomUUID().toString();
            index.apply(List.of(doc(c, "Written during the rebuild", "os3")), List.of());
            index.commit();
            assertThat(hrids(index.search(new SearchQuery.All(), new SearchQuery.Sort("sort_title", false), 0, 10)))
                    .as("the rebuilt index, with the write made meanwhile").containsExactly("os2", "os3");
            index.apply(List.of(), List.of(c));
            assertThat(index.count()).isEqualTo(1);
            assertThat(index.documentVersion()).isEqualTo(InstanceDocument.VERSION);
        }
        // reopened: the document version is read back from the index mapping's _meta
        try (OpenSearchIndex index = new OpenSearchIndex(OpenSearchNode.url(), TENANT)) {
            assertThat(index.documentVersion()).isEqualTo(InstanceDocument.VERSION);
            assertThat(index.count()).isEqualTo(1);
        }
        HttpResponse<String> aliases = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(OpenSearchNode.url() + "/_alias/quire_" + TENANT + "_instance")).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(OpenSearchNode.url() + "/_cluster/health/quire_" + TENANT + "_instance")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(Json.parse(health.body()).path("status").asText()).as("no unassignable replica on one node")
                .isEqualTo("green");
        assertThat(Json.parse(aliases.body()).size()).as("the old index was deleted by the swap: " + aliases.body())
                .isEqualTo(1);
        HttpResponse<String> mapping = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(OpenSearchNode.url() + "/quire_" + TENANT + "_instance/_mapping")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(mapping.body()).contains("\"dynamic\":\"false\"").contains("\"contributors__name\":{\"type\":\"text\"");
    }

    @Test
    void aQueryTooLargeForTheClusterIsTheClientsFault() {
        try (OpenSearchIndex index = new OpenSearchIndex(OpenSearchNode.url(), TENANT + "big")) {
            index.apply(List.of(doc(UUID.randomUUID().toString(), "Anything", "osbig")), List.of());
            StringBuilder words = new StringBuilder();
            for (int i = 0; i < 1_500; i++) words.append("w").append(i).append(' ');
            assertThatThrownBy(() -> index.search(new SearchQuery.Text(List.of("title"), words.toString(),
                    SearchQuery.TextMode.ANY), SearchQuery.Sort.RELEVANCE, 0, 10))
                    .isInstanceOf(InvalidSearch.class).hasMessageContaining("The query is too complex");
        }
    }
}
