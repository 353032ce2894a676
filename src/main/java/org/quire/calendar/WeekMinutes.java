package org.quire.calendar;

import java.time.DayOfWeek;
import java.time.LocalTime;

/**
 * A weekly normal opening as an inclusive range of minutes of the week, Sunday 00:00 = 0 (mod-calendar's weeks
 * start on Sunday). A range that ends before it starts wraps past Saturday, so its end is moved a week on.
 */
record WeekMinutes(int start, int end) {
    static final int DAY = 24 * 60;
    static final int WEEK = 7 * DAY;

    static WeekMinutes of(Calendar.NormalOpening o) {
        int s = index(o.startDay()) * DAY + minute(o.startTime());
        int e = index(o.endDay()) * DAY + minute(o.endTime());
        return new WeekMinutes(s, e < s ? e + WEEK : e);
    }

    static int index(DayOfWeek d) {
        return d.getValue() % 7;
    }

    static int minute(LocalTime t) {
        return t.getHour() * 60 + t.getMinute();
    }

    /** Whether the two ranges share a minute, taking the weekly wrap into account. */
    boolean overlaps(WeekMinutes o) {
        for (int shift = -WEEK; shift <= WEEK; shift += WEEK) {
            if (o.start + shift <= end && start <= o.end + shift) return true;
        }
        return false;
    }
}
