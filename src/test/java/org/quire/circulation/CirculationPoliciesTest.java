package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.List;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** Circulation rules, loan policies and the check-out and check-in rules over HTTP, in a tenant of their own. */
class CirculationPoliciesTest {
    static Api.Session s;
    static final String GRADUATE = "ad0bc554-d5bc-463c-85d1-5562127ae91b";
    static String rolling, notLoanable, limitOne, fixed, notRenewable;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("circ_policies");
        rolling = policy(Json.object().put("name", "Three weeks").put("loanable", true).put("renewable", true)
                .set("loansPolicy", Json.object().put("profileId", "Rolling")
                        .set("period", Json.object().put("duration", 3).put("intervalId", "Weeks"))));
        notLoanable = policy(Json.object().put("name", "Reference only").put("loanable", false));
        limitOne = policy(Json.object().put("name", "One at a time").put("loanable", true)
                .set("loansPolicy", Json.object().put("profileId", "Rolling").put("itemLimit", 1)
                        .set("period", Json.object().put("duration", 2).put("intervalId", "Hours"))));
        Instant now = Instant.now();
        Api.Reply schedule = s.post("/fixed-due-date-schedule-storage/fixed-due-date-schedules", Json.object()
                .put("name", "Semester").set("schedules", Json.array().add(Json.object()
                        .put("from", now.minus(10, ChronoUnit.DAYS).toString()).put("to", now.plus(10, ChronoUnit.DAYS).toString())
                        .put("due", "2030-01-15T23:59:59.000Z"))));
        assertThat(schedule.status()).isEqualTo(201);
        fixed = policy(Json.object().put("name", "Semester loan").put("loanable", true)
                .set("loansPolicy", Json.object().put("profileId", "Fixed")
                        .put("fixedDueDateScheduleId", schedule.json().path("id").asText())));
        notRenewable = policy(Json.object().put("name", "No renewals").put("loanable", true).put("renewable", false)
                .set("loansPolicy", Json.object().put("profileId", "Rolling")
                        .set("period", Json.object().put("duration", 1).put("intervalId", "Days"))));
        String others = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        String rules = "priority: t, s, c, b, a, m, g\n"
                + "fallback-policy: l " + rolling + others + "\n"
                + "m " + DVD + ": l " + notLoanable + others + "\n"
                + "m " + BOOK + " + t " + READING_ROOM + ": l " + limitOne + others + "\n"
                + "g " + STAFF + ": l " + fixed + others + "\n"
                + "g " + GRADUATE + ": l " + notRenewable + others + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        assertThat(s.get("/circulation/rules").json().path("rulesAsText").asText()).isEqualTo(rules);
    }

    static String policy(ObjectNode p) {
        Api.Reply r = s.post("/loan-policy-storage/loan-policies", p);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static Api.Reply checkOut(String item, String user) {
        return s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item, user));
    }

    static String firstMessage(Api.Reply r) {
        return r.json().path("errors").get(0).path("message").asText();
    }

    @Test
    void rulesWithASyntaxError_are422WithLineAndColumn() {
        Api.Reply r = s.put("/circulation/rules", Json.object().put("rulesAsText",
                "priority: t, s, c, b, a, m, g\nfallback-policy: l pa r pb n pc o pd i pe\nx book: l pa"));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("line").asInt()).isEqualTo(3);
        assertThat(r.json().path("column").asInt()).isEqualTo(1);
        assertThat(r.json().path("message").asText()).isNotBlank();
    }

    @Test
    void policyLookupEndpoint_appliesTheRules() {
        Api.Reply r = s.get("/circulation/rules/loan-policy?item_type_id=" + DVD + "&loan_type_id=" + CAN_CIRCULATE
                + "&patron_type_id=" + UNDERGRAD + "&location_id=" + MAIN_LIBRARY);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("loanPolicyId").asText()).isEqualTo(notLoanable);
        Api.Reply fallback = s.get("/circulation/rules/overdue-fine-policy?item_type_id=" + BOOK + "&loan_type_id="
                + CAN_CIRCULATE + "&patron_type_id=" + UNDERGRAD + "&location_id=" + MAIN_LIBRARY);
        assertThat(fallback.json().path("overdueFinePolicyId").asText()).isEqualTo("cd3f6cac-fa17-4079-9fae-2fb28e521412");
        assertThat(s.get("/circulation/rules/loan-policy?item_type_id=" + DVD).status()).isEqualTo(400);
    }

    @Test
    void fallbackRollingWeeks_dueAtTheEndOfTheDay() {
        Fixtures.item(s, "p-roll-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-roll-1", UNDERGRAD, true);
        Api.Reply r = checkOut("p-roll-1", "u-roll-1");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        Instant loanDate = Instant.parse(r.json().path("loanDate").asText());
        Instant expected = loanDate.atZone(ZoneOffset.UTC).plusWeeks(3).toLocalDate().atTime(LocalTime.of(23, 59, 59))
                .toInstant(ZoneOffset.UTC);
        assertThat(Instant.parse(r.json().path("dueDate").asText())).isEqualTo(expected);
        assertThat(r.json().path("loanPolicyId").asText()).isEqualTo(rolling);
        assertThat(r.json().path("patronGroupAtCheckout").path("name").asText()).isEqualTo("undergrad");
    }

    @Test
    void fixedSchedule_givesTheScheduleDueDate() {
        Fixtures.item(s, "p-fixed-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-staff-1", STAFF, true);
        Api.Reply r = checkOut("p-fixed-1", "u-staff-1");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        // the check-out answer's loan comes back from storage: RMB's date-time form
        assertThat(r.json().path("dueDate").asText()).isEqualTo("2030-01-15T23:59:59.000+00:00");
    }

    @Test
    void notLoanable_is422() {
        Fixtures.item(s, "p-dvd-1", DVD, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-dvd-1", UNDERGRAD, true);
        Api.Reply r = checkOut("p-dvd-1", "u-dvd-1");
        assertThat(r.status()).isEqualTo(422);
        assertThat(firstMessage(r)).isEqualTo("Item is not loanable");
        assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("ITEM_NOT_LOANABLE");
    }

    @Test
    void itemLimit_countsOpenLoansOfTheSameKind() {
        Fixtures.item(s, "p-lim-1", BOOK, READING_ROOM, MAIN_LIBRARY);
        Fixtures.item(s, "p-lim-2", BOOK, READING_ROOM, MAIN_LIBRARY);
        Fixtures.item(s, "p-lim-3", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-lim-1", UNDERGRAD, true);
        assertThat(checkOut("p-lim-1", "u-lim-1").status()).isEqualTo(201);
        assertThat(checkOut("p-lim-3", "u-lim-1").status()).as("another kind of item is not counted").isEqualTo(201);
        Api.Reply r = checkOut("p-lim-2", "u-lim-1");
        assertThat(r.status()).isEqualTo(422);
        assertThat(firstMessage(r)).isEqualTo("Patron has reached maximum limit of 1 items for combination of material "
                + "type and loan type");
        s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("p-lim-1", CIRC_DESK_1));
        assertThat(checkOut("p-lim-2", "u-lim-1").status()).isEqualTo(201);
    }

    @Test
    void itemLimit_holdsUnderSimultaneousCheckOutsByOnePatron() throws Exception {
        Fixtures.patron(s, "u-lim-race", UNDERGRAD, true);
        List<String> items = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) items.add(Fixtures.item(s, "p-lim-race-" + i, BOOK, READING_ROOM, MAIN_LIBRARY)
                .path("barcode").asText());
        assertThat(CheckOutRace.statuses(items, b -> checkOut(b, "u-lim-race").status()))
                .containsOnly(201, 422).filteredOn(st -> st == 201).hasSize(1);
    }

    @Test
    void inactiveAndBlockedPatrons_cannotBorrow() {
        Fixtures.item(s, "p-pat-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-inactive", UNDERGRAD, false);
        assertThat(firstMessage(checkOut("p-pat-1", "u-inactive"))).isEqualTo("Cannot check out to inactive user");
        ObjectNode blocked = Fixtures.patron(s, "u-blocked", UNDERGRAD, true);
        assertThat(s.post("/manualblocks", Json.object().put("userId", blocked.path("id").asText()).put("borrowing", true)
                .put("desc", "Lost library card")).status()).isEqualTo(201);
        Api.Reply r = checkOut("p-pat-1", "u-blocked");
        assertThat(r.status()).isEqualTo(422);
        assertThat(firstMessage(r)).isEqualTo("Patron blocked from borrowing");
        assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("USER_IS_BLOCKED_MANUALLY");
    }

    @Test
    void declaredLostItem_cannotBeCheckedOut() {
        ObjectNode item = Fixtures.item(s, "p-lost-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        item.putObject("status").put("name", "Declared lost");
        assertThat(s.put("/item-storage/items/" + item.path("id").asText(), item).status()).isEqualTo(204);
        Fixtures.patron(s, "u-lost-1", UNDERGRAD, true);
        assertThat(firstMessage(checkOut("p-lost-1", "u-lost-1")))
                .isEqualTo("Title of p-lost-1 (book) (Barcode: p-lost-1) has the item status Declared lost and cannot be checked out");
    }

    @Test
    void notRenewablePolicy_refusesRenewal_andRenewingAnotherUsersLoanIsRefused() {
        Fixtures.item(s, "p-nr-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-grad-1", GRADUATE, true);
        Fixtures.patron(s, "u-grad-2", GRADUATE, true);
        assertThat(checkOut("p-nr-1", "u-grad-1").status()).isEqualTo(201);
        Api.Reply r = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "p-nr-1").put("userBarcode", "u-grad-1"));
        assertThat(r.status()).isEqualTo(422);
        assertThat(firstMessage(r)).isEqualTo("loan is not renewable");
        Api.Reply other = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "p-nr-1").put("userBarcode", "u-grad-2"));
        assertThat(firstMessage(other)).isEqualTo("Cannot renew item checked out to different user");
    }

    @Test
    void proxyCheckOut_needsAValidRelationship() {
        Fixtures.item(s, "p-proxy-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        ObjectNode sponsor = Fixtures.patron(s, "u-sponsor", UNDERGRAD, true);
        ObjectNode proxy = Fixtures.patron(s, "u-proxy", UNDERGRAD, true);
        ObjectNode body = Fixtures.checkOut("p-proxy-1", "u-sponsor").put("proxyUserBarcode", "u-proxy");
        Api.Reply none = s.post("/circulation/check-out-by-barcode", body);
        assertThat(firstMessage(none)).isEqualTo("Cannot check out item via proxy when relationship is invalid");
        assertThat(firstMessage(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("p-proxy-1", "u-sponsor")
                .put("proxyUserBarcode", "u-sponsor")))).isEqualTo("User cannot be proxy for themselves");
        assertThat(s.post("/proxiesfor", Json.object().put("userId", sponsor.path("id").asText())
                .put("proxyUserId", proxy.path("id").asText()).put("status", "Active")).status()).isEqualTo(201);
        Api.Reply ok = s.post("/circulation/check-out-by-barcode", body);
        assertThat(ok.status()).as(ok.body()).isEqualTo(201);
        assertThat(ok.json().path("proxyUserId").asText()).isEqualTo(proxy.path("id").asText());
        assertThat(ok.json().path("userId").asText()).isEqualTo(sponsor.path("id").asText());
    }

    @Test
    void checkInAtAnotherServicePoint_putsTheItemInTransit() {
        Fixtures.item(s, "p-transit-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "u-transit-1", UNDERGRAD, true);
        assertThat(checkOut("p-transit-1", "u-transit-1").status()).isEqualTo(201);
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("p-transit-1", CIRC_DESK_2));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        JsonNode item = in.json().path("item");
        assertThat(item.path("status").path("name").asText()).isEqualTo("In transit");
        assertThat(item.path("inTransitDestinationServicePointId").asText()).isEqualTo(CIRC_DESK_1);
        assertThat(item.path("inTransitDestinationServicePoint").path("name").asText()).isEqualTo("Circ Desk 1");
        assertThat(in.json().path("loan").path("checkinServicePointId").asText()).isEqualTo(CIRC_DESK_2);
        Api.Reply home = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("p-transit-1", CIRC_DESK_1));
        assertThat(home.json().path("item").path("status").path("name").asText()).isEqualTo("Available");
        assertThat(home.json().has("loan")).isFalse();
        assertThat(s.get("/check-in-storage/check-ins", "itemId==" + in.json().path("item").path("id").asText())
                .json().path("totalRecords").asInt()).isEqualTo(2);
    }

    @Test
    void loansAreListedWithTheirExtendedRepresentation() {
        Fixtures.item(s, "p-list-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        ObjectNode u = Fixtures.patron(s, "u-list-1", UNDERGRAD, true);
        assertThat(checkOut("p-list-1", "u-list-1").status()).isEqualTo(201);
        Api.Reply loans = s.get("/circulation/loans?limit=1", "(userId==" + u.path("id").asText() + " and status.name<>Closed)");
        assertThat(loans.json().path("totalRecords").asInt()).isEqualTo(1);
        JsonNode loan = loans.json().path("loans").get(0);
        assertThat(loan.path("item").path("barcode").asText()).isEqualTo("p-list-1");
        assertThat(loan.path("item").path("materialType").path("name").asText()).isEqualTo("book");
        assertThat(loan.path("item").path("location").path("name").asText()).isEqualTo("Main Library");
        assertThat(loan.path("borrower").path("barcode").asText()).isEqualTo("u-list-1");
        assertThat(loan.path("loanPolicy").path("name").asText()).isEqualTo("Three weeks");
        assertThat(loan.path("overdueFinePolicy").path("name").asText()).isEqualTo("Overdue fine policy");
        assertThat(loan.path("lostItemPolicy").path("name").asText()).isEqualTo("Lost item fee policy");
        assertThat(loan.path("checkoutServicePoint").path("name").asText()).isEqualTo("Circ Desk 1");
    }
}
