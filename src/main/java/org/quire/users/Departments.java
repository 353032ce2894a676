package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * mod-users' departments (DepartmentsAPI, departments_view, create_departments_triggers.sql): a department is read
 * with {@code usageNumber}, the number of users whose {@code departments} name it; name and code are unique
 * (case-insensitively, as RMB's unique indexes), and a department users still name cannot be deleted. Users may
 * only name departments that exist. Reads with usageNumber: {@link UsersStore#departments}.
 */
public final class Departments implements RecordHooks {
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
            for (UsersStore.DepartmentClash clash : UsersStore.departmentClashes(c, schema, id, name, code)) {
                if (clash.id().equals(id)) {
                    if (insert) throw duplicate("id", id);
                } else if (clash.sameName()) {
                    throw duplicate("name", name);
                } else if (clash.sameCode()) {
                    throw duplicate("code", code);
                }
            }
        }
    }

    static Refused duplicate(String field, String value) {
        return Refused.because("Department with this " + field + " already exists", "-1", field, value);
    }

    /** RMB's 400 for mod-users' delete trigger (a foreign_key_violation "still referenced from table users"). */
    @Override
    public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
        String id = record.get("id").asText();
        if (UsersStore.departmentInUse(c, schema, id)) {
            throw new InvalidInput("Cannot delete departments.id = " + id
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
            if (!deps.isArray()) throw new InvalidInput("Json content error: departments must be an array");
            for (JsonNode d : deps) named.add(d.asText());
        }
        if (named.isEmpty()) return;
        List<UUID> ids = new ArrayList<>();
        for (String s : named) ids.add(Ids.parse(s).orElseThrow(() -> notPresent(s)));
        Set<String> existing = UsersStore.existingDepartments(c, schema, ids);
        for (UUID id : ids) if (!existing.contains(id.toString())) throw notPresent(id.toString());
    }

    private static InvalidInput notPresent(String id) {
        return new InvalidInput("Key (departments)=(" + id + ") is not present in table \"departments\".");
    }
}
