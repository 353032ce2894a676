package org.quire.calendar;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Creating or replacing a calendar, as mod-calendar's CalendarService: validation (400), then overlap with another
 * calendar of the same service points (409, the service points locked so that two saves cannot both pass), then the
 * upsert. One transaction, opened here.
 */
final class SaveCalendar {
    private SaveCalendar() {
    }

    static ObjectNode create(Database db, String schema, Calendar cal, UUID userId) {
        return db.tx(c -> save(c, schema, cal, null, userId));
    }

    /** Replaces calendar {@code cal.id()}; {@link CalendarError#notFound} when there is none. */
    static ObjectNode replace(Database db, String schema, Calendar cal, UUID userId) {
        return db.tx(c -> {
            ObjectNode previous = CalendarStore.get(c, schema, cal.id()).orElseThrow(CalendarError::notFound);
            return save(c, schema, cal, previous, userId);
        });
    }

    private static ObjectNode save(Connection c, String schema, Calendar cal, ObjectNode previous, UUID userId)
            throws SQLException {
        List<CalendarError.Item> errors = new ArrayList<>(CalendarValidation.errors(cal));
        int status = 400;
        if (!cal.startDate().isAfter(cal.endDate())) {
            CalendarStore.lockServicePoints(c, schema, cal.assignments());
            for (CalendarStore.Overlap o : CalendarStore.overlaps(c, schema, cal)) {
                errors.add(new CalendarError.Item("calendarDateOverlap", "This calendar overlaps with another calendar (“"
                        + o.name() + "” from " + CalendarValidation.date(o.startDate()) + " to "
                        + CalendarValidation.date(o.endDate()) + ")"));
                status = 409;
            }
        }
        if (!errors.isEmpty()) throw new CalendarError(status, errors);
        Instant now = Instant.now();
        ObjectNode md = Json.object();
        String by = userId == null ? null : userId.toString();
        md.put("createdDate", previous == null ? Json.dateZ(now) : Json.text(previous, "metadata.createdDate"));
        md.put("createdByUserId", previous == null ? by : Json.text(previous, "metadata.createdByUserId"));
        md.put("updatedDate", Json.dateZ(now));
        md.put("updatedByUserId", by);
        ObjectNode json = cal.toJson(md);
        CalendarStore.save(c, schema, cal, json, now);
        return json;
    }
}
