package org.quire.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.CheckOut;
import org.quire.circulation.CirculationRulesStore;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;
import org.quire.users.LoginApi;
import org.quire.users.PermissionsApi;
import org.quire.users.UserTypes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Creates a tenant: schema and migrations, then optionally FOLIO's reference data, an administrator holding every
 * permission (every route's and every UI permission set), and sample data: FOLIO's sample locations, the demo catalogue, patrons and a few loans.
 */
public final class TenantInstaller {
    private static final Logger log = LoggerFactory.getLogger(TenantInstaller.class);
    /** FOLIO's "all permissions" marker: a user holding it is granted every permission Quire adds later too. */
    public static final String ALL = "perms.all";
    public static final int DEMO_LOANS = 5;

    private final Database db;
    private final Tenants tenants;
    private final Set<String> allPermissions;
    private final PermissionCache permissionCache;

    public TenantInstaller(Database db, Tenants tenants, Set<String> allPermissions, PermissionCache permissionCache) {
        this.db = db;
        this.tenants = tenants;
        this.allPermissions = allPermissions;
        this.permissionCache = permissionCache;
    }

    public record Options(boolean referenceData, boolean sampleData, String adminUsername, String adminPassword) {
    }

    /** Returns false (and changes nothing) when the tenant already exists. */
    public boolean install(String id, String name, Options options) {
        if (!tenants.create(id, name)) return false;
        try {
            load(id, options);
        } catch (RuntimeException e) {
            tenants.drop(id);
            throw e;
        }
        return true;
    }

    private void load(String id, Options options) {
        String schema = Tenants.schema(id);
        if (options.referenceData() || options.sampleData()) {
            db.tx(c -> {
                ReferenceData.load(c, schema);
                new CirculationRulesStore().save(c, schema, ReferenceData.circulationRules());
                return null;
            });
        }
        if (options.adminUsername() != null) {
            db.tx(c -> {
                createAdmin(c, schema, options.adminUsername(), options.adminPassword());
                return null;
            });
        }
        if (options.sampleData()) {
            db.tx(c -> {
                SampleData.loadLocations(c, schema);
                return null;
            });
            int items = db.tx(c -> DemoData.loadCatalogue(c, schema));
            int patrons = db.tx(c -> DemoData.loadPatrons(c, schema));
            createDemoLoans(id, schema);
            log.info("Tenant {}: {} items and {} patrons loaded, {} loans made", id, items, patrons, DEMO_LOANS);
        }
    }

    private void createAdmin(Connection c, String schema, String username, String password) throws SQLException {
        ObjectNode user = Json.object();
        user.put("id", UUID.nameUUIDFromBytes(("quire-admin-" + username).getBytes()).toString());
        user.put("username", username);
        user.put("active", true);
        user.put("type", "staff");
        user.putObject("personal").put("lastName", "Administrator").put("firstName", username);
        UserTypes.USERS.insertAll(c, schema, List.of(user), null, true);
        UUID id = UUID.fromString(user.get("id").asText());
        LoginApi.setPassword(c, schema, id, password);
        PermissionsApi.grant(c, schema, id, allWithMarker());
    }

    private List<String> allWithMarker() {
        List<String> names = new java.util.ArrayList<>(allPermissions);
        names.add(ALL);
        return names;
    }

    /** A few checked-out items, made through the real check-out so they are like any other loan. */
    private void createDemoLoans(String tenant, String schema) {
        List<String> patrons = db.read(c -> Sql.list(c, "SELECT barcode FROM " + schema + ".users WHERE barcode IS NOT "
                + "NULL AND active ORDER BY barcode LIMIT " + DEMO_LOANS, List.of(), rs -> rs.getString(1)));
        CheckOut checkOut = new CheckOut(db, new CirculationRulesStore(), permissionCache);
        for (int i = 0; i < patrons.size(); i++) {
            String barcode = String.valueOf(DemoData.FIRST_ITEM_BARCODE + 1100 + i);
            checkOut.checkOut(new CheckOut.Request(barcode, patrons.get(i), null,
                    UUID.fromString("3a40852d-49fd-4df2-a1f9-6e2641a6e91f"), null, null, tenant, schema, null));
        }
    }

    /**
     * On start-up: a tenant created before some reference files were shipped gets them now (migrations list them in
     * {@code reference_data_pending} for tenants that hold FOLIO's reference data; see V20).
     */
    public void loadPendingReferenceData() {
        for (Tenants.Tenant t : tenants.all()) {
            int files = db.tx(c -> ReferenceData.loadPending(c, Tenants.schema(t.id())));
            if (files > 0) log.info("Tenant {}: {} new reference data files loaded", t.id(), files);
        }
    }

    /**
     * On start-up: users holding perms.all also get the permissions of routes and the permission sets added since they
     * were granted (administrators created before Quire knew the UI's sets get them here).
     */
    public void grantNewPermissionsToAdmins() {
        for (Tenants.Tenant t : tenants.all()) {
            String schema = Tenants.schema(t.id());
            db.tx(c -> {
                List<UUID> admins = Sql.list(c, "SELECT user_id FROM " + schema + ".permission_user WHERE jsonb->"
                        + "'permissions' @> to_jsonb(ARRAY[?::text])", List.of(ALL), rs -> rs.getObject(1, UUID.class));
                for (UUID a : admins) PermissionsApi.grant(c, schema, a, allWithMarker());
                return null;
            });
        }
    }
}
