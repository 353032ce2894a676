package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/** FOLIO's {duration, intervalId} with intervals Minutes, Hours, Days, Weeks, Months. */
public record Period(int duration, String intervalId) {

    public static Period from(JsonNode n) {
        if (n == null || n.isNull() || !n.has("duration") || !n.has("intervalId")) return null;
        return new Period(n.get("duration").asInt(), n.get("intervalId").asText());
    }

    /** Day-based loans fall due at the end of a day; minute- and hour-based loans at the exact time. */
    public boolean shortTerm() {
        return intervalId.equals("Minutes") || intervalId.equals("Hours");
    }

    public Instant addTo(Instant t) {
        ZonedDateTime z = t.atZone(ZoneOffset.UTC);
        ZonedDateTime due = switch (intervalId) {
            case "Minutes" -> z.plusMinutes(duration);
            case "Hours" -> z.plusHours(duration);
            case "Days" -> z.plusDays(duration);
            case "Weeks" -> z.plusWeeks(duration);
            case "Months" -> z.plusMonths(duration);
            default -> throw new IllegalArgumentException("Unknown interval " + intervalId);
        };
        return due.toInstant();
    }
}
