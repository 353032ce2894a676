package org.quire.platform.domain;

import java.util.ArrayList;
import java.util.List;

/**
 * One named rule of a use case, run over the facts the use case loaded: it answers the refusals it finds, none when
 * the facts pass. A use case lists its checks in FOLIO's order ({@code List.of(Checks::refuseWhenX, …)}), so the order
 * reads on one screen, a new rule is one method and one line, and each check is testable without a database.
 */
@FunctionalInterface
public interface Check<F> {

    List<Refusal> refusals(F facts);

    /** Runs the checks in order and answers every refusal they found, in that order. */
    static <F> List<Refusal> all(F facts, List<Check<F>> checks) {
        List<Refusal> found = new ArrayList<>();
        for (Check<F> check : checks) found.addAll(check.refusals(facts));
        return found;
    }

    /** Runs the checks in order and throws {@link Refused} with everything they found. */
    static <F> void refuseIfAny(F facts, List<Check<F>> checks) {
        Refused.throwIfAny(all(facts, checks));
    }

    /** The refusal when {@code condition} holds, else none: the body of most checks. */
    static List<Refusal> when(boolean condition, java.util.function.Supplier<Refusal> refusal) {
        return condition ? List.of(refusal.get()) : List.of();
    }
}
