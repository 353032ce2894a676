package org.quire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 over a plain socket, for requests java.net.http refuses to send (bad percent-encoding, NUL or invalid
 * UTF-8 bytes, lying Content-Length, broken chunks): the bytes go out exactly as given.
 */
public final class RawHttp {
    private RawHttp() {
    }

    /**
     * An answer: status -1 when the server closed the connection (or stayed silent until the timeout) without a status
     * line; {@code closed} tells whether it closed the connection (EOF) rather than leaving it open.
     */
    public record Answer(int status, String head, String body, boolean closed) {
        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name))
                    return line.substring(colon + 1).trim();
            }
            return null;
        }
    }

    /**
     * Sends the bytes, then reads until the server closes the connection or {@code timeoutMillis} of silence. A server
     * may answer (413, 414, 400 ...) and close before it has read everything: when writing first then reading finds no
     * answer (the close reset the connection), the request is tried once more, writing while reading.
     */
    public static Answer send(int port, byte[] request, int timeoutMillis) {
        Answer a = send(port, request, timeoutMillis, false);
        return a.status() >= 0 ? a : send(port, request, timeoutMillis, true);
    }

    private static Answer send(int port, byte[] request, int timeoutMillis, boolean concurrently) {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(timeoutMillis);
            Runnable write = () -> {
                try {
                    socket.getOutputStream().write(request);
                    socket.getOutputStream().flush();
                } catch (IOException e) {
                    // the server stopped reading: its answer (if any) is what counts
                }
            };
            Thread writer = null;
            if (concurrently) writer = Thread.ofVirtual().start(write);
            else write.run();
            Answer a = read(socket.getInputStream());
            if (writer != null) writer.join(1_000);
            return a;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(-1, "", e.toString(), true);
        } catch (IOException e) {
            return new Answer(-1, "", e.toString(), true);
        }
    }

    /** Reads one answer (status line, headers, body to EOF or to silence) from an open connection. */
    public static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        boolean closed = false;
        try {
            int n;
            while ((n = in.read(buf)) >= 0) {
                out.write(buf, 0, n);
                if (complete(out.toByteArray())) break;
            }
            if (n < 0) closed = true;
        } catch (SocketTimeoutException e) {
            // silence: whatever arrived is the answer
        } catch (IOException e) {
            closed = true;
        }
        String text = out.toString(StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String head = end < 0 ? text : text.substring(0, end);
        String body = end < 0 ? "" : text.substring(end + 4);
        int status = -1;
        if (head.startsWith("HTTP/1.1 ") && head.length() >= 12) {
            try {
                status = Integer.parseInt(head.substring(9, 12));
            } catch (NumberFormatException e) {
                status = -1;
            }
        }
        return new Answer(status, head, body, closed);
    }

    /** A response with a Content-Length is complete once that many body bytes arrived (keep-alive answers). */
    private static boolean complete(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) return false;
        for (String line : text.substring(0, end).split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                long length = Long.parseLong(line.substring(15).trim());
                return bytes.length - end - 4 >= length;
            }
        }
        return false;
    }

    /** A request: request line, the given header lines, Content-Length for a body, Connection: close. */
    public static byte[] request(String method, String target, java.util.List<String> headers, byte[] body) {
        StringBuilder sb = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: localhost\r\n");
        for (String h : headers) sb.append(h).append("\r\n");
        if (body != null) sb.append("Content-Length: ").append(body.length).append("\r\n");
        sb.append("Connection: close\r\n\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.UTF_8);
        if (body == null) return head;
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }
}
