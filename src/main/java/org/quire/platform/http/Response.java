package org.quire.platform.http;

import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a handler answers: status, content type, body and extra headers (multi-valued for Set-Cookie). A JSON answer
 * keeps its value and is written once, when sent: compact, or pretty-printed for the routes that ask for it
 * ({@link #pretty}), without writing it compact first and re-reading that (which was 9% of a check-out's CPU). A
 * streamed answer ({@link #stream}) has no body but a {@link BodyWriter} that the server runs after the headers are sent.
 */
public record Response(int status, String contentType, byte[] body, Map<String, List<String>> headers, Object value,
                       BodyWriter streamed) {

    /** Writes a streamed body; runs after the status and headers are sent, so it can no longer change them. */
    @FunctionalInterface
    public interface BodyWriter {
        void write(java.io.OutputStream out) throws java.io.IOException;
    }

    /** An answer whose body is given as bytes. */
    public Response(int status, String contentType, byte[] body, Map<String, List<String>> headers) {
        this(status, contentType, body, headers, null, null);
    }

    /**
     * A 200 whose body {@code writer} writes as it goes (chunked), e.g. one JSON object per line, so that a large
     * answer is never held in memory.
     */
    public static Response stream(String contentType, BodyWriter writer) {
        return new Response(200, contentType, new byte[0], new LinkedHashMap<>(), null, writer);
    }

    public static Response json(int status, Object body) {
        return new Response(status, "application/json", null, new LinkedHashMap<>(),
                body == null ? Json.MAPPER.nullNode() : body, null);
    }

    /** The body's bytes; a JSON value is written compact (at each call: the router asks once, see {@link #compact}). */
    @Override
    public byte[] body() {
        return body != null ? body : Json.write(value).getBytes(StandardCharsets.UTF_8);
    }

    /** This answer with its JSON value written compact, so that the router writes it once and can catch a failure. */
    public Response compact() {
        return body != null ? this : new Response(status, contentType, body(), headers);
    }

    public static Response ok(Object body) {
        return json(200, body);
    }

    /** A 200 whose JSON is already written (stored JSON text, an answer kept as bytes): sent as it is. */
    public static Response okJson(byte[] written) {
        return new Response(200, "application/json", written, new LinkedHashMap<>());
    }

    public static Response created(Object body) {
        return json(201, body);
    }

    public static Response text(int status, String text) {
        return new Response(status, "text/plain", text.getBytes(StandardCharsets.UTF_8), new LinkedHashMap<>());
    }

    public static Response noContent() {
        return empty(204);
    }

    /** A status without a body (RMB's {@code respond201()} / {@code respond200()} of an API that returns nothing). */
    public static Response empty(int status) {
        return new Response(status, null, new byte[0], new LinkedHashMap<>());
    }

    /**
     * This answer with its JSON body pretty-printed (Vert.x's encodePrettily), as FOLIO's business modules send every
     * answer (mod-circulation's JsonHttpResponse, mod-inventory's JsonResponse); RMB storage modules send compact JSON.
     * Anything not JSON is returned unchanged. Routes ask for it through {@link Router#prettyPrint}.
     */
    public Response pretty() {
        if (streamed != null || contentType == null || !contentType.startsWith("application/json")) return this;
        if (body == null) return new Response(status, contentType, Json.writePretty(value), headers);
        if (body.length == 0) return this;
        return new Response(status, contentType, Json.pretty(body), headers);
    }

    public Response header(String name, String... values) {
        headers.put(name, List.of(values));
        return this;
    }
}
