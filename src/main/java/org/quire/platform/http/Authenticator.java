package org.quire.platform.http;

import org.quire.platform.auth.ApiKeys;
import org.quire.platform.auth.EdgeApiKey;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.auth.PlatformAdmin;
import org.quire.platform.auth.Principal;
import org.quire.platform.auth.Tokens;
import org.quire.platform.tenancy.Tenants;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Steps 1–3 of every request (DESIGN.md "Requests"): the tenant from X-Okapi-Tenant must exist, the token (header
 * X-Okapi-Token, the folioAccessToken cookie, or a Bearer header) must be valid, unexpired, of that tenant and of a
 * live session (its user exists and is active, the session was not revoked), and the user must hold the route's
 * permission. Routes of edge APIs also take an edge API key instead
 * ({@link #authenticateApiKey}).
 *
 * <p>It lives in platform.http, not platform.auth: it reads HTTP headers, cookies and query parameters and its
 * failures are HTTP answers (400 no tenant, 401, 403 with edge-common's texts). platform.auth keeps what it checks
 * against (tokens, permissions, API keys), so the dependency goes one way, http → auth.
 */
public final class Authenticator {
    private final Tenants tenants;
    private final Tokens tokens;
    private final PermissionCache permissions;
    private final ApiKeys apiKeys;

    public Authenticator(Tenants tenants, Tokens tokens, PermissionCache permissions, ApiKeys apiKeys) {
        this.tenants = tenants;
        this.tokens = tokens;
        this.permissions = permissions;
        this.apiKeys = apiKeys;
    }

    public Principal tenantOnly(Function<String, Optional<String>> header) {
        return new Principal(tenant(header), null, null, false);
    }

    /** @param permission the route's permission, or null when any valid token of the tenant will do */
    public Principal authenticate(Function<String, Optional<String>> header, String permission) {
        String tenant = tenant(header);
        String token = token(header)
                .orElseThrow(() -> ApiException.unauthorized("Unauthorized: no token (X-Okapi-Token) given"));
        Tokens.Claims claims = tokens.verify(token);
        if (claims == null || !"access".equals(claims.type()))
            throw ApiException.unauthorized("Invalid token: malformed, forged or expired");
        if (!tenant.equals(claims.tenant()))
            throw ApiException.forbidden("Invalid token: the token was issued for another tenant");
        // After the (cached) signature check: the user's cached access entry, loaded with their permissions.
        if (!permissions.sessionAlive(tenant, claims))
            throw ApiException.unauthorized("Invalid token: the session has ended (logout, password change, "
                    + "deactivation or deletion of the user)");
        if (permission != null && !permissions.has(tenant, claims.userId(), permission))
            throw ApiException.forbidden("Access requires permission: " + permission);
        return new Principal(tenant, claims.userId(), claims.username(), false);
    }

    /**
     * A route of the platform administrator ({@link Router#PLATFORM}: {@code /_/tenants}): the token must be the
     * supertenant's, and the request names the supertenant or no tenant at all (Okapi takes a request without
     * X-Okapi-Tenant as the supertenant's). A tenant's user, its administrator with every permission included, is
     * refused with 403: tenant rights never reach across tenants.
     */
    public Principal authenticatePlatform(Function<String, Optional<String>> header) {
        String named = header.apply("X-Okapi-Tenant").map(String::trim).filter(s -> !s.isEmpty())
                .orElse(PlatformAdmin.TENANT);
        String token = token(header).orElseThrow(() -> ApiException.unauthorized(
                "Unauthorized: no token (X-Okapi-Token) given; log in with X-Okapi-Tenant: " + PlatformAdmin.TENANT));
        Tokens.Claims claims = tokens.verify(token);
        if (claims == null || !"access".equals(claims.type()))
            throw ApiException.unauthorized("Invalid token: malformed, forged or expired");
        if (!PlatformAdmin.TENANT.equals(named) || !PlatformAdmin.TENANT.equals(claims.tenant()))
            throw ApiException.forbidden(PLATFORM_ONLY);
        return new Principal(PlatformAdmin.TENANT, claims.userId(), claims.username(), false);
    }

    /** The refusal of a platform route to anyone but the platform administrator. */
    public static final String PLATFORM_ONLY = "Access requires the platform administrator: tenants are managed by "
            + "the '" + PlatformAdmin.TENANT + "' tenant's administrator (log in with X-Okapi-Tenant: "
            + PlatformAdmin.TENANT + "), not by a tenant's users, whatever their permissions";

    /**
     * The API key of a request to an edge API, as edge-common's ApiKeyHelper finds it: the query parameter
     * {@code apiKey}, else the legacy {@code apikey}, else the Authorization header (the key itself, or
     * {@code apikey <key>}). An Authorization header that carries a Bearer token is not a key. Empty when the request
     * has none of them.
     */
    public static Optional<String> apiKey(Function<String, Optional<String>> header, Map<String, List<String>> query) {
        for (String name : List.of("apiKey", "apikey")) {
            List<String> v = query.get(name);
            if (v != null && !v.isEmpty()) return Optional.of(v.getFirst());
        }
        Optional<String> auth = header.apply("Authorization").map(String::trim).filter(s -> !s.isEmpty());
        if (auth.isEmpty() || auth.get().regionMatches(true, 0, "Bearer ", 0, 7)) return Optional.empty();
        String a = auth.get();
        return Optional.of(a.regionMatches(true, 0, "apikey ", 0, 7) ? a.substring(7).trim() : a);
    }

    /**
     * Whether an edge route's request authenticates with an API key rather than tenant + token: it carries a key,
     * or it carries neither a key nor a tenant or token (then it is an edge call that forgot its key).
     */
    public static boolean usesApiKey(Function<String, Optional<String>> header, Map<String, List<String>> query) {
        if (apiKey(header, query).isPresent()) return true;
        return header.apply("X-Okapi-Tenant").filter(s -> !s.isBlank()).isEmpty() && token(header).isEmpty();
    }

    /**
     * Authenticates an edge request by its API key, as FOLIO's edge modules do before they call a module as the
     * key's institutional user. Failures answer as edge-common's Handler: 401 {@code Invalid API Key: <key>} for a
     * missing or malformed key — Quire also for a key of an unknown tenant, a key it never issued or revoked, and
     * a key whose user is gone (edge-common-spring answers 401 for those too) — and 403 {@code Access Denied} for
     * an inactive user (FOLIO's login refuses one, which edge-common answers 403). Then the user must hold the
     * route's permission, like any caller.
     */
    public Principal authenticateApiKey(Function<String, Optional<String>> header, Map<String, List<String>> query,
                                        String permission) {
        String key = apiKey(header, query).orElse("");
        ApiKeys.Holder holder = EdgeApiKey.parse(key).flatMap(apiKeys::resolve)
                .orElseThrow(() -> ApiException.unauthorized(INVALID_API_KEY + ": " + key));
        if (!holder.active()) throw ApiException.forbidden(ACCESS_DENIED);
        if (!permissions.has(holder.tenant(), holder.userId(), permission))
            throw ApiException.forbidden("Access requires permission: " + permission);
        return new Principal(holder.tenant(), holder.userId(), holder.username(), true);
    }

    /** edge-common's Constants.MSG_INVALID_API_KEY and MSG_ACCESS_DENIED. */
    public static final String INVALID_API_KEY = "Invalid API Key";
    public static final String ACCESS_DENIED = "Access Denied";

    private String tenant(Function<String, Optional<String>> header) {
        String t = header.apply("X-Okapi-Tenant").map(String::trim).filter(s -> !s.isEmpty())
                .orElseThrow(() -> ApiException.badRequest("Missing Tenant: the X-Okapi-Tenant header is required"));
        if (PlatformAdmin.TENANT.equals(t)) throw ApiException.forbidden("The '" + t + "' tenant administers the "
                + "platform (/_/ routes) and holds no library: log in to a library's tenant for this route");
        if (!tenants.exists(t)) throw ApiException.badRequest("No such Tenant " + t);
        return t;
    }

    static Optional<String> token(Function<String, Optional<String>> header) {
        Optional<String> t = header.apply("X-Okapi-Token").filter(s -> !s.isBlank());
        if (t.isPresent()) return t;
        Optional<String> bearer = header.apply("Authorization").filter(s -> s.regionMatches(true, 0, "Bearer ", 0, 7));
        if (bearer.isPresent()) return Optional.of(bearer.get().substring(7).trim());
        return header.apply("Cookie").flatMap(c -> cookie(c, "folioAccessToken"));
    }

    public static Optional<String> cookie(String cookieHeader, String name) {
        for (String part : cookieHeader.split(";")) {
            String p = part.trim();
            if (p.startsWith(name + "=")) return Optional.of(p.substring(name.length() + 1));
        }
        return Optional.empty();
    }
}
