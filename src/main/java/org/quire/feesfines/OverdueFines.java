package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.calendar.CalendarStore;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Charges the overdue fine of a loan returned at check-in or renewed late, inside that action's transaction, with ONE
 * statement ({@link AutomaticFees}: the owner serving the item location's primary service point, the "Overdue fine"
 * account and its charging feefineaction). No owner, no fine (FOLIO logs and skips too); no
 * fine due, no statement at all — except that a policy not counting closed time first reads that service point's
 * calendar (one more statement, only for an overdue loan).
 */
public final class OverdueFines {
    private OverdueFines() {
    }

    /**
     * Returns the fine charged (zero when none) for {@code closedLoan} — the loan as it was due — overdue until
     * {@code returned} (the return date at check-in, the time of a renewal).
     */
    public static BigDecimal charge(Connection c, String schema, ObjectNode closedLoan, Instant returned, ItemView item,
                                    JsonNode finePolicy, JsonNode loanPolicy, UUID servicePointId, UUID staffUserId)
            throws SQLException {
        Instant due = instant(closedLoan, "dueDate");
        if (due == null || returned == null || !returned.isAfter(due)) return Money.ZERO;
        ObjectNode loc = item.effectiveLocation();
        String primary = loc == null ? null : Json.text(loc, "primaryServicePoint");
        // Without a primary service point there is no calendar to leave closed time out by: all of it counts (FOLIO).
        long minutes = OverdueFineCalculation.countClosed(finePolicy) || primary == null
                ? OverdueFineCalculation.minutes(due, returned)
                : OverdueFineCalculation.openMinutes(CalendarStore.openings(c, schema, UUID.fromString(primary),
                        LocalDate.ofInstant(due, ZoneOffset.UTC), LocalDate.ofInstant(returned, ZoneOffset.UTC)), due, returned);
        BigDecimal amount = OverdueFineCalculation.amount(finePolicy, loanPolicy,
                closedLoan.path("dueDateChangedByRecall").asBoolean(false), minutes);
        if (amount.signum() <= 0) return Money.ZERO;

        boolean charged = AutomaticFees.charge(c, schema, closedLoan, item, AutomaticFees.OVERDUE_FINE, amount,
                servicePointId, staffUserId, Instant.now());
        return charged ? amount : Money.ZERO;
    }

    private static Instant instant(JsonNode n, String field) {
        String s = Json.text(n, field);
        return s == null ? null : Json.parseInstant(s);
    }
}
