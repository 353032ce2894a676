package org.quire.circulation;

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
 * Declare lost (with its fees), claim returned, declare missing, and the check-in of lost and claimed returned items,
 * over HTTP as FOLIO's clients call them. The rules' lost item fee policy charges 10.00 and a 5.00 processing fee.
 */
class LostItemsTest {
    static LostItemFixtures f;
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        f = new LostItemFixtures("lost_items", LostItemFixtures.policy("Ten and five", 10.00, 5.00));
        s = f.s;
    }

    static void assertError(Api.Reply r, String message, String key, String value) {
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        JsonNode e = r.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo(message);
        assertThat(e.path("parameters").get(0).path("key").asText()).isEqualTo(key);
        if (value != null) assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo(value);
    }

    @Test
    void declareLost_chargesTheSetCostAndTheProcessingFee_ofThePolicyTheRulesChose() {
        JsonNode loan = f.borrow(f.patron());
        Instant when = Instant.parse("2026-01-05T10:00:00Z");
        Api.Reply r = f.declareLost(loan, when);
        assertThat(r.status()).as(r.body()).isEqualTo(204);

        JsonNode stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(stored.path("action").asText()).isEqualTo("declaredLost");
        assertThat(stored.path("actionComment").asText()).isEqualTo("Patron lost it");
        assertThat(Instant.parse(stored.path("declaredLostDate").asText())).isEqualTo(when);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Declared lost");

        assertThat(f.accounts(loan)).hasSize(2);
        JsonNode fee = f.account(loan, "Lost item fee");
        assertThat(fee.path("amount").decimalValue()).isEqualByComparingTo("10.00");
        assertThat(fee.path("remaining").decimalValue()).isEqualByComparingTo("10.00");
        assertThat(fee.path("feeFineId").asText()).isEqualTo("cf238f9f-7018-47b7-b815-bb2db798e19f");
        assertThat(fee.path("feeFineOwner").asText()).isEqualTo("Main Library");
        assertThat(fee.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(fee.path("userId").asText()).isEqualTo(loan.path("userId").asText());
        assertThat(f.actionTypes(fee)).containsExactly("Lost item fee");
        JsonNode processing = f.account(loan, "Lost item processing fee");
        assertThat(processing.path("amount").decimalValue()).isEqualByComparingTo("5.00");
        assertThat(processing.path("feeFineId").asText()).isEqualTo("c7dede15-aa48-45ed-860b-f996540180e0");
        assertThat(f.actionTypes(processing)).containsExactly("Lost item processing fee");

        assertError(f.declareLost(loan, when), "The item is already declared lost", "itemId",
                loan.path("itemId").asText());
        assertThat(f.accounts(loan)).hasSize(2);

        Api.Reply renew = s.post("/circulation/renew-by-id", Json.object().put("itemId", loan.path("itemId").asText())
                .put("userId", loan.path("userId").asText()));
        assertThat(renew.status()).as(renew.body()).isEqualTo(422);
        assertThat(renew.json().path("errors").findValuesAsText("message")).contains("item is Declared lost");
    }

    @Test
    void declaringOneLoanLostTwiceAtOnce_chargesOnce() throws Exception {
        JsonNode loan = f.borrow(f.patron());
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var a = pool.submit(() -> f.declareLost(loan, Instant.now()).status());
            var b = pool.submit(() -> f.declareLost(loan, Instant.now()).status());
            assertThat(java.util.List.of(a.get(), b.get())).containsExactlyInAnyOrder(204, 422);
        } finally {
            pool.shutdown();
        }
        assertThat(f.accounts(loan)).hasSize(2);
    }

    @Test
    void declareLost_refusesAClosedLoan_andNeedsAServicePoint() {
        JsonNode loan = f.borrow(f.patron());
        Api.Reply missingSp = s.post("/circulation/loans/" + loan.path("id").asText() + "/declare-item-lost",
                Json.object().put("declaredLostDateTime", Instant.now().toString()));
        assertError(missingSp, "A service point is required for item to be declared lost", "servicePointId", null);

        assertThat(f.checkIn(loan).status()).isEqualTo(200);
        assertError(f.declareLost(loan, Instant.now()), "Loan is closed", "loanId", loan.path("id").asText());
        assertThat(f.accounts(loan)).isEmpty();
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Available");

        Api.Reply unknown = s.post("/circulation/loans/" + java.util.UUID.randomUUID() + "/declare-item-lost",
                Json.object().put("servicePointId", Fixtures.CIRC_DESK_1));
        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    void declareLost_withFeesButNoOwnerForTheLocation_isRefused_andChangesNothing() {
        JsonNode loan = f.borrow(f.patron(), Fixtures.ONLINE);   // Online's primary service point has no owner
        assertError(f.declareLost(loan, Instant.now()), "No fee/fine owner found for item's permanent location",
                "locationId", null);
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(f.loan(loan).path("action").asText()).isEqualTo("checkedout");
        assertThat(f.accounts(loan)).isEmpty();
    }

    @Test
    void claimReturned_thenCheckIn_needsAResolution_andRecordsIt() {
        JsonNode loan = f.borrow(f.patron());
        Instant claimed = Instant.parse("2026-02-01T12:00:00Z");
        Api.Reply noDate = s.post("/circulation/loans/" + loan.path("id").asText() + "/claim-item-returned",
                Json.object().put("comment", "I returned it"));
        assertError(noDate, "Item claimed returned date is a required field", "itemClaimedReturnedDateTime", null);
        Api.Reply claim = s.post("/circulation/loans/" + loan.path("id").asText() + "/claim-item-returned",
                Json.object().put("itemClaimedReturnedDateTime", claimed.toString()).put("comment", "I returned it"));
        assertThat(claim.status()).as(claim.body()).isEqualTo(204);
        JsonNode stored = f.loan(loan);
        assertThat(stored.path("action").asText()).isEqualTo("claimedReturned");
        assertThat(stored.path("actionComment").asText()).isEqualTo("I returned it");
        assertThat(Instant.parse(stored.path("claimedReturnedDate").asText())).isEqualTo(claimed);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Claimed returned");

        Api.Reply refused = f.checkIn(loan);
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Item is claimed returned, a resolution is required to check in");
        assertThat(f.checkIn(loan, "Lost in space").status()).isEqualTo(422);

        Api.Reply in = f.checkIn(loan, "Found by library");
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(stored.path("action").asText()).isEqualTo("checkedInFoundByLibrary");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Available");

        JsonNode other = f.borrow(f.patron());
        assertThat(s.post("/circulation/loans/" + other.path("id").asText() + "/claim-item-returned",
                Json.object().put("itemClaimedReturnedDateTime", claimed.toString())).status()).isEqualTo(204);
        assertThat(f.checkIn(other, "Returned by patron").status()).isEqualTo(200);
        assertThat(f.loan(other).path("action").asText()).isEqualTo("checkedInReturnedByPatron");
    }

    @Test
    void declareClaimedReturnedItemAsMissing_closesTheLoan_andTheItemIsMissing() {
        JsonNode loan = f.borrow(f.patron());
        String path = "/circulation/loans/" + loan.path("id").asText() + "/declare-claimed-returned-item-as-missing";
        assertError(s.post(path, Json.object().put("comment", "Not found")), "Item is not Claimed returned", "itemId",
                loan.path("itemId").asText());
        assertThat(s.post("/circulation/loans/" + loan.path("id").asText() + "/claim-item-returned", Json.object()
                .put("itemClaimedReturnedDateTime", Instant.now().toString())).status()).isEqualTo(204);
        assertError(s.post(path, Json.object()), "Comment is a required field", "comment", null);

        Api.Reply r = s.post(path, Json.object().put("comment", "Searched the shelves twice"));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        JsonNode stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(stored.path("action").asText()).isEqualTo("markedMissing");
        assertThat(stored.path("actionComment").asText()).isEqualTo("Searched the shelves twice");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Missing");
        assertError(s.post(path, Json.object().put("comment", "again")), "Loan is closed", "loanId",
                loan.path("id").asText());
    }

    @Test
    void checkInOfADeclaredLostItem_cancelsBothUnpaidFees_closesTheLoan() {
        JsonNode loan = f.borrow(f.patron());
        assertThat(f.declareLost(loan, Instant.now()).status()).isEqualTo(204);
        Api.Reply in = f.checkIn(loan);
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(f.loan(loan).path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Available");
        for (JsonNode a : f.accounts(loan)) {
            assertThat(a.path("status").path("name").asText()).isEqualTo("Closed");
            assertThat(a.path("paymentStatus").path("name").asText()).isEqualTo("Cancelled item returned");
            assertThat(a.path("remaining").decimalValue()).isEqualByComparingTo("0");
            assertThat(f.actionTypes(a)).containsExactlyInAnyOrder(a.path("feeFineType").asText(),
                    "Cancelled item returned");
        }
        assertThat(f.accounts(loan)).hasSize(2);
    }

    @Test
    void checkInOfADeclaredLostItem_refundsWhatWasPaid_andKeepsTheProcessingFeeWhenThePolicySaysSo() {
        ObjectNode keepProcessing = LostItemFixtures.policy("Keep processing fee", 10.00, 5.00)
                .put("returnedLostItemProcessingFee", false);
        String policyId = f.lostPolicy(keepProcessing);
        JsonNode loan = f.borrow(f.patron());
        f.usePolicy(loan, policyId);
        assertThat(f.declareLost(loan, Instant.now()).status()).isEqualTo(204);
        JsonNode fee = f.account(loan, "Lost item fee");
        Api.Reply pay = s.post("/accounts/" + fee.path("id").asText() + "/pay", Json.object().put("amount", "4.00")
                .put("paymentMethod", "Cash").put("notifyPatron", false).put("servicePointId", Fixtures.CIRC_DESK_1)
                .put("userName", "Admin"));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);

        assertThat(f.checkIn(loan).status()).isEqualTo(200);
        fee = f.account(loan, "Lost item fee");
        assertThat(fee.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(fee.path("paymentStatus").path("name").asText()).isEqualTo("Cancelled item returned");
        assertThat(fee.path("remaining").decimalValue()).isEqualByComparingTo("0");
        // Charged, paid 4.00, the 4.00 credited and refunded to the patron, then all 10.00 cancelled.
        assertThat(f.actionTypes(fee)).containsExactlyInAnyOrder("Lost item fee", "Paid partially", "Credited fully",
                "Refunded fully", "Cancelled item returned");
        JsonNode processing = f.account(loan, "Lost item processing fee");
        assertThat(processing.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(processing.path("remaining").decimalValue()).isEqualByComparingTo("5.00");
        assertThat(f.actionTypes(processing)).containsExactly("Lost item processing fee");
    }

    @Test
    void checkInOfALostItem_afterTheRefundPeriod_changesNoFee() {
        ObjectNode oneDay = LostItemFixtures.policy("Refund within a day", 10.00, 5.00);
        oneDay.set("feesFinesShallRefunded", LostItemFixtures.period(1, "Days"));
        String policyId = f.lostPolicy(oneDay);
        JsonNode loan = f.borrow(f.patron());
        f.usePolicy(loan, policyId);
        assertThat(f.declareLost(loan, Instant.now().minus(Duration.ofDays(2))).status()).isEqualTo(204);

        Api.Reply in = f.checkIn(loan);
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(f.loan(loan).path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Available");
        assertThat(f.accounts(loan)).hasSize(2).allSatisfy(a -> {
            assertThat(a.path("status").path("name").asText()).isEqualTo("Open");
            assertThat(a.path("paymentStatus").path("name").asText()).isEqualTo("Outstanding");
            assertThat(f.actionTypes(a)).hasSize(1);
        });
        assertThat(f.account(loan, "Lost item fee").path("remaining").decimalValue()).isEqualByComparingTo("10.00");

        // Within the day, the same policy cancels both.
        JsonNode recent = f.borrow(f.patron());
        f.usePolicy(recent, policyId);
        assertThat(f.declareLost(recent, Instant.now().minus(Duration.ofHours(2))).status()).isEqualTo(204);
        assertThat(f.checkIn(recent).status()).isEqualTo(200);
        assertThat(f.accounts(recent)).hasSize(2).allSatisfy(a ->
                assertThat(a.path("paymentStatus").path("name").asText()).isEqualTo("Cancelled item returned"));
    }

    @Test
    void overdueFineOfAReturnedLostItem_onlyWhenThePolicySaysCharge() {
        ObjectNode fine = Json.object().put("name", "Hourly").put("countClosed", true).put("forgiveOverdueFine", false)
                .put("maxOverdueFine", 0);
        fine.putObject("overdueFine").put("quantity", 1.00).put("intervalId", "hour");
        Api.Reply fp = s.post("/overdue-fines-policies", fine);
        assertThat(fp.status()).as(fp.body()).isEqualTo(201);
        String charge = f.lostPolicy(LostItemFixtures.policy("Charge overdue", 10.00, 5.00).put("lostItemReturned", "Charge"));
        String remove = f.lostPolicy(LostItemFixtures.policy("Remove overdue", 10.00, 5.00));
        // Keeping the processing fee does not matter (mod-circulation's shouldChargeOverdueFineForLostItem).
        String chargeKeepingProcessing = f.lostPolicy(LostItemFixtures.policy("Charge overdue, keep processing fee",
                10.00, 5.00).put("lostItemReturned", "Charge").put("returnedLostItemProcessingFee", false));
        for (String policy : java.util.List.of(charge, remove, chargeKeepingProcessing)) {
            JsonNode loan = f.borrow(f.patron());
            ObjectNode stored = (ObjectNode) f.loan(loan);
            stored.put("lostItemPolicyId", policy).put("overdueFinePolicyId", fp.json().path("id").asText())
                    .put("dueDate", Instant.now().minus(Duration.ofMinutes(270)).toString());
            assertThat(s.put("/loan-storage/loans/" + stored.path("id").asText(), stored).status()).isEqualTo(204);
            assertThat(f.declareLost(loan, Instant.now()).status()).isEqualTo(204);
            assertThat(f.checkIn(loan).status()).isEqualTo(200);
            var fines = f.accounts(loan).stream().filter(a -> a.path("feeFineType").asText().equals("Overdue fine")).toList();
            if (!policy.equals(remove)) {
                assertThat(fines).as(policy).hasSize(1);
                assertThat(fines.get(0).path("amount").decimalValue()).isEqualByComparingTo("5.00");
            } else {
                assertThat(fines).isEmpty();
            }
        }
    }

    @Test
    void declareLost_withAPolicyChargingNothing_closesTheLoanAsLostAndPaid() {
        ObjectNode free = Json.object().put("name", "Charges nothing").put("chargeAmountItemPatron", false);
        free.putObject("chargeAmountItem").put("chargeType", "anotherCost").put("amount", 0);
        JsonNode loan = f.borrow(f.patron());
        f.usePolicy(loan, f.lostPolicy(free));
        assertThat(f.declareLost(loan, Instant.now()).status()).isEqualTo(204);
        JsonNode stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(stored.path("action").asText()).isEqualTo("closedLoan");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Lost and paid");
        assertThat(f.accounts(loan)).isEmpty();
    }

    @Test
    void payingTheLastOpenLostFee_closesTheLoanAsLostAndPaid() {
        JsonNode loan = f.borrow(f.patron());
        assertThat(f.declareLost(loan, Instant.now()).status()).isEqualTo(204);
        Api.Reply pay = s.post("/accounts/" + f.account(loan, "Lost item fee").path("id").asText() + "/pay",
                Json.object().put("amount", "10.00").put("paymentMethod", "Cash").put("notifyPatron", false));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);
        assertThat(f.loan(loan).path("status").path("name").asText()).isEqualTo("Open");   // processing fee still open
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Declared lost");

        Api.Reply waive = s.post("/accounts/" + f.account(loan, "Lost item processing fee").path("id").asText()
                + "/waive", Json.object().put("amount", "5.00").put("paymentMethod", "Courtesy").put("notifyPatron", false));
        assertThat(waive.status()).as(waive.body()).isEqualTo(201);
        JsonNode stored = f.loan(loan);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(stored.path("action").asText()).isEqualTo("closedLoan");
        assertThat(f.item(loan).path("status").path("name").asText()).isEqualTo("Lost and paid");
    }
}
