package org.quire.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.quire.users.UserTypes.PERMISSION_USERS;

/**
 * mod-permissions: which permission names each user holds. Permission names are flat (no permission sets yet);
 * {@code /perms/permissions} lists every name a Quire route requires.
 */
public final class PermissionsApi {
    private PermissionsApi() {
    }

    public static void register(Router r, Database db, PermissionCache cache, Set<String> allPermissions) {
        r.get("/perms/users", "perms.users.get", req -> RecordApi.collection(db, PERMISSION_USERS, req));
        r.get("/perms/users/{id}", "perms.users.get", req -> Response.ok(db.read(c -> find(c, req))));
        r.post("/perms/users", "perms.users.item.post", req -> {
            ObjectNode saved = db.tx(c -> PERMISSION_USERS.insert(c, req.schema(), req.json(), req.userId()));
            cache.invalidate(req.tenant(), UUID.fromString(saved.get("userId").asText()));
            return Response.created(saved);
        });
        r.put("/perms/users/{id}", "perms.users.item.put", req -> {
            ObjectNode saved = db.tx(c -> PERMISSION_USERS.update(c, req.schema(), req.pathUuid("id"), req.json(), req.userId()));
            cache.invalidate(req.tenant(), UUID.fromString(saved.get("userId").asText()));
            return Response.noContent();
        });
        r.delete("/perms/users/{id}", "perms.users.item.delete", req -> {
            ObjectNode existing = db.read(c -> find(c, req));
            db.tx(c -> PERMISSION_USERS.delete(c, req.schema(), RecordApi.id(existing)));
            cache.invalidate(req.tenant(), UUID.fromString(existing.get("userId").asText()));
            return Response.noContent();
        });
        r.get("/perms/users/{id}/permissions", "perms.users.get", req -> {
            ObjectNode pu = db.read(c -> find(c, req));
            ArrayNode names = (ArrayNode) pu.path("permissions");
            ObjectNode body = Json.object();
            body.set("permissionNames", names == null ? Json.array() : names);
            body.put("totalRecords", names == null ? 0 : names.size());
            return Response.ok(body);
        });
        r.post("/perms/users/{id}/permissions", "perms.users.assign.immutable", req -> {
            String name = Json.text(req.json(), "permissionName");
            if (name == null) throw ApiException.badRequest("permissionName is required");
            ObjectNode pu = db.read(c -> find(c, req));
            db.tx(c -> {
                grant(c, req.schema(), UUID.fromString(pu.get("userId").asText()), List.of(name));
                return null;
            });
            cache.invalidate(req.tenant(), UUID.fromString(pu.get("userId").asText()));
            return Response.ok(Json.object().put("permissionName", name));
        });
        r.get("/perms/permissions", "perms.permissions.get", req -> {
            ArrayNode arr = Json.array();
            for (String p : allPermissions) arr.addObject().put("permissionName", p).put("displayName", p);
            ObjectNode body = Json.object();
            body.set("permissions", arr);
            body.put("totalRecords", arr.size());
            return Response.ok(body);
        });
    }

    /** By permission-user id, or by user id with ?indexField=userId as FOLIO's UI asks. */
    private static ObjectNode find(Connection c, Request req) throws SQLException {
        UUID id = req.pathUuid("id");
        boolean byUser = req.param("indexField").map("userId"::equals).orElse(false);
        return (byUser ? PERMISSION_USERS.findBy(c, req.schema(), "user_id", id) : PERMISSION_USERS.get(c, req.schema(), id))
                .orElseThrow(() -> ApiException.notFound("No permission user found with id " + id));
    }

    /** Adds permission names to a user, creating the permission user when absent. Idempotent. */
    public static void grant(Connection c, String schema, UUID userId, Collection<String> names) throws SQLException {
        ObjectNode pu = PERMISSION_USERS.findBy(c, schema, "user_id", userId).orElse(null);
        if (pu == null) {
            ObjectNode n = Json.object();
            n.put("userId", userId.toString());
            ArrayNode arr = n.putArray("permissions");
            names.forEach(arr::add);
            PERMISSION_USERS.insert(c, schema, n, null);
            return;
        }
        ArrayNode arr = pu.withArray("permissions");
        Set<String> have = new java.util.HashSet<>();
        arr.forEach(x -> have.add(x.asText()));
        boolean changed = false;
        for (String name : names) if (have.add(name)) {
            arr.add(name);
            changed = true;
        }
        if (changed) PERMISSION_USERS.update(c, schema, RecordApi.id(pu), pu, null);
    }

}
