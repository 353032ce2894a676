package org.quire.platform.domain;

import java.util.List;

/** The use case refused, for these reasons (FOLIO answers them together, in its order, as one 422). */
public final class Refused extends DomainException {
    private final List<Refusal> refusals;

    public Refused(List<Refusal> refusals) {
        super(refusals.isEmpty() ? "Refused" : refusals.getFirst().message());
        if (refusals.isEmpty()) throw new IllegalArgumentException("A refusal needs a reason");
        this.refusals = List.copyOf(refusals);
    }

    public Refused(Refusal refusal) {
        this(List.of(refusal));
    }

    /** Refused for one reason with at most one parameter ({@code key} null for none). */
    public static Refused because(String message, String code, String key, String value) {
        return new Refused(Refusal.of(message, code, key, value));
    }

    /** Refused for one reason without a code (FOLIO sends none for it), with at most one parameter. */
    public static Refused because(String message, String key, String value) {
        return new Refused(Refusal.of(message, key, value));
    }

    /** Refused for one reason with a module's typed code and at most one parameter ({@code key} null for none). */
    public static Refused because(String message, RefusalCode code, String key, String value) {
        return new Refused(Refusal.of(message, code, key, value));
    }

    /** Throws when there is any refusal. */
    public static void throwIfAny(List<Refusal> refusals) {
        if (!refusals.isEmpty()) throw new Refused(refusals);
    }

    public List<Refusal> refusals() {
        return refusals;
    }
}
