package org.quire.platform.cql;

import java.util.List;
import java.util.Objects;

/**
 * The SQL form of a CQL query.
 *
 * @param where a boolean SQL expression with '?' placeholders; "TRUE" when unrestricted
 * @param params values for the placeholders, in order, for {@code PreparedStatement.setObject}
 * @param orderBy "" or a list like "barcode DESC NULLS LAST, lower(title) ASC", without ORDER BY
 */
public record SqlWhere(String where, List<Object> params, String orderBy) {
    public SqlWhere {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(orderBy, "orderBy");
        params = List.copyOf(params);
    }
}
