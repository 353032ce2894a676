package org.quire.dataexport;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The reference names a mapping profile's transformations translate ids to (generate-marc-utils' translation
 * functions, chosen by the transformation's field id as mod-data-export's TransformationRuleBuilder chooses them):
 * a location's name or code, or its library's, campus's or institution's; a material type's, loan type's, call number
 * type's, instance type's or mode of issuance's name; a metadata date as "yyyy-MM-dd:hh-mm-ss". An id no record has
 * translates to nothing, as in FOLIO.
 */
final class TransformationNames {
    /** One reference record: its name and code, and for a location its library, campus and institution. */
    private record Entry(String name, String code, String library, String campus, String institution) {
    }

    private static final DateTimeFormatter METADATA = DateTimeFormatter.ofPattern("yyyy-MM-dd:hh-mm-ss");
    private static final List<String> TABLES = List.of("location", "library", "campus", "institution",
            "material_type", "loan_type", "call_number_type", "instance_type", "mode_of_issuance");

    /** By table, then id. */
    private final Map<String, Map<String, Entry>> byTable;

    private TransformationNames(Map<String, Map<String, Entry>> byTable) {
        this.byTable = byTable;
    }

    static TransformationNames read(Connection c, String schema) throws SQLException {
        Map<String, Map<String, Entry>> byTable = new HashMap<>();
        for (DataExportStore.ReferenceRow r : DataExportStore.referenceRows(c, schema, TABLES)) {
            byTable.computeIfAbsent(r.table(), k -> new HashMap<>()).put(r.id(), new Entry(r.name(), r.code(),
                    r.library(), r.campus(), r.institution()));
        }
        return new TransformationNames(byTable);
    }

    /** The translation for a transformation's field id; the value as it is when the field id names none. */
    UnaryOperator<String> translation(String fieldId) {
        String id = fieldId.toLowerCase(java.util.Locale.ROOT);
        String[] parts = id.split("\\.");
        if (parts.length > 2 && List.of("permanentlocation", "temporarylocation", "effectivelocation")
                .contains(parts[1])) {
            if (parts.length == 3) return v -> field(entry("location", v), parts[2]);
            String unit = parts[2];
            String field = parts.length > 3 ? parts[3] : "name";
            return v -> {
                Entry location = entry("location", v);
                if (location == null) return "";
                String unitId = switch (unit) {
                    case "library" -> location.library();
                    case "campus" -> location.campus();
                    case "institution" -> location.institution();
                    default -> null;
                };
                return unitId == null ? "" : field(entry(unit, unitId), field);
            };
        }
        if (id.contains("materialtypeid")) return v -> field(entry("material_type", v), "name");
        if (id.contains("permanentloantypeid")) return v -> field(entry("loan_type", v), "name");
        if (id.contains("callnumbertype")) return v -> field(entry("call_number_type", v), "name");
        if (id.contains("instancetypeid")) return v -> field(entry("instance_type", v), "name");
        if (id.contains("modeofissuanceid")) return v -> field(entry("mode_of_issuance", v), "name");
        if (id.contains("metadata.createddate") || id.contains("metadata.updateddate")) {
            // an unreadable date stays as it is: FOLIO keeps the value when its translation fails
            return v -> org.quire.marc.InstanceMarc.metadataDate(v).map(METADATA::format).orElse(v);
        }
        return UnaryOperator.identity();
    }

    private Entry entry(String table, String id) {
        return byTable.getOrDefault(table, Map.of()).get(id);
    }

    private static String field(Entry e, String field) {
        if (e == null) return "";
        String v = field.equals("code") ? e.code() : e.name();
        return v == null ? "" : v;
    }
}
