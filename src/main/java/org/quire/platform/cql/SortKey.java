package org.quire.platform.cql;

import java.util.Objects;

/**
 * One key of {@code sortBy}; descending when {@code /sort.descending} was given, numeric with RMB's {@code /number}
 * (which matters only where the key is sorted by its JSON value, see {@link CqlFields#withJsonSort}).
 */
public record SortKey(String index, boolean descending, boolean numeric) {
    public SortKey {
        Objects.requireNonNull(index, "index");
    }

    public SortKey(String index, boolean descending) {
        this(index, descending, false);
    }
}
