package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-circulation's POST /loan-anonymization/by-user/{userId}: closed loans without fees/fines lose their userId. */
class LoanAnonymizationTest {
    static Api.Session admin;

    @BeforeAll
    static void setUp() {
        admin = TestServer.api().demoAdmin();
    }

    private static String loan(String userId, String status) {
        ObjectNode loan = Json.object().put("id", UUID.randomUUID().toString()).put("userId", userId)
                .put("itemId", UUID.randomUUID().toString()).put("loanDate", "2024-01-01T10:00:00.000Z")
                .put("action", status.equals("Open") ? "checkedout" : "checkedin");
        loan.putObject("status").put("name", status);
        Api.Reply r = admin.post("/loan-storage/loans", loan);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    private static void account(String userId, String loanId, String status) {
        ObjectNode a = Json.object().put("userId", userId).put("loanId", loanId).put("amount", 1.0)
                .put("remaining", status.equals("Open") ? 1.0 : 0.0).put("feeFineId", UUID.randomUUID().toString())
                .put("ownerId", UUID.randomUUID().toString());
        a.putObject("status").put("name", status);
        Api.Reply r = admin.post("/accounts", a);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    @Test
    void closedLoansWithoutFeesAreAnonymized_inOneGo() {
        String user = UUID.randomUUID().toString();
        String closed1 = loan(user, "Closed");
        String closed2 = loan(user, "Closed");
        String withOpenFee = loan(user, "Closed");
        String withClosedFee = loan(user, "Closed");
        String open = loan(user, "Open");
        String otherUsers = loan(UUID.randomUUID().toString(), "Closed");
        account(user, withOpenFee, "Open");
        account(user, withClosedFee, "Closed");

        Api.Reply r = admin.post("/loan-anonymization/by-user/" + user, Json.object());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("\"anonymizedLoans\" : ["); // mod-circulation pretty-prints
        JsonNode body = r.json();
        List<String> anonymized = new ArrayList<>();
        body.path("anonymizedLoans").forEach(n -> anonymized.add(n.asText()));
        assertThat(anonymized).containsExactlyInAnyOrder(closed1, closed2);
        JsonNode error = body.path("errors").get(0);
        assertThat(error.path("message").asText()).isEqualTo("haveAssociatedFeesAndFines");
        assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo("loanIds");
        // The ids as a JSON array serialized into a string, as mod-circulation writes them.
        List<String> withFees = new ArrayList<>();
        Json.parse(error.path("parameters").get(0).path("value").asText()).forEach(n -> withFees.add(n.asText()));
        assertThat(withFees).containsExactlyInAnyOrder(withOpenFee, withClosedFee);

        assertThat(admin.get("/loan-storage/loans/" + closed1).json().has("userId")).isFalse();
        assertThat(admin.get("/loan-storage/loans/" + withOpenFee).json().path("userId").asText()).isEqualTo(user);
        assertThat(admin.get("/loan-storage/loans/" + open).json().path("userId").asText()).isEqualTo(user);
        assertThat(admin.get("/loan-storage/loans/" + otherUsers).json().has("userId")).isTrue();
        // The typed column follows the JSON: the user's closed loans no longer include them.
        assertThat(admin.get("/loan-storage/loans", "userId==" + user + " and status.name==Closed").json()
                .path("totalRecords").asInt()).isEqualTo(2);

        // Again: nothing left to anonymize, the fee-bound loans still reported.
        JsonNode again = admin.post("/loan-anonymization/by-user/" + user, Json.object()).json();
        assertThat(again.path("anonymizedLoans")).isEmpty();
        assertThat(again.path("errors")).hasSize(1);
    }

    @Test
    void aUserWithoutLoans_orAMalformedId_anonymizesNothing() {
        JsonNode none = admin.post("/loan-anonymization/by-user/" + UUID.randomUUID(), Json.object()).json();
        assertThat(none.path("anonymizedLoans")).isEmpty();
        assertThat(none.path("errors")).isEmpty();
        Api.Reply bad = admin.post("/loan-anonymization/by-user/not-a-uuid", Json.object());
        assertThat(bad.status()).isEqualTo(200);
        assertThat(bad.json().path("anonymizedLoans")).isEmpty();
        Api.Reply noBody = TestServer.api().send("POST", "/loan-anonymization/by-user/" + UUID.randomUUID(), null,
                admin.tenant(), admin.token());
        assertThat(noBody.status()).isEqualTo(200);
    }
}
