package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * mod-circulation's overdue fine for a returned loan, a pure function: the whole minutes between the due date and
 * the return, none at all within the loan policy's grace period (beyond it the grace minutes count too, as in
 * FOLIO), {@code overdueFine.quantity} per started interval (minute, hour, day, week, month = 31 days, FOLIO's
 * lengths), capped by {@code maxOverdueFine} when that is positive.
 * <p>
 * {@code countClosed} is treated as true: closed days count as overdue time whatever the policy says, until the
 * calendar's openings are consulted here (the calendar module exists; wiring it in costs one more statement).
 */
public final class OverdueFineCalculation {
    private OverdueFineCalculation() {
    }

    public static BigDecimal amount(JsonNode finePolicy, JsonNode loanPolicy, Instant dueDate, Instant returnDate) {
        if (finePolicy == null || dueDate == null || returnDate == null) return Money.ZERO;
        long overdueMinutes = Duration.between(dueDate, returnDate).toMinutes();
        if (overdueMinutes <= 0) return Money.ZERO;
        JsonNode grace = loanPolicy == null ? null : loanPolicy.path("loansPolicy").path("gracePeriod");
        if (grace != null && overdueMinutes <= minutes(grace.path("intervalId").asText(""), grace.path("duration").asLong(0))) {
            return Money.ZERO;
        }
        JsonNode fine = finePolicy.path("overdueFine");
        BigDecimal perInterval = Money.parse(fine.get("quantity"));
        long intervalMinutes = minutes(fine.path("intervalId").asText(""), 1);
        if (perInterval == null || perInterval.signum() <= 0 || intervalMinutes <= 0) return Money.ZERO;
        long intervals = Math.ceilDiv(overdueMinutes, intervalMinutes);
        BigDecimal total = Money.of(perInterval.multiply(BigDecimal.valueOf(intervals)));
        BigDecimal max = Money.parse(finePolicy.get("maxOverdueFine"));
        if (max != null && max.signum() > 0 && total.compareTo(max) > 0) total = max;
        return total;
    }

    /** FOLIO's interval names: the fine policy's "minute".."month", the loan policy's "Minutes".."Months". */
    static long minutes(String interval, long count) {
        long unit = switch (interval.toLowerCase()) {
            case "minute", "minutes" -> 1;
            case "hour", "hours" -> 60;
            case "day", "days" -> 1440;
            case "week", "weeks" -> 10080;
            case "month", "months" -> 44640;
            default -> 0;
        };
        return unit * count;
    }
}
