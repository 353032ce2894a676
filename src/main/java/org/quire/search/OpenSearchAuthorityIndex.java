package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One tenant's authority index on an OpenSearch cluster: the alias {@code quire_<tenant>_authority} and its rebuilds
 * ({@link OpenSearchAliasIndex}), as {@link LuceneAuthorityIndex} on the embedded engine. A heading's document is its
 * source plus {@code q}: its fields by {@link AuthorityFields}' kinds ({@link OpenSearchDocuments#addFields}), the
 * authority id, the facets' normalised values and the lowercased sort keys. Replacing an authority's documents deletes
 * those of its headings that are gone (a delete by query that keeps the new ids), then writes the new ones in one bulk.
 */
final class OpenSearchAuthorityIndex extends OpenSearchAliasIndex implements AuthorityIndex {
    private static final String AUTHORITY = "authority";

    OpenSearchAuthorityIndex(String url, String tenant) {
        super(url, tenant, "authority", AuthorityDocument.VERSION, mapping());
    }

    private static ObjectNode mapping() {
        List<String> keywords = new ArrayList<>(List.of(AUTHORITY));
        keywords.addAll(AuthorityFields.SORTS.values());
        return OpenSearchDocuments.mapping(AuthorityFields.FIELDS, AuthorityFields.FACETS.keySet(), keywords);
    }

    /** The document OpenSearch stores for a heading. */
    static ObjectNode document(AuthorityDocument doc) {
        ObjectNode out = doc.source().deepCopy();
        ObjectNode q = out.putObject(OpenSearchDocuments.FIELDS);
        OpenSearchDocuments.addFields(q, doc.values(), AuthorityFields.FIELDS);
        q.put(AUTHORITY, doc.authorityId());
        for (Map.Entry<String, FieldKind> f : AuthorityFields.FACETS.entrySet()) {
            List<String> values = doc.values().get(f.getKey());
            if (values == null) continue;
            ArrayNode a = q.putArray(OpenSearchDocuments.name("facet__" + f.getKey()));
            for (String v : new LinkedHashSet<>(values)) a.add(LuceneAnalyzers.normalise(f.getValue(), v));
        }
        for (Map.Entry<String, String> sort : AuthorityFields.SORTS.entrySet()) {
            List<String> values = doc.values().get(sort.getKey());
            if (values == null || values.isEmpty()) continue;
            String key = values.getFirst().toLowerCase(java.util.Locale.ROOT); // as LuceneAuthorityIndex
            if (key.length() > LuceneAnalyzers.PLAIN_MAX) key = key.substring(0, LuceneAnalyzers.PLAIN_MAX);
            q.put(sort.getValue(), key);
        }
        return out;
    }

    @Override
    public synchronized void apply(Map<String, List<AuthorityDocument>> upserts, Collection<String> deletes) {
        Set<String> authorities = new LinkedHashSet<>(upserts.keySet());
        authorities.addAll(deletes);
        String rebuilding = building;
        if (rebuilding != null) replace(rebuilding, upserts, authorities, ""); // the rebuilt index must not miss it
        replace(index, upserts, authorities, "?refresh=true");
        markVersion();
    }

    @Override
    public synchronized void add(Map<String, List<AuthorityDocument>> byAuthority) {
        String target = building;
        replace(target != null ? target : index, byAuthority, byAuthority.keySet(), "");
    }

    /** The authorities' headings that are gone deleted from {@code target}, then the new documents written. */
    private void replace(String target, Map<String, List<AuthorityDocument>> upserts, Collection<String> authorities,
            String params) {
        if (authorities.isEmpty()) return;
        List<Doc> docs = new ArrayList<>();
        for (List<AuthorityDocument> headings : upserts.values()) {
            for (AuthorityDocument d : headings) docs.add(new Doc(d.id(), document(d)));
        }
        // a rebuild's pages are written without a refresh: make them visible to the delete below (the live index's
        // writes are refreshed as they are made)
        if (!target.equals(index)) check("refresh", send("POST", "/" + target + "/_refresh", null));
        ObjectNode bool = Json.object();
        ArrayNode ids = Json.array();
        authorities.forEach(ids::add);
        bool.putArray("filter").addObject().putObject("terms").set(OpenSearchDocuments.path(AUTHORITY), ids);
        ArrayNode keep = Json.array();
        docs.forEach(d -> keep.add(d.id()));
        if (!keep.isEmpty()) bool.putArray("must_not").addObject().putObject("ids").set("values", keep);
        ObjectNode body = Json.object();
        body.putObject("query").set("bool", bool);
        check("delete the headings that are gone", send("POST", "/" + target + "/_delete_by_query?conflicts=proceed",
                Json.write(body)));
        bulk(target, docs, List.of(), params);
    }

