package org.quire.feesfines;

/** An action or check mod-feesfines refuses, answered with its {accountId, amount, errorMessage} body. */
final class ActionRefused extends RuntimeException {
    final int status;

    ActionRefused(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }
}
