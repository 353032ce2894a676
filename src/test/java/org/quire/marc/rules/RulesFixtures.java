package org.quire.marc.rules;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.quire.platform.Json;

/** Lookups over the reference data a new tenant gets (src/main/resources/reference, sample locations). */
public final class RulesFixtures {
    private RulesFixtures() {
    }

    public static Lookups defaultLookups() {
        Map<String, List<ObjectNode>> records = new HashMap<>();
        for (String kind : Lookups.KINDS) {
            String resource = kind.equals(Lookups.LOCATIONS) ? "/sample/locations.json" : "/reference/" + kind + ".json";
            records.put(kind, read(resource));
        }
        return Lookups.of(records);
    }

    private static List<ObjectNode> read(String resource) {
        List<ObjectNode> out = new ArrayList<>();
        try (InputStream in = RulesFixtures.class.getResourceAsStream(resource)) {
            if (in == null) return out; // e.g. authority note types: not shipped as a file
            for (var n : Json.MAPPER.readTree(in)) out.add((ObjectNode) n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
