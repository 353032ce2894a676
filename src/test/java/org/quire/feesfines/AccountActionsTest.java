package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-feesfines' actions over HTTP: pay, waive, transfer, refund, cancel, their checks and FOLIO's messages. */
class AccountActionsTest {
    static Api.Session s;
    static String ownerId;
    static String userId;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("ff_actions");
        Api.Reply owner = s.post("/owners", Json.object().put("owner", "Main Library Fines"));
        assertThat(owner.status()).as(owner.body()).isEqualTo(201);
        ownerId = owner.json().path("id").asText();
        userId = Fixtures.patron(s, "ffa-1", Fixtures.UNDERGRAD, true).path("id").asText();
        assertThat(s.get("/feefines", "feeFineType==\"Overdue fine\"").json().path("feefines").get(0).path("id")
                .asText()).isEqualTo(FeesFinesTypes.OVERDUE_FINE_TYPE.toString());
    }

    static String account(String amount) {
        ObjectNode a = Json.object().put("amount", new java.math.BigDecimal(amount)).put("remaining", new java.math.BigDecimal(amount))
                .put("userId", userId).put("ownerId", ownerId).put("feeFineId", FeesFinesTypes.OVERDUE_FINE_TYPE.toString())
                .put("feeFineType", "Overdue fine").put("feeFineOwner", "Main Library Fines");
        a.putObject("status").put("name", "Open");
        a.putObject("paymentStatus").put("name", "Outstanding");
        Api.Reply r = s.post("/accounts", a);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode body(Object amount) {
        ObjectNode b = Json.object().put("paymentMethod", "Cash").put("notifyPatron", false)
                .put("servicePointId", Fixtures.CIRC_DESK_1).put("userName", "Admin, Diku");
        if (amount != null) b.put("amount", amount.toString());
        return b;
    }

    /** A money field of each row, as "0.00". */
    static java.util.List<String> money(JsonNode rows, String field) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (JsonNode r : rows) out.add(r.path(field).decimalValue().setScale(2, java.math.RoundingMode.HALF_EVEN).toPlainString());
        return out;
    }

    static JsonNode get(String id) {
        return s.get("/accounts/" + id).json();
    }

    @Test
    void payWaiveTransferRefund_followFolio() {
        String id = account("10.00");

        Api.Reply pay = s.post("/accounts/" + id + "/pay", body("3.00"));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);
        assertThat(pay.json().path("accountId").asText()).isEqualTo(id);
        assertThat(pay.json().path("amount").asText()).isEqualTo("3.00");
        JsonNode action = pay.json().path("feefineactions").get(0);
        assertThat(action.path("typeAction").asText()).isEqualTo("Paid partially");
        assertThat(action.path("balance").decimalValue()).isEqualByComparingTo("7.00");
        assertThat(action.path("paymentMethod").asText()).isEqualTo("Cash");
        assertThat(action.path("source").asText()).isEqualTo("Admin, Diku");
        JsonNode acc = get(id);
        assertThat(acc.path("remaining").decimalValue()).isEqualByComparingTo("7.00");
        assertThat(acc.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Paid partially");

        Api.Reply checkOk = s.post("/accounts/" + id + "/check-pay", body("2.50"));
        assertThat(checkOk.status()).isEqualTo(200);
        assertThat(checkOk.json().path("allowed").asBoolean()).isTrue();
        assertThat(checkOk.json().path("remainingAmount").asText()).isEqualTo("4.50");

        Api.Reply tooMuch = s.post("/accounts/" + id + "/check-pay", body("7.01"));
        assertThat(tooMuch.status()).isEqualTo(422);
        assertThat(tooMuch.json().path("allowed").asBoolean()).isFalse();
        assertThat(tooMuch.json().path("errorMessage").asText()).isEqualTo("Requested amount exceeds remaining amount");

        Api.Reply waive = s.post("/accounts/" + id + "/waive", body("2.00").put("paymentMethod", "Courtesy"));
        assertThat(waive.status()).as(waive.body()).isEqualTo(201);
        assertThat(get(id).path("paymentStatus").path("name").asText()).isEqualTo("Waived partially");
        assertThat(get(id).path("remaining").decimalValue()).isEqualByComparingTo("5.00");

        Api.Reply transfer = s.post("/accounts/" + id + "/transfer", body("5.00").put("paymentMethod", "Bursar"));
        assertThat(transfer.status()).as(transfer.body()).isEqualTo(201);
        assertThat(transfer.json().path("feefineactions").get(0).path("typeAction").asText()).isEqualTo("Transferred fully");
        assertThat(transfer.json().path("feefineactions").get(0).path("paymentMethod").asText()).isEqualTo("Bursar");
        assertThat(transfer.json().path("feefineactions").get(0).path("transactionInformation").asText()).isEmpty();
        acc = get(id);
        assertThat(acc.path("remaining").decimalValue()).isEqualByComparingTo("0");
        assertThat(acc.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Transferred fully");

        Api.Reply closed = s.post("/accounts/" + id + "/pay", body("1.00"));
        assertThat(closed.status()).isEqualTo(422);
        assertThat(closed.json().path("errorMessage").asText()).isEqualTo("Fee/fine is already closed");

        // Refundable: 3.00 paid + 5.00 transferred (the waived 2.00 is not money to give back).
        Api.Reply refundTooMuch = s.post("/accounts/" + id + "/check-refund", body("8.01"));
        assertThat(refundTooMuch.status()).isEqualTo(422);
        assertThat(refundTooMuch.json().path("errorMessage").asText())
                .isEqualTo("Refund amount must be greater than zero and less than or equal to Selected amount");
        Api.Reply refund = s.post("/accounts/" + id + "/refund", body("8.00"));
        assertThat(refund.status()).as(refund.body()).isEqualTo(201);
        // The paid 3.00 goes back to the patron, the transferred 5.00 to Bursar (FOLIO's RefundActionService).
        JsonNode refunds = refund.json().path("feefineactions");
        assertThat(refunds.findValuesAsText("typeAction"))
                .containsExactly("Credited fully", "Credited fully", "Refunded fully", "Refunded fully");
        assertThat(refunds.findValuesAsText("transactionInformation"))
                .containsExactly("Refund to patron", "Refund to Bursar", "Refunded to patron", "Refunded to Bursar");
        assertThat(refunds.get(2).path("amountAction").decimalValue()).isEqualByComparingTo("3.00");
        assertThat(refunds.get(2).path("balance").decimalValue()).isEqualByComparingTo("3.00");
        assertThat(refunds.get(3).path("balance").decimalValue()).isEqualByComparingTo("8.00");
        acc = get(id);
        assertThat(acc.path("remaining").decimalValue()).isEqualByComparingTo("8.00");
        assertThat(acc.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Refunded fully");
        Api.Reply again = s.post("/accounts/" + id + "/refund", body("0.01"));
        assertThat(again.status()).as("nothing left to refund").isEqualTo(422);

        JsonNode actions = s.get("/feefineactions?limit=100", "accountId==" + id).json();
        assertThat(actions.path("totalRecords").asInt()).isEqualTo(7);
    }

    @Test
    void refund_paidMoneyToThePatronFirst_thenTransferredMoneyToItsTransferAccount() {
        String id = account("5.00");
        assertThat(s.post("/accounts/" + id + "/pay", body("2.00")).status()).isEqualTo(201);
        assertThat(s.post("/accounts/" + id + "/transfer", body("3.00").put("paymentMethod", "Bursar")).status())
                .isEqualTo(201);

        Api.Reply refund = s.post("/accounts/" + id + "/refund", body("3.00"));
        assertThat(refund.status()).as(refund.body()).isEqualTo(201);
        JsonNode rows = refund.json().path("feefineactions");
        assertThat(rows.findValuesAsText("typeAction"))
                .containsExactly("Credited fully", "Credited partially", "Refunded fully", "Refunded partially");
        assertThat(rows.findValuesAsText("transactionInformation"))
                .containsExactly("Refund to patron", "Refund to Bursar", "Refunded to patron", "Refunded to Bursar");
        assertThat(money(rows, "amountAction")).containsExactly("2.00", "1.00", "2.00", "1.00");
        assertThat(money(rows, "balance")).containsExactly("0.00", "0.00", "2.00", "3.00");
        JsonNode acc = get(id);
        assertThat(acc.path("remaining").decimalValue()).isEqualByComparingTo("3.00");
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Refunded partially");

        // 2.00 is left to refund, all of it transferred to Bursar.
        assertThat(s.post("/accounts/" + id + "/check-refund", body("2.01")).status()).isEqualTo(422);
        Api.Reply rest = s.post("/accounts/" + id + "/refund", body("2.00"));
        assertThat(rest.status()).as(rest.body()).isEqualTo(201);
        assertThat(rest.json().path("feefineactions").findValuesAsText("transactionInformation"))
                .containsExactly("Refund to Bursar", "Refunded to Bursar");
        assertThat(rest.json().path("feefineactions").findValuesAsText("typeAction"))
                .containsExactly("Credited fully", "Refunded fully");
        assertThat(get(id).path("remaining").decimalValue()).isEqualByComparingTo("5.00");
    }

    @Test
    void transfer_keepsTheTransactionInformationSent() {
        String id = account("2.00");
        Api.Reply transfer = s.post("/accounts/" + id + "/transfer", body("1.00").put("paymentMethod", "Bursar")
                .put("transactionInfo", "Batch 7"));
        assertThat(transfer.status()).as(transfer.body()).isEqualTo(201);
        assertThat(transfer.json().path("feefineactions").get(0).path("transactionInformation").asText())
                .isEqualTo("Batch 7");
    }

    @Test
    void payFully_closesTheAccount() {
        String id = account("4.25");
        Api.Reply pay = s.post("/accounts/" + id + "/pay", Json.object().put("amount", 4.25).put("paymentMethod", "Cash"));
        assertThat(pay.status()).as(pay.body()).isEqualTo(201);
        JsonNode acc = get(id);
        assertThat(acc.path("remaining").decimalValue()).isEqualByComparingTo("0");
        assertThat(acc.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Paid fully");
    }

    @Test
    void validationMessages() {
        String id = account("5.00");
        Api.Reply negative = s.post("/accounts/" + id + "/pay", body("-1.00"));
        assertThat(negative.status()).isEqualTo(422);
        assertThat(negative.json().path("errorMessage").asText()).isEqualTo("Amount must be positive");
        Api.Reply zero = s.post("/accounts/" + id + "/check-waive", body("0"));
        assertThat(zero.json().path("errorMessage").asText()).isEqualTo("Amount must be positive");
        Api.Reply junk = s.post("/accounts/" + id + "/waive", body("abc"));
        assertThat(junk.status()).isEqualTo(422);
        assertThat(junk.json().path("errorMessage").asText()).isEqualTo("Invalid amount entered");
        Api.Reply missing = s.post("/accounts/" + id + "/pay", body(null));
        assertThat(missing.json().path("errorMessage").asText()).isEqualTo("Invalid amount entered");
        Api.Reply exceeds = s.post("/accounts/" + id + "/transfer", body("5.01"));
        assertThat(exceeds.json().path("errorMessage").asText()).isEqualTo("Requested amount exceeds remaining amount");
        String unknown = UUID.randomUUID().toString();
        Api.Reply notFound = s.post("/accounts/" + unknown + "/pay", body("1.00"));
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.header("Content-Type").orElse("")).startsWith("text/plain");
        assertThat(notFound.body()).isEqualTo("Fee/fine ID " + unknown + " not found");
        Api.Reply checkNotFound = s.post("/accounts/" + unknown + "/check-refund", body("1.00"));
        assertThat(checkNotFound.status()).isEqualTo(404);
        assertThat(checkNotFound.body()).isEqualTo("Fee/fine ID " + unknown + " not found");
        // Nothing was written by the refused actions.
        assertThat(get(id).path("remaining").decimalValue()).isEqualByComparingTo("5.00");
        assertThat(s.get("/feefineactions", "accountId==" + id).json().path("totalRecords").asInt()).isZero();
    }

    @Test
    void cancelAsError() {
        String id = account("6.00");
        Api.Reply cancel = s.post("/accounts/" + id + "/cancel", Json.object().put("notifyPatron", false)
                .put("comments", "Charged by mistake").put("servicePointId", Fixtures.CIRC_DESK_1).put("userName", "Admin"));
        assertThat(cancel.status()).as(cancel.body()).isEqualTo(201);
        assertThat(cancel.json().path("amount").asText()).isEqualTo("6.00");
        JsonNode acc = get(id);
        assertThat(acc.path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Cancelled as error");
        assertThat(acc.path("remaining").decimalValue()).isEqualByComparingTo("0");
        assertThat(s.post("/accounts/" + id + "/cancel", Json.object()).json().path("errorMessage").asText())
                .isEqualTo("Fee/fine is already closed");
    }

    @Test
    void cancel_recordsTheOriginalAmountAndTheReasonGiven() {
        String id = account("6.00");
        assertThat(s.post("/accounts/" + id + "/pay", body("2.00")).status()).isEqualTo(201);
        Api.Reply cancel = s.post("/accounts/" + id + "/cancel", Json.object().put("notifyPatron", false)
                .put("cancellationReason", "Cancelled item renewed").put("servicePointId", Fixtures.CIRC_DESK_1)
                .put("userName", "Admin"));
        assertThat(cancel.status()).as(cancel.body()).isEqualTo(201);
        JsonNode action = cancel.json().path("feefineactions").get(0);
        assertThat(action.path("typeAction").asText()).isEqualTo("Cancelled item renewed");
        assertThat(action.path("amountAction").decimalValue()).isEqualByComparingTo("6.00");
        assertThat(action.path("balance").decimalValue()).isEqualByComparingTo("0");
        JsonNode acc = get(id);
        assertThat(acc.path("paymentStatus").path("name").asText()).isEqualTo("Cancelled item renewed");
        assertThat(acc.path("status").path("name").asText()).isEqualTo("Closed");
    }

    @Test
    void cancel_aClosedFeeFineIsClosedWhateverRemains() {
        ObjectNode a = (ObjectNode) get(account("3.00"));
        a.putObject("status").put("name", "Closed");
        assertThat(s.put("/accounts/" + a.path("id").asText(), a).status()).isEqualTo(204);
        Api.Reply cancel = s.post("/accounts/" + a.path("id").asText() + "/cancel", Json.object());
        assertThat(cancel.status()).isEqualTo(422);
        assertThat(cancel.json().path("errorMessage").asText()).isEqualTo("Fee/fine is already closed");
    }
}
