package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.events.ItemCirculationKeys;

import java.util.Set;

/**
 * The parts of an item that circulation changes at every check-out and check-in ({@link ItemCirculationKeys}). The
 * embedded index keeps them out of the instance document, in a small document per item ({@link LuceneItemStates}),
 * so that a check-out rewrites a few terms rather than its instance's whole document (issue 16: that re-index was
 * three fifths of the server's CPU at one user).
 */
final class CirculationFields {
    /** The search fields whose values come from {@link ItemCirculationKeys#KEYS} (and the facet of the first). */
    static final Set<String> FIELDS = Set.of("items.status.name", "items.metadata.updatedDate",
            "items.metadata.updatedByUserId");

    private CirculationFields() {
    }

    /** The item's circulation keys (those it has), with its id: what {@link #patch} puts back into an indexed item. */
    static ObjectNode state(JsonNode item) {
        ObjectNode state = Json.object();
        state.set("id", item.path("id"));
        for (String key : ItemCirculationKeys.KEYS) {
            JsonNode v = item.get(key);
            if (v != null) state.set(key, v);
        }
        return state;
    }

    /** Replaces the item's circulation keys by the state's (a key the state lacks is removed). */
    static void patch(ObjectNode item, JsonNode state) {
        for (String key : ItemCirculationKeys.KEYS) {
            JsonNode v = state.get(key);
            if (v == null) {
                item.remove(key);
            } else {
                item.set(key, v);
            }
        }
    }
}
