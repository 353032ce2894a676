package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * The loan policy's renewal rules over HTTP, one test per rule, each material type matched to a policy of its own:
 * numberAllowed, unlimited, renewFromId (current due date / system date), "renewal would not change the due date",
 * differentPeriod, and fixed schedules (the alternate renewal schedule, and a renewal date outside every range).
 */
class RenewalRulesTest {
    static final String ELECTRONIC = "615b8413-82d5-4203-aa6e-e37984cb5ac3", MICROFORM = "fd6c6515-d470-4561-9c32-3e3290d4ca98",
            SOUND = "dd0bf600-dbd9-44ab-9ff2-e2a61a6539f1", TEXT = "d9acad2f-2aac-4b48-9097-e6ab85906b25",
            UNSPECIFIED = "71fbd940-1027-40a6-8a48-49b44d795e46", VIDEO = "30b3e36a-d3b2-415e-98c2-47fbdf878862";
    static Api.Session s;
    static final AtomicInteger seq = new AtomicInteger();
    static ObjectNode borrower;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("renewal_rules");
        Instant now = Instant.now();
        String semester = schedule("Semester", now.minus(10, ChronoUnit.DAYS), now.plus(10, ChronoUnit.DAYS),
                "2030-01-15T23:59:59.000Z");
        String summer = schedule("Summer", now.minus(10, ChronoUnit.DAYS), now.plus(10, ChronoUnit.DAYS),
                "2030-06-30T23:59:59.000Z");
        String past = schedule("Last year", now.minus(400, ChronoUnit.DAYS), now.minus(300, ChronoUnit.DAYS),
                "2025-01-15T23:59:59.000Z");

        String oneRenewal = post(rolling("One renewal", Json.object().put("numberAllowed", 1)));
        String unlimited = post(rolling("Unlimited", Json.object().put("unlimited", true)));
        String fromNow = post(rolling("From the system date", Json.object().put("numberAllowed", 5)
                .put("renewFromId", "SYSTEM_DATE")));
        String fromDue = post(rolling("From the due date", Json.object().put("numberAllowed", 5)
                .put("renewFromId", "CURRENT_DUE_DATE")));
        ObjectNode different = Json.object().put("numberAllowed", 5).put("renewFromId", "CURRENT_DUE_DATE")
                .put("differentPeriod", true);
        different.putObject("period").put("duration", 3).put("intervalId", "Days");
        String differentPeriod = post(rolling("Different period", different));
        String fixedAlternate = post(fixed("Fixed, summer renewals", semester,
                Json.object().put("numberAllowed", 5).put("alternateFixedDueDateScheduleId", summer)
                        .put("differentPeriod", true)));
        String fixedSame = post(fixed("Fixed, alternate schedule unused", semester,
                Json.object().put("numberAllowed", 5).put("alternateFixedDueDateScheduleId", summer)));
        String fixedOutside = post(fixed("Fixed, no renewal range", semester,
                Json.object().put("numberAllowed", 5).put("alternateFixedDueDateScheduleId", past)
                        .put("differentPeriod", true)));

