package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.jobs.Jobs;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The age-to-lost jobs, run as the scheduler would at a later instant: loans due in an hour age to lost a day after
 * their due date and are billed two days after that (10.00 set cost, 5.00 processing fee), once each. Also the
 * automated "lost items" block counting declared lost and aged to lost loans. One tenant per scenario, as the jobs
 * work on the whole tenant.
 */
class AgeToLostTest {
    static final String LOST_CONDITION = "72b67965-5b73-4840-bc0b-be8f3f6e047e";

    static ObjectNode agingPolicy() {
        ObjectNode p = LostItemFixtures.policy("Ages after a day, billed two days later", 10.00, 5.00);
        p.set("itemAgedLostOverdue", LostItemFixtures.period(1, "Days"));
        p.set("patronBilledAfterAgedLost", LostItemFixtures.period(2, "Days"));
        return p;
    }

    static Jobs jobs() {
        return TestServer.get().jobs();
    }

    @Test
    void agedAfterThePolicysOverduePeriod_once_andBilledWhenDue_once() {
        LostItemFixtures f = new LostItemFixtures("age_to_lost", agingPolicy());
        String tenant = "age_to_lost";
        JsonNode loan = f.borrow(f.patron());
        JsonNode declared = f.borrow(f.patron());
        assertThat(f.declareLost(declared, Instant.now()).status()).isEqualTo(204);
        JsonNode claimed = f.borrow(f.patron());
        assertThat(f.s.post("/circulation/loans/" + claimed.path("id").asText() + "/claim-item-returned", Json.object()
                .put("itemClaimedReturnedDateTime", Instant.now().toString())).status()).isEqualTo(204);
        JsonNode neverAges = f.borrow(f.patron());
        f.usePolicy(neverAges, f.lostPolicy(LostItemFixtures.policy("Never ages", 10.00, 5.00)));
        Instant due = Instant.parse(loan.path("dueDate").asText());

        assertThat(jobs().runNow("age-to-lost", tenant, due.plus(Duration.ofHours(23)))).hasValue(0);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Checked out");

        Instant aged = due.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(5));
        assertThat(jobs().runNow("age-to-lost", tenant, aged)).hasValue(1);
        assertThat(jobs().runNow("age-to-lost", tenant, aged.plus(Duration.ofDays(30)))).hasValue(0);
        JsonNode stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(stored.path("action").asText()).isEqualTo("itemAgedToLost");
        JsonNode billing = stored.path("agedToLostDelayedBilling");
        assertThat(billing.path("lostItemHasBeenBilled").asBoolean(true)).isFalse();
        assertThat(Instant.parse(billing.path("agedToLostDate").asText())).isEqualTo(aged);
        assertThat(Instant.parse(billing.path("dateLostItemShouldBeBilled").asText()))
                .isEqualTo(aged.plus(Duration.ofDays(2)));
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Aged to lost");
        assertThat(f.item(declared).path("status").path("name").asText()).isEqualTo("Declared lost");
        assertThat(f.item(claimed).path("status").path("name").asText()).isEqualTo("Claimed returned");
        assertThat(f.item(neverAges).path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(f.accounts(loan)).isEmpty();

        assertThat(jobs().runNow("age-to-lost-fee-charging", tenant, aged.plus(Duration.ofDays(1)))).hasValue(0);
        assertThat(f.accounts(loan)).isEmpty();
        Instant bill = aged.plus(Duration.ofDays(2)).plus(Duration.ofMinutes(1));
        assertThat(jobs().runNow("age-to-lost-fee-charging", tenant, bill)).hasValue(1);
        assertThat(jobs().runNow("age-to-lost-fee-charging", tenant, bill.plus(Duration.ofDays(10)))).hasValue(0);
        assertThat(f.loan(loan).path("agedToLostDelayedBilling").path("lostItemHasBeenBilled").asBoolean()).isTrue();
        assertThat(f.accounts(loan)).hasSize(2);
        assertThat(f.account(loan, "Lost item fee").path("amount").decimalValue()).isEqualByComparingTo("10.00");
        assertThat(f.account(loan, "Lost item processing fee").path("amount").decimalValue()).isEqualByComparingTo("5.00");
        // Charged by the billing job, not by staff: mod-circulation's StoredFeeFineAction names the source "System".
        JsonNode charge = f.s.get("/feefineactions", "accountId==" + f.account(loan, "Lost item fee").path("id").asText())
                .json().path("feefineactions").get(0);
        assertThat(charge.path("source").asText()).isEqualTo("System");

        // The aged-to-lost item comes back: the loan closes and both fees are cancelled (refunded within any time).
        Api.Reply in = f.checkIn(loan);
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(f.loan(loan).path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Available");
        assertThat(f.accounts(loan)).allSatisfy(a ->
                assertThat(a.path("paymentStatus").path("name").asText()).isEqualTo("Cancelled item returned"));
    }

    @Test
    void declaringAnAgedToLostItemLost_cancelsItsFees_chargesAnew_andStopsItsBilling() {
        LostItemFixtures f = new LostItemFixtures("age_to_lost_declared", agingPolicy());
        String tenant = "age_to_lost_declared";
        JsonNode billedLoan = f.borrow(f.patron());
        JsonNode waitingLoan = f.borrow(f.patron());
        Instant aged = Instant.parse(billedLoan.path("dueDate").asText()).plus(Duration.ofDays(2));
        assertThat(jobs().runNow("age-to-lost", tenant, aged)).hasValue(2);
        assertThat(f.accounts(billedLoan)).isEmpty();
        // Bill only the first: the second's billing date is moved past the first run.
        ObjectNode later = (ObjectNode) f.loan(waitingLoan);
        ((ObjectNode) later.get("agedToLostDelayedBilling")).put("dateLostItemShouldBeBilled",
                aged.plus(Duration.ofDays(20)).toString());
        assertThat(f.s.put("/loan-storage/loans/" + later.path("id").asText(), later).status()).isEqualTo(204);
        assertThat(jobs().runNow("age-to-lost-fee-charging", tenant, aged.plus(Duration.ofDays(3)))).hasValue(1);
        JsonNode fee = f.account(billedLoan, "Lost item fee");
        Api.Reply pay = f.s.post("/accounts/" + fee.path("id").asText() + "/pay", Json.object().put("amount", "3.00")
                .put("paymentMethod", "Cash").put("notifyPatron", false).put("servicePointId", Fixtures.CIRC_DESK_1));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);

        assertThat(f.declareLost(billedLoan, Instant.now()).status()).isEqualTo(204);
        assertThat(f.item(billedLoan).path("status").path("name").asText()).isEqualTo("Declared lost");
        List<JsonNode> accounts = f.accounts(billedLoan);
        assertThat(accounts).hasSize(4);
        assertThat(accounts.stream().filter(a -> a.path("status").path("name").asText().equals("Open")))
                .hasSize(2).allSatisfy(a -> assertThat(a.path("remaining").decimalValue())
                        .isEqualByComparingTo(a.path("amount").decimalValue()));
        assertThat(accounts.stream().filter(a -> a.path("status").path("name").asText().equals("Closed")))
                .hasSize(2).allSatisfy(a -> assertThat(a.path("paymentStatus").path("name").asText())
                        .isEqualTo("Cancelled item declared lost"));
        assertThat(f.actionTypes(f.s.get("/accounts/" + fee.path("id").asText()).json())).containsExactlyInAnyOrder(
                "Lost item fee", "Paid partially", "Credited fully", "Refunded fully", "Cancelled item declared lost");

        // Declared lost before it was billed: the billing job leaves it alone for good.
        assertThat(f.declareLost(waitingLoan, Instant.now()).status()).isEqualTo(204);
        assertThat(f.loan(waitingLoan).path("agedToLostDelayedBilling").has("dateLostItemShouldBeBilled")).isFalse();
        assertThat(jobs().runNow("age-to-lost-fee-charging", tenant, aged.plus(Duration.ofDays(60)))).hasValue(0);
        assertThat(f.accounts(waitingLoan)).hasSize(2);
    }

