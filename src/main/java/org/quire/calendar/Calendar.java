package org.quire.calendar;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A mod-calendar calendar: the service points it is assigned to, its date range, its weekly normal hours and its
 * exceptions (an exception without openings is a closure). Times are wall-clock times of the day; Quire reads them
 * as UTC for now, like every other circulation time (docs/architecture.md).
 */
public record Calendar(UUID id, String name, LocalDate startDate, LocalDate endDate, List<UUID> assignments,
                       List<NormalOpening> normalHours, List<ExceptionRange> exceptions) {

    /**
     * A weekly opening from startDay startTime to endDay endTime; endTime is the last open minute (inclusive).
     * It may span days (MONDAY 07:00 – FRIDAY 22:00 is open through the nights) and wrap past Saturday.
     */
    public record NormalOpening(DayOfWeek startDay, LocalTime startTime, DayOfWeek endDay, LocalTime endTime) {
    }

    /** An opening inside an exception: from startDate startTime to endDate endTime (last open minute). */
    public record ExceptionOpening(LocalDate startDate, LocalTime startTime, LocalDate endDate, LocalTime endTime) {
    }

    public record ExceptionRange(String name, LocalDate startDate, LocalDate endDate, List<ExceptionOpening> openings) {
    }

    /** Parses a client's calendar; structurally malformed input is mod-calendar's 400 invalidRequest. */
    public static Calendar parse(ObjectNode j, UUID id) {
        List<UUID> sps = new ArrayList<>(new LinkedHashSet<>(list(j, "assignments", n -> uuid(n.asText(), "assignments"))));
        List<NormalOpening> normal = list(j, "normalHours", n -> new NormalOpening(day(n, "startDay"), time(n, "startTime"),
                day(n, "endDay"), time(n, "endTime")));
        List<ExceptionRange> exceptions = list(j, "exceptions", n -> new ExceptionRange(
                n.path("name").asText(""), date(n, "startDate"), date(n, "endDate"),
                list(n, "openings", o -> new ExceptionOpening(date(o, "startDate"), time(o, "startTime"),
                        date(o, "endDate"), time(o, "endTime")))));
        return new Calendar(id, j.path("name").asText(""), date(j, "startDate"), date(j, "endDate"), sps, normal, exceptions);
    }

    /** FOLIO's JSON, times as HH:mm:ss and days as MONDAY…SUNDAY, with the given metadata. */
    public ObjectNode toJson(ObjectNode metadata) {
        ObjectNode j = Json.object();
        j.put("id", id.toString());
        j.put("name", name);
        j.put("startDate", startDate.toString());
        j.put("endDate", endDate.toString());
        ArrayNode a = j.putArray("assignments");
        assignments.forEach(sp -> a.add(sp.toString()));
        ArrayNode nh = j.putArray("normalHours");
        for (NormalOpening o : normalHours) {
            nh.addObject().put("calendarId", id.toString()).put("startDay", o.startDay().name())
                    .put("startTime", hms(o.startTime())).put("endDay", o.endDay().name()).put("endTime", hms(o.endTime()));
        }
        ArrayNode ex = j.putArray("exceptions");
        for (ExceptionRange e : exceptions) {
            ObjectNode en = ex.addObject().put("calendarId", id.toString()).put("name", e.name())
                    .put("startDate", e.startDate().toString()).put("endDate", e.endDate().toString());
            ArrayNode os = en.putArray("openings");
            for (ExceptionOpening o : e.openings()) {
                os.addObject().put("startDate", o.startDate().toString()).put("startTime", hms(o.startTime()))
                        .put("endDate", o.endDate().toString()).put("endTime", hms(o.endTime()));
            }
        }
        if (metadata != null) j.set("metadata", metadata);
        return j;
    }

    public static String hms(LocalTime t) {
        return String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
    }

    private interface Parser<T> {
        T parse(JsonNode n);
    }

    private static <T> List<T> list(JsonNode parent, String field, Parser<T> p) {
        JsonNode arr = parent.get(field);
        if (arr == null || arr.isNull()) throw CalendarError.invalidRequest("Required property '" + field + "' is missing");
        if (!arr.isArray()) throw CalendarError.invalidRequest("Property '" + field + "' must be an array");
        List<T> out = new ArrayList<>();
        for (JsonNode n : arr) out.add(p.parse(n));
        return out;
    }

    static LocalDate date(JsonNode n, String field) {
        String s = required(n, field);
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            throw CalendarError.of(400, "invalidRequest", "Date “" + s + "” could not be parsed");
        }
    }

    private static LocalTime time(JsonNode n, String field) {
        String s = required(n, field);
        try {
            return LocalTime.parse(s).withSecond(0).withNano(0);
        } catch (DateTimeParseException e) {
            throw CalendarError.invalidRequest("Time “" + s + "” of '" + field + "' could not be parsed");
        }
    }

    private static DayOfWeek day(JsonNode n, String field) {
        String s = required(n, field);
        try {
            return DayOfWeek.valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw CalendarError.invalidRequest("'" + field + "' must be a weekday (SUNDAY … SATURDAY), was " + s);
        }
    }

    private static String required(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull() || v.asText().isBlank())
            throw CalendarError.invalidRequest("Required property '" + field + "' is missing");
        return v.asText();
    }

    static UUID uuid(String s, String field) {
        try {
            return UUID.fromString(s);
        } catch (IllegalArgumentException e) {
            throw CalendarError.invalidRequest("'" + field + "' must hold UUIDs, was " + s);
        }
    }
}
