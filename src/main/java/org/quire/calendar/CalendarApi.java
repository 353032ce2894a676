package org.quire.calendar;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * mod-calendar's current API (interface calendar 5.x): calendars CRUD and the computed openings of a service point.
 * Errors are in mod-calendar's own shape ({@link CalendarError}).
 */
public final class CalendarApi {
    /** mod-calendar refuses nothing here, but an all-openings range of centuries would only burn CPU. */
    static final int MAX_RANGE_DAYS = 3660;

    private CalendarApi() {
    }

    public static void register(Router r, Database db) {
        r.get("/calendar/calendars", "calendar.endpoint.calendars.get", calendarErrors(req -> {
            int limit = intParam(req, "limit", 10), offset = intParam(req, "offset", 0);
            CalendarStore.Page page = db.read(c -> CalendarStore.search(c, req.schema(), uuids(req, "id"),
                    uuids(req, "servicePointId"), optionalDate(req, "startDate").orElse(null), optionalDate(req, "endDate").orElse(null),
                    limit, offset));
            ObjectNode body = Json.object();
            ArrayNode arr = body.putArray("calendars");
            page.calendars().forEach(arr::add);
            body.put("totalRecords", page.totalRecords());
            return Response.ok(body);
        }));
        r.post("/calendar/calendars", "calendar.endpoint.calendars.post", calendarErrors(req -> {
            // As mod-calendar: an id in the body is ignored and a new one generated.
            Calendar cal = Calendar.parse(req.json(), UUID.randomUUID());
            return Response.created(SaveCalendar.create(db, req.schema(), cal, req.userId()));
        }));
        r.delete("/calendar/calendars", "calendar.endpoint.calendars.delete", calendarErrors(req -> {
            List<UUID> ids = uuids(req, "id");
            if (ids.isEmpty()) throw CalendarError.of(400, "invalidParameter", "Required parameter 'id' is missing");
            db.tx(c -> {
                CalendarStore.deleteAll(c, req.schema(), ids);
                return null;
            });
            return Response.noContent();
        }));
        r.get("/calendar/calendars/{calendarId}", "calendar.endpoint.calendars.calendarId.get", calendarErrors(req ->
                Response.ok(db.read(c -> CalendarStore.get(c, req.schema(), pathId(req)))
                        .orElseThrow(CalendarError::notFound))));
        r.put("/calendar/calendars/{calendarId}", "calendar.endpoint.calendars.calendarId.put", calendarErrors(req -> {
            UUID id = pathId(req);
            Calendar cal = Calendar.parse(req.json(), id);
            return Response.ok(SaveCalendar.replace(db, req.schema(), cal, req.userId()));
        }));
        r.delete("/calendar/calendars/{calendarId}", "calendar.endpoint.calendars.calendarId.delete", calendarErrors(req -> {
            UUID id = pathId(req);
            db.tx(c -> {
                CalendarStore.deleteAll(c, req.schema(), List.of(id));
                return null;
            });
            return Response.noContent();
        }));

        // mod-calendar's permission names, as FOLIO's karate tests grant them.
        r.get("/calendar/dates/{servicePointId}/surrounding-openings",
                "calendar.endpoint.calendars.surroundingOpenings.get", calendarErrors(req -> {
            UUID sp = servicePoint(req);
            LocalDate date = requiredDate(req, "date");
            Openings o = db.read(c -> CalendarStore.openings(c, req.schema(), sp, date.minusDays(Openings.SEARCH_DAYS),
                    date.plusDays(Openings.SEARCH_DAYS)));
            ObjectNode body = Json.object();
            ArrayNode arr = body.putArray("openings");
            o.surrounding(date).forEach(d -> arr.add(d.toJson()));
            return Response.ok(body);
        }));
        r.get("/calendar/dates/{servicePointId}/all-openings", "calendar.endpoint.calendars.allOpenings.get",
                calendarErrors(req -> {
            UUID sp = servicePoint(req);
            LocalDate start = requiredDate(req, "startDate"), end = requiredDate(req, "endDate");
            String includeClosedText = req.param("includeClosed").orElseThrow(() -> CalendarError.of(400,
                    "invalidParameter", "Required parameter 'includeClosed' is missing"));
            if (!includeClosedText.equalsIgnoreCase("true") && !includeClosedText.equalsIgnoreCase("false"))
                throw CalendarError.of(400, "invalidParameter", "'includeClosed' must be true or false, was " + includeClosedText);
            boolean includeClosed = Boolean.parseBoolean(includeClosedText);
            int limit = intParam(req, "limit", 10), offset = intParam(req, "offset", 0);
            if (start.isAfter(end)) throw CalendarError.of(400, "invalidParameter", "Start date ("
                    + CalendarValidation.date(start) + ") cannot be after end date (" + CalendarValidation.date(end) + ")");
            if (start.plusDays(MAX_RANGE_DAYS).isBefore(end)) throw CalendarError.of(400, "invalidParameter",
                    "The date range may span at most " + MAX_RANGE_DAYS + " days");
            Openings o = db.read(c -> CalendarStore.openings(c, req.schema(), sp, start, end));
            // Closed days are left out unless asked for, but exceptional closures are always listed (mod-calendar).
            List<DayOpening> days = o.days(start, end).stream()
                    .filter(d -> includeClosed || d.open() || d.exceptional()).toList();
            ObjectNode body = Json.object();
            ArrayNode arr = body.putArray("dates");
            days.stream().skip(offset).limit(limit).forEach(d -> arr.add(d.toJson()));
            body.put("totalRecords", days.size());
            return Response.ok(body);
        }));
    }

