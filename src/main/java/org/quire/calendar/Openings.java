package org.quire.calendar;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The openings of one service point, computed from the calendars assigned to it (which never overlap in dates).
 * A date no calendar covers is closed, as mod-calendar answers; {@link #hasCalendar()} tells whether the service
 * point has any calendar at all (circulation treats a service point without one as always open).
 */
public final class Openings {
    /** How far surrounding-openings and the due-date rules look for the previous or next open day. */
    public static final int SEARCH_DAYS = 366;

    private final boolean hasCalendar;
    private final List<Calendar> calendars;

    public Openings(boolean hasCalendar, List<Calendar> calendars) {
        this.hasCalendar = hasCalendar;
        this.calendars = calendars.stream().sorted(Comparator.comparing(Calendar::startDate)).toList();
    }

    public boolean hasCalendar() {
        return hasCalendar;
    }

    public DayOpening day(LocalDate date) {
        Calendar cal = calendars.stream().filter(c -> !date.isBefore(c.startDate()) && !date.isAfter(c.endDate()))
                .findFirst().orElse(null);
        if (cal == null) return new DayOpening(date, false, null, List.of());
        for (Calendar.ExceptionRange e : cal.exceptions()) {
            if (date.isBefore(e.startDate()) || date.isAfter(e.endDate())) continue;
            List<DayOpening.Range> ranges = new ArrayList<>();
            for (Calendar.ExceptionOpening o : e.openings()) {
                if (date.isBefore(o.startDate()) || date.isAfter(o.endDate())) continue;
                int s = date.equals(o.startDate()) ? WeekMinutes.minute(o.startTime()) : 0;
                int en = date.equals(o.endDate()) ? WeekMinutes.minute(o.endTime()) : WeekMinutes.DAY - 1;
                if (s <= en) ranges.add(new DayOpening.Range(s, en));
            }
            return new DayOpening(date, true, e.name(), merge(ranges));
        }
        int dayStart = WeekMinutes.index(date.getDayOfWeek()) * WeekMinutes.DAY;
        int dayEnd = dayStart + WeekMinutes.DAY - 1;
        List<DayOpening.Range> ranges = new ArrayList<>();
        for (Calendar.NormalOpening o : cal.normalHours()) {
            WeekMinutes w = WeekMinutes.of(o);
            for (int shift = -WeekMinutes.WEEK; shift <= WeekMinutes.WEEK; shift += WeekMinutes.WEEK) {
                int s = Math.max(w.start() + shift, dayStart), e = Math.min(w.end() + shift, dayEnd);
                if (s <= e) ranges.add(new DayOpening.Range(s - dayStart, e - dayStart));
            }
        }
        return new DayOpening(date, false, null, merge(ranges));
    }

    /** Every day from {@code from} to {@code to}, both inclusive. */
    public List<DayOpening> days(LocalDate from, LocalDate to) {
        List<DayOpening> out = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) out.add(day(d));
        return out;
    }

    /** The nearest open day before {@code date} (exclusive), at most {@link #SEARCH_DAYS} back. */
    public Optional<DayOpening> previousOpen(LocalDate date) {
        for (int i = 1; i <= SEARCH_DAYS; i++) {
            DayOpening d = day(date.minusDays(i));
            if (d.open()) return Optional.of(d);
        }
        return Optional.empty();
    }

    /** The nearest open day after {@code date} (exclusive), at most {@link #SEARCH_DAYS} on. */
    public Optional<DayOpening> nextOpen(LocalDate date) {
        for (int i = 1; i <= SEARCH_DAYS; i++) {
            DayOpening d = day(date.plusDays(i));
            if (d.open()) return Optional.of(d);
        }
        return Optional.empty();
    }

    /**
     * mod-calendar's surrounding openings: the previous open day, the date itself, the next open day; where there is
     * no open day within the search window, the adjacent (closed) day stands in.
     */
    public List<DayOpening> surrounding(LocalDate date) {
        return List.of(previousOpen(date).orElseGet(() -> day(date.minusDays(1))), day(date),
                nextOpen(date).orElseGet(() -> day(date.plusDays(1))));
    }

    /** Sorted, with touching or overlapping ranges joined (07:00–11:59 and 12:00–17:00 are one opening). */
    static List<DayOpening.Range> merge(List<DayOpening.Range> ranges) {
        List<DayOpening.Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingInt(DayOpening.Range::start));
        List<DayOpening.Range> out = new ArrayList<>();
        for (DayOpening.Range r : sorted) {
            if (!out.isEmpty() && r.start() <= out.getLast().end() + 1) {
                DayOpening.Range last = out.removeLast();
                out.add(new DayOpening.Range(last.start(), Math.max(last.end(), r.end())));
            } else {
                out.add(r);
            }
        }
        return out;
    }
}
