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

    /** The JSON column an undeclared sort key is read from (RMB's storage modules), or null: such a key is refused. */
    private final String jsonSort;

    /** A sort key that can name a JSON property: names of letters, digits and _ joined by dots. */
    private static final java.util.regex.Pattern PROPERTY_PATH =
            java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");

    private CqlFields(Map<String, CqlField> byName, List<CqlField> defaults, String jsonSort) {
        this.byName = byName;
        this.defaults = defaults;
        this.jsonSort = jsonSort;
    }

    public static CqlFields of(CqlField... fields) {
        Map<String, CqlField> byName = new LinkedHashMap<>();
        for (CqlField field : fields) {
            if (byName.put(key(field.name()), field) != null) {
                throw new IllegalArgumentException("Duplicate CQL field: " + field.name());
            }
        }
        return new CqlFields(Collections.unmodifiableMap(byName), List.of(), null);
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
        return new CqlFields(byName, List.copyOf(chosen), jsonSort);
    }

    /**
     * A copy that sorts by a key it does not declare as RMB's storage modules do: by that property of the record's
     * JSON in {@code column} (case-insensitive text, or a number with {@code /number}; records without it last).
     * FOLIO's apps send such keys ({@code sortby requestDate desc}, where cql-java reads "desc" as a second key;
     * {@code progress.total/number}); RMB answers them, and so must Quire, instead of a 400 that empties the screen.
     * Filters still name declared indexes only.
     */
    public CqlFields withJsonSort(String column) {
        return new CqlFields(byName, defaults, column);
    }

    /** The SQL of an undeclared sort key read from the JSON, when this resource allows it and the key is a path. */
    Optional<String> jsonSortExpression(SortKey key) {
        if (jsonSort == null || !PROPERTY_PATH.matcher(key.index()).matches()) return Optional.empty();
        String path = "'{" + key.index().replace('.', ',') + "}'";
        return Optional.of(key.numeric()
                ? "CASE WHEN jsonb_typeof(" + jsonSort + " #> " + path + ") = 'number' THEN (" + jsonSort + " #>> "
                        + path + ")::numeric END"
                : "lower(" + jsonSort + " #>> " + path + ")");
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
