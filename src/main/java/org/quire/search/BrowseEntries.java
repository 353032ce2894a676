package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.search.callnumber.CallNumberClassifier;
import org.quire.search.callnumber.CallNumberScheme;
import org.quire.search.callnumber.ShelfKeys;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The browse entries of an instance document (mod-search's browse resources INSTANCE_CALL_NUMBER,
 * INSTANCE_CLASSIFICATION, INSTANCE_SUBJECT, INSTANCE_CONTRIBUTOR), engine-neutral. An entry is one distinct
 * combination of values (mod-search docs/features/*-browse.md: call number = callNumber, prefix, suffix, typeId;
 * classification = number, typeId; subject = value, authorityId, sourceId, typeId; contributor = name, name type,
 * authorityId) written as ONE term: its sort key, then its parts, separated by {@link #SEP}. The key comes first, so
 * the term order is browse order: shelf order ({@link ShelfKeys}) for call and classification numbers, the folded
 * value for subjects and contributors.
 */
public final class BrowseEntries {
    private BrowseEntries() {
    }

    static final char SEP = '\u0001';
    /** FOLIO's classification types LC and Dewey (mod-inventory-storage reference data; mod-search browse config). */
    static final String LC_CLASSIFICATION = "ce176ace-a53e-4b4d-aa89-725ed7b2edac";
    static final String DEWEY_CLASSIFICATION = "42471af9-7d25-4f3a-bf78-60d29dcf463b";

    /** What is browsed: the anchor field of its CQL, its options, whether an entry counts items (else instances). */
    public enum Kind {
        CALL_NUMBER("fullCallNumber", List.of("all", "lc", "dewey", "nlm", "sudoc", "other"), true),
        CLASSIFICATION("number", List.of("all", "lc", "dewey"), false),
        SUBJECT("value", List.of(""), false),
        CONTRIBUTOR("name", List.of(""), false);

        final String anchorField;
        final List<String> options;
        final boolean countsItems;

        Kind(String anchorField, List<String> options, boolean countsItems) {
            this.anchorField = anchorField;
            this.options = options;
            this.countsItems = countsItems;
        }

        /** The index field of an option's entries. */
        public String field(String option) {
            return "browse_" + name().toLowerCase() + (option.isEmpty() ? "" : "_" + option);
        }
    }

    /** The contributor role ids of a contributor entry: terms {@code <entry term> SEP <contributorTypeId>}. */
    static final String CONTRIBUTOR_TYPES = "browse_contributor_types";
    /**
     * The effective locations of a call number entry's items (mod-search's {@code instances.locationId}, a facet of
     * call numbers): terms {@code <entry term> SEP <effectiveLocationId>} ({@link #callNumberLocations}). OpenSearch
     * indexes them; the embedded engine derives them when asked (LuceneBrowse.forEachLocation), which keeps them out of
     * every document (a field of its own measured 30–45% slower searches at 20 users, on a machine whose speed was
     * later found to drift by as much between hours; docs/benchmarks.md).
     */
    static final String CALL_NUMBER_LOCATIONS = "browse_call_number_locations";

    /** Whether a field holds an entry's companion values (its terms are an entry term, SEP and a value), not entries. */
    static boolean isCompanion(String field) {
        return field.equals(CONTRIBUTOR_TYPES) || field.equals(CALL_NUMBER_LOCATIONS);
    }

    /** An entry read back from the index: its term split, and its count of live instances (or items). */
    public record Entry(String key, List<String> parts, long count, String singleSource) {
    }

    /** The sort key of an anchor, as the entries of that field were keyed. */
    public static String anchorKey(Kind kind, String option, String anchor) {
        return clean(switch (kind) {
            case CALL_NUMBER -> ShelfKeys.of(CallNumberScheme.fromBrowseOption(option).orElse(null), anchor);
            case CLASSIFICATION -> ShelfKeys.of(classificationScheme(option), anchor);
            case SUBJECT, CONTRIBUTOR -> LuceneAnalyzers.fold(anchor.strip());
        });
    }

    private static CallNumberScheme classificationScheme(String option) {
        return switch (option) {
            case "lc" -> CallNumberScheme.LC;
            case "dewey" -> CallNumberScheme.DEWEY;
            default -> null;
        };
    }

    /** Field → the entry terms of the document (a term repeated once per item for call numbers). */
    public static Map<String, List<String>> of(ObjectNode source) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (JsonNode item : source.path("items")) {
            CallNumberEntry e = callNumberEntry(item);
            if (e == null) continue;
            add(out, Kind.CALL_NUMBER.field("all"), e.term());
            add(out, Kind.CALL_NUMBER.field(e.scheme().browseOption()), e.term());
        }
        for (JsonNode c : source.path("classifications")) {
            String number = text(c, "classificationNumber");
            if (number.isBlank()) continue;
            String typeId = text(c, "classificationTypeId");
            addOnce(out, Kind.CLASSIFICATION.field("all"), term(ShelfKeys.of(number), number, typeId));
            if (typeId.equals(LC_CLASSIFICATION)) {
                addOnce(out, Kind.CLASSIFICATION.field("lc"), term(ShelfKeys.of(CallNumberScheme.LC, number), number,
                        typeId));
            } else if (typeId.equals(DEWEY_CLASSIFICATION)) {
                addOnce(out, Kind.CLASSIFICATION.field("dewey"), term(ShelfKeys.of(CallNumberScheme.DEWEY, number),
                        number, typeId));
            }
        }
        for (JsonNode s : source.path("subjects")) {
            String value = s.isTextual() ? s.asText() : text(s, "value");
            if (value.isBlank()) continue;
            addOnce(out, Kind.SUBJECT.field(""), term(LuceneAnalyzers.fold(value.strip()), value.strip(),
                    text(s, "authorityId"), text(s, "sourceId"), text(s, "typeId")));
        }
        for (JsonNode c : source.path("contributors")) {
            String name = text(c, "name");
            if (name.isBlank()) continue;
            String term = term(LuceneAnalyzers.fold(name.strip()), name.strip(), text(c, "contributorNameTypeId"),
                    text(c, "authorityId"));
            addOnce(out, Kind.CONTRIBUTOR.field(""), term);
            String role = text(c, "contributorTypeId");
            if (!role.isBlank()) addOnce(out, CONTRIBUTOR_TYPES, term + SEP + clean(role));
        }
        return out;
    }

    /** The {@link #CALL_NUMBER_LOCATIONS} terms of a document: each call number entry with its item's location. */
    static List<String> callNumberLocations(ObjectNode source) {
        List<String> out = new ArrayList<>();
        for (JsonNode item : source.path("items")) {
            CallNumberEntry e = callNumberEntry(item);
            String location = text(item, "effectiveLocationId");
            if (e == null || location.isBlank()) continue;
            String term = e.term() + SEP + clean(location);
            if (!out.contains(term)) out.add(term);
        }
        return out;
    }

    /** An item's call number entry: its term and its shelving scheme. */
    private record CallNumberEntry(String term, CallNumberScheme scheme) {
    }

    /** The call number entry of an item (its effective call number components), null without a call number. */
    private static CallNumberEntry callNumberEntry(JsonNode item) {
        JsonNode c = item.path("effectiveCallNumberComponents");
        String callNumber = text(c, "callNumber");
        if (callNumber.isBlank()) return null;
        String suffix = text(c, "suffix");
        String typeId = text(c, "typeId");
        String full = suffix.isBlank() ? callNumber : callNumber + " " + suffix; // mod-search's fullCallNumber
        CallNumberScheme scheme = CallNumberScheme.fromTypeId(typeId).orElseGet(() -> CallNumberClassifier
                .classify(callNumber));
        return new CallNumberEntry(term(ShelfKeys.of(scheme, full), full, callNumber, text(c, "prefix"), suffix,
                typeId), scheme);
    }

    /** The parts of a term (without its key). */
    static Entry decode(String term, long count, String singleSource) {
        List<String> parts = new ArrayList<>(List.of(term.split(String.valueOf(SEP), -1)));
        String key = parts.removeFirst();
        return new Entry(key, parts, count, singleSource);
    }

    static String term(String key, String... parts) {
        StringBuilder b = new StringBuilder(clean(key));
        for (String p : parts) b.append(SEP).append(clean(p));
        return b.toString();
    }

    /** Control characters would break the term layout (and its inversion): they become spaces. */
    static String clean(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            b.append(ch < 0x20 ? ' ' : ch);
        }
        return b.toString();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? "" : v.asText();
    }

    private static void add(Map<String, List<String>> out, String field, String term) {
        out.computeIfAbsent(field, f -> new ArrayList<>()).add(term);
    }

    private static void addOnce(Map<String, List<String>> out, String field, String term) {
        List<String> terms = out.computeIfAbsent(field, f -> new ArrayList<>());
        if (!terms.contains(term)) terms.add(term);
    }
}
