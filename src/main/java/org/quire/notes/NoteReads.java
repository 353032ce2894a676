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
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Notes as mod-notes answers them (NotesMapper, MetadataMapper): the stored note plus {@code type}, the current name
 * of its note type, and the creating and updating users' usernames and names in {@code metadata}. Those come from
 * scalar subqueries in the same statement, evaluated only for the rows of the page: one statement per page whatever
 * its size (mod-notes fetches the users over HTTP, cached).
 */
final class NoteReads {
    private NoteReads() {
    }

    record Page(List<ObjectNode> notes, long totalRecords) {
    }

    /** The select list over {@code <schema>.note n}: jsonb, type name, creator, updater. */
    static String select(String schema) {
        String user = "(SELECT jsonb_build_object('username', u.username, 'personal', u.jsonb -> 'personal') FROM "
                + schema + ".users u WHERE u.id = n.%s)";
        return "SELECT n.jsonb, (SELECT t.name FROM " + schema + ".note_type t WHERE t.id = n.type_id), "
                + user.formatted("created_by") + ", " + user.formatted("updated_by");
    }

    static Optional<ObjectNode> byId(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, select(schema) + " FROM " + schema + ".note n WHERE n.id = ?", List.of(id), NoteReads::note);
    }

    /** GET /notes: a CQL page over the note's typed columns (unqualified names resolve to {@code n}). */
    static Page search(Connection c, String schema, SqlWhere where, int limit, int offset) throws SQLException {
        String from = " FROM " + schema + ".note n WHERE " + where.where();
        String order = where.orderBy().isEmpty() ? NoteTables.NOTES.type().defaultSort() : where.orderBy();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        List<ObjectNode> rows = Sql.list(c, select(schema) + from + " ORDER BY " + order + " LIMIT ? OFFSET ?", params,
                NoteReads::note);
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*)" + from, where.params(), rs -> rs.getLong(1)).orElse(0L);
        return new Page(rows, total);
    }

    /** A row of {@link #select}: columns 1-4. */
    static ObjectNode note(ResultSet rs) throws SQLException {
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
}
