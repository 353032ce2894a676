package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Overdue fines at check-in over HTTP: 1.00 per started hour, a two-hour grace period, a 5.00 cap; the loans last one
 * hour and are checked out in the past to be overdue. Also the accounts queries of FOLIO's check-in/out screens.
 */
class OverdueFinesTest {
    static Api.Session s;
    static String ownerId;
    static String fineFreeOwnerTenant;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("ff_overdue");
        ObjectNode owner = Json.object().put("owner", "Main Library");
        owner.putArray("servicePointOwner").addObject().put("value", Fixtures.CIRC_DESK_1).put("label", "Circ Desk 1");
        Api.Reply o = s.post("/owners", owner);
        assertThat(o.status()).as(o.body()).isEqualTo(201);
        ownerId = o.json().path("id").asText();

        ObjectNode loanPolicy = Json.object().put("name", "One hour, two hours grace").put("loanable", true)
                .put("renewable", false);
        loanPolicy.putObject("loansPolicy").put("profileId", "Rolling")
                .put("closedLibraryDueDateManagementId", "CURRENT_DUE_DATE_TIME")
                .<ObjectNode>set("period", Json.object().put("duration", 1).put("intervalId", "Hours"))
                .set("gracePeriod", Json.object().put("duration", 2).put("intervalId", "Hours"));
        Api.Reply lp = s.post("/loan-policy-storage/loan-policies", loanPolicy);
        assertThat(lp.status()).as(lp.body()).isEqualTo(201);

