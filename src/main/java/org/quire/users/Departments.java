package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * mod-users' departments (DepartmentsAPI, departments_view, create_departments_triggers.sql): a department is read
 * with {@code usageNumber}, the number of users whose {@code departments} name it; name and code are unique
 * (case-insensitively, as RMB's unique indexes), and a department users still name cannot be deleted. Users may
 * only name departments that exist.
 */
public final class Departments implements RecordHooks {
    /** The users naming department {@code d.id}: a containment test the GIN index users_departments_idx answers. */
    private static final String USAGE = "(SELECT count(*) FROM %1$s.users u WHERE u.jsonb -> 'departments' "
            + "@> jsonb_build_array(d.id::text))";

    /** A page of departments with their usageNumber: one statement (two when the page is full). */
    public static RecordStore.Page search(RecordStore store, Connection c, String schema, String cql, int limit,
                                         int offset)
            throws SQLException {
        SqlWhere where = store.translate(cql);
        String order = where.orderBy().isEmpty() ? store.type().defaultSort() : where.orderBy();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        String from = " FROM " + schema + ".department d WHERE " + where.where();
        List<ObjectNode> rows = limit == 0 ? List.of() : Sql.list(c, "SELECT d.jsonb || jsonb_build_object("
                + "'usageNumber', " + USAGE.formatted(schema) + ")" + from + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", params, rs -> Json.parseObject(rs.getString(1)));
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*)" + from, where.params(), rs -> rs.getLong(1)).orElse(0L);
        return new RecordStore.Page(rows, total);
    }

    public static Optional<ObjectNode> get(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT d.jsonb || jsonb_build_object('usageNumber', " + USAGE.formatted(schema)
                + ") FROM " + schema + ".department d WHERE d.id = ?", List.of(id), rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * usageNumber is computed, never stored; a duplicate id, name or code is mod-users' 422 "Department with this
     * name already exists" with the offending value as parameter (DepartmentsAPI.handleUniqueConstraintViolation).
     * The unique indexes stay the last word under concurrency.
     */
    @Override
    public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        for (int i = 0; i < records.size(); i++) {
            ObjectNode d = records.get(i);
            d.remove("usageNumber");
            String id = d.get("id").asText();
            String name = d.path("name").asText();
            String code = d.path("code").asText();
            boolean insert = previous.get(i) == null;
            List<String[]> clashes = Sql.list(c, "SELECT id::text, lower(name) = lower(?), lower(code) = lower(?) FROM "
                            + schema + ".department WHERE id = ?::uuid OR lower(name) = lower(?) OR lower(code) = lower(?)",
                    List.of(name, code, id, name, code), rs -> new String[]{rs.getString(1),
                            String.valueOf(rs.getBoolean(2)), String.valueOf(rs.getBoolean(3))});
            for (String[] clash : clashes) {
                if (clash[0].equals(id)) {
                    if (insert) throw duplicate("id", id);
                } else if (Boolean.parseBoolean(clash[1])) {
                    throw duplicate("name", name);
                } else if (Boolean.parseBoolean(clash[2])) {
                    throw duplicate("code", code);
                }
            }
        }
    }

    static ApiException duplicate(String field, String value) {
        return ApiException.unprocessable(List.of(new Refusal("Department with this " + field
                + " already exists", "-1", List.of(new Refusal.Parameter(field, value)))));
    }

    /** RMB's 400 for mod-users' delete trigger (a foreign_key_violation "still referenced from table users"). */
    @Override
    public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
        String id = record.get("id").asText();
        boolean used = Sql.one(c, "SELECT EXISTS (SELECT 1 FROM " + schema + ".users u WHERE u.jsonb -> 'departments' "
                + "@> jsonb_build_array(?::text))", List.of(id), rs -> rs.getBoolean(1)).orElse(false);
        if (used) {
            throw ApiException.badRequest("Cannot delete departments.id = " + id
                    + " because id is still referenced from table users.");
        }
    }

    /**
     * The check mod-users' users trigger (process_department_assign) makes: every department a user names must
     * exist, else 400 with PostgreSQL's detail "Key (departments)=(…) is not present in table "departments"." One
     * statement for a whole batch, none when no user names a department.
     */
    static void requireExisting(Connection c, String schema, List<ObjectNode> users) throws SQLException {
        Set<String> named = new LinkedHashSet<>();
        for (ObjectNode u : users) {
            JsonNode deps = u.get("departments");
            if (deps == null || deps.isNull()) continue;
            if (!deps.isArray()) throw ApiException.badRequest("Json content error: departments must be an array");
            for (JsonNode d : deps) named.add(d.asText());
        }
        if (named.isEmpty()) return;
        List<UUID> ids = new ArrayList<>();
        for (String s : named) {
            try {
                ids.add(UUID.fromString(s));
            } catch (IllegalArgumentException e) {
                throw notPresent(s);
            }
        }
        Set<String> existing = new java.util.HashSet<>(Sql.list(c, "SELECT id::text FROM " + schema
                + ".department WHERE id = ANY(?)", List.of(c.createArrayOf("uuid", ids.toArray())), rs -> rs.getString(1)));
        for (UUID id : ids) if (!existing.contains(id.toString())) throw notPresent(id.toString());
    }

    private static ApiException notPresent(String id) {
        return ApiException.badRequest("Key (departments)=(" + id + ") is not present in table \"departments\".");
    }
}
