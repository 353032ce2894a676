package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.tenancy.Tenants;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * mod-search's authority search and facets (SearchService with Authority.class, FacetService): CQL translated with
 * {@link AuthorityFields} into the same query model as instances, run on the tenant's {@link AuthorityIndex}. A hit is
 * one heading: the fields authority.json shows in a search response, plus {@code numberOfTitles} (the instances linked
 * to the authority through /links, read in one statement per page) unless {@code includeNumberOfTitles=false}.
 */
public final class AuthoritySearch {
    /** authority.json's fields with "showInResponse": "search" (folio-catalogue-api.md §1.4). */
    static final List<String> BASIC = List.of("id", "tenantId", "shared", "headingType", "authRefType", "headingRef",
            "sourceFileId", "naturalId");

    private final Database db;
    private final SearchIndexes indexes;

    public AuthoritySearch(Database db, SearchIndexes indexes) {
        this.db = db;
        this.indexes = indexes;
    }

    public record Request(String tenant, String query, int limit, int offset, boolean expandAll,
            boolean includeNumberOfTitles) {
    }

    public ObjectNode search(Request r) {
        if ((long) r.offset() + r.limit() > 10_000L) {
            throw new InvalidSearch("The sum of limit and offset should not exceed 10000.", "offset + limit",
                    String.valueOf(r.offset() + r.limit()));
        }
        CqlTranslator.Translated t = CqlTranslator.translate(r.query(), AuthorityFields.CQL);
        InstanceIndex.Hits hits = indexes.authorities(r.tenant()).search(t.query(), t.sort(), r.offset(), r.limit());
        List<ObjectNode> shown = new ArrayList<>();
        for (String source : hits.sources()) {
            ObjectNode doc = Json.parseObject(source);
            shown.add(r.expandAll() ? doc : basic(doc));
        }
        if (r.includeNumberOfTitles()) addNumberOfTitles(r.tenant(), shown, o -> o);
        ObjectNode out = Json.object();
        out.put("totalRecords", hits.total());
        ArrayNode authorities = out.putArray("authorities");
        shown.forEach(authorities::add);
        return out;
    }

    /** The basic fields of a document's source, in authority.json's order. */
    static ObjectNode basic(ObjectNode doc) {
        ObjectNode b = Json.object();
        for (String field : BASIC) {
            JsonNode v = doc.get(field);
            if (v != null && !v.isNull()) b.set(field, v);
        }
        return b;
    }

    /** Sets numberOfTitles on the authority of each item ({@code authorityOf}), 0 for an authority without links. */
    void addNumberOfTitles(String tenant, List<ObjectNode> items, java.util.function.Function<ObjectNode, ObjectNode> authorityOf) {
        Set<UUID> ids = new LinkedHashSet<>();
        for (ObjectNode item : items) {
            ObjectNode a = authorityOf.apply(item);
            if (a == null) continue;
            try {
                ids.add(UUID.fromString(a.path("id").asText()));
            } catch (IllegalArgumentException ignored) {
                // an authority id that is no UUID has no links
            }
        }
        if (ids.isEmpty()) return;
        Map<String, Long> counts = db.read(c -> AuthoritySearchStore.titleCounts(c, Tenants.schema(tenant), ids));
        for (ObjectNode item : items) {
            ObjectNode a = authorityOf.apply(item);
            if (a != null) a.put("numberOfTitles", counts.getOrDefault(a.path("id").asText(), 0L));
        }
    }

    /**
     * {@code /search/authorities/facets}: as InstanceFacets (multi-select: a top-level filter on the counted facet is
     * left out and its values come first), over authority.json's facet fields (headingType, sourceFileId, tenantId,
     * shared, subjectHeadings).
     */
    public ObjectNode facets(String tenant, String cql, List<String> facetParams) {
        List<InstanceFacets.Requested> requested = InstanceFacets.parse(facetParams,
                name -> java.util.Optional.ofNullable(AuthorityFields.FACETS.get(name))
                        .map(kind -> new FacetFields.Facet(name, List.of(name), kind)));
        AuthorityIndex index = indexes.authorities(tenant);
        return InstanceFacets.count(CqlTranslator.translate(cql, AuthorityFields.CQL).query(), requested, Set.of(),
                index::facetCounts);
    }

    SearchIndexes indexes() {
        return indexes;
    }
}
