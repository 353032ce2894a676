package org.quire.bench;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The bench's HTTP/1.1 transport against a server that answers scripted bytes: the framings a server may choose
 * (length, chunks, the connection's end), keep-alive reuse, a keep-alive the server closed, and answers that are not
 * HTTP. The real server's answers are read through it by every bench test (BenchSmokeTest).
 */
class BenchConnectionsTest {

    /** A server answering each request it reads with the next of {@code answers}; a null answer closes instead. */
    private static final class Scripted implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0);
        final List<String> requests = new CopyOnWriteArrayList<>();
        final AtomicInteger connections = new AtomicInteger();

        Scripted(List<String> answers, boolean closeAfterEach) throws IOException {
            Thread.ofVirtual().start(() -> {
                int next = 0;
                while (next < answers.size()) {
                    try (Socket s = server.accept()) {
                        connections.incrementAndGet();
                        BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                                StandardCharsets.ISO_8859_1));
                        OutputStream out = s.getOutputStream();
                        while (next < answers.size()) {
                            String request = readRequest(in);
                            if (request == null) break;
                            requests.add(request);
                            String answer = answers.get(next++);
                            if (answer == null) break;
                            out.write(answer.getBytes(StandardCharsets.UTF_8));
                            out.flush();
                            if (closeAfterEach) break;
                        }
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private static String readRequest(BufferedReader in) throws IOException {
            StringBuilder head = new StringBuilder();
            int length = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty()) {
                    char[] body = new char[length];
                    int read = 0;
                    while (read < length) read += in.read(body, read, length - read);
                    return head.append('\n').append(body).toString();
                }
                if (line.toLowerCase().startsWith("content-length:")) length = Integer.parseInt(line.substring(15).trim());
                head.append(line).append('\n');
            }
            return null;
        }

        BenchConnections client() {
            return new BenchConnections(URI.create("http://localhost:" + server.getLocalPort()));
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    @Test
    void readsLengthChunkedAndBodylessAnswers_onOneKeptAliveConnection() throws Exception {
        try (Scripted s = new Scripted(List.of(
                "HTTP/1.1 201 Created\r\nContent-Length: 11\r\nContent-Type: application/json\r\n\r\n{\"a\":\"ü1\"}",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n3;ext=1\r\nefg\r\n0\r\nX-Trailer: 1\r\n\r\n",
                "HTTP/1.1 204 No Content\r\n\r\n"), false);
             BenchConnections c = s.client()) {
            BenchConnections.Response r = c.exchange("POST", "/a?b=c", Map.of("X-Okapi-Tenant", "diku"),
                    "{\"x\":1}".getBytes(StandardCharsets.UTF_8), 5_000);
            assertThat(r.status()).isEqualTo(201);
            assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"ü1\"}");
            assertThat(new String(c.exchange("GET", "/b", Map.of(), null, 5_000).body(), StandardCharsets.UTF_8))
                    .isEqualTo("abcdefg");
            BenchConnections.Response none = c.exchange("DELETE", "/c", Map.of(), null, 5_000);
            assertThat(none.status()).isEqualTo(204);
            assertThat(none.body()).isEmpty();

            assertThat(s.connections.get()).as("one connection kept alive for all three").isEqualTo(1);
            assertThat(s.requests.getFirst()).startsWith("POST /a?b=c HTTP/1.1\nHost: localhost:")
                    .contains("X-Okapi-Tenant: diku\n").contains("Content-Length: 7\n").endsWith("\n{\"x\":1}");
        }
    }

    @Test
    void aConnectionTheServerClosed_isReplaced_andAnAnswerDelimitedByItsEnd_isRead() throws Exception {
        try (Scripted s = new Scripted(List.of(
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
                "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end"), true);
             BenchConnections c = s.client()) {
            assertThat(new String(c.exchange("GET", "/1", Map.of(), null, 5_000).body(), StandardCharsets.UTF_8))
                    .isEqualTo("ok");
            // the server closed the first connection after its answer: the pooled one is stale, a new one answers
            assertThat(new String(c.exchange("GET", "/2", Map.of(), null, 5_000).body(), StandardCharsets.UTF_8))
                    .isEqualTo("until the end");
            assertThat(s.connections.get()).isEqualTo(2);
            assertThat(s.requests).hasSize(2);
        }
    }

    @Test
    void whatIsNotAnHttpAnswer_isAnIOException() throws Exception {
        try (Scripted s = new Scripted(java.util.Arrays.asList("SSH-2.0-OpenSSH\r\n\r\n", null,
                "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"),
                true);
             BenchConnections c = s.client()) {
            assertThatThrownBy(() -> c.exchange("GET", "/", Map.of(), null, 5_000)).isInstanceOf(IOException.class)
                    .hasMessageContaining("Not an HTTP answer");
            assertThatThrownBy(() -> c.exchange("GET", "/", Map.of(), null, 5_000)).isInstanceOf(IOException.class)
                    .hasMessageContaining("without answering");
            assertThatThrownBy(() -> c.exchange("GET", "/", Map.of(), null, 5_000)).isInstanceOf(IOException.class)
                    .hasMessageContaining("ended in its body");
            assertThatThrownBy(() -> c.exchange("GET", "/", Map.of(), null, 5_000)).isInstanceOf(IOException.class)
                    .hasMessageContaining("Not a chunk size");
        }
        assertThatThrownBy(() -> new BenchConnections(URI.create("https://localhost:1")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
