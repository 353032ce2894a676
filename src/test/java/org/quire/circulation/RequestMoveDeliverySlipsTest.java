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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** Delivery requests, moving a request between items, pick and search slips (TLR feature off: item queues). */
class RequestMoveDeliverySlipsTest {
    static final String ONLINE_SP = RequestFixtures.ONLINE_SP;
    static final String HOME_ADDRESS = RequestFixtures.HOME_ADDRESS;
    static Api.Session s;
    static RequestFixtures rq;

    @BeforeAll
    static void tenant() {
        s = Fixtures.tenant("request_move_test");
        rq = new RequestFixtures(s, "mv");
    }

    static String next(String what) {
        return rq.next(what);
    }

    static ObjectNode item(String materialType) {
        return rq.item(materialType);
    }

    static ObjectNode patron() {
        return rq.patronWithAddress();
    }

    static ObjectNode body(String type, JsonNode item, JsonNode requester) {
        return RequestFixtures.itemRequest(type, item, requester, CIRC_DESK_1);
    }

    static JsonNode create(ObjectNode body) {
        return rq.create(body);
    }

    static JsonNode request(JsonNode r) {
        return rq.request(r);
    }

    static String itemStatus(JsonNode item) {
        return rq.itemStatus(item);
    }

    static JsonNode checkOut(JsonNode item, JsonNode user) {
        return rq.checkOut(item, user);
    }

    static JsonNode checkIn(JsonNode item, String sp) {
        return rq.checkIn(item, sp);
    }

    static List<String> queue(JsonNode item) {
        return rq.itemQueue(item);
    }

    static Api.Reply move(JsonNode request, JsonNode destination, String type) {
        return rq.move(request, destination, type);
    }

    static String id(JsonNode n) {
        return n.path("id").asText();
    }

    @Test
    void delivery_awaitsDeliveryWithoutTransit_thenFilledByCheckOut() {
        ObjectNode item = item(BOOK);
        ObjectNode borrower = patron(), requester = patron();
        checkOut(item, borrower);
        ObjectNode body = body("Hold", item, requester).put("fulfillmentPreference", "Delivery");
        body.remove("pickupServicePointId");
        Api.Reply missing = s.post("/circulation/requests", body);
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().path("errors").findValuesAsText("message"))
                .containsExactly("Delivery Fulfillment Requests require a Delivery Address Type");
        Api.Reply wrong = s.post("/circulation/requests", body.deepCopy().put("fulfillmentPreference", "Mail"));
        assertThat(wrong.json().path("errors").findValuesAsText("message"))
                .containsExactly("Fulfillment preference must be one of the following: Hold Shelf, Delivery");

        ObjectNode withAddress = (ObjectNode) s.get("/users/" + id(requester)).json();
        ((ObjectNode) withAddress.path("personal")).putArray("addresses").addObject().put("addressTypeId", HOME_ADDRESS)
                .put("addressLine1", "1 Library Way").put("city", "Aarhus").put("postalCode", "8000");
        assertThat(s.put("/users/" + id(requester), withAddress).status()).isEqualTo(204);
        // A hold shelf expiration date it carries (say, from an earlier Hold Shelf preference) goes on awaiting delivery.
        JsonNode delivery = create(body.put("deliveryAddressTypeId", HOME_ADDRESS)
                .put("holdShelfExpirationDate", Instant.now().plusSeconds(86400).toString()));
        assertThat(request(delivery).path("deliveryAddress").path("addressLine1").asText()).isEqualTo("1 Library Way");
        assertThat(request(delivery).path("deliveryAddress").path("addressTypeId").asText()).isEqualTo(HOME_ADDRESS);
        // Returned at a desk that does not serve the item's location: still no transit for a delivery.
        JsonNode in = checkIn(item, CIRC_DESK_2);
        assertThat(in.path("item").path("status").path("name").asText()).isEqualTo("Awaiting delivery");
        assertThat(in.path("item").has("inTransitDestinationServicePoint")).isFalse();
        assertThat(request(delivery).path("status").asText()).isEqualTo("Open - Awaiting delivery");
        assertThat(request(delivery).has("holdShelfExpirationDate")).isFalse();
        assertThat(itemStatus(item)).isEqualTo("Awaiting delivery");

