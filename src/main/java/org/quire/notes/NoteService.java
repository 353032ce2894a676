package org.quire.notes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlToSql;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Notes: create, read, replace, delete, as mod-notes' NotesServiceImpl. Each write is one transaction that writes
 * the note row and brings its {@code note_link} rows in line with its {@code links} (one statement).
 * Round trips: create 4 (type check, insert, links, read back; +1 for a client-chosen id), update 4 (lock, type
 * check, update, links), delete 2.
 */
final class NoteService {
    private NoteService() {
    }

    static NoteReads.Page search(Connection c, String schema, String cql, int limit, int offset) throws SQLException {
        SqlWhere where;
        try {
            where = CqlToSql.translate(cql, NoteTables.NOTES.type().cqlFields());
        } catch (CqlException e) {
            throw NoteRefusal.validation(e.getMessage());
        }
        return NoteReads.search(c, schema, where, limit, offset);
    }

    static ObjectNode get(Connection c, String schema, UUID id) throws SQLException {
        return NoteReads.byId(c, schema, id).orElseThrow(() -> NoteRefusal.notFound("Note", id));
    }

    static ObjectNode create(Connection c, String schema, ObjectNode body, UUID userId) throws SQLException {
        ObjectNode note = NoteValidation.note(body);
        requireType(c, schema, note);
        if (note.hasNonNull("id") && NoteTables.NOTES.get(c, schema, UUID.fromString(note.get("id").asText())).isPresent())
            throw NoteRefusal.validation("Key (id)=(" + note.get("id").asText() + ") already exists.");
        ObjectNode saved = NoteTables.NOTES.insert(c, schema, note, userId);
        syncLinks(c, schema, List.of(UUID.fromString(saved.get("id").asText())));
        return NoteReads.byId(c, schema, UUID.fromString(saved.get("id").asText())).orElseThrow();
    }

    /**
     * Replaces a note. As mod-notes' updateNote, a note sent without links is deleted (a note exists only while it
     * is linked to something); the creation metadata is kept.
     */
    static void update(Connection c, String schema, UUID id, ObjectNode body, UUID userId) throws SQLException {
        ObjectNode note = NoteValidation.note(body);
        ObjectNode previous = NoteTables.NOTES.getForUpdate(c, schema, id)
                .orElseThrow(() -> NoteRefusal.notFound("Note", id));
        if (note.path("links").isEmpty()) {
            NoteTables.NOTES.delete(c, schema, id);
            return;
        }
        requireType(c, schema, note);
        NoteTables.NOTES.replace(c, schema, previous, note, userId);
        syncLinks(c, schema, List.of(id));
    }

    static void delete(Connection c, String schema, UUID id) throws SQLException {
        // note_link rows go with the note (ON DELETE CASCADE)
        if (!NoteTables.NOTES.delete(c, schema, id)) throw NoteRefusal.notFound("Note", id);
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
                List.of(uuidArray(c, noteIds), uuidArray(c, noteIds)));
    }

    /**
     * The note's type must exist; mod-notes' foreign key refuses it with the database's detail, which its
     * ErrorHandling returns as a 422.
     */
    private static void requireType(Connection c, String schema, ObjectNode note) throws SQLException {
        UUID typeId = UUID.fromString(note.get("typeId").asText());
        Optional<Integer> found = Sql.one(c, "SELECT 1 FROM " + schema + ".note_type WHERE id = ? FOR KEY SHARE",
                List.of(typeId), rs -> 1);
        if (found.isEmpty())
            throw NoteRefusal.validation("Key (type_id)=(" + typeId + ") is not present in table \"type\".", "typeId",
                    typeId.toString());
    }

    static java.sql.Array uuidArray(Connection c, List<UUID> ids) throws SQLException {
        return c.createArrayOf("uuid", ids.toArray());
    }
}