        String others = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + oneRenewal + others + "\n"
                + "m " + BOOK + ": l " + oneRenewal + others + "\n"
                + "m " + DVD + ": l " + unlimited + others + "\n"
                + "m " + ELECTRONIC + ": l " + fromNow + others + "\n"
                + "m " + MICROFORM + ": l " + fromDue + others + "\n"
                + "m " + SOUND + ": l " + differentPeriod + others + "\n"
                + "m " + TEXT + ": l " + fixedAlternate + others + "\n"
                + "m " + UNSPECIFIED + ": l " + fixedOutside + others + "\n"
                + "m " + VIDEO + ": l " + fixedSame + others + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        borrower = Fixtures.patron(s, "rr-borrower", UNDERGRAD, true);
    }

    static String schedule(String name, Instant from, Instant to, String due) {
        Api.Reply r = s.post("/fixed-due-date-schedule-storage/fixed-due-date-schedules", Json.object().put("name", name)
                .set("schedules", Json.array().add(Json.object().put("from", from.toString()).put("to", to.toString())
                        .put("due", due))));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    /** Rolling two weeks. */
    static ObjectNode rolling(String name, ObjectNode renewals) {
        ObjectNode p = Json.object().put("name", name).put("loanable", true).put("renewable", true);
        p.putObject("loansPolicy").put("profileId", "Rolling")
                .set("period", Json.object().put("duration", 2).put("intervalId", "Weeks"));
        p.set("renewalsPolicy", renewals);
        return p;
    }

    static ObjectNode fixed(String name, String scheduleId, ObjectNode renewals) {
        ObjectNode p = Json.object().put("name", name).put("loanable", true).put("renewable", true);
        p.putObject("loansPolicy").put("profileId", "Fixed").put("fixedDueDateScheduleId", scheduleId);
        p.set("renewalsPolicy", renewals);
        return p;
    }

    static String post(ObjectNode policy) {
        Api.Reply r = s.post("/loan-policy-storage/loan-policies", policy);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    /** A new item of the material type, checked out to the borrower; returns the loan. */
    static JsonNode loan(String materialType) {
        String barcode = "rr-item-" + seq.incrementAndGet();
        Fixtures.item(s, barcode, materialType, CAN_CIRCULATE, MAIN_LIBRARY);
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, "rr-borrower"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    static Api.Reply renew(JsonNode loan) {
        return s.post("/circulation/renew-by-barcode", Json.object()
                .put("itemBarcode", loan.path("item").path("barcode").asText()).put("userBarcode", "rr-borrower"));
    }

    static JsonNode renewed(JsonNode loan) {
        Api.Reply r = renew(loan);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static JsonNode refused(JsonNode loan) {
        Api.Reply r = renew(loan);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        return r.json().path("errors").get(0);
    }

    static Instant due(JsonNode loan) {
        return Instant.parse(loan.path("dueDate").asText());
    }

    static Instant endOfDayAfter(Instant t, int days) {
        return t.atZone(ZoneOffset.UTC).toLocalDate().plusDays(days).atTime(LocalTime.of(23, 59, 59)).toInstant(ZoneOffset.UTC);
    }

    @Test
    void numberAllowed_limitsTheRenewals() {
        JsonNode loan = loan(BOOK);
        assertThat(renewed(loan).path("renewalCount").asInt()).isEqualTo(1);
        JsonNode error = refused(loan);
        assertThat(error.path("message").asText()).isEqualTo("loan at maximum renewal number");
        assertThat(error.path("code").asText()).isEqualTo("LOAN_RENEWAL_LIMIT_REACHED");
    }

    @Test
    void unlimited_ignoresTheNumberAllowed() {
        JsonNode loan = loan(DVD);
        for (int i = 1; i <= 4; i++) assertThat(renewed(loan).path("renewalCount").asInt()).isEqualTo(i);
    }

    @Test
    void renewFromTheCurrentDueDate_addsThePeriodToTheDueDate() {
        JsonNode loan = loan(MICROFORM);
        assertThat(due(renewed(loan))).isEqualTo(endOfDayAfter(due(loan), 14));
    }

    @Test
    void renewFromTheSystemDate_rightAfterCheckOut_wouldNotChangeTheDueDate() {
        // Two weeks from now is the due date the check-out just gave: FOLIO refuses such a renewal.
        JsonNode error = refused(loan(ELECTRONIC));
        assertThat(error.path("message").asText()).isEqualTo("renewal would not change the due date");
        assertThat(error.path("code").asText()).isEqualTo("RENEWAL_WOULD_NOT_CHANGE_DUE_DATE");
    }

    @Test
    void differentPeriod_renewsForTheRenewalPeriod() {
        JsonNode loan = loan(SOUND);
        assertThat(due(renewed(loan))).isEqualTo(endOfDayAfter(due(loan), 3));
    }

    @Test
    void fixedSchedule_renewsToTheAlternateRenewalSchedulesDueDate() {
        JsonNode loan = loan(TEXT);
        // check-out answers storage's form; the renewal answer mod-circulation's own (its in-memory loan)
        assertThat(loan.path("dueDate").asText()).isEqualTo("2030-01-15T23:59:59.000+00:00");
        assertThat(renewed(loan).path("dueDate").asText()).isEqualTo("2030-06-30T23:59:59.000Z");
    }

    @Test
    void fixedSchedule_withoutDifferentPeriod_renewsOnTheLoanSchedule_whichWouldNotChangeTheDueDate() {
        JsonNode error = refused(loan(VIDEO));
        assertThat(error.path("message").asText()).isEqualTo("renewal would not change the due date");
    }

    @Test
    void fixedSchedule_withoutARangeForToday_refusesTheRenewal() {
        JsonNode error = refused(loan(UNSPECIFIED));
        assertThat(error.path("message").asText()).isEqualTo("renewal date falls outside of date ranges in fixed loan policy");
        assertThat(error.path("code").asText()).isEqualTo("RENEWAL_DATE_OUTSIDE_OF_RANGE");
    }
}
