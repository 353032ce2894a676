package org.quire.platform.cql;

import java.util.Objects;

/**
 * {@code left op right}. CQL gives all boolean operators equal precedence and left associativity, so
 * {@code a or b and c} is {@code (a or b) and c}. Boolean modifiers (e.g. {@code prox/distance=1})
 * are parsed but dropped, because no operator we serve uses them.
 *
 * @param op "and", "or", "not" or "prox", lowercased
 */
public record CqlBoolean(String op, CqlNode left, CqlNode right) implements CqlNode {
    public CqlBoolean {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
    }
}
