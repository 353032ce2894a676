package org.quire.notes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * mod-notes' note-links: the notes of a domain by their link to one record, and assigning or unassigning notes to a
 * record. The lookup by (type, id) is a range scan of note_link's primary key (object_type, object_id, note_id).
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
        TITLE("title", "lower(n.title)", false),
        CONTENT("content", "lower(n.indexed_content)", false),
        NOTE_TYPE("noteType", "(SELECT lower(t.name) FROM %s.note_type t WHERE t.id = n.type_id)", false),
        UPDATED_DATE("updatedDate", "n.updated_date", true),
        STATUS("status", "NOT EXISTS (SELECT 1 FROM %s.note_link s WHERE s.object_type = ? AND s.object_id = ?"
                + " AND s.note_id = n.id)", false),
        LINKS_NUMBER("linksNumber", "jsonb_array_length(n.jsonb -> 'links')", false);

        final String value;
        final String sql;
        final boolean descendingByDefault;

        OrderBy(String value, String sql, boolean descendingByDefault) {
            this.value = value;
            this.sql = sql;
            this.descendingByDefault = descendingByDefault;
        }
    }

    record Query(String domain, String objectType, String objectId, Status status, String search,
                 List<String> noteTypes, OrderBy orderBy, Boolean descending, int limit, int offset) {
    }

    /**
     * One statement (plus a count only when a page past the end is asked for). Sorted as mod-notes: the chosen field,
     * then the indexed content ascending; without {@code orderBy} (which mod-notes leaves unsorted) the most recently
     * updated first.
     */
    static NoteReads.Page find(Connection c, String schema, Query q) throws SQLException {
        Statement page = page(c, schema, q);
        long[] total = {-1};
        List<ObjectNode> notes = Sql.list(c, page.sql(), page.params(), rs -> {
            total[0] = rs.getLong(5);
            return NoteReads.note(rs);
        });
        if (total[0] < 0) {
            total[0] = q.offset() == 0 ? 0
                    : Sql.one(c, "SELECT count(*)" + page.from(), page.filterParams(), rs -> rs.getLong(1)).orElse(0L);
        }
        return new NoteReads.Page(notes, total[0]);
    }

    /** The page statement: the notes with their total ({@code count(*) OVER ()}), and its FROM … WHERE part alone. */
    record Statement(String sql, List<Object> params, String from, List<Object> filterParams) {
    }

    static Statement page(Connection c, String schema, Query q) throws SQLException {
        List<Object> params = new ArrayList<>();
        StringBuilder from = new StringBuilder(" FROM " + schema + ".note n");
        if (q.status() == Status.ASSIGNED) {
            from.append(" JOIN ").append(schema).append(".note_link k ON k.note_id = n.id AND k.object_type = ?"
                    + " AND k.object_id = ?");
            params.add(q.objectType());
            params.add(q.objectId());
        }
        from.append(" WHERE n.domain = ?");
        params.add(q.domain());
        if (q.status() == Status.UNASSIGNED) {
            from.append(" AND NOT EXISTS (SELECT 1 FROM ").append(schema).append(".note_link k WHERE k.object_type = ?"
                    + " AND k.object_id = ? AND k.note_id = n.id)");
            params.add(q.objectType());
            params.add(q.objectId());
        }
        if (q.search() != null && !q.search().isBlank()) {
            // mod-notes: indexed_content ILIKE %search% (title and content without tags), case-insensitive
            from.append(" AND n.indexed_content ILIKE ?");
            params.add("%" + q.search().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
        }
        if (!q.noteTypes().isEmpty()) {
            from.append(" AND n.type_id IN (SELECT t.id FROM ").append(schema).append(".note_type t WHERE t.name = ANY(?))");
            params.add(c.createArrayOf("text", q.noteTypes().toArray()));
        }
        String order = q.orderBy() == null ? "n.updated_date DESC, n.id"
                : q.orderBy().sql.formatted(schema) + (descending(q) ? " DESC" : " ASC") + ", lower(n.indexed_content), n.id";
        List<Object> pageParams = new ArrayList<>(params);
        if (q.orderBy() == OrderBy.STATUS) {
            pageParams.add(q.objectType());
            pageParams.add(q.objectId());
        }
        pageParams.add(q.limit());
        pageParams.add(q.offset());
        return new Statement(NoteReads.select(schema) + ", count(*) OVER ()" + from + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", pageParams, from.toString(), params);
    }

    private static boolean descending(Query q) {
        return q.descending() != null ? q.descending() : q.orderBy().descendingByDefault;
    }

    /**
     * PUT /note-links/type/{type}/id/{id}: assigns (ASSIGNED) or unassigns (UNASSIGNED) each listed note to the record.
     * As mod-notes' updateLinks, ids of notes that do not exist are ignored, and a note left without links is deleted.
     * Round trips: 4 whatever the number of notes (lock, update, links, delete).
     */
    static void update(Connection c, String schema, String objectType, String objectId, Map<UUID, Boolean> assign,
                       UUID userId) throws SQLException {
        if (assign.isEmpty()) return;
        List<UUID> ids = new ArrayList<>(assign.keySet());
        List<ObjectNode> previous = Sql.list(c, "SELECT jsonb FROM " + schema + ".note WHERE id = ANY(?) ORDER BY id"
                + " FOR UPDATE", List.of(NoteService.uuidArray(c, ids)), rs -> Json.parseObject(rs.getString(1)));
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
        if (!kept.isEmpty()) NoteService.syncLinks(c, schema, kept.stream().map(n -> UUID.fromString(n.get("id").asText())).toList());
        if (!emptied.isEmpty())
            Sql.update(c, "DELETE FROM " + schema + ".note WHERE id = ANY(?)", List.of(NoteService.uuidArray(c, emptied)));
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
