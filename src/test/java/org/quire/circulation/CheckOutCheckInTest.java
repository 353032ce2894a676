package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** The newcomer's path over HTTP against the demo tenant, and concurrent check-outs of one item. */
class CheckOutCheckInTest {
    static final String CIRC_DESK_1 = "3a40852d-49fd-4df2-a1f9-6e2641a6e91f";
    static Api.Session admin;

    @BeforeAll
    static void login() {
        admin = TestServer.api().demoAdmin();
    }

    static String availableItemBarcode(int skip) {
        JsonNode items = admin.get("/inventory/items?limit=1&offset=" + skip, "status.name==\"Available\" sortBy barcode/sort.descending").json();
        return items.path("items").get(0).path("barcode").asText();
    }

    static List<String> activePatronBarcodes(int n) {
        JsonNode users = admin.get("/users?limit=" + n, "active==true and type==patron sortBy barcode").json();
        List<String> out = new ArrayList<>();
        users.path("users").forEach(u -> out.add(u.path("barcode").asText()));
        return out;
    }

    static ObjectNode checkOutBody(String item, String user) {
        return Json.object().put("itemBarcode", item).put("userBarcode", user).put("servicePointId", CIRC_DESK_1)
                .put("id", java.util.UUID.randomUUID().toString());
    }

    @Test
    void newcomerPath_checkOut_checkIn_renew() {
        String item = availableItemBarcode(0);
        String patron = activePatronBarcodes(1).getFirst();

        Api.Reply out = admin.post("/circulation/check-out-by-barcode", checkOutBody(item, patron));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        JsonNode loan = out.json();
        assertThat(loan.path("status").path("name").asText()).isEqualTo("Open");
        assertThat(loan.path("loanPolicy").path("name").asText()).isEqualTo("One Hour");
        assertThat(loan.path("overdueFinePolicy").path("name").asText()).isEqualTo("Overdue fine policy");
        assertThat(loan.path("checkoutServicePoint").path("name").asText()).isEqualTo("Circ Desk 1");
        Instant loanDate = Instant.parse(loan.path("loanDate").asText());
        Instant due = Instant.parse(loan.path("dueDate").asText());
        assertThat(Duration.between(loanDate, due)).isEqualTo(Duration.ofHours(1));
        assertThat(loan.path("item").path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(loan.path("borrower").path("barcode").asText()).isEqualTo(patron);

        Api.Reply again = admin.post("/circulation/check-out-by-barcode", checkOutBody(item, patron));
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.json().path("errors").findValuesAsText("message"))
                .contains("Item is already checked out", "Cannot check out item that already has an open loan");

        Api.Reply in = admin.post("/circulation/check-in-by-barcode", Json.object().put("itemBarcode", item)
                .put("servicePointId", CIRC_DESK_1).put("checkInDate", Instant.now().toString()));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(in.json().path("loan").path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(in.json().path("loan").path("action").asText()).isEqualTo("checkedin");
        assertThat(in.json().path("loan").path("checkinServicePoint").path("name").asText()).isEqualTo("Circ Desk 1");
        assertThat(in.json().path("loan").path("lostItemPolicy").path("name").asText()).isEqualTo("Lost item fee policy");
        assertThat(in.json().path("item").path("status").path("name").asText()).isEqualTo("Available");
        JsonNode stored = admin.get("/item-storage/items", "barcode==\"" + item + "\"").json().path("items").get(0);
        assertThat(stored.path("status").path("name").asText()).isEqualTo("Available");

        // Renewal: the One Hour policy allows 3 renewals from the system date.
        assertThat(admin.post("/circulation/check-out-by-barcode", checkOutBody(item, patron)).status()).isEqualTo(201);
        Instant previousDue = Instant.EPOCH;
        for (int i = 1; i <= 3; i++) {
            Api.Reply renewed = admin.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", item)
                    .put("userBarcode", patron));
            assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);
            assertThat(renewed.json().path("renewalCount").asInt()).isEqualTo(i);
            Instant newDue = Instant.parse(renewed.json().path("dueDate").asText());
            assertThat(newDue).isAfter(previousDue);
            previousDue = newDue;
        }
        Api.Reply limit = admin.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", item)
                .put("userBarcode", patron));
        assertThat(limit.status()).isEqualTo(422);
        assertThat(limit.json().path("errors").get(0).path("message").asText()).isEqualTo("loan at maximum renewal number");
        admin.post("/circulation/check-in-by-barcode", Json.object().put("itemBarcode", item)
                .put("servicePointId", CIRC_DESK_1).put("checkInDate", Instant.now().toString()));
    }

    @Test
    void theDatabaseRefusesASecondOpenLoanForAnItem_evenThroughStorage() {
        String itemId = java.util.UUID.randomUUID().toString();
        ObjectNode loan = Json.object().put("itemId", itemId).put("userId", java.util.UUID.randomUUID().toString())
                .put("loanDate", Instant.now().toString()).put("action", "checkedout");
        loan.putObject("status").put("name", "Open");
        assertThat(admin.post("/loan-storage/loans", loan).status()).isEqualTo(201);
        Api.Reply second = admin.post("/loan-storage/loans", loan.deepCopy().put("id", java.util.UUID.randomUUID().toString()));
        assertThat(second.status()).isEqualTo(422);
        assertThat(second.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Cannot check out item that already has an open loan");
        ObjectNode closed = loan.deepCopy().put("id", java.util.UUID.randomUUID().toString());
        closed.putObject("status").put("name", "Closed");
        assertThat(admin.post("/loan-storage/loans", closed).status()).as("closed loans are not limited").isEqualTo(201);
    }

    @Test
    void unknownBarcodes_giveFolioMessages() {
        Api.Reply r = admin.post("/circulation/check-out-by-barcode", checkOutBody("no-such-item", "no-such-user"));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("errors").findValuesAsText("message")).containsExactly(
                "Could not find user with matching barcode", "No item with barcode no-such-item could be found");
        Api.Reply in = admin.post("/circulation/check-in-by-barcode", Json.object().put("itemBarcode", "nope")
                .put("servicePointId", CIRC_DESK_1).put("checkInDate", Instant.now().toString()));
        assertThat(in.status()).isEqualTo(422);
        assertThat(in.json().path("errors").get(0).path("message").asText()).isEqualTo("No item with barcode nope exists");
    }

    @Test
    void fiftyConcurrentCheckOutsOfOneItem_exactlyOneWins() throws Exception {
        String item = availableItemBarcode(1);
        List<String> patrons = activePatronBarcodes(50);
        assertThat(patrons).hasSize(50);
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<Callable<Integer>> calls = new ArrayList<>();
        for (String p : patrons) calls.add(() -> admin.post("/circulation/check-out-by-barcode", checkOutBody(item, p)).status());
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> f : pool.invokeAll(calls)) statuses.add(f.get());
        pool.shutdown();
        assertThat(statuses.stream().filter(s -> s == 201)).hasSize(1);
        assertThat(statuses.stream().filter(s -> s == 422)).hasSize(49);
        JsonNode loans = admin.get("/loan-storage/loans?limit=100", "status.name==Open and itemId=="
                + admin.get("/item-storage/items", "barcode==\"" + item + "\"").json().path("items").get(0).path("id").asText()).json();
        assertThat(loans.path("totalRecords").asInt()).isEqualTo(1);
    }
}