        ObjectNode finePolicy = Json.object().put("name", "Hourly fine").put("countClosed", true)
                .put("maxOverdueFine", 5.00).put("forgiveOverdueFine", false);
        finePolicy.putObject("overdueFine").put("quantity", 1.00).put("intervalId", "hour");
        Api.Reply fp = s.post("/overdue-fines-policies", finePolicy);
        assertThat(fp.status()).as(fp.body()).isEqualTo(201);

        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + lp.json().path("id").asText()
                + " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c o "
                + fp.json().path("id").asText() + " i ed892c0e-52e0-4cd9-8133-c0ef07b4a709\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
    }

    /** Checks out a new item, the loan starting {@code ago} before now, checks it in now; returns the closed loan. */
    static JsonNode loanReturnedAfter(String barcode, String patron, Duration ago) {
        Fixtures.item(s, barcode, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, patron)
                .put("loanDate", Instant.now().minus(ago).toString()));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(barcode, Fixtures.CIRC_DESK_2));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        return in.json().path("loan");
    }

    static JsonNode accounts(String cql) {
        Api.Reply r = s.get("/accounts?limit=100", cql);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    @Test
    void overdueReturn_isFinedPerStartedHourAfterTheGracePeriod_upToTheCap() {
        String patron = Fixtures.patron(s, "ffo-1", Fixtures.UNDERGRAD, true).path("id").asText();
        // Due an hour after the loan date: returned 210 minutes late → 4 started hours → 4.00.
        JsonNode late = loanReturnedAfter("ffo-late", "ffo-1", Duration.ofMinutes(270));
        // Returned 90 minutes late: within the two-hour grace period → nothing.
        JsonNode grace = loanReturnedAfter("ffo-grace", "ffo-1", Duration.ofMinutes(150));
        // Two days late: 47 hours → capped at 5.00.
        JsonNode veryLate = loanReturnedAfter("ffo-very-late", "ffo-1", Duration.ofDays(2));
        // On time.
        JsonNode onTime = loanReturnedAfter("ffo-on-time", "ffo-1", Duration.ofMinutes(10));

        JsonNode fine = accounts("loanId==\"" + late.path("id").asText() + "\"").path("accounts");
        assertThat(fine).hasSize(1);
        JsonNode a = fine.get(0);
        assertThat(a.path("amount").decimalValue()).isEqualByComparingTo("4.00");
        assertThat(a.path("remaining").decimalValue()).isEqualByComparingTo("4.00");
        assertThat(a.path("feeFineType").asText()).isEqualTo("Overdue fine");
        assertThat(a.path("feeFineId").asText()).isEqualTo(FeesFinesTypes.OVERDUE_FINE_TYPE.toString());
        assertThat(a.path("ownerId").asText()).isEqualTo(ownerId);
        assertThat(a.path("feeFineOwner").asText()).isEqualTo("Main Library");
        assertThat(a.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(a.path("paymentStatus").path("name").asText()).isEqualTo("Outstanding");
        assertThat(a.path("userId").asText()).isEqualTo(patron);
        assertThat(a.path("barcode").asText()).isEqualTo("ffo-late");
        assertThat(a.path("title").asText()).isEqualTo("Title of ffo-late");

        JsonNode charge = s.get("/feefineactions", "accountId==" + a.path("id").asText()).json().path("feefineactions");
        assertThat(charge).hasSize(1);
        assertThat(charge.get(0).path("typeAction").asText()).isEqualTo("Overdue fine");
        assertThat(charge.get(0).path("balance").decimalValue()).isEqualByComparingTo("4.00");
        // As mod-circulation's StoredFeeFineAction: the checking-in staff member's "Last, First" and "-".
        assertThat(charge.get(0).path("source").asText()).isEqualTo("Administrator, ff_overdue_admin");
        assertThat(charge.get(0).path("transactionInformation").asText()).isEqualTo("-");

        assertThat(accounts("loanId==\"" + grace.path("id").asText() + "\"").path("totalRecords").asInt()).isZero();
        assertThat(accounts("loanId==\"" + onTime.path("id").asText() + "\"").path("totalRecords").asInt()).isZero();
        JsonNode capped = accounts("loanId==\"" + veryLate.path("id").asText() + "\"").path("accounts");
        assertThat(capped.get(0).path("amount").decimalValue()).isEqualByComparingTo("5.00");

        // FOLIO's check-out screen: the patron's open fees/fines.
        JsonNode open = accounts("(userId==" + patron + " and status.name<>Closed)");
        assertThat(open.path("totalRecords").asInt()).isEqualTo(2);
        // Check-in screen: this item's fees/fines of this patron, open or closed.
        String itemId = a.path("itemId").asText();
        JsonNode forItem = accounts("(userId==" + patron + " and itemId==" + itemId
                + ") and (status.name==\"Open\" or status.name==\"Closed\")");
        assertThat(forItem.path("totalRecords").asInt()).isEqualTo(1);

        // Paid off, the fine leaves the open list.
        Api.Reply pay = s.post("/accounts/" + a.path("id").asText() + "/pay", Json.object().put("amount", "4.00")
                .put("paymentMethod", "Cash"));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);
        assertThat(accounts("(userId==" + patron + " and status.name<>Closed)").path("totalRecords").asInt()).isEqualTo(1);
        assertThat(accounts("(userId==" + patron + " and itemId==" + itemId
                + ") and (status.name==\"Open\" or status.name==\"Closed\")").path("totalRecords").asInt()).isEqualTo(1);
    }

    @Test
    void calculation_intervalsGraceAndCap() {
        ObjectNode policy = Json.object().put("maxOverdueFine", 0.0);
        policy.putObject("overdueFine").put("quantity", 0.25).put("intervalId", "day");
        Instant due = Instant.parse("2025-01-01T12:00:00Z");
        assertThat(OverdueFineCalculation.amount(policy, null, due, due)).isEqualByComparingTo("0");
        assertThat(OverdueFineCalculation.amount(policy, null, due, due.plusSeconds(59))).isEqualByComparingTo("0");
        assertThat(OverdueFineCalculation.amount(policy, null, due, due.plusSeconds(60))).isEqualByComparingTo("0.25");
        assertThat(OverdueFineCalculation.amount(policy, null, due, due.plus(Duration.ofDays(3)))).isEqualByComparingTo("0.75");
        assertThat(OverdueFineCalculation.amount(policy, null, due, due.plus(Duration.ofDays(3)).plusSeconds(60)))
                .isEqualByComparingTo("1.00");
        ObjectNode loanPolicy = Json.object();
        loanPolicy.putObject("loansPolicy").putObject("gracePeriod").put("duration", 1).put("intervalId", "Weeks");
        assertThat(OverdueFineCalculation.amount(policy, loanPolicy, due, due.plus(Duration.ofDays(7)))).isEqualByComparingTo("0");
        // Beyond the grace period the whole overdue time is fined, as in FOLIO.
        assertThat(OverdueFineCalculation.amount(policy, loanPolicy, due, due.plus(Duration.ofDays(8)))).isEqualByComparingTo("2.00");
        policy.put("maxOverdueFine", 1.10);
        assertThat(OverdueFineCalculation.amount(policy, loanPolicy, due, due.plus(Duration.ofDays(8)))).isEqualByComparingTo("1.10");
        // A recall: the recall fine and cap apply; the grace period is ignored only when gracePeriodRecall is true
        // (absent reads as false, as in current mod-circulation).
        policy.putObject("overdueRecallFine").put("quantity", 2.00).put("intervalId", "day");
        policy.put("maxOverdueRecallFine", 0);
        assertThat(OverdueFineCalculation.amount(policy, loanPolicy, true, 3 * 1440)).isEqualByComparingTo("0");
        assertThat(OverdueFineCalculation.amount(policy, loanPolicy, true, 8 * 1440)).isEqualByComparingTo("16.00");
        policy.put("gracePeriodRecall", true);
        assertThat(OverdueFineCalculation.amount(policy, loanPolicy, true, 3 * 1440)).isEqualByComparingTo("6.00");
        ObjectNode monthly = Json.object().put("maxOverdueFine", 0);
        monthly.putObject("overdueFine").put("quantity", "3.00").put("intervalId", "month");
        assertThat(OverdueFineCalculation.amount(monthly, null, due, due.plus(Duration.ofDays(32)))).isEqualByComparingTo("6.00");
        ObjectNode yearly = Json.object().put("maxOverdueFine", 0);
        yearly.putObject("overdueFine").put("quantity", "10.00").put("intervalId", "year");
        assertThat(OverdueFineCalculation.amount(yearly, null, due, due.plus(Duration.ofDays(400)))).isEqualByComparingTo("20.00");
    }

    @Test
    void calculation_aPolicyWithoutItsMaximum_chargesNothing_asModCirculation() {
        ObjectNode policy = Json.object();
        policy.putObject("overdueFine").put("quantity", 1.00).put("intervalId", "hour");
        Instant due = Instant.parse("2025-01-01T12:00:00Z");
        assertThat(OverdueFineCalculation.amount(policy, null, due, due.plus(Duration.ofHours(5)))).isEqualByComparingTo("0");
        policy.put("maxOverdueFine", 0);       // zero: no cap
        assertThat(OverdueFineCalculation.amount(policy, null, due, due.plus(Duration.ofHours(5)))).isEqualByComparingTo("5.00");
        // A recalled loan needs the recall pair: the ordinary maximum does not stand in for it.
        policy.putObject("overdueRecallFine").put("quantity", 2.00).put("intervalId", "hour");
        assertThat(OverdueFineCalculation.amount(policy, null, true, 300)).isEqualByComparingTo("0");
    }
}
