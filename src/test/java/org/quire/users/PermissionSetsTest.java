package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * FOLIO's UI permission sets over HTTP: listed by /perms/permissions as mod-permissions lists them, granting their
 * sub-permissions transitively, expanded for /perms/users/{id}/permissions and the composite user, and held by
 * administrators.
 */
class PermissionSetsTest {
    static Api api;
    static Api.Session admin;

    @BeforeAll
    static void setUp() {
        api = TestServer.api();
        admin = api.demoAdmin();
    }

    /** A staff user with password "pw" and exactly these granted permission names. */
    static String staff(String username, String... permissions) {
        String id = UUID.randomUUID().toString();
        assertThat(admin.post("/users", Json.object().put("id", id).put("username", username).put("active", true))
                .status()).isEqualTo(201);
        assertThat(admin.post("/authn/credentials", Json.object().put("userId", id).put("password", "pw")).status())
                .isEqualTo(201);
        var names = Json.array();
        for (String p : permissions) names.add(p);
        assertThat(admin.post("/perms/users", Json.object().put("userId", id).set("permissions", names)).status())
                .isEqualTo(201);
        return id;
    }

    static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static JsonNode byName(JsonNode permissions, String name) {
        for (JsonNode p : permissions) if (p.path("permissionName").asText().equals(name)) return p;
        throw new AssertionError(name + " not listed");
    }

    static List<String> names(JsonNode arr) {
        List<String> out = new ArrayList<>();
        arr.forEach(p -> out.add(p.isObject() ? p.path("permissionName").asText() : p.asText()));
        return out;
    }

    @Test
    void permissionsLists_routePermissionsAndUiSets_inModPermissionsShape() {
        Api.Reply r = admin.get("/perms/permissions?length=100000");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode perms = r.json().path("permissions");
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(perms.size()).isGreaterThan(300);

        JsonNode checkin = byName(perms, "ui-checkin.all");
        assertThat(checkin.path("displayName").asText()).isEqualTo("Check in: All permissions");
        assertThat(checkin.path("visible").asBoolean()).isTrue();
        assertThat(checkin.path("mutable").asBoolean()).isFalse();
        assertThat(checkin.path("id").asText()).hasSize(36);
        assertThat(names(checkin.path("subPermissions"))).contains("circulation.check-in-by-barcode.post",
                "module.checkin.enabled", "users.collection.get");
        // module.checkin.enabled is listed with its parent set; a route's permission is listed, not visible.
        JsonNode module = byName(perms, "module.checkin.enabled");
        assertThat(module.path("displayName").asText()).isEqualTo("UI: Check in module is enabled");
        assertThat(names(module.path("childOf"))).contains("ui-checkin.all");
        assertThat(byName(perms, "inventory.items.collection.get").path("visible").asBoolean()).isFalse();
        assertThat(byName(perms, "ui-users.view").path("subPermissions").get(0).isTextual()).isTrue();

        // Default page: mod-permissions' length 10.
        assertThat(admin.get("/perms/permissions").json().path("permissions")).hasSize(10);
        JsonNode page = admin.get("/perms/permissions?length=2&start=2").json().path("permissions");
        assertThat(names(page)).containsExactly(perms.get(1).path("permissionName").asText(),
                perms.get(2).path("permissionName").asText());
        assertThat(names(admin.get("/perms/permissions?limit=2&offset=1").json().path("permissions")))
                .isEqualTo(names(page));
    }

