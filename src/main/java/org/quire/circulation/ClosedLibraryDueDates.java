package org.quire.circulation;

import org.quire.calendar.CalendarStore;
import org.quire.calendar.DayOpening;
import org.quire.calendar.Openings;
import org.quire.platform.Period;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * FOLIO's closed-library due date management (the loan policy's {@code closedLibraryDueDateManagementId}): when the
 * computed due date falls while the check-out service point is closed, move it as the policy says.
 * <ul>
 *   <li>CURRENT_DUE_DATE, CURRENT_DUE_DATE_TIME (and none): keep it — no calendar is read;</li>
 *   <li>END_OF_THE_PREVIOUS_OPEN_DAY / END_OF_THE_NEXT_OPEN_DAY: if the due day is closed, 23:59:59 of the nearest
 *       open day before / after it;</li>
 *   <li>END_OF_THE_CURRENT_SERVICE_POINT_HOURS: if closed at the due time, the end of the opening the loan was made
 *       in (or, made while closed, of the next opening);</li>
 *   <li>BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS: if closed at the due time, the start of the next opening
 *       plus the policy's {@code openingTimeOffset}, but never past that opening's end.</li>
 * </ul>
 * A service point with no calendar at all is treated as always open (the due date is kept). One that has calendars
 * is closed on dates none of them covers, as mod-calendar answers; if no open time is found within a year the
 * check-out fails with FOLIO's "Calendar timetable is absent for requested date" ({@link #apply}); {@link #tryApply}
 * answers that case as empty, for the callers that decide otherwise (a renewal override, the hold shelf). Times are
 * UTC, as all of Quire's due dates for now.
 */
public final class ClosedLibraryDueDates {
    private static final LocalTime END_OF_DAY = LocalTime.of(23, 59, 59);

    private ClosedLibraryDueDates() {
    }

    /** Whether the policy's option needs the service point's openings at all. */
    private static boolean needsCalendar(String o) {
        return o != null && switch (o) {
            case "END_OF_THE_PREVIOUS_OPEN_DAY", "END_OF_THE_NEXT_OPEN_DAY", "END_OF_THE_CURRENT_SERVICE_POINT_HOURS",
                 "BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS" -> true;
            default -> false;
        };
    }

    /**
     * The due date after closed-library handling, reading the service point's openings in ONE statement and only when
     * the policy's option needs them; refused when the service point has no open time near it.
     */
    static Instant apply(Connection c, String schema, LoanPolicy p, UUID servicePointId, Instant from, Instant due)
            throws SQLException {
        return tryApply(c, schema, p, servicePointId, from, due).orElseThrow(() -> new Refused(timetableAbsent()));
    }

    /** The same, empty when the service point has no open time near the due date. */
    static Optional<Instant> tryApply(Connection c, String schema, LoanPolicy p, UUID servicePointId, Instant from,
                                      Instant due) throws SQLException {
        return tryApply(c, schema, p.closedLibraryDueDateManagementId(), p.openingTimeOffset(), servicePointId, from,
                due);
    }

    /** The same for an option and offset named by the caller (the hold shelf's, see HoldShelfExpiration). */
    static Optional<Instant> tryApply(Connection c, String schema, String option, Period offset, UUID servicePointId,
                                      Instant from, Instant due) throws SQLException {
        if (!needsCalendar(option) || servicePointId == null) return Optional.of(due);
        LocalDate dueDay = day(due);
        LocalDate lo = day(from).isBefore(dueDay.minusDays(Openings.SEARCH_DAYS)) ? day(from)
                : dueDay.minusDays(Openings.SEARCH_DAYS);
        Openings openings = CalendarStore.openings(c, schema, servicePointId, lo, dueDay.plusDays(Openings.SEARCH_DAYS));
        return adjust(option, offset, openings, from, due);
    }

    /** Pure: the due date for {@code openings} (loan or renewal at {@code from}); empty when no open time is found. */
    static Optional<Instant> adjust(String option, Period offset, Openings openings, Instant from, Instant due) {
        if (!needsCalendar(option) || !openings.hasCalendar()) return Optional.of(due);
        LocalDate dueDay = day(due);
        // needsCalendar admits exactly these four options.
        return switch (option) {
            case "END_OF_THE_PREVIOUS_OPEN_DAY" -> openings.day(dueDay).open() ? Optional.of(due)
                    : openings.previousOpen(dueDay).map(ClosedLibraryDueDates::endOfDay);
            case "END_OF_THE_NEXT_OPEN_DAY" -> openings.day(dueDay).open() ? Optional.of(due)
                    : openings.nextOpen(dueDay).map(ClosedLibraryDueDates::endOfDay);
            case "END_OF_THE_CURRENT_SERVICE_POINT_HOURS" -> {
                List<Interval> open = intervals(openings, day(from).minusDays(1), dueDay.plusDays(Openings.SEARCH_DAYS));
                if (containing(open, due).isPresent()) yield Optional.of(due);
                yield containing(open, from)
                        .or(() -> open.stream().filter(i -> i.start().isAfter(from)).findFirst())
                        .map(Interval::end);
            }
            default -> {    // BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS
                List<Interval> open = intervals(openings, dueDay.minusDays(1), dueDay.plusDays(Openings.SEARCH_DAYS));
                if (containing(open, due).isPresent()) yield Optional.of(due);
                yield open.stream().filter(i -> i.start().isAfter(due)).findFirst().map(next -> {
                    Instant withOffset = offset == null || offset.duration() <= 0 ? next.start()
                            : offset.addTo(next.start());
                    return withOffset.isAfter(next.end()) ? next.end() : withOffset;
                });
            }
        };
    }

    /** An opening as instants; openings that run past midnight into the next day's are joined into one. */
    record Interval(Instant start, Instant end) {
    }

    static List<Interval> intervals(Openings openings, LocalDate from, LocalDate to) {
        List<Interval> out = new ArrayList<>();
        for (DayOpening d : openings.days(from, to)) {
            for (DayOpening.Range r : d.openings()) {
                Instant s = d.date().atTime(r.start() / 60, r.start() % 60).toInstant(ZoneOffset.UTC);
                // The end minute is the last open minute; an opening to 23:59 lasts to the end of the day.
                Instant e = d.date().atTime(r.end() / 60, r.end() % 60, r.end() == 24 * 60 - 1 ? 59 : 0)
                        .toInstant(ZoneOffset.UTC);
                if (!out.isEmpty() && !s.isAfter(out.getLast().end().plusSeconds(60))) {
                    out.add(new Interval(out.removeLast().start(), e));
                } else {
                    out.add(new Interval(s, e));
                }
            }
        }
        return out;
    }

    private static Optional<Interval> containing(List<Interval> open, Instant t) {
        return open.stream().filter(i -> !t.isBefore(i.start()) && !t.isAfter(i.end())).findFirst();
    }

    private static Instant endOfDay(DayOpening d) {
        return d.date().atTime(END_OF_DAY).toInstant(ZoneOffset.UTC);
    }

    private static LocalDate day(Instant t) {
        return t.atZone(ZoneOffset.UTC).toLocalDate();
    }

    /** mod-circulation's refusal when no open time is found for the due date. */
    static Refusal timetableAbsent() {
        return Refusal.of("Calendar timetable is absent for requested date", ErrorCode.CALENDAR_TIMETABLE_ABSENT, null, null);
    }
}
