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
import java.util.List;

/**
 * One tenant's index of one kind on an OpenSearch cluster ({@code QUIRE_SEARCH_URL}), the part the instance index
 * ({@link OpenSearchIndex}) and the authority index ({@link OpenSearchAuthorityIndex}) share: the alias
 * {@code quire_<tenant>_<what>} on one index {@code quire_<tenant>_<what>_<millis>}, its mapping brought up to date at
 * open, plain HTTP and JSON (no client library), bulk writes, and the full rebuild: {@link #clear} starts a new index
 * beside the live one — searches keep answering from the live one, and writes meanwhile go to both — and
 * {@link #commit} moves the alias to it in one atomic {@code _aliases} call and deletes the old one ten seconds later.
 * The document version is the index mapping's {@code _meta.documentVersion}.
 */
abstract class OpenSearchAliasIndex implements AutoCloseable {
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    final String base;
    /** The alias searches and writes use. */
    final String index;
    /** The index a full reindex is filling (not yet behind the alias), or null. */
    volatile String building;
    volatile String committedVersion;
    volatile boolean closed;
    private final String version;
    private final ObjectNode mapping;

    /** {@code alias}: {@code quire_<tenant>_<what>}; {@code version}: the shape of the documents this Quire writes. */
    OpenSearchAliasIndex(String url, String tenant, String what, String version, ObjectNode mapping) {
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.index = "quire_" + tenant.toLowerCase(java.util.Locale.ROOT) + "_" + what;
        this.version = version;
        this.mapping = mapping;
        open();
    }

    /** Creates the alias and its index, or brings an existing index's mapping up to date and reads its version. */
    private void open() {
        Response head = send("HEAD", "/" + index, null);
        if (head.status() == 404) {
            ObjectNode body = OpenSearchDocuments.index(mapping);
            body.putObject("aliases").putObject(index);
            Response created = send("PUT", "/" + newIndexName(), Json.write(body));
            check("create the index", created);
            committedVersion = null;
            return;
        }
        check("update the mapping", send("PUT", "/" + index + "/_mapping", Json.write(mapping)));
        JsonNode mapping = json(check("read the mapping", send("GET", "/" + index + "/_mapping", null)));
        JsonNode version = mapping.elements().next().path("mappings").path("_meta").path("documentVersion");
        committedVersion = version.isTextual() ? version.asText() : null;
    }

    private String newIndexName() {
        return index + "_" + System.currentTimeMillis();
    }

