package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * Check-outs, renewals and recalls whose computed due date falls while the check-out service point is closed, under
 * each closedLibraryDueDateManagementId, over HTTP in a tenant of their own. The calendar of Circ Desk 1: weekdays
 * 09:00–17:00, Saturdays 10:00–14:00, Sundays closed, closed on Wednesday 2030-01-16; and, for recalls placed now,
 * open all day from yesterday for 120 days but on RECALL_DAY. Circ Desk 2 has no calendar.
 */
class ClosedLibraryDueDatesTest {
    static Api.Session s;
    static final String ELECTRONIC = "615b8413-82d5-4203-aa6e-e37984cb5ac3", MICROFORM = "fd6c6515-d470-4561-9c32-3e3290d4ca98",
            SOUND = "dd0bf600-dbd9-44ab-9ff2-e2a61a6539f1", TEXT = "d9acad2f-2aac-4b48-9097-e6ab85906b25",
            UNSPECIFIED = "71fbd940-1027-40a6-8a48-49b44d795e46", VIDEO = "30b3e36a-d3b2-415e-98c2-47fbdf878862";
    /** The day a recall placed today falls due under the VIDEO policy (2 days); Circ Desk 1 is closed on it. */
    static final LocalDate RECALL_DAY = LocalDate.now(ZoneOffset.UTC).plusDays(2);
    static final AtomicInteger BARCODES = new AtomicInteger();
    /** A material type of our own whose policy keeps the due time of a 3-day loan. */
    static String keepTimeType;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("cal_circ");
        ObjectNode cal = Json.object().put("name", "Desk 1, 2030").put("startDate", "2030-01-01").put("endDate", "2030-12-31");
        cal.putArray("assignments").add(CIRC_DESK_1);
        ArrayNode nh = cal.putArray("normalHours");
        for (String d : new String[]{"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"})
            nh.addObject().put("startDay", d).put("startTime", "09:00").put("endDay", d).put("endTime", "17:00");
        nh.addObject().put("startDay", "SATURDAY").put("startTime", "10:00").put("endDay", "SATURDAY").put("endTime", "14:00");
        cal.putArray("exceptions").addObject().put("name", "Staff day").put("startDate", "2030-01-16")
                .put("endDate", "2030-01-16").putArray("openings");
        Api.Reply c = s.post("/calendar/calendars", cal);
        assertThat(c.status()).as(c.body()).isEqualTo(201);
        // The coming months: open all day, every day, but RECALL_DAY.
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        ObjectNode now = Json.object().put("name", "Desk 1, now").put("startDate", today.minusDays(1).toString())
                .put("endDate", today.plusDays(120).toString());
        now.putArray("assignments").add(CIRC_DESK_1);
        ArrayNode allDay = now.putArray("normalHours");
        for (DayOfWeek d : DayOfWeek.values())
            allDay.addObject().put("startDay", d.name()).put("startTime", "00:00").put("endDay", d.name()).put("endTime", "23:59");
        now.putArray("exceptions").addObject().put("name", "Closed").put("startDate", RECALL_DAY.toString())
                .put("endDate", RECALL_DAY.toString()).putArray("openings");
        Api.Reply n = s.post("/calendar/calendars", now);
        assertThat(n.status()).as(n.body()).isEqualTo(201);

