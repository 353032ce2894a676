package org.quire.platform.tenancy;

import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The tenant registry (platform.tenant) and each tenant's schema, tenant_&lt;id&gt;, migrated with Flyway. Known tenant
 * ids are kept in memory; an unknown id is looked up once more so a tenant created by another process is found.
 */
public final class Tenants {
    private static final Logger log = LoggerFactory.getLogger(Tenants.class);
    private static final String SCHEMA_PREFIX = "tenant_";
    /**
     * A tenant's schema name, tenant_&lt;id&gt;, must fit PostgreSQL's 63-byte identifiers (NAMEDATALEN - 1): a longer
     * name is silently cut, so the migrations and the registry would disagree about the schema. 56 = 63 - "tenant_"
     * (a literal, so that annotations can name it).
     */
    public static final int MAX_ID_LENGTH = 56;
    /** FOLIO's tenant ids: lowercase letters, digits and underscores, starting with a letter. */
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9_]{0," + (MAX_ID_LENGTH - 1) + "}");

    /**
     * Okapi's built-in administration tenant: reserved for the platform administrator (platform.auth.PlatformAdmin),
     * never a library.
     */
    public static final String SUPERTENANT = "supertenant";

    public record Tenant(String id, String name) {
    }

    private final Database db;
    private final Set<String> known = ConcurrentHashMap.newKeySet();

    public Tenants(Database db) {
        this.db = db;
    }

    public static String schema(String tenantId) {
        return SCHEMA_PREFIX + tenantId;
    }

    /** The tenant whose schema this is ({@link #schema}'s inverse). */
    public static String tenantOfSchema(String schema) {
        return schema.startsWith(SCHEMA_PREFIX) ? schema.substring(SCHEMA_PREFIX.length()) : schema;
    }

    /** Whether {@code id} may name a library: FOLIO's form, and not the reserved {@link #SUPERTENANT}. */
    public static boolean validId(String id) {
        return id != null && ID.matcher(id).matches() && !SUPERTENANT.equals(id);
    }

    /** The client's message for an id that {@link #validId} refuses. */
    public static String invalidIdMessage(String id) {
        if (SUPERTENANT.equals(id)) return "Tenant id '" + SUPERTENANT + "' is reserved for the platform administrator";
        return "Invalid tenant id '" + id + "': use 1 to " + MAX_ID_LENGTH
                + " lowercase letters, digits and '_', starting with a letter";
    }

    public List<Tenant> all() {
        return db.read(c -> Sql.list(c, "SELECT id, name FROM platform.tenant ORDER BY id", List.of(),
                rs -> new Tenant(rs.getString(1), rs.getString(2))));
    }

    public boolean exists(String id) {
        if (known.contains(id)) return true;
        if (!validId(id)) return false;
        boolean found = db.read(c -> Sql.one(c, "SELECT 1 FROM platform.tenant WHERE id = ?", List.of(id),
                rs -> true)).isPresent();
        if (found) known.add(id);
        return found;
    }

    /**
     * Creates and migrates the tenant's schema, then registers it — in that order, so that nothing (the event
     * dispatcher, a request) sees a registered tenant without tables. Returns false when it already existed.
     */
    public boolean create(String id, String name) {
        if (!validId(id)) throw new IllegalArgumentException(invalidIdMessage(id));
        if (exists(id)) return false;
        int inserted;
        try {
            db.migrateTenantSchema(schema(id));
            inserted = db.tx(c -> Sql.update(c, "INSERT INTO platform.tenant (id, name) VALUES (?, ?) "
                    + "ON CONFLICT (id) DO NOTHING", List.of(id, name == null ? id : name)));
        } catch (RuntimeException e) {
            // A half-migrated schema must not stay behind as an orphan (the id was not registered before, and an
            // unregistered tenant_<id> schema is only ever one of our failed creations).
            try {
                drop(id);
            } catch (RuntimeException cleanupFailure) {
                e.addSuppressed(cleanupFailure);
            }
            throw e;
        }
        known.add(id);
        if (inserted > 0) log.info("Created tenant {}", id);
        return inserted > 0;
    }

    /** Removes a tenant and all its data (used to undo a tenant whose installation failed half-way). */
    public void drop(String id) {
        if (!validId(id)) return;
        db.tx(c -> {
            Sql.update(c, "DROP SCHEMA IF EXISTS " + schema(id) + " CASCADE", List.of());
            return Sql.update(c, "DELETE FROM platform.tenant WHERE id = ?", List.of(id));
        });
        known.remove(id);
    }

    /** Brings every tenant schema up to the current migrations (on start-up). */
    public void migrateAll() {
        for (Tenant t : all()) {
            db.migrateTenantSchema(schema(t.id()));
            known.add(t.id());
        }
    }
}
