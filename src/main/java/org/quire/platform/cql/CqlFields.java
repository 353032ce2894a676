package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The CQL indexes a resource declares, plus the default fields a bare term searches. Immutable;
 * build it once per resource and share it.
 */
public final class CqlFields {

    /** Keyed by lowercased name because clients are inconsistent about index case. */
    private final Map<String, CqlField> byName;

    private final List<CqlField> defaults;

    private CqlFields(Map<String, CqlField> byName, List<CqlField> defaults) {
        this.byName = byName;
        this.defaults = defaults;
    }

    public static CqlFields of(CqlField... fields) {
        Map<String, CqlField> byName = new LinkedHashMap<>();
        for (CqlField field : fields) {
            if (byName.put(key(field.name()), field) != null) {
                throw new IllegalArgumentException("Duplicate CQL field: " + field.name());
            }
        }
        return new CqlFields(Collections.unmodifiableMap(byName), List.of());
    }

    /**
     * A copy whose bare terms, {@code cql.serverChoice} and {@code keywords} search these declared
     * fields, ORed.
     */
    public CqlFields withDefaults(String... fieldNames) {
        List<CqlField> chosen = new ArrayList<>();
        for (String name : fieldNames) {
            chosen.add(
                    find(name)
                            .orElseThrow(
                                    () -> new IllegalArgumentException("Default field is not declared: " + name)));
        }
        return new CqlFields(byName, List.copyOf(chosen));
    }

    /** The declared field for a CQL index, matched case-insensitively. */
    public Optional<CqlField> find(String index) {
        return index == null ? Optional.empty() : Optional.ofNullable(byName.get(key(index)));
    }

    public List<CqlField> defaults() {
        return defaults;
    }

    public List<CqlField> all() {
        return List.copyOf(byName.values());
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
