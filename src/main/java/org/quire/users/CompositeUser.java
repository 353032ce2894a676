package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * mod-users-bl's composite user (compositeUser.json): the user with their patron group, permissions, service points
 * user (its service points expanded) and proxies, read in ONE statement. mod-users-bl makes five to six HTTP calls
 * for it (users, groups, perms/users, perms/users/{id}/permissions, service-points-users, service-points).
 *
 * <p>What each part holds follows mod-users-bl's BLUsersAPI, which builds it in two ways: {@code run} for
 * {@code _self}, by-id and by-username, and {@code getUserWithPerms} for the logins. See {@link #render}.
 */
record CompositeUser(ObjectNode user, ObjectNode group, ObjectNode permissionUser, ObjectNode servicePointsUser,
                     ArrayNode servicePoints, ArrayNode proxiesFor) {

    /** mod-users-bl's {@code include} values; without any, it includes groups, perms and servicepoints. */
    static final String GROUPS = "groups";
    static final String PERMS = "perms";
    static final String SERVICE_POINTS = "servicepoints";
    static final String PROXIES_FOR = "proxiesfor";
    static final Set<String> DEFAULT_INCLUDES = Set.of(GROUPS, PERMS, SERVICE_POINTS);

    private static final String SELECT = """
            SELECT u.jsonb, g.jsonb, p.jsonb, s.jsonb,
                   CASE WHEN s.id IS NOT NULL THEN
                       (SELECT coalesce(json_agg(sp.jsonb ORDER BY sp.name), '[]') FROM %1$s.service_point sp
                        WHERE sp.id = ANY(s.service_points_ids) OR sp.id = s.default_service_point_id) END,
                   (SELECT coalesce(json_agg(x.jsonb ORDER BY x.id), '[]') FROM %1$s.proxy_for x
                    WHERE x.user_id = u.id)
            FROM %1$s.users u
            LEFT JOIN %1$s.patron_group g ON g.id = u.patron_group
            LEFT JOIN %1$s.permission_user p ON p.user_id = u.id
            LEFT JOIN %1$s.service_points_user s ON s.user_id = u.id
            WHERE u.%2$s = ?
            """;

    static Optional<CompositeUser> byId(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, SELECT.formatted(schema, "id"), List.of(id), CompositeUser::map);
    }

    static Optional<CompositeUser> byUsername(Connection c, String schema, String username) throws SQLException {
        return Sql.one(c, SELECT.formatted(schema, "username"), List.of(username), CompositeUser::map);
    }

    private static CompositeUser map(ResultSet rs) throws SQLException {
        return new CompositeUser(Json.parseObject(rs.getString(1)), object(rs.getString(2)), object(rs.getString(3)),
                object(rs.getString(4)), rs.getString(5) == null ? null : (ArrayNode) Json.parse(rs.getString(5)),
                (ArrayNode) Json.parse(rs.getString(6)));
    }

    private static ObjectNode object(String json) {
        return json == null ? null : Json.parseObject(json);
    }

    /** How the composite is asked for: which parts, expanded permissions, and whether a login builds it. */
    record Shape(Set<String> include, boolean expandPermissions, boolean login) {
    }

    /**
     * The composite as mod-users-bl returns it:
     * <ul>
     * <li>{@code permissions}: with {@code expandPermissions}, mod-permissions' full permission objects (stripes-core
     * reads {@code permissions.permissions[].permissionName}); else the permission names. A login adds the
     * permission user's {@code userId} to the expanded form and returns the whole permission user (id, userId,
     * permissions, metadata) otherwise. {@code _self}/by-id/by-username always carry {@code permissions}, empty when
     * not included.</li>
     * <li>{@code servicePointsUser}: only when the user has one; {@code servicePointsIds} and {@code servicePoints}
     * are always arrays (RMB's generated model initialises them), {@code servicePoints} holding the default and the
     * listed service points.</li>
     * <li>{@code proxiesFor}: only when included and not empty.</li>
     * </ul>
     * Departure: mod-users-bl answers 404 when the user has no permission user; Quire answers empty permissions.
     */
    ObjectNode render(Shape shape, PermissionObjects permissionObjects) {
        Set<String> include = shape.include();
        ObjectNode body = Json.object();
        body.set("user", user);
        if (include.contains(GROUPS) && group != null) body.set("patronGroup", group);
        ObjectNode permissions = permissions(shape, permissionObjects);
        if (permissions != null) body.set("permissions", permissions);
        if (include.contains(PROXIES_FOR) && !proxiesFor.isEmpty()) body.set("proxiesFor", proxiesFor);
        if (include.contains(SERVICE_POINTS) && servicePointsUser != null) {
            body.set("servicePointsUser", expandedServicePointsUser());
        }
        return body;
    }

    private ObjectNode permissions(Shape shape, PermissionObjects objects) {
        boolean included = shape.include().contains(PERMS);
        ArrayNode names = permissionUser == null ? Json.array() : (ArrayNode) permissionUser.withArray("permissions");
        ObjectNode p = Json.object();
        if (!shape.login()) {
            p.set("permissions", !included ? Json.array() : shape.expandPermissions() ? expanded(names, objects) : names);
            return p;
        }
        if (shape.expandPermissions()) {
            if (included && permissionUser != null) p.set("userId", permissionUser.get("id"));
            p.set("permissions", expanded(names, objects));
            return p;
        }
        if (!included) return null;
        // permissionUser.json's fields
        for (String f : List.of("id", "userId")) if (permissionUser != null && permissionUser.has(f)) p.set(f, permissionUser.get(f));
        p.set("permissions", names);
        if (permissionUser != null && permissionUser.has("metadata")) p.set("metadata", permissionUser.get("metadata"));
        return p;
    }

    /**
     * mod-users-bl asks mod-permissions for {@code /perms/users/{id}/permissions?expanded=true&full=true}: the full
     * permission objects of the granted names and of everything their permission sets grant, transitively (so an
     * administrator's composite holds {@code module.checkout.enabled}, and a user granted {@code ui-checkin.all}
     * holds {@code module.checkin.enabled}).
     */
    private static ArrayNode expanded(ArrayNode names, PermissionObjects objects) {
        java.util.List<String> granted = new java.util.ArrayList<>();
        for (JsonNode n : names) granted.add(n.asText());
        return objects.expandedObjects(granted);
    }

    /** servicepointsexpandeduser.json's fields, in its order. */
    private ObjectNode expandedServicePointsUser() {
        ObjectNode s = Json.object();
        if (servicePointsUser.has("id")) s.set("id", servicePointsUser.get("id"));
        s.set("userId", servicePointsUser.get("userId"));
        JsonNode ids = servicePointsUser.get("servicePointsIds");
        s.set("servicePointsIds", ids != null && ids.isArray() ? ids : Json.array());
        s.set("servicePoints", servicePoints == null ? Json.array() : servicePoints);
        if (servicePointsUser.hasNonNull("defaultServicePointId")) {
            s.set("defaultServicePointId", servicePointsUser.get("defaultServicePointId"));
        }
        if (servicePointsUser.has("metadata")) s.set("metadata", servicePointsUser.get("metadata"));
        return s;
    }
}
