package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.domain.Refusal;

import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;

/**
 * A renewal's {@code overrideBlocks} as mod-circulation reads them: {@code patronBlock} (manual and automated patron
 * blocks), {@code renewalBlock} and {@code renewalDueDateRequiredBlock} {dueDate} (the loan policy's refusals), with
 * one {@code comment}; the permission each needs is its {@link OverrideBlock}'s (FOLIO's OverridableBlockType). It
 * decides on refusals as values: which it sets aside ({@link #setsAside}), and whether what it set aside is one of
 * the cases an override renewal is for ({@link #refuseWhenNotAnOverrideCase}).
 */
record RenewalOverride(boolean patronBlock, boolean renewalBlock, Instant dueDate, String comment) {
    static final RenewalOverride NONE = new RenewalOverride(false, false, null, null);

    /**
     * The codes of the loan policy's refusals that, set aside, let the policy's own due date stand (the renewal limit,
     * a recall); the other overridable cases are those where the policy cannot give a date.
     */
    private static final List<String> POLICY_DATE_CASES = List.of(ErrorCode.RENEWAL_BLOCKED_BY_RECALL.name(),
            ErrorCode.LOAN_RENEWAL_LIMIT_REACHED.name());

    static RenewalOverride from(ObjectNode overrideBlocks) {
        if (overrideBlocks == null) return NONE;
        JsonNode required = overrideBlocks.path(OverrideBlock.RENEWAL_DUE_DATE_REQUIRED_BLOCK.property());
        String due = Json.text(required.isObject() ? (ObjectNode) required : Json.object(), "dueDate");
        return new RenewalOverride(overrideBlocks.has(OverrideBlock.PATRON_BLOCK.property()),
                overrideBlocks.has(OverrideBlock.RENEWAL_BLOCK.property()) || required.isObject(),
                due == null ? null : Json.parseInstant(due), Json.text(overrideBlocks, "comment"));
    }

    boolean any() {
        return patronBlock || renewalBlock;
    }

    /** Whether this override sets aside the refusals {@code block} covers. */
    boolean setsAside(OverrideBlock block) {
        return switch (block) {
            case PATRON_BLOCK -> patronBlock;
            case RENEWAL_BLOCK, RENEWAL_DUE_DATE_REQUIRED_BLOCK -> renewalBlock;
            default -> false;
        };
    }

    /**
     * FOLIO's refusal before anything is overridden, the first found: a permission the staff user lacks (patron block
     * first), then a missing comment. {@code permitted} is asked only for the blocks this override asks to set aside.
     */
    List<Refusal> refusals(Predicate<OverrideBlock> permitted) {
        if (patronBlock && !permitted.test(OverrideBlock.PATRON_BLOCK)) return missing(OverrideBlock.PATRON_BLOCK);
        if (renewalBlock && !permitted.test(OverrideBlock.RENEWAL_BLOCK)) return missing(OverrideBlock.RENEWAL_BLOCK);
        if (any() && (comment == null || comment.isBlank()))
            return List.of(Refusal.of("Override renewal request must have a comment", "comment", null));
        return List.of();
    }

    private static List<Refusal> missing(OverrideBlock block) {
        return List.of(Refusal.of("Missing permissions to override", ErrorCode.INSUFFICIENT_OVERRIDE_PERMISSIONS,
                "missingPermissions", block.permission()));
    }

    /**
     * mod-circulation's refusal of an override renewal whose policy date moves the loan on although nothing it may
     * override stood in the way: {@code setAside} are the loan policy refusals the override set aside.
     */
    List<Refusal> refuseWhenNotAnOverrideCase(List<Refusal> setAside, LoanPolicy p) {
        return setAside.stream().anyMatch(r -> POLICY_DATE_CASES.contains(r.code())) ? List.of()
                : List.of(notMatchingOverrideCases(p));
    }

    /** mod-circulation's message when the policy gives no date and the override names none. */
    static Refusal dueDateRequired() {
        return Refusal.of("New due date must be specified when due date calculation fails", "dueDate", null);
    }

    /** mod-circulation's message when the computed date would not move the loan on and the override names none. */
    static Refusal newDueDateRequired() {
        return Refusal.of("New due date is required when renewal would not change the due date", "dueDate",
                null);
    }

    static Refusal notMatchingOverrideCases(LoanPolicy p) {
        return Refusal.of("Override renewal does not match any of expected cases: item is not loanable, "
                + "item is not renewable, reached number of renewals limit,renewal date falls outside of the date ranges "
                + "in the loan policy, items cannot be renewed when there is an active recall request, item is Declared "
                + "lost, item is Aged to lost, renewal would not change the due date, loan has reminder fees",
                "loanPolicyName", p.name());
    }
}
