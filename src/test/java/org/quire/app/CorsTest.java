package org.quire.app;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;
import org.quire.platform.http.CorsPolicy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 12: browsers get CORS answers only for allowed origins; by default this machine's (a local FOLIO UI),
 * with credentials, and no other origin gets credentials.
 */
class CorsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static HttpResponse<String> send(String method, String path, String origin) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port() + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).header("X-Okapi-Tenant", "diku");
        if (origin != null) b.header("Origin", origin);
        if (method.equals("OPTIONS")) b.header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type,x-okapi-tenant,x-okapi-token");
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void localOrigins_getTheirOriginAndCredentials() throws Exception {
        for (String origin : new String[] {"http://localhost:3000", "http://127.0.0.1:8080", "https://localhost",
                "http://[::1]:3000"}) {
            HttpResponse<String> r = send("GET", "/_/version", origin);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("access-control-allow-origin")).as(origin).hasValue(origin);
            assertThat(r.headers().firstValue("access-control-allow-credentials")).as(origin).hasValue("true");
            assertThat(r.headers().firstValue("access-control-expose-headers")).hasValueSatisfying(h ->
                    assertThat(h).contains("x-okapi-token"));
            assertThat(r.headers().firstValue("vary")).hasValue("Origin");
        }
    }

    @Test
    void otherOrigins_getNoCorsHeaders_soNoCredentials() throws Exception {
        for (String origin : new String[] {"https://evil.example", "http://localhost.evil.example:3000", "null",
                "http://127.0.0.2", "file://", "not an origin"}) {
            HttpResponse<String> r = send("GET", "/_/version", origin);
            assertThat(r.statusCode()).as(origin).isEqualTo(200);   // the server answers; the browser hides it
            assertThat(r.headers().firstValue("access-control-allow-origin")).as(origin).isEmpty();
            assertThat(r.headers().firstValue("access-control-allow-credentials")).as(origin).isEmpty();
        }
        // no Origin (not a browser's cross-origin call): no CORS headers either
        assertThat(send("GET", "/_/version", null).headers().firstValue("access-control-allow-origin")).isEmpty();
    }

    @Test
    void preflight_followsTheSameRule() throws Exception {
        HttpResponse<String> ok = send("OPTIONS", "/circulation/check-out-by-barcode", "http://localhost:3000");
        assertThat(ok.statusCode()).isEqualTo(204);
        assertThat(ok.headers().firstValue("access-control-allow-origin")).hasValue("http://localhost:3000");
        assertThat(ok.headers().firstValue("access-control-allow-credentials")).hasValue("true");
        assertThat(ok.headers().firstValue("access-control-allow-methods")).hasValueSatisfying(m ->
                assertThat(m).contains("POST"));
        HttpResponse<String> denied = send("OPTIONS", "/circulation/check-out-by-barcode", "https://evil.example");
        assertThat(denied.statusCode()).isEqualTo(403);
        assertThat(denied.body()).isEqualTo("CORS: origin https://evil.example is not allowed (QUIRE_CORS_ORIGINS)");
        assertThat(denied.headers().firstValue("access-control-allow-origin")).isEmpty();
        assertThat(denied.headers().firstValue("access-control-allow-methods")).isEmpty();
    }

    @Test
    void configuredOrigins_replaceTheDefault_andStarMeansAnyWithoutCredentials() {
        CorsPolicy listed = CorsPolicy.parse(" https://folio.example.org , http://ui.example.org:3000");
        assertThat(listed.grant("https://folio.example.org")).isEqualTo(CorsPolicy.Grant.WITH_CREDENTIALS);
        assertThat(listed.grant("HTTPS://FOLIO.example.org")).isEqualTo(CorsPolicy.Grant.WITH_CREDENTIALS);
        assertThat(listed.grant("http://ui.example.org:3000")).isEqualTo(CorsPolicy.Grant.WITH_CREDENTIALS);
        assertThat(listed.grant("http://ui.example.org:3001")).isEqualTo(CorsPolicy.Grant.NONE);
        assertThat(listed.grant("http://folio.example.org")).isEqualTo(CorsPolicy.Grant.NONE);
        assertThat(listed.grant("http://localhost:3000")).isEqualTo(CorsPolicy.Grant.NONE);
        CorsPolicy any = CorsPolicy.parse("*,https://folio.example.org");
        assertThat(any.grant("https://folio.example.org")).isEqualTo(CorsPolicy.Grant.WITH_CREDENTIALS);
        assertThat(any.grant("https://elsewhere.example")).isEqualTo(CorsPolicy.Grant.ANY_WITHOUT_CREDENTIALS);
        assertThat(any.grant(null)).isEqualTo(CorsPolicy.Grant.NONE);
        assertThat(CorsPolicy.parse("*").grant("http://localhost:3000"))
                .isEqualTo(CorsPolicy.Grant.ANY_WITHOUT_CREDENTIALS);
        assertThat(CorsPolicy.parse(null)).isSameAs(CorsPolicy.LOCAL);
        assertThat(CorsPolicy.parse("  ")).isSameAs(CorsPolicy.LOCAL);
        assertThatThrownBy(() -> CorsPolicy.parse("folio.example.org")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'folio.example.org' is not an origin");
        assertThatThrownBy(() -> CorsPolicy.parse("https://folio.example.org/path"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
