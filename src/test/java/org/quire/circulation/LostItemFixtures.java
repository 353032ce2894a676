package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tenant set up for lost items: an owner serving Circ Desk 1 (the primary service point of Main Library), one-hour
 * loans, and the circulation rules' fallback lost item fee policy given by the test.
 */
final class LostItemFixtures {
    final Api.Session s;
    private int serial;

    LostItemFixtures(String tenant, ObjectNode fallbackLostPolicy) {
        s = Fixtures.tenant(tenant);
        ObjectNode owner = Json.object().put("owner", "Main Library");
        owner.putArray("servicePointOwner").addObject().put("value", Fixtures.CIRC_DESK_1).put("label", "Circ Desk 1");
        assertThat(s.post("/owners", owner).status()).isEqualTo(201);
        ObjectNode loanPolicy = Json.object().put("name", "One hour").put("loanable", true).put("renewable", false);
        loanPolicy.putObject("loansPolicy").put("profileId", "Rolling")
                .put("closedLibraryDueDateManagementId", "CURRENT_DUE_DATE_TIME")
                .set("period", Json.object().put("duration", 1).put("intervalId", "Hours"));
        Api.Reply lp = s.post("/loan-policy-storage/loan-policies", loanPolicy);
        assertThat(lp.status()).as(lp.body()).isEqualTo(201);
        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + lp.json().path("id").asText()
                + " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i " + lostPolicy(fallbackLostPolicy) + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
    }

    /** FOLIO's lost item fee policy: set cost, processing fee charged when declared and when aged, refunded. */
    static ObjectNode policy(String name, double setCost, double processingFee) {
        ObjectNode p = Json.object().put("name", name);
        p.putObject("chargeAmountItem").put("chargeType", "anotherCost").put("amount", setCost);
        p.put("lostItemProcessingFee", processingFee).put("chargeAmountItemPatron", true)
                .put("chargeAmountItemSystem", true).put("returnedLostItemProcessingFee", true)
                .put("lostItemReturned", "Remove").put("replacementAllowed", false);
        return p;
    }

    static ObjectNode period(int duration, String interval) {
        return Json.object().put("duration", duration).put("intervalId", interval);
    }

    String lostPolicy(ObjectNode policy) {
        Api.Reply r = s.post("/lost-item-fees-policies", policy);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    String patron() {
        String barcode = s.tenant() + "-u" + (++serial);
        Fixtures.patron(s, barcode, Fixtures.UNDERGRAD, true);
        return barcode;
    }

    /** Checks out a new item at {@code location} to {@code patron}; returns the loan. */
    JsonNode borrow(String patron, String location) {
        String barcode = s.tenant() + "-i" + (++serial);
        Fixtures.item(s, barcode, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, location);
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, patron));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    JsonNode borrow(String patron) {
        return borrow(patron, Fixtures.MAIN_LIBRARY);
    }

    /** Gives the loan another lost item fee policy, as if the rules had chosen it. */
    void usePolicy(JsonNode loan, String policyId) {
        ObjectNode stored = (ObjectNode) loan(loan);
        stored.put("lostItemPolicyId", policyId);
        Api.Reply r = s.put("/loan-storage/loans/" + stored.path("id").asText(), stored);
        assertThat(r.status()).as(r.body()).isEqualTo(204);
    }

    Api.Reply declareLost(JsonNode loan, Instant when) {
        return s.post("/circulation/loans/" + loan.path("id").asText() + "/declare-item-lost", Json.object()
                .put("declaredLostDateTime", when.toString()).put("comment", "Patron lost it")
                .put("servicePointId", Fixtures.CIRC_DESK_1));
    }

    JsonNode loan(JsonNode loan) {
        return s.get("/loan-storage/loans/" + loan.path("id").asText()).json();
    }

    JsonNode item(JsonNode loan) {
        return s.get("/item-storage/items/" + loan.path("itemId").asText()).json();
    }

    Api.Reply checkIn(JsonNode loan) {
        return checkIn(loan, null);
    }

    Api.Reply checkIn(JsonNode loan, String resolution) {
        ObjectNode body = Fixtures.checkIn(item(loan).path("barcode").asText(), Fixtures.CIRC_DESK_1);
        if (resolution != null) body.put("claimedReturnedResolution", resolution);
        return s.post("/circulation/check-in-by-barcode", body);
    }

    /** The loan's accounts, by fee/fine type name. */
    List<JsonNode> accounts(JsonNode loan) {
        Api.Reply r = s.get("/accounts?limit=100", "loanId==" + loan.path("id").asText());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<JsonNode> out = new ArrayList<>();
        r.json().path("accounts").forEach(out::add);
        return out;
    }

    JsonNode account(JsonNode loan, String type) {
        return accounts(loan).stream().filter(a -> a.path("feeFineType").asText().equals(type)).findFirst().orElseThrow();
    }

    List<String> actionTypes(JsonNode account) {
        Api.Reply r = s.get("/feefineactions?limit=100", "accountId==" + account.path("id").asText());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<String> out = new ArrayList<>();
        r.json().path("feefineactions").forEach(a -> out.add(a.path("typeAction").asText()));
        return out;
    }
}
