package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.CIRC_DESK_1;
import static org.quire.Fixtures.CIRC_DESK_2;
import static org.quire.Fixtures.STAFF;

/**
 * mod-users-bl over HTTP as FOLIO's staff UI (stripes-core) uses it: log in with expiry, then restore the session
 * with {@code _self} sending only the cookie; the legacy login; the composite user by id and username; open
 * transactions and the delete they guard; every bad input a 4xx.
 */
class BlUsersTest {
    static final String EXPAND = "?expandPermissions=true&fullPermissions=true";
    static Api api;
    static Api.Session admin;
    static HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void setUp() {
        api = TestServer.api();
        admin = api.demoAdmin();
    }

    /** A staff member with a password, the given permissions and (when given) service points. */
    static ObjectNode staff(String username, boolean active, List<String> perms, String defaultSp, String... sps) {
        ObjectNode u = Json.object().put("id", UUID.randomUUID().toString()).put("username", username)
                .put("barcode", "bl-" + username).put("active", active).put("patronGroup", STAFF).put("type", "staff");
        u.putObject("personal").put("lastName", "Desk").put("firstName", username);
        assertThat(admin.post("/users", u).status()).isEqualTo(201);
        String id = u.path("id").asText();
        assertThat(admin.post("/authn/credentials", Json.object().put("userId", id).put("password", "pw")).status())
                .isEqualTo(201);
        var names = Json.array();
        perms.forEach(names::add);
        assertThat(admin.post("/perms/users", Json.object().put("userId", id).set("permissions", names)).status())
                .isEqualTo(201);
        if (defaultSp != null || sps.length > 0) {
            ObjectNode spu = Json.object().put("userId", id);
            if (defaultSp != null) spu.put("defaultServicePointId", defaultSp);
            var ids = spu.putArray("servicePointsIds");
            for (String sp : sps) ids.add(sp);
            Api.Reply r = admin.post("/service-points-users", spu);
            assertThat(r.status()).as(r.body()).isEqualTo(201);
        }
        return u;
    }

