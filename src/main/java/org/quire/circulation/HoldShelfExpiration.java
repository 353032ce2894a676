package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.Period;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * When a request waiting on the hold shelf expires, as mod-circulation computes it when the request becomes "Open -
 * Awaiting pickup": now + the pickup service point's {@code holdShelfExpiryPeriod} (day, week and month periods to the
 * end of that day; minutes and hours exact), then moved off closed time by its {@code holdShelfClosedLibraryDateManagement}
 * with the same calendar code as loan due dates (one statement, only for the moving options).
 */
final class HoldShelfExpiration {
    /** The service point's option → the loan policy vocabulary ClosedLibraryDueDates speaks. Absent or unknown: keep. */
    private static final Map<String, String> OPTIONS = Map.of(
            "MOVE_TO_THE_END_OF_THE_PREVIOUS_OPEN_DAY", "END_OF_THE_PREVIOUS_OPEN_DAY",
            "MOVE_TO_THE_END_OF_THE_NEXT_OPEN_DAY", "END_OF_THE_NEXT_OPEN_DAY",
            "MOVE_TO_END_OF_CURRENT_SERVICE_POINT_HOURS", "END_OF_THE_CURRENT_SERVICE_POINT_HOURS",
            "MOVE_TO_BEGINNING_OF_NEXT_OPEN_SERVICE_POINT_HOURS", "BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS");
    /** FOLIO requires a period on pickup locations; for a service point saved without one, 10 days (FOLIO UI's hint). */
    private static final Period DEFAULT = new Period(10, "Days");

    private HoldShelfExpiration() {
    }

    static Instant date(Connection c, String schema, ObjectNode servicePoint, Instant now) throws SQLException {
        Period period = Period.from(servicePoint.get("holdShelfExpiryPeriod"));
        if (period == null) period = DEFAULT;
        Instant base = DueDates.rolling(period, now);
        String option = OPTIONS.get(Objects.toString(Json.text(servicePoint, "holdShelfClosedLibraryDateManagement"), ""));
        if (option == null) return base;
        // As mod-circulation: "current hours" are those around the computed date, and the beginning of the next
        // opening is offset by the hold shelf period itself (its BeginningOfNextOpenHoursStrategy gets that duration).
        Period offset = option.startsWith("BEGINNING") ? period : null;
        // A calendar with no open time within a year must not stop the check-in: keep the computed date.
        return ClosedLibraryDueDates.tryApply(c, schema, option, offset, UUID.fromString(Json.text(servicePoint, "id")),
                base, base).orElse(base);
    }
}
