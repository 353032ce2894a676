package org.quire.search.normalize;

import java.util.List;
import java.util.regex.Pattern;

/** A minimal stand-in for the engine: does a query match a record whose field holds these index terms? */
final class Matching {
    private Matching() {}

    static boolean matches(IdentifierQuery q, List<String> indexed) {
        if (q.matchesNothing()) {
            return false;
        }
        boolean any = q.anyOf().isEmpty() || q.anyOf().stream().anyMatch(t -> termMatches(t, indexed));
        return any && q.allOf().stream().allMatch(t -> termMatches(t, indexed));
    }

    static boolean termMatches(String term, List<String> indexed) {
        Pattern p = Pattern.compile(Pattern.quote(term).replace("*", "\\E.*\\Q"));
        return indexed.stream().anyMatch(i -> p.matcher(i).matches());
    }
}
