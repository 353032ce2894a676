package org.quire.platform.http;

import java.util.List;

/**
 * A failure with the HTTP status and body FOLIO clients expect. Thrown by domain code for business-rule failures
 * (422 with FOLIO's messages and codes) and by the platform for bad input, missing records and conflicts.
 */
public final class ApiException extends RuntimeException {
    private final int status;
    private final List<ValidationError> errors;

    private ApiException(int status, String message, List<ValidationError> errors) {
        super(message, null, false, false);
        this.status = status;
        this.errors = errors;
    }

    public int status() {
        return status;
    }

    /** The 422 errors, or empty for a plain-text failure. */
    public List<ValidationError> errors() {
        return errors;
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

    public static ApiException unprocessable(List<ValidationError> errors) {
        return new ApiException(422, errors.getFirst().message(), List.copyOf(errors));
    }

    public static ApiException unprocessable(String message, String code, String key, String value) {
        return unprocessable(List.of(ValidationError.of(message, code, key, value)));
    }
}
