package org.quire.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.Method;
import org.quire.platform.Json;
import org.quire.platform.auth.Passwords;
import org.quire.platform.auth.PlatformAdmin;
import org.quire.platform.auth.Tokens;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.tenancy.Tenants;

import java.time.Duration;
import java.time.Instant;

/**
 * The platform administrator's API, Okapi's supertenant as FOLIO has it (okapi doc/securing.md): {@code POST
 * /authn/login} with {@code X-Okapi-Tenant: supertenant} gives its token, which alone may list and create tenants
 * ({@code /_/tenants}, Okapi's {@code /_/proxy/tenants}). A tenant's administrator, however many permissions it holds,
 * is refused with 403; the supertenant's token is refused on every library route.
 */
final class PlatformApi {
    private PlatformApi() {
    }

    static void register(Router r, Tenants tenants, TenantInstaller installer, PlatformAdmin admin, Tokens tokens) {
        r.supertenant(Method.POST, "/authn/login", Router.PUBLIC, req -> {
            String token = login(req, admin, tokens, Tokens.LEGACY_TTL);
            return Response.created(Json.object().put("okapiToken", token)).header("x-okapi-token", token);
        });
        r.supertenant(Method.POST, "/authn/login-with-expiry", Router.PUBLIC, req -> {
            String token = login(req, admin, tokens, Tokens.ACCESS_TTL);
            return Response.created(Json.object().put("accessTokenExpiration",
                            Json.dateZ(Instant.now().plus(Tokens.ACCESS_TTL))))
                    .header("Set-Cookie", "folioAccessToken=" + token + "; Max-Age=" + Tokens.ACCESS_TTL.toSeconds()
                            + "; Path=/; Secure; HttpOnly; SameSite=Lax");
        });
        // The platform administrator sees any tenant's modules (a tenant sees its own: OkapiDiscovery).
        r.supertenant(Method.GET, "/_/proxy/tenants/{tenant}/modules", Router.PLATFORM,
                req -> OkapiDiscovery.modules(req, tenants));

        r.get("/_/tenants", Router.PLATFORM, req -> Response.ok(tenants.all()));
        r.post("/_/tenants", Router.PLATFORM, req -> {
            var body = req.json();
            String id = Json.text(body, "id");
            if (!Tenants.validId(id)) throw ApiException.badRequest(Tenants.invalidIdMessage(id));
            boolean reference = req.param("loadReference").map(Boolean::parseBoolean).orElse(true);
            boolean sample = req.param("loadSample").map(Boolean::parseBoolean).orElse(false);
            String adminName = Json.text(body, "adminUsername");
            String password = Json.text(body, "adminPassword");
            if (password != null && password.length() > Passwords.MAX_LENGTH)
                throw ApiException.badRequest("adminPassword must not be longer than " + Passwords.MAX_LENGTH
                        + " characters");
            if (!installer.install(id, Json.text(body, "name"), new TenantInstaller.Options(reference, sample,
                    adminName, password == null ? "admin" : password))) {
                throw ApiException.badRequest("Duplicate tenant id " + id);
            }
            return Response.created(Json.object().put("id", id).put("name", Json.text(body, "name")))
                    .header("Location", "/_/tenants/" + id);
        });
    }

    /**
     * mod-login's checks and answers for a bad login (400 without username or password, 422 "Password does not
     * match"; the same answer for an unknown user name, so that it reveals nothing).
     */
    private static String login(Request req, PlatformAdmin admin, Tokens tokens, Duration ttl) {
        ObjectNode body = req.json();
        String username = Json.text(body, "username");
        String password = Json.text(body, "password");
        if (username == null || password == null) throw ApiException.badRequest("username and password are required");
        if (!admin.matches(username, password))
            throw ApiException.unprocessable("Password does not match", "password.incorrect", "username", username);
        return tokens.issue(PlatformAdmin.USERNAME, PlatformAdmin.USER_ID, PlatformAdmin.TENANT, "access", ttl);
    }
}
