package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One instance as the index holds it (mod-search's instance document): the values of each {@link SearchFields}
 * field, and the source returned by a search — the instance with {@code tenantId}, {@code shared} and its
 * {@code holdings} and {@code items} — so that answering a search reads the index only, never the database.
 */
public record InstanceDocument(String id, Map<String, List<String>> values, ObjectNode source) {
    /**
     * The shape of the documents this Quire writes. Change it whenever a field is added, removed or computed
     * differently: an index committed with another version is rebuilt at the next start (InstanceIndexer.indexIfEmpty),
     * so an upgrade never leaves old documents without the new fields.
     */
    public static final String VERSION = "2026-12-01.1";


    /** FOLIO's identifier types "ISBN" and "Invalid ISBN" (mod-inventory-storage reference data), for {@code isbn}. */
    static final List<String> ISBN_TYPES = List.of("8261054f-be78-422d-bd51-4ed9f33c3422",
            "fcca2643-406a-482a-b760-7a7f8aec640e");

    public static InstanceDocument of(String tenant, ObjectNode instance, ArrayNode holdings, ArrayNode items) {
        ObjectNode source = instance.deepCopy();
        source.remove("_version");
        source.put("tenantId", tenant);
        source.put("shared", false);
        for (String flag : List.of("discoverySuppress", "staffSuppress", "isBoundWith")) {
            if (!source.path(flag).isBoolean()) source.put(flag, false); // instance.json "default": false
        }
        source.set("holdings", holdings);
        source.set("items", items);

        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String field : SearchFields.FIELDS.keySet()) {
            List<String> out = new ArrayList<>();
            if (field.startsWith("holdings.")) {
                for (JsonNode h : holdings) collect(h, field.substring("holdings.".length()), out);
            } else if (field.startsWith("items.")) {
                for (JsonNode it : items) collect(it, field.substring("items.".length()), out);
            } else {
                collect(source, field, out);
            }
            if (!out.isEmpty()) values.put(field, out);
        }
        values.putAll(IdentifierFields.values(instance));
        values.putAll(ComputedFields.values(instance, holdings, items));
        return new InstanceDocument(instance.path("id").asText(), values, source);
    }

    /**
     * The scalar values at a dotted path, through arrays at any step. A step that meets text where an object was
     * expected takes the text (inventory's older {@code series} and {@code subjects} were string arrays).
     */
    static void collect(JsonNode node, String path, List<String> out) {
        int dot = path.indexOf('.');
        String step = dot < 0 ? path : path.substring(0, dot);
        JsonNode child = node.get(step);
        if (child == null || child.isNull()) return;
        for (JsonNode value : child.isArray() ? child : List.of(child)) {
            if (value.isValueNode()) {
                if (!value.isNull()) out.add(value.asText());
            } else if (dot >= 0) {
                collect(value, path.substring(dot + 1), out);
            }
        }
    }
}
