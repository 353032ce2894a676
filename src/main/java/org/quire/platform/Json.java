package org.quire.platform;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The process-wide Jackson mapper and a few helpers for FOLIO's JSON. */
public final class Json {
    /**
     * How deep a request body may nest. FOLIO's records are shallow (an item's deepest path is a handful of levels);
     * a limit well under {@link #MAX_DEPTH} leaves room for the envelopes an answer wraps records in ({"items":[…]}).
     */
    public static final int MAX_INPUT_DEPTH = 100;
    /**
     * One nesting limit for reading and writing, so that whatever was read can be written back and vice versa (a
     * record accepted deeper than the writer's limit made every list page containing it fail).
     */
    public static final int MAX_DEPTH = 1000;

    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** Reads what clients send: {@link #MAX_INPUT_DEPTH} levels at most. */
    private static final ObjectMapper INPUT = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_INPUT_DEPTH).build())
            .build());

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

    /** {@link #parseObject(String)} of UTF-8 JSON text, without decoding it to a String first. */
    public static ObjectNode parseObject(byte[] utf8) {
        JsonNode n;
        try {
            n = MAPPER.readTree(utf8);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) { // not thrown reading a byte array
            throw new java.io.UncheckedIOException(e);
        }
        if (!(n instanceof ObjectNode o)) throw new IllegalArgumentException("Expected a JSON object");
        return o;
    }

    /**
     * JSON a client sent (a request body): at most {@link #MAX_INPUT_DEPTH} levels deep and without NUL characters
     * (JSON's escape backslash-u-0000), which PostgreSQL refuses in text and jsonb. Failures are IllegalArgumentExceptions whose
     * message starts "Invalid JSON", for the caller to answer as its FOLIO module answers unreadable JSON.
     */
    public static JsonNode parseInput(String text) {
        JsonNode n;
        try {
            n = INPUT.readTree(text);
        } catch (StreamConstraintsException e) {
            throw new IllegalArgumentException("Invalid JSON: nested deeper than " + MAX_INPUT_DEPTH + " levels", e);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getOriginalMessage(), e);
        }
        // A NUL can only arrive escaped (a raw control character is invalid JSON): look only when the text has one.
        if (text.contains("\\u0000")) {
            String where = nul(n, "");
            if (where != null) throw new IllegalArgumentException("Invalid JSON: a NUL character (\\u0000) is not "
                    + "allowed" + (where.isEmpty() ? "" : " (in " + where + ")"));
        }
        return n;
    }

    /** As {@link #parseInput}, requiring an object. */
    public static ObjectNode parseInputObject(String text) {
        if (!(parseInput(text) instanceof ObjectNode o)) throw new IllegalArgumentException("Expected a JSON object");
        return o;
    }

    /** The dotted path of the first string or property name holding a NUL character, or null when there is none. */
    private static String nul(JsonNode n, String path) {
        if (n.isTextual()) return n.textValue().indexOf('\0') >= 0 ? path : null;
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                String w = nul(n.get(i), path + "[" + i + "]");
                if (w != null) return w;
            }
        } else if (n.isObject()) {
            for (var e : n.properties()) {
                String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                if (e.getKey().indexOf('\0') >= 0) return p.replace("\0", "\\u0000");
                String w = nul(e.getValue(), p);
                if (w != null) return w;
            }
        }
        return null;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@link #write}'s text as UTF-8, written as bytes directly (no String in between). */
    public static byte[] writeBytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code value} written as {@link #pretty} prints JSON text (the same bytes as pretty-printing what {@link #write} writes). */
    public static byte[] writePretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The same JSON text pretty-printed as Vert.x's {@code encodePrettily} prints it (Jackson's default pretty
     * printer: two-space indent, {@code "key" : value}, arrays on one line) — copied token by token, order untouched,
     * without building a tree (a decimal number is read as a double, so prefer {@link #writePretty} for a value).
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

    /** Dotted paths split once: they are mostly constants, and splitting per call was 3% of a check-out's CPU. */
    private static final java.util.Map<String, String[]> STEPS = new java.util.concurrent.ConcurrentHashMap<>();

    public static JsonNode at(JsonNode node, String dottedPath) {
        String[] steps = STEPS.get(dottedPath);
        if (steps == null) {
            steps = dottedPath.split("\\.");
            if (STEPS.size() < 10_000) STEPS.put(dottedPath, steps); // bounded, should a caller pass varying paths
        }
        JsonNode n = node;
        for (String p : steps) {
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
        Instant fast = FastInstants.parse(s);
        if (fast != null) return fast;
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
