package org.quire.search;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The instance index's fields and their kinds, named as mod-search names them (src/main/resources/model/instance.json),
 * and the search options (searchAliases) that query several fields at once. A field name is also the path of its
 * values in the instance JSON ({@code holdings.} and {@code items.} paths in the holdings and item JSON).
 */
public final class SearchFields {
    private SearchFields() {
    }

    /** Index field → kind. mod-search's "multilang" and "standard" fields are FULLTEXT here. */
    public static final Map<String, FieldKind> FIELDS = fields();

    /**
     * Search options that cover several full-text fields (instance.json searchAliases). {@code keyword} no longer
     * covers identifiers (mod-search v6.0, MSEARCH-1118).
     */
    public static final Map<String, List<String>> ALIASES = Map.of(
            "keyword", List.of("title", "alternativeTitles.alternativeTitle", "indexTitle", "series.value",
                    "contributors.name"),
            "title", List.of("title", "alternativeTitles.alternativeTitle", "indexTitle", "series.value"),
            "series", List.of("series.value"),
            "contributors", List.of("contributors.name"),
            "subjects", List.of("subjects.value"),
            "publisher", List.of("publication.publisher"));

    /** Sort option → the field holding its sort key (instance.json searchFields sort_title, sort_contributors). */
    public static final Map<String, String> SORTS = Map.of("title", "sort_title", "contributors", "sort_contributors",
            "normalizedDate1", "sort_normalizedDate1", // instance.json normalizedDate1 "sort": single
            "items.status.name", SearchQuery.Sort.ITEM_STATUS, "item.status.name", SearchQuery.Sort.ITEM_STATUS);

    /** A search option resolved to its fields, all of one kind. */
    public record Option(List<String> fields, FieldKind kind) {
    }

    /**
     * The fields of a CQL index, {@code item.} read as {@code items.} (mod-search's ItemSearchFieldModifier);
     * empty when mod-search would answer "Invalid search field provided in the CQL query".
     */
    public static Optional<Option> option(String index) {
        String name = index.startsWith("item.") ? "items." + index.substring("item.".length()) : index;
        List<String> aliased = ALIASES.get(name);
        if (aliased != null) return Optional.of(new Option(aliased, FieldKind.FULLTEXT));
        FieldKind kind = FIELDS.get(name);
        return kind == null ? Optional.empty() : Optional.of(new Option(List.of(name), kind));
    }

    private static Map<String, FieldKind> fields() {
        Map<String, FieldKind> f = new LinkedHashMap<>();
        for (String ft : List.of("title", "alternativeTitles.alternativeTitle", "indexTitle", "series.value",
                "contributors.name", "subjects.value", "identifiers.value", "publication.publisher", "tags.tagList",
                "notes.note", "administrativeNotes")) {
            f.put(ft, FieldKind.FULLTEXT);
        }
        for (String lower : List.of("id", "hrid", "languages", "statusId", "instanceTypeId", "modeOfIssuanceId",
                "instanceFormatIds", "natureOfContentTermIds", "statisticalCodeIds", "identifiers.identifierTypeId",
                "contributors.contributorNameTypeId", "contributors.contributorTypeId", "contributors.authorityId",
                "subjects.authorityId", "classifications.classificationTypeId",
                "metadata.createdByUserId", "metadata.updatedByUserId",
                "holdings.id", "holdings.hrid", "holdings.permanentLocationId", "holdings.holdingsTypeId",
                "items.id", "items.hrid", "items.effectiveLocationId", "items.materialTypeId")) {
            f.put(lower, FieldKind.KEYWORD_LOWERCASE);
        }
        for (String exact : List.of("source", "tenantId", "items.status.name", "holdings.sourceId",
                "items.holdingsRecordId")) {
            f.put(exact, FieldKind.KEYWORD);
        }
        for (String icu : List.of("items.barcode", "classifications.classificationNumber", "items.accessionNumber",
                "electronicAccess.uri")) {
            f.put(icu, FieldKind.KEYWORD_ICU);
        }
        for (String bool : List.of("discoverySuppress", "staffSuppress", "isBoundWith", "shared",
                "holdings.discoverySuppress", "items.discoverySuppress")) {
            f.put(bool, FieldKind.BOOL);
        }
        for (String date : List.of("metadata.createdDate", "metadata.updatedDate", "holdings.metadata.createdDate",
                "holdings.metadata.updatedDate", "items.metadata.createdDate", "items.metadata.updatedDate")) {
            f.put(date, FieldKind.DATE);
        }
        f.putAll(IdentifierFields.KINDS); // isbn, issn, lccn, canceledLccn, oclc, normalizedClassificationNumber
        f.putAll(ComputedFields.KINDS);   // the other processor-computed fields and more holdings/items paths
        return Map.copyOf(f);
    }
}
