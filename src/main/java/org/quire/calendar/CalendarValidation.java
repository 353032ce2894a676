package org.quire.calendar;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * mod-calendar's checks of a calendar's own consistency, with its codes and its English messages (its
 * translations/en.json). All failures are collected and returned together as one 400, as mod-calendar does.
 * Overlaps with other calendars are checked against the database by {@link CalendarStore} (409).
 */
final class CalendarValidation {
    private static final DateTimeFormatter MEDIUM_DATE = DateTimeFormatter.ofPattern("MMM d, yyyy", Locale.US);
    private static final DateTimeFormatter SHORT_TIME = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT)
            .withLocale(Locale.US);

    private CalendarValidation() {
    }

    static List<CalendarError.Item> errors(Calendar c) {
        List<CalendarError.Item> out = new ArrayList<>();
        if (c.name().isBlank()) out.add(new CalendarError.Item("calendarNoName", "Please provide a non-empty calendar name"));
        if (c.startDate().isAfter(c.endDate())) out.add(new CalendarError.Item("calendarInvalidDateRange",
                "Start date (" + date(c.startDate()) + ") cannot be after end date (" + date(c.endDate()) + ")"));

        Set<Calendar.NormalOpening> overlapping = new LinkedHashSet<>();
        for (int i = 0; i < c.normalHours().size(); i++) {
            for (int k = i + 1; k < c.normalHours().size(); k++) {
                if (WeekMinutes.of(c.normalHours().get(i)).overlaps(WeekMinutes.of(c.normalHours().get(k)))) {
                    overlapping.add(c.normalHours().get(i));
                    overlapping.add(c.normalHours().get(k));
                }
            }
        }
        if (!overlapping.isEmpty()) out.add(new CalendarError.Item("calendarInvalidNormalOpenings",
                "The following openings conflict with each other: " + list(overlapping.stream().map(o ->
                        day(o.startDay()) + " " + time(o.startTime()) + " - " + day(o.endDay()) + " " + time(o.endTime()))
                        .toList())));

        if (c.exceptions().stream().anyMatch(e -> e.name().isBlank()))
            out.add(new CalendarError.Item("calendarInvalidExceptionName", "At least one exception is missing a name"));
        for (Calendar.ExceptionRange e : c.exceptions()) {
            if (e.startDate().isAfter(e.endDate())) out.add(new CalendarError.Item("calendarInvalidExceptionDateOrder",
                    "The start date (" + date(e.startDate()) + ") is after the end date (" + date(e.endDate())
                            + ") for exception “" + e.name() + "”"));
            else if (e.startDate().isBefore(c.startDate()) || e.endDate().isAfter(c.endDate()))
                out.add(new CalendarError.Item("calendarInvalidExceptionDateBoundary", "The exception “" + e.name()
                        + "” (" + date(e.startDate()) + " to " + date(e.endDate()) + ") is not fully enclosed by the "
                        + "calendar's start and end dates (" + date(c.startDate()) + " to " + date(c.endDate()) + ")"));
        }

        Set<Calendar.ExceptionRange> overlappingRanges = new LinkedHashSet<>();
        for (int i = 0; i < c.exceptions().size(); i++) {
            for (int k = i + 1; k < c.exceptions().size(); k++) {
                Calendar.ExceptionRange a = c.exceptions().get(i), b = c.exceptions().get(k);
                if (!a.startDate().isAfter(b.endDate()) && !b.startDate().isAfter(a.endDate())) {
                    overlappingRanges.add(a);
                    overlappingRanges.add(b);
                }
            }
        }
        if (!overlappingRanges.isEmpty()) out.add(new CalendarError.Item("calendarInvalidExceptions",
                "The following exceptions conflict with each other: " + list(overlappingRanges.stream().map(e ->
                        e.startDate().equals(e.endDate()) ? "“" + e.name() + "” on " + date(e.startDate())
                                : "“" + e.name() + "” from " + date(e.startDate()) + " to " + date(e.endDate())).toList())));

        for (Calendar.ExceptionRange e : c.exceptions()) exceptionOpenings(e, out);
        return out;
    }

    /** An exception's openings must lie inside it, end after they start, and not overlap one another. */
    private static void exceptionOpenings(Calendar.ExceptionRange e, List<CalendarError.Item> out) {
        List<Calendar.ExceptionOpening> os = e.openings();
        for (Calendar.ExceptionOpening o : os) {
            boolean backwards = start(o).compareTo(end(o)) > 0;
            boolean outside = o.startDate().isBefore(e.startDate()) || o.endDate().isAfter(e.endDate());
            if (backwards || outside) out.add(new CalendarError.Item("calendarInvalidExceptionOpenings",
                    "The opening " + opening(o) + " of exception “" + e.name() + "” "
                            + (backwards ? "ends before it starts" : "is outside of the exception's dates")));
        }
        Set<Calendar.ExceptionOpening> overlapping = new LinkedHashSet<>();
        for (int i = 0; i < os.size(); i++) {
            for (int k = i + 1; k < os.size(); k++) {
                Calendar.ExceptionOpening a = os.get(i), b = os.get(k);
                if (start(a).compareTo(end(b)) <= 0 && start(b).compareTo(end(a)) <= 0) {
                    overlapping.add(a);
                    overlapping.add(b);
                }
            }
        }
        if (!overlapping.isEmpty()) out.add(new CalendarError.Item("calendarInvalidExceptionOpenings",
                "The following openings within " + e.name() + " conflict with each other: "
                        + list(overlapping.stream().map(CalendarValidation::opening).toList())));
    }

    private static String start(Calendar.ExceptionOpening o) {
        return o.startDate() + "T" + o.startTime();
    }

    private static String end(Calendar.ExceptionOpening o) {
        return o.endDate() + "T" + o.endTime();
    }

    private static String opening(Calendar.ExceptionOpening o) {
        return date(o.startDate()) + " " + time(o.startTime()) + " to " + date(o.endDate()) + " " + time(o.endTime());
    }

    static String date(LocalDate d) {
        return MEDIUM_DATE.format(d);
    }

    private static String time(LocalTime t) {
        return SHORT_TIME.format(t).replace('\u202f', ' ');
    }

    private static String day(java.time.DayOfWeek d) {
        return d.getDisplayName(TextStyle.SHORT, Locale.US);
    }

    /** ICU's English list: "a", "a and b", "a, b, and c". */
    private static String list(List<String> items) {
        if (items.size() <= 1) return String.join("", items);
        if (items.size() == 2) return items.get(0) + " and " + items.get(1);
        return String.join(", ", items.subList(0, items.size() - 1)) + ", and " + items.getLast();
    }
}
