package org.quire.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.auth.PermissionSets;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.quire.users.UserTypes.PERMISSION_USERS;

/**
 * mod-permissions (PermsAPI, ramls/permissions.raml): which permission names each user holds, and the permissions
 * there are. {@code /perms/permissions} lists every name a Quire route requires and the UI modules' permission sets
 * with their sub-permissions ({@link PermissionObjects}); a user granted a set holds what it grants, transitively
 * (expanded by the permission cache and by {@code expanded=true}).
 */
public final class PermissionsApi {
    private PermissionsApi() {
    }

    public static void register(Router r, Database db, PermissionCache cache, Set<String> routePermissions,
                                PermissionSets sets) {
        PermissionObjects objects = new PermissionObjects(sets, routePermissions);
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
            List<String> granted = new ArrayList<>();
            pu.path("permissions").forEach(n -> granted.add(n.asText()));
            return Response.ok(userPermissions(granted, sets, objects, truthy(req, "expanded"), truthy(req, "full")));
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
        r.get("/perms/permissions", "perms.permissions.get", req -> listPermissions(req, objects));
    }

    /**
     * GET /perms/permissions as PermsAPI.getPermsPermissions: {@code query} (CQL, see {@link PermissionQuery}),
     * paging by {@code length}/{@code start} (1-based) or RMB's {@code limit}/{@code offset} — length and start win
     * when they differ from their defaults 10 and 1 —, {@code expandSubs=true} (one level of sub-permissions as
     * objects) else {@code expanded=true} (all granted names). Quire has no dummy permissions, so
     * {@code includeDummy} changes nothing; {@code memberOf}, {@code ownedBy} and {@code sortBy} are ignored, as
     * PermsAPI ignores them (CQL {@code sortby} works).
     */
    private static Response listPermissions(Request req, PermissionObjects objects) {
        int length = req.intParam("length", 10, 1, Integer.MAX_VALUE);
        int start = req.intParam("start", 1, 1, Integer.MAX_VALUE);
        int limit = req.intParam("limit", 10, 0, Integer.MAX_VALUE);
        int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
        if (length != 10) limit = length;
        if (start != 1) offset = start - 1;
        List<ObjectNode> all = objects.all();
        String query = req.param("query").filter(q -> !q.isBlank()).orElse(null);
        List<ObjectNode> matched = query == null ? all : PermissionQuery.filter(all, query);
        boolean expandSubs = truthy(req, "expandSubs");
        boolean expanded = truthy(req, "expanded");
        ArrayNode page = Json.array();
        for (int i = offset; i < matched.size() && i - offset < limit; i++) {
            String name = matched.get(i).get("permissionName").asText();
            page.add(expandSubs ? objects.withSubObjects(name) : expanded ? objects.withExpandedSubs(name)
                    : matched.get(i));
        }
        ObjectNode body = Json.object();
        body.set("permissions", page);
        body.put("totalRecords", matched.size());
        return Response.ok(body);
    }

    /**
     * GET /perms/users/{id}/permissions as PermsAPI.getPermissionsForUser: the granted names; with
     * {@code expanded=true} also all that their sets grant; with {@code full=true} permission objects instead of
     * names, and then no {@code totalRecords} (PermsAPI.getAllFullPermissions does not set it). Departure: FOLIO
     * drops names no module defines from expanded and full answers; Quire knows fewer modules than a FOLIO install,
     * so it keeps every granted name.
     */
    static ObjectNode userPermissions(List<String> granted, PermissionSets sets, PermissionObjects objects,
                                      boolean expanded, boolean full) {
        ObjectNode body = Json.object();
        if (full) {
            body.set("permissionNames", expanded ? objects.expandedObjects(granted) : objects.objects(granted));
            return body;
        }
        body.set("permissionNames", PermissionObjects.names(expanded ? sets.expand(granted) : granted));
        body.put("totalRecords", body.get("permissionNames").size());
        return body;
    }

    /** mod-permissions reads these flags as strings: only "true" turns them on. */
    private static boolean truthy(Request req, String name) {
        return req.param(name).map("true"::equals).orElse(false);
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