    @Test
    void anItemSomeoneHolds_isSkipped_andAgedOnTheNextRun() {
        LostItemFixtures f = new LostItemFixtures("age_to_lost_locked", agingPolicy());
        JsonNode loan = f.borrow(f.patron());
        Instant later = Instant.parse(loan.path("dueDate").asText()).plus(Duration.ofDays(3));
        String schema = org.quire.platform.tenancy.Tenants.schema("age_to_lost_locked");
        // A check-in at the desk holds the item row while the job runs: the job skips it instead of waiting.
        java.util.OptionalInt whileHeld = TestServer.get().database().tx(c -> {
            org.quire.platform.db.Sql.one(c, "SELECT id FROM " + schema + ".item WHERE id = ?::uuid FOR UPDATE",
                    List.of(loan.path("itemId").asText()), rs -> rs.getString(1));
            return java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> jobs().runNow("age-to-lost", "age_to_lost_locked", later)).join();
        });
        assertThat(whileHeld).hasValue(0);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(jobs().runNow("age-to-lost", "age_to_lost_locked", later)).hasValue(1);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Aged to lost");
    }

    @Test
    void agedToLostWithNothingToBill_closesAsLostAndPaidWhenDue() {
        ObjectNode free = Json.object().put("name", "Ages, bills nothing").put("chargeAmountItemSystem", false);
        free.set("itemAgedLostOverdue", LostItemFixtures.period(1, "Days"));
        LostItemFixtures f = new LostItemFixtures("age_to_lost_free", free);
        JsonNode loan = f.borrow(f.patron());
        Instant aged = Instant.parse(loan.path("dueDate").asText()).plus(Duration.ofDays(2));
        assertThat(jobs().runNow("age-to-lost", "age_to_lost_free", aged)).hasValue(1);
        assertThat(f.loan(loan).path("status").path("name").asText()).isEqualTo("Open");
        // No patronBilledAfterAgedLost: billed (here: closed) on the next run of the billing job.
        assertThat(jobs().runNow("age-to-lost-fee-charging", "age_to_lost_free", aged)).hasValue(1);
        JsonNode stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(stored.path("action").asText()).isEqualTo("closedLoan");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Lost and paid");
        assertThat(f.accounts(loan)).isEmpty();
        assertThat(jobs().runNow("age-to-lost-fee-charging", "age_to_lost_free", aged.plus(Duration.ofDays(9)))).hasValue(0);
    }

    @Test
    void timerEndpoints_runTheJobsForTheCallingTenant() {
        LostItemFixtures f = new LostItemFixtures("age_to_lost_timer", agingPolicy());
        JsonNode loan = f.borrow(f.patron());
        // Nothing is due now: the endpoints answer 204 and change nothing.
        assertThat(f.s.post("/circulation/scheduled-age-to-lost", Json.object()).status()).isEqualTo(204);
        assertThat(f.s.post("/circulation/scheduled-age-to-lost-fee-charging", Json.object()).status()).isEqualTo(204);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Checked out");
        // Made overdue by two days (the loan's due date moved back through storage), the timer ages it.
        ObjectNode stored = (ObjectNode) f.loan(loan);
        stored.put("dueDate", Instant.now().minus(Duration.ofDays(2)).toString());
        assertThat(f.s.put("/loan-storage/loans/" + stored.path("id").asText(), stored).status()).isEqualTo(204);
        assertThat(f.s.post("/circulation/scheduled-age-to-lost", Json.object()).status()).isEqualTo(204);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Aged to lost");
    }

    @Test
    void declaredLostAndAgedToLostLoans_countForTheLostItemsBlock() {
        LostItemFixtures f = new LostItemFixtures("age_to_lost_blocks", agingPolicy());
        ObjectNode condition = (ObjectNode) f.s.get("/patron-block-conditions/" + LOST_CONDITION).json();
        condition.put("blockBorrowing", true).put("blockRenewals", true).put("blockRequests", true)
                .put("message", "Please return or pay for lost items");
        assertThat(f.s.put("/patron-block-conditions/" + LOST_CONDITION, condition).status()).isEqualTo(204);
        Api.Reply g = f.s.post("/groups", Json.object().put("group", "lost-limit"));
        assertThat(g.status()).as(g.body()).isEqualTo(201);
        String group = g.json().path("id").asText();
        assertThat(f.s.post("/patron-block-limits", Json.object().put("patronGroupId", group)
                .put("conditionId", LOST_CONDITION).put("value", 1)).status()).isEqualTo(201);
        String barcode = "lost-limit-patron";
        String userId = Fixtures.patron(f.s, barcode, group, true).path("id").asText();

        JsonNode declared = f.borrow(barcode);
        JsonNode aging = f.borrow(barcode);
        assertThat(f.declareLost(declared, Instant.now()).status()).isEqualTo(204);
        assertThat(blocks(f, userId)).isEmpty();    // one lost item: at the limit, not above it

        Instant due = Instant.parse(aging.path("dueDate").asText());
        assertThat(jobs().runNow("age-to-lost", "age_to_lost_blocks", due.plus(Duration.ofDays(2)))).hasValue(1);
        List<JsonNode> blocks = blocks(f, userId);
        assertThat(blocks).hasSize(1);
        assertThat(blocks.get(0).path("patronBlockConditionId").asText()).isEqualTo(LOST_CONDITION);
        Fixtures.item(f.s, "lost-limit-next", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        Api.Reply refused = f.s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("lost-limit-next", barcode));
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Please return or pay for lost items");
    }

    static List<JsonNode> blocks(LostItemFixtures f, String userId) {
        Api.Reply r = f.s.get("/automated-patron-blocks/" + userId);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<JsonNode> out = new java.util.ArrayList<>();
        r.json().path("automatedPatronBlocks").forEach(out::add);
        return out;
    }
}
