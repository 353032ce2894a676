package org.quire.platform.cql;

import java.util.Objects;

/** One key of {@code sortBy}; descending when {@code /sort.descending} was given. */
public record SortKey(String index, boolean descending) {
    public SortKey {
        Objects.requireNonNull(index, "index");
    }
}
