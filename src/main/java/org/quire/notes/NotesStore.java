package org.quire.notes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The notes module's SQL beyond the record stores of {@link NoteTables}. Notes are read as mod-notes answers them
 * (NotesMapper, MetadataMapper): the stored note plus {@code type}, the current name of its note type, and the
 * creating and updating users' usernames and names in {@code metadata} — scalar subqueries in the same statement,
 * evaluated only for the rows of the page: one statement per page whatever its size (mod-notes fetches the users over
 * HTTP, cached). Note types are read with their usage.
 */
final class NotesStore {
    private NotesStore() {
    }

    record NotePage(List<ObjectNode> notes, long totalRecords) {
    }

    record NoteTypePage(List<ObjectNode> noteTypes, long totalRecords) {
    }

    // ---- notes -----------------------------------------------------------------------------------------------

    /** The select list over {@code <schema>.note n}: jsonb, type name, creator, updater. */
    private static String selectNote(String schema) {
        String user = "(SELECT jsonb_build_object('username', u.username, 'personal', u.jsonb -> 'personal') FROM "
                + schema + ".users u WHERE u.id = n.%s)";
        return "SELECT n.jsonb, (SELECT t.name FROM " + schema + ".note_type t WHERE t.id = n.type_id), "
                + user.formatted("created_by") + ", " + user.formatted("updated_by");
    }

