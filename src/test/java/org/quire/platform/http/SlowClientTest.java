package org.quire.platform.http;

import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.RawHttp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, "slow clients": a client silent in the middle of its request has its connection closed after the read
 * timeout, while a slow but steady client, a server that thinks long, and an idle keep-alive connection are left alone.
 * Runs Quire's own web server set-up (WebServers, Router, ReadTimeouts) with a 500 ms timeout and two routes.
 */
class SlowClientTest {
    static final Duration TIMEOUT = Duration.ofMillis(500);
    static ReadTimeouts timeouts;
    static WebServer server;

    @BeforeAll
    static void start() {
        Router router = new Router();
        router.post("/echo", Router.PUBLIC, req -> Response.text(200, "read " + req.body().length + " bytes"));
        router.get("/think", Router.PUBLIC, req -> {
            try {
                Thread.sleep(3 * TIMEOUT.toMillis());
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted while thinking", e);
            }
            return Response.text(200, "thought");
        });
        timeouts = new ReadTimeouts(TIMEOUT);
        // Public routes only: no tenant, no token, so no authenticator is needed.
        server = WebServers.start(0, router.toHelidon(null, new ErrorMapper(Map.of()), timeouts), 1_000_000, timeouts);
    }

    @AfterAll
    static void stop() {
        server.stop();
        timeouts.close();
    }

    /** Writes the bytes, then waits (at most 10 s) for the server to answer or close; the answer and the wait. */
    static RawHttp.Answer sendThenStall(String text, long[] waitedMillis) throws IOException {
        try (Socket socket = new Socket("localhost", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            long start = System.nanoTime();
            RawHttp.Answer a = RawHttp.read(socket.getInputStream());
            waitedMillis[0] = (System.nanoTime() - start) / 1_000_000;
            return a;
        }
    }

    @Test
    void halfTheHeaders_thenSilence_connectionClosedAfterTheTimeout() throws IOException {
        long[] waited = new long[1];
        RawHttp.Answer a = sendThenStall("GET /think HTTP/1.1\r\nHost: localhost\r\nX-Okapi-Ten", waited);
        assertThat(a.closed()).as("closed by the server").isTrue();
        assertThat(a.status()).as("HTTP leaves no way to answer a request whose headers never ended").isEqualTo(-1);
        assertThat(waited[0]).as("waited ms").isGreaterThanOrEqualTo(TIMEOUT.toMillis() - 50).isLessThan(5_000);
    }

    @Test
    void halfTheBody_thenSilence_connectionClosedAfterTheTimeout() throws IOException {
        long[] waited = new long[1];
        RawHttp.Answer a = sendThenStall("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n"
                + "{\"half\":", waited);
        assertThat(a.closed()).as("closed by the server").isTrue();
        assertThat(a.status()).as("no answer: the connection is closed under the silent client").isEqualTo(-1);
        assertThat(waited[0]).as("waited ms").isGreaterThanOrEqualTo(TIMEOUT.toMillis() - 50).isLessThan(5_000);
    }

    @Test
    void aSlowButSteadyBody_longerThanTheTimeoutInTotal_isRead() throws Exception {
        try (Socket socket = new Socket("localhost", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 8\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 8; i++) {       // 8 × 200 ms: three times the timeout, never silent for long
                Thread.sleep(TIMEOUT.toMillis() * 2 / 5);
                out.write('x');
                out.flush();
            }
            RawHttp.Answer a = RawHttp.read(socket.getInputStream());
            assertThat(a.status()).as(a.head()).isEqualTo(200);
            assertThat(a.body()).isEqualTo("read 8 bytes");
        }
    }

    @Test
    void aServerThinkingLongerThanTheTimeout_andAnIdleKeepAliveConnection_areLeftAlone() throws Exception {
        try (Socket socket = new Socket("localhost", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write("GET /think HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            RawHttp.Answer first = RawHttp.read(in);
            assertThat(first.status()).as(first.head()).isEqualTo(200);
            assertThat(first.body()).isEqualTo("thought");
            Thread.sleep(3 * TIMEOUT.toMillis());   // idle between requests: not the client's silence mid-request
            out.write("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.UTF_8));
            RawHttp.Answer second = RawHttp.read(in);
            assertThat(second.status()).as(second.head()).isEqualTo(200);
            assertThat(second.body()).isEqualTo("read 2 bytes");
        }
    }

    @Test
    void afterSilentClients_theServerStillAnswers() throws IOException {
        halfTheHeaders_thenSilence_connectionClosedAfterTheTimeout();
        RawHttp.Answer a = RawHttp.send(server.port(), RawHttp.request("POST", "/echo", java.util.List.of(),
                "abc".getBytes(StandardCharsets.UTF_8)), 5_000);
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.body()).isEqualTo("read 3 bytes");
    }
}
