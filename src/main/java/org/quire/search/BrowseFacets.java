package org.quire.search;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * mod-search's facets of its browse record types, {@code /search/{contributors|subjects|classifications|call-numbers}
 * /facets}, which FOLIO's inventory asks in its browse mode ({@code query=(cql.allRecords=1)} or {@code id=*}, then the
 * selected filters, e.g. {@code contributorNameTypeId==("…") and instances.shared==("false")}). mod-search counts them
 * with a terms aggregation over its browse indexes, whose documents are the distinct browse entries (model
 * contributor.json, v2_subject.json, instance_classification.json, v2_call_number.json; the fields marked "facet"). So
 * here: a value's count is the number of distinct live entries ({@link BrowseEntries}) that match the query and have
 * it, with {@link InstanceFacets}' multi-select rules. The query is evaluated on each entry, a walk of all of the
 * kind's entries: no index of its own, the cost of one walk per requested facet.
 * <p>
 * A tenant's entries are all its own ({@code instances.tenantId} is the tenant, {@code instances.shared} "false":
 * there is no consortium here). {@code instances.locationId} of a call number is its items' effective locations.
 */
public final class BrowseFacets {
    /** The facts about one entry a field reads: its term, its parts, and its locations when asked (on first need). */
    record Facts(String term, List<String> parts, java.util.function.Supplier<Set<String>> locations) {
    }

    /** A CQL field of a browse record type: its kind, an entry's values of it, and whether it is a facet. */
    record Field(FieldKind kind, Function<Facts, List<String>> values, boolean facet) {
    }

    /** A browse record type: the index field of its entries, and its fields by CQL name. */
    record Type(String entries, Map<String, Field> fields) {
    }

    /** The call number facet of the items' effective locations. */
    static final String LOCATION = "instances.locationId";

    private final SearchIndexes indexes;

    public BrowseFacets(SearchIndexes indexes) {
        this.indexes = indexes;
    }

    /** The record types served here, by their path segment. */
    static boolean serves(String recordType) {
        return List.of("contributors", "subjects", "classifications", "call-numbers").contains(recordType);
    }

    public ObjectNode facets(String tenant, String recordType, String cql, List<String> facetParams) {
        return facets(indexes.of(tenant), tenant, recordType, cql, facetParams);
    }

    static ObjectNode facets(InstanceIndex index, String tenant, String recordType, String cql,
            List<String> facetParams) {
        Type type = type(recordType, tenant);
        CqlTranslator.Fields cqlFields = new CqlTranslator.Fields(name -> Optional.ofNullable(type.fields().get(name))
                .map(f -> new SearchFields.Option(List.of(name), f.kind())), Map.of(), (field, relation, term) -> null);
        SearchQuery query = CqlTranslator.translate(cql, cqlFields).query();
        List<InstanceFacets.Requested> requested = InstanceFacets.parse(facetParams,
                name -> Optional.ofNullable(type.fields().get(name)).filter(Field::facet)
                        .map(f -> new FacetFields.Facet(name, List.of(name), f.kind())));
        Locations locations = new Locations(index);
        Map<String, Pattern> patterns = new HashMap<>(); // the query's wildcards, compiled once for the whole walk
        return InstanceFacets.count(query, requested, Set.of(), (counted, facet) -> {
            Field field = type.fields().get(facet);
            Map<String, Long> counts = new HashMap<>();
            java.util.function.Consumer<Facts> count = facts -> {
                if (!matches(counted, type, facts, patterns)) return;
                for (String v : new LinkedHashSet<>(normalised(field, facts))) counts.merge(v, 1L, Long::sum);
            };
            // An entry without a location adds nothing to the location facet: its walk is the entries that have one,
            // each with its locations at hand, instead of every entry looking its own up in a map of them all.
            if (facet.equals(LOCATION)) Locations.forEachWithLocations(index, count);
            else index.forEachBrowseTerm(type.entries(), term -> count.accept(locations.facts(term)));
            return counts;
        });
    }

