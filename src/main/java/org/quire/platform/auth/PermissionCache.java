package org.quire.platform.auth;

import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each user's permission names, read once and kept for a few seconds so that the hot paths (check-out, check-in)
 * pay no extra round trip. The names are expanded through the permission sets when the user is loaded (a user granted
 * {@code ui-checkin.all} holds {@code circulation.check-in-by-barcode.post}), so a check is one hash lookup. Writes through /perms/users in this process invalidate at once; other processes on the
 * same database see changes within {@link #TTL_MILLIS}.
 */
public final class PermissionCache {
    static final long TTL_MILLIS = 5_000;

    private record Entry(Set<String> names, long loadedAt) {
    }

    private final Database db;
    private final PermissionSets sets;
    private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();

    public PermissionCache(Database db, PermissionSets sets) {
        this.db = db;
        this.sets = sets;
    }

    public boolean has(String tenant, UUID userId, String permission) {
        String key = tenant + "/" + userId;
        Entry e = cache.get(key);
        if (e == null || System.currentTimeMillis() - e.loadedAt > TTL_MILLIS) {
            e = new Entry(load(tenant, userId), System.currentTimeMillis());
            cache.put(key, e);
        }
        return e.names.contains(permission);
    }

    public void invalidate(String tenant, UUID userId) {
        cache.remove(tenant + "/" + userId);
    }

    private Set<String> load(String tenant, UUID userId) {
        String schema = Tenants.schema(tenant);
        List<String> names = db.read(c -> Sql.list(c,
                "SELECT jsonb_array_elements_text(jsonb->'permissions') FROM " + schema
                        + ".permission_user WHERE user_id = ?", List.of(userId), rs -> rs.getString(1)));
        return new HashSet<>(sets.expand(names));
    }
}
