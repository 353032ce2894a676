package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.CAN_CIRCULATE;
import static org.quire.Fixtures.MAIN_LIBRARY;
import static org.quire.Fixtures.UNDERGRAD;

/**
 * The request tests' records and calls over HTTP, in one tenant: items, patrons, request bodies, queues, check-out and
 * check-in. One instance per test class ({@code new RequestFixtures(s, "rq")}); barcodes carry the prefix.
 */
final class RequestFixtures {
    /** The Online location's primary service point: FOLIO's reference data names it without holding it. */
    static final String ONLINE_SP = "bba36e5d-d567-45fa-81cd-b25874472e30";
    /** FOLIO's reference address type "Home". */
    static final String HOME_ADDRESS = "93d3d88d-499b-45d0-9bc7-ac73c3a19880";

    final Api.Session s;
    private final String prefix;
    private final AtomicInteger seq = new AtomicInteger();

    RequestFixtures(Api.Session s, String prefix) {
        this.s = s;
        this.prefix = prefix;
    }

    String next(String what) {
        return prefix + "-" + what + "-" + seq.incrementAndGet();
    }

    /** An Available item of its own instance at the main library. */
    ObjectNode item(String materialType) {
        return Fixtures.item(s, next("item"), materialType, CAN_CIRCULATE, MAIN_LIBRARY);
    }

    /** One instance with an Available copy in each of the given locations, in that order. */
    List<ObjectNode> copies(String materialType, String... locations) {
        String instance = Fixtures.instance(s, "Title of " + next("copies"));
        List<ObjectNode> items = new ArrayList<>();
        for (String location : locations) {
            ObjectNode item = Json.object().put("holdingsRecordId", Fixtures.holdings(s, instance, location))
                    .put("barcode", next("item")).put("materialTypeId", materialType).put("permanentLoanTypeId", CAN_CIRCULATE);
            item.putObject("status").put("name", "Available");
            Api.Reply r = s.post("/item-storage/items", item);
            assertThat(r.status()).as(r.body()).isEqualTo(201);
            items.add((ObjectNode) r.json());
        }
        return items;
    }

    String instanceOf(JsonNode item) {
        return s.get("/holdings-storage/holdings/" + item.path("holdingsRecordId").asText()).json().path("instanceId").asText();
    }

    /** An active undergraduate. */
    ObjectNode patron() {
        return Fixtures.patron(s, next("user"), UNDERGRAD, true);
    }

    /** An active undergraduate with a home address (for delivery requests). */
    ObjectNode patronWithAddress() {
        ObjectNode u = patron();
        ObjectNode withAddress = u.deepCopy();
        ((ObjectNode) withAddress.path("personal")).putArray("addresses").addObject().put("addressTypeId", HOME_ADDRESS)
                .put("addressLine1", "1 Library Lane").put("city", "Booktown").put("postalCode", "12345");
        assertThat(s.put("/users/" + u.path("id").asText(), withAddress).status()).isEqualTo(204);
        return withAddress;
    }

    /** An item-level Hold Shelf request body. */
    static ObjectNode itemRequest(String type, JsonNode item, JsonNode requester, String pickup) {
        return Json.object().put("requestType", type).put("requestLevel", "Item")
                .put("itemId", item.path("id").asText()).put("holdingsRecordId", item.path("holdingsRecordId").asText())
                .put("requesterId", requester.path("id").asText()).put("pickupServicePointId", pickup)
                .put("fulfillmentPreference", "Hold Shelf").put("requestDate", Instant.now().toString());
    }

    /** As {@link #itemRequest}, expiring in 30 days. */
    static ObjectNode expiringItemRequest(String type, JsonNode item, JsonNode requester, String pickup) {
        return itemRequest(type, item, requester, pickup)
                .put("requestExpirationDate", Instant.now().plus(Duration.ofDays(30)).toString());
    }

