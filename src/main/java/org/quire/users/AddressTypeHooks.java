package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * An address type that users' addresses still name cannot be deleted: mod-users' AddressTypeAPI answers 400
 * "Cannot remove address type '&lt;id&gt;', N users associated with it" (the users counted by
 * {@link UsersStore#usersWithAddressType}).
 */
final class AddressTypeHooks implements RecordHooks {
    @Override
    public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
        String id = record.get("id").asText();
        long users = UsersStore.usersWithAddressType(c, schema, id);
        if (users > 0) {
            throw new InvalidInput("Cannot remove address type '" + id + "', " + users
                    + " users associated with it");
        }
    }
}