    /** The rebuild of a live authority reindex: a new index beside the live one (an interrupted one deleted first). */
    synchronized void startBuild() {
        if (closed) throw new IllegalStateException("The search index is closed");
        removeOrphans();
        clear();
    }

    @Override
    public InstanceIndex.Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        ObjectNode body = Json.object();
        body.set("query", OpenSearchQueries.of(query, AuthorityFields.FIELDS));
        body.put("from", offset).put("size", limit).put("track_total_hits", true);
        if (sort.field() != null) {
            ArrayNode s = body.putArray("sort");
            sortKey(s, sort.field(), sort.descending());
            // ties by the lowercased headingRef (authority.json secondarySort), then index order, as on Lucene
            if (!sort.field().equals(SORT_HEADING_REF)) sortKey(s, SORT_HEADING_REF, sort.descending());
            s.add("_doc");
        }
        JsonNode hits = search(body).path("hits");
        List<String> sources = new ArrayList<>();
        for (JsonNode hit : hits.path("hits")) sources.add(Json.write(hit.path("_source")));
        return new InstanceIndex.Hits(hits.path("total").path("value").asLong(), sources);
    }

    /** A sort key, missing values last both ways (as the embedded engine). */
    private static void sortKey(ArrayNode sorts, String field, boolean descending) {
        sorts.addObject().putObject(OpenSearchDocuments.path(field)).put("order", descending ? "desc" : "asc")
                .put("missing", "_last");
    }

    @Override
    public Map<String, Long> facetCounts(SearchQuery query, String facet) {
        ObjectNode body = Json.object();
        body.set("query", OpenSearchQueries.of(query, AuthorityFields.FIELDS));
        body.put("size", 0);
        body.putObject("aggs").putObject("f").putObject("terms")
                .put("field", OpenSearchDocuments.facetPath(facet)).put("size", OpenSearchIndex.FACET_BUCKETS);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (JsonNode b : search(body).path("aggregations").path("f").path("buckets")) {
            counts.put(b.path("key").asText(), b.path("doc_count").asLong());
        }
        return counts;
    }

    @Override
    public List<String> browse(SearchQuery filter, String key, boolean forward, int n) {
        ObjectNode bool = Json.object();
        ArrayNode must = bool.putArray("filter");
        must.add(OpenSearchQueries.of(filter, AuthorityFields.FIELDS));
        must.addObject().putObject("range").putObject(OpenSearchDocuments.path(SORT_HEADING_REF))
                .put(forward ? "gt" : "lt", key);
        ObjectNode body = Json.object();
        body.putObject("query").set("bool", bool);
        body.put("size", n);
        ArrayNode s = body.putArray("sort");
        s.addObject().put(OpenSearchDocuments.path(SORT_HEADING_REF), forward ? "asc" : "desc");
        s.add("_doc");
        List<String> sources = new ArrayList<>();
        for (JsonNode hit : search(body).path("hits").path("hits")) sources.add(Json.write(hit.path("_source")));
        return sources;
    }

    @Override
    public void forEachAuthorityId(SearchQuery query, java.util.function.Consumer<String> sink) {
        String ids = OpenSearchDocuments.path(AUTHORITY);
        scroll(OpenSearchQueries.of(query, AuthorityFields.FIELDS), ids, hit -> {
            for (JsonNode id : hit.path("fields").path(ids)) sink.accept(id.asText());
        });
    }
}
