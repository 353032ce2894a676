package org.quire.feesfines;

/**
 * An action or check mod-feesfines refuses (422), answered with its own {accountId, amount, errorMessage} body rather
 * than FOLIO's usual errors array, so FeesFinesApi renders it (as notes' NoteRefusal). An unknown fee/fine is a
 * platform.domain.NotFound: mod-feesfines answers it with plain text, as ErrorMapper does.
 */
public final class ActionRefused extends RuntimeException {
    ActionRefused(String message) {
        super(message, null, false, false);
    }
}
