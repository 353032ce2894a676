package org.quire.circulation;

import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.util.ArrayList;
import java.util.List;

/**
 * The validation errors of one circulation action, collected in FOLIO's order and returned together as one 422
 * (as mod-circulation's error handler does).
 */
final class CirculationErrors {
    private final List<Refusal> errors = new ArrayList<>();

    void add(String message, String code, String key, String value) {
        errors.add(Refusal.of(message, code, key, value));
    }

    /** An error with several parameters. */
    void add(Refusal error) {
        errors.add(error);
    }

    boolean any() {
        return !errors.isEmpty();
    }

    /** Adds these errors to {@code other}, so that FOLIO's answer lists them all together. */
    void addTo(CirculationErrors other) {
        other.errors.addAll(errors);
    }

    void throwIfAny() {
        Refused.throwIfAny(errors);
    }
}
