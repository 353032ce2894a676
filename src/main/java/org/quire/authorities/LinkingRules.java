package org.quire.authorities;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * mod-entities-links' default instance-authority linking rules (its 22 MARC bib field → authority field rules, as in
 * its src/test/resources/linking-rules/instance-authority.json), read-only here: FOLIO's PATCH is not served.
 */
public final class LinkingRules {
    private static final ArrayNode RULES = load();

    private LinkingRules() {
    }

    public static ArrayNode all() {
        return RULES.deepCopy();
    }

    public static Optional<JsonNode> byId(int id) {
        for (JsonNode r : RULES) if (r.path("id").asInt() == id) return Optional.of(r.deepCopy());
        return Optional.empty();
    }

    private static ArrayNode load() {
        try (InputStream in = LinkingRules.class.getResourceAsStream("/linking-rules/instance-authority.json")) {
            return (ArrayNode) Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
