package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.domain.Refused;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The {@code overrideBlocks} of a check-out (mod-circulation's BlockOverrides): which blocks staff asked to override,
 * their comment, and which of those overrides the staff member holds the permission for — read once while the use
 * case loads its facts, so the checks that honour an override stay pure.
 *
 * @param json      the request's {@code overrideBlocks}, or null
 * @param permitted the asked overrides whose permission the staff member has
 */
record BlockOverrides(ObjectNode json, Set<OverrideBlock> permitted) {

    static final BlockOverrides NONE = new BlockOverrides(null, Set.of());

    /** The overrides asked in {@code json}, with the staff member's permission for each looked up now. */
    static BlockOverrides of(ObjectNode json, Predicate<String> hasPermission) {
        if (json == null) return NONE;
        Set<OverrideBlock> permitted = EnumSet.noneOf(OverrideBlock.class);
        for (OverrideBlock b : OverrideBlock.values()) {
            if (json.has(b.property()) && hasPermission.test(b.permission())) permitted.add(b);
        }
        return new BlockOverrides(json, permitted);
    }

    /** Whether staff asked to override {@code block}. */
    boolean asked(OverrideBlock block) {
        return json != null && json.has(block.property());
    }

    /**
     * Whether {@code block} is overridden: false when not asked; true when asked by staff holding its permission with
     * a comment. An override asked without them stops the use case at once with that reason alone, as Quire has
     * always answered (INSUFFICIENT_OVERRIDE_PERMISSIONS names the missing permission).
     */
    boolean grant(OverrideBlock block) {
        if (!asked(block)) return false;
        if (!permitted.contains(block)) throw Refused.because("Missing permissions to override",
                ErrorCode.INSUFFICIENT_OVERRIDE_PERMISSIONS, "missingPermissions", block.permission());
        if (comment() == null || comment().isBlank())
            throw Refused.because("Override should be performed with the comment specified", null, null);
        return true;
    }

    /** The staff member's comment on the override, or null. */
    String comment() {
        return json != null && json.hasNonNull("comment") ? json.get("comment").asText() : null;
    }

    /** The {@code dueDate} of the asked override of {@code block} (itemNotLoanableBlock carries one), or null. */
    String dueDate(OverrideBlock block) {
        JsonNode details = json == null ? null : json.get(block.property());
        return details instanceof ObjectNode o ? Json.text(o, "dueDate") : null;
    }
}
