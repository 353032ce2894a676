package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overdue fine policy's {@code countClosed} and {@code forgiveOverdueFine}, over HTTP. Loans last one hour, the
 * fine is 1.00 per started hour. Circ Desk 1 (Main Library's primary service point) is open all day, every day,
 * except yesterday and today.
 * <ul>
 *   <li>books: countClosed true, renewals not forgiven;</li>
 *   <li>DVDs: countClosed false;</li>
 *   <li>reading-room items: renewals forgiven; reading-room DVDs: a policy without countClosed, forgiveOverdueFine
 *       and gracePeriodRecall (each read as false).</li>
 * </ul>
 */
class OverdueFinesClosedTimeAndRenewalTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("ff_closed");
        ObjectNode owner = Json.object().put("owner", "Main Library");
        owner.putArray("servicePointOwner").addObject().put("value", Fixtures.CIRC_DESK_1).put("label", "Circ Desk 1");
        assertThat(s.post("/owners", owner).status()).isEqualTo(201);

        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        ObjectNode cal = Json.object().put("name", "Desk 1").put("startDate", today.minusDays(30).toString())
                .put("endDate", today.plusDays(30).toString());
        cal.putArray("assignments").add(Fixtures.CIRC_DESK_1);
        ArrayNode nh = cal.putArray("normalHours");
        for (String d : new String[]{"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"})
            nh.addObject().put("startDay", d).put("startTime", "00:00").put("endDay", d).put("endTime", "23:59");
        cal.putArray("exceptions").addObject().put("name", "Closed").put("startDate", today.minusDays(1).toString())
                .put("endDate", today.toString()).putArray("openings");
        Api.Reply c = s.post("/calendar/calendars", cal);
        assertThat(c.status()).as(c.body()).isEqualTo(201);

        ObjectNode loanPolicy = Json.object().put("name", "One hour, renewable").put("loanable", true)
                .put("renewable", true);
        loanPolicy.putObject("loansPolicy").put("profileId", "Rolling")
                .put("closedLibraryDueDateManagementId", "CURRENT_DUE_DATE_TIME")
                .set("period", Json.object().put("duration", 1).put("intervalId", "Hours"));
        loanPolicy.putObject("renewalsPolicy").put("numberAllowed", 5).put("renewFromId", "SYSTEM_DATE");
        String lp = created("/loan-policy-storage/loan-policies", loanPolicy);

        String countClosed = finePolicy("Count closed", true, false);
        String openOnly = finePolicy("Open time only", false, false);
        String forgiving = finePolicy("Forgive on renewal", true, true);
        ObjectNode silent = Json.object().put("name", "No countClosed").put("maxOverdueFine", 1000);
        silent.putObject("overdueFine").put("quantity", 1.00).put("intervalId", "hour");
        String unknown = created("/overdue-fines-policies", silent);

        String others = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + lp + " o " + countClosed + others + "\n"
                + "m " + Fixtures.DVD + ": l " + lp + " o " + openOnly + others + "\n"
                + "t " + Fixtures.READING_ROOM + ": l " + lp + " o " + forgiving + others + "\n"
                + "m " + Fixtures.DVD + " + t " + Fixtures.READING_ROOM + ": l " + lp + " o " + unknown + others + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        Fixtures.patron(s, "ffc-1", Fixtures.UNDERGRAD, true);
    }

    static String finePolicy(String name, boolean countClosed, boolean forgive) {
        ObjectNode p = Json.object().put("name", name).put("countClosed", countClosed).put("maxOverdueFine", 1000)
                .put("forgiveOverdueFine", forgive);
        p.putObject("overdueFine").put("quantity", 1.00).put("intervalId", "hour");
        return created("/overdue-fines-policies", p);
    }

    static String created(String path, ObjectNode body) {
        Api.Reply r = s.post(path, body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    /** Checks out a new item on a loan made {@code ago} before now (so due {@code ago} minus one hour ago). */
    static JsonNode overdueLoan(String barcode, String materialType, String loanType, Duration ago) {
        Fixtures.item(s, barcode, materialType, loanType, Fixtures.MAIN_LIBRARY);
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, "ffc-1")
                .put("loanDate", Instant.now().minus(ago).toString()));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        return out.json();
    }

    static JsonNode fines(JsonNode loan) {
        return s.get("/accounts", "loanId==\"" + loan.path("id").asText() + "\"").json().path("accounts");
    }

    static void checkIn(String barcode) {
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(barcode, Fixtures.CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
    }

    @Test
    void countClosedFalse_finesOnlyTheHoursTheServicePointWasOpen() {
        JsonNode loan = overdueLoan("ffc-dvd", Fixtures.DVD, Fixtures.CAN_CIRCULATE, Duration.ofDays(3).plusHours(1));
        checkIn("ffc-dvd");
        assertOpenHoursFined(loan);
    }

    /**
     * A loan due three days ago: the desk was open from the due time to the end of that day and all of the next, and
     * closed since; one hour's fine per started open hour.
     */
    static void assertOpenHoursFined(JsonNode loan) {
        Instant due = Instant.parse(loan.path("dueDate").asText()).truncatedTo(ChronoUnit.MINUTES);
        long minuteOfDay = Duration.between(due.truncatedTo(ChronoUnit.DAYS), due).toMinutes();
        long openMinutes = (1440 - minuteOfDay) + 1440;
        JsonNode fine = fines(loan);
        assertThat(fine).hasSize(1);
        assertThat(fine.get(0).path("amount").decimalValue())
                .isEqualByComparingTo(String.valueOf(Math.ceilDiv(openMinutes, 60)));
    }

    @Test
    void countClosedFalse_nothingWhenOverdueOnlyWhileClosed() {
        // Due an hour ago: the desk has been closed since yesterday.
        JsonNode loan = overdueLoan("ffc-dvd-closed", Fixtures.DVD, Fixtures.CAN_CIRCULATE, Duration.ofHours(2));
        checkIn("ffc-dvd-closed");
        assertThat(fines(loan)).isEmpty();
    }

    @Test
    void countClosedTrue_finesClosedTimeToo() {
        JsonNode loan = overdueLoan("ffc-book", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Duration.ofMinutes(270));
        checkIn("ffc-book");
        // Due 210 minutes ago → 4 started hours.
        assertThat(fines(loan).get(0).path("amount").decimalValue()).isEqualByComparingTo("4.00");
    }

    @Test
    void aPolicyWithoutCountClosed_finesOnlyOpenTime_asCurrentModCirculation() {
        JsonNode loan = overdueLoan("ffc-rr-dvd", Fixtures.DVD, Fixtures.READING_ROOM, Duration.ofDays(3).plusHours(1));
        checkIn("ffc-rr-dvd");
        assertOpenHoursFined(loan);
    }

    @Test
    void aPolicyWithoutForgiveOverdueFine_finesTheRenewalOfAnOverdueLoan() {
        JsonNode loan = overdueLoan("ffc-rr-dvd-renew", Fixtures.DVD, Fixtures.READING_ROOM, Duration.ofDays(3).plusHours(1));
        Api.Reply renewed = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "ffc-rr-dvd-renew")
                .put("userBarcode", "ffc-1"));
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        assertOpenHoursFined(loan);
    }

    @Test
    void renewingAnOverdueLoan_chargesTheFineSoFar_andTheReturnChargesOnlyWhatFollows() {
        JsonNode loan = overdueLoan("ffc-renew", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Duration.ofMinutes(270));
        Api.Reply renewed = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "ffc-renew")
                .put("userBarcode", "ffc-1"));
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        JsonNode fine = fines(loan);
        assertThat(fine).hasSize(1);
        assertThat(fine.get(0).path("amount").decimalValue()).isEqualByComparingTo("4.00");
        assertThat(fine.get(0).path("feeFineType").asText()).isEqualTo("Overdue fine");
        // Renewed from now, the loan is no longer overdue: returning it adds nothing.
        checkIn("ffc-renew");
        assertThat(fines(loan)).hasSize(1);
    }

    @Test
    void renewingAnOverdueLoan_isNotFined_whenThePolicyForgivesIt() {
        JsonNode loan = overdueLoan("ffc-forgiven", Fixtures.BOOK, Fixtures.READING_ROOM, Duration.ofMinutes(270));
        Api.Reply renewed = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "ffc-forgiven")
                .put("userBarcode", "ffc-1"));
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        assertThat(fines(loan)).isEmpty();
    }
}
