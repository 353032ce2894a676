package org.quire.calendar;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-calendar's API over HTTP: calendars CRUD and validation, surrounding-openings and all-openings. */
class CalendarApiTest {
    static Api.Session s;
    static final String SP = UUID.randomUUID().toString();

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("cal_api");
    }

    /** Weekdays open around the clock (one opening Monday 00:00 – Friday 23:59), Saturdays 10–14, Sundays closed. */
    static ObjectNode winter(String sp, String name) {
        ObjectNode c = Json.object().put("name", name).put("startDate", "2030-01-01").put("endDate", "2030-03-31");
        c.putArray("assignments").add(sp);
        ArrayNode nh = c.putArray("normalHours");
        nh.addObject().put("startDay", "MONDAY").put("startTime", "00:00").put("endDay", "FRIDAY").put("endTime", "23:59");
        nh.addObject().put("startDay", "SATURDAY").put("startTime", "10:00:00").put("endDay", "SATURDAY").put("endTime", "14:00:00");
        ArrayNode ex = c.putArray("exceptions");
        ex.addObject().put("name", "Staff day").put("startDate", "2030-01-16").put("endDate", "2030-01-16").putArray("openings");
        ex.addObject().put("name", "Sunday opening").put("startDate", "2030-01-20").put("endDate", "2030-01-20")
                .putArray("openings").addObject().put("startDate", "2030-01-20").put("startTime", "12:00")
                .put("endDate", "2030-01-20").put("endTime", "16:00");
        return c;
    }

    static String create(ObjectNode cal) {
        Api.Reply r = s.post("/calendar/calendars", cal);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static List<String> codes(Api.Reply r) {
        List<String> out = new ArrayList<>();
        r.json().path("errors").forEach(e -> out.add(e.path("code").asText()));
        return out;
    }

    @Test
    void crud_createReadListUpdateDelete() {
        String sp = UUID.randomUUID().toString();
        ObjectNode cal = winter(sp, "Winter");
        cal.put("id", UUID.randomUUID().toString());
        Api.Reply created = s.post("/calendar/calendars", cal);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(id).as("a client's id is ignored, as mod-calendar does").isNotEqualTo(cal.path("id").asText());
        assertThat(created.json().path("normalHours").get(0).path("startTime").asText()).isEqualTo("00:00:00");
        assertThat(created.json().path("exceptions")).hasSize(2);
        assertThat(created.json().path("metadata").path("createdDate").asText()).isNotBlank();

        Api.Reply got = s.get("/calendar/calendars/" + id);
        assertThat(got.status()).isEqualTo(200);
        assertThat(got.json().path("name").asText()).isEqualTo("Winter");
        assertThat(got.json().path("assignments").get(0).asText()).isEqualTo(sp);

        Api.Reply list = s.get("/calendar/calendars?servicePointId=" + sp);
        assertThat(list.json().path("totalRecords").asInt()).isEqualTo(1);
        assertThat(list.json().path("calendars").get(0).path("id").asText()).isEqualTo(id);
        assertThat(s.get("/calendar/calendars?servicePointId=" + sp + "&startDate=2030-04-01").json()
                .path("totalRecords").asInt()).isZero();
        assertThat(s.get("/calendar/calendars?id=" + id + "&limit=0").json().path("totalRecords").asInt()).isEqualTo(1);

        ObjectNode changed = winter(sp, "Winter, renamed");
        ((ArrayNode) changed.path("exceptions")).remove(1);
        Api.Reply put = s.put("/calendar/calendars/" + id, changed);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("id").asText()).isEqualTo(id);
        assertThat(s.get("/calendar/calendars/" + id).json().path("exceptions")).hasSize(1);
        assertThat(s.get("/calendar/calendars/" + id).json().path("name").asText()).isEqualTo("Winter, renamed");

        assertThat(s.delete("/calendar/calendars/" + id).status()).isEqualTo(204);
        Api.Reply gone = s.get("/calendar/calendars/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(codes(gone)).containsExactly("calendarNotFound");
        assertThat(gone.json().path("status").asInt()).isEqualTo(404);
        assertThat(s.put("/calendar/calendars/" + id, changed).status()).isEqualTo(404);
    }

    @Test
    void bulkDelete_isAllOrNothing() {
        String a = create(winter(UUID.randomUUID().toString(), "A"));
        String b = create(winter(UUID.randomUUID().toString(), "B"));
        Api.Reply missing = s.delete("/calendar/calendars?id=" + a + "&id=" + UUID.randomUUID());
        assertThat(missing.status()).isEqualTo(404);
        assertThat(s.get("/calendar/calendars/" + a).status()).as("nothing deleted").isEqualTo(200);
        assertThat(s.delete("/calendar/calendars?id=" + a + "&id=" + b).status()).isEqualTo(204);
        assertThat(s.get("/calendar/calendars/" + b).status()).isEqualTo(404);
    }

    @Test
    void validation_collectsMod_calendarsCodesAndMessages() {
        ObjectNode bad = winter(UUID.randomUUID().toString(), " ");
        bad.put("startDate", "2030-04-01");
        Api.Reply r = s.post("/calendar/calendars", bad);
        assertThat(r.status()).isEqualTo(400);
        assertThat(codes(r)).contains("calendarNoName", "calendarInvalidDateRange");
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("Please provide a non-empty calendar name");
        assertThat(r.json().path("errors").get(1).path("message").asText())
                .isEqualTo("Start date (Apr 1, 2030) cannot be after end date (Mar 31, 2030)");

        ObjectNode overlappingHours = winter(UUID.randomUUID().toString(), "Overlap");
        ((ArrayNode) overlappingHours.path("normalHours")).addObject().put("startDay", "WEDNESDAY").put("startTime", "09:00")
                .put("endDay", "WEDNESDAY").put("endTime", "17:00");
        Api.Reply hours = s.post("/calendar/calendars", overlappingHours);
        assertThat(hours.status()).isEqualTo(400);
        assertThat(codes(hours)).containsExactly("calendarInvalidNormalOpenings");
        assertThat(hours.json().path("errors").get(0).path("message").asText())
                .isEqualTo("The following openings conflict with each other: Mon 12:00 AM - Fri 11:59 PM and Wed 9:00 AM - Wed 5:00 PM");

        ObjectNode outside = winter(UUID.randomUUID().toString(), "Outside");
        ((ObjectNode) outside.path("exceptions").get(0)).put("startDate", "2029-12-31");
        Api.Reply bounds = s.post("/calendar/calendars", outside);
        assertThat(codes(bounds)).containsExactly("calendarInvalidExceptionDateBoundary");
        assertThat(bounds.json().path("errors").get(0).path("message").asText()).isEqualTo("The exception “Staff day” "
                + "(Dec 31, 2029 to Jan 16, 2030) is not fully enclosed by the calendar's start and end dates (Jan 1, 2030 to Mar 31, 2030)");

        ObjectNode missing = winter(UUID.randomUUID().toString(), "No dates");
        missing.remove("endDate");
        Api.Reply malformed = s.post("/calendar/calendars", missing);
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(codes(malformed)).containsExactly("invalidRequest");
    }

    @Test
    void aServicePointsCalendarsMayNotOverlap_409() {
        String sp = UUID.randomUUID().toString();
        create(winter(sp, "First"));
        ObjectNode second = winter(sp, "Second");
        second.put("startDate", "2030-03-31").put("endDate", "2030-06-30");
        ((ArrayNode) second.path("exceptions")).removeAll();
        Api.Reply r = s.post("/calendar/calendars", second);
        assertThat(r.status()).isEqualTo(409);
        assertThat(codes(r)).containsExactly("calendarDateOverlap");
        assertThat(r.json().path("errors").get(0).path("message").asText())
                .isEqualTo("This calendar overlaps with another calendar (“First” from Jan 1, 2030 to Mar 31, 2030)");
        second.put("startDate", "2030-04-01");
        assertThat(s.post("/calendar/calendars", second).status()).as("the next day is free").isEqualTo(201);
    }

    static JsonNode day(JsonNode d, String date, boolean allDay, boolean open, boolean exceptional) {
        assertThat(d.path("date").asText()).isEqualTo(date);
        assertThat(d.path("allDay").asBoolean()).as(date + " allDay").isEqualTo(allDay);
        assertThat(d.path("open").asBoolean()).as(date + " open").isEqualTo(open);
        assertThat(d.path("exceptional").asBoolean()).as(date + " exceptional").isEqualTo(exceptional);
        return d;
    }

    static String hours(JsonNode d) {
        List<String> out = new ArrayList<>();
        d.path("openings").forEach(o -> out.add(o.path("startTime").asText() + "-" + o.path("endTime").asText()));
        return String.join(",", out);
    }

    @Test
    void surroundingOpenings_previousOpenDay_theDay_nextOpenDay() {
        create(winter(SP, "Surrounding"));
        Api.Reply closure = s.get("/calendar/dates/" + SP + "/surrounding-openings?date=2030-01-16");
        assertThat(closure.status()).as(closure.body()).isEqualTo(200);
        JsonNode o = closure.json().path("openings");
        assertThat(o).hasSize(3);
        assertThat(hours(day(o.get(0), "2030-01-15", true, true, false))).isEqualTo("00:00:00-23:59:00");
        assertThat(day(o.get(1), "2030-01-16", true, false, true).path("exceptionName").asText()).isEqualTo("Staff day");
        day(o.get(2), "2030-01-17", true, true, false);

        JsonNode sunday = s.get("/calendar/dates/" + SP + "/surrounding-openings?date=2030-01-13").json().path("openings");
        assertThat(hours(day(sunday.get(0), "2030-01-12", false, true, false))).isEqualTo("10:00:00-14:00:00");
        day(sunday.get(1), "2030-01-13", true, false, false);
        day(sunday.get(2), "2030-01-14", true, true, false);

        JsonNode exceptionalOpening = s.get("/calendar/dates/" + SP + "/surrounding-openings?date=2030-01-20").json()
                .path("openings");
        assertThat(hours(day(exceptionalOpening.get(1), "2030-01-20", false, true, true))).isEqualTo("12:00:00-16:00:00");

        // Before the calendar begins nothing is open: the adjacent closed day stands in for the previous opening.
        JsonNode first = s.get("/calendar/dates/" + SP + "/surrounding-openings?date=2029-12-31").json().path("openings");
        day(first.get(0), "2029-12-30", true, false, false);
        day(first.get(1), "2029-12-31", true, false, false);
        day(first.get(2), "2030-01-01", true, true, false);

        assertThat(s.get("/calendar/dates/" + SP + "/surrounding-openings").status()).isEqualTo(400);
        assertThat(s.get("/calendar/dates/" + SP + "/surrounding-openings?date=yesterday").status()).isEqualTo(400);
    }

    @Test
    void allOpenings_pagesOpenDaysAndExceptionalClosures() {
        String sp = UUID.randomUUID().toString();
        create(winter(sp, "All openings"));
        String base = "/calendar/dates/" + sp + "/all-openings?startDate=2030-01-12&endDate=2030-01-20";
        Api.Reply open = s.get(base + "&includeClosed=false&limit=100");
        assertThat(open.status()).as(open.body()).isEqualTo(200);
        List<String> dates = new ArrayList<>();
        open.json().path("dates").forEach(d -> dates.add(d.path("date").asText()));
        assertThat(dates).as("Sunday the 13th is closed; the exceptional closure on the 16th is always listed")
                .containsExactly("2030-01-12", "2030-01-14", "2030-01-15", "2030-01-16", "2030-01-17", "2030-01-18",
                        "2030-01-19", "2030-01-20");
        assertThat(open.json().path("totalRecords").asInt()).isEqualTo(8);

        Api.Reply page = s.get(base + "&includeClosed=false&limit=3&offset=1");
        assertThat(page.json().path("dates")).hasSize(3);
        assertThat(page.json().path("dates").get(0).path("date").asText()).isEqualTo("2030-01-14");
        assertThat(page.json().path("totalRecords").asInt()).isEqualTo(8);

        Api.Reply all = s.get(base + "&includeClosed=true&limit=100");
        assertThat(all.json().path("totalRecords").asInt()).isEqualTo(9);
        assertThat(s.get(base + "&includeClosed=true").json().path("dates")).as("limit defaults to 10").hasSize(9);
        assertThat(s.get(base).status()).as("includeClosed is required").isEqualTo(400);
        assertThat(s.get("/calendar/dates/" + sp + "/all-openings?startDate=2030-01-20&endDate=2030-01-12&includeClosed=true")
                .status()).isEqualTo(400);
    }

    @Test
    void aServicePointWithoutCalendar_isClosedEveryDay() {
        String sp = UUID.randomUUID().toString();
        JsonNode o = s.get("/calendar/dates/" + sp + "/surrounding-openings?date=2030-01-16").json().path("openings");
        day(o.get(0), "2030-01-15", true, false, false);
        day(o.get(1), "2030-01-16", true, false, false);
        day(o.get(2), "2030-01-17", true, false, false);
    }

    @Test
    void permissions_areChecked() {
        Api.Reply r = s.api().send("GET", "/calendar/calendars", null, "cal_api", null);
        assertThat(r.status()).isEqualTo(401);
    }
}
