package org.quire.dataimport;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The look-ups a MARC holdings import makes per chunk: the instances its 004s name. */
final class MarcLinksStore {
    private MarcLinksStore() {
    }

    /**
     * The ids of the instances with these HRIDs (mod-inventory's HoldingsCollectionService.findInstanceIdByHrid
     * asks {@code hrid==<004>} per record; here one query per chunk over instance.hrid's unique index).
     */
    static Map<String, UUID> instanceIdsByHrid(Connection c, String schema, Collection<String> hrids)
            throws SQLException {
        Map<String, UUID> out = new HashMap<>();
        if (hrids.isEmpty()) return out;
        Sql.list(c, "SELECT hrid, id FROM " + schema + ".instance WHERE hrid = ANY(?)",
                List.of(c.createArrayOf("text", hrids.toArray())), rs -> {
                    out.put(rs.getString(1), rs.getObject(2, UUID.class));
                    return null;
                });
        return out;
    }
}
