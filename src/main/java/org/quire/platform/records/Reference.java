package org.quire.platform.records;

import org.quire.platform.cql.FieldType;

/** Shorthand for FOLIO's small reference record types: a unique {@code name} plus optional extra columns. */
public final class Reference {
    private Reference() {
    }

    public static RecordType.Builder named(String table, String collectionKey) {
        return RecordType.builder(table, collectionKey)
                .column("name", "name", FieldType.TEXT)
                .required("name")
                .keywords("name")
                .defaultSort("lower(name)");
    }
}
