package org.quire.platform.auth;

import org.quire.platform.http.ApiException;
import org.quire.platform.tenancy.Tenants;

import java.util.Optional;
import java.util.function.Function;

/**
 * Steps 1–3 of every request (DESIGN.md "Requests"): the tenant from X-Okapi-Tenant must exist, the token (header
 * X-Okapi-Token, the folioAccessToken cookie, or a Bearer header) must be valid, unexpired and of that tenant, and
 * the user must hold the route's permission.
 */
public final class Authenticator {
    private final Tenants tenants;
    private final Tokens tokens;
    private final PermissionCache permissions;

    public Authenticator(Tenants tenants, Tokens tokens, PermissionCache permissions) {
        this.tenants = tenants;
        this.tokens = tokens;
        this.permissions = permissions;
    }

    public Principal tenantOnly(Function<String, Optional<String>> header) {
        return new Principal(tenant(header), null, null);
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
        if (permission != null && !permissions.has(tenant, claims.userId(), permission))
            throw ApiException.forbidden("Access requires permission: " + permission);
        return new Principal(tenant, claims.userId(), claims.username());
    }

    private String tenant(Function<String, Optional<String>> header) {
        String t = header.apply("X-Okapi-Tenant").map(String::trim).filter(s -> !s.isEmpty())
                .orElseThrow(() -> ApiException.badRequest("Missing Tenant: the X-Okapi-Tenant header is required"));
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
