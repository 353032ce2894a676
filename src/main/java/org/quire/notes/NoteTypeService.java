package org.quire.notes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlToSql;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Note types as mod-notes' NoteTypesServiceImpl: CRUD with a unique name, at most {@link #DEFAULT_LIMIT} types per
 * tenant, and {@code usage} on reads. Departure: deleting a type that notes still use is refused (422) — mod-notes
 * 3+ deletes those notes with it (its foreign key cascades), which loses patron notes to a settings click.
 */
final class NoteTypeService {
    /** mod-notes' folio.notes.types.defaults.limit (NoteTypesProperties, application.yaml). */
    static final int DEFAULT_LIMIT = 25;

    private NoteTypeService() {
    }

    record Page(List<ObjectNode> noteTypes, long totalRecords) {
    }

    /**
     * {@code usage}: mod-notes 4+ answers {@code isAssigned}, earlier releases (and FOLIO's schema, which still
     * requires it) {@code noteTotal}; both are given, from one scalar subquery per row of the page on the note's
     * type index.
     */
    private static String select(String schema) {
        return "SELECT jsonb, (SELECT count(*) FROM " + schema + ".note n WHERE n.type_id = note_type.id) FROM " + schema
                + ".note_type";
    }

    static Page search(Connection c, String schema, String cql, int limit, int offset) throws SQLException {
        SqlWhere where;
        try {
            where = CqlToSql.translate(cql, NoteTables.NOTE_TYPES.type().cqlFields());
        } catch (CqlException e) {
            throw NoteRefusal.validation(e.getMessage());
        }
        String order = where.orderBy().isEmpty() ? NoteTables.NOTE_TYPES.type().defaultSort() : where.orderBy();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        List<ObjectNode> rows = Sql.list(c, select(schema) + " WHERE " + where.where() + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", params, NoteTypeService::withUsage);
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*) FROM " + schema + ".note_type WHERE " + where.where(), where.params(),
                        rs -> rs.getLong(1)).orElse(0L);
        return new Page(rows, total);
    }

    static ObjectNode get(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, select(schema) + " WHERE id = ?", List.of(id), NoteTypeService::withUsage)
                .orElseThrow(() -> NoteRefusal.notFound("Note type", id));
    }

    /** Round trips: 6 (lock, configured limit, count, name check, id check, insert); note types are created rarely. */
    static ObjectNode create(Connection c, String schema, ObjectNode body, UUID userId) throws SQLException {
        ObjectNode type = NoteValidation.noteType(body);
        // Serialise creations per tenant so that two at once cannot both pass the limit.
        Sql.one(c, "SELECT pg_advisory_xact_lock(hashtext(?))", List.of(schema + ".note_type"), rs -> 1);
        int limit = limit(c, schema);
        long count = Sql.one(c, "SELECT count(*) FROM " + schema + ".note_type", List.of(), rs -> rs.getLong(1)).orElse(0L);
        if (count >= limit) throw NoteRefusal.typesLimitReached(limit);
        UUID id = type.hasNonNull("id") ? UUID.fromString(type.get("id").asText()) : UUID.randomUUID();
        type.put("id", id.toString());
        requireUnique(c, schema, id, type.get("name").asText());
        if (NoteTables.NOTE_TYPES.get(c, schema, id).isPresent())
            throw NoteRefusal.validation("Key (id)=(" + id + ") already exists.");
        return NoteTables.NOTE_TYPES.insert(c, schema, type, userId);
    }

    static void update(Connection c, String schema, UUID id, ObjectNode body, UUID userId) throws SQLException {
        ObjectNode type = NoteValidation.noteType(body);
        ObjectNode previous = NoteTables.NOTE_TYPES.getForUpdate(c, schema, id)
                .orElseThrow(() -> NoteRefusal.notFound("Note type", id));
        type.put("id", id.toString());
        requireUnique(c, schema, id, type.get("name").asText());
        NoteTables.NOTE_TYPES.replace(c, schema, previous, type, userId);
    }

    static void delete(Connection c, String schema, UUID id) throws SQLException {
        if (NoteTables.NOTE_TYPES.getForUpdate(c, schema, id).isEmpty()) throw NoteRefusal.notFound("Note type", id);
        boolean used = Sql.one(c, "SELECT 1 FROM " + schema + ".note WHERE type_id = ? LIMIT 1", List.of(id), rs -> 1)
                .isPresent();
        // the message mod-notes' DataIntegrityViolationException handler gives for a referenced row
        if (used) throw NoteRefusal.validation("Key (id)=(" + id + ") is still referenced from table \"note\".", "id",
                id.toString());
        NoteTables.NOTE_TYPES.delete(c, schema, id);
    }

    /**
     * The limit: 25, as current mod-notes. Releases before 7.1 read it from mod-configuration (module NOTES,
     * configName note-type-limit), and FOLIO's API tests still set it there, so such an entry is honoured.
     */
    private static int limit(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT jsonb ->> 'value' FROM " + schema + ".config_entry WHERE module = 'NOTES'"
                        + " AND config_name = 'note-type-limit' LIMIT 1", List.of(), rs -> rs.getString(1))
                .flatMap(v -> {
                    try {
                        return java.util.Optional.of(Integer.parseInt(v.trim()));
                    } catch (RuntimeException e) {
                        return java.util.Optional.empty();
                    }
                }).orElse(DEFAULT_LIMIT);
    }

    /** mod-notes' uc_type_name, in its DataIntegrityViolationException wording. */
    private static void requireUnique(Connection c, String schema, UUID id, String name) throws SQLException {
        if (Sql.one(c, "SELECT 1 FROM " + schema + ".note_type WHERE name = ? AND id <> ?", List.of(name, id), rs -> 1)
                .isPresent()) throw NoteRefusal.validation("Key (name)=(" + name + ") already exists.", "name", name);
    }

    private static ObjectNode withUsage(ResultSet rs) throws SQLException {
        ObjectNode type = Json.parseObject(rs.getString(1));
        long total = rs.getLong(2);
        type.putObject("usage").put("isAssigned", total > 0).put("noteTotal", total);
        return type;
    }
}
