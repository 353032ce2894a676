package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The load generator's HTTP client: blocking HTTP/1.1 exchanges on keep-alive connections ({@link BenchConnections}),
 * calls made the way FOLIO clients make them (X-Okapi-Tenant and X-Okapi-Token headers, JSON bodies). Quire's requests
 * and the HTTP floor go through this same client, so its own cost is in both.
 */
public final class BenchHttp {
    /** Downloads only (a body streamed to a file); every other call goes through {@link #connections}. */
    private final HttpClient streaming = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final BenchConnections connections;
    private final String baseUrl;
    /** The base URL's path ("" for a server at the root), before every call's path. */
    private final String basePath;

    public BenchHttp(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        URI base = URI.create(this.baseUrl);
        this.basePath = base.getRawPath() == null ? "" : base.getRawPath();
        this.connections = new BenchConnections(base);
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** A reply; {@code json()} parses the body on demand. */
    public record Reply(int status, String body) {
        public JsonNode json() {
            try {
                return Json.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException("Not JSON (HTTP " + status + "): " + abbreviated());
            }
        }

        public boolean ok() {
            return status >= 200 && status < 300;
        }

        public String abbreviated() {
            String b = body == null ? "" : body.replaceAll("\\s+", " ");
            return b.length() > 300 ? b.substring(0, 300) + "…" : b;
        }
    }

    /** Tenant and token of one logged-in staff user. */
    public record Session(BenchHttp http, String tenant, String token) {
        public Reply get(String pathAndQuery) throws IOException, InterruptedException {
            return http.send("GET", pathAndQuery, headers(false), null, 120_000);
        }

        /** GET whose body is kept as its bytes (an OAI-PMH page read without decoding it). */
        public BenchConnections.Response getBytes(String pathAndQuery) throws IOException {
            return http.connections.exchange("GET", http.basePath + pathAndQuery, headers(false), null, 120_000);
        }

        public Reply post(String path, Object body) throws IOException, InterruptedException {
            return http.send("POST", path, headers(true), Json.writeBytes(body), 120_000);
        }

        public Reply put(String path, Object body) throws IOException, InterruptedException {
            return http.send("PUT", path, headers(true), Json.writeBytes(body), 120_000);
        }

        /** POST that must succeed; bench set-up fails loudly rather than measuring a broken data set. */
        public JsonNode postOk(String path, Object body) throws IOException, InterruptedException {
            Reply r = post(path, body);
            if (!r.ok()) throw new IllegalStateException("POST " + path + " → HTTP " + r.status() + ": " + r.abbreviated());
            return r.body() == null || r.body().isBlank() ? null : r.json();
        }

        public JsonNode getOk(String pathAndQuery) throws IOException, InterruptedException {
            Reply r = get(pathAndQuery);
            if (!r.ok()) throw new IllegalStateException("GET " + pathAndQuery + " → HTTP " + r.status() + ": " + r.abbreviated());
            return r.json();
        }

        /** GET whose body is streamed to {@code file} (an export larger than the heap); the status. */
        public int download(String pathAndQuery, java.nio.file.Path file) throws IOException, InterruptedException {
            HttpRequest req = HttpRequest.newBuilder(http.uri(pathAndQuery)).timeout(Duration.ofMinutes(30))
                    .header("X-Okapi-Tenant", tenant).header("X-Okapi-Token", token).GET().build();
            return http.streaming.send(req, HttpResponse.BodyHandlers.ofFile(file)).statusCode();
        }

        private Map<String, String> headers(boolean json) {
            Map<String, String> h = new LinkedHashMap<>();
            h.put("X-Okapi-Tenant", tenant);
            h.put("Accept", "application/json, text/plain");
            if (token != null) h.put("X-Okapi-Token", token);
            if (json) h.put("Content-Type", "application/json");
            return h;
        }
    }

    /** Logs in as FOLIO's UI and the PTF scripts do; the token comes back in the x-okapi-token header. */
    public Session login(String tenant, String username, String password) throws IOException, InterruptedException {
        Reply r = new Session(this, tenant, null).post("/authn/login",
                Json.object().put("username", username).put("password", password));
        if (!r.ok()) throw new IllegalStateException("Cannot log in as " + username + " to tenant " + tenant + ": HTTP "
                + r.status() + " " + r.abbreviated());
        return new Session(this, tenant, r.json().path("okapiToken").asText());
    }

    /** GET without tenant or token (health, metrics). */
    public Reply getPublic(String pathAndQuery) throws IOException, InterruptedException {
        return send("GET", pathAndQuery, Map.of(), null, 10_000);
    }

    private Reply send(String method, String pathAndQuery, Map<String, String> headers, byte[] body, int timeoutMillis)
            throws IOException {
        BenchConnections.Response r = connections.exchange(method, basePath + pathAndQuery, headers, body,
                timeoutMillis);
        return new Reply(r.status(), new String(r.body(), StandardCharsets.UTF_8));
    }

    /** A CQL query as a URL query value (spaces as %20: a '+' would stay a plus sign in some servers). */
    public static String cql(String query) {
        return java.net.URLEncoder.encode(query, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    private URI uri(String pathAndQuery) {
        return URI.create(baseUrl + pathAndQuery);
    }
}
