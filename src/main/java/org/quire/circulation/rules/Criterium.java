package org.quire.circulation.rules;

import java.util.Set;

/** One criterium of a rule line: a type and its name selection. */
record Criterium(CriteriumType type, Selection selection, Set<String> names) {

    enum Selection {
        /** {@code all}: matches everything but still counts for the priority regulations. */
        ALL,
        /** {@code name1 name2}: the fact must be one of the names. */
        ANY_OF,
        /** {@code !name1 !name2}: the fact must be none of the names. */
        NONE_OF
    }

    Criterium {
        names = Set.copyOf(names);
    }

    boolean matches(RuleCriteria criteria) {
        String value = type.valueIn(criteria);
        return switch (selection) {
            case ALL -> true;
            case ANY_OF -> value != null && names.contains(value);
            case NONE_OF -> value == null || !names.contains(value);
        };
    }
}
