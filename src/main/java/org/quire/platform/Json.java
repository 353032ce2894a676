package org.quire.platform;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The process-wide Jackson mapper and a few helpers for FOLIO's JSON. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private Json() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static ObjectNode parseObject(String text) {
        JsonNode n = parse(text);
        if (!(n instanceof ObjectNode o)) throw new IllegalArgumentException("Expected a JSON object");
        return o;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Text at a dotted path ("status.name"), or null when absent or JSON null. */
    public static String text(JsonNode node, String dottedPath) {
        JsonNode n = at(node, dottedPath);
        return n == null || n.isNull() || n.isMissingNode() ? null : n.asText();
    }

    public static JsonNode at(JsonNode node, String dottedPath) {
        JsonNode n = node;
        for (String p : dottedPath.split("\\.")) {
            if (n == null) return null;
            n = n.get(p);
        }
        return n;
    }

    /** FOLIO's date-time format: ISO-8601 UTC with milliseconds, e.g. 2026-11-22T10:15:30.000Z. */
    public static String date(Instant t) {
        if (t == null) return null;
        Instant ms = t.truncatedTo(ChronoUnit.MILLIS);
        String s = ms.toString();
        // Instant.toString drops zero millis; FOLIO always prints three digits.
        return ms.getNano() == 0 ? s.replace("Z", ".000Z") : s;
    }

    public static Instant parseInstant(String s) {
        if (s == null || s.isBlank()) return null;
        try {
            return java.time.OffsetDateTime.parse(s).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            try {
                return Instant.parse(s);
            } catch (java.time.format.DateTimeParseException e2) {
                // FOLIO accepts offsets written without a colon, e.g. +0000
                return java.time.OffsetDateTime.parse(s,
                        java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss[.SSS]Z")).toInstant();
            }
        }
    }
}