    /** The fields of each record type (their names as mod-search's models give them). */
    static Type type(String recordType, String tenant) {
        Map<String, Field> f = new LinkedHashMap<>();
        f.put("id", new Field(FieldKind.KEYWORD, e -> List.of(e.term()), false)); // id=*: every entry
        Type type = switch (recordType) {
            case "contributors" -> {
                f.put("name", part(FieldKind.KEYWORD_ICU, 0, false));
                f.put("contributorNameTypeId", part(FieldKind.KEYWORD_LOWERCASE, 1, true));
                f.put("authorityId", part(FieldKind.KEYWORD_LOWERCASE, 2, false));
                yield new Type(BrowseEntries.Kind.CONTRIBUTOR.field(""), f);
            }
            case "subjects" -> {
                f.put("value", part(FieldKind.KEYWORD_ICU, 0, false));
                f.put("authorityId", part(FieldKind.KEYWORD_LOWERCASE, 1, false));
                f.put("sourceId", part(FieldKind.KEYWORD_LOWERCASE, 2, true));
                f.put("typeId", part(FieldKind.KEYWORD_LOWERCASE, 3, true));
                yield new Type(BrowseEntries.Kind.SUBJECT.field(""), f);
            }
            case "classifications" -> {
                f.put("number", part(FieldKind.KEYWORD_ICU, 0, false));
                f.put("typeId", part(FieldKind.KEYWORD_LOWERCASE, 1, false));
                yield new Type(BrowseEntries.Kind.CLASSIFICATION.field("all"), f);
            }
            case "call-numbers" -> {
                f.put("fullCallNumber", part(FieldKind.KEYWORD_ICU, 0, false));
                f.put("callNumberTypeId", part(FieldKind.KEYWORD_LOWERCASE, 4, true));
                f.put(LOCATION, new Field(FieldKind.KEYWORD_LOWERCASE,
                        e -> List.copyOf(e.locations().get()), true));
                yield new Type(BrowseEntries.Kind.CALL_NUMBER.field("all"), f);
            }
            default -> throw new IllegalArgumentException(recordType);
        };
        f.put("instances.tenantId", new Field(FieldKind.KEYWORD, e -> List.of(tenant), true));
        f.put("instances.shared", new Field(FieldKind.BOOL, e -> List.of("false"), true));
        return type;
    }

    private static Field part(FieldKind kind, int index, boolean facet) {
        return new Field(kind, e -> index < e.parts().size() && !e.parts().get(index).isEmpty()
                ? List.of(e.parts().get(index)) : List.of(), facet);
    }

    private static List<String> normalised(Field field, Facts facts) {
        List<String> out = new ArrayList<>();
        for (String v : field.values().apply(facts)) out.add(LuceneAnalyzers.normalise(field.kind(), v));
        return out;
    }

    /**
     * Whether an entry matches a query translated over the type's fields (each field one value list); {@code patterns}
     * keeps the wildcards compiled.
     */
    static boolean matches(SearchQuery q, Type type, Facts facts, Map<String, Pattern> patterns) {
        return switch (q) {
            case SearchQuery.All a -> true;
            case SearchQuery.None n -> false;
            case SearchQuery.And and -> and.all().stream().allMatch(p -> matches(p, type, facts, patterns));
            case SearchQuery.Or or -> or.any().stream().anyMatch(p -> matches(p, type, facts, patterns));
            case SearchQuery.Not not -> matches(not.positive(), type, facts, patterns)
                    && !matches(not.negative(), type, facts, patterns);
            case SearchQuery.Term t -> {
                Field f = type.fields().get(t.field());
                yield normalised(f, facts).contains(LuceneAnalyzers.normalise(f.kind(), t.value()));
            }
            case SearchQuery.Exists e -> !type.fields().get(e.field()).values().apply(facts).isEmpty();
            case SearchQuery.Wildcard w -> w.fields().stream().anyMatch(name -> {
                Field f = type.fields().get(name);
                Pattern p = patterns.computeIfAbsent(LuceneAnalyzers.normalise(f.kind(), w.pattern()),
                        BrowseFacets::wildcard);
                return normalised(f, facts).stream().anyMatch(v -> p.matcher(v).matches());
            });
            case SearchQuery.Range r -> {
                Field f = type.fields().get(r.field());
                yield normalised(f, facts).stream().anyMatch(v -> within(v, r, f.kind()));
            }
            // full-text forms: no browse field is full text, so the translator never makes these here
            case SearchQuery.Text t -> throw new InvalidSearch(CqlTranslator.INVALID_FIELD, "field", t.fields().getFirst());
            case SearchQuery.Plain p -> throw new InvalidSearch(CqlTranslator.INVALID_FIELD, "field", p.fields().getFirst());
        };
    }

