package org.quire.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The authority index's fields, as mod-search's src/main/resources/model/authority.json defines them: the heading
 * families ({@code "type": "authority"} fields, index "standard" → full text here), each with its headingType and
 * authRefType; the common fields; the "searchFields" its processors compute (headingType, authRefType, headingRef,
 * isTitleHeadingRef). The {@code keyword} option covers every heading field (their searchAliases).
 */
public final class AuthorityFields {
    private AuthorityFields() {
    }

    /**
     * authority.json's {@code lccn} search field (LccnAuthorityProcessor): the identifiers of type LCCN or Canceled
     * LCCN, normalised as the instance index's lccn (search.normalize.Lccn), and searched through the same term
     * processing (lccnSearchTermProcessor).
     */
    static final String LCCN = "lccn";

    /** A heading field (authority.json: distinctType = the field name, headingType, authRefType, isTitleHeadingRef). */
    public record Heading(String field, String headingType, String authRefType, boolean title) {
    }

    /** The heading fields in authority.json's order (AuthorityEventPreProcessor makes documents in this order). */
    public static final List<Heading> HEADINGS = headings();

    /** Index field → kind. */
    public static final Map<String, FieldKind> FIELDS = fields();

    /** Sort option → doc-values field (authority.json: headingRef, headingType and authRefType are sortable). */
    public static final Map<String, String> SORTS = Map.of("headingRef", "sort_headingRef",
            "headingType", "sort_headingType", "authRefType", "sort_authRefType");

    /** The facets (authority.json "searchTypes": "facet"), with their kinds. */
    public static final Map<String, FieldKind> FACETS = Map.of("headingType", FieldKind.KEYWORD,
            "sourceFileId", FieldKind.KEYWORD, "tenantId", FieldKind.KEYWORD, "shared", FieldKind.BOOL,
            "subjectHeadings", FieldKind.KEYWORD_LOWERCASE);

    /** The field table CqlTranslator resolves authority queries with. */
    public static final CqlTranslator.Fields CQL = new CqlTranslator.Fields(AuthorityFields::option, SORTS,
            (index, relation, term) -> index.equals(LCCN) ? IdentifierFields.query(index, relation, term)
                    : index.equals("keyword") ? keyword(relation, term) : null);


    /**
     * {@code keyword}: every heading field (full text) and {@code identifiers.value} (keyword_lowercase), the fields
     * whose searchAliases name it: the words in the headings, or the whole term as an identifier. Wildcards cover
     * both (each field matched per its kind); the empty-value forms are left to the ordinary path (null).
     */
    private static SearchQuery keyword(String relation, String term) {
        if (term.isEmpty() || term.equals(EmptyValueQueries.EMPTY_ARRAY)) return null;
        List<String> headings = HEADINGS.stream().map(Heading::field).toList();
        if (CqlTranslator.hasWildcard(term)) {
            if (term.chars().allMatch(ch -> ch == '*')) return new SearchQuery.All();
            List<String> fields = new ArrayList<>(headings);
            fields.add(IDENTIFIER);
            SearchQuery w = new SearchQuery.Wildcard(fields, term);
            return relation.equals("<>") ? new SearchQuery.Not(new SearchQuery.All(), w) : w;
        }
        String value = CqlTranslator.unescape(term);
        boolean negated = relation.equals("<>");
        SearchQuery text = CqlTranslator.fullText(headings, negated ? "all" : relation, value, false);
        SearchQuery either = new SearchQuery.Or(List.of(text, new SearchQuery.Term(IDENTIFIER, value)));
        return negated ? new SearchQuery.Not(new SearchQuery.All(), either) : either;
    }

    private static final String IDENTIFIER = "identifiers.value";

    static Optional<SearchFields.Option> option(String index) {
        if (index.equals("keyword")) {
            return Optional.of(new SearchFields.Option(HEADINGS.stream().map(Heading::field).toList(),
                    FieldKind.FULLTEXT));
        }
        FieldKind kind = FIELDS.get(index);
        return kind == null ? Optional.empty() : Optional.of(new SearchFields.Option(List.of(index), kind));
    }

    private static List<Heading> headings() {
        List<Heading> out = new ArrayList<>();
        for (String[] family : new String[][] {
                {"personalName", "Personal Name"}, {"personalNameTitle", "Personal Name"},
                {"corporateName", "Corporate Name"}, {"corporateNameTitle", "Corporate Name"},
                {"meetingName", "Conference Name"}, {"meetingNameTitle", "Conference Name"},
                {"geographicName", "Geographic Name"}, {"uniformTitle", "Uniform Title"},
                {"topicalTerm", "Topical"}, {"genreTerm", "Genre"}}) {
            String name = family[0];
            boolean title = name.endsWith("Title") && !name.equals("uniformTitle");
            String capitalised = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            out.add(new Heading(name, family[1], "Authorized", title));
            out.add(new Heading("sft" + capitalised, family[1], "Reference", title));
            out.add(new Heading("saft" + capitalised, family[1], "Auth/Ref", title));
        }
        return List.copyOf(out);
    }

    private static Map<String, FieldKind> fields() {
        Map<String, FieldKind> f = new LinkedHashMap<>();
        for (Heading h : HEADINGS) f.put(h.field(), FieldKind.FULLTEXT);
        for (String lower : List.of("id", "naturalId", "headingRef", "authRefType", "subjectHeadings",
                "identifiers.value", "identifiers.identifierTypeId")) {
            f.put(lower, FieldKind.KEYWORD_LOWERCASE);
        }
        for (String exact : List.of("tenantId", "sourceFileId", "headingType")) f.put(exact, FieldKind.KEYWORD);
        f.put(LCCN, FieldKind.KEYWORD); // values already normalised, as IdentifierFields' lccn
        f.put("shared", FieldKind.BOOL);
        f.put("isTitleHeadingRef", FieldKind.BOOL);
        f.put("metadata.createdDate", FieldKind.DATE);
        f.put("metadata.updatedDate", FieldKind.DATE);
        return Map.copyOf(f);
    }
}
