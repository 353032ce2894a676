package org.quire.platform.cql;

import java.util.Objects;

/**
 * A CQL index a resource supports.
 *
 * @param name the index as clients send it, e.g. "barcode", "status.name"
 * @param column a trusted SQL expression (never user input), e.g. "status_name"
 * @param type how the column is compared
 */
public record CqlField(String name, String column, FieldType type) {
    public CqlField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(type, "type");
    }
}
