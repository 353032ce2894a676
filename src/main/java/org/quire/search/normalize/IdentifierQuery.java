package org.quire.search.normalize;

import java.util.List;

/**
 * The terms a search term becomes, to be looked up in the field whose values went through the same class's
 * {@code indexTerms}. A record matches when (if {@code anyOf} is not empty) at least one of {@code anyOf} matches and
 * every one of {@code allOf} matches. Both empty: the term normalised to nothing, and the query matches no record. A term ending in {@code *} is a prefix
 * (truncation) term, one starting with {@code *} a leading wildcard; the engine decides how to run those.
 */
public record IdentifierQuery(List<String> anyOf, List<String> allOf) {

    public IdentifierQuery {
        anyOf = List.copyOf(anyOf);
        allOf = List.copyOf(allOf);
    }

    static final IdentifierQuery NOTHING = new IdentifierQuery(List.of(), List.of());

    static IdentifierQuery anyOf(List<String> terms) {
        return new IdentifierQuery(terms, List.of());
    }

    /** True when the term normalised to nothing: the query must match no record. */
    public boolean matchesNothing() {
        return anyOf.isEmpty() && allOf.isEmpty();
    }
}
