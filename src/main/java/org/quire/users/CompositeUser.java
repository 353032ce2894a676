package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Set;

/**
 * mod-users-bl's composite user (compositeUser.json): the user with their patron group, permissions, service points
 * user (its service points expanded) and proxies, read in ONE statement ({@link UsersStore#compositeUserById}).
 * mod-users-bl makes five to six HTTP calls for it (users, groups, perms/users, perms/users/{id}/permissions,
 * service-points-users, service-points).
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
