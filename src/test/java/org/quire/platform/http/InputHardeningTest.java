package org.quire.platform.http;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12, "Bad input": malformed input is a 4xx with a clear message, never a 500, and nothing stored breaks a read. */
class InputHardeningTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("input_hardening");
    }

    static Api.Reply raw(String method, String path, String body) {
        return s.api().send(method, path, body, s.tenant(), s.token());
    }

    static String instance(String title) {
        return "{\"title\":\"" + title + "\",\"source\":\"local\",\"instanceTypeId\":\""
                + Fixtures.TEXT_TYPE + "\"}";
    }

    @Test
    void nulInAJsonString_is400_namingTheField() {
        Api.Reply r = raw("POST", "/instance-storage/instances", instance("a\\u0000b"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("NUL character").contains("title");
        // Escaped backslash followed by "u0000" is ordinary text, not a NUL.
        assertThat(raw("POST", "/instance-storage/instances", instance("a\\\\u0000b")).status()).isEqualTo(201);
    }

    @Test
    void nulOnLogin_withoutAToken_is400() {
        Api.Reply r = s.api().send("POST", "/authn/login", "{\"username\":\"a\\u0000\",\"password\":\"x\"}",
                s.tenant(), null);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("NUL character");
    }

    @Test
    void nulInCql_inAQueryParameter_andInThePath_is400() {
        Api.Reply cql = raw("GET", "/instance-storage/instances?query=title%3D%3Da%00b", null);
        assertThat(cql.status()).isEqualTo(400);
        assertThat(cql.body()).contains("NUL character").contains("'query'");
        Api.Reply param = raw("GET", "/users?query=username%3D%3Dx&lang=e%00n", null);
        assertThat(param.status()).isEqualTo(400);
        assertThat(param.body()).contains("'lang'");
        Api.Reply path = raw("GET", "/instance-storage/instances/ab%00cd", null);
        assertThat(path.status()).isEqualTo(400);
        assertThat(path.body()).contains("NUL character");
    }

    static String nested(int depth) {
        return "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
    }

    @Test
    void deeplyNestedBody_is400_andTheDeepestAcceptedRecordReadsBackInAListPage() {
        String deep = instance("deep").replace("{\"title\"", "{\"x\":" + nested(1000) + ",\"title\"");
        Api.Reply r = raw("POST", "/instance-storage/instances", deep);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("nested deeper than 100 levels");
        // 99 levels under the record's own object: accepted, and a list page wrapping it still renders.
        String ok = instance("nest-ok").replace("{\"title\"", "{\"x\":" + nested(99) + ",\"title\"");
        assertThat(raw("POST", "/instance-storage/instances", ok).status()).isEqualTo(201);
        Api.Reply page = s.get("/instance-storage/instances", "title==\"nest-ok\"");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("nest-ok");
    }

    @Test
    void serverAnswersAfterwards() {
        assertThat(TestServer.api().send("GET", "/admin/health", null, null, null).status()).isEqualTo(200);
    }

    /**
     * Sends bytes as they are (protocol cases no HTTP client would send) and reads one answer: its headers, then as
     * many bytes as its Content-Length says (none after a HEAD), then whatever else arrives within 300 ms — so a
     * body after a HEAD answer shows.
     */
    static String socket(String request) throws IOException {
        try (Socket sock = new Socket("localhost", TestServer.get().port())) {
            sock.setSoTimeout(10_000);
            sock.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            sock.getOutputStream().flush();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = sock.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    out.write(buf, 0, n);
                    String a = out.toString(StandardCharsets.ISO_8859_1);
                    int end = a.indexOf("\r\n\r\n");
                    if (end < 0) continue;
                    var length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(a);
                    int expected = request.startsWith("HEAD") ? 0 : length.find() ? Integer.parseInt(length.group(1)) : -1;
                    if (expected >= 0 && a.length() - end - 4 >= expected) {
                        sock.setSoTimeout(300);
                    }
                }
            } catch (IOException e) {
                // the answer is complete (nothing more within 300 ms), or a reset after it: keep what arrived
            }
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    static String bodyOf(String answer) {
        return answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void bodyOverTheLimit_is413_withAReason() throws IOException {
        String a = socket("POST /instance-storage/instances HTTP/1.1\r\nHost: x\r\nX-Okapi-Tenant: " + s.tenant()
                + "\r\nX-Okapi-Token: " + s.token() + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: 20000000\r\nConnection: close\r\n\r\n{\"title\":");
        assertThat(a).startsWith("HTTP/1.1 413");
        assertThat(bodyOf(a)).contains("Request body too large: at most 10485760 bytes");
    }

    @Test
    void hugeValueInAnIndexedField_is422_namingIt() {
        StringBuilder big = new StringBuilder();
        while (big.length() < 20_000) big.append(UUID.randomUUID());
        Api.Reply r = raw("POST", "/users", "{\"username\":\"huge-barcode\",\"active\":true,\"barcode\":\""
                + big + "\"}");
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("size must be at most 2000 bytes");
        assertThat(r.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("barcode");
        // Within the limit is fine.
        assertThat(raw("POST", "/users", "{\"username\":\"long-barcode\",\"active\":true,\"barcode\":\""
                + big.substring(0, 2000) + "\"}").status()).isEqualTo(201);
    }

    @Test
    void head_answersAsGet_withoutABody() throws IOException {
        String get = socket("GET /instance-storage/instances?limit=1 HTTP/1.1\r\nHost: x\r\nX-Okapi-Tenant: "
                + s.tenant() + "\r\nX-Okapi-Token: " + s.token() + "\r\nConnection: close\r\n\r\n");
        String head = socket("HEAD /instance-storage/instances?limit=1 HTTP/1.1\r\nHost: x\r\nX-Okapi-Tenant: "
                + s.tenant() + "\r\nX-Okapi-Token: " + s.token() + "\r\nConnection: close\r\n\r\n");
        assertThat(head).startsWith("HTTP/1.1 200");
        assertThat(bodyOf(head)).isEmpty();
        assertThat(head.toLowerCase()).contains("content-type: application/json")
                .contains("content-length: " + bodyOf(get).getBytes(StandardCharsets.ISO_8859_1).length);
        // Its failures are those of GET, without the body.
        String noToken = socket("HEAD /instance-storage/instances HTTP/1.1\r\nHost: x\r\nX-Okapi-Tenant: "
                + s.tenant() + "\r\nConnection: close\r\n\r\n");
        assertThat(noToken).startsWith("HTTP/1.1 401");
        assertThat(bodyOf(noToken)).isEmpty();
        assertThat(socket("HEAD /no-such-thing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
                .startsWith("HTTP/1.1 404");
    }

    @Test
    void serverLayer400And414_carryAReason() throws IOException {
        String bad = socket("GARBAGE\r\n\r\n");
        assertThat(bad).startsWith("HTTP/1.1 400");
        assertThat(bodyOf(bad)).startsWith("Bad Request");
        assertThat(bad.toLowerCase()).contains("content-type: text/plain");
        String longUri = socket("GET /users?query=" + "x".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n");
        assertThat(longUri).startsWith("HTTP/1.1 414");
        assertThat(bodyOf(longUri)).isEqualTo("Request URI too long");
    }
}
