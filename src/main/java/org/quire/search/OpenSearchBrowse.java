package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Browse on the OpenSearch index, as LuceneBrowse on Lucene: each browse entry of an instance ({@link BrowseEntries})
 * is a value of the keyword field {@code browse__<field>} (once per instance), and, for counting items, of
 * {@code browse__<field>__items} once per occurrence, each made distinct by a suffix {@code \u0000<n>} (doc values keep
 * a value once per document; {@code \u0000} sorts below the part separator, so the order of entries is kept). A walk
 * is a {@code composite} aggregation over the field, ascending or descending, {@code after} the anchor; a bucket's
 * document count is the entry's number of live instances (deleted documents never count); a {@code top_hits} of one
 * gives the instance an entry of one instance shows.
 */
final class OpenSearchBrowse {
    static final String ITEMS = "__items";
    private static final char OCCURRENCE = '\u0000';
    private static final int PAGE = 500;

    private OpenSearchBrowse() {
    }

    static String path(String field) {
        return OpenSearchDocuments.path("browse__" + field);
    }

    /** Adds the browse fields of a document to its indexed fields {@code q}, and names them in the mapping. */
    static void addTo(ObjectNode q, InstanceDocument doc) {
        ArrayNode locations = q.putArray(OpenSearchDocuments.name("browse__" + BrowseEntries.CALL_NUMBER_LOCATIONS));
        BrowseEntries.callNumberLocations(doc.source()).forEach(locations::add);
        for (Map.Entry<String, List<String>> e : BrowseEntries.of(doc.source()).entrySet()) {
            ArrayNode once = q.putArray(OpenSearchDocuments.name("browse__" + e.getKey()));
            ArrayNode items = q.putArray(OpenSearchDocuments.name("browse__" + e.getKey()) + ITEMS);
            Map<String, Integer> seen = new LinkedHashMap<>();
            for (String term : e.getValue()) {
                int n = seen.merge(term, 1, Integer::sum);
                if (n == 1) once.add(term);
                items.add(term + OCCURRENCE + n);
            }
        }
    }

    /** Dynamic templates: every {@code browse__*} field is a keyword (the browse fields depend on the options). */
    static void addTemplates(ObjectNode mappings) {
        ObjectNode t = mappings.putArray("dynamic_templates").addObject().putObject("browse");
        t.put("path_match", OpenSearchDocuments.FIELDS + ".browse__*");
        t.putObject("mapping").put("type", "keyword");
    }

    /** One walk step: the composite aggregation's buckets after {@code after}, and the key to continue from. */
    record Page(List<JsonNode> buckets, String next) {
    }

    static List<BrowseEntries.Entry> walk(Function<ObjectNode, JsonNode> search, String field, String key,
            boolean forward, boolean includeKey, Map<Integer, String> filter, boolean countItems, int n) {
        List<BrowseEntries.Entry> out = new ArrayList<>();
        if (n <= 0) return out;
        String target = countItems ? path(field) + ITEMS : path(field);
        String after = forward ? key : key + '\u0002';
        String pending = null; // the entry whose occurrence buckets are being summed (items)
        long pendingCount = 0;
        String pendingSource = null;
        while (out.size() < n) {
            Page page = page(search, target, forward, after, true);
            for (JsonNode b : page.buckets()) {
                String value = b.path("key").path("k").asText();
                String term = countItems ? value.substring(0, value.lastIndexOf(OCCURRENCE)) : value;
                long count = b.path("doc_count").asLong();
                String source = count == 1 ? single(b) : null;
                if (countItems) {
                    if (term.equals(pending)) {
                        pendingCount += count;
                        pendingSource = null;
                        continue;
                    }
                    if (pending != null && add(out, pending, pendingCount, pendingSource, key, includeKey, filter)
                            && out.size() >= n) {
                        return out;
                    }
                    pending = term;
                    pendingCount = count;
                    pendingSource = source;
                } else if (add(out, term, count, source, key, includeKey, filter) && out.size() >= n) {
                    return out;
                }
            }
            if (page.next() == null) break;
            after = page.next();
        }
        if (pending != null && out.size() < n) add(out, pending, pendingCount, pendingSource, key, includeKey, filter);
        return out;
    }

    private static boolean add(List<BrowseEntries.Entry> out, String term, long count, String source, String key,
            boolean includeKey, Map<Integer, String> filter) {
        BrowseEntries.Entry e = BrowseEntries.decode(term, count, count == 1 ? source : null);
        if (!includeKey && e.key().equals(key)) return false;
        if (!LuceneBrowse.matches(e, filter)) return false;
        out.add(e);
        return true;
    }

    /** The number of distinct entries of a field that match the filter: a walk of all its values. */
    static long distinct(Function<ObjectNode, JsonNode> search, String field, Map<Integer, String> filter) {
        long[] total = {0};
        forEach(search, field, t -> {
            if (filter.isEmpty() || LuceneBrowse.matches(BrowseEntries.decode(t, 0, null), filter)) total[0]++;
        });
        return total[0];
    }

    /** Every value of a field (a live document holds it), in value order. */
    static void forEach(Function<ObjectNode, JsonNode> search, String field, java.util.function.Consumer<String> sink) {
        String after = null;
        do {
            Page page = page(search, path(field), true, after, false);
            for (JsonNode b : page.buckets()) sink.accept(b.path("key").path("k").asText());
            after = page.next();
        } while (after != null);
    }

    /** The values of a field that begin with {@code prefix}, without it. */
    static List<String> withPrefix(Function<ObjectNode, JsonNode> search, String field, String prefix) {
        List<String> out = new ArrayList<>();
        String after = prefix;
        while (true) {
            Page page = page(search, path(field), true, after, false);
            for (JsonNode b : page.buckets()) {
                String v = b.path("key").path("k").asText();
                if (!v.startsWith(prefix)) return out;
                out.add(v.substring(prefix.length()));
            }
            if (page.next() == null) return out;
            after = page.next();
        }
    }

    private static Page page(Function<ObjectNode, JsonNode> search, String target, boolean forward, String after,
            boolean withSource) {
        ObjectNode body = Json.object();
        body.put("size", 0);
        ObjectNode composite = body.putObject("aggs").putObject("c").putObject("composite");
        composite.put("size", PAGE);
        composite.putArray("sources").addObject().putObject("k").putObject("terms").put("field", target)
                .put("order", forward ? "asc" : "desc");
        if (after != null) composite.putObject("after").put("k", after);
        if (withSource) {
            ObjectNode top = ((ObjectNode) body.path("aggs").path("c")).putObject("aggs").putObject("one")
                    .putObject("top_hits");
            top.put("size", 1);
            top.putObject("_source").putArray("includes").add("title").add("contributors");
        }
        JsonNode agg = search.apply(body).path("aggregations").path("c");
        List<JsonNode> buckets = new ArrayList<>();
        agg.path("buckets").forEach(buckets::add);
        String next = buckets.size() < PAGE ? null : agg.path("after_key").path("k").asText(null);
        return new Page(buckets, next);
    }

    private static String single(JsonNode bucket) {
        JsonNode hit = bucket.path("one").path("hits").path("hits").path(0).path("_source");
        if (hit.isMissingNode()) return null;
        ObjectNode summary = Json.object();
        summary.set("title", hit.path("title").isMissingNode() ? com.fasterxml.jackson.databind.node.NullNode.instance
                : hit.path("title"));
        summary.set("contributors", hit.path("contributors").isMissingNode() ? Json.array() : hit.path("contributors"));
        return Json.write(summary);
    }
}
