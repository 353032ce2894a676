package org.quire.notes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/**
 * Reads a note or note type from a request body into the form Quire stores, refusing what mod-notes refuses: its
 * schemas (note.yaml, noteType.yaml, link.yaml) make {@code typeId}, {@code domain}, {@code title}, a type's
 * {@code name}, and a link's {@code id} and {@code type} required; its database limits a title and a type name to 255
 * characters, a domain to 100, a link's id and type to 255. Like mod-notes' DTOs, only the known properties are kept
 * ({@code type}, the type's name, is derived on read; unknown properties are dropped).
 */
final class NoteValidation {
    static final int TITLE_MAX = 255;
    static final int NAME_MAX = 255;
    static final int DOMAIN_MAX = 100;
    static final int LINK_MAX = 255;

    private NoteValidation() {
    }

    /** The body as a JSON object; mod-notes answers an unreadable body with 422 (HttpMessageNotReadableException). */
    static ObjectNode body(String text) {
        if (text == null || text.isBlank()) throw NoteRefusal.validation("Required request body is missing");
        JsonNode n;
        try {
            n = Json.parseInput(text);
        } catch (IllegalArgumentException e) {
            throw NoteRefusal.validation("JSON parse error: " + e.getMessage());
        }
        if (!(n instanceof ObjectNode o)) throw NoteRefusal.validation("JSON parse error: a JSON object is required");
        return o;
    }

    static ObjectNode noteType(ObjectNode in) {
        ObjectNode out = Json.object();
        optionalId(in, out);
        out.put("name", requiredText(in, "name", NAME_MAX));
        return out;
    }

    static ObjectNode note(ObjectNode in) {
        ObjectNode out = Json.object();
        optionalId(in, out);
        out.put("typeId", uuid(requiredText(in, "typeId", Integer.MAX_VALUE), "typeId").toString());
        out.put("title", requiredText(in, "title", TITLE_MAX));
        out.put("domain", requiredText(in, "domain", DOMAIN_MAX));
        String content = optionalText(in, "content");
        if (content != null) out.put("content", HtmlSanitizer.sanitize(content));
        // mod-notes' columns are NOT NULL DEFAULT false, so a note always answers both flags.
        out.put("popUpOnCheckOut", bool(in, "popUpOnCheckOut"));
        out.put("popUpOnUser", bool(in, "popUpOnUser"));
        out.set("links", links(in.get("links")));
        return out;
    }

    static UUID uuid(String value, String property) {
        return Ids.parse(value).orElseThrow(() ->
                NoteRefusal.validation(property + ": Invalid UUID string: " + value, property, value));
    }

    private static ArrayNode links(JsonNode links) {
        ArrayNode out = Json.array();
        if (links == null || links.isNull()) return out;
        if (!links.isArray()) throw notReadable("links", "an array");
        // mod-notes keeps a note's links as a set: a link given twice is one link
        Set<String> seen = new LinkedHashSet<>();
        for (JsonNode l : links) {
            if (!(l instanceof ObjectNode link)) throw notReadable("links", "an array of objects");
            String id = requiredText(link, "id", LINK_MAX, "links.id");
            String type = requiredText(link, "type", LINK_MAX, "links.type");
            if (seen.add(type + '\u0000' + id)) out.addObject().put("id", id).put("type", type);
        }
        return out;
    }

    private static void optionalId(ObjectNode in, ObjectNode out) {
        String id = optionalText(in, "id");
        if (id != null) out.put("id", uuid(id, "id").toString());
    }

    private static String requiredText(ObjectNode in, String property, int max) {
        return requiredText(in, property, max, property);
    }

    private static String requiredText(ObjectNode in, String property, int max, String name) {
        String v = optionalText(in, property, name);
        if (v == null) throw NoteRefusal.validation(name + ": must not be null", name, "null");
        if (v.isBlank()) throw NoteRefusal.validation(name + ": must not be blank", name, v);
        if (v.length() > max)
            throw NoteRefusal.validation(name + ": size must be between 0 and " + max, name, v);
        return v;
    }

    private static String optionalText(ObjectNode in, String property) {
        return optionalText(in, property, property);
    }

    /** A JSON scalar read as text, as Jackson binds a String property; objects and arrays are refused. */
    private static String optionalText(ObjectNode in, String property, String name) {
        JsonNode n = in.get(property);
        if (n == null || n.isNull()) return null;
        if (!n.isValueNode()) throw notReadable(name, "a string");
        return n.asText();
    }

    private static boolean bool(ObjectNode in, String property) {
        JsonNode n = in.get(property);
        if (n == null || n.isNull()) return false;
        if (n.isBoolean()) return n.booleanValue();
        if (n.isTextual() && (n.asText().equals("true") || n.asText().equals("false"))) return Boolean.parseBoolean(n.asText());
        throw notReadable(property, "a boolean");
    }

    private static NoteRefusal notReadable(String property, String expected) {
        return NoteRefusal.validation("JSON parse error: '" + property + "' must be " + expected, property, null);
    }
}
