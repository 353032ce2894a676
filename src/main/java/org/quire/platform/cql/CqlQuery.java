package org.quire.platform.cql;

import java.util.List;
import java.util.Objects;

/** A parsed CQL query: the search tree and the sortBy keys (empty when there is no sortBy). */
public record CqlQuery(CqlNode root, List<SortKey> sortKeys) {
    public CqlQuery {
        Objects.requireNonNull(root, "root");
        sortKeys = List.copyOf(sortKeys);
    }
}
