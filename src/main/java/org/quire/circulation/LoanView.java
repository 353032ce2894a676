package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.UUID;

/**
 * A stored loan (mod-circulation-storage loan.json) read through intention-revealing methods instead of
 * {@code Json.text(loan, "…")} lookups. It wraps the JSON as stored, so writes still start from {@link #json()}.
 */
public record LoanView(ObjectNode json) {
    /** The two values of a loan's {@code status.name}. */
    public static final String OPEN = "Open", CLOSED = "Closed";

    public UUID id() {
        return Ids.orNull(Json.text(json, "id"));
    }

    public UUID userId() {
        return Ids.orNull(Json.text(json, "userId"));
    }

    public UUID proxyUserId() {
        return Ids.orNull(Json.text(json, "proxyUserId"));
    }

    public UUID itemId() {
        return Ids.orNull(Json.text(json, "itemId"));
    }

    /** {@code status.name}: "Open" or "Closed". */
    public String status() {
        return Json.text(json, "status.name");
    }

    public boolean isOpen() {
        return OPEN.equals(status());
    }

    public boolean isClosed() {
        return CLOSED.equals(status());
    }

    /** Whether {@code userId} is the borrower (not the proxy). */
    public boolean isBorrowedBy(UUID userId) {
        return userId != null && userId.equals(userId());
    }

    /** The due date, null when the loan has none or it does not parse. */
    public Instant dueDate() {
        String s = Json.text(json, "dueDate");
        if (s == null) return null;
        try {
            return Json.parseInstant(s);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The loan's last {@code action} as stored (a {@link LoanAction} value, or anything storage accepted). */
    public String action() {
        return Json.text(json, "action");
    }

    /** How many times the loan was renewed; 0 when it never was. */
    public int renewalCount() {
        return json.path("renewalCount").asInt(0);
    }

    /** Whether a recall moved the due date (FOLIO's {@code dueDateChangedByRecall}; absent, it did not). */
    public boolean dueDateChangedByRecall() {
        return json.path("dueDateChangedByRecall").asBoolean(false);
    }

    /** The service point the item was checked out at, null when the loan does not say. */
    public UUID checkoutServicePointId() {
        return Ids.orNull(Json.text(json, "checkoutServicePointId"));
    }

    public UUID loanPolicyId() {
        return Ids.orNull(Json.text(json, "loanPolicyId"));
    }

    public UUID overdueFinePolicyId() {
        return Ids.orNull(Json.text(json, "overdueFinePolicyId"));
    }

    public UUID lostItemPolicyId() {
        return Ids.orNull(Json.text(json, "lostItemPolicyId"));
    }
}
