package org.quire.platform.records;

import org.quire.platform.cql.FieldType;

import java.util.HashMap;
import java.util.Map;

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

    /**
     * FOLIO's (RMB's) 422 messages for a duplicate in a table, keyed by Quire's constraint names
     * ({@code <table>_pkey}, {@code <table>_<column>_key}), for the ErrorMapper: "id value already exists in table
     * locinstitution: &lt;id&gt;", "lower(f_unaccent(jsonb ->> 'name'::text)) value already exists in table
     * location: Main Library" (mod-inventory-storage's LocationIT). {@code uniqueFields} are JSON property names;
     * their columns are the snake_case names.
     */
    public static Map<String, String> duplicateMessages(String table, String folioTable, String... uniqueFields) {
        Map<String, String> messages = new HashMap<>();
        messages.put(table + "_pkey", "id value already exists in table " + folioTable + ": %s");
        for (String field : uniqueFields) {
            messages.put(table + "_" + field.replaceAll("([A-Z])", "_$1").toLowerCase() + "_key",
                    "lower(f_unaccent(jsonb ->> '" + field + "'::text)) value already exists in table " + folioTable
                            + ": %s");
        }
        return messages;
    }
}
