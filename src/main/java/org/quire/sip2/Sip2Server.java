package org.quire.sip2;

import org.quire.platform.RequestLoad;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;

/**
 * A SIP2 listener: TCP, or TLS when a key store is configured, one virtual thread per terminal, messages ended by a
 * carriage return (a line feed after it, which some terminals send, is skipped), decoded in the configured charset
 * (IBM850 by default, as edge-sip2). A message longer than {@link #MAX_MESSAGE} bytes is read to its end and answered
 * 96, never by closing the connection; a terminal silent for {@code idleTimeoutMs} is disconnected (its session ends).
 * A listener may belong to one tenant (edge-sip2 picks a tenant by port): its terminals log in to that tenant only.
 */
public final class Sip2Server implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Sip2Server.class);
    /** Far above any SIP2 message (a few hundred bytes); bounds the memory a terminal can make Quire hold. */
    static final int MAX_MESSAGE = 16 * 1024;

    private final ServerSocket socket;
    private final String tenant;
    private final Sip2Service service;
    private final Charset charset;
    private final int idleTimeoutMs;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    private volatile boolean closed;

    private Sip2Server(ServerSocket socket, String tenant, Sip2Service service, Charset charset, int idleTimeoutMs) {
        this.socket = socket;
        this.tenant = tenant;
        this.service = service;
        this.charset = charset;
        this.idleTimeoutMs = idleTimeoutMs;
        this.acceptor = Thread.ofVirtual().name("sip2-accept").start(this::accept);
    }

    /**
     * Listens on {@code port} (0: any free port): for the terminals of {@code tenant} alone, or of every tenant when
     * it is null (the login names the tenant, or the server's default applies); over TLS when {@code tls} is given.
     */
    public static Sip2Server start(int port, String tenant, SSLContext tls, Sip2Service service, Charset charset,
                                   int idleTimeoutMs) {
        try {
            ServerSocket s = tls == null ? new ServerSocket() : tls.getServerSocketFactory().createServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(port));
            log.info("SIP2 listening on port {} ({}, {}{})", s.getLocalPort(), tls == null ? "TCP" : "TLS",
                    charset.name(), tenant == null ? "" : ", tenant " + tenant);
            return new Sip2Server(s, tenant, service, charset, idleTimeoutMs);
        } catch (IOException e) {
            throw new IllegalStateException("SIP2 cannot listen on port " + port + ": " + e.getMessage(), e);
        }
    }

    /**
     * The TLS context of a PKCS#12 key store holding the server's private key and certificate chain; a clear error
     * naming the file when it cannot be read (missing, not PKCS#12, wrong password).
     */
    public static SSLContext tls(Path keystore, String password) {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password.toCharArray());
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, password.toCharArray());
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), null, null);
            return ctx;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("QUIRE_SIP2_TLS_KEYSTORE: cannot use " + keystore + " as a PKCS#12 key "
                    + "store with QUIRE_SIP2_TLS_PASSWORD: " + e.getMessage(), e);
        }
    }

    public int port() {
        return socket.getLocalPort();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = socket.accept();
                open.add(client);
                Thread.ofVirtual().name("sip2-" + client.getRemoteSocketAddress()).start(() -> serve(client));
            } catch (IOException e) {
                if (!closed) log.warn("SIP2 accept failed: {}", e.getMessage());
            }
        }
    }

    private void serve(Socket client) {
        Sip2Session session = new Sip2Session(tenant);
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            client.setSoTimeout(idleTimeoutMs);
            client.setTcpNoDelay(true);
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            boolean tooLong = false, afterCr = false;
            byte[] buf = new byte[4096];
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n' && afterCr) {
                        afterCr = false;
                        continue;
                    }
                    afterCr = b == '\r';
                    if (b != '\r') {
                        if (line.size() < MAX_MESSAGE) line.write(b);
                        else tooLong = true;
                        continue;
                    }
                    long started = System.nanoTime();
                    byte[] raw = line.toByteArray();
                    line.reset();
                    String response = tooLong ? "96" : service.handle(session, decode(raw), raw, charset);
                    tooLong = false;
                    RequestLoad.served(started); // a self-check machine's message is a request like an HTTP one
                    out.write((response + "\r").getBytes(charset));
                    out.flush();
                }
            }
        } catch (SocketTimeoutException e) {
            log.debug("SIP2 terminal {} idle, disconnected", client.getRemoteSocketAddress());
        } catch (SSLException e) { // a plain-TCP terminal on a TLS port, or a certificate it does not trust
            log.info("SIP2 terminal {}: TLS failed: {}", client.getRemoteSocketAddress(), e.getMessage());
        } catch (SocketException e) {
            if (!closed) log.debug("SIP2 terminal {} gone: {}", client.getRemoteSocketAddress(), e.getMessage());
        } catch (IOException | RuntimeException e) {
            log.warn("SIP2 connection {} failed", client.getRemoteSocketAddress(), e);
        } finally {
            open.remove(client);
        }
    }

    /**
     * The message's text; bytes that are not valid in the charset (possible in UTF-8, never in IBM850, where every
     * byte is a character) become U+FFFD, so they reach the parser as text and never as an exception.
     */
    private String decode(byte[] raw) {
        try {
            return charset.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            return new String(raw, charset);
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        acceptor.interrupt();
    }
}
