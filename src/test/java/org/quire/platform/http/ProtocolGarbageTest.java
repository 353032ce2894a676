package org.quire.platform.http;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.RawHttp;
import org.quire.TestServer;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, "Protocol garbage": requests that break HTTP/1.1's framing get a 4xx with a plain-text reason, never a 500;
 * where HTTP leaves no way to answer (the client has gone), the connection is closed.
 */
class ProtocolGarbageTest {
    static Api.Session s;
    static int port;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("protocol_garbage");
        port = TestServer.get().port();
    }

    static String head(String method, String path, String... headers) {
        StringBuilder sb = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n"
                + "X-Okapi-Tenant: " + s.tenant() + "\r\nX-Okapi-Token: " + s.token() + "\r\n"
                + "Content-Type: application/json\r\n");
        for (String h : headers) sb.append(h).append("\r\n");
        return sb.append("\r\n").toString();
    }

    /** Sends the bytes, closes the sending side (the client has nothing more), and reads the answer. */
    static RawHttp.Answer sendAndHalfClose(String text) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            socket.shutdownOutput();
            return RawHttp.read(socket.getInputStream());
        }
    }

    @Test
    void bodyShorterThanItsContentLength_clientClosesItsSide_is400WithText() throws IOException {
        RawHttp.Answer a = sendAndHalfClose(head("POST", "/instance-storage/instances", "Content-Length: 100")
                + "{\"title\":\"short\"");
        assertThat(a.status()).as(a.head() + "\n" + a.body()).isEqualTo(400);
        assertThat(a.body()).contains("body ended before its Content-Length");
        // Nothing was stored from the half body.
        assertThat(s.get("/instance-storage/instances", "title==\"short\"").json().path("totalRecords").asInt())
                .isZero();
    }

    @Test
    void badChunkSize_is400WithText() throws IOException {
        RawHttp.Answer a = sendAndHalfClose(head("POST", "/instance-storage/instances", "Transfer-Encoding: chunked")
                + "zz\r\n{\"title\":\"chunk\"}\r\n0\r\n\r\n");
        assertThat(a.status()).as(a.head() + "\n" + a.body()).isEqualTo(400);
        assertThat(a.body()).containsIgnoringCase("chunk");
    }

    @Test
    void chunkedBodyCutShort_is400WithText() throws IOException {
        RawHttp.Answer a = sendAndHalfClose(head("POST", "/instance-storage/instances", "Transfer-Encoding: chunked")
                + "40\r\n{\"title\":\"chunk\"");
        assertThat(a.status()).as(a.head() + "\n" + a.body()).isEqualTo(400);
        assertThat(a.body()).isNotBlank();
    }

    @Test
    void aValidChunkedBody_isServed() throws IOException {
        String json = "{\"title\":\"chunked ok\",\"source\":\"local\",\"instanceTypeId\":\"" + Fixtures.TEXT_TYPE + "\"}";
        RawHttp.Answer a = sendAndHalfClose(head("POST", "/instance-storage/instances", "Transfer-Encoding: chunked")
                + Integer.toHexString(json.length()) + "\r\n" + json + "\r\n0\r\n\r\n");
        assertThat(a.status()).as(a.body()).isEqualTo(201);
    }

    @Test
    void headerLineWithoutColon_is400WithText() {
        RawHttp.Answer a = RawHttp.send(port, RawHttp.request("GET", "/users", List.of(
                "X-Okapi-Tenant: " + s.tenant(), "this line has no colon"), null), 10_000);
        assertThat(a.status()).as(a.head()).isEqualTo(400);
        assertThat(a.body()).startsWith("Bad Request");
    }

    @Test
    void overLongRequestLine_is414WithText() {
        RawHttp.Answer a = RawHttp.send(port, RawHttp.request("GET", "/users?query=" + "a".repeat(100_000),
                List.of("X-Okapi-Tenant: " + s.tenant()), null), 10_000);
        assertThat(a.status()).as(a.head() + "\n" + a.body()).isEqualTo(414);
        assertThat(a.body()).isEqualTo("Request URI too long");
    }

    @Test
    void contentLengthThatIsNoNumber_is400WithText() {
        RawHttp.Answer a = RawHttp.send(port, (head("POST", "/instance-storage/instances", "Content-Length: abc")
                + "{}").getBytes(StandardCharsets.UTF_8), 10_000);
        assertThat(a.status()).as(a.head() + "\n" + a.body()).isEqualTo(400);
        assertThat(a.body()).isNotBlank();
    }

    @Test
    void afterTheGarbage_theServerStillAnswers() {
        assertThat(s.get("/instance-storage/instances?limit=1").status()).isEqualTo(200);
    }
}
