package org.quire.users;

import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import static org.quire.users.UserTypes.*;

/** mod-users endpoints, and the automated patron blocks FOLIO's check-out screen asks for. */
public final class UsersApi {
    private UsersApi() {
    }

    public static void register(Router r, Database db) {
        RecordApi.register(r, db, USERS, "/users", "users");
        RecordApi.register(r, db, GROUPS, "/groups", "usergroups");
        RecordApi.register(r, db, PROXIES, "/proxiesfor", "proxiesfor");
        RecordApi.register(r, db, MANUAL_BLOCKS, "/manualblocks", "manualblocks");
        // No patron block limits are configurable yet, so no automated block can apply (see docs/api-coverage.md).
        r.get("/automated-patron-blocks/{userId}", "automated-patron-blocks.collection.get", req -> {
            req.pathUuid("userId");
            var body = Json.object();
            body.putArray("automatedPatronBlocks");
            return Response.ok(body);
        });
    }
}
