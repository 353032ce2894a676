package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Set;

/**
 * The parts of an item that circulation changes at every check-out and check-in: its status, its last check-in, its
 * in-transit destination, its metadata's update stamp and version. The embedded index keeps them out of the instance
 * document, in a small document per item ({@link LuceneItemStates}), so that a check-out rewrites a few terms rather
 * than its instance's whole document (issue 16: that re-index was three fifths of the server's CPU at one user).
 */
final class CirculationFields {
    /** The search fields whose values come from {@link #KEYS} (and the facet of the first). */
    static final Set<String> FIELDS = Set.of("items.status.name", "items.metadata.updatedDate",
            "items.metadata.updatedByUserId");
    /** The item's keys circulation writes; of {@code metadata}, only {@link #METADATA_KEYS} change. */
    static final List<String> KEYS = List.of("status", "lastCheckIn", "inTransitDestinationServicePointId", "metadata",
            "_version");
    static final List<String> METADATA_KEYS = List.of("updatedDate", "updatedByUserId");

    private CirculationFields() {
    }

    /**
     * Whether an item's new version differs from its old one in circulation's keys only: then its instance's document
     * is unchanged, and only the item's own state document needs writing. A created or deleted item is not such a
     * change.
     */
    static boolean onlyStateChanged(JsonNode old, JsonNode now) {
        if (!(old instanceof ObjectNode o) || !(now instanceof ObjectNode n)) return false;
        return withoutState(o).equals(withoutState(n));
    }

    private static ObjectNode withoutState(ObjectNode item) {
        ObjectNode rest = item.deepCopy();
        for (String key : KEYS) {
            if (!key.equals("metadata")) rest.remove(key);
        }
        if (rest.get("metadata") instanceof ObjectNode metadata) metadata.remove(METADATA_KEYS);
        return rest;
    }

    /** The item's circulation keys (those it has), with its id: what {@link #patch} puts back into an indexed item. */
    static ObjectNode state(JsonNode item) {
        ObjectNode state = Json.object();
        state.set("id", item.path("id"));
        for (String key : KEYS) {
            JsonNode v = item.get(key);
            if (v != null) state.set(key, v);
        }
        return state;
    }

    /** Replaces the item's circulation keys by the state's (a key the state lacks is removed). */
    static void patch(ObjectNode item, JsonNode state) {
        for (String key : KEYS) {
            JsonNode v = state.get(key);
            if (v == null) {
                item.remove(key);
            } else {
                item.set(key, v);
            }
        }
    }
}
