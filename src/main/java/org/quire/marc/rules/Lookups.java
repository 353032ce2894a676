package org.quire.marc.rules;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tenant's reference data as the rule functions need it (FOLIO's {@code MappingParameters}): ids by lower-cased
 * name and by code, per kind. Built once per mapper from one read of each reference table, never per record.
 */
public final class Lookups {
    static final String IDENTIFIER_TYPES = "identifier-types";
    static final String CONTRIBUTOR_NAME_TYPES = "contributor-name-types";
    static final String CONTRIBUTOR_TYPES = "contributor-types";
    static final String CLASSIFICATION_TYPES = "classification-types";
    static final String ALTERNATIVE_TITLE_TYPES = "alternative-title-types";
    static final String INSTANCE_NOTE_TYPES = "instance-note-types";
    static final String INSTANCE_TYPES = "instance-types";
    static final String INSTANCE_FORMATS = "instance-formats";
    static final String MODES_OF_ISSUANCE = "modes-of-issuance";
    static final String ELECTRONIC_ACCESS_RELATIONSHIPS = "electronic-access-relationships";
    static final String HOLDINGS_TYPES = "holdings-types";
    static final String HOLDINGS_NOTE_TYPES = "holdings-note-types";
    static final String CALL_NUMBER_TYPES = "call-number-types";
    public static final String LOCATIONS = "locations";
    static final String AUTHORITY_NOTE_TYPES = "authority-note-types";
    static final String INSTANCE_DATE_TYPES = "instance-date-types";

    /** Every kind a rule function may look up, in the reference-data file/table naming. */
    public static final List<String> KINDS = List.of(IDENTIFIER_TYPES, CONTRIBUTOR_NAME_TYPES, CONTRIBUTOR_TYPES,
            CLASSIFICATION_TYPES, ALTERNATIVE_TITLE_TYPES, INSTANCE_NOTE_TYPES, INSTANCE_TYPES, INSTANCE_FORMATS,
            MODES_OF_ISSUANCE, ELECTRONIC_ACCESS_RELATIONSHIPS, HOLDINGS_TYPES, HOLDINGS_NOTE_TYPES, CALL_NUMBER_TYPES,
            LOCATIONS, AUTHORITY_NOTE_TYPES, INSTANCE_DATE_TYPES);

    private final Map<String, Map<String, String>> byName = new HashMap<>();
    private final Map<String, Map<String, String>> byCode = new HashMap<>();
    private final Map<String, Map<String, String>> byExactCode = new HashMap<>();
    private final Map<String, String> contributorTypeNameByCode = new HashMap<>();

    /** Lookups over the given records per kind (each record with id, name and, for some kinds, code). */
    public static Lookups of(Map<String, List<ObjectNode>> recordsByKind) {
        Lookups l = new Lookups();
        recordsByKind.forEach(l::add);
        return l;
    }

    private void add(String kind, List<ObjectNode> records) {
        Map<String, String> names = byName.computeIfAbsent(kind, k -> new HashMap<>());
        Map<String, String> codes = byCode.computeIfAbsent(kind, k -> new HashMap<>());
        Map<String, String> exact = byExactCode.computeIfAbsent(kind, k -> new HashMap<>());
        // FOLIO takes the first match of a list; putIfAbsent keeps the first record of a name or code too.
        for (ObjectNode r : records) {
            String id = r.path("id").asText("");
            if (id.isEmpty()) continue;
            String name = r.path("name").asText("").trim();
            String code = r.path("code").asText("");
            if (!name.isEmpty()) names.putIfAbsent(lower(name), id);
            if (!code.isEmpty()) {
                codes.putIfAbsent(lower(code), id);
                exact.putIfAbsent(code, id);
                if (kind.equals(CONTRIBUTOR_TYPES)) contributorTypeNameByCode.putIfAbsent(lower(code), name);
            }
        }
    }

    String byName(String kind, String name, String otherwise) {
        String id = byName.getOrDefault(kind, Map.of()).get(lower(name.trim()));
        return id == null ? otherwise : id;
    }

    String byCode(String kind, String code, String otherwise) {
        String id = byCode.getOrDefault(kind, Map.of()).get(lower(code));
        return id == null ? otherwise : id;
    }

    String byExactCode(String kind, String code) {
        return byExactCode.getOrDefault(kind, Map.of()).getOrDefault(code, "");
    }

    /** FOLIO's set_instance_type_id: an instance type whose name or code is the value, ignoring case. */
    String instanceType(String value) {
        String id = byName(INSTANCE_TYPES, value, "");
        return id.isEmpty() ? byCode(INSTANCE_TYPES, value, "") : id;
    }

    /** FOLIO's set_contributor_type_text: the name of the contributor type whose code is the value, else the value. */
    String contributorTypeName(String value) {
        return contributorTypeNameByCode.getOrDefault(lower(value), value);
    }

    /** FOLIO's name match in set_contributor_type_id_by_code_or_name: ignoring case and one trailing . , or ;. */
    String contributorTypeIdByName(String value) {
        String id = byName(CONTRIBUTOR_TYPES, value, "");
        if (id.isEmpty() && !value.isEmpty() && ".,;".indexOf(value.charAt(value.length() - 1)) >= 0) {
            id = byName(CONTRIBUTOR_TYPES, value.substring(0, value.length() - 1), "");
        }
        return id.isEmpty() ? byName(CONTRIBUTOR_TYPES, value + ".", "") : id;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