    @Test
    void query_expandSubs_andExpanded_asModPermissions() {
        Api.Reply visible = admin.get("/perms/permissions?length=10000&query=" + q("(visible==true)"));
        assertThat(visible.status()).isEqualTo(200);
        List<String> visibleNames = names(visible.json().path("permissions"));
        assertThat(visibleNames).contains("ui-checkin.all", "ui-users.view", "ui-inventory.instance.view")
                .doesNotContain("module.checkout.enabled", "inventory.items.collection.get");
        visible.json().path("permissions").forEach(p -> assertThat(p.path("visible").asBoolean()).isTrue());

        Api.Reply sorted = admin.get("/perms/permissions?length=3&query="
                + q("permissionName==ui-users.settings.* sortby permissionName/sort.descending"));
        assertThat(sorted.json().path("totalRecords").asInt()).isGreaterThan(3);
        List<String> s = names(sorted.json().path("permissions"));
        assertThat(s).allMatch(n -> n.startsWith("ui-users.settings.")).isSortedAccordingTo(
                java.util.Comparator.<String>reverseOrder());
        assertThat(names(admin.get("/perms/permissions?query=" + q("displayName=\"check in\"")).json()
                .path("permissions"))).contains("ui-checkin.all", "module.checkin.enabled");
        assertThat(names(admin.get("/perms/permissions?length=100&query="
                + q("subPermissions==circulation.check-in-by-barcode.post")).json().path("permissions")))
                .containsExactly("ui-checkin.all");

        // expandSubs: one level, as objects.
        JsonNode editProxies = admin.get("/perms/permissions?expandSubs=true&query="
                + q("permissionName==ui-users.editproxies")).json().path("permissions").get(0);
        JsonNode subs = editProxies.path("subPermissions");
        assertThat(subs.get(0).isObject()).isTrue();
        JsonNode edit = byName(subs, "ui-users.edit");
        assertThat(edit.path("displayName").asText()).isEqualTo("Users: Can edit user profile");
        assertThat(names(edit.path("subPermissions"))).contains("ui-users.view");
        assertThat(names(subs)).doesNotContain("users.collection.get");
        // expanded: all that the sub-permissions grant, as names.
        JsonNode expanded = admin.get("/perms/permissions?expanded=true&query="
                + q("permissionName==ui-users.editproxies")).json().path("permissions").get(0);
        assertThat(names(expanded.path("subPermissions"))).contains("ui-users.edit", "ui-users.view",
                "users.collection.get", "module.users.enabled", "proxiesfor.item.post");
        // Quire has no dummy permissions: includeDummy changes nothing.
        assertThat(admin.get("/perms/permissions?includeDummy=true").json().path("totalRecords").asInt())
                .isEqualTo(admin.get("/perms/permissions").json().path("totalRecords").asInt());
        // An index no permission has matches nothing, as RMB's jsonb query.
        Api.Reply none = admin.get("/perms/permissions?query=" + q("nosuchfield==x"));
        assertThat(none.status()).isEqualTo(200);
        assertThat(none.json().path("totalRecords").asInt()).isZero();
    }

    @Test
    void aUserGrantedASet_holdsItsSubPermissions_transitively_andNothingElse() {
        String id = staff("set_clerk", "ui-checkin.all");
        Api.Session clerk = api.login("diku", "set_clerk", "pw");
        assertThat(clerk.get("/users?limit=1").status()).isEqualTo(200);
        assertThat(clerk.get("/inventory/items?limit=1").status()).isEqualTo(200);
        Api.Reply checkIn = clerk.post("/circulation/check-in-by-barcode", Json.object());
        assertThat(checkIn.status()).as(checkIn.body()).isIn(400, 422);
        Api.Reply checkOut = clerk.post("/circulation/check-out-by-barcode", Json.object());
        assertThat(checkOut.status()).isEqualTo(403);
        assertThat(checkOut.body()).contains("circulation.check-out-by-barcode.post");
        assertThat(clerk.get("/item-storage/items?limit=1").status()).isEqualTo(403);
        assertThat(clerk.get("/perms/permissions").status()).isEqualTo(403);

        // Nested sets: ui-users.viewproxies → ui-users.view → users.collection.get, usergroups.collection.get.
        staff("set_proxies", "ui-users.viewproxies");
        Api.Session viewer = api.login("diku", "set_proxies", "pw");
        assertThat(viewer.get("/proxiesfor?limit=1").status()).isEqualTo(200);
        assertThat(viewer.get("/groups?limit=1").status()).isEqualTo(200);
        assertThat(viewer.get("/users?limit=1").status()).isEqualTo(200);
        assertThat(viewer.post("/proxiesfor", Json.object()).status()).isEqualTo(403);

        // /perms/users/{id}/permissions: granted names; expanded; full objects (no totalRecords, as PermsAPI).
        Api.Reply granted = admin.get("/perms/users/" + id + "/permissions?indexField=userId");
        assertThat(names(granted.json().path("permissionNames"))).containsExactly("ui-checkin.all");
        assertThat(granted.json().path("totalRecords").asInt()).isEqualTo(1);
        Api.Reply expanded = admin.get("/perms/users/" + id + "/permissions?indexField=userId&expanded=true");
        assertThat(names(expanded.json().path("permissionNames"))).contains("ui-checkin.all",
                "module.checkin.enabled", "circulation.check-in-by-barcode.post", "users.collection.get")
                .doesNotContain("circulation.check-out-by-barcode.post");
        assertThat(expanded.json().path("totalRecords").asInt()).isEqualTo(expanded.json().path("permissionNames").size());
        Api.Reply full = admin.get("/perms/users/" + id + "/permissions?indexField=userId&expanded=true&full=true");
        JsonNode module = byName(full.json().path("permissionNames"), "module.checkin.enabled");
        assertThat(module.path("displayName").asText()).isEqualTo("UI: Check in module is enabled");
        assertThat(full.json().has("totalRecords")).isFalse();

        // The composite user lists the expanded permissions, as mod-users-bl with expandPermissions.
        JsonNode self = clerk.get("/bl-users/_self?expandPermissions=true&fullPermissions=true").json();
        assertThat(names(self.path("permissions").path("permissions"))).contains("module.checkin.enabled",
                "circulation.check-in-by-barcode.post").doesNotContain("module.checkout.enabled");
        // Without expandPermissions: the granted names only.
        assertThat(names(clerk.get("/bl-users/_self").json().path("permissions").path("permissions")))
                .containsExactly("ui-checkin.all");

        // A set granted later takes effect at once (the write invalidates the cached expansion).
        ObjectNode pu = (ObjectNode) admin.get("/perms/users/" + id + "?indexField=userId").json();
        pu.withArray("permissions").add("ui-users.loans.all");
        assertThat(admin.put("/perms/users/" + pu.path("id").asText(), pu).status()).isEqualTo(204);
        assertThat(clerk.post("/circulation/renew-by-barcode", Json.object()).status()).isNotEqualTo(403);
    }

