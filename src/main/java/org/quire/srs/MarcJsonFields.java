package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/**
 * Reads and sets fields of MARC-in-JSON content in place of its order, as SRS does with the parsed records it is
 * sent (RecordServiceImpl: 999 ff $s read for the matched id and set to it; AdditionalFieldsUtil's 005 on delete).
 */
final class MarcJsonFields {
    private MarcJsonFields() {
    }

    /** The first subfield {@code code} of a {@code tag} field with indicators ff (for 999) or any (others). */
    static String subfield(JsonNode content, String tag, char code) {
        if (content == null) return null;
        for (JsonNode f : content.path("fields")) {
            JsonNode field = f.get(tag);
            if (field == null || !field.isObject() || tag.equals("999") && !isFf(field)) continue;
            for (JsonNode sf : field.path("subfields")) {
                JsonNode v = sf.get(String.valueOf(code));
                if (v != null && v.isValueNode()) return v.asText();
            }
        }
        return null;
    }

    private static boolean isFf(JsonNode field) {
        return "f".equals(field.path("ind1").asText()) && "f".equals(field.path("ind2").asText());
    }

    /** A copy of {@code content} whose 999 ff $s is {@code matchedId} (the field added at the end when missing). */
    static ObjectNode with999s(ObjectNode content, UUID matchedId) {
        ObjectNode copy = content.deepCopy();
        JsonNode fields = copy.get("fields");
        if (!(fields instanceof ArrayNode array)) return copy;
        for (JsonNode f : array) {
            JsonNode field = f.get("999");
            if (field instanceof ObjectNode ff && isFf(ff)) {
                JsonNode subfields = ff.get("subfields");
                if (subfields instanceof ArrayNode list) {
                    for (JsonNode sf : list) {
                        if (sf.has("s")) {
                            ((ObjectNode) sf).put("s", matchedId.toString());
                            return copy;
                        }
                    }
                    list.addObject().put("s", matchedId.toString());
                    return copy;
                }
            }
        }
        ObjectNode ff = array.addObject().putObject("999");
        ff.put("ind1", "f").put("ind2", "f");
        ff.putArray("subfields").addObject().put("s", matchedId.toString());
        return copy;
    }

    /** A copy of {@code content} with control field {@code tag} set to {@code value} (replaced, or added in tag order). */
    static ObjectNode withControlField(ObjectNode content, String tag, String value) {
        ObjectNode copy = content.deepCopy();
        JsonNode fields = copy.get("fields");
        if (!(fields instanceof ArrayNode array)) return copy;
        int insertAt = array.size();
        for (int i = 0; i < array.size(); i++) {
            JsonNode f = array.get(i);
            if (f.has(tag) && f.get(tag).isTextual()) {
                ((ObjectNode) f).put(tag, value);
                return copy;
            }
            String other = f.fieldNames().hasNext() ? f.fieldNames().next() : "";
            if (insertAt == array.size() && other.compareTo(tag) > 0) insertAt = i;
        }
        array.insertObject(insertAt).put(tag, value);
        return copy;
    }
}