        String current = policy("Keep date", "CURRENT_DUE_DATE", 2, "Days", null);
        String previous = policy("Previous open day", "END_OF_THE_PREVIOUS_OPEN_DAY", 2, "Days", null);
        ObjectNode nextJson = policyJson("Next open day", "END_OF_THE_NEXT_OPEN_DAY", 2, "Days", null);
        nextJson.put("renewable", true).set("renewalsPolicy", Json.object().put("numberAllowed", 5)
                .put("renewFromId", "CURRENT_DUE_DATE").put("differentPeriod", true)
                .set("period", Json.object().put("duration", 3).put("intervalId", "Days")));
        String next = post(nextJson);
        String keepTime = policy("Keep time", "CURRENT_DUE_DATE_TIME", 4, "Hours", null);
        String keepTimeDays = policy("Keep time, 3 days", "CURRENT_DUE_DATE_TIME", 3, "Days", null);
        Api.Reply type = s.post("/material-types", Json.object().put("name", "keep-time items"));
        assertThat(type.status()).as(type.body()).isEqualTo(201);
        keepTimeType = type.json().path("id").asText();
        String endOfHours = policy("End of hours", "END_OF_THE_CURRENT_SERVICE_POINT_HOURS", 4, "Hours", null);
        String nextHours = policy("Next hours", "BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS", 4, "Hours",
                Json.object().put("duration", 30).put("intervalId", "Minutes"));
        ObjectNode recallJson = policyJson("Recalls to the next open day", "END_OF_THE_NEXT_OPEN_DAY", 60, "Days", null);
        recallJson.putObject("requestManagement").putObject("recalls")
                .set("recallReturnInterval", Json.object().put("duration", 2).put("intervalId", "Days"));
        String recalls = post(recallJson);
        String others = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        String rules = "priority: t, s, c, b, a, m, g\n"
                + "fallback-policy: l " + next + others + "\n"
                + "m " + BOOK + ": l " + current + others + "\n"
                + "m " + DVD + ": l " + previous + others + "\n"
                + "m " + ELECTRONIC + ": l " + next + others + "\n"
                + "m " + MICROFORM + ": l " + keepTime + others + "\n"
                + "m " + keepTimeType + ": l " + keepTimeDays + others + "\n"
                + "m " + SOUND + ": l " + endOfHours + others + "\n"
                + "m " + TEXT + ": l " + nextHours + others + "\n"
                + "m " + VIDEO + ": l " + recalls + others + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        Fixtures.patron(s, "cal-patron", UNDERGRAD, true);
    }

    static ObjectNode policyJson(String name, String option, int duration, String interval, ObjectNode offset) {
        ObjectNode lp = Json.object().put("profileId", "Rolling").put("closedLibraryDueDateManagementId", option);
        lp.set("period", Json.object().put("duration", duration).put("intervalId", interval));
        if (offset != null) lp.set("openingTimeOffset", offset);
        return Json.object().put("name", name).put("loanable", true).put("renewable", false).set("loansPolicy", lp);
    }

    static String policy(String name, String option, int duration, String interval, ObjectNode offset) {
        return post(policyJson(name, option, duration, interval, offset));
    }

    static String post(ObjectNode p) {
        Api.Reply r = s.post("/loan-policy-storage/loan-policies", p);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    /** Checks out a new item of the material type at the desk on the loan date. */
    static Api.Reply checkOut(String materialType, String desk, String loanDate) {
        String barcode = "cal-" + BARCODES.incrementAndGet();
        Fixtures.item(s, barcode, materialType, CAN_CIRCULATE, MAIN_LIBRARY);
        return s.post("/circulation/check-out-by-barcode", Json.object().put("itemBarcode", barcode)
                .put("userBarcode", "cal-patron").put("servicePointId", desk).put("loanDate", loanDate));
    }

    static String due(String materialType, String loanDate) {
        Api.Reply r = checkOut(materialType, CIRC_DESK_1, loanDate);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("dueDate").asText();
    }

    @Test
    void currentDueDate_keepsTheClosedDay() {
        assertThat(due(BOOK, "2030-01-14T10:00:00Z")).isEqualTo("2030-01-16T23:59:59.000+00:00");
    }

    @Test
    void endOfThePreviousOpenDay() {
        assertThat(due(DVD, "2030-01-14T10:00:00Z")).isEqualTo("2030-01-15T23:59:59.000+00:00");
        assertThat(due(DVD, "2030-01-18T10:00:00Z")).as("Sunday -> Saturday").isEqualTo("2030-01-19T23:59:59.000+00:00");
        assertThat(due(DVD, "2030-01-21T10:00:00Z")).as("an open day is kept").isEqualTo("2030-01-23T23:59:59.000+00:00");
    }

    @Test
    void endOfTheNextOpenDay_atCheckOutAndRenewal() {
        Api.Reply r = checkOut(ELECTRONIC, CIRC_DESK_1, "2030-01-14T10:00:00Z");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.json().path("dueDate").asText()).isEqualTo("2030-01-17T23:59:59.000+00:00");
        // Renewed from the current due date by 3 days: Sunday the 20th is closed, so Monday.
        Api.Reply renewed = s.post("/circulation/renew-by-barcode", Json.object()
                .put("itemBarcode", r.json().path("item").path("barcode").asText()).put("userBarcode", "cal-patron")
                .put("servicePointId", CIRC_DESK_2));
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        assertThat(renewed.json().path("dueDate").asText()).isEqualTo("2030-01-21T23:59:59.000Z");
    }

    @Test
    void currentDueDateTime_keepsTheComputedTime_ofADayBasedLoan() {
        // mod-circulation's KeepCurrentDateTimeStrategy: loan date + 3 days at the loan's time, not 23:59:59.
        assertThat(due(keepTimeType, "2030-01-14T10:00:00Z")).isEqualTo("2030-01-17T10:00:00.000+00:00");
        assertThat(due(keepTimeType, "2030-01-17T08:30:00Z")).as("a closed Sunday is kept too")
                .isEqualTo("2030-01-20T08:30:00.000+00:00");
    }

    @Test
    void currentDueDateTime_keepsTheClosedHour() {
        assertThat(due(MICROFORM, "2030-01-18T15:00:00Z")).isEqualTo("2030-01-18T19:00:00.000+00:00");
    }

    @Test
    void endOfTheCurrentServicePointHours() {
        assertThat(due(SOUND, "2030-01-18T15:00:00Z")).isEqualTo("2030-01-18T17:00:00.000+00:00");
        assertThat(due(SOUND, "2030-01-18T11:00:00Z")).as("due while open is kept").isEqualTo("2030-01-18T15:00:00.000+00:00");
        assertThat(due(SOUND, "2030-01-18T18:00:00Z")).as("lent while closed: the end of the next opening")
                .isEqualTo("2030-01-19T14:00:00.000+00:00");
    }

    @Test
    void beginningOfTheNextOpenServicePointHours_plusTheOffset() {
        assertThat(due(TEXT, "2030-01-18T15:00:00Z")).isEqualTo("2030-01-19T10:30:00.000+00:00");
        assertThat(due(TEXT, "2030-01-15T14:00:00Z")).as("Wednesday is closed: Thursday 09:00 + 30 min")
                .isEqualTo("2030-01-17T09:30:00.000+00:00");
    }

    @Test
    void aRecallsDueDate_goesToTheEndOfTheNextOpenDay_whenItFallsOnAClosedOne() {
        Api.Reply loan = s.post("/circulation/check-out-by-barcode", Json.object()
                .put("itemBarcode", Fixtures.item(s, "cal-" + BARCODES.incrementAndGet(), VIDEO, CAN_CIRCULATE, MAIN_LIBRARY)
                        .path("barcode").asText()).put("userBarcode", "cal-patron").put("servicePointId", CIRC_DESK_1));
        assertThat(loan.status()).as(loan.body()).isEqualTo(201);
        String recaller = Fixtures.patron(s, "cal-recaller", UNDERGRAD, true).path("id").asText();
        Api.Reply recall = s.post("/circulation/requests", Json.object().put("requestType", "Recall")
                .put("requestLevel", "Item").put("itemId", loan.json().path("itemId").asText()).put("requesterId", recaller)
                .put("pickupServicePointId", CIRC_DESK_1).put("fulfillmentPreference", "Hold Shelf")
                .put("requestDate", Instant.now().toString()));
        assertThat(recall.status()).as(recall.body()).isEqualTo(201);
        assertThat(s.get("/circulation/loans/" + loan.json().path("id").asText()).json().path("dueDate").asText())
                .isEqualTo(RECALL_DAY.plusDays(1) + "T23:59:59.000+00:00");
    }

    @Test
    void aServicePointWithoutCalendar_keepsTheComputedDueDate() {
        Api.Reply r = checkOut(ELECTRONIC, CIRC_DESK_2, "2030-01-14T10:00:00Z");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.json().path("dueDate").asText()).isEqualTo("2030-01-16T23:59:59.000+00:00");
    }

    @Test
    void noOpenDayWithinAYear_isFoliosTimetableAbsentError() {
        Api.Reply r = checkOut(UNSPECIFIED, CIRC_DESK_1, "2033-06-01T10:00:00Z");
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Calendar timetable is absent for requested date");
        assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("CALENDAR_TIMETABLE_ABSENT");
    }
}