    @Test
    void administrators_holdEveryUiSet_andTheAppsModulePermissions() {
        JsonNode self = admin.get("/bl-users/_self?expandPermissions=true&fullPermissions=true").json();
        JsonNode perms = self.path("permissions").path("permissions");
        assertThat(names(perms)).contains("module.checkout.enabled", "module.checkin.enabled", "module.users.enabled",
                "module.inventory.enabled", "module.requests.enabled", "settings.enabled", "settings.circulation.enabled",
                "ui-users.view", "ui-inventory.instance.view", "users.collection.get", "perms.permissions.get");
        assertThat(byName(perms, "module.checkout.enabled").path("displayName").asText())
                .isEqualTo("UI: Check out module is enabled");
        // Each name once, though many sets grant it.
        assertThat(names(perms)).doesNotHaveDuplicates();

        Api.Reply login = api.send("POST", "/bl-users/login-with-expiry?expandPermissions=true&fullPermissions=true",
                "{\"username\":\"diku_admin\",\"password\":\"admin\"}", "diku", null);
        assertThat(names(login.json().path("permissions").path("permissions"))).contains("module.checkout.enabled");

        // An administrator made by POST /_/tenants holds them too.
        Api.Reply created = TestServer.platformAdmin().post("/_/tenants?loadReference=false", Json.object().put("id", "uiperms_t")
                .put("name", "UI permissions library").put("adminUsername", "t_admin").put("adminPassword", "secret"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        Api.Session other = api.login("uiperms_t", "t_admin", "secret");
        assertThat(names(other.get("/bl-users/_self?expandPermissions=true").json().path("permissions")
                .path("permissions"))).contains("module.checkout.enabled", "ui-checkin.all", "ui-users.editperms");
    }

    @Test
    void existingAdministrators_getTheSetsOnStart() {
        String id = staff("old_admin", "perms.all", "users.collection.get");
        TestServer.get().installer().grantNewPermissionsToAdmins();
        List<String> granted = names(admin.get("/perms/users/" + id + "/permissions?indexField=userId").json()
                .path("permissionNames"));
        assertThat(granted).contains("perms.all", "ui-checkin.all", "module.checkout.enabled", "ui-users.view",
                "circulation.check-out-by-barcode.post");
        // A user without the marker is left alone.
        String clerk = staff("not_admin", "users.collection.get");
        TestServer.get().installer().grantNewPermissionsToAdmins();
        assertThat(names(admin.get("/perms/users/" + clerk + "/permissions?indexField=userId").json()
                .path("permissionNames"))).containsExactly("users.collection.get");
    }

    @Test
    void malformedInput_toThePermsEndpoints_is4xxNever500() {
        for (String bad : List.of("length=0", "length=abc", "start=0", "start=-1", "limit=-1", "offset=x",
                "query=" + q("(visible=="), "query=" + q("visible<true"), "query=" + q("a prox b"),
                "query=" + q("permissionName==x sortby"), "query=" + q(")"))) {
            Api.Reply r = admin.get("/perms/permissions?" + bad);
            assertThat(r.status()).as(bad + " → " + r.body()).isEqualTo(400);
        }
        assertThat(admin.get("/perms/permissions?expandSubs=maybe&expanded=1").status()).isEqualTo(200);
        assertThat(admin.get("/perms/users/not-a-uuid/permissions").status()).isBetween(400, 499);
        assertThat(admin.get("/perms/users/" + UUID.randomUUID() + "/permissions?expanded=true").status())
                .isEqualTo(404);
        String id = staff("perm_target");
        String permUser = admin.get("/perms/users/" + id + "?indexField=userId").json().path("id").asText();
        assertThat(api.send("POST", "/perms/users/" + permUser + "/permissions", "{bad", "diku", admin.token())
                .status()).isEqualTo(400);
        assertThat(admin.post("/perms/users/" + permUser + "/permissions", Json.object().put("x", 1)).status())
                .isEqualTo(400);
        assertThat(api.send("PUT", "/perms/users/" + permUser, "[1,2]", "diku", admin.token()).status())
                .isBetween(400, 499);
        assertThat(admin.post("/perms/users", Json.object().put("userId", "nope")).status()).isBetween(400, 499);
    }
}
