package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenSearch index of instances: its settings and mapping, and an {@link InstanceDocument} as an OpenSearch
 * document. The document is the instance's source ({@link InstanceDocument#source()}, what a search returns) plus
 * an object {@code q} holding the indexed fields; the root mapping is {@code dynamic: false} (the source's own
 * fields are kept, never indexed) and {@code q} is excluded from the stored {@code _source}, so {@code _source} is
 * exactly the source. Field kinds as the embedded engine (LuceneDocuments), mod-search's index-field-types:
 * <ul>
 *   <li>full text: a {@code text} field whose values Quire ICU-folds before sending them, analysed by
 *       {@code quire_text} (standard tokenizer, lowercase, asciifolding — a no-op on folded text; OpenSearch's
 *       analysis-icu plugin is not among the runner's modules), plus {@code plain_<field>}, the whole value folded,
 *       a keyword for wildcards, ranges and {@code ==/string}, and {@code plain_<field>__rev}, that value reversed,
 *       for leading wildcards;</li>
 *   <li>keyword, keyword_lowercase, keyword_icu, bool: {@code keyword} fields of values Quire normalised as the
 *       kind says (the same normalisation as queries get, so the engines cannot disagree);</li>
 *   <li>date: a {@code date} of epoch millis (a value that is no date is not indexed, as ignore_malformed);</li>
 *   <li>{@code exists} (names of fields with a value), {@code facet__<name>}, {@code iid}, {@code holdingsids} and the
 *       sort keys {@code sort_title}, {@code sort_contributors}, {@code sort_normalizedDate1}.</li>
 * </ul>
 * Index field names have dots ({@code contributors.name}); in {@code q} they are written with {@code __} instead,
 * so that OpenSearch does not read them as object paths.
 */
final class OpenSearchDocuments {
    static final String FIELDS = "q";
    static final String EXISTS = "exists";
    static final String HOLDINGS_IDS = "holdingsids";

    private OpenSearchDocuments() {
    }

    /** The name of an index field inside {@code q}. */
    static String name(String field) {
        return field.replace(".", "__");
    }

    /** The full path of an index field in queries, aggregations and sorts. */
    static String path(String field) {
        return FIELDS + "." + name(field);
    }

    static String plainPath(String field) {
        return path("plain_" + field);
    }

    /** The reversed plain value: a leading wildcard ({@code *borneo}) is a prefix query on it, no term walk. */
    static final String REVERSED = "__rev";

    static String facetPath(String facet) {
        return path("facet__" + facet);
    }

    /**
     * Settings and mappings of a new index: one shard (a tenant's index fits one; scores and ties as on Lucene), a
     * replica when the cluster has a second node ({@code auto_expand_replicas} 0-1: green on a one-node cluster too).
     */
    static ObjectNode index(ObjectNode mapping) {
        ObjectNode body = Json.object();
        ObjectNode settings = body.putObject("settings");
        settings.put("number_of_shards", 1).put("auto_expand_replicas", "0-1");
        ObjectNode text = settings.putObject("analysis").putObject("analyzer").putObject("quire_text");
        text.put("type", "custom").put("tokenizer", "standard");
        text.putArray("filter").add("lowercase").add("asciifolding");
        body.set("mappings", mapping);
        return body;
    }

    /** The instance index's mapping (also PUT on an existing index at open, so a newer Quire's new fields exist). */
    static ObjectNode mapping() {
        ObjectNode mappings = mapping(SearchFields.FIELDS, FacetFields.FACETS.keySet(), List.of("iid", HOLDINGS_IDS,
                "sort_title", "sort_contributors", "sort_" + ComputedFields.DATE1, name(SearchQuery.Sort.ITEM_STATUS)));
        OpenSearchBrowse.addTemplates(mappings);
        ObjectNode q = (ObjectNode) mappings.path("properties").path(FIELDS);
        q.put("dynamic", true); // only for the browse__* fields of the dynamic template: all others are listed
        return mappings;
    }

    /**
     * A mapping of fields of {@code kinds}, their {@code exists}, {@code facet__<name>} of each facet and the other
     * {@code keywords} (ids, sort keys), all inside {@code q}.
     */
    static ObjectNode mapping(Map<String, FieldKind> kinds, java.util.Collection<String> facets,
            java.util.Collection<String> keywords) {
        ObjectNode mappings = Json.object();
        mappings.put("dynamic", false);
        mappings.putObject("_source").putArray("excludes").add(FIELDS);
        ObjectNode fields = mappings.putObject("properties").putObject(FIELDS);
        ObjectNode props = fields.putObject("properties");
        for (Map.Entry<String, FieldKind> e : kinds.entrySet()) {
            String n = name(e.getKey());
            switch (e.getValue()) {
                case FULLTEXT -> {
                    props.putObject(n).put("type", "text").put("analyzer", "quire_text")
                            .put("position_increment_gap", 100);
                    props.putObject(name("plain_" + e.getKey())).put("type", "keyword");
                    props.putObject(name("plain_" + e.getKey()) + REVERSED).put("type", "keyword");
                }
                case DATE -> props.putObject(n).put("type", "date").put("format", "epoch_millis");
                default -> props.putObject(n).put("type", "keyword");
            }
        }
        for (String f : facets) props.putObject(name("facet__" + f)).put("type", "keyword");
        props.putObject(EXISTS).put("type", "keyword");
        for (String k : keywords) props.putObject(k).put("type", "keyword");
        return mappings;
    }

    /** The document OpenSearch stores for {@code doc}. */
    static ObjectNode of(InstanceDocument doc) {
        ObjectNode out = doc.source().deepCopy();
        ObjectNode q = out.putObject(FIELDS);
        addFields(q, doc.values(), SearchFields.FIELDS);
        OpenSearchBrowse.addTo(q, doc);
        q.put("iid", doc.id());
        ArrayNode holdings = q.putArray(HOLDINGS_IDS);
        for (JsonNode h : doc.source().path("holdings")) {
            String id = h.path("id").asText("");
            if (!id.isEmpty()) holdings.add(id);
        }
        for (Map.Entry<String, Set<String>> e : FacetFields.values(doc.source()).entrySet()) {
            ArrayNode a = q.putArray(name("facet__" + e.getKey()));
            e.getValue().forEach(a::add);
        }
        // the sort keys as LuceneDocuments computes them (mod-search's SortTitleProcessor, SortContributorsProcessor)
        String title = first(doc.values().get("indexTitle"), first(doc.values().get("title"), null));
        if (title != null) q.put("sort_title", LuceneAnalyzers.fold(title));
        String contributor = null;
        for (JsonNode c : doc.source().path("contributors")) {
            if (contributor == null) contributor = c.path("name").asText(null);
            if (c.path("primary").asBoolean(false)) {
                contributor = c.path("name").asText(null);
                break;
            }
        }
        if (contributor != null) q.put("sort_contributors", LuceneAnalyzers.fold(contributor));
        String date1 = first(doc.values().get(ComputedFields.DATE1), null);
        if (date1 != null) q.put("sort_" + ComputedFields.DATE1, date1);
        java.util.Set<String> statuses = new java.util.TreeSet<>();
        for (JsonNode item : doc.source().path("items")) {
            String status = item.path("status").path("name").asText("");
            if (!status.isEmpty()) statuses.add(status);
        }
        ArrayNode statusKeys = q.putArray(name(SearchQuery.Sort.ITEM_STATUS));
        statuses.forEach(statusKeys::add);
        return out;
    }

    /** Each field's values as its kind indexes them (LuceneDocuments' rules), and the names of those with a value. */
    static void addFields(ObjectNode q, Map<String, List<String>> values, Map<String, FieldKind> kinds) {
        ArrayNode exists = q.putArray(EXISTS);
        for (Map.Entry<String, List<String>> e : values.entrySet()) {
            String field = e.getKey();
            FieldKind kind = kinds.get(field);
            if (kind == null || e.getValue().isEmpty()) continue;
            exists.add(field);
            ArrayNode indexed = q.putArray(name(field));
            ArrayNode plain = kind == FieldKind.FULLTEXT ? q.putArray(name("plain_" + field)) : null;
            ArrayNode reversed = kind == FieldKind.FULLTEXT ? q.putArray(name("plain_" + field) + REVERSED) : null;
            for (String v : e.getValue()) {
                switch (kind) {
                    case FULLTEXT -> {
                        indexed.add(org.apache.lucene.analysis.icu.ICUFoldingFilter.NORMALIZER.normalize(v));
                        plain.add(LuceneAnalyzers.fold(v));
                        reversed.add(LuceneAnalyzers.reverse(LuceneAnalyzers.fold(v)));
                    }
                    case DATE -> {
                        try {
                            java.time.Instant t = Json.parseInstant(v);
                            if (t != null) indexed.add(t.toEpochMilli());
                        } catch (java.time.format.DateTimeParseException ignored) {
                            // not searchable by date, as in mod-search (ignore_malformed)
                        }
                    }
                    default -> indexed.add(LuceneAnalyzers.normalise(kind, v));
                }
            }
        }
    }

    private static String first(List<String> values, String dflt) {
        return values == null || values.isEmpty() || values.getFirst().isBlank() ? dflt : values.getFirst();
    }
}
