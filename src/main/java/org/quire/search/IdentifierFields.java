package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.search.normalize.ClassificationNumber;
import org.quire.search.normalize.IdentifierQuery;
import org.quire.search.normalize.Isbn;
import org.quire.search.normalize.Lccn;
import org.quire.search.normalize.Oclc;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The identifier search options of mod-search's instance.json "searchFields" — {@code isbn}, {@code issn},
 * {@code lccn}, {@code canceledLccn}, {@code oclc}, {@code normalizedClassificationNumber} — whose values a processor
 * computes at indexing (IsbnProcessor, IssnProcessor, LccnInstanceProcessor, CanceledLccnInstanceProcessor,
 * OclcProcessor, ClassificationNumberProcessor) and whose search terms go through the same normaliser
 * (IsbnSearchTermProcessor, LccnSearchTermProcessor, OclcSearchTermProcessor,
 * ClassificationNumberSearchTermProcessor). The normalisers are search.normalize's; both sides store and look up
 * the normalised form, so these fields are {@link FieldKind#KEYWORD} (matched as is). {@code identifiers.value}
 * is not touched: it stays the full-text field mod-search has.
 */
final class IdentifierFields {
    private IdentifierFields() {
    }

    /*
     * Identifier types by FOLIO's reference-data ids (mod-inventory-storage identifier-types, as Quire's
     * reference/identifier-types.json); mod-search resolves the same names: "ISBN", "Invalid ISBN"; "ISSN",
     * "Invalid ISSN"; "LCCN"; "Canceled LCCN"; "OCLC".
     */
    static final Set<String> ISBN = Set.copyOf(InstanceDocument.ISBN_TYPES);
    static final Set<String> ISSN = Set.of("913300b2-03ed-469a-8179-c1092c991227",
            "27fd35a6-b8f6-41f2-aa0e-9c663ceb250c");
    static final Set<String> LCCN = Set.of("c858e4f2-2b6b-4385-842b-60732ee14abb");
    static final Set<String> CANCELED_LCCN = Set.of("c858e4f2-2b6b-4385-842b-60532ee34abb");
    static final Set<String> OCLC = Set.of("439bfbae-75bc-4f74-9fc7-b2a2d47ce3ef");

    static final String CLASSIFICATION = "normalizedClassificationNumber";
    static final String CLASSIFICATION_ID = "classificationId";

    /** Field → kind, for SearchFields.FIELDS. */
    static final Map<String, FieldKind> KINDS = Map.of("isbn", FieldKind.KEYWORD, "issn", FieldKind.KEYWORD,
            "lccn", FieldKind.KEYWORD, "canceledLccn", FieldKind.KEYWORD, "oclc", FieldKind.KEYWORD,
            CLASSIFICATION, FieldKind.KEYWORD, CLASSIFICATION_ID, FieldKind.KEYWORD);

    /** The normalised values of the identifier fields of an instance. */
    static Map<String, List<String>> values(JsonNode instance) {
        return Map.of(
                "isbn", identifiers(instance, ISBN, Isbn::indexTerms),
                "issn", identifiers(instance, ISSN, v -> List.of(issn(v))),
                "lccn", identifiers(instance, LCCN, Lccn::indexTerms),
                "canceledLccn", identifiers(instance, CANCELED_LCCN, Lccn::indexTerms),
                "oclc", identifiers(instance, OCLC, Oclc::indexTerms),
                CLASSIFICATION, classifications(instance),
                CLASSIFICATION_ID, classificationIds(instance));
    }

    private static List<String> identifiers(JsonNode instance, Set<String> types,
            Function<String, List<String>> terms) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode identifier : instance.path("identifiers")) {
            String value = identifier.path("value").asText("");
            if (types.contains(identifier.path("identifierTypeId").asText()) && !value.isBlank()) {
                out.addAll(terms.apply(value));
            }
        }
        return new ArrayList<>(out);
    }

    private static List<String> classifications(JsonNode instance) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode c : instance.path("classifications")) {
            out.addAll(ClassificationNumber.indexTerms(c.path("classificationNumber").asText(null)));
        }
        return new ArrayList<>(out);
    }

    /** mod-search's ClassificationIdsProcessor: the id of each classification (see {@link #classificationId}). */
    private static List<String> classificationIds(JsonNode instance) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode c : instance.path("classifications")) {
            String id = classificationId(c.path("classificationNumber").asText(null),
                    c.path("classificationTypeId").asText(null));
            if (id != null) out.add(id);
        }
        return new ArrayList<>(out);
    }

    /**
     * The id mod-search gives a classification (ClassificationIdsProcessor, ClassificationResourceExtractor; the id of
     * its classification browse records): the SHA-1, in lower-case hex, of the number with each backslash doubled and
     * cut to 50 characters, a bar, and the type id (empty when none); null for a blank number, which has no id.
     */
    static String classificationId(String number, String typeId) {
        if (number == null) return null;
        String prepared = number.replace("\\", "\\\\");
        if (prepared.length() > 50) prepared = prepared.substring(0, 50);
        if (prepared.isBlank()) return null;
        try {
            byte[] sha = java.security.MessageDigest.getInstance("SHA-1")
                    .digest((prepared + "|" + (typeId == null ? "" : typeId)).getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(sha);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every Java platform", e);
        }
    }

    /** mod-search's issn field is keyword_uppercase over the trimmed value (IssnProcessor). */
    private static String issn(String value) {
        return value.strip().toUpperCase(Locale.ROOT);
    }

    /**
     * The query of an identifier option, or null if {@code index} is none of them. Every equality relation looks
     * the normalised terms up, {@code <>} negates, ranges are refused as for any unsupported comparator.
     */
    static SearchQuery query(String index, String relation, String term) {
        String t = CqlTranslator.unescape(term);
        IdentifierQuery q = switch (index) {
            case "isbn" -> Isbn.query(t);
            case "issn" -> t.isBlank() ? new IdentifierQuery(List.of(), List.of())
                    : new IdentifierQuery(List.of(issn(t)), List.of());
            case "lccn", "canceledLccn" -> Lccn.query(t);
            case "oclc" -> Oclc.query(t);
            case CLASSIFICATION -> new IdentifierQuery(List.of(ClassificationNumber.queryTerm(t)), List.of());
            default -> null;
        };
        if (q == null) return null;
        SearchQuery positive = q.matchesNothing() ? new SearchQuery.None() : lookup(index, q);
        return switch (relation) {
            case "=", "==", "all", "any", "adj" -> positive;
            case "<>" -> new SearchQuery.Not(new SearchQuery.All(), positive);
            default -> throw CqlTranslator.unsupported(relation);
        };
    }

    /** Some of {@code anyOf} (when given) and all of {@code allOf}. */
    private static SearchQuery lookup(String field, IdentifierQuery q) {
        List<SearchQuery> all = new ArrayList<>();
        if (!q.anyOf().isEmpty()) {
            List<SearchQuery> any = new ArrayList<>();
            for (String t : q.anyOf()) any.add(one(field, t));
            all.add(any.size() == 1 ? any.getFirst() : new SearchQuery.Or(any));
        }
        for (String t : q.allOf()) all.add(one(field, t));
        return all.size() == 1 ? all.getFirst() : new SearchQuery.And(all);
    }

    /** A normalised term: a {@code *} in it is a truncation wildcard, anything else an exact term. */
    private static SearchQuery one(String field, String term) {
        if (term.indexOf('*') < 0) return new SearchQuery.Term(field, term);
        StringBuilder pattern = new StringBuilder(); // SearchQuery.Wildcard: a backslash escapes a literal
        for (char ch : term.toCharArray()) {
            if (ch == '\\') pattern.append('\\');
            pattern.append(ch);
        }
        return new SearchQuery.Wildcard(List.of(field), pattern.toString());
    }
}
