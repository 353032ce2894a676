package org.quire.notes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * mod-notes' note-links: the notes of a domain by their link to one record (the query; {@link NotesStore#notesByLink}
 * runs it), and assigning or unassigning notes to a record.
 */
final class NoteLinks {
    private NoteLinks() {
    }

    /** mod-notes' LinkStatusFilter. */
    enum Status { ASSIGNED, UNASSIGNED, ALL }

    /**
     * mod-notes' NotesOrderBy with its default directions (NotesServiceImpl.DEFAULT_SORT_DIRECTION), and the older
     * {@code status} and {@code linksNumber} (mod-notes 2.x), which the notes assigning modal of FOLIO's UI still sends
     * (stripes-smart-components' assigningModalColumnsConfig): status ascending puts the record's notes first.
     */
    enum OrderBy {
        TITLE("title", false),
        CONTENT("content", false),
        NOTE_TYPE("noteType", false),
        UPDATED_DATE("updatedDate", true),
        STATUS("status", false),
        LINKS_NUMBER("linksNumber", false);

        final String value;
        final boolean descendingByDefault;

        OrderBy(String value, boolean descendingByDefault) {
            this.value = value;
            this.descendingByDefault = descendingByDefault;
        }
    }

    /** A note-links lookup ({@link NotesStore#notesByLink}); {@code descending} null for the sort's default. */
    record Query(String domain, String objectType, String objectId, Status status, String search,
                 List<String> noteTypes, OrderBy orderBy, Boolean descending, int limit, int offset) {
        boolean descendingOrder() {
            return descending != null ? descending : orderBy.descendingByDefault;
        }
    }

    /** GET /note-links/domain/{domain}/type/{type}/id/{id}: one read (see {@link NotesStore#notesByLink}). */
    static NotesStore.NotePage find(Database db, String schema, Query q) {
        return db.read(c -> NotesStore.notesByLink(c, schema, q));
    }

    /**
     * PUT /note-links/type/{type}/id/{id}: assigns (ASSIGNED) or unassigns (UNASSIGNED) each listed note to the record.
     * As mod-notes' updateLinks, ids of notes that do not exist are ignored, and a note left without links is deleted.
     * Round trips: 4 whatever the number of notes (lock, update, links, delete).
     */
    static void update(Database db, String schema, String objectType, String objectId, Map<UUID, Boolean> assign,
                       UUID userId) {
        if (assign.isEmpty()) return;
        db.tx(c -> {
            update(c, schema, objectType, objectId, assign, userId);
            return null;
        });
    }

    private static void update(Connection c, String schema, String objectType, String objectId,
                               Map<UUID, Boolean> assign, UUID userId) throws SQLException {
        List<UUID> ids = new ArrayList<>(assign.keySet());
        List<ObjectNode> previous = NotesStore.lockNotes(c, schema, ids);
        List<ObjectNode> kept = new ArrayList<>(), keptPrevious = new ArrayList<>();
        List<UUID> emptied = new ArrayList<>();
        for (ObjectNode p : previous) {
            UUID id = UUID.fromString(p.get("id").asText());
            ObjectNode next = p.deepCopy();
            ArrayNode links = relink(p.path("links"), objectType, objectId, assign.get(id));
            if (links.equals(p.path("links"))) continue;
            next.set("links", links);
            if (links.isEmpty()) {
                emptied.add(id);
            } else {
                kept.add(next);
                keptPrevious.add(p);
            }
        }
        NoteTables.NOTES.replaceAll(c, schema, keptPrevious, kept, userId);
        if (!kept.isEmpty()) NotesStore.syncLinks(c, schema, kept.stream().map(n -> UUID.fromString(n.get("id").asText())).toList());
        if (!emptied.isEmpty()) NotesStore.deleteNotes(c, schema, emptied);
    }

    /** The note's links with the record added (kept at most once) or removed. */
    private static ArrayNode relink(JsonNode links, String objectType, String objectId, boolean assign) {
        Map<String, JsonNode> byKey = new LinkedHashMap<>();
        for (JsonNode l : links) byKey.put(l.path("type").asText() + '\u0000' + l.path("id").asText(), l);
        String key = objectType + '\u0000' + objectId;
        if (assign) byKey.putIfAbsent(key, Json.object().put("id", objectId).put("type", objectType));
        else byKey.remove(key);
        ArrayNode out = Json.array();
        byKey.values().forEach(out::add);
        return out;
    }
}
