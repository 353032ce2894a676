package org.quire.platform.domain;

/** The caller's input is malformed (not a business refusal): FOLIO answers these as 400 text. */
public final class InvalidInput extends DomainException {
    public InvalidInput(String message) {
        super(message);
    }
}
