package org.quire.notes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlToSql;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * Notes: create, read, replace, delete, as mod-notes' NotesServiceImpl. Each write is one transaction (opened here)
 * that writes the note row and brings its {@code note_link} rows in line with its {@code links} (one statement).
 * Round trips: create 4 (type check, insert, links, read back; +1 for a client-chosen id), update 4 (lock, type
 * check, update, links), delete 2.
 */
final class NoteService {
    private NoteService() {
    }

    static NotesStore.NotePage search(Database db, String schema, String cql, int limit, int offset) {
        SqlWhere where;
        try {
            where = CqlToSql.translate(cql, NoteTables.NOTES.type().cqlFields());
        } catch (CqlException e) {
            throw NoteRefusal.validation(e.getMessage());
        }
        return db.read(c -> NotesStore.searchNotes(c, schema, where, limit, offset));
    }

    static ObjectNode get(Database db, String schema, UUID id) {
        return db.read(c -> NotesStore.noteById(c, schema, id)).orElseThrow(() -> NoteRefusal.notFound("Note", id));
    }

    static ObjectNode create(Database db, String schema, ObjectNode body, UUID userId) {
        ObjectNode note = NoteValidation.note(body);
        return db.tx(c -> {
            requireType(c, schema, note);
            if (note.hasNonNull("id") && NoteTables.NOTES.get(c, schema, UUID.fromString(note.get("id").asText())).isPresent())
                throw NoteRefusal.validation("Key (id)=(" + note.get("id").asText() + ") already exists.");
            ObjectNode saved = NoteTables.NOTES.insert(c, schema, note, userId);
            UUID id = UUID.fromString(saved.get("id").asText());
            NotesStore.syncLinks(c, schema, List.of(id));
            return NotesStore.noteById(c, schema, id).orElseThrow();
        });
    }

    /**
     * Replaces a note. As mod-notes' updateNote, a note sent without links is deleted (a note exists only while it
     * is linked to something); the creation metadata is kept.
     */
    static void update(Database db, String schema, UUID id, ObjectNode body, UUID userId) {
        ObjectNode note = NoteValidation.note(body);
        db.tx(c -> {
            ObjectNode previous = NoteTables.NOTES.getForUpdate(c, schema, id)
                    .orElseThrow(() -> NoteRefusal.notFound("Note", id));
            if (note.path("links").isEmpty()) {
                NoteTables.NOTES.delete(c, schema, id);
                return null;
            }
            requireType(c, schema, note);
            NoteTables.NOTES.replace(c, schema, previous, note, userId);
            NotesStore.syncLinks(c, schema, List.of(id));
            return null;
        });
    }

    static void delete(Database db, String schema, UUID id) {
        // note_link rows go with the note (ON DELETE CASCADE)
        if (!db.tx(c -> NoteTables.NOTES.delete(c, schema, id))) throw NoteRefusal.notFound("Note", id);
    }

    /**
     * The note's type must exist; mod-notes' foreign key refuses it with the database's detail, which its
     * ErrorHandling returns as a 422.
     */
    private static void requireType(Connection c, String schema, ObjectNode note) throws SQLException {
        UUID typeId = UUID.fromString(note.get("typeId").asText());
        if (!NotesStore.lockNoteTypeKey(c, schema, typeId))
            throw NoteRefusal.validation("Key (type_id)=(" + typeId + ") is not present in table \"type\".", "typeId",
                    typeId.toString());
    }
}
