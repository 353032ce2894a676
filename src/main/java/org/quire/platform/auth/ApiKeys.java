package org.quire.platform.auth;

import org.quire.platform.Ids;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Edge API keys (platform.api_key): issued for a tenant's user, listed, revoked, and resolved on every edge
 * request. Only {@link EdgeApiKey#hash()} is stored; the key's text is shown once, when it is issued.
 * <p>
 * Resolving costs one statement (key, tenant, user and whether the user is active), then nothing for
 * {@link #TTL_MILLIS}: a revocation in this process removes the cached entry at once, other processes on the same
 * database stop honouring the key within {@link #TTL_MILLIS}, as do all processes when a user is deactivated. Keys
 * that resolve to nothing are not cached, so garbage keys cannot fill the cache.
 */
public final class ApiKeys {
    static final long TTL_MILLIS = 5_000;
    private static final int MAX_CACHED = 10_000;

    /** A key's record, without the key. */
    public record KeyInfo(UUID id, String tenant, UUID userId, String username, Instant created, UUID createdBy,
                          Instant revoked) {
    }

    /** A key just issued: its record and its text, which Quire does not keep. */
    public record Issued(KeyInfo info, String key) {
    }

    /** Whom a valid, unrevoked key stands for. */
    public record Holder(UUID keyId, String tenant, UUID userId, String username, boolean active) {
    }

    private record Entry(Holder holder, long loadedAt) {
    }

    private final Database db;
    private final Tenants tenants;
    private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();

    public ApiKeys(Database db, Tenants tenants) {
        this.db = db;
        this.tenants = tenants;
    }

    /** Issues a key for the user with this username; an unknown tenant or user is an IllegalArgumentException. */
    public Issued create(String tenant, String username, UUID createdBy) {
        if (tenant == null || !tenants.exists(tenant)) throw new IllegalArgumentException("No such tenant: " + tenant);
        if (username == null || username.isBlank()) throw new IllegalArgumentException("A username is required");
        String schema = Tenants.schema(tenant);
        return db.tx(c -> {
            UUID userId = Sql.one(c, "SELECT id FROM " + schema + ".users WHERE username = ?", List.of(username),
                    rs -> rs.getObject(1, UUID.class)).orElseThrow(() -> new IllegalArgumentException(
                    "No user with username '" + username + "' in tenant " + tenant));
            EdgeApiKey key = EdgeApiKey.generate(tenant, username);
            KeyInfo info = Sql.one(c, "INSERT INTO platform.api_key (id, tenant, user_id, username, key_hash, created_by)"
                            + " VALUES (?, ?, ?, ?, ?, ?) RETURNING " + COLUMNS,
                    java.util.Arrays.asList(UUID.randomUUID(), tenant, userId, username, key.hash(), createdBy),
                    ApiKeys::info).orElseThrow();
            return new Issued(info, key.encode());
        });
    }

    /** The tenant's keys, oldest first, revoked ones included. */
    public List<KeyInfo> list(String tenant) {
        if (tenant == null || !tenants.exists(tenant)) throw new IllegalArgumentException("No such tenant: " + tenant);
        return db.read(c -> Sql.list(c, "SELECT " + COLUMNS + " FROM platform.api_key WHERE tenant = ? ORDER BY created, id",
                List.of(tenant), ApiKeys::info));
    }

    /**
     * Revokes a key given by id or by its text, of {@code tenant} only unless it is null (the command line).
     * Revoking a revoked key changes nothing. Empty when there is no such key.
     */
    public Optional<KeyInfo> revoke(String tenant, String idOrKey) {
        String by;
        Object value;
        UUID id = uuidOrNull(idOrKey);
        if (id != null) {
            by = "id = ?";
            value = id;
        } else {
            Optional<EdgeApiKey> key = EdgeApiKey.parse(idOrKey);
            if (key.isEmpty()) return Optional.empty();
            by = "key_hash = ?";
            value = key.get().hash();
        }
        List<Object> params = tenant == null ? List.of(value) : List.of(value, tenant);
        record Revoked(KeyInfo info, byte[] hash) {
        }
        Optional<Revoked> revoked = db.tx(c -> Sql.one(c, "UPDATE platform.api_key SET revoked = coalesce(revoked, now())"
                        + " WHERE " + by + (tenant == null ? "" : " AND tenant = ?") + " RETURNING " + COLUMNS + ", key_hash",
                params, rs -> new Revoked(info(rs), rs.getBytes("key_hash"))));
        revoked.ifPresent(r -> cache.remove(HexFormat.of().formatHex(r.hash())));
        return revoked.map(Revoked::info);
    }

    /** Whom the key stands for: empty when its tenant is unknown, or it was never issued, was revoked, or its user is gone. */
    public Optional<Holder> resolve(EdgeApiKey key) {
        if (!tenants.exists(key.tenant())) return Optional.empty();
        byte[] hash = key.hash();
        String cacheKey = HexFormat.of().formatHex(hash);
        Entry e = cache.get(cacheKey);
        long now = System.currentTimeMillis();
        if (e != null && now - e.loadedAt < TTL_MILLIS) return Optional.of(e.holder);
        String schema = Tenants.schema(key.tenant());
        Optional<Holder> holder = db.read(c -> Sql.one(c, "SELECT k.id, k.tenant, u.id, u.username, coalesce(u.active, false)"
                        + " FROM platform.api_key k JOIN " + schema + ".users u ON u.id = k.user_id"
                        + " WHERE k.key_hash = ? AND k.tenant = ? AND k.revoked IS NULL",
                List.of(hash, key.tenant()), rs -> new Holder(rs.getObject(1, UUID.class), rs.getString(2),
                        rs.getObject(3, UUID.class), rs.getString(4), rs.getBoolean(5))));
        if (holder.isPresent()) {
            if (cache.size() >= MAX_CACHED) cache.clear();
            cache.put(cacheKey, new Entry(holder.get(), now));
        } else {
            cache.remove(cacheKey);
        }
        return holder;
    }

    private static final String COLUMNS = "id, tenant, user_id, username, created, created_by, revoked";

    private static KeyInfo info(ResultSet rs) throws SQLException {
        OffsetDateTime created = rs.getObject("created", OffsetDateTime.class);
        OffsetDateTime revoked = rs.getObject("revoked", OffsetDateTime.class);
        return new KeyInfo(rs.getObject("id", UUID.class), rs.getString("tenant"), rs.getObject("user_id", UUID.class),
                rs.getString("username"), created.toInstant(), rs.getObject("created_by", UUID.class),
                revoked == null ? null : revoked.toInstant());
    }

    private static UUID uuidOrNull(String s) {
        return s == null ? null : Ids.orNull(s.trim());
    }
}
