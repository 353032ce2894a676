package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * mod-search's instance search (service/SearchService): the paging limits, CQL → query → index, and the fields of
 * each hit — the basic ones ({@link BasicFields}) unless {@code expandAll}, then the whole
 * document with holdings and items; {@code include} keeps only the fields it names.
 */
public final class InstanceSearch {
    private final SearchIndexes indexes;

    public InstanceSearch(SearchIndexes indexes) {
        this.indexes = indexes;
    }

    public record Request(String tenant, String query, int limit, int offset, boolean expandAll, List<String> include) {
    }

    /** The answer of {@code GET /search/instances} as compact JSON: {@code {"totalRecords":…,"instances":[…]}}. */
    public byte[] search(Request r) {
        if ((long) r.offset() + r.limit() > 10_000L) {
            throw new InvalidSearch("The sum of limit and offset should not exceed 10000.", "offset + limit",
                    String.valueOf(r.offset() + r.limit()));
        }
        CqlTranslator.Translated t = CqlTranslator.translate(r.query());
        InstanceIndex index = indexes.of(r.tenant());
        if (r.expandAll()) {
            InstanceIndex.Hits hits = index.search(t.query(), t.sort(), r.offset(), r.limit());
            List<ObjectNode> shown = new java.util.ArrayList<>();
            for (String source : hits.sources()) shown.add(Json.parseObject(source));
            return answer(hits.total(), shown, r.include());
        }
        InstanceIndex.Basics hits = index.searchBasic(t.query(), t.sort(), r.offset(), r.limit());
        if (!r.include().isEmpty()) {
            List<ObjectNode> shown = new java.util.ArrayList<>();
            for (byte[] basic : hits.json()) shown.add(Json.parseObject(basic));
            return answer(hits.total(), shown, r.include());
        }
        // the common case: the basic fields as the index keeps them, copied, never parsed
        var out = new java.io.ByteArrayOutputStream(64 + hits.json().size() * 512);
        out.writeBytes(("{\"totalRecords\":" + hits.total() + ",\"instances\":[").getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < hits.json().size(); i++) {
            if (i > 0) out.write(',');
            out.writeBytes(hits.json().get(i));
        }
        out.writeBytes("]}".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static byte[] answer(long total, List<ObjectNode> instances, List<String> include) {
        ObjectNode out = Json.object();
        out.put("totalRecords", total);
        ArrayNode shown = out.putArray("instances");
        for (ObjectNode instance : instances) shown.add(include.isEmpty() ? instance : instance.retain(include));
        return Json.writeBytes(out);
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
        InstanceIndex.Basics hits = indexes.of(tenant).searchBasic(t.query(), t.sort(), 0, 10_000);
        ObjectNode out = Json.object();
        ArrayNode ids = out.putArray("ids");
        for (byte[] basic : hits.json()) ids.addObject().put("id", Json.parseObject(basic).path("id").asText());
        out.put("totalRecords", hits.total());
        return out;
    }

    /** Every hit's id (or its holdings records' ids), no 10,000 cap: the legacy id endpoints and their text form. */
    public void forEachId(String tenant, String query, boolean holdings, java.util.function.Consumer<String> sink) {
        forEachId(tenant, CqlTranslator.translate(query).query(), holdings, sink);
    }

    /** As above, the query already translated (a caller that must refuse a bad query before it answers). */
    public void forEachId(String tenant, SearchQuery query, boolean holdings, java.util.function.Consumer<String> sink) {
        indexes.of(tenant).forEachId(query, holdings, sink);
    }
}
