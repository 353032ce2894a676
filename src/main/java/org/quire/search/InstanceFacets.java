package org.quire.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * mod-search's {@code GET /search/instances/facets} (FacetService, cql/FacetQueryBuilder, ElasticsearchFacetConverter),
 * whose {@link #count} and {@link #parse} serve {@code /search/authorities/facets} too:
 * <ul>
 *   <li>a facet is {@code name} or {@code name:size} (unlimited by default); another shape → 400 "Invalid facet name
 *       format…", a name that is not a facet field → 400 "Invalid facet value";</li>
 *   <li>multi-select: the query's top-level AND-ed filters on facet F ({@code F==v} or {@code F==(v1 or v2)}) are
 *       dropped when F is counted, and their values ("selected") come first, always returned when they have hits;
 *       filters on {@code items.effectiveLocationId} are never dropped (FacetService keeps them in the query);</li>
 *   <li>values ordered by count then value (a terms aggregation); a facet's {@code totalRecords} is the number of
 *       values returned and the top-level {@code totalRecords} the number of facets (ElasticsearchFacetConverter).</li>
 * </ul>
 */
public final class InstanceFacets {
    static final Pattern FORMAT = Pattern.compile("^([A-Za-z.]+)(:(\\d{1,10}))?$");
    static final String KEPT_FILTER = "items.effectiveLocationId";

    private final SearchIndexes indexes;

    public InstanceFacets(SearchIndexes indexes) {
        this.indexes = indexes;
    }

    record Requested(FacetFields.Facet facet, int size) {
    }

    public ObjectNode facets(String tenant, String cql, List<String> facetParams) {
        InstanceIndex index = indexes.of(tenant);
        return count(CqlTranslator.translate(cql).query(), parse(facetParams, FacetFields::of), Set.of(KEPT_FILTER),
                index::facetCounts);
    }

    /** Counts of one facet's values among the hits of a query (the engine's). */
    interface Counter {
        Map<String, Long> count(SearchQuery query, String facet);
    }

    /**
     * The facets answer for {@code query}, instance or authority alike: per requested facet, the counts over the
     * query without its top-level filters on that facet (except {@code keptFilters}), selected values first.
     */
    static ObjectNode count(SearchQuery query, List<Requested> requested, Set<String> keptFilters, Counter counter) {
        List<SearchQuery> conjuncts = new ArrayList<>();
        flatten(query, conjuncts);
        ObjectNode facets = Json.object();
        for (Requested r : requested) {
            String name = r.facet().name();
            List<SearchQuery> rest = new ArrayList<>();
            Set<String> selected = new LinkedHashSet<>();
            for (SearchQuery c : conjuncts) {
                List<String> values = filterValues(c, name);
                if (values == null || keptFilters.contains(name)) rest.add(c);
                if (values != null) {
                    for (String v : values) selected.add(LuceneAnalyzers.normalise(r.facet().kind(), v));
                }
            }
            SearchQuery counted = rest.isEmpty() ? new SearchQuery.All()
                    : rest.size() == 1 ? rest.getFirst() : new SearchQuery.And(rest);
            ObjectNode facet = facets.putObject(name);
            var values = facet.putArray("values");
            for (Map.Entry<String, Long> e : pick(counter.count(counted, name), selected, r.size())) {
                values.addObject().put("id", e.getKey()).put("totalRecords", e.getValue());
            }
            facet.put("totalRecords", values.size());
        }
        ObjectNode out = Json.object();
        out.set("facets", facets);
        out.put("totalRecords", facets.size());
        return out;
    }

    /** The selected values with hits first (up to size), then the others, each by count descending, then value. */
    static List<Map.Entry<String, Long>> pick(Map<String, Long> counts, Set<String> selected, int size) {
        Comparator<Map.Entry<String, Long>> order = Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey());
        List<Map.Entry<String, Long>> chosen = new ArrayList<>(counts.entrySet().stream()
                .filter(e -> selected.contains(e.getKey())).sorted(order).limit(size).toList());
        long room = Math.max(0, (long) size - chosen.size());
        chosen.addAll(counts.entrySet().stream().filter(e -> !selected.contains(e.getKey())).sorted(order)
                .limit(room).toList());
        return chosen;
    }

    /** The values of a filter on {@code field} ({@code f==v}, {@code f==v1 or f==v2 …}), null if it is not one. */
    static List<String> filterValues(SearchQuery q, String field) {
        if (q instanceof SearchQuery.Term t) return t.field().equals(field) ? List.of(t.value()) : null;
        if (q instanceof SearchQuery.Or or) {
            List<String> values = new ArrayList<>();
            for (SearchQuery part : or.any()) {
                List<String> v = filterValues(part, field);
                if (v == null) return null;
                values.addAll(v);
            }
            return values;
        }
        return null;
    }

    private static void flatten(SearchQuery q, List<SearchQuery> out) {
        if (q instanceof SearchQuery.And and) {
            for (SearchQuery part : and.all()) flatten(part, out);
        } else if (!(q instanceof SearchQuery.All)) {
            out.add(q);
        }
    }

    /** The {@code facet} parameters, each name looked up in the index's facet fields. */
    static List<Requested> parse(List<String> params,
            java.util.function.Function<String, java.util.Optional<FacetFields.Facet>> facets) {
        Map<String, Requested> out = new LinkedHashMap<>();
        for (String param : params) {
            for (String f : param.split(",")) {
                Matcher m = FORMAT.matcher(f.trim());
                if (!m.matches()) {
                    throw new InvalidSearch("Invalid facet name format, must be '{facetName}' or "
                            + "'{facetName}:{facetLimit}'", "facet", f);
                }
                FacetFields.Facet facet = facets.apply(m.group(1))
                        .orElseThrow(() -> new InvalidSearch("Invalid facet value", "facet", m.group(1)));
                int size = m.group(3) == null ? Integer.MAX_VALUE
                        : (int) Math.min(Integer.MAX_VALUE, Long.parseLong(m.group(3)));
                out.put(facet.name(), new Requested(facet, size));
            }
        }
        return List.copyOf(out.values());
    }
}
