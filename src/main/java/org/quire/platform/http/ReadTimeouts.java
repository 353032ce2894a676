package org.quire.platform.http;

import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http1.Http1ConnectionListener;

import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Closes the connection of a client that stops sending in the middle of a request: between its request line and the
 * end of its headers, or between two pieces of its body, no more than {@code timeout} may pass (issue 12, "slow
 * clients": a connection sending half its headers used to be held forever). Only the client's silence counts: once
 * the request has arrived, the server may think as long as it needs, and an idle keep-alive connection between
 * requests is Helidon's idle-connection timeout's business.
 *
 * <p>Helidon 4.5 has no such timeout of its own: its {@code SocketOptions.readTimeout} is never applied to accepted
 * connections, and its idle-connection timer interrupts a connection only while it waits for a request line. Helidon
 * serves a connection on one virtual thread, from the request line to the handler; that thread is watched while it
 * waits for the client, and interrupted when the client is silent too long, which closes the socket (an interrupted
 * read of a socket channel closes it) — HTTP gives no way to answer a client that is not listening to us.
 */
public final class ReadTimeouts implements Http1ConnectionListener, AutoCloseable {
    /** The connection thread waiting for its client, and when the client last sent something. */
    private static final class Watch {
        final Thread thread;
        volatile long lastProgress = System.nanoTime();
        boolean done;
        boolean expired;

        Watch(Thread thread) {
            this.thread = thread;
        }
    }

    private final Duration timeout;
    private final Map<Thread, Watch> waiting = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper;

    public ReadTimeouts(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("read timeout must be > 0");
        this.timeout = timeout;
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "quire-read-timeouts");
            t.setDaemon(true);
            return t;
        });
        long period = Math.clamp(timeout.toMillis() / 4, 20, 1_000);
        sweeper.scheduleAtFixedRate(this::sweep, period, period, TimeUnit.MILLISECONDS);
    }

    public Duration timeout() {
        return timeout;
    }

    /** The request line has arrived (on the connection's thread): its headers must follow within the timeout. */
    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        start();
    }

    /** The headers are complete. */
    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        end();
    }

    /**
     * The request's whole body (empty when there is none), read while the client keeps sending; a client silent for
     * the timeout has its connection closed, and this throws. A body over {@code maxBytes} (sent chunked, so that its
     * length was not known before) throws {@link BodyTooLarge} as soon as it passes the limit.
     */
    public byte[] readBody(ServerRequest req, long maxBytes) throws java.io.IOException {
        if (!req.content().hasEntity()) return new byte[0];
        try (InputStream in = body(req, maxBytes)) {
            return in.readAllBytes();
        }
    }

    /**
     * The request's body as a stream (empty when there is none), for a route that must not hold it in memory (file
     * uploads): watched as {@link #readBody} — each read counts as the client's progress, a silent client is cut off
     * ({@link ClientTooSlow}), more than {@code maxBytes} is {@link BodyTooLarge}. The watch ends when the stream is
     * closed or fully read, and must be read on the thread that asked for it (the connection's).
     */
    public InputStream body(ServerRequest req, long maxBytes) {
        if (!req.content().hasEntity()) return InputStream.nullInputStream();
        Watch w = start();
        InputStream in = req.content().inputStream();
        return new InputStream() {
            long total;
            boolean ended;

            @Override
            public int read() throws java.io.IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
                if (ended) return -1;
                int n;
                try {
                    n = in.read(b, off, len);
                } catch (RuntimeException | java.io.IOException e) {
                    finish();
                    if (w.expired) throw new ClientTooSlow("Request body not received: the client sent nothing for "
                            + timeout.toMillis() + " ms");
                    throw e;
                }
                if (n < 0) {
                    finish();
                    return -1;
                }
                w.lastProgress = System.nanoTime();
                total += n;
                if (total > maxBytes) {
                    finish();
                    throw new BodyTooLarge(maxBytes);
                }
                return n;
            }

            @Override
            public void close() throws java.io.IOException {
                try {
                    in.close();
                } finally {
                    finish();
                }
            }

            private void finish() {
                if (ended) return;
                ended = true;
                end();
            }
        };
    }

    /** A body longer than its route accepts; the rest of it is not read. */
    public static final class BodyTooLarge extends RuntimeException {
        public final long maxBytes;

        BodyTooLarge(long maxBytes) {
            super("Request body too large: at most " + maxBytes + " bytes are accepted", null, false, false);
            this.maxBytes = maxBytes;
        }
    }

    /** The client stopped sending its body for longer than the timeout; its connection is closed. */
    public static final class ClientTooSlow extends RuntimeException {
        ClientTooSlow(String message) {
            super(message, null, false, false);
        }
    }

    private Watch start() {
        Watch w = new Watch(Thread.currentThread());
        waiting.put(w.thread, w);
        return w;
    }

    private void end() {
        Watch w = waiting.remove(Thread.currentThread());
        if (w == null) return;
        synchronized (w) {
            w.done = true;
            // Expired just as the client finished: the interrupt must not hit the handler's own work.
            if (w.expired) Thread.interrupted();
        }
    }

    private void sweep() {
        long now = System.nanoTime();
        for (Watch w : waiting.values()) {
            if (now - w.lastProgress <= timeout.toNanos()) continue;
            synchronized (w) {
                if (!w.done && !w.expired) {
                    w.expired = true;
                    w.thread.interrupt();
                    continue;
                }
            }
            // An expired watch stays until its thread ends it or dies (its connection closed), so that end() can
            // still clear an interrupt that raced with the client's last bytes.
            if (!w.thread.isAlive() || now - w.lastProgress > 2 * timeout.toNanos()) waiting.remove(w.thread, w);
        }
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
