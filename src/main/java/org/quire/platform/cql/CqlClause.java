package org.quire.platform.cql;

import java.util.List;
import java.util.Objects;

/**
 * {@code index relation term}, or a bare term (then index is null and relation is "=").
 *
 * @param index the index as written by the client, or null for a bare term
 * @param relation "=", "==", "<>", "<", ">", "<=", ">=", "all", "any", "adj", "exact", "within" or
 *     "encloses", lowercased
 * @param relationModifiers modifiers as written, without the '/': "string", "respectCase",
 *     "distance=1"
 * @param term the term without surrounding quotes but with backslash escapes kept ({@code \*},
 *     {@code \"}, {@code \\}), so that the translator can tell a masking {@code *} from a literal one
 */
public record CqlClause(String index, String relation, List<String> relationModifiers, String term)
        implements CqlNode {
    public CqlClause {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(term, "term");
        relationModifiers = List.copyOf(relationModifiers);
    }

    /** True if a modifier with this name (ignoring case and any value) is present. */
    public boolean hasModifier(String name) {
        for (String modifier : relationModifiers) {
            String modifierName = modifier.split("[=<>]", 2)[0];
            if (modifierName.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
