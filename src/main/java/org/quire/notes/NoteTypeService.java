package org.quire.notes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlToSql;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/**
 * Note types as mod-notes' NoteTypesServiceImpl: CRUD with a unique name, at most {@link #DEFAULT_LIMIT} types per
 * tenant, and {@code usage} on reads; each write one transaction, opened here. Departure: deleting a type that notes still use is refused (422) — mod-notes
 * 3+ deletes those notes with it (its foreign key cascades), which loses patron notes to a settings click.
 */
final class NoteTypeService {
    /** mod-notes' folio.notes.types.defaults.limit (NoteTypesProperties, application.yaml). */
    static final int DEFAULT_LIMIT = 25;

    private NoteTypeService() {
    }

    static NotesStore.NoteTypePage search(Database db, String schema, String cql, int limit, int offset) {
        SqlWhere where;
        try {
            where = CqlToSql.translate(cql, NoteTables.NOTE_TYPES.type().cqlFields());
        } catch (CqlException e) {
            throw NoteRefusal.validation(e.getMessage());
        }
        return db.read(c -> NotesStore.searchNoteTypes(c, schema, where, limit, offset));
    }

    static ObjectNode get(Database db, String schema, UUID id) {
        return db.read(c -> NotesStore.noteTypeById(c, schema, id)).orElseThrow(() -> NoteRefusal.notFound("Note type", id));
    }

    /** Round trips: 6 (lock, configured limit, count, name check, id check, insert); note types are created rarely. */
    static ObjectNode create(Database db, String schema, ObjectNode body, UUID userId) {
        ObjectNode type = NoteValidation.noteType(body);
        return db.tx(c -> {
            // Serialise creations per tenant so that two at once cannot both pass the limit.
            NotesStore.lockNoteTypeCreation(c, schema);
            int limit = limit(c, schema);
            if (NotesStore.countNoteTypes(c, schema) >= limit) throw NoteRefusal.typesLimitReached(limit);
            UUID id = type.hasNonNull("id") ? UUID.fromString(type.get("id").asText()) : UUID.randomUUID();
            type.put("id", id.toString());
            requireUnique(c, schema, id, type.get("name").asText());
            if (NoteTables.NOTE_TYPES.get(c, schema, id).isPresent())
                throw NoteRefusal.validation("Key (id)=(" + id + ") already exists.");
            return NoteTables.NOTE_TYPES.insert(c, schema, type, userId);
        });
    }

    static void update(Database db, String schema, UUID id, ObjectNode body, UUID userId) {
        ObjectNode type = NoteValidation.noteType(body);
        db.tx(c -> {
            ObjectNode previous = NoteTables.NOTE_TYPES.getForUpdate(c, schema, id)
                    .orElseThrow(() -> NoteRefusal.notFound("Note type", id));
            type.put("id", id.toString());
            requireUnique(c, schema, id, type.get("name").asText());
            return NoteTables.NOTE_TYPES.replace(c, schema, previous, type, userId);
        });
    }

    static void delete(Database db, String schema, UUID id) {
        db.tx(c -> {
            if (NoteTables.NOTE_TYPES.getForUpdate(c, schema, id).isEmpty()) throw NoteRefusal.notFound("Note type", id);
            // the message mod-notes' DataIntegrityViolationException handler gives for a referenced row
            if (NotesStore.noteTypeInUse(c, schema, id))
                throw NoteRefusal.validation("Key (id)=(" + id + ") is still referenced from table \"note\".", "id",
                        id.toString());
            return NoteTables.NOTE_TYPES.delete(c, schema, id);
        });
    }

    /**
     * The limit: 25, as current mod-notes. Releases before 7.1 read it from mod-configuration (module NOTES,
     * configName note-type-limit), and FOLIO's API tests still set it there, so such an entry is honoured.
     */
    private static int limit(Connection c, String schema) throws SQLException {
        return NotesStore.configuredNoteTypeLimit(c, schema).flatMap(v -> {
                    try {
                        return Optional.of(Integer.parseInt(v.trim()));
                    } catch (RuntimeException e) {
                        return Optional.empty();
                    }
                }).orElse(DEFAULT_LIMIT);
    }

    /** mod-notes' uc_type_name, in its DataIntegrityViolationException wording. */
    private static void requireUnique(Connection c, String schema, UUID id, String name) throws SQLException {
        if (NotesStore.noteTypeNameTaken(c, schema, id, name))
            throw NoteRefusal.validation("Key (name)=(" + name + ") already exists.", "name", name);
    }
}
