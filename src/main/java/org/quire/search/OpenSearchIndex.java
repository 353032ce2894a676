package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One tenant's instance index on an OpenSearch cluster ({@code QUIRE_SEARCH_URL}): the alias
 * {@code quire_<tenant>_instance} and its rebuilds ({@link OpenSearchAliasIndex}), mapping and documents of
 * {@link OpenSearchDocuments}, queries of {@link OpenSearchQueries}. A full reindex ({@link #clear}, {@link #add}…,
 * {@link #commit}) builds a new index beside the live one; a live reindex ({@link LiveBuild}) is the same build while
 * the server serves. A write is searchable when {@link #apply} returns (bulk with {@code refresh=true}); totals are
 * exact ({@code track_total_hits}). Browse: {@link OpenSearchBrowse}.
 */
final class OpenSearchIndex extends OpenSearchAliasIndex implements InstanceIndex, LiveBuild {
    static final int FACET_BUCKETS = 65_535; // OpenSearch's default search.max_buckets

    OpenSearchIndex(String url, String tenant) {
        super(url, tenant, "instance", InstanceDocument.VERSION, OpenSearchDocuments.mapping());
    }

    private static List<Doc> docs(Collection<InstanceDocument> docs) {
        List<Doc> out = new ArrayList<>(docs.size());
        for (InstanceDocument d : docs) out.add(new Doc(d.id(), OpenSearchDocuments.of(d)));
        return out;
    }

    /** Synchronized with a live build's pages ({@link #addPage}) and its swap, so that a page never overwrites a newer write. */
    @Override
    public void apply(Collection<InstanceDocument> upserts, Collection<String> deletes) {
        write(docs(upserts), deletes);
    }

    @Override
    public void add(Collection<InstanceDocument> docs) {
        addDocs(docs(docs));
    }

    /** Nothing to do: OpenSearch acknowledges a bulk write once its translog holds it. */
    @Override
    public void flush() {
    }

    @Override
    public synchronized boolean building() {
        return building != null;
    }

    /**
     * A live reindex: a new index beside the live one ({@link #clear}), from the first row. A build a crash interrupted
     * is not resumed: its index, behind no alias, is deleted now ({@link #removeOrphans}).
     */
    @Override
    public synchronized String startBuild() {
        if (closed) throw new IllegalStateException("The search index is closed");
        removeOrphans();
        clear();
        return null;
    }


    @Override
    public synchronized List<InstanceDocument> addPage(String after,
            java.util.function.Function<String, List<InstanceDocument>> read, boolean commit) {
        if (closed || building == null) throw new IllegalStateException("The search index is closed");
        List<InstanceDocument> docs = read.apply(after);
        bulk(building, docs(docs), List.of(), "");
        return docs;
    }

    @Override
    public synchronized void swap() {
        if (closed) throw new IllegalStateException("The search index is closed");
        commit();
    }

    @Override
    public long builtCount() {
        return 0;
    }

    @Override
    public boolean closed() {
        return closed;
    }

    @Override
    public void abandonBuild() {
        dropBuild();
    }



    @Override
    public Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        ObjectNode body = Json.object();
        body.set("query", OpenSearchQueries.of(query));
        body.put("from", offset).put("size", limit).put("track_total_hits", true);
        if (sort.field() != null) {
            ArrayNode s = body.putArray("sort");
            ObjectNode key = s.addObject().putObject(OpenSearchDocuments.path(sort.field()));
            // missing keys last both ways, as the embedded engine (its STRING_FIRST reversed is last)
            key.put("order", sort.descending() ? "desc" : "asc").put("missing", "_last");
            if (sort.field().equals(SearchQuery.Sort.ITEM_STATUS)) { // several values, ties by title (LuceneIndex)
                key.put("mode", sort.descending() ? "max" : "min");
                s.addObject().putObject(OpenSearchDocuments.path("sort_title"))
                        .put("order", sort.descending() ? "desc" : "asc").put("missing", "_last");
            }
            s.add("_doc"); // ties in index order, as the embedded engine
        }
        JsonNode hits = searchRequest("/" + index + "/_search", body).path("hits");
        List<String> sources = new ArrayList<>();
        for (JsonNode hit : hits.path("hits")) sources.add(Json.write(hit.path("_source")));
        return new Hits(hits.path("total").path("value").asLong(), sources);
    }

    @Override
    public Map<String, Long> facetCounts(SearchQuery query, String facet) {
        ObjectNode body = Json.object();
        body.set("query", OpenSearchQueries.of(query));
        body.put("size", 0);
        body.putObject("aggs").putObject("f").putObject("terms")
                .put("field", OpenSearchDocuments.facetPath(facet)).put("size", FACET_BUCKETS);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (JsonNode b : searchRequest("/" + index + "/_search", body).path("aggregations").path("f").path("buckets")) {
            counts.put(b.path("key").asText(), b.path("doc_count").asLong());
        }
        return counts;
    }

    /** Every hit through a scroll in index order: no 10,000 cap, as the resource-id jobs need. */
    @Override
    public void forEachId(SearchQuery query, boolean holdings, Consumer<String> sink) {
        String ids = OpenSearchDocuments.path(OpenSearchDocuments.HOLDINGS_IDS);
        scroll(OpenSearchQueries.of(query), holdings ? ids : null, hit -> {
            if (!holdings) {
                sink.accept(hit.path("_id").asText());
            } else {
                for (JsonNode id : hit.path("fields").path(ids)) sink.accept(id.asText());
            }
        });
    }

    @Override
    public List<BrowseEntries.Entry> browse(String field, String key, boolean forward, boolean includeKey,
            Map<Integer, String> filter, boolean countItems, int n) {
        return OpenSearchBrowse.walk(this::searchBody, field, key, forward, includeKey, filter, countItems, n);
    }

    @Override
    public long browseTotal(String field, Map<Integer, String> filter) {
        return OpenSearchBrowse.distinct(this::searchBody, field, filter);
    }

    @Override
    public List<String> browseTerms(String field, String prefix) {
        return OpenSearchBrowse.withPrefix(this::searchBody, field, prefix);
    }

    @Override
    public void forEachBrowseTerm(String field, java.util.function.Consumer<String> sink) {
        OpenSearchBrowse.forEach(this::searchBody, field, sink);
    }

    private JsonNode searchBody(ObjectNode body) {
        return searchRequest("/" + index + "/_search", body);
    }

    @Override
    public void close() {
        super.close();
    }

}
