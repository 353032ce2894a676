package org.quire.platform.auth;

import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * What each user may do, read once and kept for a few seconds so that the hot paths (check-out, check-in) pay no
 * extra round trip: their permission names, whether they exist and are active, and which of their sessions are
 * revoked (docs/architecture.md "Sessions"). The names are expanded through the permission sets when the user is
 * loaded (a user granted {@code ui-checkin.all} holds {@code circulation.check-in-by-barcode.post}), so a check is one
 * hash lookup. All of it is ONE statement per user every {@link #TTL_MILLIS}. Writes in this process invalidate at
 * once, after their transaction commits ({@link #changed}); other processes on the same database see changes within
 * {@link #TTL_MILLIS}.
 */
public final class PermissionCache {
    static final long TTL_MILLIS = 5_000;

    /**
     * A user as the authenticator sees them: absent (deleted) users and inactive ones have no live session; tokens
     * issued before {@code notBefore} (null: never revoked) or of a revoked session are dead.
     */
    private record Entry(Set<String> names, boolean active, Instant notBefore, Set<UUID> revokedSessions,
                         long loadedAt) {
        boolean alive(Tokens.Claims token) {
            if (!active) return false;
            if (notBefore != null && token.issued().isBefore(notBefore)) return false;
            return token.sid() == null || !revokedSessions.contains(token.sid());
        }
    }

    /** One statement: the user's active flag, permission names, not-before instant and revoked session ids. */
    private static final String LOAD = """
            SELECT u.active,
                   ARRAY(SELECT jsonb_array_elements_text(p.jsonb->'permissions') FROM %1$s.permission_user p
                         WHERE p.user_id = x.id),
                   (SELECT n.not_before FROM %1$s.session_not_before n WHERE n.user_id = x.id),
                   ARRAY(SELECT r.sid FROM %1$s.revoked_session r WHERE r.user_id = x.id AND r.expires > now())
            FROM (SELECT ?::uuid AS id) x LEFT JOIN %1$s.users u ON u.id = x.id
            """;

    /** Every cache of this JVM (one per server), told of changes after commit. */
    private static final List<BiConsumer<String, UUID>> LISTENERS = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final Database db;
    private final PermissionSets sets;
    private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();

    public PermissionCache(Database db, PermissionSets sets) {
        this.db = db;
        this.sets = sets;
        LISTENERS.add((schema, userId) -> invalidate(Tenants.tenantOfSchema(schema), userId));
    }

    /**
     * Notes, within the current transaction, that the user's permissions, active flag or sessions changed: every
     * cache of this process forgets the user once the transaction commits (before, a concurrent reload could keep
     * the old state for another {@link #TTL_MILLIS}).
     */
    public static void changed(String schema, UUID userId) {
        Database.afterCommit("user-access:" + schema + "/" + userId,
                () -> LISTENERS.forEach(l -> l.accept(schema, userId)));
    }

    public boolean has(String tenant, UUID userId, String permission) {
        return entry(tenant, userId).names.contains(permission);
    }

    /** Whether the token's session is alive: its user exists and is active, and the session was not revoked. */
    public boolean sessionAlive(String tenant, Tokens.Claims token) {
        return entry(tenant, token.userId()).alive(token);
    }

    public void invalidate(String tenant, UUID userId) {
        cache.remove(tenant + "/" + userId);
    }

    private Entry entry(String tenant, UUID userId) {
        String key = tenant + "/" + userId;
        Entry e = cache.get(key);
        if (e == null || System.currentTimeMillis() - e.loadedAt > TTL_MILLIS) {
            e = load(tenant, userId);
            cache.put(key, e);
        }
        return e;
    }

    private Entry load(String tenant, UUID userId) {
        long now = System.currentTimeMillis();
        return db.read(c -> Sql.one(c, LOAD.formatted(Tenants.schema(tenant)), List.of(userId), rs -> {
            Timestamp notBefore = rs.getTimestamp(3);
            Set<UUID> revoked = new HashSet<>();
            for (Object sid : elements(rs.getArray(4))) revoked.add((UUID) sid);
            List<String> names = new java.util.ArrayList<>();
            for (Object n : elements(rs.getArray(2))) names.add((String) n);
            return new Entry(new HashSet<>(sets.expand(names)), rs.getBoolean(1),
                    notBefore == null ? null : notBefore.toInstant(), revoked, now);
        })).orElseThrow();
    }

    private static Object[] elements(Array a) throws SQLException {
        return a == null ? new Object[0] : (Object[]) a.getArray();
    }
}