    static Optional<ObjectNode> noteById(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, selectNote(schema) + " FROM " + schema + ".note n WHERE n.id = ?", List.of(id),
                NotesStore::note);
    }

    /** GET /notes: a CQL page over the note's typed columns (unqualified names resolve to {@code n}). */
    static NotePage searchNotes(Connection c, String schema, SqlWhere where, int limit, int offset) throws SQLException {
        String from = " FROM " + schema + ".note n WHERE " + where.where();
        String order = where.orderBy().isEmpty() ? NoteTables.NOTES.type().defaultSort() : where.orderBy();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        List<ObjectNode> rows = Sql.list(c, selectNote(schema) + from + " ORDER BY " + order + " LIMIT ? OFFSET ?",
                params, NotesStore::note);
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*)" + from, where.params(), rs -> rs.getLong(1)).orElse(0L);
        return new NotePage(rows, total);
    }

    /** The notes of these ids, row-locked in id order (two writers never deadlock). */
    static List<ObjectNode> lockNotes(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".note WHERE id = ANY(?) ORDER BY id FOR UPDATE",
                List.of(uuids(c, ids)), rs -> Json.parseObject(rs.getString(1)));
    }

    /** Deletes the notes in one statement (their note_link rows go with them: ON DELETE CASCADE). */
    static void deleteNotes(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".note WHERE id = ANY(?)", List.of(uuids(c, ids)));
    }

    /**
     * Makes the {@code note_link} rows of these notes those of their {@code links} in one statement: stale rows
     * deleted, new ones inserted, unchanged ones left alone (so the delete and the insert never touch one key).
     */
    static void syncLinks(Connection c, String schema, List<UUID> noteIds) throws SQLException {
        String wanted = "SELECT DISTINCT l ->> 'type' AS object_type, l ->> 'id' AS object_id, n.id AS note_id FROM "
                + schema + ".note n, jsonb_array_elements(n.jsonb -> 'links') l WHERE n.id = ANY(?)";
        Sql.update(c, "WITH wanted AS (" + wanted + "), gone AS (DELETE FROM " + schema + ".note_link k WHERE k.note_id = ANY(?)"
                        + " AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.note_id = k.note_id AND w.object_type = k.object_type"
                        + " AND w.object_id = k.object_id)) INSERT INTO " + schema + ".note_link (object_type, object_id, note_id)"
                        + " SELECT object_type, object_id, note_id FROM wanted ON CONFLICT DO NOTHING",
                List.of(uuids(c, noteIds), uuids(c, noteIds)));
    }

    /** A row of {@link #selectNote}: columns 1-4. */
    private static ObjectNode note(ResultSet rs) throws SQLException {
        ObjectNode note = Json.parseObject(rs.getString(1));
        String type = rs.getString(2);
        if (type != null) note.put("type", type);
        ObjectNode md = note.get("metadata") instanceof ObjectNode m ? m : note.putObject("metadata");
        user(md, rs.getString(3), "createdBy");
        user(md, rs.getString(4), "updatedBy");
        return note;
    }

    /** mod-notes' metadata: {@code createdByUsername} and {@code createdBy: {lastName, firstName, middleName}}. */
    private static void user(ObjectNode metadata, String userJson, String prefix) {
        if (userJson == null) return;
        JsonNode u = Json.parse(userJson);
        if (u.hasNonNull("username")) metadata.put(prefix + "Username", u.get("username").asText());
        JsonNode personal = u.path("personal");
        ObjectNode info = Json.object();
        for (String f : List.of("lastName", "firstName", "middleName")) {
            if (personal.hasNonNull(f)) info.put(f, personal.get(f).asText());
        }
        if (!info.isEmpty()) metadata.set(prefix, info);
    }

    // ---- notes by link ---------------------------------------------------------------------------------------

    /** The SQL each sort of the note-links lookup orders by ({@code %s}: the schema). */
    private static String orderSql(NoteLinks.OrderBy o) {
        return switch (o) {
            case TITLE -> "lower(n.title)";
            case CONTENT -> "lower(n.indexed_content)";
            case NOTE_TYPE -> "(SELECT lower(t.name) FROM %s.note_type t WHERE t.id = n.type_id)";
            case UPDATED_DATE -> "n.updated_date";
            // the record's notes first when ascending (takes the record's type and id as parameters)
            case STATUS -> "NOT EXISTS (SELECT 1 FROM %s.note_link s WHERE s.object_type = ? AND s.object_id = ?"
                    + " AND s.note_id = n.id)";
            case LINKS_NUMBER -> "jsonb_array_length(n.jsonb -> 'links')";
        };
    }

    /**
     * The notes of a domain by their link to one record: one statement (plus a count only when a page past the end
     * is asked for). The lookup by (type, id) is a range scan of note_link's primary key (object_type, object_id,
     * note_id).
     */
    static NotePage notesByLink(Connection c, String schema, NoteLinks.Query q) throws SQLException {
        Statement page = linkPage(c, schema, q);
        long[] total = {-1};
        List<ObjectNode> notes = Sql.list(c, page.sql(), page.params(), rs -> {
            total[0] = rs.getLong(5);
            return note(rs);
        });
        if (total[0] < 0) {
            total[0] = q.offset() == 0 ? 0
                    : Sql.one(c, "SELECT count(*)" + page.from(), page.filterParams(), rs -> rs.getLong(1)).orElse(0L);
        }
        return new NotePage(notes, total[0]);
    }

    /** The page statement: the notes with their total ({@code count(*) OVER ()}), and its FROM … WHERE part alone. */
    record Statement(String sql, List<Object> params, String from, List<Object> filterParams) {
    }

    /**
     * Sorted as mod-notes: the chosen field, then the indexed content ascending; without {@code orderBy} (which
     * mod-notes leaves unsorted) the most recently updated first.
     */
    static Statement linkPage(Connection c, String schema, NoteLinks.Query q) throws SQLException {
        List<Object> params = new ArrayList<>();
        StringBuilder from = new StringBuilder(" FROM " + schema + ".note n");
        if (q.status() == NoteLinks.Status.ASSIGNED) {
            from.append(" JOIN ").append(schema).append(".note_link k ON k.note_id = n.id AND k.object_type = ?"
                    + " AND k.object_id = ?");
            params.add(q.objectType());
            params.add(q.objectId());
        }
        from.append(" WHERE n.domain = ?");
        params.add(q.domain());
        if (q.status() == NoteLinks.Status.UNASSIGNED) {
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
                : orderSql(q.orderBy()).formatted(schema) + (q.descendingOrder() ? " DESC" : " ASC")
                + ", lower(n.indexed_content), n.id";
        List<Object> pageParams = new ArrayList<>(params);
        if (q.orderBy() == NoteLinks.OrderBy.STATUS) {
            pageParams.add(q.objectType());
            pageParams.add(q.objectId());
        }
        pageParams.add(q.limit());
        pageParams.add(q.offset());
        return new Statement(selectNote(schema) + ", count(*) OVER ()" + from + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", pageParams, from.toString(), params);
    }

    // ---- note types ------------------------------------------------------------------------------------------

    /**
     * {@code usage}: mod-notes 4+ answers {@code isAssigned}, earlier releases (and FOLIO's schema, which still
     * requires it) {@code noteTotal}; both are given, from one scalar subquery per row of the page on the note's
     * type index.
     */
    private static String selectNoteType(String schema) {
        return "SELECT jsonb, (SELECT count(*) FROM " + schema + ".note n WHERE n.type_id = note_type.id) FROM " + schema
                + ".note_type";
    }

    static NoteTypePage searchNoteTypes(Connection c, String schema, SqlWhere where, int limit, int offset)
            throws SQLException {
        String order = where.orderBy().isEmpty() ? NoteTables.NOTE_TYPES.type().defaultSort() : where.orderBy();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        List<ObjectNode> rows = Sql.list(c, selectNoteType(schema) + " WHERE " + where.where() + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", params, NotesStore::withUsage);
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*) FROM " + schema + ".note_type WHERE " + where.where(), where.params(),
                rs -> rs.getLong(1)).orElse(0L);
        return new NoteTypePage(rows, total);
    }

    static Optional<ObjectNode> noteTypeById(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, selectNoteType(schema) + " WHERE id = ?", List.of(id), NotesStore::withUsage);
    }

    /** Whether the note type exists, KEY SHARE-locked so that it cannot be deleted before the note is written. */
    static boolean lockNoteTypeKey(Connection c, String schema, UUID typeId) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + ".note_type WHERE id = ? FOR KEY SHARE", List.of(typeId),
                rs -> 1).isPresent();
    }

    /** Serialises note type creations per tenant until the transaction ends. */
    static void lockNoteTypeCreation(Connection c, String schema) throws SQLException {
        Sql.one(c, "SELECT pg_advisory_xact_lock(hashtext(?))", List.of(schema + ".note_type"), rs -> 1);
    }

    static long countNoteTypes(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT count(*) FROM " + schema + ".note_type", List.of(), rs -> rs.getLong(1)).orElse(0L);
    }

    /** The value of mod-configuration's NOTES note-type-limit entry, if there is one. */
    static Optional<String> configuredNoteTypeLimit(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT jsonb ->> 'value' FROM " + schema + ".config_entry WHERE module = 'NOTES'"
                + " AND config_name = 'note-type-limit' LIMIT 1", List.of(), rs -> rs.getString(1));
    }

    /** Whether another note type than {@code id} has this name. */
    static boolean noteTypeNameTaken(Connection c, String schema, UUID id, String name) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + ".note_type WHERE name = ? AND id <> ?", List.of(name, id),
                rs -> 1).isPresent();
    }

    static boolean noteTypeInUse(Connection c, String schema, UUID typeId) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + ".note WHERE type_id = ? LIMIT 1", List.of(typeId), rs -> 1)
                .isPresent();
    }

    private static ObjectNode withUsage(ResultSet rs) throws SQLException {
        ObjectNode type = Json.parseObject(rs.getString(1));
        long total = rs.getLong(2);
        type.putObject("usage").put("isAssigned", total > 0).put("noteTotal", total);
        return type;
    }

    private static java.sql.Array uuids(Connection c, Collection<UUID> ids) throws SQLException {
        return c.createArrayOf("uuid", ids.toArray());
    }
}
