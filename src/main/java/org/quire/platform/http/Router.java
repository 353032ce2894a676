package org.quire.platform.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.quire.platform.RequestLoad;
import org.quire.platform.auth.PlatformAdmin;
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
     * The platform administrator only (Okapi's supertenant: {@code /_/tenants}); no tenant's user, whatever
     * permissions it holds (see {@link Authenticator#authenticatePlatform}).
     */
    public static final String PLATFORM = "<platform>";

    /**
     * @param keyPermission for a route of an edge API: the permission the API key's user needs (null: no API key)
     * @param failures      for an edge route whose failures have their own shape: reshapes every 4xx answer (null:
     *                      FOLIO's)
     */
    private record Route(Method method, String path, String permission, Handler handler, String keyPermission,
                         Function<Response, Response> failures, UploadHandler upload, long uploadLimit) {
        Route(Method method, String path, String permission, Handler handler, String keyPermission,
              Function<Response, Response> failures) {
            this(method, path, permission, handler, keyPermission, failures, null, 0);
        }
    }

    /**
     * A route that takes its body as a stream (file uploads), which it must read to the end or close: the body is
     * never held in memory, and is exempt from the body limit ({@link #maxBodyBytes(long)}) but not from its own.
     */
    @FunctionalInterface
    public interface UploadHandler {
        Response handle(Request request, java.io.InputStream body) throws Exception;
    }

    /** A route as served: whether its answers are pretty-printed is decided once, when the routing is built. */
    private record Served(Route route, boolean pretty) {
    }

    private final List<Route> routes = new ArrayList<>();
    /** Routes answered instead of {@link #routes} when X-Okapi-Tenant names the supertenant (its login). */
    private final List<Route> supertenantRoutes = new ArrayList<>();
    private final List<String> prettyPrefixes = new ArrayList<>();
    private CorsPolicy cors = CorsPolicy.LOCAL;
    private long maxBodyBytes = 10L * 1024 * 1024;

    /**
     * The largest body a route reads into memory (docs/architecture.md "Input limits"); larger ones are a 413 before
     * they are read. Upload routes have their own limit ({@link #upload}).
     */
    public void maxBodyBytes(long max) {
        this.maxBodyBytes = max;
    }

    /** The largest body any route accepts: what the web server itself must let through. */
    public long largestBodyBytes() {
        long max = maxBodyBytes;
        for (Route r : routes) if (r.upload != null) max = Math.max(max, r.uploadLimit);
        return max;
    }

    /** Which web origins may call from a browser, and with credentials (default {@link CorsPolicy#LOCAL}). */
    public void cors(CorsPolicy policy) {
        this.cors = policy;
    }

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

    /** As {@link #edgeGet(String, String, String, Handler, Function)} for a POST (SRU's form-encoded POST). */
    public void edgePost(String path, String permission, String keyPermission, Handler h,
                         Function<Response, Response> failures) {
        routes.add(new Route(Method.POST, path, permission, h, keyPermission, failures));
    }

    /** A POST of one of FOLIO's edge APIs (edge-oai-pmh's {@code POST /oai}): authenticates as {@link #edgeGet} does. */
    public void edgePost(String path, String permission, String keyPermission, Handler h) {
        edgePost(path, permission, keyPermission, h, null);
    }

    /** A POST whose body is streamed to {@code h} (at most {@code maxBytes}), see {@link UploadHandler}. */
    public void upload(String path, String permission, long maxBytes, UploadHandler h) {
        routes.add(new Route(Method.POST, path, permission, null, null, null, h, maxBytes));
    }

    public void patch(String path, String permission, Handler h) {
        routes.add(new Route(Method.PATCH, path, permission, h, null, null));
    }

    /**
     * A route of the supertenant: answered instead of the tenants' route of the same path when X-Okapi-Tenant is
     * {@code supertenant} (its {@code /authn/login}, as in Okapi). {@code permission} is {@link #PUBLIC} (the login)
     * or {@link #PLATFORM}.
     */
    public void supertenant(Method method, String path, String permission, Handler h) {
        if (!PUBLIC.equals(permission) && !PLATFORM.equals(permission))
            throw new IllegalArgumentException("A supertenant route is PUBLIC or PLATFORM: " + path);
        supertenantRoutes.add(new Route(method, path, permission, h, null, null));
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
        CorsPolicy policy = cors;
        // FOLIO's UI runs on another origin and preflights its calls, as it does against Okapi. An origin the policy
        // does not allow is refused here, so the browser never sends the call.
        b.route(Method.OPTIONS, "/*", (req, res) -> {
            String origin = req.headers().first(HeaderNames.create("Origin")).orElse(null);
            if (origin != null && policy.grant(origin) == CorsPolicy.Grant.NONE) {
                res.header(HeaderNames.create("Vary"), "Origin");
                send(res, Response.text(403, "CORS: origin " + origin + " is not allowed (QUIRE_CORS_ORIGINS)"), false);
                return;
            }
            cors(policy, req, res);
            res.header(HeaderNames.create("Access-Control-Allow-Methods"), "GET, PUT, POST, DELETE, PATCH, OPTIONS");
            res.header(HeaderNames.create("Access-Control-Allow-Headers"), req.headers()
                    .first(HeaderNames.create("Access-Control-Request-Headers"))
                    .orElse("Content-Type, X-Okapi-Tenant, X-Okapi-Token, Authorization"));
            res.header(HeaderNames.create("Access-Control-Max-Age"), "3600");
            res.status(Status.NO_CONTENT_204).send();
        });
        RouteIndex<Served> index = index(routes), supertenant = index(supertenantRoutes);
        Set<Method> methods = new java.util.LinkedHashSet<>(index.methods());
        methods.addAll(supertenant.methods());
        for (Method method : methods) {
            b.route(method, "/*", (req, res) -> serve(index, supertenant, method, req, res, auth, errors, policy, timeouts, false));
        }
        // HEAD is GET without the body (RFC 9110 9.3.2): same status and headers, Content-Length included.
        if (methods.contains(Method.GET) && !methods.contains(Method.HEAD)) {
            b.route(Method.HEAD, "/*", (req, res) -> serve(index, supertenant, Method.GET, req, res, auth, errors,
                    policy, timeouts, true));
        }
        return b;
    }

    private RouteIndex<Served> index(List<Route> list) {
        RouteIndex<Served> index = new RouteIndex<>();
        for (Route r : list) {
            index.add(r.method, r.path, new Served(r, prettyPrefixes.stream().anyMatch(r.path::startsWith)));
        }
        return index;
    }

    private void serve(RouteIndex<Served> index, RouteIndex<Served> supertenant, Method method,
                       ServerRequest req, ServerResponse res, Authenticator auth, ErrorMapper errors,
                       CorsPolicy policy, ReadTimeouts timeouts, boolean head) {
        String path = req.path().path();
        boolean superT = req.headers().first(HeaderNames.create("X-Okapi-Tenant")).map(String::trim)
                .filter(PlatformAdmin.TENANT::equals).isPresent();
        RouteIndex.Match<Served> m = superT ? supertenant.find(method, path) : null;
        if (m == null) m = index.find(method, path);
        if (m == null) {
            send(res, Response.text(404, "Endpoint not found"), head);
            return;
        }
        cors(policy, req, res);
        serve(m.route().route(), m.pathParams(), req, res, auth, errors, timeouts, m.route().pretty(), head,
                maxBodyBytes);
    }

    /**
     * CORS headers as the policy grants them to the request's Origin: its own origin echoed with credentials (FOLIO's
     * cookies rule out "*"), or "*" without, or none; the token headers are exposed to allowed origins.
     */
    private static void cors(CorsPolicy policy, ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.create("Vary"), "Origin");
        String origin = req.headers().first(HeaderNames.create("Origin")).orElse(null);
        CorsPolicy.Grant grant = policy.grant(origin);
        if (grant == CorsPolicy.Grant.NONE) return;
        if (grant == CorsPolicy.Grant.WITH_CREDENTIALS) {
            res.header(HeaderNames.create("Access-Control-Allow-Origin"), origin);
            res.header(HeaderNames.create("Access-Control-Allow-Credentials"), "true");
        } else {
            res.header(HeaderNames.create("Access-Control-Allow-Origin"), "*");
        }
        res.header(HeaderNames.create("Access-Control-Expose-Headers"), "x-okapi-token, refreshtoken, location");
    }

    private static void serve(Route route, Map<String, String> pathParams, ServerRequest req, ServerResponse res,
                              Authenticator auth, ErrorMapper errors, ReadTimeouts timeouts, boolean pretty,
                              boolean head, long maxBodyBytes) {
        long started = System.nanoTime();
        try {
            serveTimed(route, pathParams, req, res, auth, errors, timeouts, pretty, head, maxBodyBytes);
        } finally {
            RequestLoad.served(started);
        }
    }

    private static void serveTimed(Route route, Map<String, String> pathParams, ServerRequest req, ServerResponse res,
                                   Authenticator auth, ErrorMapper errors, ReadTimeouts timeouts, boolean pretty,
                                   boolean head, long maxBodyBytes) {
        Response out;
        long limit = route.upload != null ? route.uploadLimit : maxBodyBytes;
        try {
            // A declared length over the route's limit is refused before anything is read (the web server itself
            // lets through bodies up to the largest upload limit).
            if (req.headers().contentLength().orElse(0) > limit)
                throw new BrokenBody(413, "Request body too large: at most " + limit + " bytes are accepted");
            Function<String, Optional<String>> header = name -> req.headers().first(HeaderNames.create(name));
            Map<String, List<String>> query = new HashMap<>();
            for (String name : req.query().names()) query.put(name, req.query().all(name));
            refuseNul(pathParams, query);
            Map<String, List<String>> keyQuery = keyInPath(route, pathParams, query);
            Principal p = switch (route.permission) {
                case PUBLIC -> Principal.NONE;
                case TENANT_ONLY -> auth.tenantOnly(header);
                case TOKEN_ONLY -> auth.authenticate(header, null);
                case PLATFORM -> auth.authenticatePlatform(header);
                default -> route.keyPermission != null && Authenticator.usesApiKey(header, keyQuery)
                        ? auth.authenticateApiKey(header, keyQuery, route.keyPermission)
                        : auth.authenticate(header, route.permission);
            };
            if (route.upload != null) {
                out = upload(route, req, timeouts, limit, new Request(p.tenant(), p.userId(), p.username(),
                        pathParams, query, new byte[0], header, p.viaApiKey()));
            } else {
                byte[] body = body(req, timeouts, limit);
                out = route.handler.handle(new Request(p.tenant(), p.userId(), p.username(), pathParams, query, body,
                        header, p.viaApiKey()));
            }
        } catch (BrokenBody e) {
            out = Response.text(e.status, e.getMessage()).header("Connection", "close");
            if (route.failures != null) out = route.failures.apply(out);
        } catch (Throwable e) {
            out = errors.toResponse(e);
            if (route.failures != null && out.status() < 500) out = route.failures.apply(out);
        }
        send(res, written(out, pretty, errors), head);
    }

    /**
     * The query as the API key lookup sees it: for an edge route with an {@code {apiKeyPath}} path parameter
     * (edge-oai-pmh's {@code /oai/{apiKeyPath}}; edge-common's ApiKeyHelper source PATH), the key from the path
     * when the query carries none.
     */
    private static Map<String, List<String>> keyInPath(Route route, Map<String, String> pathParams,
                                                       Map<String, List<String>> query) {
        String inPath = pathParams.get("apiKeyPath");
        if (route.keyPermission == null || inPath == null || inPath.isBlank()) return query;
        if (query.containsKey("apiKey") || query.containsKey("apikey")) return query;
        Map<String, List<String>> q = new HashMap<>(query);
        q.put("apiKey", List.of(inPath));
        return q;
    }

    /**
     * The answer with its JSON value written (pretty where the route asks): a value that cannot be written (nesting
     * past the writer's limit) is answered as the error mapper says, as it was when handlers wrote their answers.
     */
    private static Response written(Response out, boolean pretty, ErrorMapper errors) {
        try {
            return pretty ? out.pretty() : out.compact();
        } catch (RuntimeException e) {
            Response error = errors.toResponse(e);
            return pretty ? error.pretty() : error.compact();
        }
    }

    /**
     * The request body, or a 4xx with a reason when its framing is broken: a body that ends before its Content-Length
     * or its last chunk, a chunk size that is no hex number (issue 12: these were 500s). The connection is closed after
     * such an answer, as nothing after a broken body can be trusted to start a request.
     */
    private static byte[] body(ServerRequest req, ReadTimeouts timeouts, long limit) {
        try {
            return timeouts.readBody(req, limit);
        } catch (RuntimeException | java.io.IOException e) {
            throw brokenBody(e, limit);
        }
    }

    /**
     * An upload route's handler, given the body as a watched stream; a failure to read the body (broken framing, a
     * silent client, too many bytes) is answered as {@link #body} answers it, whatever the handler did with it.
     */
    private static Response upload(Route route, ServerRequest req, ReadTimeouts timeouts, long limit, Request r)
            throws Exception {
        java.io.InputStream raw = timeouts.body(req, limit);
        try (java.io.InputStream in = new java.io.FilterInputStream(raw) {
            @Override
            public int read(byte[] b, int off, int len) {
                try {
                    return super.read(b, off, len);
                } catch (RuntimeException | java.io.IOException e) {
                    throw new BodyFailure(e);
                }
            }

            @Override
            public int read() {
                try {
                    return super.read();
                } catch (RuntimeException | java.io.IOException e) {
                    throw new BodyFailure(e);
                }
            }
        }) {
            return route.upload.handle(r, in);
        } catch (BodyFailure e) {
            throw brokenBody(e.getCause(), limit);
        }
    }

    /** A failure while reading an upload's body, told apart from the handler's own failures (its disk, say). */
    private static final class BodyFailure extends RuntimeException {
        BodyFailure(Throwable cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }

    /**
     * The 4xx for a body that could not be read: broken framing (a body that ends before its Content-Length or its
     * last chunk, a chunk size that is no hex number — issue 12: these were 500s), a silent client, a body over its
     * limit. The connection is closed after such an answer, as nothing after a broken body can be trusted to start a
     * request.
     */
    private static RuntimeException brokenBody(Throwable e, long limit) {
        String tooLarge = "Request body too large: at most " + limit + " bytes are accepted";
        return switch (e) {
            case BrokenBody b -> b;
            case ReadTimeouts.ClientTooSlow t -> new BrokenBody(408, t.getMessage());
            case ReadTimeouts.BodyTooLarge t -> new BrokenBody(413, t.getMessage());
            // Helidon's own 413, from a chunked body past the web server's limit (the largest route limit)
            case io.helidon.http.HttpException h -> new BrokenBody(h.status().code(), h.status().code() == 413
                    ? tooLarge : h.status().reasonPhrase() + ": " + h.getMessage());
            case io.helidon.http.RequestException h -> new BrokenBody(h.status().code(), h.status().code() == 413
                    ? tooLarge : h.status().reasonPhrase() + ": " + h.getMessage());
            case io.helidon.common.buffers.DataReader.InsufficientDataAvailableException x ->
                    new BrokenBody(400, "Request body ended before its Content-Length (or its last chunk)");
            case NumberFormatException x ->
                    new BrokenBody(400, "Malformed chunked request body: a chunk size is not a hex number");
            case java.io.IOException x -> new BrokenBody(400, "Request body could not be read: " + x.getMessage());
            case java.io.UncheckedIOException x ->
                    new BrokenBody(400, "Request body could not be read: " + x.getMessage());
            case RuntimeException other -> other;
            default -> new IllegalStateException(e);
        };
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
        if (out.streamed() != null && !head) {
            stream(res, out.streamed());
            return;
        }
        byte[] body = out.body();
        if (head) res.header(HeaderNames.CONTENT_LENGTH, String.valueOf(body.length));
        if (body.length == 0 || head) res.send();
        else res.send(body);
    }

    /**
     * Sends a streamed body chunk by chunk. A failure after the first bytes cannot become an error status any more:
     * it is logged and the connection closed, so the client sees a truncated (never a silently complete) stream.
     */
    private static void stream(ServerResponse res, Response.BodyWriter writer) {
        try {
            java.io.OutputStream os = res.outputStream();
            writer.write(os);
            os.close(); // only on success: the last chunk tells the client the stream is complete
        } catch (java.io.IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(Router.class).warn("Streamed answer ended early: {}", e.toString());
            throw new java.io.UncheckedIOException(new java.io.IOException("stream ended early", e));
        }
    }
}
