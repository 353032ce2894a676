package org.quire.calendar;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.time.LocalDate;
import java.util.List;

/**
 * mod-calendar's SingleDayOpening: whether a service point is open on a date, from when to when (minutes of the
 * day, end inclusive: 0–1439 is the whole day), and whether an exception decided it.
 */
public record DayOpening(LocalDate date, boolean exceptional, String exceptionName, List<Range> openings) {

    /** Minutes of the day, both inclusive. */
    public record Range(int start, int end) {
    }

    public boolean open() {
        return !openings.isEmpty();
    }

    /** Open for the whole day, or (as mod-calendar answers) closed for the whole day. */
    public boolean allDay() {
        return openings.isEmpty() || openings.size() == 1 && openings.getFirst().start() == 0
                && openings.getFirst().end() == WeekMinutes.DAY - 1;
    }

    public ObjectNode toJson() {
        ObjectNode j = Json.object();
        j.put("date", date.toString());
        j.put("allDay", allDay());
        j.put("open", open());
        j.put("exceptional", exceptional);
        if (exceptionName != null) j.put("exceptionName", exceptionName);
        ArrayNode os = j.putArray("openings");
        for (Range r : openings) os.addObject().put("startTime", hm(r.start())).put("endTime", hm(r.end()));
        return j;
    }

    private static String hm(int minute) {
        return "%02d:%02d:00".formatted(minute / 60, minute % 60);
    }
}
