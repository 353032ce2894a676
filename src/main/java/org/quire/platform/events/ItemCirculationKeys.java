package org.quire.platform.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/**
 * The keys of an item that circulation writes at every check-out and check-in: its status, its last check-in, its
 * in-transit destination, its metadata's update stamp and its version. Consumers of {@code inventory.item} events
 * tell by them whether a change is circulation's only, which leaves what they derive from the item alone: the search
 * index keeps these keys in a small document per item instead of re-indexing the instance, and OAI-PMH's
 * marc21_withholdings prints none of them, so it does not re-date the instance. Here, in the platform, because both
 * consumers may depend on nothing else.
 */
public final class ItemCirculationKeys {
    /** The item's keys circulation writes; of {@code metadata}, only {@link #METADATA_KEYS} change. */
    public static final List<String> KEYS = List.of("status", "lastCheckIn", "inTransitDestinationServicePointId",
            "metadata", "_version");
    public static final List<String> METADATA_KEYS = List.of("updatedDate", "updatedByUserId");

    private ItemCirculationKeys() {
    }

    /**
     * Whether an item's new version differs from its old one in circulation's keys only. A created or deleted item
     * (no old or no new version) is not such a change. Compared in place, without copies: every consumer of every
     * item event asks.
     */
    public static boolean onlyTheyChanged(JsonNode old, JsonNode now) {
        if (!(old instanceof ObjectNode o) || !(now instanceof ObjectNode n)) return false;
        return sameBesides(o, n, KEYS) && sameBesides(o.path("metadata"), n.path("metadata"), METADATA_KEYS);
    }

    /** Whether two values are equal in every key but {@code ignored} (which apply only if both are objects). */
    private static boolean sameBesides(JsonNode a, JsonNode b, List<String> ignored) {
        if (!(a instanceof ObjectNode x) || !(b instanceof ObjectNode y)) return a.equals(b);
        for (Map.Entry<String, JsonNode> field : x.properties()) {
            if (!ignored.contains(field.getKey()) && !field.getValue().equals(y.get(field.getKey()))) return false;
        }
        for (Map.Entry<String, JsonNode> field : y.properties()) {
            if (!ignored.contains(field.getKey()) && !x.has(field.getKey())) return false;
        }
        return true;
    }
}
