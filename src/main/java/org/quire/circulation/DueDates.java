package org.quire.circulation;

import org.quire.platform.Period;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * Due dates as FOLIO computes them before reading calendars: Rolling (loan date + period, capped by the due-date-limit
 * schedule: mod-circulation's RollingCheckOutDueDateStrategy) and Fixed (the schedule entry covering the loan date),
 * then the time of day the policy's closedLibraryDueDateManagementId gives (see {@link #timeOfDay}). Moving past
 * closed days is ClosedLibraryDueDates'. Pure functions of their inputs; times are UTC (the tenant time zone setting
 * is not read yet). No HTTP here: a check-out the policy cannot date is {@link Refused}; a renewal it cannot date is
 * an empty answer, so that a renewal override can decide on it (see Renewal).
 */
public final class DueDates {
    private DueDates() {
    }

    /**
     * {@code alternate}, when not null, is FOLIO's alternate check-out loan period while a hold is pending: it
     * replaces a Rolling policy's period, and turns a Fixed policy's loan into a rolling one of that period, limited
     * by the policy's schedule (mod-circulation's LoanPolicy.determineStrategy).
     */
    public static Instant forCheckOut(LoanPolicy p, Instant loanDate, List<LoanPolicy.ScheduleEntry> schedule,
                                      Period alternate) {
        if (p.fixed() && alternate != null) return timeOfDay(p, limit(alternate.addTo(loanDate), loanDate, schedule));
        if (p.fixed()) {
            return timeOfDay(p, covering(schedule, loanDate).orElseThrow(() -> Refused.because(
                    "Item can't be checked out as the loan date falls outside of the date ranges in the loan policy. "
                            + "Please review " + p.name() + " before retrying checking out", "loanPolicyName", p.name())));
        }
        if (p.period() == null) throw Refused.because("Loan policy " + p.name()
                + " has no loan period", "loanPolicyId", p.id());
        Period period = alternate != null ? alternate : p.period();
        return timeOfDay(p, limit(period.addTo(loanDate), loanDate, schedule));
    }

    /**
     * The renewed due date; empty when a Fixed policy's schedule has no range covering now ({@link
     * #renewalOutsideOfRange} says so). {@code schedule} is the one the policy names. {@code alternate}, when not
     * null, replaces the renewal period (FOLIO's alternate renewal period for holds); a Fixed policy's loan then renews
     * from now by that period with no schedule limit (mod-circulation's determineStrategy for a renewal with a hold
     * request).
     */
    public static Optional<Instant> forRenewal(LoanPolicy p, Instant currentDue, Instant now,
                                               List<LoanPolicy.ScheduleEntry> schedule, Period alternate) {
        if (p.fixed() && alternate != null) return Optional.of(timeOfDay(p, alternate.addTo(now)));
        if (p.fixed()) return covering(schedule, now).map(due -> timeOfDay(p, due));
        Period period = alternate != null ? alternate
                : p.differentRenewalPeriod() && p.renewalPeriod() != null ? p.renewalPeriod() : p.period();
        Instant from = "SYSTEM_DATE".equals(p.renewFromId()) ? now : currentDue;
        return Optional.of(timeOfDay(p, limit(period.addTo(from), from, schedule)));
    }

    /** mod-circulation's refusal when a Fixed policy's schedule does not cover the renewal date. */
    static Refusal renewalOutsideOfRange(LoanPolicy p) {
        return Refusal.of("renewal date falls outside of date ranges in fixed loan policy",
                ErrorCode.RENEWAL_DATE_OUTSIDE_OF_RANGE, "loanPolicyName", p.name());
    }

    /**
     * The time of day of a loan's due date, which mod-circulation's closed-library strategies set whether or not the
     * library is closed (ClosedLibraryStrategyUtils.determineClosedLibraryStrategy, with LoanPolicy.getDueDateManagement
     * reading an absent or unknown id as "Keep the current due date"):
     * <ul>
     *   <li>CURRENT_DUE_DATE_TIME (KeepCurrentDateTimeStrategy) and the two service point hours options (when open at
     *       that time; ClosedLibraryDueDates moves it when not): the computed time, whatever the period;</li>
     *   <li>CURRENT_DUE_DATE (KeepCurrentDateStrategy), absent or unknown, and the previous/next open day options (when
     *       that day is open; else ClosedLibraryDueDates moves it to the end of another day): 23:59:59 that day, even
     *       for a period in minutes or hours.</li>
     * </ul>
     */
    static Instant timeOfDay(LoanPolicy p, Instant due) {
        String option = p.closedLibraryDueDateManagementId();
        if ("CURRENT_DUE_DATE_TIME".equals(option) || "END_OF_THE_CURRENT_SERVICE_POINT_HOURS".equals(option)
                || "BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS".equals(option)) {
            return due;
        }
        return endOfDay(due);
    }

    /** Loan date + period, to the end of that day for a day-based period (the hold shelf's expiry date). */
    static Instant rolling(Period period, Instant from) {
        Instant due = period.addTo(from);
        return period.shortTerm() ? due : endOfDay(due);
    }

    static Instant endOfDay(Instant t) {
        return t.atZone(ZoneOffset.UTC).toLocalDate().atTime(LocalTime.of(23, 59, 59)).toInstant(ZoneOffset.UTC);
    }

    /** A Rolling policy's fixed due date schedule is a limit: the due date never passes that period's due date. */
    private static Instant limit(Instant due, Instant from, List<LoanPolicy.ScheduleEntry> schedule) {
        return covering(schedule, from).filter(limit -> limit.isBefore(due)).orElse(due);
    }

    private static Optional<Instant> covering(List<LoanPolicy.ScheduleEntry> schedule, Instant t) {
        return schedule.stream().filter(e -> !t.isBefore(e.from()) && !t.isAfter(e.to()))
                .map(LoanPolicy.ScheduleEntry::due).findFirst();
    }
}
