package org.quire.search;

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

/**
 * The authority index's SQL: authority-storage's and entities-links' tables read directly (as SearchStore reads
 * inventory's), so search still depends on platform only. The indexer's statements carry {@link SearchStore#MARK}.
 */
public final class AuthoritySearchStore {
    private AuthoritySearchStore() {
    }

    public record AuthorityRow(UUID id, ObjectNode authority) {
    }

    /** The authorities of {@code ids} that exist. */
    public static List<AuthorityRow> authorities(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        if (ids.isEmpty()) return List.of();
        return Sql.list(c, SearchStore.MARK + "SELECT id, jsonb FROM " + schema + ".authority WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())), AuthoritySearchStore::row);
    }

    /** The next page of authorities after {@code after} in id order (null: from the start), for a full index. */
    public static List<AuthorityRow> page(Connection c, String schema, UUID after, int size) throws SQLException {
        return Sql.list(c, SearchStore.MARK + "SELECT id, jsonb FROM " + schema + ".authority WHERE id > ? ORDER BY id"
                + " LIMIT " + size, List.of(after == null ? new UUID(0, 0) : after), AuthoritySearchStore::row);
    }

    public static long count(Connection c, String schema) throws SQLException {
        return Sql.one(c, SearchStore.MARK + "SELECT count(*) FROM " + schema + ".authority", List.of(),
                rs -> rs.getLong(1)).orElse(0L);
    }

    /**
     * numberOfTitles: the number of distinct instances linked to each authority (instance_authority_link, the
     * entities-links table /links/instances writes), one statement for a page of authorities; absent means 0.
     */
    public static Map<String, Long> titleCounts(Connection c, String schema, Collection<UUID> authorityIds)
            throws SQLException {
        Map<String, Long> out = new HashMap<>();
        if (authorityIds.isEmpty()) return out;
        Sql.list(c, "SELECT authority_id, count(DISTINCT instance_id) FROM " + schema + ".instance_authority_link"
                + " WHERE authority_id = ANY(?) GROUP BY authority_id",
                List.of(c.createArrayOf("uuid", authorityIds.toArray())), rs -> {
                    out.put(rs.getString(1), rs.getLong(2));
                    return null;
                });
        return out;
    }

    private static AuthorityRow row(java.sql.ResultSet rs) throws SQLException {
        return new AuthorityRow(rs.getObject(1, UUID.class), Json.parseObject(rs.getString(2)));
    }
}
