package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One tenant's instance index on an OpenSearch cluster ({@code QUIRE_SEARCH_URL}): the alias {@code quire_<tenant>_instance}
 * on one index {@code quire_<tenant>_instance_<millis>}, mapping and documents of {@link OpenSearchDocuments}, queries of
 * {@link OpenSearchQueries}; plain HTTP and JSON, no client library. A full reindex ({@link #clear}, {@link #add}…,
 * {@link #commit}) builds a new index beside the live one — searches keep answering from the live one, and writes
 * meanwhile go to both — then moves the alias to it in one atomic {@code _aliases} call and deletes the old one ten
 * seconds later. A live reindex ({@link LiveBuild}) is the same build while the server serves. A write is searchable
 * when {@link #apply} returns (bulk with {@code refresh=true}); totals are
 * exact ({@code track_total_hits}); the document version is the index mapping's {@code _meta.documentVersion}.
 * Browse: {@link OpenSearchBrowse}.
 */
final class OpenSearchIndex implements InstanceIndex, LiveBuild {
    private static final int SCROLL_PAGE = 1_000;
    private static final int FACET_BUCKETS = 65_535; // OpenSearch's default search.max_buckets
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    /** The alias searches and writes use. */
    private final String index;
    /** The index a full reindex is filling (not yet behind the alias), or null. */
    private volatile String building;
    private volatile String committedVersion;
    private volatile boolean closed;

    OpenSearchIndex(String url, String tenant) {
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.index = "quire_" + tenant.toLowerCase(java.util.Locale.ROOT) + "_instance";
        open();
    }

    /** Creates the alias and its index, or brings an existing index's mapping up to date and reads its version. */
    private void open() {
        Response head = send("HEAD", "/" + index, null);
        if (head.status() == 404) {
            ObjectNode body = OpenSearchDocuments.index();
            body.putObject("aliases").putObject(index);
            Response created = send("PUT", "/" + newIndexName(), Json.write(body));
            check("create the index", created);
            committedVersion = null;
            return;
        }
        check("update the mapping", send("PUT", "/" + index + "/_mapping", Json.write(OpenSearchDocuments.mapping())));
        JsonNode mapping = json(check("read the mapping", send("GET", "/" + index + "/_mapping", null)));
        JsonNode version = mapping.elements().next().path("mappings").path("_meta").path("documentVersion");
        committedVersion = version.isTextual() ? version.asText() : null;
    }

    private String newIndexName() {
        return index + "_" + System.currentTimeMillis();
    }

    /** Synchronized with a live build's pages ({@link #addPage}) and its swap, so that a page never overwrites a newer write. */
    @Override
    public synchronized void apply(Collection<InstanceDocument> upserts, Collection<String> deletes) {
        String rebuilding = building;
        if (rebuilding != null) bulk(rebuilding, upserts, deletes, ""); // the rebuilt index must not miss it
        // refresh=true, not wait_for: wait_for returns at the next scheduled refresh (up to index.refresh_interval,
        // 1 s), and the outbox applies batch after batch, so the promise "searchable within one second" broke as soon
        // as a write made two batches (InstanceSearchTest); a forced refresh per batch is what the embedded engine does
        bulk(index, upserts, deletes, "?refresh=true");
        markVersion();
    }

    @Override
    public void add(Collection<InstanceDocument> docs) {
        String target = building;
        bulk(target != null ? target : index, docs, List.of(), "");
    }

    /** Makes what was added searchable; after {@link #clear}, swaps the rebuilt index in for the live one. */
    /** Nothing to do: OpenSearch acknowledges a bulk write once its translog holds it. */
    @Override
    public void flush() {
    }

    @Override
    public synchronized void commit() {
        String rebuilt = building;
        if (rebuilt == null) {
            check("refresh", send("POST", "/" + index + "/_refresh", null));
            markVersion();
            return;
        }
        check("refresh", send("POST", "/" + rebuilt + "/_refresh", null));
        ObjectNode meta = Json.object();
        meta.putObject("_meta").put("documentVersion", InstanceDocument.VERSION);
        check("record the document version", send("PUT", "/" + rebuilt + "/_mapping", Json.write(meta)));
        ObjectNode swap = Json.object();
        ArrayNode actions = swap.putArray("actions");
        actions.addObject().putObject("add").put("index", rebuilt).put("alias", index);
        JsonNode live = json(check("read the alias", send("GET", "/_alias/" + index, null)));
        List<String> retired = new ArrayList<>();
        live.fieldNames().forEachRemaining(old -> {
            if (old.equals(rebuilt)) return;
            actions.addObject().putObject("remove").put("index", old).put("alias", index);
            retired.add(old);
        });
        check("swap in the rebuilt index", send("POST", "/_aliases", Json.write(swap)));
        building = null;
        committedVersion = InstanceDocument.VERSION;
        // deleted a little later, not in the swap: a search or scroll that resolved the alias before it moved would
        // fail with "all shards failed" (the embedded engine closes its old generation after its searches, too)
        java.util.concurrent.CompletableFuture.runAsync(() -> retired.forEach(old -> send("DELETE", "/" + old, null)),
                java.util.concurrent.CompletableFuture.delayedExecutor(RETIRE_AFTER_SECONDS,
                        java.util.concurrent.TimeUnit.SECONDS));
    }

    /** How long an index the alias left stays for the searches that still use it. */
    private static final int RETIRE_AFTER_SECONDS = 10;

    /**
     * Starts a full reindex: a new empty index (with the current mapping) beside the live one, which keeps answering
     * until {@link #commit} swaps them.
     */
    @Override
    public synchronized void clear() {
        String previous = building;
        if (previous != null) send("DELETE", "/" + previous, null); // an unfinished rebuild starts over
        String next = newIndexName();
        check("create the index", send("PUT", "/" + next, Json.write(OpenSearchDocuments.index())));
        building = next;
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

    /**
     * Deletes this tenant's indexes that no alias points to: builds a crash interrupted. Only when a build starts, not
     * at open: another Quire sharing the cluster may be building one of them right now.
     */
    private void removeOrphans() {
        Response r = send("GET", "/" + index + "_*/_alias", null);
        if (r.status() != 200) return;
        java.util.regex.Pattern ours = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(index) + "_\\d+");
        json(r).properties().forEach(e -> {
            if (ours.matcher(e.getKey()).matches() && e.getValue().path("aliases").isEmpty()
                    && !e.getKey().equals(building)) {
                send("DELETE", "/" + e.getKey(), null);
            }
        });
    }

    @Override
    public synchronized List<InstanceDocument> addPage(String after,
            java.util.function.Function<String, List<InstanceDocument>> read, boolean commit) {
        if (closed || building == null) throw new IllegalStateException("The search index is closed");
        List<InstanceDocument> docs = read.apply(after);
        bulk(building, docs, List.of(), "");
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
    public synchronized void abandonBuild() {
        String dropped = building;
        building = null;
        if (dropped != null) send("DELETE", "/" + dropped, null);
    }

    @Override
    public String documentVersion() {
        return committedVersion;
    }

    @Override
    public long count() {
        return json(check("count", send("GET", "/" + index + "/_count", null))).path("count").asLong();
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

    /** Every hit through a scroll in index order ({@code _doc}): no 10,000 cap, as the resource-id jobs need. */
    @Override
    public void forEachId(SearchQuery query, boolean holdings, Consumer<String> sink) {
        ObjectNode body = Json.object();
        body.set("query", OpenSearchQueries.of(query));
        body.put("size", SCROLL_PAGE).put("_source", false);
        body.putArray("sort").add("_doc");
        if (holdings) body.putArray("docvalue_fields").add(OpenSearchDocuments.path(OpenSearchDocuments.HOLDINGS_IDS));
        JsonNode page = searchRequest("/" + index + "/_search?scroll=1m", body);
        String scrollId = page.path("_scroll_id").asText(null);
        try {
            while (true) {
                JsonNode hits = page.path("hits").path("hits");
                if (hits.isEmpty()) return;
                for (JsonNode hit : hits) {
                    if (!holdings) {
                        sink.accept(hit.path("_id").asText());
                    } else {
                        for (JsonNode id : hit.path("fields").path(OpenSearchDocuments.path(OpenSearchDocuments.HOLDINGS_IDS))) {
                            sink.accept(id.asText());
                        }
                    }
                }
                ObjectNode next = Json.object().put("scroll", "1m").put("scroll_id", scrollId);
                page = json(check("scroll", send("POST", "/_search/scroll", Json.write(next))));
                scrollId = page.path("_scroll_id").asText(scrollId);
            }
        } finally {
            if (scrollId != null) send("DELETE", "/_search/scroll", Json.write(Json.object().put("scroll_id", scrollId)));
        }
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
        // HTTP only: nothing held open (HttpClient's connections end with it); a live build stops at its next page
        closed = true;
    }

    private void bulk(String target, Collection<InstanceDocument> upserts, Collection<String> deletes, String params) {
        if (upserts.isEmpty() && deletes.isEmpty()) {
            if (!params.isEmpty()) check("refresh", send("POST", "/" + target + "/_refresh", null));
            return;
        }
        StringBuilder nd = new StringBuilder();
        for (InstanceDocument doc : upserts) {
            nd.append(Json.write(Json.object().set("index", Json.object().put("_index", target).put("_id", doc.id()))))
                    .append('\n').append(Json.write(OpenSearchDocuments.of(doc))).append('\n');
        }
        for (String id : deletes) {
            nd.append(Json.write(Json.object().set("delete", Json.object().put("_index", target).put("_id", id))))
                    .append('\n');
        }
        JsonNode result = json(check("index", send("POST", "/_bulk" + params, nd.toString())));
        if (result.path("errors").asBoolean(false)) {
            for (JsonNode item : result.path("items")) {
                JsonNode op = item.elements().next();
                if (op.has("error") && !(op.path("status").asInt() == 404 && item.has("delete"))) {
                    throw new IllegalStateException("OpenSearch refused a document of " + index + ": " + op.path("error"));
                }
            }
        }
    }

    /** Records in the mapping's _meta which document shape the index now holds (once per Quire version). */
    private void markVersion() {
        if (InstanceDocument.VERSION.equals(committedVersion)) return;
        ObjectNode meta = Json.object();
        meta.putObject("_meta").put("documentVersion", InstanceDocument.VERSION);
        check("record the document version", send("PUT", "/" + index + "/_mapping", Json.write(meta)));
        committedVersion = InstanceDocument.VERSION;
    }

    /** A search; a query the cluster finds too large (too many clauses, a pathological wildcard) is the client's 400. */
    private JsonNode searchRequest(String path, ObjectNode body) {
        Response r = send("POST", path, Json.write(body));
        // OpenSearch answers too_many_clauses with a 500 (search_phase_execution_exception): still the client's query
        if (r.status() / 100 != 2 && (r.body().contains("too_many") || r.body().contains("max_clause_count")
                || r.body().contains("too_complex") || r.body().contains("TooComplex"))) {
            JsonNode error = json(r).path("error");
            String reason = error.path("caused_by").path("reason").asText(error.path("reason").asText());
            throw new InvalidSearch("The query is too complex: " + reason,
                    "query", null);
        }
        return json(check("search", r));
    }

    private record Response(int status, String body) {
    }

    private Response send(String method, String path, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (path.startsWith("/_bulk")) b.header("Content-Type", "application/x-ndjson");
        else b.header("Content-Type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r.body() == null ? "" : r.body());
        } catch (IOException e) {
            throw new UncheckedIOException("OpenSearch at " + base + " does not answer: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while calling OpenSearch", e);
        }
    }

    private Response check(String what, Response r) {
        if (r.status() / 100 != 2) throw failure(what, r);
        return r;
    }

    private IllegalStateException failure(String what, Response r) {
        String body = r.body().length() > 2_000 ? r.body().substring(0, 2_000) + "…" : r.body();
        return new IllegalStateException("OpenSearch could not " + what + " (" + index + "): HTTP " + r.status() + " "
                + body);
    }

    private static JsonNode json(Response r) {
        return Json.parse(r.body());
    }
}
