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
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * Renewal and check-out rules that depend on the item's requests (mod-circulation's RenewalResource and
 * LoanPolicy.determineStrategy): recalls and holds block renewals, the alternate renewal and check-out periods of
 * {@code requestManagement.holds}. Books get a policy whose holds block renewals (and shorten check-outs to a week),
 * DVDs one that renews with a pending hold for 2 days only.
 */
class RenewalWithRequestsTest {
    static Api.Session s;
    static final AtomicInteger seq = new AtomicInteger();

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("renew_requests");
        ObjectNode blocking = policy("Holds block renewals");
        blocking.putObject("requestManagement").putObject("holds").set("alternateCheckoutLoanPeriod",
                Json.object().put("duration", 1).put("intervalId", "Weeks"));
        ObjectNode renewing = policy("Holds renew briefly");
        renewing.putObject("requestManagement").putObject("holds").put("renewItemsWithRequest", true)
                .set("alternateRenewalLoanPeriod", Json.object().put("duration", 2).put("intervalId", "Days"));
        String others = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + post(blocking) + others + "\nm " + DVD
                + ": l " + post(renewing) + others + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
    }

    static ObjectNode policy(String name) {
        ObjectNode p = Json.object().put("name", name).put("loanable", true).put("renewable", true);
        p.putObject("loansPolicy").put("profileId", "Rolling")
                .set("period", Json.object().put("duration", 3).put("intervalId", "Weeks"));
        p.putObject("renewalsPolicy").put("unlimited", true).put("renewFromId", "CURRENT_DUE_DATE");
        return p;
    }

    static String post(ObjectNode policy) {
        Api.Reply r = s.post("/loan-policy-storage/loan-policies", policy);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode item(String materialType) {
        return Fixtures.item(s, "rwr-item-" + seq.incrementAndGet(), materialType, CAN_CIRCULATE, MAIN_LIBRARY);
    }

    static ObjectNode patron() {
        return Fixtures.patron(s, "rwr-user-" + seq.incrementAndGet(), UNDERGRAD, true);
    }

    static JsonNode checkOut(JsonNode item, JsonNode user) {
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                user.path("barcode").asText()));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    static JsonNode request(String type, JsonNode item, JsonNode requester) {
        Api.Reply r = s.post("/circulation/requests", Json.object().put("requestType", type).put("requestLevel", "Item")
                .put("itemId", item.path("id").asText()).put("requesterId", requester.path("id").asText())
                .put("pickupServicePointId", CIRC_DESK_1).put("fulfillmentPreference", "Hold Shelf")
                .put("requestDate", Instant.now().toString()));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    static Api.Reply renew(JsonNode item, JsonNode user) {
        return s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", item.path("barcode").asText())
                .put("userBarcode", user.path("barcode").asText()));
    }

    static JsonNode onlyError(Api.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").size()).as(r.body()).isEqualTo(1);
        return r.json().path("errors").get(0);
    }

    static Instant endOfDayAfter(Instant t, int days) {
        return t.atZone(ZoneOffset.UTC).toLocalDate().plusDays(days).atTime(LocalTime.of(23, 59, 59)).toInstant(ZoneOffset.UTC);
    }

    @Test
    void anOpenRecall_blocksRenewal_byBarcodeAndById() {
        ObjectNode item = item(BOOK), borrower = patron();
        checkOut(item, borrower);
        JsonNode recall = request("Recall", item, patron());

        JsonNode error = onlyError(renew(item, borrower));
        assertThat(error.path("message").asText()).isEqualTo("items cannot be renewed when there is an active recall request");
        assertThat(error.path("code").asText()).isEqualTo("RENEWAL_BLOCKED_BY_RECALL");
        assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo("request id");
        assertThat(error.path("parameters").get(0).path("value").asText()).isEqualTo(recall.path("id").asText());

        Api.Reply byId = s.post("/circulation/renew-by-id", Json.object().put("itemId", item.path("id").asText())
                .put("userId", borrower.path("id").asText()));
        assertThat(onlyError(byId).path("code").asText()).isEqualTo("RENEWAL_BLOCKED_BY_RECALL");
    }

    @Test
    void aPendingHold_blocksRenewal_whenThePolicyDoesNotRenewItemsWithRequests() {
        ObjectNode item = item(BOOK), borrower = patron();
        checkOut(item, borrower);
        JsonNode hold = request("Hold", item, patron());

        JsonNode error = onlyError(renew(item, borrower));
        assertThat(error.path("message").asText())
                .isEqualTo("Items with this loan policy cannot be renewed when there is an active, pending hold request");
        assertThat(error.path("code").asText()).isEqualTo("RENEWAL_BLOCKED_BY_HOLD_REQUEST");

        ObjectNode cancel = (ObjectNode) s.get("/circulation/requests/" + hold.path("id").asText()).json().deepCopy();
        cancel.put("status", "Closed - Cancelled");
        assertThat(s.put("/circulation/requests/" + hold.path("id").asText(), cancel).status()).isEqualTo(204);
        Api.Reply renewed = renew(item, borrower);
        assertThat(renewed.status()).as("the hold was what blocked it: " + renewed.body()).isEqualTo(200);
    }

    @Test
    void aRenewalWithAPendingHold_usesTheAlternateRenewalPeriod() {
        ObjectNode item = item(DVD), borrower = patron();
        Instant due = Instant.parse(checkOut(item, borrower).path("dueDate").asText());
        request("Hold", item, patron());

        Api.Reply renewed = renew(item, borrower);
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        // 2 days from the current due date, not the policy's 3 weeks.
        assertThat(Instant.parse(renewed.json().path("dueDate").asText())).isEqualTo(endOfDayAfter(due, 2));
    }

    @Test
    void aCheckOutWithAnotherPatronsPendingHold_usesTheAlternateCheckOutPeriod() {
        ObjectNode item = item(BOOK), first = patron(), next = patron();
        JsonNode page = request("Page", item, first);
        request("Hold", item, next);
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(item.path("barcode").asText(), CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);

        JsonNode loan = checkOut(item, first);
        assertThat(s.get("/circulation/requests/" + page.path("id").asText()).json().path("status").asText())
                .isEqualTo("Closed - Filled");
        Instant loanDate = Instant.parse(loan.path("loanDate").asText());
        // The hold of the next patron is still "Open - Not yet filled": a week instead of three.
        assertThat(Instant.parse(loan.path("dueDate").asText())).isEqualTo(endOfDayAfter(loanDate, 7));

        ObjectNode plain = item(BOOK);
        JsonNode normal = checkOut(plain, patron());
        assertThat(Instant.parse(normal.path("dueDate").asText()))
                .isEqualTo(endOfDayAfter(Instant.parse(normal.path("loanDate").asText()), 21));
    }
}
