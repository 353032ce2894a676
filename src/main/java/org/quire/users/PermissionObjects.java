package org.quire.users;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionSets;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * mod-permissions' permission objects (permission.json): {@code id, permissionName, displayName, tags,
 * subPermissions, childOf, mutable, visible, dummy}. Quire keeps no permissions table: a name is a permission set
 * (from {@link PermissionSets}, with its display name, sub-permissions and visibility) or a plain name (a route's
 * permission, or a name a set lists), whose display name is the name and which is not visible, as the backend
 * permissions FOLIO's module descriptors declare without {@code visible}. Ids are derived from the name, so they are
 * the same on every start and in every tenant. {@code grantedTo} and {@code metadata} are not kept.
 */
final class PermissionObjects {
    private final PermissionSets sets;
    private final Set<String> known;
    private List<ObjectNode> all;

    /** @param routePermissions the names Quire's routes require (listed besides the sets and their sub-permissions) */
    PermissionObjects(PermissionSets sets, Collection<String> routePermissions) {
        this.sets = sets;
        Set<String> names = new TreeSet<>(routePermissions);
        names.addAll(sets.names());
        names.addAll(sets.subPermissionNames());
        this.known = java.util.Collections.unmodifiableSet(names);
    }

    /** Every permission /perms/permissions lists, sorted by name. */
    Set<String> names() {
        return known;
    }

    /** The objects of {@link #names()}, built once (read-only: callers must not change them). */
    synchronized List<ObjectNode> all() {
        if (all == null) all = known.stream().map(this::object).toList();
        return all;
    }

    /**
     * mod-permissions' {@code /perms/users/{id}/permissions?expanded=true&full=true}: objects for the granted names
     * and everything their sets grant, in first-seen order (what mod-users-bl puts in the composite user).
     */
    ArrayNode expandedObjects(Collection<String> granted) {
        return objects(sets.expand(granted));
    }

    ArrayNode objects(Collection<String> names) {
        ArrayNode out = Json.array();
        for (String n : names) out.add(object(n));
        return out;
    }

    static String id(String name) {
        return UUID.nameUUIDFromBytes(("folio-permission:" + name).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** The object with its direct sub-permissions as names. */
    ObjectNode object(String name) {
        return object(name, names(directSubs(name)));
    }

    /** The object with {@code subPermissions} as given (names, objects, or the recursive expansion). */
    ObjectNode object(String name, ArrayNode subPermissions) {
        var set = sets.get(name);
        ObjectNode o = Json.object();
        o.put("id", id(name));
        o.put("permissionName", name);
        o.put("displayName", set.map(PermissionSets.PermissionSet::displayName).orElse(name));
        o.putArray("tags");
        o.set("subPermissions", subPermissions);
        o.set("childOf", names(sets.parentsOf(name)));
        o.put("mutable", false);
        o.put("visible", set.map(PermissionSets.PermissionSet::visible).orElse(false));
        o.put("dummy", false);
        return o;
    }

    /** {@code expandSubs=true}: one level of sub-permissions as full objects (PermsAPI.expandSubPermissions). */
    ObjectNode withSubObjects(String name) {
        ArrayNode subs = Json.array();
        for (String s : directSubs(name)) subs.add(object(s));
        return object(name, subs);
    }

    /**
     * {@code expanded=true}: the sub-permissions and all they grant, as names (PermsAPI with PermsCache.expandPerms
     * on the sub-permission list).
     */
    ObjectNode withExpandedSubs(String name) {
        return object(name, names(sets.expand(directSubs(name))));
    }

    List<String> directSubs(String name) {
        return sets.get(name).map(PermissionSets.PermissionSet::subPermissions).orElse(List.of());
    }

    static ArrayNode names(Collection<String> names) {
        ArrayNode a = Json.array();
        names.forEach(a::add);
        return a;
    }
}
