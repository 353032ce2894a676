package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.http.ApiException;

import java.time.Instant;
import java.util.UUID;

/**
 * A renewal's {@code overrideBlocks} as mod-circulation reads them: {@code patronBlock} (manual and automated patron
 * blocks), {@code renewalBlock} and {@code renewalDueDateRequiredBlock} {dueDate} (the loan policy's refusals), with
 * one {@code comment}. Patron blocks need circulation.override-patron-block.post, the other two
 * circulation.override-renewal-block.post (FOLIO's OverridableBlockType).
 */
record RenewalOverride(boolean patronBlock, boolean renewalBlock, Instant dueDate, String comment) {
    static final String PATRON_BLOCK_PERMISSION = "circulation.override-patron-block.post";
    static final String RENEWAL_BLOCK_PERMISSION = "circulation.override-renewal-block.post";

    static RenewalOverride from(ObjectNode overrideBlocks) {
        if (overrideBlocks == null) return new RenewalOverride(false, false, null, null);
        JsonNode required = overrideBlocks.path("renewalDueDateRequiredBlock");
        String due = Json.text(required.isObject() ? (ObjectNode) required : Json.object(), "dueDate");
        return new RenewalOverride(overrideBlocks.has("patronBlock"),
                overrideBlocks.has("renewalBlock") || required.isObject(),
                due == null ? null : Json.parseInstant(due), Json.text(overrideBlocks, "comment"));
    }

    boolean any() {
        return patronBlock || renewalBlock;
    }

    /** FOLIO's refusals before anything is overridden: permissions first, then the comment. */
    void check(PermissionCache permissions, String tenant, UUID staff) {
        if (patronBlock && !permissions.has(tenant, staff, PATRON_BLOCK_PERMISSION)) missing(PATRON_BLOCK_PERMISSION);
        if (renewalBlock && !permissions.has(tenant, staff, RENEWAL_BLOCK_PERMISSION)) missing(RENEWAL_BLOCK_PERMISSION);
        if (any() && (comment == null || comment.isBlank()))
            throw ApiException.unprocessable("Override renewal request must have a comment", null, "comment", null);
    }

    private static void missing(String permission) {
        throw ApiException.unprocessable("Missing permissions to override", "INSUFFICIENT_OVERRIDE_PERMISSIONS",
                "missingPermissions", permission);
    }

    /** mod-circulation's message when the policy gives no date and the override names none. */
    static ApiException dueDateRequired() {
        return ApiException.unprocessable("New due date must be specified when due date calculation fails", null,
                "dueDate", null);
    }

    /** mod-circulation's message when the computed date would not move the loan on and the override names none. */
    static ApiException newDueDateRequired() {
        return ApiException.unprocessable("New due date is required when renewal would not change the due date", null,
                "dueDate", null);
    }

    static ApiException notMatchingOverrideCases(LoanPolicy p) {
        return ApiException.unprocessable("Override renewal does not match any of expected cases: item is not loanable, "
                + "item is not renewable, reached number of renewals limit,renewal date falls outside of the date ranges "
                + "in the loan policy, items cannot be renewed when there is an active recall request, item is Declared "
                + "lost, item is Aged to lost, renewal would not change the due date, loan has reminder fees", null,
                "loanPolicyName", p.name());
    }
}
