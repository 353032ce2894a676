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

    /**
     * The same JSON text pretty-printed as Vert.x's {@code encodePrettily} prints it (Jackson's default pretty
     * printer: two-space indent, {@code "key" : value}, arrays on one line) — copied token by token, numbers and
     * order untouched, without building a tree.
     */
    public static byte[] pretty(byte[] json) {
        try (var parser = MAPPER.getFactory().createParser(json);
             var out = new java.io.ByteArrayOutputStream(json.length + json.length / 2);
             var gen = MAPPER.getFactory().createGenerator(out).useDefaultPrettyPrinter()) {
            if (parser.nextToken() == null) return json;
            gen.copyCurrentStructure(parser);
            gen.flush();
            return out.toByteArray();
        } catch (java.io.IOException e) {
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

    /**
     * The date-time format of FOLIO's storage modules, e.g. {@code 2026-11-22T10:15:30.000+00:00}: RMB's
     * ObjectMapperTool (DateSerializer) writes every {@code "format": "date-time"} field and {@code metadata}'s dates so,
     * on every read and write (mod-inventory-storage, mod-users, mod-circulation-storage, mod-feesfines …). A loan's
     * {@code dueDate} as FOLIO's {@code /circulation/loans} returns it is in this form because it comes from storage.
     */
    public static String date(Instant t) {
        if (t == null) return null;
        return millis(t) + "+00:00";
    }

    /**
     * The form mod-circulation writes itself (DateFormatUtil.formatDateTime in UTC, offset pattern "+HHMM" with "Z"
     * for zero), e.g. {@code 2026-11-22T10:15:30.000Z}: a loan's {@code loanDate} and {@code returnDate} (plain strings
     * in mod-circulation-storage's loan schema, so RMB keeps mod-circulation's text), and dates in its answers that
     * did not come back from storage (a renewal's new due date, a check-in's system return date).
     */
    public static String dateZ(Instant t) {
        if (t == null) return null;
        return millis(t) + "Z";
    }

    /** yyyy-MM-ddTHH:mm:ss.SSS in UTC, without the offset. */
    private static String millis(Instant t) {
        return MILLIS.format(t.truncatedTo(ChronoUnit.MILLIS));
    }

    private static final java.time.format.DateTimeFormatter MILLIS = java.time.format.DateTimeFormatter
            .ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS").withZone(java.time.ZoneOffset.UTC);

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
