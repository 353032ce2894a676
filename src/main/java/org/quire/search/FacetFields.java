package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The instance facets: every field mod-search's model/instance.json marks {@code "searchTypes": ["facet", …]}, with
 * the paths of its values in the indexed source (instance JSON with {@code holdings} and {@code items}) and its
 * field kind (the value counted is the normalised one, as the terms aggregation counts the indexed term).
 * {@code instanceTags}, {@code holdingsTags}, {@code itemTags}, {@code holdingsTypeId} and {@code statisticalCodes}
 * are mod-search's "search" fields built by its processors (tagsProcessor …) from the listed paths.
 */
public final class FacetFields {
    private FacetFields() {
    }

    /** A facet: where its values are and how they are normalised; bool facets count a missing value as "false". */
    public record Facet(String name, List<String> paths, FieldKind kind) {
    }

    public static final Map<String, Facet> FACETS = facets();

    /** The facet of a requested name, {@code item.} read as {@code items.} (ItemSearchFieldModifier). */
    public static Optional<Facet> of(String name) {
        String n = name.startsWith("item.") ? "items." + name.substring("item.".length()) : name;
        return Optional.ofNullable(FACETS.get(n));
    }

    /** The distinct normalised values of each facet for one document's source. */
    public static Map<String, Set<String>> values(JsonNode source) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (Facet f : FACETS.values()) {
            Set<String> values = new LinkedHashSet<>();
            for (String path : f.paths()) {
                if (f.kind() == FieldKind.BOOL && (path.startsWith("holdings.") || path.startsWith("items."))) {
                    // instance.json "default": false for each holdings record / item without the flag
                    int dot = path.indexOf('.');
                    for (JsonNode element : source.path(path.substring(0, dot))) {
                        JsonNode flag = element.get(path.substring(dot + 1));
                        values.add(flag != null && flag.asBoolean(false) ? "true" : "false");
                    }
                    continue;
                }
                List<String> raw = new ArrayList<>();
                InstanceDocument.collect(source, path, raw);
                for (String v : raw) {
                    if (!v.isEmpty()) values.add(LuceneAnalyzers.normalise(f.kind(), v));
                }
            }
            if (!values.isEmpty()) out.put(f.name(), values);
        }
        return out;
    }

    private static Map<String, Facet> facets() {
        Map<String, Facet> m = new LinkedHashMap<>();
        put(m, FieldKind.KEYWORD, "source", "tenantId", "holdings.tenantId", "holdings.sourceId", "items.status.name");
        put(m, FieldKind.KEYWORD_LOWERCASE, "instanceTypeId", "statisticalCodeIds", "statusId", "instanceFormatIds",
                "languages", "modeOfIssuanceId", "natureOfContentTermIds", "items.effectiveLocationId",
                "items.materialTypeId", "holdings.holdingsTypeId", "holdings.permanentLocationId");
        put(m, FieldKind.KEYWORD_ICU, "items.statisticalCodeIds", "holdings.statisticalCodeIds", "tags.tagList");
        put(m, FieldKind.BOOL, "discoverySuppress", "staffSuppress", "isBoundWith", "shared",
                "items.discoverySuppress", "holdings.discoverySuppress");
        m.put("instanceTags", new Facet("instanceTags", List.of("tags.tagList"), FieldKind.KEYWORD_ICU));
        m.put("holdingsTags", new Facet("holdingsTags", List.of("holdings.tags.tagList"), FieldKind.KEYWORD_ICU));
        m.put("itemTags", new Facet("itemTags", List.of("items.tags.tagList"), FieldKind.KEYWORD_ICU));
        m.put("holdingsTypeId", new Facet("holdingsTypeId", List.of("holdings.holdingsTypeId"),
                FieldKind.KEYWORD_LOWERCASE));
        m.put("statisticalCodes", new Facet("statisticalCodes", List.of("statisticalCodeIds",
                "holdings.statisticalCodeIds", "items.statisticalCodeIds"), FieldKind.KEYWORD_ICU));
        return Map.copyOf(m);
    }

    private static void put(Map<String, Facet> m, FieldKind kind, String... names) {
        for (String n : names) m.put(n, new Facet(n, List.of(n), kind));
    }
}
