package org.quire.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.tenancy.Tenants;

import java.util.List;

/**
 * Okapi's discovery calls that stripes-core makes once a session starts (src/discoverServices.js): {@code GET
 * /_/version} (text) and {@code GET /_/proxy/tenants/{tenant}/modules?full=true} (module descriptors). stripes-core
 * keeps each descriptor's {@code id}, {@code name} and {@code provides[].id/version}; apps then ask
 * {@code stripes.hasInterface(name, version)} to switch features on, and Settings → Software versions lists them.
 *
 * <p>The table below names, per FOLIO module Quire stands in for, the interfaces Quire serves (at least the parts
 * the staff UI's Check out, Check in, Users and Inventory apps call). The version of each is the highest one those
 * apps declare in their package.json {@code okapiInterfaces} (see notes-for-helpers/ui-endpoints.md: ui-checkin
 * 12.0, ui-users 11.0.2, ui-checkout and ui-inventory from their CHANGELOGs), or, for interfaces the apps do not
 * declare, the FOLIO module's current major; for the catalogue's interfaces (search, source record storage, data
 * import and export, authorities), the versions ui-inventory 14, ui-quick-marc 9, ui-data-import and the FOLIO
 * modules that call them declare, where FOLIO's current descriptor could not be read. An interface Quire does not
 * serve at all (staging-users, consortia, consortium-search, orders, circulation-bff-loans, add-info, …) is not
 * listed, so the apps hide what needs it rather than call a missing endpoint: ui-inventory, for one, shows its
 * consortium facets and order actions only with {@code consortia} and {@code orders}. Interfaces Quire serves but the
 * apps do not declare (request-policy-storage, the notice and template interfaces, rtac, OAI-PMH, …) are left out
 * until their FOLIO versions are checked. Module ids are Quire's own ({@code quire-<area>-<version>}) so nobody
 * mistakes them for FOLIO's releases; the name says which FOLIO module each stands for.
 */
final class OkapiDiscovery {
    /** Okapi's own version string stands here for Quire's. */
    static final String VERSION = "0.1.0";

    private record Module(String area, String folioModule, List<Interface> provides) {
    }

    private record Interface(String id, String version) {
    }

    private static Interface i(String id, String version) {
        return new Interface(id, version);
    }

