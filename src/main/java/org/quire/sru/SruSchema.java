package org.quire.sru;

import java.util.Locale;

/**
 * The record schemas served, by the identifiers SRU's schema list gives them and the short names clients send
 * (YAZ and MarcEdit send {@code marcxml}; LoC's own server also answers {@code MARC21-xml}).
 */
enum SruSchema {
    MARCXML("marcxml", "info:srw/schema/1/marcxml-v1.1", "MARCXML", "MARC21-xml", "marc21", "marcxml-v1.1"),
    DC("dc", "info:srw/schema/1/dc-v1.1", "Dublin Core", "dc-v1.1", "info:srw/schema/1/dc-schema");

    /** The schema of a record that could not be given in the requested one (a surrogate diagnostic). */
    static final String DIAGNOSTICS = "info:srw/schema/1/diagnostics-v1.1";

    final String name;
    final String identifier;
    final String title;
    private final String[] aliases;

    SruSchema(String name, String identifier, String title, String... aliases) {
        this.name = name;
        this.identifier = identifier;
        this.title = title;
        this.aliases = aliases;
    }

    /** The schema a {@code recordSchema} value names (case-insensitively), or null. */
    static SruSchema of(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (SruSchema s : values()) {
            if (s.name.equals(v) || s.identifier.equals(v)) return s;
            for (String a : s.aliases) if (a.toLowerCase(Locale.ROOT).equals(v)) return s;
        }
        return null;
    }
}
