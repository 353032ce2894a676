package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.Authenticator;
import org.quire.platform.auth.Passwords;
import org.quire.platform.auth.Tokens;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** mod-login: log in (legacy and with expiry), refresh, log out, and set credentials. */
public final class LoginApi {
    private final Database db;
    private final Tokens tokens;

    private LoginApi(Database db, Tokens tokens) {
        this.db = db;
        this.tokens = tokens;
    }

    /** Registers mod-login's routes; the returned instance lets mod-users-bl's login issue the same tokens. */
    public static LoginApi register(Router r, Database db, Tokens tokens) {
        LoginApi api = new LoginApi(db, tokens);
        r.post("/authn/login", Router.TENANT_ONLY, api::login);
        r.post("/authn/login-with-expiry", Router.TENANT_ONLY, api::loginWithExpiry);
        r.post("/authn/refresh", Router.TENANT_ONLY, api::refresh);
        r.post("/authn/logout", Router.TENANT_ONLY, api::logout);
        // mod-login-saml's check, which stripes-core makes before showing the login form: SSO is not configured.
        r.get("/saml/check", Router.TENANT_ONLY, req -> Response.ok(Json.object().put("active", false)));
        r.post("/authn/credentials", "login.item.post", api::setCredentials);
        r.delete("/authn/credentials", "login.item.delete", req -> {
            UUID userId = Request.uuidOrNull(req.param("userId")
                    .orElseThrow(() -> ApiException.badRequest("userId parameter is required")));
            db.tx(c -> Sql.update(c, "DELETE FROM " + req.schema() + ".credentials WHERE user_id = ?", List.of(userId)));
            return Response.noContent();
        });
        return api;
    }

    /** A user whose credentials were verified. */
    record LoggedIn(UUID userId, String username) {
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
     * mod-login's checks, in its order and with its 422 messages; a body without username or password is a 400.
     * mod-users-bl checks the body itself first (its own 400) and relays these 422s unchanged.
     */
    LoggedIn verify(Request req) {
        ObjectNode body = req.json();
        String username = Json.text(body, "username");
        String password = Json.text(body, "password");
        if (username == null || password == null) throw ApiException.badRequest("username and password are required");
        record Stored(UUID id, boolean active, String hash) {
        }
        Stored stored = db.read(c -> {
            var user = UserTypes.USERS.findBy(c, req.schema(), "username", username).orElseThrow(() ->
                    ApiException.unprocessable("Error verifying user existence: No user found by username " + username,
                            "username.incorrect", "username", username));
            UUID id = UUID.fromString(user.get("id").asText());
            String hash = Sql.one(c, "SELECT hash FROM " + req.schema() + ".credentials WHERE user_id = ?", List.of(id),
                    rs -> rs.getString(1)).orElse(null);
            return new Stored(id, user.path("active").asBoolean(false), hash);
        });
        if (!stored.active())
            throw ApiException.unprocessable("User must be flagged as active", "user.blocked", "username", username);
        // bcrypt takes tens of milliseconds on purpose: do it without holding a database connection.
        if (!Passwords.matches(password, stored.hash()))
            throw ApiException.unprocessable("Password does not match", "password.incorrect", "username", username);
        return new LoggedIn(stored.id(), username);
    }

    /** Deprecated FOLIO login, still used by the PTF scripts: token in the x-okapi-token header and the body. */
    private Response login(Request req) {
        LoggedIn u = verify(req);
        String access = legacyToken(req, u);
        String refresh = newRefreshToken(req.schema(), req.tenant(), u);
        ObjectNode body = Json.object();
        body.put("okapiToken", access);
        body.put("refreshToken", refresh);
        return Response.created(body).header("x-okapi-token", access).header("refreshtoken", refresh);
    }

    /** The deprecated login's long-lived access token (the x-okapi-token header). */
    String legacyToken(Request req, LoggedIn u) {
        return tokens.issue(u.username, u.userId, req.tenant(), "access", Tokens.LEGACY_TTL);
    }

    private Response loginWithExpiry(Request req) {
        TokenPair t = tokenPair(req, verify(req));
        return t.withCookies(Response.created(t.expiration()));
    }

    TokenPair tokenPair(Request req, LoggedIn u) {
        String access = tokens.issue(u.username, u.userId, req.tenant(), "access", Tokens.ACCESS_TTL);
        String refresh = newRefreshToken(req.schema(), req.tenant(), u);
        Instant now = Instant.now();
        return new TokenPair(access, refresh, now.plus(Tokens.ACCESS_TTL), now.plus(Tokens.REFRESH_TTL));
    }

    private String newRefreshToken(String schema, String tenant, LoggedIn u) {
        String token = tokens.issue(u.username, u.userId, tenant, "refresh", Tokens.REFRESH_TTL);
        Tokens.Claims claims = tokens.verify(token);
        db.tx(c -> Sql.update(c, "INSERT INTO " + schema + ".refresh_token (id, user_id, expires) VALUES (?, ?, ?)",
                List.of(UUID.fromString(claims.jti()), u.userId, claims.expires())));
        return token;
    }

    private Response refresh(Request req) {
        Tokens.Claims claims = refreshClaims(req);
        int removed = db.tx(c -> deleteRefresh(c, req.schema(), claims));
        if (removed == 0) throw ApiException.unprocessable("Invalid refresh token", "token.invalid", null, null);
        TokenPair t = tokenPair(req, new LoggedIn(claims.userId(), claims.username()));
        return t.withCookies(Response.created(t.expiration()));
    }

    private Response logout(Request req) {
        Tokens.Claims claims = refreshClaims(req);
        db.tx(c -> deleteRefresh(c, req.schema(), claims));
        return Response.noContent().header("Set-Cookie",
                cookie("folioAccessToken", "", Duration.ZERO, "/"),
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

    private static int deleteRefresh(Connection c, String schema, Tokens.Claims claims) throws SQLException {
        return Sql.update(c, "DELETE FROM " + schema + ".refresh_token WHERE id = ?", List.of(UUID.fromString(claims.jti())));
    }

    private static String cookie(String name, String value, Duration ttl, String path) {
        return name + "=" + value + "; Max-Age=" + ttl.toSeconds() + "; Path=" + path + "; Secure; HttpOnly; SameSite=Lax";
    }

    /** POST /authn/credentials {userId | username, password}: sets (or replaces) a user's password. */
    private Response setCredentials(Request req) {
        ObjectNode body = req.json();
        String password = Json.text(body, "password");
        if (password == null || password.isEmpty()) throw ApiException.unprocessable("Password is required",
                "password.required", "password", null);
        db.tx(c -> {
            UUID userId = Json.text(body, "userId") != null ? Request.uuidOrNull(Json.text(body, "userId"))
                    : UserTypes.USERS.findBy(c, req.schema(), "username", String.valueOf(Json.text(body, "username")))
                    .map(u -> UUID.fromString(u.get("id").asText()))
                    .orElseThrow(() -> ApiException.unprocessable("No user found", "user.absent", "username",
                            Json.text(body, "username")));
            setPassword(c, req.schema(), userId, password);
            return null;
        });
        return Response.text(201, "");
    }

    public static void setPassword(Connection c, String schema, UUID userId, String password) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".credentials (user_id, hash) VALUES (?, ?) ON CONFLICT (user_id) "
                + "DO UPDATE SET hash = EXCLUDED.hash, updated = now()", List.of(userId, Passwords.hash(password)));
    }
}
