package org.quire.app;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.auth.PlatformAdmin;
import org.quire.platform.http.Authenticator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12: tenants are managed by the platform administrator (Okapi's supertenant), never by a tenant's users —
 * not even its administrator, who holds every permission — and the platform administrator is no library's user.
 */
class PlatformAdminTest {
    private final Api api = TestServer.api();
    private final Api.Session diku = api.demoAdmin();

    private static String body(String id) {
        return Json.write(Json.object().put("id", id).put("adminUsername", id + "_admin").put("adminPassword", "pw"));
    }

    @Test
    void aTenantsAdministrator_isRefusedOnTenants_withEveryPermission() {
        Api.Reply list = diku.get("/_/tenants");
        assertThat(list.status()).isEqualTo(403);
        assertThat(list.body()).isEqualTo(Authenticator.PLATFORM_ONLY).contains("supertenant");
        Api.Reply create = api.send("POST", "/_/tenants?loadReference=false", body("by_tenant_admin"), "diku",
                diku.token());
        assertThat(create.status()).isEqualTo(403);
        assertThat(create.body()).isEqualTo(Authenticator.PLATFORM_ONLY);
        // without X-Okapi-Tenant (Okapi's default: the supertenant) the tenant's token is refused all the same
        assertThat(api.send("GET", "/_/tenants", null, null, diku.token()).status()).isEqualTo(403);
        assertThat(api.send("POST", "/_/tenants", body("by_tenant_admin"), null, diku.token()).status()).isEqualTo(403);
        // the tenant's token sent as the supertenant's
        assertThat(api.send("GET", "/_/tenants", null, "supertenant", diku.token()).status()).isEqualTo(403);
        assertThat(TestServer.get().tenants().exists("by_tenant_admin")).isFalse();
        // no token, or a forged one
        assertThat(api.send("GET", "/_/tenants", null, "supertenant", null).status()).isEqualTo(401);
        assertThat(api.send("GET", "/_/tenants", null, "supertenant", "not.a.token").status()).isEqualTo(401);
    }

    @Test
    void thePlatformAdministrator_logsInAsOkapisSupertenant_andListsAndCreatesTenants() {
        Api.Session platform = TestServer.platformAdmin();
        Api.Reply list = platform.get("/_/tenants");
        assertThat(list.status()).as(list.body()).isEqualTo(200);
        assertThat(list.json().findValuesAsText("id")).contains("diku");
        Api.Reply created = api.send("POST", "/_/tenants?loadReference=false", body("by_platform_admin"),
                PlatformAdmin.TENANT, platform.token());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(api.login("by_platform_admin", "by_platform_admin_admin", "pw").get("/users?limit=0").status())
                .isEqualTo(200);
        // also without X-Okapi-Tenant
        assertThat(api.send("GET", "/_/tenants", null, null, platform.token()).status()).isEqualTo(200);
        // the supertenant's name is not a library's
        Api.Reply reserved = platform.post("/_/tenants", Json.object().put("id", "supertenant"));
        assertThat(reserved.status()).isEqualTo(400);
        assertThat(reserved.body()).isEqualTo("Tenant id 'supertenant' is reserved for the platform administrator");
        // and bad input stays a 400
        assertThat(api.send("POST", "/_/tenants", "{not json", PlatformAdmin.TENANT, platform.token()).status())
                .isEqualTo(400);
        assertThat(platform.post("/_/tenants", Json.object().put("id", 42)).status()).isEqualTo(400);
    }

    @Test
    void theSupertenantLogin_answersAsModLogin() throws Exception {
        String password = PlatformAdmin.read(TestServer.dataDir());
        Api.Reply ok = api.send("POST", "/authn/login", Json.write(Json.object().put("username", "superuser")
                .put("password", password)), "supertenant", null);
        assertThat(ok.status()).isEqualTo(201);
        assertThat(ok.header("x-okapi-token")).hasValue(ok.json().path("okapiToken").asText());
        Api.Reply wrong = api.send("POST", "/authn/login", "{\"username\":\"superuser\",\"password\":\"admin\"}",
                "supertenant", null);
        assertThat(wrong.status()).isEqualTo(422);
        assertThat(wrong.json().path("errors").get(0).path("code").asText()).isEqualTo("password.incorrect");
        // a tenant's administrator cannot log in to the supertenant
        assertThat(api.send("POST", "/authn/login", "{\"username\":\"diku_admin\",\"password\":\"admin\"}",
                "supertenant", null).status()).isEqualTo(422);
        assertThat(api.send("POST", "/authn/login", "{\"username\":\"superuser\"}", "supertenant", null).status())
                .isEqualTo(400);
        assertThat(api.send("POST", "/authn/login", "{bad", "supertenant", null).status()).isEqualTo(400);
        Api.Reply expiry = api.send("POST", "/authn/login-with-expiry", Json.write(Json.object()
                .put("username", "superuser").put("password", password)), "supertenant", null);
        assertThat(expiry.status()).isEqualTo(201);
        assertThat(expiry.raw().headers().allValues("set-cookie")).anyMatch(c -> c.startsWith("folioAccessToken="));
    }

    @Test
    void thePlatformAdministratorsToken_isRefusedOnEveryLibraryRoute() {
        Api.Session platform = TestServer.platformAdmin();
        // as another tenant's token
        Api.Reply asDiku = api.send("GET", "/users?limit=1", null, "diku", platform.token());
        assertThat(asDiku.status()).isEqualTo(403);
        assertThat(asDiku.body()).contains("another tenant");
        assertThat(api.send("POST", "/circulation/check-out-by-barcode", "{}", "diku", platform.token()).status())
                .isEqualTo(403);
        // in the supertenant, which holds no library
        for (String path : new String[] {"/users?limit=1", "/item-storage/items", "/perms/users", "/admin/jobs"}) {
            Api.Reply r = platform.get(path);
            assertThat(r.status()).as(path).isEqualTo(403);
            assertThat(r.body()).as(path).contains("holds no library");
        }
        assertThat(api.send("POST", "/authn/refresh", "{}", "supertenant", null).status()).isEqualTo(403);
        assertThat(api.send("POST", "/bl-users/login", "{\"username\":\"superuser\",\"password\":\"x\"}",
                "supertenant", null).status()).isEqualTo(403);
    }

    @Test
    void theUiDiscoversItsOwnTenantsModules_theAdministratorAnyTenants() {
        assertThat(api.send("GET", "/_/proxy/tenants/diku/modules", null, "diku", diku.token()).status())
                .isEqualTo(200);
        Api.Reply other = api.send("GET", "/_/proxy/tenants/diku/modules", null, "isolation_other", null);
        assertThat(other.status()).isEqualTo(403);
        assertThat(other.body()).contains("only its own modules");
        assertThat(api.send("GET", "/_/proxy/tenants/diku/modules", null, null, null).status()).isEqualTo(403);
        Api.Session platform = TestServer.platformAdmin();
        assertThat(platform.get("/_/proxy/tenants/diku/modules?full=true").status()).isEqualTo(200);
        assertThat(platform.get("/_/proxy/tenants/nosuch/modules").status()).isEqualTo(404);
        assertThat(api.send("GET", "/_/proxy/tenants/diku/modules", null, "supertenant", diku.token()).status())
                .isEqualTo(403);
    }

    @Test
    void thePasswordIsInTheDataDirectory_readableByItsOwnerOnly() throws Exception {
        Path f = TestServer.dataDir().resolve("platform-admin.secret");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-------");
        assertThat(Files.readString(f).trim()).hasSizeGreaterThanOrEqualTo(20).isEqualTo(PlatformAdmin.read(
                TestServer.dataDir()));
    }
}