    /** Makes what was added searchable; after {@link #clear}, swaps the rebuilt index in for the live one. */
    public synchronized void commit() {
        String rebuilt = building;
        if (rebuilt == null) {
            check("refresh", send("POST", "/" + index + "/_refresh", null));
            markVersion();
            return;
        }
        check("refresh", send("POST", "/" + rebuilt + "/_refresh", null));
        ObjectNode meta = Json.object();
        meta.putObject("_meta").put("documentVersion", version);
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
        committedVersion = version;
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
    public synchronized void clear() {
        String previous = building;
        if (previous != null) send("DELETE", "/" + previous, null); // an unfinished rebuild starts over
        String next = newIndexName();
        check("create the index", send("PUT", "/" + next, Json.write(OpenSearchDocuments.index(mapping))));
        building = next;
    }

    /**
     * Deletes this tenant's indexes that no alias points to: builds a crash interrupted. Only when a build starts, not
     * at open: another Quire sharing the cluster may be building one of them right now.
     */
    void removeOrphans() {
        Response r = send("GET", "/" + index + "_*/_alias", null);
        if (r.status() != 200) return;
        json(r).properties().forEach(e -> {
            if (ours(e.getKey()) && e.getValue().path("aliases").isEmpty() && !e.getKey().equals(building)) {
                send("DELETE", "/" + e.getKey(), null);
            }
        });
    }

    /** Whether an index is one of this alias's ({@code <alias>_<millis>}), not another tenant's that the pattern matched. */
    boolean ours(String name) {
        return name.startsWith(index + "_") && name.substring(index.length() + 1).chars().allMatch(Character::isDigit);
    }

    public String documentVersion() {
        return committedVersion;
    }

    public long count() {
        return json(check("count", send("GET", "/" + index + "/_count", null))).path("count").asLong();
    }

    @Override
    public void close() {
        // HTTP only: nothing held open (HttpClient's connections end with it); a live build stops at its next page
        closed = true;
    }

    /** A document as OpenSearch stores it, with its id. */
    record Doc(String id, ObjectNode json) {
    }

    /**
     * Writes documents and deletes ids on the live index, searchable when it returns, and on the index a rebuild is
     * filling (it must not miss them). Synchronized with a live build's pages and its swap.
     */
    synchronized void write(List<Doc> upserts, Collection<String> deletes) {
        String rebuilding = building;
        if (rebuilding != null) bulk(rebuilding, upserts, deletes, ""); // the rebuilt index must not miss it
        // refresh=true, not wait_for: wait_for returns at the next scheduled refresh (up to index.refresh_interval,
        // 1 s), and the outbox applies batch after batch, so the promise "searchable within one second" broke as soon
        // as a write made two batches (InstanceSearchTest); a forced refresh per batch is what the embedded engine does
        bulk(index, upserts, deletes, "?refresh=true");
        markVersion();
    }

    /** Adds documents without a refresh: to the index a rebuild is filling, else to the live one. */
    void addDocs(List<Doc> docs) {
        String target = building;
        bulk(target != null ? target : index, docs, List.of(), "");
    }

    /** Drops a rebuild's index: the live one stays as it was. */
    synchronized void dropBuild() {
        String dropped = building;
        building = null;
        if (dropped != null) send("DELETE", "/" + dropped, null);
    }

    private static final int SCROLL_PAGE = 1_000;

    /**
     * Every hit of {@code query} on the alias through a scroll in index order ({@code _doc}), no 10,000 cap: the hits
     * without their source, with the doc values of {@code docValues} (a field path, or null).
     */
    void scroll(ObjectNode query, String docValues, java.util.function.Consumer<JsonNode> sink) {
        ObjectNode body = Json.object();
        body.set("query", query);
        body.put("size", SCROLL_PAGE).put("_source", false);
        body.putArray("sort").add("_doc");
        if (docValues != null) body.putArray("docvalue_fields").add(docValues);
        JsonNode page = searchRequest("/" + index + "/_search?scroll=1m", body);
        String scrollId = page.path("_scroll_id").asText(null);
        try {
            while (true) {
                JsonNode hits = page.path("hits").path("hits");
                if (hits.isEmpty()) return;
                for (JsonNode hit : hits) sink.accept(hit);
                ObjectNode next = Json.object().put("scroll", "1m").put("scroll_id", scrollId);
                page = json(check("scroll", send("POST", "/_search/scroll", Json.write(next))));
                scrollId = page.path("_scroll_id").asText(scrollId);
            }
        } finally {
            if (scrollId != null) send("DELETE", "/_search/scroll", Json.write(Json.object().put("scroll_id", scrollId)));
        }
    }

    /** A search on the alias. */
    JsonNode search(ObjectNode body) {
        return searchRequest("/" + index + "/_search", body);
    }

    void bulk(String target, List<Doc> upserts, Collection<String> deletes, String params) {
        if (upserts.isEmpty() && deletes.isEmpty()) {
            if (!params.isEmpty()) check("refresh", send("POST", "/" + target + "/_refresh", null));
            return;
        }
        StringBuilder nd = new StringBuilder();
        for (Doc doc : upserts) {
            nd.append(Json.write(Json.object().set("index", Json.object().put("_index", target).put("_id", doc.id()))))
                    .append('\n').append(Json.write(doc.json())).append('\n');
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
    void markVersion() {
        if (version.equals(committedVersion)) return;
        ObjectNode meta = Json.object();
        meta.putObject("_meta").put("documentVersion", version);
        check("record the document version", send("PUT", "/" + index + "/_mapping", Json.write(meta)));
        committedVersion = version;
    }

    /** A search; a query the cluster finds too large (too many clauses, a pathological wildcard) is the client's 400. */
    JsonNode searchRequest(String path, ObjectNode body) {
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

    record Response(int status, String body) {
    }

    Response send(String method, String path, String body) {
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

    Response check(String what, Response r) {
        if (r.status() / 100 != 2) throw failure(what, r);
        return r;
    }

    private IllegalStateException failure(String what, Response r) {
        String body = r.body().length() > 2_000 ? r.body().substring(0, 2_000) + "…" : r.body();
        return new IllegalStateException("OpenSearch could not " + what + " (" + index + "): HTTP " + r.status() + " "
                + body);
    }

    static JsonNode json(Response r) {
        return Json.parse(r.body());
    }
}
