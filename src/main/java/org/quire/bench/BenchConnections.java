package org.quire.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The load generator's transport: blocking HTTP/1.1 exchanges on a pool of keep-alive connections, one connection per
 * call in flight, as JMeter's HTTP sampler (the PTF's client) makes them. The JDK's {@code java.net.http} client
 * hands every exchange to its selector thread and back, and cost about 0.2 ms a call on this machine against 0.02–0.04 ms
 * for a blocking exchange on a socket (docs/benchmarks.md): that was in every figure, Quire's and the floor's alike.
 * Plain {@code http://} only.
 */
final class BenchConnections implements AutoCloseable {
    /**
     * A connection idle longer than this is not reused: the server may be closing it (Helidon closes idle keep-alive
     * connections after minutes; a think time of seconds keeps its connection). One closed sooner is replaced anyway.
     */
    private static final long MAX_IDLE_NANOS = 30_000_000_000L;
    /** The longest line of a response's head. */
    private static final int MAX_LINE = 64 * 1024;

    /** A response: status and body bytes. */
    record Response(int status, byte[] body) {
    }

    private final String host;
    private final int port;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();

    BenchConnections(URI base) {
        if (!"http".equalsIgnoreCase(base.getScheme())) {
            throw new IllegalArgumentException("The bench's client speaks plain HTTP only: " + base);
        }
        this.host = base.getHost();
        this.port = base.getPort() < 0 ? 80 : base.getPort();
    }

    /**
     * One exchange: {@code target} is the path and query, {@code headers} the request's own (Host and Content-Length
     * are added), {@code body} null for none. A reused connection that turns out closed before any byte of the answer
     * came back is replaced once; any other failure is the caller's.
     */
    Response exchange(String method, String target, Map<String, String> headers, byte[] body, int timeoutMillis)
            throws IOException {
        byte[] head = head(method, target, headers, body);
        Connection c = idle.pollFirst();
        while (c != null && System.nanoTime() - c.idleSince > MAX_IDLE_NANOS) {
            c.close();
            c = idle.pollFirst();
        }
        if (c != null) {
            try {
                return exchange(c, true, head, body, method, timeoutMillis);
            } catch (StaleConnection e) {
                // the server had closed it: once more on a new connection
            }
        }
        try {
            return exchange(open(), false, head, body, method, timeoutMillis);
        } catch (StaleConnection e) {
            throw new EOFException("The server closed the connection without answering");
        }
    }

    private Response exchange(Connection c, boolean reused, byte[] head, byte[] body, String method,
                              int timeoutMillis) throws IOException {
        boolean done = false;
        try {
            c.socket.setSoTimeout(timeoutMillis);
            try {
                c.out.write(head);
                if (body != null) c.out.write(body);
                c.out.flush();
            } catch (IOException e) {
                if (reused) throw new StaleConnection();
                throw e;
            }
            Response r = read(c, method);
            done = true;
            return r;
        } finally {
            if (!done) c.close();
        }
    }

    private Connection open() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(host, port), 10_000);
        return new Connection(s);
    }

    private byte[] head(String method, String target, Map<String, String> headers, byte[] body) {
        StringBuilder sb = new StringBuilder(256).append(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n");
        for (Map.Entry<String, String> h : headers.entrySet()) {
            sb.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        if (body != null) sb.append("Content-Length: ").append(body.length).append("\r\n");
        return sb.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private Response read(Connection c, String method) throws IOException {
        String statusLine = c.line(true);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) throw new IOException("Not an HTTP answer: " + statusLine);
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("Not an HTTP status: " + statusLine);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = c.line(false); !line.isEmpty(); line = c.line(false)) {
            int colon = line.indexOf(':');
            if (colon > 0) headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        byte[] body;
        if (method.equals("HEAD") || status == 204 || status == 304 || status / 100 == 1) {
            body = new byte[0];
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = c.chunked();
        } else if (headers.containsKey("content-length")) {
            int length = Integer.parseInt(headers.get("content-length"));
            body = c.in.readNBytes(length);
            if (body.length < length) throw new EOFException("The answer ended in its body");
        } else {
            body = c.in.readAllBytes(); // delimited by the connection's end
            headers.put("connection", "close");
        }
        if ("close".equalsIgnoreCase(headers.get("connection"))) {
            c.close();
        } else {
            c.idleSince = System.nanoTime();
            idle.offerFirst(c);
        }
        return new Response(status, body);
    }

    @Override
    public void close() {
        for (Connection c = idle.pollFirst(); c != null; c = idle.pollFirst()) c.close();
    }

    /** The connection ended before the first byte of an answer: a keep-alive the server had closed. */
    private static final class StaleConnection extends IOException {
        StaleConnection() {
            super("stale connection");
        }
    }

    private static final class Connection {
        final Socket socket;
        final OutputStream out;
        final InputStream in;
        long idleSince;

        Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.out = new BufferedOutputStream(socket.getOutputStream(), 8192);
            this.in = new BufferedInputStream(socket.getInputStream(), 16384);
        }

        /** A line of the head without its CRLF; {@code first}: an end before any byte is a stale connection. */
        String line(boolean first) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream(64);
            int ch;
            while ((ch = in.read()) != '\n') {
                if (ch < 0) {
                    if (first && b.size() == 0) throw new StaleConnection();
                    throw new EOFException("The answer ended in its head");
                }
                if (b.size() >= MAX_LINE) throw new IOException("A line of the answer's head is too long");
                b.write(ch);
            }
            String s = b.toString(StandardCharsets.ISO_8859_1);
            return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
        }

        byte[] chunked() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String size = line(false);
                int semi = size.indexOf(';');
                int n;
                try {
                    n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new IOException("Not a chunk size: " + size);
                }
                if (n == 0) {
                    while (!line(false).isEmpty()) {
                        // trailers: none are read
                    }
                    return body.toByteArray();
                }
                byte[] chunk = in.readNBytes(n);
                if (chunk.length < n) throw new EOFException("The answer ended in a chunk");
                body.write(chunk);
                line(false); // the chunk's CRLF
            }
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing: nothing to do
            }
        }
    }
}