    static HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) b.headers(headers);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String credentials(String username, String password) {
        return Json.write(Json.object().put("username", username).put("password", password));
    }

    static List<String> permissionNames(JsonNode permissions) {
        List<String> out = new ArrayList<>();
        permissions.forEach(p -> out.add(p.isObject() ? p.path("permissionName").asText() : p.asText()));
        return out;
    }

    static String cookie(HttpResponse<?> r, String name) {
        return r.headers().allValues("set-cookie").stream().filter(c -> c.startsWith(name + "="))
                .map(c -> c.substring(name.length() + 1, c.indexOf(';'))).findFirst().orElseThrow();
    }

    @Test
    void loginWithExpiry_thenSelfWithOnlyTheCookie_asStripesCore() throws Exception {
        ObjectNode u = staff("bl_clerk", true, List.of("users.collection.get", "module.checkout.enabled"),
                CIRC_DESK_1, CIRC_DESK_1, CIRC_DESK_2);
        String id = u.path("id").asText();
        HttpResponse<String> login = send("POST", "/bl-users/login-with-expiry" + EXPAND,
                credentials("bl_clerk", "pw"), "X-Okapi-Tenant", "diku", "Content-Type", "application/json");
        assertThat(login.statusCode()).as(login.body()).isEqualTo(201);
        assertThat(login.headers().allValues("set-cookie")).anyMatch(c -> c.startsWith("folioAccessToken="))
                .anyMatch(c -> c.startsWith("folioRefreshToken=") && c.contains("Path=/authn"));
        assertThat(login.headers().firstValue("x-okapi-token")).isEmpty();
        JsonNode body = Json.parse(login.body());
        assertThat(body.path("user").path("id").asText()).isEqualTo(id);
        assertThat(body.path("user").path("personal").path("firstName").asText()).isEqualTo("bl_clerk");
        assertThat(body.path("patronGroup").path("id").asText()).isEqualTo(STAFF);
        assertThat(body.path("patronGroup").path("group").asText()).isNotEmpty();
        assertThat(body.path("tenant").asText()).isEqualTo("diku");
        // Expanded permissions are objects: stripes-core maps permissions.permissions[].permissionName.
        JsonNode perms = body.path("permissions");
        assertThat(perms.path("permissions").get(0).isObject()).isTrue();
        assertThat(permissionNames(perms.path("permissions")))
                .containsExactlyInAnyOrder("users.collection.get", "module.checkout.enabled");
        String permUserId = admin.get("/perms/users", "userId==" + id).json().path("permissionUsers").get(0)
                .path("id").asText();
        assertThat(perms.path("userId").asText()).isEqualTo(permUserId);
        JsonNode spu = body.path("servicePointsUser");
        assertThat(spu.path("userId").asText()).isEqualTo(id);
        assertThat(spu.path("defaultServicePointId").asText()).isEqualTo(CIRC_DESK_1);
        assertThat(spu.path("servicePointsIds")).hasSize(2);
        List<String> spNames = new ArrayList<>();
        spu.path("servicePoints").forEach(sp -> spNames.add(sp.path("name").asText()));
        assertThat(spNames).containsExactly("Circ Desk 1", "Circ Desk 2");
        assertThat(body.path("tokenExpiration").path("accessTokenExpiration").asText()).isNotEmpty();
        assertThat(body.path("tokenExpiration").path("refreshTokenExpiration").asText()).isNotEmpty();
        assertThat(body.has("proxiesFor")).isFalse();

        // Session restore: only the tenant header and the cookie, as the browser sends them.
        String access = cookie(login, "folioAccessToken");
        HttpResponse<String> self = send("GET", "/bl-users/_self" + EXPAND, null,
                "X-Okapi-Tenant", "diku", "Cookie", "folioAccessToken=" + access);
        assertThat(self.statusCode()).as(self.body()).isEqualTo(200);
        JsonNode me = Json.parse(self.body());
        assertThat(me.path("user").path("id").asText()).isEqualTo(id);
        assertThat(permissionNames(me.path("permissions").path("permissions")))
                .containsExactlyInAnyOrder("users.collection.get", "module.checkout.enabled");
        assertThat(me.path("permissions").has("userId")).isFalse();
        assertThat(me.path("servicePointsUser").path("servicePoints")).hasSize(2);
        assertThat(me.has("tokenExpiration")).isFalse();
        assertThat(me.has("tenant")).isFalse();

        // Without expandPermissions: the names.
        HttpResponse<String> plain = send("GET", "/bl-users/_self", null,
                "X-Okapi-Tenant", "diku", "Cookie", "folioAccessToken=" + access);
        assertThat(Json.parse(plain.body()).path("permissions").path("permissions").get(0).isTextual()).isTrue();

        // _self needs a token of the tenant, but no permission.
        assertThat(send("GET", "/bl-users/_self", null, "X-Okapi-Tenant", "diku").statusCode()).isEqualTo(401);
        assertThat(send("GET", "/bl-users/_self", null, "X-Okapi-Tenant", "diku", "Cookie",
                "folioAccessToken=forged").statusCode()).isEqualTo(401);
    }

    @Test
    void legacyLogin_tokenInTheHeader_wholePermissionUser() throws Exception {
        ObjectNode u = staff("bl_legacy", true, List.of("users.collection.get"), null);
        HttpResponse<String> login = send("POST", "/bl-users/login", credentials("bl_legacy", "pw"),
                "X-Okapi-Tenant", "diku", "Content-Type", "application/json");
        assertThat(login.statusCode()).as(login.body()).isEqualTo(201);
        String token = login.headers().firstValue("x-okapi-token").orElseThrow();
        assertThat(login.headers().allValues("set-cookie")).isEmpty();
        JsonNode body = Json.parse(login.body());
        // As mod-users-bl's Karate test: permissions.id is the permission user's, permissions an array of names.
        assertThat(body.path("permissions").path("id").asText()).hasSize(36);
        assertThat(body.path("permissions").path("userId").asText()).isEqualTo(u.path("id").asText());
        assertThat(body.path("permissions").path("permissions").get(0).asText()).isEqualTo("users.collection.get");
        assertThat(body.has("servicePointsUser")).isFalse();
        assertThat(body.has("tokenExpiration")).isFalse();
        Api.Session session = new Api.Session(api, "diku", token);
        assertThat(session.get("/users?limit=1").status()).isEqualTo(200);
        assertThat(session.get("/bl-users/_self").json().path("user").path("username").asText()).isEqualTo("bl_legacy");
    }

    @Test
    void badCredentials_missingFields_malformedBodies_are4xx() throws Exception {
        staff("bl_inactive", false, List.of(), null);
        staff("bl_wrongpw", true, List.of(), null);
        String[] h = {"X-Okapi-Tenant", "diku", "Content-Type", "application/json"};
        for (String path : List.of("/bl-users/login-with-expiry" + EXPAND, "/bl-users/login")) {
            // mod-login's 422s, relayed unchanged by mod-users-bl
            HttpResponse<String> wrong = send("POST", path, credentials("bl_wrongpw", "nope"), h);
            assertThat(wrong.statusCode()).isEqualTo(422);
            assertThat(Json.parse(wrong.body()).path("errors").get(0).path("message").asText())
                    .isEqualTo("Password does not match");
            assertThat(Json.parse(wrong.body()).path("errors").get(0).path("code").asText())
                    .isEqualTo("password.incorrect");
            HttpResponse<String> unknown = send("POST", path, credentials("bl_nobody", "pw"), h);
            assertThat(unknown.statusCode()).isEqualTo(422);
            assertThat(Json.parse(unknown.body()).path("errors").get(0).path("message").asText())
                    .isEqualTo("Error verifying user existence: No user found by username bl_nobody");
            HttpResponse<String> inactive = send("POST", path, credentials("bl_inactive", "pw"), h);
            assertThat(inactive.statusCode()).isEqualTo(422);
            assertThat(Json.parse(inactive.body()).path("errors").get(0).path("message").asText())
                    .isEqualTo("User must be flagged as active");
            // mod-users-bl's own 400 for a body without username or password, and for what is no body at all
            for (String bad : List.of("{\"username\":\"bl_wrongpw\"}", "{\"password\":\"pw\"}", "{}", "{not json",
                    "[1]", "")) {
                HttpResponse<String> r = send("POST", path, bad, h);
                assertThat(r.statusCode()).as(bad).isEqualTo(400);
                assertThat(r.body()).as(bad).isEqualTo("Improperly formatted request");
            }
            assertThat(send("POST", path, credentials("bl_wrongpw", "pw"), "Content-Type", "application/json")
                    .statusCode()).isEqualTo(400); // no tenant
            assertThat(send("POST", path, credentials("bl_wrongpw", "pw"), "X-Okapi-Tenant", "nosuch")
                    .statusCode()).isEqualTo(400);
        }
        HttpResponse<String> badFlag = send("POST", "/bl-users/login?expandPermissions=maybe",
                credentials("bl_wrongpw", "pw"), h);
        assertThat(badFlag.statusCode()).isEqualTo(400);
        assertThat(badFlag.body()).contains("expandPermissions");
    }

    @Test
    void compositeByIdAndUsername_withIncludes_unknownIs404() {
        ObjectNode u = staff("bl_lookup", true, List.of("a.b.c"), CIRC_DESK_2);
        ObjectNode proxy = Fixtures.patron(admin, "bl-proxy-1", STAFF, true);
        String id = u.path("id").asText();
        assertThat(admin.post("/proxiesfor", Json.object().put("userId", id)
                .put("proxyUserId", proxy.path("id").asText())).status()).isEqualTo(201);

        JsonNode byId = admin.get("/bl-users/by-id/" + id).json();
        assertThat(byId.path("user").path("username").asText()).isEqualTo("bl_lookup");
        assertThat(byId.path("permissions").path("permissions").get(0).asText()).isEqualTo("a.b.c");
        assertThat(byId.path("servicePointsUser").path("servicePointsIds")).isEmpty();
        assertThat(byId.path("servicePointsUser").path("servicePoints").get(0).path("id").asText())
                .isEqualTo(CIRC_DESK_2);
        assertThat(byId.has("proxiesFor")).isFalse();

        JsonNode withProxies = admin.get("/bl-users/by-username/bl_lookup?include=proxiesfor&include=groups").json();
        assertThat(withProxies.path("proxiesFor").get(0).path("proxyUserId").asText())
                .isEqualTo(proxy.path("id").asText());
        assertThat(withProxies.path("patronGroup").path("id").asText()).isEqualTo(STAFF);
        assertThat(withProxies.has("servicePointsUser")).isFalse();
        assertThat(withProxies.path("permissions").path("permissions")).isEmpty(); // perms not included

        Api.Reply unknown = admin.get("/bl-users/by-id/" + UUID.randomUUID());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).startsWith("User with id '");
        assertThat(admin.get("/bl-users/by-id/not-a-uuid").status()).isEqualTo(404);
        Api.Reply noName = admin.get("/bl-users/by-username/bl_nobody");
        assertThat(noName.status()).isEqualTo(404);
        assertThat(noName.body()).isEqualTo("Users with username 'bl_nobody' not found");
        assertThat(admin.get("/bl-users/by-id/" + id + "?expandPermissions=1").status()).isEqualTo(400);
    }

    @Test
    void openTransactions_countEachKind_andGuardTheDelete() {
        ObjectNode patron = Fixtures.patron(admin, "bl-open-1", STAFF, true);
        ObjectNode other = Fixtures.patron(admin, "bl-open-2", STAFF, true);
        String id = patron.path("id").asText();

        JsonNode none = admin.get("/bl-users/by-id/" + id + "/open-transactions").json();
        assertThat(none.path("userId").asText()).isEqualTo(id);
        assertThat(none.path("userBarcode").asText()).isEqualTo("bl-open-1");
        assertThat(none.path("hasOpenTransactions").asBoolean()).isFalse();
        for (String k : List.of("loans", "requests", "feesFines", "proxies", "blocks"))
            assertThat(none.path(k).asInt()).as(k).isZero();

        Fixtures.item(admin, "bl-open-item", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        Api.Reply out = admin.post("/circulation/check-out-by-barcode", Fixtures.checkOut("bl-open-item", "bl-open-1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        assertThat(admin.post("/manualblocks", Json.object().put("userId", id).put("borrowing", true)
                .put("desc", "x")).status()).isEqualTo(201);
        // as proxy of another user: counted too (userId==X OR proxyUserId==X)
        assertThat(admin.post("/proxiesfor", Json.object().put("userId", other.path("id").asText())
                .put("proxyUserId", id)).status()).isEqualTo(201);

        JsonNode open = admin.get("/bl-users/by-username/ubl-open-1/open-transactions").json();
        assertThat(open.path("hasOpenTransactions").asBoolean()).isTrue();
        assertThat(open.path("loans").asInt()).isEqualTo(1);
        assertThat(open.path("blocks").asInt()).isEqualTo(1);
        assertThat(open.path("proxies").asInt()).isEqualTo(1);
        assertThat(open.path("requests").asInt()).isZero();
        assertThat(open.path("feesFines").asInt()).isZero();

        Api.Reply refused = admin.delete("/bl-users/by-id/" + id);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().path("loans").asInt()).isEqualTo(1);
        assertThat(admin.get("/users/" + id).status()).isEqualTo(200);

        ObjectNode clean = Fixtures.patron(admin, "bl-open-3", STAFF, true);
        assertThat(admin.delete("/bl-users/by-id/" + clean.path("id").asText()).status()).isEqualTo(204);
        assertThat(admin.get("/users/" + clean.path("id").asText()).status()).isEqualTo(404);

        Api.Reply unknown = admin.get("/bl-users/by-id/" + UUID.randomUUID() + "/open-transactions");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).startsWith("User with id '").endsWith("' not found");
        assertThat(admin.get("/bl-users/by-id/xyz/open-transactions").status()).isEqualTo(404);
        assertThat(admin.get("/bl-users/by-username/nobody-here/open-transactions").body())
                .isEqualTo("Users with username 'nobody-here' not found");
        assertThat(admin.delete("/bl-users/by-id/" + UUID.randomUUID()).status()).isEqualTo(404);
    }

    @Test
    void permissionsAreMod_users_bl_s() throws Exception {
        staff("bl_noperms", true, List.of(), null);
        HttpResponse<String> login = send("POST", "/bl-users/login", credentials("bl_noperms", "pw"),
                "X-Okapi-Tenant", "diku");
        Api.Session s = new Api.Session(api, "diku", login.headers().firstValue("x-okapi-token").orElseThrow());
        assertThat(s.get("/bl-users/_self").status()).isEqualTo(200);
        Api.Reply byId = s.get("/bl-users/by-id/" + UUID.randomUUID());
        assertThat(byId.status()).isEqualTo(403);
        assertThat(byId.body()).contains("users-bl.item.get");
        assertThat(s.get("/bl-users/by-username/x").body()).contains("users-bl.users-by-username.item.get");
        assertThat(s.get("/bl-users/by-id/" + UUID.randomUUID() + "/open-transactions").body())
                .contains("users-bl.transactions.get");
        assertThat(s.get("/bl-users/by-username/x/open-transactions").body())
                .contains("users-bl.transactions-by-username.get");
        assertThat(s.delete("/bl-users/by-id/" + UUID.randomUUID()).body()).contains("users-bl.item.delete");
    }

    @Test
    void samlCheck_saysSsoIsNotConfigured() throws Exception {
        HttpResponse<String> r = send("GET", "/saml/check", null, "X-Okapi-Tenant", "diku", "Accept", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(Json.parse(r.body()).path("active").asBoolean(true)).isFalse();
        assertThat(send("GET", "/saml/check", null).statusCode()).isEqualTo(400);
    }
}
