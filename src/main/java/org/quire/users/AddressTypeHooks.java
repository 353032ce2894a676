package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * An address type that users' addresses still name cannot be deleted: mod-users' AddressTypeAPI answers 400
 * "Cannot remove address type '&lt;id&gt;', N users associated with it". Deleting an address type is a rare
 * administrative act, so the users are counted by a containment test on their JSON (a scan) rather than by a
 * typed column every user write would have to maintain.
 */
final class AddressTypeHooks implements RecordHooks {
    @Override
    public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
        String id = record.get("id").asText();
        long users = Sql.one(c, "SELECT count(*) FROM " + schema + ".users WHERE jsonb -> 'personal' -> 'addresses' "
                        + "@> jsonb_build_array(jsonb_build_object('addressTypeId', ?::text))", List.of(id),
                rs -> rs.getLong(1)).orElse(0L);
        if (users > 0) {
            throw ApiException.badRequest("Cannot remove address type '" + id + "', " + users
                    + " users associated with it");
        }
    }
}
