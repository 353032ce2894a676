package org.quire.platform.http;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http1.Http1Config;

/** Quire's HTTP server: Helidon with Quire's limits, its plain-text server-layer errors and its read timeouts. */
public final class WebServers {
    private WebServers() {
    }

    /**
     * A started server on {@code port} (0: any free port), listening on every interface.
     *
     * @param maxBodyBytes the largest request body read (413 above it)
     * @param timeouts     how long a client may stay silent in the middle of a request (also given to the routing)
     */
    public static WebServer start(int port, HttpRouting.Builder routing, long maxBodyBytes, ReadTimeouts timeouts) {
        return WebServer.builder()
                .port(port)
                .host("0.0.0.0")
                // Without TCP_NODELAY, a response written in two parts waits for the client's delayed ACK
                // (40 ms on Linux): the rtac batch showed it as a bimodal latency with p75 at 44 ms.
                .connectionOptions(o -> o.tcpNoDelay(true))
                // A plain socket: Helidon's NIO socket copies every response through an 8 KB buffer, one write call
                // each (40 for an OAI-PMH page of 320 KB); the plain one hands the JDK the whole body (that page: one
                // write call). A virtual thread blocked in either is interrupted the same way (ReadTimeouts).
                .useNio(false)
                // A streamed answer (an export's file, SRS's record streams) is buffered this much before each write
                // and chunk: Helidon's 4 KB made a chunk and a write call of every 4 KB, and of a lone newline between
                // two long records
                .writeBufferSize(64 * 1024)
                .maxPayloadSize(maxBodyBytes)
                .directHandlers(ServerLayerErrors.handlers(maxBodyBytes))
                // The request line and headers are watched through HTTP/1's receive events. This HTTP/1 replaces the
                // one Helidon discovers: with both, a connection has two HTTP/1 candidates, and a request line too
                // long for either was closed without its 414.
                .protocolsDiscoverServices(false)
                .addProtocol(Http1Config.builder().addReceiveListener(timeouts).build())
                .routing(routing)
                .build()
                .start();
    }
}
