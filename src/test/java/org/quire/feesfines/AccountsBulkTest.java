package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-feesfines' bulk actions over HTTP (/accounts-bulk/…): FOLIO's shapes, messages and its split of the amount. */
class AccountsBulkTest {
    static Api.Session s;
    static String ownerId;
    static String userId;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("ff_bulk");
        Api.Reply owner = s.post("/owners", Json.object().put("owner", "Bulk Library Fines"));
        assertThat(owner.status()).as(owner.body()).isEqualTo(201);
        ownerId = owner.json().path("id").asText();
        userId = Fixtures.patron(s, "ffb-1", Fixtures.UNDERGRAD, true).path("id").asText();
    }

    static String account(String amount) {
        ObjectNode a = Json.object().put("amount", new BigDecimal(amount)).put("remaining", new BigDecimal(amount))
                .put("userId", userId).put("ownerId", ownerId).put("feeFineId", FeesFinesTypes.OVERDUE_FINE_TYPE.toString())
                .put("feeFineType", "Overdue fine").put("feeFineOwner", "Bulk Library Fines");
        a.putObject("status").put("name", "Open");
        a.putObject("paymentStatus").put("name", "Outstanding");
        Api.Reply r = s.post("/accounts", a);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode body(String amount, String... ids) {
        ObjectNode b = Json.object().put("paymentMethod", "Cash").put("notifyPatron", false)
                .put("servicePointId", Fixtures.CIRC_DESK_1).put("userName", "Admin, Diku");
        if (amount != null) b.put("amount", amount);
        ArrayNode list = b.putArray("accountIds");
        for (String id : ids) list.add(id);
        return b;
    }

    static JsonNode get(String id) {
        return s.get("/accounts/" + id).json();
    }

    static BigDecimal remaining(String id) {
        return get(id).path("remaining").decimalValue();
    }

    static String paymentStatus(String id) {
        return get(id).path("paymentStatus").path("name").asText();
    }

    @Test
    void checkPay_validatesAgainstTheirTotal() {
        String a = account("1.00"), b = account("5.00");
        Api.Reply ok = s.post("/accounts-bulk/check-pay", body("4.50", a, b));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().path("allowed").asBoolean()).isTrue();
        assertThat(ok.json().path("amount").asText()).isEqualTo("4.50");
        assertThat(ok.json().path("remainingAmount").asText()).isEqualTo("1.50");
        assertThat(ok.json().path("accountIds").get(0).asText()).isEqualTo(a);

        Api.Reply tooMuch = s.post("/accounts-bulk/check-waive", body("6.01", a, b));
        assertThat(tooMuch.status()).isEqualTo(422);
        assertThat(tooMuch.json().path("allowed").asBoolean()).isFalse();
        assertThat(tooMuch.json().path("errorMessage").asText()).isEqualTo("Requested amount exceeds remaining amount");

        Api.Reply junk = s.post("/accounts-bulk/check-transfer", body("x", a, b));
        assertThat(junk.status()).isEqualTo(422);
        assertThat(junk.json().path("errorMessage").asText()).isEqualTo("Invalid amount entered");
    }

    @Test
    void pay_splitsEvenlyFromTheSmallest() {
        String small = account("1.00"), mid = account("5.00"), big = account("10.00");
        // An even share is 3.00; the 1.00 fine takes all it has, the other two share the 8.00 left evenly.
        Api.Reply pay = s.post("/accounts-bulk/pay", body("9.00", big, small, mid));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);
        assertThat(pay.json().path("amount").asText()).isEqualTo("9.00");
        assertThat(pay.json().path("accountIds")).hasSize(3);
        assertThat(pay.json().path("feefineactions")).hasSize(3);
        assertThat(pay.json().path("feefineactions").findValuesAsText("source")).containsOnly("Admin, Diku");

        assertThat(remaining(small)).isEqualByComparingTo("0");
        assertThat(get(small).path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(paymentStatus(small)).isEqualTo("Paid fully");
        assertThat(remaining(mid)).isEqualByComparingTo("1.00");
        assertThat(paymentStatus(mid)).isEqualTo("Paid partially");
        assertThat(remaining(big)).isEqualByComparingTo("6.00");
        JsonNode bigAction = s.get("/feefineactions", "accountId==" + big).json().path("feefineactions").get(0);
        assertThat(bigAction.path("amountAction").decimalValue()).isEqualByComparingTo("4.00");
        assertThat(bigAction.path("balance").decimalValue()).isEqualByComparingTo("6.00");
        assertThat(bigAction.path("typeAction").asText()).isEqualTo("Paid partially");
    }

    @Test
    void waive_givesTheCentLeftByRoundingToTheFirst() {
        String a = account("5.00"), b = account("5.00"), c = account("5.00");
        Api.Reply waive = s.post("/accounts-bulk/waive", body("10.00", a, b, c).put("paymentMethod", "Courtesy"));
        assertThat(waive.status()).as(waive.body()).isEqualTo(201);
        assertThat(remaining(a)).isEqualByComparingTo("1.66");
        assertThat(remaining(b)).isEqualByComparingTo("1.67");
        assertThat(remaining(c)).isEqualByComparingTo("1.67");
        assertThat(paymentStatus(a)).isEqualTo("Waived partially");
    }

    @Test
    void transfer_oneCentOverTwoAccounts() {
        String a = account("2.00"), b = account("2.00");
        Api.Reply transfer = s.post("/accounts-bulk/transfer", body("0.01", a, b).put("paymentMethod", "Bursar"));
        assertThat(transfer.status()).as(transfer.body()).isEqualTo(201);
        assertThat(transfer.json().path("feefineactions")).hasSize(1);
        assertThat(remaining(a)).isEqualByComparingTo("1.99");
        assertThat(remaining(b)).isEqualByComparingTo("2.00");
        assertThat(paymentStatus(a)).isEqualTo("Transferred partially");
        assertThat(paymentStatus(b)).isEqualTo("Outstanding");
    }

    @Test
    void refund_splitsOverWhatEachCanRefund() {
        String a = account("1.00"), b = account("4.00");
        assertThat(s.post("/accounts-bulk/pay", body("5.00", a, b)).status()).isEqualTo(201);
        Api.Reply check = s.post("/accounts-bulk/check-refund", body("5.01", a, b));
        assertThat(check.status()).isEqualTo(422);
        assertThat(check.json().path("errorMessage").asText())
                .isEqualTo("Refund amount must be greater than zero and less than or equal to Selected amount");

        Api.Reply refund = s.post("/accounts-bulk/refund", body("2.00", a, b));
        assertThat(refund.status()).as(refund.body()).isEqualTo(201);
        assertThat(refund.json().path("feefineactions").findValuesAsText("typeAction"))
                .containsExactlyInAnyOrder("Credited fully", "Refunded fully", "Credited partially", "Refunded partially");
        assertThat(remaining(a)).isEqualByComparingTo("1.00");
        assertThat(paymentStatus(a)).isEqualTo("Refunded fully");
        assertThat(get(a).path("status").path("name").asText()).isEqualTo("Open");
        assertThat(remaining(b)).isEqualByComparingTo("1.00");
        assertThat(paymentStatus(b)).isEqualTo("Refunded partially");
    }

    @Test
    void cancel_closesEach() {
        String a = account("3.00"), b = account("4.50");
        Api.Reply cancel = s.post("/accounts-bulk/cancel", body(null, a, b).put("comments", "STAFF : duplicates"));
        assertThat(cancel.status()).as(cancel.body()).isEqualTo(201);
        assertThat(cancel.json().path("amount").asText()).isEqualTo("7.50");
        for (String id : new String[]{a, b}) {
            assertThat(get(id).path("status").path("name").asText()).isEqualTo("Closed");
            assertThat(paymentStatus(id)).isEqualTo("Cancelled as error");
            assertThat(remaining(id)).isEqualByComparingTo("0");
        }
        Api.Reply again = s.post("/accounts-bulk/cancel", body(null, a, b));
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.json().path("errorMessage").asText()).isEqualTo("Fee/fine is already closed");
        assertThat(again.json().has("amount")).isFalse();
    }

    @Test
    void refused_writesNothing() {
        String a = account("2.00");
        String unknown = UUID.randomUUID().toString();
        Api.Reply notFound = s.post("/accounts-bulk/pay", body("1.00", a, unknown));
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.header("Content-Type").orElse("")).startsWith("text/plain");
        assertThat(notFound.body()).isEqualTo("Fee/fine ID " + unknown + " not found");
        assertThat(s.post("/accounts-bulk/check-pay", body("1.00", unknown)).status()).isEqualTo(404);

        String closed = account("1.00");
        assertThat(s.post("/accounts/" + closed + "/pay", body("1.00")).status()).isEqualTo(201);
        Api.Reply refused = s.post("/accounts-bulk/waive", body("1.00", a, closed));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().path("errorMessage").asText()).isEqualTo("Fee/fine is already closed");
        assertThat(refused.json().path("amount").asText()).isEqualTo("1.00");
        assertThat(refused.json().path("accountIds")).hasSize(2);

        assertThat(remaining(a)).isEqualByComparingTo("2.00");
        assertThat(s.get("/feefineactions", "accountId==" + a).json().path("totalRecords").asInt()).isZero();

        Api.Reply noIds = s.post("/accounts-bulk/pay", Json.object().put("amount", "1.00"));
        assertThat(noIds.status()).isEqualTo(422);
        assertThat(noIds.json().path("errors").get(0).path("parameters").get(0).path("key").asText())
                .isEqualTo("accountIds");
    }
}
