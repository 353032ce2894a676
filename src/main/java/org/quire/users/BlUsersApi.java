package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.auth.PermissionSets;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * mod-users-bl (users-bl 6.1): the composite user behind FOLIO's staff-UI login and session restore, and the open
 * transactions the Users app checks before deleting a user. Rules from mod-users-bl's BLUsersAPI,
 * OpenTransactionsServiceImpl, ramls/mod-users-bl.raml and its Karate tests (folio-integration-tests
 * mod-users-bl): permission names as in its current module descriptor ({@code users-bl.item.get},
 * {@code users-bl.users-by-username.item.get}, {@code users-bl.transactions.get},
 * {@code users-bl.transactions-by-username.get}, {@code users-bl.item.delete}); the logins need no token and
 * {@code _self} any valid token.
 */
public final class BlUsersApi {
    private final Database db;
    private final LoginApi login;
    private final PermissionObjects permissions;
    private final UserDeletion users;

    private BlUsersApi(Database db, LoginApi login, PermissionSets sets) {
        this.db = db;
        this.users = new UserDeletion(db);
        this.login = login;
        this.permissions = new PermissionObjects(sets, List.of());
    }

    public static void register(Router r, Database db, LoginApi login, PermissionSets sets) {
        BlUsersApi api = new BlUsersApi(db, login, sets);
        r.post("/bl-users/login-with-expiry", Router.TENANT_ONLY, api::loginWithExpiry);
        r.post("/bl-users/login", Router.TENANT_ONLY, api::legacyLogin);
        r.get("/bl-users/_self", Router.TOKEN_ONLY, req -> api.composite(req, req.userId()));
        r.get("/bl-users/by-id/{id}", "users-bl.item.get", req -> api.composite(req, userId(req)));
        r.get("/bl-users/by-username/{username}", "users-bl.users-by-username.item.get", api::byUsername);
        r.get("/bl-users/by-id/{id}/open-transactions", "users-bl.transactions.get", req -> {
            UUID id = userId(req);
            return Response.ok(db.read(c -> UsersStore.openTransactionsById(c, req.schema(), id))
                    .orElseThrow(() -> userNotFound(id)).toJson());
        });
        r.get("/bl-users/by-username/{username}/open-transactions", "users-bl.transactions-by-username.get", req -> {
            String username = req.path("username");
            return Response.ok(db.read(c -> UsersStore.openTransactionsByUsername(c, req.schema(), username))
                    .orElseThrow(() -> usernameNotFound(username)).toJson());
        });
        r.delete("/bl-users/by-id/{id}", "users-bl.item.delete", api::delete);
    }

    /** POST /bl-users/login-with-expiry: mod-login's cookies, the composite user and its tokenExpiration. */
    private Response loginWithExpiry(Request req) {
        CompositeUser.Shape shape = shape(req, true);
        Logins.LoggedIn u = login.verify(credentials(req));
        LoginApi.TokenPair tokens = login.tokenPair(req, u);
        ObjectNode body = loggedInComposite(req, u, shape);
        body.set("tokenExpiration", tokens.expiration());
        return tokens.withCookies(Response.created(body));
    }

    /** POST /bl-users/login (deprecated in FOLIO, still used by scripts): the token in x-okapi-token only. */
    private Response legacyLogin(Request req) {
        CompositeUser.Shape shape = shape(req, true);
        Logins.LoggedIn u = login.verify(credentials(req));
        login.saveRehash(req, u);
        String token = login.legacyToken(req, u);
        return Response.created(loggedInComposite(req, u, shape)).header("x-okapi-token", token);
    }

    /** mod-users-bl refuses a body without username or password before asking mod-login: 400 text. */
    private static Request credentials(Request req) {
        ObjectNode body;
        try {
            body = req.json();
        } catch (ApiException e) {
            throw ApiException.badRequest("Improperly formatted request");
        }
        if (!body.hasNonNull("username") || !body.hasNonNull("password"))
            throw ApiException.badRequest("Improperly formatted request");
        return req;
    }

    private ObjectNode loggedInComposite(Request req, Logins.LoggedIn u, CompositeUser.Shape shape) {
        CompositeUser cu = db.read(c -> UsersStore.compositeUserById(c, req.schema(), u.userId()))
                .orElseThrow(() -> userNotFound(u.userId()));
        ObjectNode body = cu.render(shape, permissions);
        // mod-users-bl's login names the tenant (stripes-core uses it as the session's tenant).
        body.put("tenant", req.tenant());
        return body;
    }

    private Response composite(Request req, UUID id) {
        CompositeUser cu = db.read(c -> UsersStore.compositeUserById(c, req.schema(), id))
                .orElseThrow(() -> userNotFound(id));
        return Response.ok(cu.render(shape(req, false), permissions));
    }

    private Response byUsername(Request req) {
        String username = req.path("username");
        CompositeUser cu = db.read(c -> UsersStore.compositeUserByUsername(c, req.schema(), username))
                .orElseThrow(() -> usernameNotFound(username));
        return Response.ok(cu.render(shape(req, false), permissions));
    }

    /** DELETE /bl-users/by-id/{id}: 409 with the open transactions when there are any, else the user goes. */
    private Response delete(Request req) {
        UUID id = userId(req);
        return users.deleteUnlessOpenTransactions(req.schema(), id)
                .map(open -> Response.json(409, open.toJson()))
                .orElseGet(Response::noContent);
    }

    /** A path id that is not a UUID names no user: 404, as for an unknown one. */
    private static UUID userId(Request req) {
        String id = req.path("id");
        return Ids.parse(id).orElseThrow(() -> userNotFound(id));
    }

    private static ApiException userNotFound(Object id) {
        return ApiException.notFound("User with id '" + id + "' not found");
    }

    private static ApiException usernameNotFound(String username) {
        return ApiException.notFound("Users with username '" + username + "' not found");
    }

    private static CompositeUser.Shape shape(Request req, boolean login) {
        return new CompositeUser.Shape(includes(req), flag(req, "expandPermissions"), login);
    }

    /** RMB's {@code include} list (repeatable); absent or empty means groups, perms and servicepoints. */
    private static Set<String> includes(Request req) {
        List<String> values = req.query().get("include");
        Set<String> include = new HashSet<>();
        if (values != null) for (String v : values) for (String s : v.split(",")) if (!s.isBlank()) include.add(s.trim());
        return include.isEmpty() ? CompositeUser.DEFAULT_INCLUDES : include;
    }

    /** A boolean query parameter, false when absent; anything but true/false is a 400 as RMB's. */
    private static boolean flag(Request req, String name) {
        Optional<String> v = req.param(name);
        if (v.isEmpty() || v.get().isBlank()) return false;
        if (v.get().equalsIgnoreCase("true")) return true;
        if (v.get().equalsIgnoreCase("false")) return false;
        throw ApiException.badRequest("'" + name + "' parameter is incorrect. parameter value {" + v.get()
                + "} is not valid: must be true or false");
    }
}
