package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.calendar.DayOpening;
import org.quire.calendar.Openings;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * mod-circulation's overdue fine, as pure functions (OverduePeriodCalculatorService and OverdueFineService):
 * <ul>
 *   <li>the overdue minutes run from the due date to the return (both truncated to the minute). Unless the fine
 *       policy's {@code countClosed} is true, only the minutes the item location's primary service point is open
 *       count (current mod-circulation reads an absent flag as false, as it does {@code gracePeriodRecall} and
 *       {@code forgiveOverdueFine});</li>
 *   <li>none are fined within the loan policy's grace period; beyond it the grace minutes count too. A recall ignores
 *       the grace period only when the fine policy's {@code gracePeriodRecall} is true;</li>
 *   <li>{@code overdueFine.quantity} per started interval (minute, hour, day, week, month = 31 days, year = 365
 *       days, FOLIO's lengths), capped by {@code maxOverdueFine} when positive — or the recall pair
 *       {@code overdueRecallFine} / {@code maxOverdueRecallFine} when a recall changed the due date. A policy without
 *       the maximum charges nothing, as mod-circulation's OverdueFinePolicy.getCalculationParameters.</li>
 * </ul>
 */
public final class OverdueFineCalculation {
    private OverdueFineCalculation() {
    }

    /** Whether the policy counts closed time (absent: no). */
    public static boolean countClosed(JsonNode finePolicy) {
        return finePolicy != null && finePolicy.path("countClosed").asBoolean(false);
    }

    /** All the minutes from due to returned (closed time counted). */
    public static long minutes(Instant due, Instant returned) {
        return ChronoUnit.MINUTES.between(due.truncatedTo(ChronoUnit.MINUTES), returned.truncatedTo(ChronoUnit.MINUTES));
    }

    /**
     * The minutes from due to returned while the service point is open (UTC, as Quire's calendars). A service point
     * with no calendar at all is always open, as for due dates (ClosedLibraryDueDates).
     */
    public static long openMinutes(Openings openings, Instant due, Instant returned) {
        if (!openings.hasCalendar()) return minutes(due, returned);
        long from = due.truncatedTo(ChronoUnit.MINUTES).getEpochSecond() / 60;
        long to = returned.truncatedTo(ChronoUnit.MINUTES).getEpochSecond() / 60;
        long total = 0;
        LocalDate last = LocalDate.ofInstant(returned, ZoneOffset.UTC);
        for (DayOpening day : openings.days(LocalDate.ofInstant(due, ZoneOffset.UTC), last)) {
            long dayStart = day.date().atStartOfDay(ZoneOffset.UTC).toEpochSecond() / 60;
            for (DayOpening.Range r : day.openings()) {
                // A range's end minute is inclusive: 00:00–23:59 is the whole day.
                long start = Math.max(from, dayStart + r.start()), end = Math.min(to, dayStart + r.end() + 1);
                if (end > start) total += end - start;
            }
        }
        return total;
    }

    /** The fine for a loan {@code overdueMinutes} late (as counted by the policy); zero when none is due. */
    public static BigDecimal amount(JsonNode finePolicy, JsonNode loanPolicy, boolean dueDateChangedByRecall,
                                    long overdueMinutes) {
        if (finePolicy == null || overdueMinutes <= 0) return Money.ZERO;
        boolean ignoreGrace = dueDateChangedByRecall && finePolicy.path("gracePeriodRecall").asBoolean(false);
        JsonNode grace = loanPolicy == null ? null : loanPolicy.path("loansPolicy").path("gracePeriod");
        if (!ignoreGrace && grace != null
                && overdueMinutes <= minutes(grace.path("intervalId").asText(""), grace.path("duration").asLong(0))) {
            return Money.ZERO;
        }
        JsonNode fine = finePolicy.path(dueDateChangedByRecall ? "overdueRecallFine" : "overdueFine");
        BigDecimal perInterval = Money.parse(fine.get("quantity"));
        long intervalMinutes = minutes(fine.path("intervalId").asText(""), 1);
        if (perInterval == null || perInterval.signum() <= 0 || intervalMinutes <= 0) return Money.ZERO;
        long intervals = Math.ceilDiv(overdueMinutes, intervalMinutes);
        BigDecimal total = Money.of(perInterval.multiply(BigDecimal.valueOf(intervals)));
        BigDecimal max = Money.parse(finePolicy.get(dueDateChangedByRecall ? "maxOverdueRecallFine" : "maxOverdueFine"));
        if (max == null) return Money.ZERO;
        if (max.signum() > 0 && total.compareTo(max) > 0) total = max;
        return total;
    }

    /** The fine with closed time counted: the policy's {@code countClosed} true. */
    public static BigDecimal amount(JsonNode finePolicy, JsonNode loanPolicy, Instant dueDate, Instant returnDate) {
        if (dueDate == null || returnDate == null) return Money.ZERO;
        return amount(finePolicy, loanPolicy, false, minutes(dueDate, returnDate));
    }

    /** FOLIO's interval names: the fine policy's "minute".."month", the loan policy's "Minutes".."Months". */
    static long minutes(String interval, long count) {
        long unit = switch (interval.toLowerCase()) {
            case "minute", "minutes" -> 1;
            case "hour", "hours" -> 60;
            case "day", "days" -> 1440;
            case "week", "weeks" -> 10080;
            case "month", "months" -> 44640;
            case "year", "years" -> 525600;
            default -> 0;
        };
        return unit * count;
    }
}
