package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A data-export mapping profile (mod-data-export's mappingProfile.json) as an export applies it: its record types
 * (INSTANCE, SRS, HOLDINGS, ITEM, …), its transformations, the tags it suppresses and whether 999 ff goes.
 */
record MappingProfile(boolean isDefault, Set<String> recordTypes, List<Transformation> transformations,
                      Set<String> suppressedTags, boolean suppress999ff) {

    /** One transformation: a field of the instance, holdings or item (its JSONPath) written as "TAGi1i2$s". */
    record Transformation(String fieldId, String path, String recordType, String transformation, boolean enabled) {
    }

    /** MappingProfileValidator's pattern: a tag, two indicators, optionally $ and a subfield code; or nothing. */
    static final String TRANSFORMATION_REGEX = "((\\d{3}([\\s]|[\\d]|[a-zA-Z]){2}(\\$([a-zA-Z]|[\\d]{1,2}))?)|(^$))";
    private static final Pattern TRANSFORMATION = Pattern.compile(TRANSFORMATION_REGEX);
    private static final Pattern TAG = Pattern.compile("^\\d{3}$");
    static final String ITEM_EMPTY = "Transformations for fields with item record type cannot be empty. Please provide "
            + "a value.";
    static final Set<String> RECORD_TYPES = Set.of("INSTANCE", "HOLDINGS", "ITEM", "AUTHORITY", "SRS", "LINKED_DATA");

    static MappingProfile of(JsonNode json) {
        Set<String> types = new LinkedHashSet<>();
        for (JsonNode t : json.path("recordTypes")) types.add(t.asText());
        List<Transformation> transformations = new ArrayList<>();
        for (JsonNode t : json.path("transformations")) {
            transformations.add(new Transformation(t.path("fieldId").asText(""), t.path("path").asText(""),
                    t.path("recordType").asText(""), t.path("transformation").asText(""),
                    t.path("enabled").asBoolean(false)));
        }
        Set<String> suppressed = new LinkedHashSet<>();
        for (String tag : json.path("fieldsSuppression").asText("").split(",")) {
            if (!tag.isBlank()) suppressed.add(tag.strip());
        }
        return new MappingProfile(json.path("default").asBoolean(false), types, List.copyOf(transformations),
                suppressed, json.path("suppress999ff").asBoolean(false));
    }

    /** The instance's SRS record is exported (with what the profile adds) when it has one. */
    boolean usesSrs() {
        return isDefault || recordTypes.contains("SRS");
    }

    boolean withHoldings() {
        return recordTypes.contains("HOLDINGS") || recordTypes.contains("ITEM");
    }

    boolean withItems() {
        return recordTypes.contains("ITEM");
    }

    /**
     * What mod-data-export's MappingProfileValidator refuses (422): a transformation not of the form "TAGi1i2[$s]",
     * an item transformation left empty, a profile of item records only, a suppressed "tag" that is not three digits;
     * and what Quire refuses besides, so that no export fails on it later: a path that is no JSONPath, a record type
     * that is none of FOLIO's, transformations or record types that are not arrays of them.
     */
    static List<Refusal> refusals(JsonNode json) {
        List<Refusal> out = new ArrayList<>();
        JsonNode types = json.path("recordTypes");
        if (!types.isArray()) {
            out.add(Refusal.of("recordTypes must be an array of record types", "recordTypes", types.toString()));
        } else {
            boolean onlyItems = !types.isEmpty();
            for (JsonNode t : types) {
                if (!RECORD_TYPES.contains(t.asText())) {
                    out.add(Refusal.of("Unknown record type: " + t.asText(), "recordTypes", t.asText()));
                }
                onlyItems &= "ITEM".equals(t.asText());
            }
            if (onlyItems) {
                out.add(Refusal.of("Suppression field can not be used only for Item record type", "recordTypes",
                        "ITEM"));
            }
        }
        JsonNode transformations = json.path("transformations");
        if (!transformations.isMissingNode() && !transformations.isNull() && !transformations.isArray()) {
            out.add(Refusal.of("transformations must be an array", "transformations", transformations.toString()));
        }
        int i = 0;
        for (JsonNode t : transformations.isArray() ? transformations : org.quire.platform.Json.array()) {
            String at = "transformations[" + i++ + "]";
            if (!(t instanceof ObjectNode)) {
                out.add(Refusal.of("A transformation must be an object", at, t.toString()));
                continue;
            }
            String value = t.path("transformation").isValueNode() && !t.path("transformation").isNull()
                    ? t.path("transformation").asText() : "";
            if (!TRANSFORMATION.matcher(value).matches()) {
                out.add(Refusal.of("must match \"" + TRANSFORMATION_REGEX + "\"",
                        "javax.validation.constraints.Pattern.message", at + ".transformation", value));
            }
            String recordType = t.path("recordType").asText("");
            if (!RECORD_TYPES.contains(recordType)) {
                out.add(Refusal.of("Unknown record type: " + recordType, at + ".recordType", recordType));
            }
            if ("ITEM".equals(recordType) && value.isEmpty()) out.add(Refusal.of(ITEM_EMPTY, at + ".transformation", ""));
            String path = t.path("path").asText("");
            if (!path.isBlank()) {
                try {
                    JsonPath.compile(path);
                } catch (InvalidPathException | IllegalArgumentException e) {
                    out.add(Refusal.of("Not a JSONPath: " + e.getMessage(), at + ".path", path));
                }
            }
        }
        String suppression = json.path("fieldsSuppression").asText("");
        if (!suppression.isBlank()) {
            String[] tags = suppression.split(",");
            for (int k = 0; k < tags.length; k++) {
                if (!TAG.matcher(tags[k].strip()).matches()) {
                    out.add(Refusal.of("must match \"^\\d{3}$\"", "javax.validation.constraints.Pattern.message",
                            "suppressionFields[" + k + "]", tags[k].strip().toLowerCase(Locale.ROOT)));
                }
            }
        }
        return out;
    }

    /** Refuses a mapping profile written with what {@link #refusals} names, before it is stored. */
    static final RecordHooks CHECKED = new RecordHooks() {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous) {
            for (ObjectNode r : records) Refused.throwIfAny(refusals(r));
        }
    };
}
