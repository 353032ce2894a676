package org.quire.marc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The SQL of {@link InstanceMarc}: the reference names its rules translate ids to, and the instances to read. */
public final class InstanceMarcStore {
    private InstanceMarcStore() {
    }

    /** The tenant's names the rules translate ids to (identifier types, contributor name types). Round trips: 2. */
    public static InstanceMarc.Names names(Connection c, String schema) throws SQLException {
        return new InstanceMarc.Names(idNames(c, schema, "identifier_type"), idNames(c, schema,
                "contributor_name_type"));
    }

    /**
     * MARC-in-JSON generated for these stored instances (those that exist), by instance id. Round trips: 3.
     */
    public static Map<UUID, ObjectNode> generated(Connection c, String schema, Collection<UUID> instanceIds)
            throws SQLException {
        Map<UUID, ObjectNode> out = new HashMap<>();
        if (instanceIds.isEmpty()) return out;
        InstanceMarc.Names names = names(c, schema);
        for (Object[] row : Sql.list(c, "SELECT id, jsonb::text FROM " + schema + ".instance WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", instanceIds.toArray())),
                rs -> new Object[]{rs.getObject(1, UUID.class), rs.getString(2)})) {
            out.put((UUID) row[0], MarcRecords.toMarcJson(InstanceMarc.of(Json.parse((String) row[1]), names)));
        }
        return out;
    }

    private static Map<UUID, String> idNames(Connection c, String schema, String table) throws SQLException {
        Map<UUID, String> out = new HashMap<>();
        for (Object[] row : Sql.list(c, "SELECT id, name FROM " + schema + "." + table, List.of(),
                rs -> new Object[]{rs.getObject(1, UUID.class), rs.getString(2)})) {
            out.put((UUID) row[0], (String) row[1]);
        }
        return out;
    }
}
