package org.quire.search;

import java.util.List;

/**
 * Quire's engine-neutral search query: what CQL means after mod-search's rules were applied ({@link CqlTranslator}).
 * An engine only translates these records (Lucene: LuceneQueries), so a second engine does not re-read CQL.
 * Field names are index fields of {@link SearchFields}; values are as the client wrote them (each engine applies
 * the field kind's normaliser).
 */
public sealed interface SearchQuery {
    enum TextMode { ALL, ANY, PHRASE }

    /** Every document. */
    record All() implements SearchQuery {
    }

    /** No document. */
    record None() implements SearchQuery {
    }

    /** Words of {@code text} in full-text fields: every word in some field (ALL), any (ANY), in order (PHRASE). */
    record Text(List<String> fields, String text, TextMode mode) implements SearchQuery {
    }

    /** A whole value equal to {@code value} after keyword_icu folding, in any field's plain copy ({@code ==/string}). */
    record Plain(List<String> fields, String value) implements SearchQuery {
    }

    /** An exact term in a keyword, bool or date field. */
    record Term(String field, String value) implements SearchQuery {
    }

    /**
     * A whole value matching {@code pattern} ({@code *} any run of characters, {@code \}-escapes literal), in any of
     * the fields: the plain copies of full-text fields, the values themselves of keyword fields.
     */
    record Wildcard(List<String> fields, String pattern) implements SearchQuery {
    }

    /** A range over a keyword field (lexical) or a date field (instants as epoch millis); null bounds are open. */
    record Range(String field, String lower, boolean lowerInclusive, String upper, boolean upperInclusive)
            implements SearchQuery {
    }

    /** The field has a value, an empty string included (mod-search's exists query for {@code field=""}). */
    record Exists(String field) implements SearchQuery {
    }

    record And(List<SearchQuery> all) implements SearchQuery {
    }

    record Or(List<SearchQuery> any) implements SearchQuery {
    }

    /** {@code positive NOT negative} (cql-java's binary not: must(positive) and must_not(negative)). */
    record Not(SearchQuery positive, SearchQuery negative) implements SearchQuery {
    }

    /** A sort key (an index field with doc values) or, when {@code field} is null, relevance. */
    record Sort(String field, boolean descending) {
        public static final Sort RELEVANCE = new Sort(null, false);
        /**
         * The items' statuses (instance.json items.status.name "sort": "collection", secondarySort sort_title): a
         * multi-valued key, by its smallest value ascending and its largest descending, ties by title.
         */
        public static final String ITEM_STATUS = "sort_items.status.name";
    }
}
