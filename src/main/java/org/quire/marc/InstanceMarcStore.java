package org.quire.marc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The SQL of {@link InstanceMarc}: the reference names its rules translate ids to, and the instances to read. */
public final class InstanceMarcStore {
    private InstanceMarcStore() {
    }

    /** The reference tables whose names the rules translate ids to, in {@link InstanceMarc.Names}' order. */
    private static final List<String> NAME_TABLES = List.of("identifier_type", "contributor_name_type",
            "instance_type", "instance_format", "nature_of_content_term", "electronic_access_relationship");

    /** The tenant's names the rules translate ids to. Round trips: 1. */
    public static InstanceMarc.Names names(Connection c, String schema) throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (int i = 0; i < NAME_TABLES.size(); i++) {
            if (i > 0) sql.append(" UNION ALL ");
            sql.append("SELECT ").append(i).append(", id, name FROM ").append(schema).append('.').append(NAME_TABLES.get(i));
        }
        List<Map<UUID, String>> byTable = new ArrayList<>();
        for (int i = 0; i < NAME_TABLES.size(); i++) byTable.add(new HashMap<>());
        for (Object[] row : Sql.list(c, sql.toString(), List.of(),
                rs -> new Object[]{rs.getInt(1), rs.getObject(2, UUID.class), rs.getString(3)})) {
            byTable.get((Integer) row[0]).put((UUID) row[1], (String) row[2]);
        }
        return new InstanceMarc.Names(byTable.get(0), byTable.get(1), byTable.get(2), byTable.get(3), byTable.get(4),
                byTable.get(5));
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
}
