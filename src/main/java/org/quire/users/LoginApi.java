package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.Tokens;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Authenticator;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** mod-login: log in (legacy and with expiry), refresh, log out, and set credentials. */
public final class LoginApi {
    private final Logins logins;
    private final Tokens tokens;

    private LoginApi(Logins logins, Tokens tokens) {
        this.logins = logins;
        this.tokens = tokens;
    }

    /** Registers mod-login's routes; the returned instance lets mod-users-bl's login issue the same tokens. */
    public static LoginApi register(Router r, Database db, Tokens tokens) {
        LoginApi api = new LoginApi(new Logins(db, tokens), tokens);
        r.post("/authn/login", Router.TENANT_ONLY, api::login);
        r.post("/authn/login-with-expiry", Router.TENANT_ONLY, api::loginWithExpiry);
        r.post("/authn/refresh", Router.TENANT_ONLY, api::refresh);
        r.post("/authn/logout", Router.TENANT_ONLY, api::logout);
        // mod-login's logout-all (its LogoutTest): the caller's token names the user, every session of theirs ends,
        // 204 with the cookies cleared.
        r.post("/authn/logout-all", Router.TOKEN_ONLY, req -> {
            api.logins.logoutAll(req.schema(), req.userId());
            return clearedCookies(Response.noContent());
        });
        // mod-login-saml's check, which stripes-core makes before showing the login form: SSO is not configured.
        r.get("/saml/check", Router.TENANT_ONLY, req -> Response.ok(Json.object().put("active", false)));
        r.post("/authn/credentials", "login.item.post", api::setCredentials);
        r.delete("/authn/credentials", "login.item.delete", req -> {
            UUID userId = RecordStore.uuid(req.param("userId")
                    .orElseThrow(() -> ApiException.badRequest("userId parameter is required")), "id");
            api.logins.deleteCredentials(req.schema(), userId);
            return Response.noContent();
        });
        return api;
    }

    /** The access and refresh tokens of a login with expiry (or a refresh), and when each expires. */
    record TokenPair(String access, String refresh, Instant accessExpires, Instant refreshExpires) {
        /** mod-login's body: {accessTokenExpiration, refreshTokenExpiration}. */
        ObjectNode expiration() {
            ObjectNode body = Json.object();
            body.put("accessTokenExpiration", Json.dateZ(accessExpires));
            body.put("refreshTokenExpiration", Json.dateZ(refreshExpires));
            return body;
        }

        /** The tokens as mod-login's cookies on {@code r}. */
        Response withCookies(Response r) {
            return r.header("Set-Cookie", cookie("folioAccessToken", access, Tokens.ACCESS_TTL, "/"),
                    cookie("folioRefreshToken", refresh, Tokens.REFRESH_TTL, "/authn"));
        }
    }

    /**
     * mod-login's login ({@link Logins#verify}); a body without username or password is a 400. mod-users-bl checks
     * the body itself first (its own 400) and relays these 422s unchanged.
     */
    Logins.LoggedIn verify(Request req) {
        ObjectNode body = req.json();
        String username = Json.text(body, "username");
        String password = Json.text(body, "password");
        if (username == null || password == null) throw ApiException.badRequest("username and password are required");
        return logins.verify(req.schema(), username, password);
    }

    /** Deprecated FOLIO login, still used by the PTF scripts: token in the x-okapi-token header and the body. */
    private Response login(Request req) {
        Logins.LoggedIn u = verify(req);
        String access = legacyToken(req, u);
        String refresh = logins.newRefreshToken(req.schema(), req.tenant(), u);
        ObjectNode body = Json.object();
        body.put("okapiToken", access);
        body.put("refreshToken", refresh);
        return Response.created(body).header("x-okapi-token", access).header("refreshtoken", refresh);
    }

    /** Stores the login's re-hashed password, for a login that issues no refresh token (mod-users-bl's legacy one). */
    void saveRehash(Request req, Logins.LoggedIn u) {
        logins.saveRehash(req.schema(), u);
    }

    /** The deprecated login's long-lived access token (the x-okapi-token header). */
    String legacyToken(Request req, Logins.LoggedIn u) {
        return tokens.issue(u.username(), u.userId(), req.tenant(), "access", Tokens.LEGACY_TTL, u.sid());
    }

    private Response loginWithExpiry(Request req) {
        TokenPair t = tokenPair(req, verify(req));
        return t.withCookies(Response.created(t.expiration()));
    }

    TokenPair tokenPair(Request req, Logins.LoggedIn u) {
        String access = tokens.issue(u.username(), u.userId(), req.tenant(), "access", Tokens.ACCESS_TTL, u.sid());
        String refresh = logins.newRefreshToken(req.schema(), req.tenant(), u);
        Instant now = Instant.now();
        return new TokenPair(access, refresh, now.plus(Tokens.ACCESS_TTL), now.plus(Tokens.REFRESH_TTL));
    }

    private Response refresh(Request req) {
        TokenPair t = tokenPair(req, logins.spendRefreshToken(req.schema(), refreshClaims(req)));
        return t.withCookies(Response.created(t.expiration()));
    }

    /** POST /authn/logout: the session of the refresh token (cookie, or the legacy login's body) ends. */
    private Response logout(Request req) {
        logins.logout(req.schema(), refreshClaims(req));
        return clearedCookies(Response.noContent());
    }

    private static Response clearedCookies(Response r) {
        return r.header("Set-Cookie", cookie("folioAccessToken", "", Duration.ZERO, "/"),
                cookie("folioRefreshToken", "", Duration.ZERO, "/authn"));
    }

    private Tokens.Claims refreshClaims(Request req) {
        String token = req.header().apply("Cookie").flatMap(c -> Authenticator.cookie(c, "folioRefreshToken"))
                .or(() -> req.bodyText().isBlank() ? java.util.Optional.empty()
                        : java.util.Optional.ofNullable(Json.text(req.json(), "refreshToken")))
                .orElseThrow(() -> ApiException.badRequest("No refresh token: the folioRefreshToken cookie is required"));
        Tokens.Claims claims = tokens.verify(token);
        if (claims == null || !"refresh".equals(claims.type()) || !req.tenant().equals(claims.tenant()))
            throw ApiException.unprocessable("Invalid refresh token", "token.invalid", null, null);
        return claims;
    }

    private static String cookie(String name, String value, Duration ttl, String path) {
        return name + "=" + value + "; Max-Age=" + ttl.toSeconds() + "; Path=" + path + "; Secure; HttpOnly; SameSite=Lax";
    }

    /** POST /authn/credentials {userId | username, password}: sets (or replaces) a user's password. */
    private Response setCredentials(Request req) {
        ObjectNode body = req.json();
        logins.setCredentials(req.schema(), Json.text(body, "userId"), Json.text(body, "username"),
                Json.text(body, "password"));
        return Response.text(201, "");
    }

    /** @see Logins#setPassword (kept for the tenant installer) */
    public static void setPassword(Connection c, String schema, UUID userId, String password) throws SQLException {
        Logins.setPassword(c, schema, userId, password);
    }
}
