package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Object keys in the order PostgreSQL's jsonb keeps them: shorter keys first, keys of one length by their UTF-8
 * bytes. FOLIO's SRS stores parsedRecord.content as jsonb and serves it in that order ({"fields": […], "leader": …},
 * {"ind1", "ind2", "subfields"}); Quire stores it as json text (V49: reading it needs no conversion), so it puts the
 * keys in jsonb's order before it stores them and serves what FOLIO serves.
 */
final class JsonbKeyOrder {
    static final Comparator<String> JSONB = JsonbKeyOrder::compare;

    private JsonbKeyOrder() {
    }

    /** Puts every object's keys in {@code node}, nested ones included, in jsonb's order, in place. */
    static void apply(JsonNode node) {
        if (node instanceof ObjectNode o) {
            if (!ordered(o)) reorder(o);
            for (JsonNode v : o) apply(v);
        } else if (node instanceof ArrayNode a) {
            for (JsonNode v : a) apply(v);
        }
    }

    private static boolean ordered(ObjectNode o) {
        String previous = null;
        for (String key : (Iterable<String>) o::fieldNames) {
            if (previous != null && JSONB.compare(previous, key) > 0) return false;
            previous = key;
        }
        return true;
    }

    private static void reorder(ObjectNode o) {
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(o.properties());
        entries.sort(Map.Entry.comparingByKey(JSONB));
        o.removeAll();
        for (Map.Entry<String, JsonNode> e : entries) o.set(e.getKey(), e.getValue());
    }

    static int compare(String a, String b) {
        if (ascii(a) && ascii(b)) { // MARC's tags and codes: no bytes to make, and UTF-16 order is byte order
            return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        }
        byte[] x = a.getBytes(StandardCharsets.UTF_8);
        byte[] y = b.getBytes(StandardCharsets.UTF_8);
        return x.length != y.length ? Integer.compare(x.length, y.length) : Arrays.compareUnsigned(x, y);
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) return false;
        }
        return true;
    }
}
