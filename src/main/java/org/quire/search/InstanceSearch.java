package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Set;

/**
 * mod-search's instance search (service/SearchService): the paging limits, CQL → query → index, and the fields of
 * each hit — the basic ones (instance.json "showInResponse": "search") unless {@code expandAll}, then the whole
 * document with holdings and items; {@code include} keeps only the fields it names.
 */
public final class InstanceSearch {
    /** instance.json's fields shown in a search response (folio-catalogue-api.md §1.4). */
    static final List<String> BASIC = List.of("id", "tenantId", "shared", "hrid", "title", "contributors",
            "identifiers", "publication", "dates", "staffSuppress", "discoverySuppress", "isBoundWith");
    static final Set<String> CONTRIBUTOR_FIELDS = Set.of("name", "contributorTypeId", "contributorNameTypeId",
            "authorityId", "primary");
    static final Set<String> PUBLICATION_FIELDS = Set.of("publisher", "dateOfPublication");

    private final SearchIndexes indexes;

    public InstanceSearch(SearchIndexes indexes) {
        this.indexes = indexes;
    }

    public record Request(String tenant, String query, int limit, int offset, boolean expandAll, List<String> include) {
    }

    public ObjectNode search(Request r) {
        if ((long) r.offset() + r.limit() > 10_000L) {
            throw new InvalidSearch("The sum of limit and offset should not exceed 10000.", "offset + limit",
                    String.valueOf(r.offset() + r.limit()));
        }
        CqlTranslator.Translated t = CqlTranslator.translate(r.query());
        InstanceIndex.Hits hits = indexes.of(r.tenant()).search(t.query(), t.sort(), r.offset(), r.limit());
        ObjectNode out = Json.object();
        out.put("totalRecords", hits.total());
        ArrayNode instances = out.putArray("instances");
        for (String source : hits.sources()) {
            ObjectNode doc = Json.parseObject(source);
            ObjectNode shown = r.expandAll() ? doc : basic(doc);
            if (!r.include().isEmpty()) shown.retain(r.include());
            instances.add(shown);
        }
        return out;
    }

    /**
     * A page of hits of a translated query, each the instance with its holdings and items as indexed (no paging
     * limits checked: the caller keeps within the 10,000 window): SRU's searchRetrieve.
     */
    public InstanceIndex.Hits find(String tenant, CqlTranslator.Translated t, int offset, int limit) {
        return indexes.of(tenant).search(t.query(), t.sort(), offset, limit);
    }

    /** The ids of the hits, for the legacy {@code /search/instances/ids}. */
    public ObjectNode ids(String tenant, String query) {
        CqlTranslator.Translated t = CqlTranslator.translate(query);
        InstanceIndex.Hits hits = indexes.of(tenant).search(t.query(), t.sort(), 0, 10_000);
        ObjectNode out = Json.object();
        ArrayNode ids = out.putArray("ids");
        for (String source : hits.sources()) ids.addObject().put("id", Json.parseObject(source).path("id").asText());
        out.put("totalRecords", hits.total());
        return out;
    }

    /** Every hit's id (or its holdings records' ids), no 10,000 cap: the legacy id endpoints and their text form. */
    public void forEachId(String tenant, String query, boolean holdings, java.util.function.Consumer<String> sink) {
        indexes.of(tenant).forEachId(CqlTranslator.translate(query).query(), holdings, sink);
    }

    private static ObjectNode basic(ObjectNode doc) {
        ObjectNode b = Json.object();
        for (String field : BASIC) {
            JsonNode v = doc.get(field);
            if (v == null || v.isNull()) continue;
            b.set(field, switch (field) {
                case "contributors" -> keep(v, CONTRIBUTOR_FIELDS);
                case "publication" -> keep(v, PUBLICATION_FIELDS);
                case "identifiers" -> keep(v, Set.of("value", "identifierTypeId"));
                default -> v;
            });
        }
        return b;
    }

    private static ArrayNode keep(JsonNode array, Set<String> fields) {
        ArrayNode out = Json.array();
        for (JsonNode element : array) {
            if (element instanceof ObjectNode o) out.add(o.deepCopy().retain(fields));
        }
        return out;
    }
}