    private static boolean within(String v, SearchQuery.Range r, FieldKind kind) {
        if (r.lower() != null) {
            int c = v.compareTo(LuceneAnalyzers.normalise(kind, r.lower()));
            if (c < 0 || (c == 0 && !r.lowerInclusive())) return false;
        }
        if (r.upper() != null) {
            int c = v.compareTo(LuceneAnalyzers.normalise(kind, r.upper()));
            if (c > 0 || (c == 0 && !r.upperInclusive())) return false;
        }
        return true;
    }

    /** A CQL wildcard pattern as a regular expression: {@code *} any run, {@code \x} the character x. */
    static Pattern wildcard(String pattern) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '\\' && i + 1 < pattern.length()) {
                re.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (ch == '*') {
                re.append(".*");
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    /** An entry's facts; its call number locations read once per request, on first need, from their own field. */
    private static final class Locations {
        private final InstanceIndex index;
        private Map<String, Set<String>> byEntry;

        Locations(InstanceIndex index) {
            this.index = index;
        }

        Facts facts(String term) {
            return new Facts(term, BrowseEntries.decode(term, 0, null).parts(), () -> of(term));
        }

        /**
         * Each call number entry that has locations, with them: the {@link BrowseEntries#CALL_NUMBER_LOCATIONS} terms
         * (entry, separator, location) come in term order, so an entry's come together.
         */
        static void forEachWithLocations(InstanceIndex index, java.util.function.Consumer<Facts> sink) {
            String[] entry = {null};
            Set<String> of = new java.util.TreeSet<>();
            index.forEachBrowseTerm(BrowseEntries.CALL_NUMBER_LOCATIONS, t -> {
                int sep = t.lastIndexOf(BrowseEntries.SEP);
                boolean same = entry[0] != null && entry[0].length() == sep && t.startsWith(entry[0]);
                if (!same) {
                    if (entry[0] != null) give(entry[0], of, sink);
                    of.clear();
                    entry[0] = t.substring(0, sep);
                }
                of.add(t.substring(sep + 1));
            });
            if (entry[0] != null) give(entry[0], of, sink);
        }

        private static void give(String entry, Set<String> locations, java.util.function.Consumer<Facts> sink) {
            Set<String> copy = Set.copyOf(locations);
            sink.accept(new Facts(entry, BrowseEntries.decode(entry, 0, null).parts(), () -> copy));
        }

        private Set<String> of(String entryTerm) {
            if (byEntry == null) {
                byEntry = new HashMap<>();
                index.forEachBrowseTerm(BrowseEntries.CALL_NUMBER_LOCATIONS, t -> {
                    int sep = t.lastIndexOf(BrowseEntries.SEP);
                    byEntry.computeIfAbsent(t.substring(0, sep), k -> new LinkedHashSet<>()).add(t.substring(sep + 1));
                });
            }
            return byEntry.getOrDefault(entryTerm, Set.of());
        }
    }
}
