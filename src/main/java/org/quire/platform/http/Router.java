package org.quire.platform.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.quire.platform.auth.Principal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Routes declared by the modules, each with the FOLIO permission it requires. Every request goes through the same
 * steps (DESIGN.md "Requests"): tenant, token, permission, handler, errors in FOLIO's shapes. Routes of FOLIO's
 * edge APIs also take an edge API key instead of tenant + token ({@link #edgeGet}).
 */
public final class Router {
    /** No tenant and no token (health checks). */
    public static final String PUBLIC = "<public>";
    /** A known tenant but no token (login). */
    public static final String TENANT_ONLY = "<tenant>";
    /** A valid token of the tenant but no particular permission (the caller's own record: /bl-users/_self). */
    public static final String TOKEN_ONLY = "<token>";

    /**
     * @param keyPermission for a route of an edge API: the permission the API key's user needs (null: no API key)
     * @param failures      for an edge route whose failures have their own shape: reshapes every 4xx answer (null:
     *                      FOLIO's)
     */
    private record Route(Method method, String path, String permission, Handler handler, String keyPermission,
                         Function<Response, Response> failures) {
    }

    /** A route as served: whether its answers are pretty-printed is decided once, when the routing is built. */
    private record Served(Route route, boolean pretty) {
    }

    private final List<Route> routes = new ArrayList<>();
    private final List<String> prettyPrefixes = new ArrayList<>();

    /**
     * Answers (errors included) of every route under {@code pathPrefix} are pretty-printed, because the FOLIO module
     * behind those paths prints them so and clients (FOLIO's performance scripts) match the text.
     */
    public void prettyPrint(String pathPrefix) {
        prettyPrefixes.add(pathPrefix);
    }

    public void get(String path, String permission, Handler h) {
        routes.add(new Route(Method.GET, path, permission, h, null, null));
    }

    public void post(String path, String permission, Handler h) {
        routes.add(new Route(Method.POST, path, permission, h, null, null));
    }

    public void put(String path, String permission, Handler h) {
        routes.add(new Route(Method.PUT, path, permission, h, null, null));
    }

    public void delete(String path, String permission, Handler h) {
        routes.add(new Route(Method.DELETE, path, permission, h, null, null));
    }

    /**
     * A GET of one of FOLIO's edge APIs (edge-rtac …), served in-process: callers authenticate with an edge API key
     * (see Authenticator#apiKey), and run as the key's user, who needs {@code keyPermission} (the permission the
     * edge module's call to the backing module needs); or with tenant + token and {@code permission}, as any route.
     */
    public void edgeGet(String path, String permission, String keyPermission, Handler h) {
        routes.add(new Route(Method.GET, path, permission, h, keyPermission, null));
    }

    /** As {@link #edgeGet(String, String, String, Handler)}, with every 4xx answer reshaped by {@code failures}. */
    public void edgeGet(String path, String permission, String keyPermission, Handler h,
                        Function<Response, Response> failures) {
        routes.add(new Route(Method.GET, path, permission, h, keyPermission, failures));
    }

    public void patch(String path, String permission, Handler h) {
        routes.add(new Route(Method.PATCH, path, permission, h, null, null));
    }

    /** A registered route as the outside sees it: method, path template ({@code {name}} parameters), permission. */
    public record RouteInfo(String method, String path, String permission) {
    }

    /** Every route registered so far, in registration order (the fuzz test walks them all). */
    public List<RouteInfo> routes() {
        return routes.stream().map(r -> new RouteInfo(r.method.text(), r.path, r.permission)).toList();
    }

    /** Every permission name some route requires: what "all permissions" means for an admin. */
    public Set<String> permissionNames() {
        Set<String> names = new TreeSet<>();
        for (Route r : routes) {
            if (!r.permission.startsWith("<")) names.add(r.permission);
            if (r.keyPermission != null) names.add(r.keyPermission);
        }
        return names;
    }

    /** @param timeouts bounds the client's silence while its body is read (and is the server's HTTP/1 listener) */
    public HttpRouting.Builder toHelidon(Authenticator auth, ErrorMapper errors, ReadTimeouts timeouts) {
        HttpRouting.Builder b = HttpRouting.builder();
        // FOLIO's UI runs on another origin and preflights its calls, as it does against Okapi.
        b.route(Method.OPTIONS, "/*", (req, res) -> {
            cors(req, res);
            res.header(HeaderNames.create("Access-Control-Allow-Methods"), "GET, PUT, POST, DELETE, PATCH, OPTIONS");
            res.header(HeaderNames.create("Access-Control-Allow-Headers"), req.headers()
                    .first(HeaderNames.create("Access-Control-Request-Headers"))
                    .orElse("Content-Type, X-Okapi-Tenant, X-Okapi-Token, Authorization"));
            res.header(HeaderNames.create("Access-Control-Max-Age"), "3600");
            res.status(Status.NO_CONTENT_204).send();
        });
        RouteIndex<Served> index = new RouteIndex<>();
        for (Route r : routes) {
            index.add(r.method, r.path, new Served(r, prettyPrefixes.stream().anyMatch(r.path::startsWith)));
        }
        for (Method method : index.methods()) {
            b.route(method, "/*", (req, res) -> serve(index, method, req, res, auth, errors, timeouts, false));
        }
        // HEAD is GET without the body (RFC 9110 9.3.2): same status and headers, Content-Length included.
        if (index.methods().contains(Method.GET) && !index.methods().contains(Method.HEAD)) {
            b.route(Method.HEAD, "/*", (req, res) -> serve(index, Method.GET, req, res, auth, errors, timeouts, true));
        }
        return b;
    }

    private static void serve(RouteIndex<Served> index, Method method, ServerRequest req, ServerResponse res,
                              Authenticator auth, ErrorMapper errors, ReadTimeouts timeouts, boolean head) {
        RouteIndex.Match<Served> m = index.find(method, req.path().path());
        if (m == null) {
            send(res, Response.text(404, "Endpoint not found"), head);
            return;
        }
        cors(req, res);
        serve(m.route().route(), m.pathParams(), req, res, auth, errors, timeouts, m.route().pretty(), head);
    }

    /** Echo the caller's origin (credentials, i.e. FOLIO's cookies, rule out "*") and expose the token headers. */
    private static void cors(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.create("Access-Control-Allow-Origin"),
                req.headers().first(HeaderNames.create("Origin")).orElse("*"));
        res.header(HeaderNames.create("Access-Control-Allow-Credentials"), "true");
        res.header(HeaderNames.create("Access-Control-Expose-Headers"), "x-okapi-token, refreshtoken, location");
        res.header(HeaderNames.create("Vary"), "Origin");
    }

    private static void serve(Route route, Map<String, String> pathParams, ServerRequest req, ServerResponse res,
                              Authenticator auth, ErrorMapper errors, ReadTimeouts timeouts, boolean pretty,
                              boolean head) {
        Response out;
        try {
            Function<String, Optional<String>> header = name -> req.headers().first(HeaderNames.create(name));
            Map<String, List<String>> query = new HashMap<>();
            for (String name : req.query().names()) query.put(name, req.query().all(name));
            refuseNul(pathParams, query);
            Principal p = switch (route.permission) {
                case PUBLIC -> Principal.NONE;
                case TENANT_ONLY -> auth.tenantOnly(header);
                case TOKEN_ONLY -> auth.authenticate(header, null);
                default -> route.keyPermission != null && Authenticator.usesApiKey(header, query)
                        ? auth.authenticateApiKey(header, query, route.keyPermission)
                        : auth.authenticate(header, route.permission);
            };
            byte[] body = body(req, timeouts);
            out = route.handler.handle(new Request(p.tenant(), p.userId(), p.username(), pathParams, query, body,
                    header, p.viaApiKey()));
        } catch (BrokenBody e) {
            out = Response.text(e.status, e.getMessage()).header("Connection", "close");
            if (route.failures != null) out = route.failures.apply(out);
        } catch (Throwable e) {
            out = errors.toResponse(e);
            if (route.failures != null && out.status() < 500) out = route.failures.apply(out);
        }
        send(res, pretty ? out.pretty() : out, head);
    }

    /**
     * The request body, or a 4xx with a reason when its framing is broken: a body that ends before its Content-Length
     * or its last chunk, a chunk size that is no hex number (issue 12: these were 500s). The connection is closed after
     * such an answer, as nothing after a broken body can be trusted to start a request.
     */
    private static byte[] body(ServerRequest req, ReadTimeouts timeouts) {
        try {
            return timeouts.readBody(req);
        } catch (ReadTimeouts.ClientTooSlow e) {
            throw new BrokenBody(408, e.getMessage());
        } catch (io.helidon.http.HttpException e) {
            throw new BrokenBody(e.status().code(), e.status().code() == 413
                    ? "Request body too large: " + e.getMessage() : e.status().reasonPhrase() + ": " + e.getMessage());
        } catch (io.helidon.http.RequestException e) {
            throw new BrokenBody(e.status().code(), e.status().reasonPhrase() + ": " + e.getMessage());
        } catch (io.helidon.common.buffers.DataReader.InsufficientDataAvailableException e) {
            throw new BrokenBody(400, "Request body ended before its Content-Length (or its last chunk)");
        } catch (NumberFormatException e) {
            throw new BrokenBody(400, "Malformed chunked request body: a chunk size is not a hex number");
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new BrokenBody(400, "Request body could not be read: " + e.getMessage());
        }
    }

    /** A request body that could not be read: answered with its status and reason, then the connection closes. */
    private static final class BrokenBody extends RuntimeException {
        final int status;

        BrokenBody(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /**
     * A NUL character ({@code %00}) in a path or query parameter (CQL included) is never meaningful, and PostgreSQL
     * refuses it in text: a 400 before it reaches a query.
     */
    private static void refuseNul(Map<String, String> pathParams, Map<String, List<String>> query) {
        pathParams.forEach((name, value) -> {
            if (value.indexOf('\0') >= 0)
                throw ApiException.badRequest("A NUL character (%00) is not allowed in the path");
        });
        query.forEach((name, values) -> {
            if (name.indexOf('\0') >= 0 || values.stream().anyMatch(v -> v.indexOf('\0') >= 0))
                throw ApiException.badRequest("A NUL character (%00) is not allowed in query parameter '"
                        + name.replace("\0", "%00") + "'");
        });
    }

    private static void send(ServerResponse res, Response out, boolean head) {
        res.status(Status.create(out.status()));
        if (out.contentType() != null) res.header(HeaderNames.CONTENT_TYPE, out.contentType());
        out.headers().forEach((name, values) ->
                res.header(HeaderValues.create(HeaderNames.create(name), values.toArray(String[]::new))));
        if (head) res.header(HeaderNames.CONTENT_LENGTH, String.valueOf(out.body().length));
        if (out.body().length == 0 || head) res.send();
        else res.send(out.body());
    }
}
