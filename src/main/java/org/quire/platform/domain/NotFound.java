package org.quire.platform.domain;

/** A record the use case needs does not exist (the message says which). */
public final class NotFound extends DomainException {
    public NotFound(String message) {
        super(message);
    }
}