    private static final List<Module> MODULES = List.of(
            new Module("users", "mod-users", List.of(
                    i("users", "16.1"),                     // ui-users 16.0–16.2, ui-checkout 16.1, ui-checkin 16.0
                    i("patron-pin", "1.0"))),               // mod-users' descriptor
            new Module("users-bl", "mod-users-bl", List.of(
                    i("users-bl", "6.1"))),                 // ui-users 6.1
            new Module("login", "mod-login", List.of(
                    i("login", "7.3"))),                    // ui-users 7.3 (login-with-expiry)
            new Module("permissions", "mod-permissions", List.of(
                    i("permissions", "5.7"))),              // ui-users 5.7 (flat names, no permission sets)
            new Module("inventory", "mod-inventory", List.of(
                    i("inventory", "14.0"),                 // ui-checkin, ui-checkout 10.0–14.0
                    i("inventory-config", "0.2"),           // blocked fields (mod-inventory's descriptor)
                    i("inventory-move", "0.2"))),           // items and holdings moves (mod-inventory's descriptor)
            // ui-inventory's storage and reference-data interfaces, at mod-inventory-storage's current majors;
            // service points as ui-checkin and mod-users-bl use them.
            new Module("inventory-storage", "mod-inventory-storage", List.of(
                    i("instance-storage", "11.0"), i("holdings-storage", "8.0"), i("item-storage", "10.0"),
                    i("material-types", "2.2"), i("loan-types", "2.2"), i("instance-types", "2.0"),
                    i("holdings-sources", "1.0"), i("identifier-types", "1.2"), i("contributor-name-types", "1.2"),
                    i("contributor-types", "2.0"), i("call-number-types", "1.0"), i("classification-types", "1.2"),
                    i("holdings-types", "1.0"), i("instance-statuses", "1.0"), i("modes-of-issuance", "1.1"),
                    i("locations", "3.0"), i("location-units", "2.0"), i("service-points", "3.3"),
                    i("service-points-users", "1.0"))),
            new Module("circulation", "mod-circulation", List.of(
                    i("circulation", "14.0"),               // ui-checkin, ui-users 9.0–14.0
                    i("inventory-reports", "0.4"))),        // items in transit (mod-circulation's descriptor)
            new Module("circulation-storage", "mod-circulation-storage", List.of(
                    i("loan-storage", "7.1"),               // mod-users-bl requires 7.1
                    i("request-storage", "6.0"),            // ui-users 2.5–6.0
                    i("loan-policy-storage", "2.0"))),      // ui-checkin 1.0 2.0
            new Module("feesfines", "mod-feesfines", List.of(
                    i("feesfines", "19.0"))),               // ui-checkin 17.0–19.0, ui-users 16.1–19.0
            new Module("patron-blocks", "mod-patron-blocks", List.of(
                    i("automated-patron-blocks", "0.1"))),  // ui-users, ui-checkout (optional)
            new Module("configuration", "mod-configuration", List.of(
                    i("configuration", "2.0"))),            // every app: 2.0
            new Module("settings", "mod-settings", List.of(
                    i("settings", "1.0"))),                 // newer stripes-core's locale settings
            new Module("calendar", "mod-calendar", List.of(
                    i("calendar", "5.0"))),                 // Quire serves mod-calendar's 5.x API
            new Module("tags", "mod-tags", List.of(
                    i("tags", "1.0"))),                     // mod-tags' descriptor; ui-inventory, ui-users, ui-tags 1.0
            new Module("notes", "mod-notes", List.of(
                    i("notes", "4.0"))),                    // ui-users 13 (optional 4.0: mod-notes' current API)
            // mod-search 6 split its interfaces; ui-inventory 14 requires these five at 1.0. The older "search"
            // interface (mod-search 5's descriptor: 1.3) is what ui-quick-marc 9 (1.2) still declares.
            new Module("search", "mod-search", List.of(
                    i("search-inventory", "1.0"), i("search-facets", "1.0"), i("search-authorities", "1.0"),
                    i("browse-inventory", "1.0"), i("browse-authorities", "1.0"),
                    i("resource-ids-streaming", "1.0"), i("search", "1.3"))),
            // The versions the apps and modules that call these declare (ui-inventory 14 and ui-marc-authorities 6:
            // source-storage-records 3.3; mod-source-record-manager: source-records 3.2, snapshots 2.1).
            new Module("source-record-storage", "mod-source-record-storage", List.of(
                    i("source-storage-records", "3.3"), i("source-storage-source-records", "3.2"),
                    i("source-storage-snapshots", "2.1"))),
            new Module("source-record-manager", "mod-source-record-manager", List.of(
                    i("source-manager-job-executions", "3.4"),  // mod-quick-marc 6 requires 3.4, ui-data-import 3.0
                    i("mapping-rules-provider", "2.0"))),       // mod-entities-links (optional 2.0)
            new Module("data-import", "mod-data-import", List.of(
                    i("data-import", "3.0"))),              // ui-data-import 3.0
            new Module("di-converter-storage", "mod-di-converter-storage", List.of(
                    i("data-import-converter-storage", "1.5"))),  // ui-inventory 14 (optional 1.3–1.5)
            new Module("data-export", "mod-data-export", List.of(
                    i("data-export", "5.0"))),              // ui-inventory 14 (optional 5.0)
            // mod-entities-links' descriptor (authorities moved there from mod-inventory-storage in its 2.0).
            new Module("entities-links", "mod-entities-links", List.of(
                    i("authority-storage", "2.2"), i("authority-source-files", "2.2"),
                    i("authority-note-types", "1.0"), i("instance-authority-links", "2.2"),
                    i("instance-authority-linking-rules", "1.1"))));

    private OkapiDiscovery() {
    }

    static void register(Router r, Tenants tenants) {
        // Public as in Okapi: stripes-core asks before any token exists, and the text names no library data.
        r.get("/_/version", Router.PUBLIC, req -> Response.text(200, VERSION));
        // A tenant's staff UI discovers its own tenant's modules (X-Okapi-Tenant names it; Okapi likewise lets a
        // tenant list its own modules); other tenants' lists are the platform administrator's (PlatformApi). The
        // token is not required: stripes-core may ask before its session is complete, and the list is the same for
        // every tenant.
        r.get("/_/proxy/tenants/{tenant}/modules", Router.PUBLIC, req -> {
            Response modules = modules(req, tenants);
            String caller = req.header().apply("X-Okapi-Tenant").map(String::trim).orElse("");
            if (!caller.equals(req.path("tenant")))
                throw ApiException.forbidden("A tenant may list only its own modules: X-Okapi-Tenant must be "
                        + req.path("tenant") + " (other tenants' are the platform administrator's)");
            return modules;
        });
    }

    /** The module list of the path's tenant; 404 for a tenant that does not exist. */
    static Response modules(org.quire.platform.http.Request req, Tenants tenants) {
        String tenant = req.path("tenant");
        if (!Tenants.validId(tenant) || !tenants.exists(tenant)) throw ApiException.notFound(tenant);
        boolean full = req.param("full").map(Boolean::parseBoolean).orElse(false);
        return Response.ok(modules(full));
    }

    /** Okapi's list: {id, name} per module, with {@code provides} when {@code full=true}. */
    static ArrayNode modules(boolean full) {
        ArrayNode list = Json.array();
        for (Module m : MODULES) {
            ObjectNode d = list.addObject();
            d.put("id", "quire-" + m.area() + "-" + VERSION);
            d.put("name", "Quire " + m.area() + " (as " + m.folioModule() + ")");
            if (!full) continue;
            ArrayNode provides = d.putArray("provides");
            for (Interface p : m.provides()) provides.addObject().put("id", p.id()).put("version", p.version());
        }
        return list;
    }
}
