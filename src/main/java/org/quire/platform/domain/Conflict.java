package org.quire.platform.domain;

/** The record changed under the use case (optimistic locking) or is in a state that forbids the action right now. */
public final class Conflict extends DomainException {
    public Conflict(String message) {
        super(message);
    }
}
