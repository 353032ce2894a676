package org.quire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A logged-in HTTP session with a running Quire (or FOLIO), as the CLI's clients ({@link ImportClient},
 * {@link ExportClient}) drive it: FOLIO's login, Okapi headers on every request, and failures told in one line for
 * a person ({@link ImportClient.Failure}).
 */
final class QuireSession {
    private final HttpClient client;
    private final String url;
    private final String tenant;
    private final String token;

    private QuireSession(HttpClient client, String url, String tenant, String token) {
        this.client = client;
        this.url = url;
        this.tenant = tenant;
        this.token = token;
    }

    /** Logs in as FOLIO's UI does ({@code POST /authn/login}; the token is in the answer's okapiToken). */
    static QuireSession login(String url, String tenant, String username, String password) {
        String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        try {
            URI.create(base + "/").toURL();
        } catch (IllegalArgumentException | java.net.MalformedURLException e) {
            throw new ImportClient.Failure("--url: '" + url + "' is not a URL such as http://localhost:9130");
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        QuireSession anonymous = new QuireSession(client, base, tenant, null);
        HttpResponse<String> r = anonymous.send(anonymous.request("/authn/login").header("Content-Type",
                "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(Json.object()
                .put("username", username).put("password", password)))).build(), "log in");
        if (r.statusCode() != 201 && r.statusCode() != 200) {
            throw new ImportClient.Failure("cannot log in as " + username + " to tenant " + tenant + ": HTTP "
                    + r.statusCode() + " " + oneLine(r.body()));
        }
        String token = r.headers().firstValue("x-okapi-token")
                .orElseGet(() -> json(r).path("okapiToken").asText(null));
        if (token == null) {
            throw new ImportClient.Failure("the login answer of " + base + " has no token: is it Quire or FOLIO?");
        }
        return new QuireSession(client, base, tenant, token);
    }

    String token() {
        return token;
    }

    String url() {
        return url;
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET().build(), "GET " + path);
    }

    HttpResponse<String> post(String path, Object body) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))).build(), "POST " + path);
    }

    HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofMinutes(2))
                .header("X-Okapi-Tenant", tenant).header("Accept", "application/json, text/plain");
        if (token != null) b.header("X-Okapi-Token", token);
        return b;
    }

    HttpResponse<String> send(HttpRequest req, String what) {
        return send(req, HttpResponse.BodyHandlers.ofString(), what);
    }

    <T> HttpResponse<T> send(HttpRequest req, HttpResponse.BodyHandler<T> handler, String what) {
        try {
            return client.send(req, handler);
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new ImportClient.Failure("cannot reach Quire at " + url + " (is it running? start it with ./quire "
                    + "serve)");
        } catch (IOException e) {
            throw new ImportClient.Failure("cannot " + what + " at " + url + ": " + (e.getMessage() != null
                    ? e.getMessage() : e.getClass().getSimpleName()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImportClient.Failure("interrupted while trying to " + what);
        }
    }

    static JsonNode ok(HttpResponse<String> r, String what) {
        if (r.statusCode() / 100 != 2) {
            throw new ImportClient.Failure("cannot " + what + ": HTTP " + r.statusCode() + " " + oneLine(r.body()));
        }
        return json(r);
    }

    static JsonNode json(HttpResponse<String> r) {
        try {
            return r.body() == null || r.body().isBlank() ? Json.object() : Json.MAPPER.readTree(r.body());
        } catch (IOException e) {
            throw new ImportClient.Failure("the server's answer is not JSON (HTTP " + r.statusCode() + "): "
                    + oneLine(r.body()));
        }
    }

    /** FOLIO's error bodies on one line: the first error's message when it is {"errors": [...]}, else the text. */
    static String oneLine(String body) {
        if (body == null) return "";
        try {
            JsonNode n = Json.MAPPER.readTree(body);
            JsonNode msg = n.path("errors").path(0).path("message");
            if (msg.isTextual()) return msg.asText();
        } catch (IOException | RuntimeException e) {
            // not JSON: the text itself
        }
        String b = body.replaceAll("\\s+", " ").strip();
        return b.length() > 300 ? b.substring(0, 300) + "…" : b;
    }
}
