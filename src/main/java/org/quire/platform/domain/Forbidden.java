package org.quire.platform.domain;

/**
 * The action is never allowed on this record, whoever asks (FOLIO's read-only defaults: mod-data-export's default
 * profiles); not a permission the caller lacks, which the HTTP edge checks before any use case runs.
 */
public final class Forbidden extends DomainException {
    public Forbidden(String message) {
        super(message);
    }
}
