package org.quire.platform.http;

import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.DirectHandlers;

/**
 * The answers the web server gives itself, before any route runs: a malformed request line or header, a URI too long,
 * a body over the limit, a bad chunk. Helidon sends them with an empty body; clients (and people reading logs) get a
 * short plain-text reason instead, as for every other 4xx.
 */
public final class ServerLayerErrors {
    private static final int MAX_MESSAGE = 200;

    private ServerLayerErrors() {
    }

    public static DirectHandlers handlers(long maxBodyBytes) {
        DirectHandler handler = (request, event, status, headers, message) -> {
            String text = switch (status.code()) {
                case 413 -> "Request body too large: at most " + maxBodyBytes + " bytes are accepted";
                case 414 -> "Request URI too long";
                case 431 -> "Request headers too large";
                default -> status.code() >= 500 || message == null || message.isBlank()
                        ? status.reasonPhrase()
                        : status.reasonPhrase() + ": " + cut(message);
            };
            return DirectHandler.TransportResponse.builder()
                    .status(status)
                    .headers(headers)
                    .header(HeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
                    .entity(text)
                    .build();
        };
        DirectHandlers.Builder b = DirectHandlers.builder();
        for (DirectHandler.EventType t : DirectHandler.EventType.values()) b.addHandler(t, handler);
        return b.build();
    }

    /** Helidon's reason may quote the request; keep it short and on one line. */
    private static String cut(String message) {
        String one = message.replaceAll("[\\r\\n\\x00-\\x1f]", " ");
        return one.length() <= MAX_MESSAGE ? one : one.substring(0, MAX_MESSAGE) + "…";
    }
}
