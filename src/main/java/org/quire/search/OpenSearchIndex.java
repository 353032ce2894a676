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

    /** The _meta keys of a live build's progress: the last instance id its pages hold, and its document version. */
    private static final String BUILT_AFTER = "quire_builtAfter";
    private static final String BUILD_VERSION = "quire_buildVersion";
    /** The progress of the build a crash interrupted, attached at open (null: none, or it is being resumed). */
    private String interruptedAfter;

    OpenSearchIndex(String url, String tenant) {
        super(url, tenant, "instance", InstanceDocument.VERSION, OpenSearchDocuments.mapping());
        attachInterrupted();
    }

    /**
     * A live build a crash interrupted: an index of this tenant's behind no alias whose mapping's _meta holds the
     * progress of a build of this document version. Attached as the build in progress, so that writes go to it too from
     * now on (as the embedded engine reopens its interrupted generation), and {@link #startBuild} resumes it.
     */
    private void attachInterrupted() {
        Response aliases = send("GET", "/" + index + "_*/_alias", null);
        Response mappings = send("GET", "/" + index + "_*/_mapping", null);
        if (aliases.status() != 200 || mappings.status() != 200) return;
        JsonNode behind = json(aliases);
        JsonNode meta = json(mappings);
        java.util.Iterator<String> names = meta.fieldNames();
        String newest = null;
        while (names.hasNext()) {
            String name = names.next();
            JsonNode m = meta.path(name).path("mappings").path("_meta");
            if (!ours(name) || !behind.path(name).path("aliases").isEmpty() || !m.path(BUILT_AFTER).isTextual()
                    || !InstanceDocument.VERSION.equals(m.path(BUILD_VERSION).asText())) {
                continue;
            }
            if (newest == null || name.compareTo(newest) > 0) newest = name;
        }
        if (newest == null) return;
        building = newest;
        interruptedAfter = meta.path(newest).path("mappings").path("_meta").path(BUILT_AFTER).asText();
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
     * A live reindex: the build a crash interrupted, resumed after its last recorded page ({@link #attachInterrupted}),
     * or a new index beside the live one ({@link #clear}), from the first row; other indexes behind no alias (builds
     * that never recorded progress) are deleted ({@link #removeOrphans}).
     */
    @Override
    public synchronized String startBuild() {
        if (closed) throw new IllegalStateException("The search index is closed");
        String resumed = interruptedAfter;
        interruptedAfter = null;
        if (building != null && resumed != null) return resumed;
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
        if (commit && !docs.isEmpty()) { // the progress a restart resumes from (the swap's _meta replaces it)
            ObjectNode meta = Json.object();
            meta.putObject("_meta").put(BUILT_AFTER, docs.getLast().id()).put(BUILD_VERSION, InstanceDocument.VERSION);
            check("record the build's progress", send("PUT", "/" + building + "/_mapping", Json.write(meta)));
        }
        return docs;
    }

    @Override
    public synchronized void swap() {
        if (closed) throw new IllegalStateException("The search index is closed");
        commit();
    }

    /** The documents the interrupted build holds (a resumed build counts them as done). */
    @Override
    public synchronized long builtCount() {
        if (building == null) return 0;
        return json(check("count", send("GET", "/" + building + "/_count", null))).path("count").asLong();
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
