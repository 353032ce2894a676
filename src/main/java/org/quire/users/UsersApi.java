package org.quire.users;

import org.quire.platform.db.Database;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import static org.quire.users.UserTypes.*;

/** mod-users endpoints. */
public final class UsersApi {
    private UsersApi() {
    }

    public static void register(Router r, Database db) {
        RecordApi.register(r, db, USERS, "/users", "users");
        RecordApi.register(r, db, GROUPS, "/groups", "usergroups");
        RecordApi.register(r, db, PROXIES, "/proxiesfor", "proxiesfor");
        RecordApi.register(r, db, MANUAL_BLOCKS, "/manualblocks", "manualblocks");
        RecordApi.register(r, db, ADDRESS_TYPES, "/addresstypes", "addresstypes");
        // GET /automated-patron-blocks/{userId}: circulation/blocks/PatronBlocksApi.java.
    }
}