    /** A title-level Hold Shelf request body. */
    static ObjectNode titleRequest(String type, String instanceId, JsonNode requester, String pickup) {
        return Json.object().put("requestType", type).put("requestLevel", "Title").put("instanceId", instanceId)
                .put("requesterId", requester.path("id").asText()).put("pickupServicePointId", pickup)
                .put("fulfillmentPreference", "Hold Shelf").put("requestDate", Instant.now().toString());
    }

    /** The circulation settings record that turns the title-level request feature on or off. */
    static ObjectNode tlrSetting(String id, boolean enabled) {
        ObjectNode setting = Json.object().put("id", id).put("name", "generalTlr");
        setting.putObject("value").put("titleLevelRequestsFeatureEnabled", enabled)
                .put("createTitleLevelRequestsByDefault", false).put("tlrHoldShouldFollowCirculationRules", false);
        return setting;
    }

    /** Creates the Online location's service point as a pickup location. */
    void onlineServicePoint() {
        Api.Reply sp = s.post("/service-points", Json.object().put("id", ONLINE_SP).put("name", "Online desk")
                .put("code", "online-desk").put("discoveryDisplayName", "Online desk").put("pickupLocation", true));
        assertThat(sp.status()).as(sp.body()).isEqualTo(201);
    }

    JsonNode create(ObjectNode body) {
        Api.Reply r = s.post("/circulation/requests", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    Api.Reply post(ObjectNode body) {
        return s.post("/circulation/requests", body);
    }

    /** The messages of the 422 that refuses this request. */
    List<String> refuse(ObjectNode body) {
        Api.Reply r = post(body);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        return r.json().path("errors").findValuesAsText("message");
    }

    JsonNode request(JsonNode r) {
        return s.get("/circulation/requests/" + r.path("id").asText()).json();
    }

    String itemStatus(JsonNode item) {
        return s.get("/item-storage/items/" + item.path("id").asText()).json().path("status").path("name").asText();
    }

    Api.Reply tryCheckOut(JsonNode item, JsonNode user) {
        return s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                user.path("barcode").asText()));
    }

    JsonNode checkOut(JsonNode item, JsonNode user) {
        return checkOut(item, user, null);
    }

    JsonNode checkOut(JsonNode item, JsonNode user, Instant loanDate) {
        ObjectNode body = Fixtures.checkOut(item.path("barcode").asText(), user.path("barcode").asText());
        if (loanDate != null) body.put("loanDate", loanDate.toString());
        Api.Reply r = s.post("/circulation/check-out-by-barcode", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    JsonNode checkIn(JsonNode item, String sp) {
        Api.Reply r = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(item.path("barcode").asText(), sp));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    /** The ids of the item's queue, asserting positions 1, 2, … and the total. */
    List<String> itemQueue(JsonNode item) {
        return queue("/circulation/requests/queue/item/" + item.path("id").asText());
    }

    List<String> instanceQueue(String instanceId) {
        return queue("/circulation/requests/queue/instance/" + instanceId);
    }

    private List<String> queue(String path) {
        JsonNode q = s.get(path).json();
        List<String> ids = new ArrayList<>();
        for (JsonNode r : q.path("requests")) {
            assertThat(r.path("position").asInt()).isEqualTo(ids.size() + 1);
            ids.add(r.path("id").asText());
        }
        assertThat(q.path("totalRecords").asInt()).isEqualTo(ids.size());
        return ids;
    }

    Api.Reply move(JsonNode request, JsonNode destination, String type) {
        ObjectNode body = Json.object().put("destinationItemId", destination.path("id").asText());
        if (type != null) body.put("requestType", type);
        return s.post("/circulation/requests/" + request.path("id").asText() + "/move", body);
    }

    /** A record's barcode (an item's or a user's). */
    static String barcode(com.fasterxml.jackson.databind.JsonNode record) {
        return record.path("barcode").asText();
    }
}