        // Nobody else may borrow it meanwhile.
        Api.Reply other = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                borrower.path("barcode").asText()));
        assertThat(other.status()).isEqualTo(422);

        checkOut(item, requester);
        assertThat(request(delivery).path("status").asText()).isEqualTo("Closed - Filled");
        assertThat(itemStatus(item)).isEqualTo("Checked out");
    }

    @Test
    void move_betweenItems_renumbersBothQueues() {
        ObjectNode source = item(BOOK), destination = item(BOOK);
        checkOut(source, patron());
        checkOut(destination, patron());
        JsonNode a = create(body("Hold", source, patron()));
        JsonNode b = create(body("Hold", source, patron()));
        JsonNode c = create(body("Hold", source, patron()));
        JsonNode d = create(body("Hold", destination, patron()));

        Api.Reply r = move(b, destination, null);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("itemId").asText()).isEqualTo(id(destination));
        assertThat(r.json().path("item").path("barcode").asText()).isEqualTo(destination.path("barcode").asText());
        assertThat(r.json().path("position").asInt()).isEqualTo(2);
        assertThat(queue(source)).containsExactly(id(a), id(c));
        assertThat(queue(destination)).containsExactly(id(d), id(b));

        // The requester of d may not have a second request on the destination.
        JsonNode requesterOfD = s.get("/users/" + request(d).path("requesterId").asText()).json();
        Api.Reply duplicate = move(create(body("Hold", source, requesterOfD)), destination, null);
        assertThat(duplicate.status()).isEqualTo(422);
        assertThat(duplicate.json().path("errors").findValuesAsText("message"))
                .containsExactly("This requester already has an open request for this item");
    }

    @Test
    void move_toAnAvailableItem_becomesAPage_andTheSourceGoesBackToTheShelf() {
        ObjectNode source = item(BOOK), destination = item(BOOK);
        JsonNode page = create(body("Page", source, patron()));
        assertThat(itemStatus(source)).isEqualTo("Paged");
        Api.Reply r = move(page, destination, "Hold");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("requestType").asText()).isEqualTo("Page");
        assertThat(itemStatus(destination)).isEqualTo("Paged");
        assertThat(itemStatus(source)).isEqualTo("Available");
        assertThat(queue(source)).isEmpty();
        assertThat(queue(destination)).containsExactly(id(page));
    }

    @Test
    void move_asARecall_toACheckedOutItem_recallsItsLoan() {
        ObjectNode source = item(DVD), destination = item(DVD);
        checkOut(source, patron());
        JsonNode loan = checkOut(destination, patron());
        JsonNode hold = create(body("Hold", source, patron()));
        Api.Reply r = move(hold, destination, "Recall");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("requestType").asText()).isEqualTo("Recall");
        JsonNode recalled = s.get("/circulation/loans/" + id(loan)).json();
        assertThat(recalled.path("dueDateChangedByRecall").asBoolean()).isTrue();
        assertThat(Instant.parse(recalled.path("dueDate").asText()))
                .isEqualTo(RequestsTest.endOfDay(Instant.parse(loan.path("loanDate").asText()).plus(Duration.ofDays(30))));

        Api.Reply missing = s.post("/circulation/requests/" + id(hold) + "/move",
                Json.object().put("destinationItemId", UUID.randomUUID().toString()));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().path("errors").findValuesAsText("message")).containsExactly("Item does not exist");
    }

    @Test
    void requestByInstance_pagesAnAvailableCopy_elseRecallsTheLoanDueFirst() {
        String instance = Fixtures.instance(s, next("By instance"));
        List<ObjectNode> copies = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ObjectNode item = Json.object().put("holdingsRecordId", Fixtures.holdings(s, instance, MAIN_LIBRARY))
                    .put("barcode", next("mv-copy")).put("materialTypeId", DVD).put("permanentLoanTypeId", CAN_CIRCULATE);
            item.putObject("status").put("name", "Available");
            copies.add((ObjectNode) s.post("/item-storage/items", item).json());
        }
        checkOut(copies.get(0), patron());
        ObjectNode body = Json.object().put("instanceId", instance).put("requestDate", Instant.now().toString())
                .put("requesterId", id(patron())).put("pickupServicePointId", CIRC_DESK_1);
        Api.Reply page = s.post("/circulation/requests/instances", body);
        assertThat(page.status()).as(page.body()).isEqualTo(201);
        assertThat(page.json().path("requestType").asText()).isEqualTo("Page");
        assertThat(page.json().path("itemId").asText()).isEqualTo(id(copies.get(1)));

        checkIn(copies.get(1), CIRC_DESK_1);
        JsonNode loan = checkOut(copies.get(1), s.get("/users/" + page.json().path("requesterId").asText()).json());
        Api.Reply recall = s.post("/circulation/requests/instances", body.put("requesterId", id(patron())));
        assertThat(recall.status()).as(recall.body()).isEqualTo(201);
        assertThat(recall.json().path("requestType").asText()).isEqualTo("Recall");
        assertThat(recall.json().path("itemId").asText()).isEqualTo(id(copies.get(0)));
        assertThat(s.get("/circulation/loans/" + id(loan)).json().path("dueDateChangedByRecall").asBoolean(false)).isFalse();
    }

    @Test
    void pickSlips_forTheServicePointOfTheItemsLocation_only() {
        ObjectNode item = item(BOOK);
        ObjectNode requester = patron();
        JsonNode page = create(body("Page", item, requester).put("patronComments", "Top shelf"));

        JsonNode slips = s.get("/circulation/pick-slips/" + CIRC_DESK_1).json();
        JsonNode slip = null;
        for (JsonNode sl : slips.path("pickSlips"))
            if (id(page).equals(sl.path("request").path("requestID").asText())) slip = sl;
        assertThat(slip).as(slips.toString()).isNotNull();
        assertThat(slips.path("totalRecords").asInt()).isEqualTo(slips.path("pickSlips").size());
        assertThat(slip.path("item").path("barcode").asText()).isEqualTo(item.path("barcode").asText());
        assertThat(slip.path("item").path("title").asText()).isEqualTo("Title of " + item.path("barcode").asText());
        assertThat(slip.path("item").path("status").asText()).isEqualTo("Paged");
        assertThat(slip.path("item").path("materialType").asText()).isEqualTo("book");
        assertThat(slip.path("item").path("effectiveLocationSpecific").asText()).isEqualTo("Main Library");
        assertThat(slip.path("item").path("callNumber").asText()).isEqualTo("QA76 .Q5");
        assertThat(slip.path("request").path("servicePointPickup").asText()).isEqualTo("Circ Desk 1");
        assertThat(slip.path("request").path("patronComments").asText()).isEqualTo("Top shelf");
        assertThat(slip.path("requester").path("barcode").asText()).isEqualTo(requester.path("barcode").asText());
        assertThat(slip.path("requester").path("patronGroup").asText()).isEqualTo("undergrad");

        for (String other : List.of(CIRC_DESK_2, ONLINE_SP)) {
            JsonNode none = s.get("/circulation/pick-slips/" + other).json();
            assertThat(none.path("pickSlips").findValuesAsText("requestID")).doesNotContain(id(page));
        }
        // Once it is checked in (Awaiting pickup) there is nothing to pick.
        checkIn(item, CIRC_DESK_1);
        assertThat(s.get("/circulation/pick-slips/" + CIRC_DESK_1).json().path("pickSlips").findValuesAsText("requestID"))
                .doesNotContain(id(page));
    }
}
