package org.quire.authorities;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The module's SQL besides its RecordStores: source file lookups and instance-authority links. */
final class AuthoritiesStore {
    private AuthoritiesStore() {
    }

    /** One link as mod-entities-links' instanceLinkDto. */
    record Link(UUID instanceId, UUID authorityId, String authorityNaturalId, int linkingRuleId) {
    }

    static Set<UUID> existingSourceFiles(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        return new HashSet<>(Sql.list(c, "SELECT id FROM " + schema + ".authority_source_file WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())), rs -> rs.getObject(1, UUID.class)));
    }

    static void deleteLinksOfAuthority(Connection c, String schema, UUID authorityId) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".instance_authority_link WHERE authority_id = ?", List.of(authorityId));
    }

    /** An instance's links in id order, as instanceLinkDto objects. */
    static List<ObjectNode> linksOfInstance(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.list(c, "SELECT id, authority_id, authority_natural_id, instance_id, linking_rule_id, status, "
                + "error_cause FROM " + schema + ".instance_authority_link WHERE instance_id = ? ORDER BY id",
                List.of(instanceId), rs -> {
                    ObjectNode n = Json.object();
                    n.put("id", rs.getLong(1));
                    n.put("authorityId", rs.getString(2));
                    n.put("authorityNaturalId", rs.getString(3));
                    n.put("instanceId", rs.getString(4));
                    n.put("linkingRuleId", rs.getInt(5));
                    n.put("status", rs.getString(6));
                    if (rs.getString(7) != null) n.put("errorCause", rs.getString(7));
                    return n;
                });
    }

    /**
     * Makes {@code links} the instance's links (InstanceAuthorityLinkingService.updateLinks): links not among them
     * are deleted, a link already there (same authority and rule) keeps its id and takes the new natural id, the
     * rest are created ACTUAL. Two statements; the instance's rows are locked by the delete.
     */
    static void replaceLinks(Connection c, String schema, UUID instanceId, List<Link> links) throws SQLException {
        List<Object> keep = new ArrayList<>();
        StringBuilder pairs = new StringBuilder();
        for (Link l : links) {
            pairs.append(pairs.isEmpty() ? "" : ", ").append("(?::uuid, ?::int)");
            keep.add(l.authorityId());
            keep.add(l.linkingRuleId());
        }
        List<Object> params = new ArrayList<>(List.of(instanceId));
        params.addAll(keep);
        Sql.update(c, "DELETE FROM " + schema + ".instance_authority_link WHERE instance_id = ?"
                + (links.isEmpty() ? "" : " AND (authority_id, linking_rule_id) NOT IN (" + pairs + ")"), params);
        if (links.isEmpty()) return;
        StringBuilder values = new StringBuilder();
        List<Object> insert = new ArrayList<>();
        for (Link l : links) {
            values.append(values.isEmpty() ? "" : ", ").append("(?, ?, ?, ?)");
            insert.addAll(List.of(instanceId, l.authorityId(), l.authorityNaturalId(), l.linkingRuleId()));
        }
        Sql.update(c, "INSERT INTO " + schema + ".instance_authority_link (instance_id, authority_id, "
                + "authority_natural_id, linking_rule_id) VALUES " + values + " ON CONFLICT (instance_id, "
                + "authority_id, linking_rule_id) DO UPDATE SET authority_natural_id = EXCLUDED.authority_natural_id, "
                + "updated_at = now()", insert);
    }

    /** Number of instances linked to each authority; authorities without links count 0 (fillInMissingIdsWithZeros). */
    static Map<UUID, Integer> countLinks(Connection c, String schema, Collection<UUID> authorityIds)
            throws SQLException {
        Map<UUID, Integer> counts = new LinkedHashMap<>();
        for (UUID id : authorityIds) counts.put(id, 0);
        if (authorityIds.isEmpty()) return counts;
        Sql.list(c, "SELECT authority_id, count(DISTINCT instance_id) FROM " + schema + ".instance_authority_link "
                        + "WHERE authority_id = ANY(?) GROUP BY authority_id",
                List.of(c.createArrayOf("uuid", authorityIds.toArray())), rs -> {
                    counts.put(rs.getObject(1, UUID.class), rs.getInt(2));
                    return null;
                });
        return counts;
    }
}
