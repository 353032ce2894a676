package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * mod-circulation's items-in-transit report over HTTP: which items, in FOLIO's order (by the name of the service
 * point the item's loan was checked in at, items without one last), with the context the report adds, in one
 * statement whatever the number of items.
 */
class ItemsInTransitReportTest {
    static final String TENANT = "in_transit_report";

    @Test
    void inTransitItems_withTheirContext_sortedByCheckInServicePointName() {
        Api.Session s = Fixtures.tenant(TENANT);
        String aardvark = UUID.randomUUID().toString();
        assertThat(s.post("/service-points", Json.object().put("id", aardvark).put("name", "Aardvark desk")
                .put("code", "AARD").put("discoveryDisplayName", "Aardvark")).status()).isEqualTo(201);
        Fixtures.patron(s, "itr-borrower", UNDERGRAD, true);
        ObjectNode requester = Fixtures.patron(s, "itr-requester", UNDERGRAD, true);

        // 1: checked out, returned at Circ Desk 2, which does not serve Main Library → in transit to Circ Desk 1
        ObjectNode one = Fixtures.item(s, "itr-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        checkOutAndIn(s, "itr-1", CIRC_DESK_2);
        // 2: the same, returned at "Aardvark desk": sorts first
        ObjectNode two = Fixtures.item(s, "itr-2", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        checkOutAndIn(s, "itr-2", aardvark);
        // 3: put in transit without a loan
        ObjectNode three = Fixtures.item(s, "itr-3", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        toTransit(s, three.path("id").asText());
        // 4: returned home long ago, put in transit since: its old loan is not the transit's
        ObjectNode four = Fixtures.item(s, "itr-4", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        checkOutAndIn(s, "itr-4", CIRC_DESK_1);
        toTransit(s, four.path("id").asText());
        // 5: available, not in the report
        Fixtures.item(s, "itr-5", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);

        // a hold on item 1, picked up at Circ Desk 1
        ObjectNode hold = Json.object().put("requestType", "Hold").put("requestLevel", "Item")
                .put("itemId", one.path("id").asText()).put("holdingsRecordId", one.path("holdingsRecordId").asText())
                .put("requesterId", requester.path("id").asText()).put("pickupServicePointId", CIRC_DESK_1)
                .put("fulfillmentPreference", "Hold Shelf").put("requestDate", "2025-03-01T10:00:00.000+00:00")
                .put("requestExpirationDate", Instant.now().plus(Duration.ofDays(30)).toString());
        hold.putObject("tags").putArray("tagList").add("urgent");
        Api.Reply created = s.post("/circulation/requests", hold);
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        Api.Reply r = s.get("/inventory-reports/items-in-transit");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).as("pretty-printed as mod-circulation").contains("\"totalRecords\" : 4");
        List<String> barcodes = new ArrayList<>();
        r.json().path("items").forEach(i -> barcodes.add(i.path("barcode").asText()));
        assertThat(barcodes.subList(0, 2)).containsExactly("itr-2", "itr-1");
        assertThat(barcodes.subList(2, 4)).containsExactlyInAnyOrder("itr-3", "itr-4");

        JsonNode e = r.json().path("items").get(1);
        assertThat(e.path("id").asText()).isEqualTo(one.path("id").asText());
        assertThat(e.path("title").asText()).isEqualTo("Title of itr-1");
        assertThat(e.path("status").path("name").asText()).isEqualTo("In transit");
        assertThat(e.path("callNumber").asText()).isEqualTo("QA76 .Q5");
        assertThat(e.path("effectiveCallNumberComponents").path("callNumber").asText()).isEqualTo("QA76 .Q5");
        assertThat(e.path("inTransitDestinationServicePointId").asText()).isEqualTo(CIRC_DESK_1);
        assertThat(e.path("inTransitDestinationServicePoint").path("name").asText()).isEqualTo("Circ Desk 1");
        assertThat(e.path("location").path("name").asText()).isEqualTo("Main Library");
        assertThat(e.path("location").path("code").asText()).isEqualTo("KU/CC/DI/M");
        assertThat(e.path("location").path("libraryName").asText()).isEqualTo("Datalogisk Institut");
        assertThat(e.path("lastCheckIn").path("servicePoint").path("name").asText()).isEqualTo("Circ Desk 2");
        assertThat(e.path("lastCheckIn").path("dateTime").asText()).endsWith("Z");
        JsonNode loan = e.path("loan");
        assertThat(loan.path("checkInServicePoint").path("name").asText()).isEqualTo("Circ Desk 2");
        assertThat(loan.path("checkInServicePoint").path("pickupLocation").isBoolean()).isTrue();
        assertThat(loan.path("checkInDateTime").asText()).endsWith("Z");
        JsonNode request = e.path("request");
        assertThat(request.path("requestType").asText()).isEqualTo("Hold");
        assertThat(request.path("requestDate").asText()).isEqualTo("2025-03-01T10:00:00.000Z");
        assertThat(request.path("requestPickupServicePointName").asText()).isEqualTo("Circ Desk 1");
        assertThat(request.path("requestPatronGroup").asText()).isEqualTo("Undergraduate Student");
        assertThat(request.path("tags").get(0).asText()).isEqualTo("urgent");
        assertThat(e.has("contributors")).as("an instance without contributors has none, left out").isFalse();

        assertThat(r.json().path("items").get(0).path("loan").path("checkInServicePoint").path("code").asText())
                .isEqualTo("AARD");
        for (JsonNode noLoan : List.of(r.json().path("items").get(2), r.json().path("items").get(3))) {
            assertThat(noLoan.has("loan")).as(noLoan.path("barcode").asText()).isFalse();
            assertThat(noLoan.has("request")).isFalse();
        }

        // ONE statement for the whole report, whatever the number of items
        long forFour = StatementCount.of(TENANT, () -> s.get("/inventory-reports/items-in-transit"));
        for (int i = 0; i < 8; i++) {
            ObjectNode more = Fixtures.item(s, "itr-more-" + i, BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
            toTransit(s, more.path("id").asText());
        }
        long forTwelve = StatementCount.of(TENANT, () -> assertThat(s.get("/inventory-reports/items-in-transit").json()
                .path("totalRecords").asInt()).isEqualTo(12));
        assertThat(forFour).isEqualTo(1);
        assertThat(forTwelve).isEqualTo(1);
    }

    static void checkOutAndIn(Api.Session s, String barcode, String servicePoint) {
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, "itr-borrower"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(barcode, servicePoint));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
    }

    /** In transit to Circ Desk 1 through storage, as any client may put it. */
    static void toTransit(Api.Session s, String itemId) {
        ObjectNode stored = (ObjectNode) s.get("/item-storage/items/" + itemId).json();
        stored.putObject("status").put("name", "In transit");
        stored.put("inTransitDestinationServicePointId", CIRC_DESK_1);
        assertThat(s.put("/item-storage/items/" + itemId, stored).status()).isEqualTo(204);
    }
}
