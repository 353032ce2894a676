package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One node of a profile tree as the import pipeline reads it (mod-di-converter-storage's ProfileSnapshotWrapper):
 * the profile's content, its type, how it hangs below its master (order, and MATCH / NON_MATCH below a match
 * profile), and its children in run order. A job's tree is job → match or action profiles → (below a match: actions
 * and sub-matches by reactTo) → an action's mapping profile.
 *
 * @param id        this node's own id (FOLIO makes a new one per snapshot)
 * @param reactTo   MATCH or NON_MATCH below a match profile, else null
 * @param content   the profile's JSON as the profiles API answers it
 * @param children  the details in order ({@code childSnapshotWrappers})
 */
public record ProfileSnapshot(UUID id, UUID profileId, ProfileType contentType, String reactTo, int order,
                              ObjectNode content, List<ProfileSnapshot> children) {

    public ProfileSnapshot {
        children = List.copyOf(children);
    }

    /** The children of one type, in order (e.g. a job's action profiles, an action's mapping profile). */
    public List<ProfileSnapshot> children(ProfileType type) {
        return children.stream().filter(c -> c.contentType == type).toList();
    }

    /** The children below a match profile that react to MATCH or NON_MATCH. */
    public List<ProfileSnapshot> reactingTo(String reaction) {
        return children.stream().filter(c -> reaction.equals(c.reactTo)).toList();
    }

    /** FOLIO's ProfileSnapshotWrapper JSON. */
    public ObjectNode toJson() {
        ObjectNode n = Json.object().put("id", id.toString()).put("profileId", profileId.toString())
                .put("contentType", contentType.name());
        if (reactTo != null) n.put("reactTo", reactTo);
        n.put("order", order);
        n.set("content", content);
        ArrayNode kids = n.putArray("childSnapshotWrappers");
        for (ProfileSnapshot c : children) kids.add(c.toJson());
        return n;
    }

    /** Reads back a snapshot written by {@link #toJson} (a pinned job snapshot). */
    public static ProfileSnapshot fromJson(JsonNode n) {
        List<ProfileSnapshot> kids = new ArrayList<>();
        for (JsonNode k : n.path("childSnapshotWrappers")) kids.add(fromJson(k));
        return new ProfileSnapshot(UUID.fromString(n.path("id").asText()), UUID.fromString(n.path("profileId").asText()),
                ProfileType.valueOf(n.path("contentType").asText()),
                n.hasNonNull("reactTo") ? n.get("reactTo").asText() : null, n.path("order").asInt(),
                (ObjectNode) n.path("content"), kids);
    }
}
