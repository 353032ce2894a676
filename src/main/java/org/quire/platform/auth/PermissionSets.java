package org.quire.platform.auth;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * FOLIO's permission sets: a name that grants other names (its {@code subPermissions}), which may be sets in turn.
 * mod-permissions expands them when it answers a user's permissions (PermsAPI.getPermissionsForUser with
 * {@code expanded=true}, through PermsCache.expandPerms); Quire expands them once, when the permission cache loads a
 * user, so a request still checks its permission with one set lookup.
 *
 * <p>The sets are the UI modules' {@code stripes.permissionSets} shipped in {@code permissions/ui-permission-sets.json}.
 * Each set's transitive closure is computed once; cycles (which FOLIO forbids but a bad descriptor could hold) end
 * the walk instead of looping.
 */
public final class PermissionSets {
    public static final String RESOURCE = "/permissions/ui-permission-sets.json";
    public static final PermissionSets NONE = new PermissionSets(List.of());

    /** One set as a package.json declares it; {@code visible} is false when the declaration leaves it out. */
    public record PermissionSet(String permissionName, String displayName, List<String> subPermissions,
                                boolean visible) {
        public PermissionSet {
            subPermissions = List.copyOf(subPermissions);
        }
    }

    private final Map<String, PermissionSet> sets = new LinkedHashMap<>();
    private final Map<String, Set<String>> closures = new HashMap<>();
    private final Map<String, List<String>> parents = new HashMap<>();

    public PermissionSets(List<PermissionSet> declared) {
        for (PermissionSet s : declared) sets.putIfAbsent(s.permissionName(), s);
        for (String name : sets.keySet()) closures.put(name, Collections.unmodifiableSet(closure(name)));
        for (PermissionSet s : sets.values())
            for (String sub : s.subPermissions()) {
                List<String> p = parents.computeIfAbsent(sub, k -> new ArrayList<>());
                if (!p.contains(s.permissionName())) p.add(s.permissionName());
            }
    }

    /** The sets shipped with Quire. */
    public static PermissionSets load() {
        try (InputStream in = PermissionSets.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("Missing resource " + RESOURCE);
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + RESOURCE, e);
        }
    }

    /** {@code {"modules":[{"permissionSets":[{permissionName, displayName, subPermissions?, visible?}]}]}}. */
    static PermissionSets parse(String json) {
        List<PermissionSet> declared = new ArrayList<>();
        for (JsonNode module : Json.parse(json).path("modules")) {
            for (JsonNode s : module.path("permissionSets")) {
                List<String> subs = new ArrayList<>();
                s.path("subPermissions").forEach(x -> subs.add(x.asText()));
                String name = s.path("permissionName").asText();
                declared.add(new PermissionSet(name, s.path("displayName").asText(name), subs,
                        s.path("visible").asBoolean(false)));
            }
        }
        return new PermissionSets(declared);
    }

    public Optional<PermissionSet> get(String name) {
        return Optional.ofNullable(sets.get(name));
    }

    public Collection<PermissionSet> all() {
        return Collections.unmodifiableCollection(sets.values());
    }

    public Set<String> names() {
        return Collections.unmodifiableSet(sets.keySet());
    }

    /** Every name some set lists as a sub-permission. */
    public Set<String> subPermissionNames() {
        return Collections.unmodifiableSet(parents.keySet());
    }

    /** The sets that list {@code name} directly (mod-permissions' {@code childOf}), in declaration order. */
    public List<String> parentsOf(String name) {
        return parents.getOrDefault(name, List.of());
    }

    /** Everything a set grants, transitively, without the set itself; empty for a name that is not a set. */
    public Set<String> grantedBy(String name) {
        return closures.getOrDefault(name, Set.of());
    }

    /** The names and everything their sets grant, transitively, in first-seen order. */
    public Set<String> expand(Collection<String> names) {
        Set<String> out = new LinkedHashSet<>();
        for (String n : names) {
            out.add(n);
            out.addAll(grantedBy(n));
        }
        return out;
    }

    private Set<String> closure(String root) {
        Set<String> out = new LinkedHashSet<>();
        Set<String> visited = new HashSet<>(Set.of(root));
        List<String> stack = new ArrayList<>(sets.get(root).subPermissions().reversed());
        while (!stack.isEmpty()) {
            String n = stack.removeLast();
            if (!n.equals(root)) out.add(n);
            if (!visited.add(n)) continue;
            PermissionSet s = sets.get(n);
            if (s != null) stack.addAll(s.subPermissions().reversed());
        }
        return out;
    }
}
