package org.quire.platform.http;

import org.quire.platform.domain.Refusal;

import java.util.List;

/**
 * A failure with the HTTP status and body FOLIO clients expect, thrown by the HTTP edge (Api classes, the router) for
 * bad input, authentication and permissions. Domain code throws {@link org.quire.platform.domain.DomainException}s
 * instead, which {@link ErrorMapper} maps to the same answers.
 */
public final class ApiException extends RuntimeException {
    private final int status;
    private final List<Refusal> errors;

    private ApiException(int status, String message, List<Refusal> errors) {
        super(message, null, false, false);
        this.status = status;
        this.errors = errors;
    }

    public int status() {
        return status;
    }

    /** The 422 errors, or empty for a plain-text failure. */
    public List<Refusal> errors() {
        return errors;
    }

    /** A plain-text answer with any status (408, 413 ... from the transport). */
    public static ApiException withStatus(int status, String message) {
        return new ApiException(status, message, List.of());
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, message, List.of());
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(401, message, List.of());
    }

    public static ApiException forbidden(String message) {
        return new ApiException(403, message, List.of());
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, message, List.of());
    }

    public static ApiException notAcceptable(String message) {
        return new ApiException(406, message, List.of());
    }

    public static ApiException conflict(String message) {
        return new ApiException(409, message, List.of());
    }

    public static ApiException unprocessable(List<Refusal> errors) {
        return new ApiException(422, errors.getFirst().message(), List.copyOf(errors));
    }

    public static ApiException unprocessable(String message, String code, String key, String value) {
        return unprocessable(List.of(Refusal.of(message, code, key, value)));
    }
}
