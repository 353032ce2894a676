package org.quire.platform;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * FOLIO's {duration, intervalId} with intervals Minutes, Hours, Days, Weeks, Months: the shared schema of
 * mod-circulation-storage's ramls/period.json, used by loan policies, patron notice policies, lost item fee policies
 * and service points' hold shelf expiry period. It lives in platform because circulation, notices and feesfines all
 * read it and none of them may depend on another one's vocabulary for it (docs/architecture.md, module map).
 */
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
        return add(t, duration);
    }

    /** The instant this period before {@code t} (age-to-lost: a loan due before it is overdue by the period). */
    public Instant subtractFrom(Instant t) {
        return add(t, -duration);
    }

    private Instant add(Instant t, int n) {
        ZonedDateTime z = t.atZone(ZoneOffset.UTC);
        ZonedDateTime due = switch (intervalId) {
            case "Minutes" -> z.plusMinutes(n);
            case "Hours" -> z.plusHours(n);
            case "Days" -> z.plusDays(n);
            case "Weeks" -> z.plusWeeks(n);
            case "Months" -> z.plusMonths(n);
            default -> throw new IllegalArgumentException("Unknown interval " + intervalId);
        };
        return due.toInstant();
    }
}