    private static Handler calendarErrors(Handler h) {
        return req -> {
            try {
                return h.handle(req);
            } catch (CalendarError e) {
                return response(e);
            }
        };
    }

    /** mod-calendar's error body: {@code {"timestamp", "status", "errors": [{"code", "message"}]}}. */
    static Response response(CalendarError e) {
        ObjectNode body = Json.object();
        body.put("timestamp", Json.dateZ(Instant.now()));
        body.put("status", e.status());
        ArrayNode errors = body.putArray("errors");
        for (CalendarError.Item i : e.items()) errors.addObject().put("code", i.code()).put("message", i.message());
        return Response.json(e.status(), body);
    }

    private static UUID pathId(Request req) {
        String v = req.path("calendarId");
        try {
            return UUID.fromString(v);
        } catch (IllegalArgumentException e) {
            throw CalendarError.of(400, "invalidParameter", "'calendarId' must be a UUID, was " + v);
        }
    }

    private static UUID servicePoint(Request req) {
        return Calendar.uuid(req.path("servicePointId"), "servicePointId");
    }

    private static List<UUID> uuids(Request req, String name) {
        List<UUID> out = new ArrayList<>();
        for (String v : req.query().getOrDefault(name, List.of())) {
            for (String part : v.split(",")) if (!part.isBlank()) out.add(Calendar.uuid(part.trim(), name));
        }
        return out;
    }

    private static int intParam(Request req, String name, int dflt) {
        Optional<String> v = req.param(name);
        if (v.isEmpty() || v.get().isBlank()) return dflt;
        try {
            int n = Integer.parseInt(v.get().trim());
            if (n < 0) throw CalendarError.of(400, "invalidParameter", "'" + name + "' must be at least 0, was " + n);
            return n;
        } catch (NumberFormatException e) {
            throw CalendarError.of(400, "invalidParameter", "'" + name + "' must be an integer, was " + v.get());
        }
    }

    private static LocalDate requiredDate(Request req, String name) {
        return optionalDate(req, name).orElseThrow(() -> CalendarError.of(400, "invalidParameter",
                "Required parameter '" + name + "' is missing"));
    }

    private static Optional<LocalDate> optionalDateOf(String s) {
        try {
            return Optional.of(LocalDate.parse(s.trim()));
        } catch (DateTimeParseException e) {
            throw CalendarError.of(400, "invalidParameter", "Date “" + s + "” could not be parsed");
        }
    }

    private static Optional<LocalDate> optionalDate(Request req, String name) {
        return req.param(name).filter(s -> !s.isBlank()).flatMap(CalendarApi::optionalDateOf);
    }
}
