package org.quire.platform.domain;

/**
 * A use case's failure, in domain terms. The HTTP edge (platform.http.ErrorMapper) maps each kind to FOLIO's answer:
 * {@link Refused} 422 with the refusals, {@link NotFound} 404, {@link Conflict} 409, {@link InvalidInput} 400,
 * {@link Forbidden} 403 — so domain code never names an HTTP status.
 */
public abstract sealed class DomainException extends RuntimeException
        permits Refused, NotFound, Conflict, InvalidInput, Forbidden {

    DomainException(String message) {
        // No stack trace: these are answers, not bugs, and check-out throws them on its hot path.
        super(message, null, false, false);
    }
}
