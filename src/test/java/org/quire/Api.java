package org.quire;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** A small FOLIO client for the tests: tenant and token headers, JSON in and out. */
public final class Api {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final String base;

    public Api(String base) {
        this.base = base;
    }

    public record Reply(int status, String body, HttpResponse<String> raw) {
        public JsonNode json() {
            return Json.parse(body);
        }

        public Optional<String> header(String name) {
            return raw.headers().firstValue(name);
        }
    }

    public record Session(Api api, String tenant, String token) {
        public Reply get(String path) {
            return api.send("GET", path, null, tenant, token);
        }

        public Reply get(String path, String cql) {
            return api.send("GET", path + (path.contains("?") ? "&" : "?") + "query="
                    + URLEncoder.encode(cql, StandardCharsets.UTF_8), null, tenant, token);
        }

        public Reply post(String path, Object body) {
            return api.send("POST", path, Json.write(body), tenant, token);
        }

        public Reply put(String path, Object body) {
            return api.send("PUT", path, Json.write(body), tenant, token);
        }

        public Reply delete(String path) {
            return api.send("DELETE", path, null, tenant, token);
        }
    }

    public Session login(String tenant, String username, String password) {
        Reply r = send("POST", "/authn/login", Json.write(Json.object().put("username", username).put("password", password)),
                tenant, null);
        if (r.status() != 201) throw new IllegalStateException("login failed: " + r.status() + " " + r.body());
        return new Session(this, tenant, r.header("x-okapi-token").orElseThrow());
    }

    public Session demoAdmin() {
        return login("diku", "diku_admin", "admin");
    }

    public Reply send(String method, String path, String body, String tenant, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (tenant != null) b.header("X-Okapi-Tenant", tenant);
        if (token != null) b.header("X-Okapi-Token", token);
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
