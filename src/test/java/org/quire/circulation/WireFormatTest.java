package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.BOOK;
import static org.quire.Fixtures.CAN_CIRCULATE;
import static org.quire.Fixtures.CIRC_DESK_1;
import static org.quire.Fixtures.MAIN_LIBRARY;
import static org.quire.Fixtures.STAFF;

/**
 * FOLIO's wire format over HTTP: the extended loan's fields (mod-circulation's LoanRepresentation and
 * ItemSummaryRepresentation), dates as RMB storage (+00:00) and mod-circulation (Z) write them, pretty-printed business
 * answers and compact storage answers, and uniqueness only where FOLIO's storage has it.
 */
class WireFormatTest {
    private static final AtomicInteger N = new AtomicInteger();
    static Api.Session s;

    @BeforeAll
    static void login() {
        s = TestServer.api().demoAdmin();
    }

    /** A new item and patron (middle name absent) checked out at Circ Desk 1: the check-out answer. */
    private static Api.Reply checkOut(String tag) {
        String item = "wire-" + tag + "-" + N.incrementAndGet();
        String patron = "wire-p-" + tag + "-" + N.get();
        Fixtures.item(s, item, BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, patron, STAFF, true);
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item, patron));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r;
    }

    @Test
    void checkOutAnswer_isPrettyPrinted_andCarriesWhatFolioCarries() {
        Api.Reply r = checkOut("co");
        assertThat(r.body()).startsWith("{\n  \"").contains("\"id\" : \"").contains("\"status\" : {\n    \"name\" : \"Open\"");
        JsonNode loan = r.json();
        assertThat(loan.path("isDcb").isBoolean()).isTrue();
        assertThat(loan.path("isDcb").asBoolean()).isFalse();
        assertThat(loan.path("patronGroupAtCheckout").path("id").asText()).isEqualTo(STAFF);
        assertThat(loan.path("patronGroupAtCheckout").path("name").asText()).isEqualTo("staff");
        assertThat(loan.has("patronGroupIdAtCheckout")).as("storage only").isFalse();
        assertThat(loan.has("feesAndFines")).as("only where FOLIO reads the accounts (GET)").isFalse();
        JsonNode borrower = loan.path("borrower");
        assertThat(borrower.has("middleName")).isTrue();
        assertThat(borrower.get("middleName").isNull()).as("Vert.x writes the null").isTrue();
        assertThat(borrower.path("patronGroup").asText()).isEqualTo(STAFF);
        JsonNode sp = loan.path("checkoutServicePoint");
        assertThat(sp.path("name").asText()).isEqualTo("Circ Desk 1");
        assertThat(sp.path("pickupLocation").isBoolean()).isTrue();
        assertThat(sp.has("description")).isTrue();
        JsonNode item = loan.path("item");
        assertThat(item.has("contributors")).as("an empty list is left out").isFalse();
        assertThat(item.has("primaryContributor")).isFalse();
        assertThat(item.path("callNumberComponents").path("callNumber").asText()).isEqualTo("QA76 .Q5");
        assertThat(item.path("callNumberComponents").has("typeId")).isFalse();
        assertThat(item.path("status").path("date").asText()).endsWith("+00:00");
        // dueDate comes back from storage (date-time: RMB's form), loanDate is mod-circulation's text (plain string)
        assertThat(loan.path("dueDate").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\+00:00");
        assertThat(loan.path("loanDate").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(loan.path("metadata").path("createdDate").asText()).endsWith("+00:00");
    }

    @Test
    void storageAnswer_isCompact_andKeepsTheStorageFields() {
        String id = checkOut("st").json().path("id").asText();
        Api.Reply stored = s.get("/loan-storage/loans/" + id);
        assertThat(stored.status()).isEqualTo(200);
        assertThat(stored.body()).doesNotContain("\" : ").doesNotContain("\n").contains("\"id\":\"");
        assertThat(stored.json().path("patronGroupIdAtCheckout").asText()).isEqualTo(STAFF);
        assertThat(stored.json().has("patronGroupAtCheckout")).isFalse();
        assertThat(stored.json().path("isDcb").asBoolean(true)).isFalse();
        assertThat(stored.json().has("borrower")).isFalse();
        assertThat(s.get("/users", "barcode==\"nobody\"").body()).doesNotContain("\" : ");
    }

    @Test
    void businessErrors_ofCirculation_arePrettyToo() {
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("no-such-item", "no-such-user"));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.body()).contains("\"errors\" : [").contains("\"message\" : \"");
        Api.Reply bad = s.api().send("POST", "/circulation/check-out-by-barcode", "{not json", s.tenant(), s.token());
        assertThat(bad.status()).isEqualTo(400);
        Api.Reply inventory = s.get("/inventory/items?limit=1");
        assertThat(inventory.body()).contains("\"totalRecords\" : ");
    }

    @Test
    void getLoans_addsFeesAndFines_fromTheLoansOpenAccounts() {
        JsonNode loan = checkOut("ff").json();
        String id = loan.path("id").asText();
        assertThat(s.get("/circulation/loans/" + id).json().path("feesAndFines").path("amountRemainingToPay").asDouble(-1))
                .isEqualTo(0.0);
        account(loan, "Open", 3.5);
        account(loan, "Open", 1.25);
        account(loan, "Closed", 10);
        Api.Reply one = s.get("/circulation/loans/" + id);
        assertThat(one.body()).contains("\"amountRemainingToPay\" : 4.75");
        JsonNode page = s.get("/circulation/loans", "id==" + id).json();
        assertThat(page.path("loans").get(0).path("feesAndFines").path("amountRemainingToPay").asDouble()).isEqualTo(4.75);
        assertThat(page.path("loans").get(0).has("patronGroupIdAtCheckout")).isFalse();
        assertThat(page.path("loans").get(0).path("patronGroupAtCheckout").path("name").asText()).isEqualTo("staff");
        assertThat(s.get("/circulation/loans/not-a-uuid").status()).isBetween(400, 404);
    }

    private static void account(JsonNode loan, String status, double remaining) {
        ObjectNode a = Json.object().put("id", UUID.randomUUID().toString()).put("userId", loan.path("userId").asText())
                .put("loanId", loan.path("id").asText()).put("itemId", loan.path("itemId").asText())
                .put("amount", remaining).put("remaining", remaining).put("feeFineId", UUID.randomUUID().toString())
                .put("ownerId", UUID.randomUUID().toString()).put("feeFineType", "Damage");
        a.putObject("status").put("name", status);
        a.putObject("paymentStatus").put("name", "Outstanding");
        Api.Reply r = s.post("/accounts", a);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    @Test
    void renewalAndCheckIn_answerMemoryDatesInModCirculationsForm_storageKeepsRmbs() {
        JsonNode loan = checkOut("rn").json();
        String barcode = loan.path("item").path("barcode").asText();
        Api.Reply renewed = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", barcode)
                .put("userBarcode", loan.path("borrower").path("barcode").asText()).put("servicePointId", CIRC_DESK_1));
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
        assertThat(renewed.body()).contains("\"id\" : \"");
        assertThat(renewed.json().path("dueDate").asText()).endsWith("Z");
        String storedDue = s.get("/loan-storage/loans/" + loan.path("id").asText()).json().path("dueDate").asText();
        assertThat(storedDue).endsWith("+00:00");
        assertThat(Instant.parse(storedDue)).isEqualTo(Instant.parse(renewed.json().path("dueDate").asText()));
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(barcode, CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(in.body()).contains("\"loan\" : {");
        assertThat(in.json().path("loan").path("returnDate").asText()).endsWith("Z");
        assertThat(in.json().path("loan").path("systemReturnDate").asText()).endsWith("Z");
        JsonNode stored = s.get("/loan-storage/loans/" + loan.path("id").asText()).json();
        assertThat(stored.path("returnDate").asText()).as("a plain string in FOLIO's loan schema").endsWith("Z");
        assertThat(stored.path("systemReturnDate").asText()).endsWith("+00:00");
        JsonNode checkIns = s.get("/check-in-storage/check-ins", "itemId==" + loan.path("itemId").asText()).json();
        assertThat(checkIns.path("checkIns").get(0).path("occurredDateTime").asText()).endsWith("+00:00");
    }

    @Test
    void datesInBothForms_areParsed_andQueried() {
        JsonNode loan = checkOut("q").json();
        String id = loan.path("id").asText();
        Instant due = Instant.parse(loan.path("dueDate").asText());
        for (String bound : List.of(Json.dateZ(due.plusSeconds(1)), Json.date(due.plusSeconds(1)))) {
            JsonNode found = s.get("/loan-storage/loans", "id==" + id + " and dueDate < \"" + bound + "\"").json();
            assertThat(found.path("totalRecords").asInt()).as(bound).isEqualTo(1);
        }
        for (String bound : List.of(Json.dateZ(due), Json.date(due))) {
            JsonNode found = s.get("/circulation/loans", "id==" + id + " and dueDate > \"" + bound + "\"").json();
            assertThat(found.path("totalRecords").asInt()).as(bound).isEqualTo(0);
        }
        // a loan date sent in the old form is accepted and answered in mod-circulation's form
        String item = "wire-ld-" + N.incrementAndGet();
        Fixtures.item(s, item, BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.patron(s, "wire-pld-" + N.get(), STAFF, true);
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item, "wire-pld-" + N.get())
                .put("loanDate", "2030-01-14T10:00:00+00:00"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.json().path("loanDate").asText()).isEqualTo("2030-01-14T10:00:00.000Z");
    }

    @Test
    void uniqueness_onlyWhereFolioHasIt() {
        String owner = "Wire owner " + UUID.randomUUID();
        for (int i = 0; i < 2; i++) {
            Api.Reply r = s.post("/owners", Json.object().put("owner", owner));
            assertThat(r.status()).as("mod-feesfines has no unique owner name: " + r.body()).isEqualTo(201);
        }
        assertThat(s.get("/owners", "owner==\"" + owner + "\"").json().path("totalRecords").asInt()).isEqualTo(2);

        String policy = "Wire loan policy " + UUID.randomUUID();
        for (int i = 0; i < 2; i++) {
            ObjectNode p = Json.object().put("name", policy).put("loanable", true).put("renewable", false);
            p.putObject("loansPolicy").put("profileId", "Rolling").putObject("period").put("duration", 3)
                    .put("intervalId", "Weeks");
            Api.Reply r = s.post("/loan-policy-storage/loan-policies", p);
            assertThat(r.status()).as("mod-circulation-storage has no unique loan policy name: " + r.body()).isEqualTo(201);
        }

        String requestPolicy = "Wire request policy " + UUID.randomUUID();
        ObjectNode rp = Json.object().put("name", requestPolicy);
        rp.putArray("requestTypes").add("Hold");
        assertThat(s.post("/request-policy-storage/request-policies", rp).status()).isEqualTo(201);
        Api.Reply dup = s.post("/request-policy-storage/request-policies", rp);
        assertThat(dup.status()).as("FOLIO's request_policy has a unique name").isEqualTo(422);

        String group = Fixtures.patron(s, "wire-lim-" + N.incrementAndGet(), STAFF, true).path("patronGroup").asText();
        String condition = "3d7c52dc-c732-4223-8bf8-e5917801386f"; // FOLIO's "Maximum number of items charged out"
        for (int i = 0; i < 2; i++) {
            Api.Reply r = s.post("/patron-block-limits", Json.object().put("id", UUID.randomUUID().toString())
                    .put("patronGroupId", group).put("conditionId", condition).put("value", 900000 + i));
            assertThat(r.status()).as("mod-patron-blocks has no unique group + condition: " + r.body()).isEqualTo(201);
        }
        JsonNode limits = s.get("/patron-block-limits", "patronGroupId==" + group + " and conditionId==" + condition).json();
        assertThat(limits.path("totalRecords").asInt()).isEqualTo(2);
        for (JsonNode l : limits.path("patronBlockLimits")) s.delete("/patron-block-limits/" + l.path("id").asText());
    }
}
