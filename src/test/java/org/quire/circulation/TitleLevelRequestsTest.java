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
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** Title-level requests (TLR feature on in this tenant): item choice, instance queue, filling by any copy. */
class TitleLevelRequestsTest {
    static final String ONLINE_SP = RequestFixtures.ONLINE_SP;
    static final String TLR_SETTING = UUID.randomUUID().toString();
    static Api.Session s;
    static RequestFixtures rq;

    @BeforeAll
    static void tenant() {
        s = Fixtures.tenant("tlr_test");
        rq = new RequestFixtures(s, "tlr");
        Api.Reply r = s.post("/circulation-settings-storage/circulation-settings", tlr(true));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        // A pickup service point must exist and be a pickup location.
        rq.onlineServicePoint();
    }

    static ObjectNode tlr(boolean enabled) {
        return RequestFixtures.tlrSetting(TLR_SETTING, enabled);
    }

    static String next(String what) {
        return rq.next(what);
    }

    /** One instance with a copy in each of the given locations, in that order. */
    static List<ObjectNode> copies(String materialType, String... locations) {
        return rq.copies(materialType, locations);
    }

    static String instanceOf(JsonNode item) {
        return rq.instanceOf(item);
    }

    static ObjectNode patron() {
        return rq.patron();
    }

    static ObjectNode titleRequest(String type, String instanceId, JsonNode requester, String pickup) {
        return RequestFixtures.titleRequest(type, instanceId, requester, pickup);
    }

    static JsonNode create(ObjectNode body) {
        return rq.create(body);
    }

    static List<String> refuse(ObjectNode body) {
        return rq.refuse(body);
    }

    static JsonNode request(JsonNode r) {
        return rq.request(r);
    }

    static String itemStatus(JsonNode item) {
        return rq.itemStatus(item);
    }

    static JsonNode checkOut(JsonNode item, JsonNode user, Instant loanDate) {
        return rq.checkOut(item, user, loanDate);
    }

    static JsonNode checkIn(JsonNode item, String sp) {
        return rq.checkIn(item, sp);
    }

    static List<String> instanceQueue(String instanceId) {
        return rq.instanceQueue(instanceId);
    }

    @Test
    void refusedWhenTheFeatureIsOff() {
        List<ObjectNode> items = copies(BOOK, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        assertThat(s.put("/circulation-settings-storage/circulation-settings/" + TLR_SETTING, tlr(false)).status()).isEqualTo(204);
        try {
            Api.Reply r = s.post("/circulation/requests", titleRequest("Page", instance, patron(), CIRC_DESK_1));
            assertThat(r.status()).as(r.body()).isEqualTo(422);
            JsonNode error = r.json().path("errors").get(0);
            assertThat(error.path("message").asText()).isEqualTo("Request level must be one of the following: \"Item\"");
            assertThat(error.path("code").asText()).isEqualTo("REQUEST_LEVEL_IS_NOT_ALLOWED");
            assertThat(itemStatus(items.getFirst())).isEqualTo("Available");
        } finally {
            assertThat(s.put("/circulation-settings-storage/circulation-settings/" + TLR_SETTING, tlr(true)).status()).isEqualTo(204);
        }
        // On again: the same request is accepted.
        create(titleRequest("Page", instance, patron(), CIRC_DESK_1));
    }

    @Test
    void page_choosesAnAvailableCopy_preferringThePickupPointsLocations() {
        // The first copy is online (primary service point "Online"), the second in Main Library (Circ Desk 1).
        List<ObjectNode> items = copies(BOOK, ONLINE, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        JsonNode page = create(titleRequest("Page", instance, patron(), CIRC_DESK_1));
        assertThat(page.path("requestLevel").asText()).isEqualTo("Title");
        assertThat(page.path("itemId").asText()).isEqualTo(items.get(1).path("id").asText());
        assertThat(page.path("holdingsRecordId").asText()).isEqualTo(items.get(1).path("holdingsRecordId").asText());
        assertThat(page.path("item").path("barcode").asText()).isEqualTo(items.get(1).path("barcode").asText());
        assertThat(itemStatus(items.get(1))).isEqualTo("Paged");
        assertThat(itemStatus(items.get(0))).isEqualTo("Available");

        // Picked up at the online desk: the online copy.
        JsonNode online = create(titleRequest("Page", instance, patron(), ONLINE_SP));
        assertThat(online.path("itemId").asText()).isEqualTo(items.get(0).path("id").asText());
        assertThat(instanceQueue(instance)).containsExactly(page.path("id").asText(), online.path("id").asText());

        // Nothing left on the shelf.
        assertThat(refuse(titleRequest("Page", instance, patron(), CIRC_DESK_1)))
                .containsExactly("Cannot create page TLR for this instance ID - no pageable available items found");
    }

    @Test
    void hold_waitsForAnyCopy_filledByCheckInOfAnother_thenCheckOut() {
        List<ObjectNode> items = copies(BOOK, MAIN_LIBRARY, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        ObjectNode requester = patron(), borrower = patron();
        // A copy on the shelf: a title hold is refused.
        checkOut(items.get(0), borrower, null);
        assertThat(refuse(titleRequest("Hold", instance, requester, CIRC_DESK_1)))
                .containsExactly("Hold/Recall title level request not allowed: pageable available item found for instance");
        assertThat(refuse(titleRequest("Recall", instance, requester, CIRC_DESK_1)))
                .containsExactly("Hold/Recall title level request not allowed: pageable available item found for instance");
        checkOut(items.get(1), patron(), null);
        assertThat(refuse(titleRequest("Hold", instance, borrower, CIRC_DESK_1)))
                .containsExactly("This requester already has a loan for one of the instance's items");

        JsonNode hold = create(titleRequest("Hold", instance, requester, CIRC_DESK_1));
        assertThat(hold.has("itemId")).isFalse();
        assertThat(hold.path("position").asInt()).isEqualTo(1);
        assertThat(refuse(titleRequest("Hold", instance, requester, CIRC_DESK_1)))
                .containsExactly("This requester already has an open request for this instance");

        // The second copy comes back first: it fills the title hold.
        JsonNode in = checkIn(items.get(1), CIRC_DESK_1);
        assertThat(in.path("item").path("status").path("name").asText()).isEqualTo("Awaiting pickup");
        assertThat(in.path("staffSlipContext").path("request").path("requestID").asText()).isEqualTo(hold.path("id").asText());
        JsonNode awaiting = request(hold);
        assertThat(awaiting.path("status").asText()).isEqualTo("Open - Awaiting pickup");
        assertThat(awaiting.path("itemId").asText()).isEqualTo(items.get(1).path("id").asText());
        // The other copy, returned after, goes back to the shelf.
        assertThat(checkIn(items.get(0), CIRC_DESK_1).path("item").path("status").path("name").asText()).isEqualTo("Available");

        checkOut(items.get(1), requester, null);
        JsonNode filled = request(hold);
        assertThat(filled.path("status").asText()).isEqualTo("Closed - Filled");
        assertThat(instanceQueue(instance)).isEmpty();
    }

    @Test
    void hold_filledByCheckOutToTheRequester_ofAnyCopy() {
        List<ObjectNode> items = copies(BOOK, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        ObjectNode borrower = patron(), requester = patron();
        checkOut(items.getFirst(), borrower, null);
        JsonNode hold = create(titleRequest("Hold", instance, requester, CIRC_DESK_1));
        // Returned at another desk: in transit to the pickup point, for this request.
        JsonNode in = checkIn(items.getFirst(), CIRC_DESK_2);
        assertThat(in.path("item").path("status").path("name").asText()).isEqualTo("In transit");
        assertThat(request(hold).path("status").asText()).isEqualTo("Open - In transit");
        checkIn(items.getFirst(), CIRC_DESK_1);
        checkOut(items.getFirst(), requester, null);
        assertThat(request(hold).path("status").asText()).isEqualTo("Closed - Filled");
    }

    @Test
    void recall_shortensTheLoanDueSoonest_thenTheNextOne() {
        List<ObjectNode> items = copies(DVD, MAIN_LIBRARY, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        // The first copy was lent later, so it is due later; the second one is due first.
        JsonNode later = checkOut(items.get(0), patron(), null);
        Instant earlierDate = Instant.now().minus(Duration.ofDays(10));
        JsonNode sooner = checkOut(items.get(1), patron(), earlierDate);
        assertThat(Instant.parse(sooner.path("dueDate").asText())).isBefore(Instant.parse(later.path("dueDate").asText()));

        JsonNode recall = create(titleRequest("Recall", instance, patron(), CIRC_DESK_1));
        assertThat(recall.path("itemId").asText()).isEqualTo(items.get(1).path("id").asText());
        JsonNode recalled = s.get("/circulation/loans/" + sooner.path("id").asText()).json();
        assertThat(recalled.path("dueDateChangedByRecall").asBoolean()).isTrue();
        // max(now + 5 days, loan date + 30 days guaranteed) = loan date + 30 days
        assertThat(Instant.parse(recalled.path("dueDate").asText()))
                .isEqualTo(RequestsTest.endOfDay(Instant.parse(sooner.path("loanDate").asText()).plus(Duration.ofDays(30))));
        JsonNode untouched = s.get("/circulation/loans/" + later.path("id").asText()).json();
        assertThat(untouched.path("dueDate").asText()).isEqualTo(later.path("dueDate").asText());
        assertThat(untouched.path("dueDateChangedByRecall").asBoolean(false)).isFalse();

        // The next recall takes the loan not recalled yet.
        JsonNode second = create(titleRequest("Recall", instance, patron(), CIRC_DESK_1));
        assertThat(second.path("itemId").asText()).isEqualTo(items.get(0).path("id").asText());
        assertThat(s.get("/circulation/loans/" + later.path("id").asText()).json().path("dueDateChangedByRecall").asBoolean())
                .isTrue();
        assertThat(instanceQueue(instance)).containsExactly(recall.path("id").asText(), second.path("id").asText());
    }

    @Test
    void instanceQueue_holdsTitleAndItemRequests_andReorders() {
        List<ObjectNode> items = copies(BOOK, MAIN_LIBRARY, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        checkOut(items.get(0), patron(), null);
        checkOut(items.get(1), patron(), null);
        JsonNode h1 = create(titleRequest("Hold", instance, patron(), CIRC_DESK_1));
        JsonNode h2 = create(titleRequest("Hold", instance, patron(), CIRC_DESK_1));
        ObjectNode itemHold = Json.object().put("requestType", "Hold").put("requestLevel", "Item")
                .put("itemId", items.get(0).path("id").asText()).put("holdingsRecordId", items.get(0).path("holdingsRecordId").asText())
                .put("instanceId", instance).put("requesterId", patron().path("id").asText())
                .put("pickupServicePointId", CIRC_DESK_1).put("requestDate", Instant.now().toString());
        ObjectNode sameRequester = itemHold.deepCopy().put("requesterId", h1.path("requesterId").asText());
        assertThat(refuse(sameRequester)).containsExactly("This requester already has an open request for one of the instance's items");
        JsonNode h3 = create(itemHold);
        assertThat(h3.path("position").asInt()).isEqualTo(3);
        assertThat(instanceQueue(instance)).containsExactly(h1.path("id").asText(), h2.path("id").asText(), h3.path("id").asText());

        ObjectNode reorder = Json.object();
        reorder.putArray("reorderedQueue")
                .add(Json.object().put("id", h3.path("id").asText()).put("newPosition", 1))
                .add(Json.object().put("id", h1.path("id").asText()).put("newPosition", 2))
                .add(Json.object().put("id", h2.path("id").asText()).put("newPosition", 3));
        Api.Reply r = s.post("/circulation/requests/queue/instance/" + instance + "/reorder", reorder);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(instanceQueue(instance)).containsExactly(h3.path("id").asText(), h1.path("id").asText(), h2.path("id").asText());

        // The item's queue cannot be reordered while the feature is on.
        Api.Reply refused = s.post("/circulation/requests/queue/item/" + items.get(0).path("id").asText() + "/reorder", reorder);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().path("errors").findValuesAsText("message"))
                .containsExactly("Refuse to reorder request queue, TLR feature status is ENABLED.");

        // Cancelling the first re-numbers the instance's queue.
        ObjectNode cancel = (ObjectNode) request(h3).deepCopy();
        cancel.put("status", "Closed - Cancelled");
        assertThat(s.put("/circulation/requests/" + h3.path("id").asText(), cancel).status()).isEqualTo(204);
        assertThat(instanceQueue(instance)).containsExactly(h1.path("id").asText(), h2.path("id").asText());

        // The second copy returns: it fills the first title hold, the second still waits.
        checkIn(items.get(1), CIRC_DESK_1);
        assertThat(request(h1).path("status").asText()).isEqualTo("Open - Awaiting pickup");
        assertThat(request(h2).path("status").asText()).isEqualTo("Open - Not yet filled");
    }

    @Test
    void searchSlips_listTitleHoldsNoCopyFillsYet_forTheHoldingsServicePoint() {
        List<ObjectNode> items = copies(BOOK, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        checkOut(items.getFirst(), patron(), null);
        ObjectNode requester = patron();
        JsonNode hold = create(titleRequest("Hold", instance, requester, CIRC_DESK_2));
        JsonNode slips = s.get("/circulation/search-slips/" + CIRC_DESK_1).json();
        JsonNode slip = null;
        for (JsonNode sl : slips.path("searchSlips"))
            if (hold.path("id").asText().equals(sl.path("request").path("requestID").asText())) slip = sl;
        assertThat(slip).as(slips.toString()).isNotNull();
        assertThat(slip.path("item").path("title").asText()).startsWith("Title of ");
        assertThat(slip.path("item").has("barcode")).isFalse();
        assertThat(slip.path("request").path("servicePointPickup").asText()).isEqualTo("Circ Desk 2");
        assertThat(slip.path("requester").path("barcode").asText()).isEqualTo(requester.path("barcode").asText());
        assertThat(s.get("/circulation/search-slips/" + ONLINE_SP).json().path("searchSlips").findValuesAsText("requestID"))
                .doesNotContain(hold.path("id").asText());
        // Filled by a copy: no longer searched for.
        checkIn(items.getFirst(), CIRC_DESK_1);
        assertThat(s.get("/circulation/search-slips/" + CIRC_DESK_1).json().path("searchSlips").findValuesAsText("requestID"))
                .doesNotContain(hold.path("id").asText());
    }

    @Test
    void move_withinTheTitle_goesToTheEndOfTheInstanceQueue() {
        List<ObjectNode> items = copies(BOOK, MAIN_LIBRARY, MAIN_LIBRARY, MAIN_LIBRARY, MAIN_LIBRARY, MAIN_LIBRARY);
        String instance = instanceOf(items.getFirst());
        checkOut(items.get(0), patron(), null);
        ObjectNode page = Json.object().put("requestType", "Page").put("requestLevel", "Item")
                .put("itemId", items.get(1).path("id").asText()).put("holdingsRecordId", items.get(1).path("holdingsRecordId").asText())
                .put("instanceId", instance).put("requesterId", patron().path("id").asText())
                .put("pickupServicePointId", CIRC_DESK_1).put("requestDate", Instant.now().toString());
        JsonNode p1 = create(page);
        ObjectNode hold = page.deepCopy().put("requestType", "Hold").put("itemId", items.get(0).path("id").asText())
                .put("holdingsRecordId", items.get(0).path("holdingsRecordId").asText()).put("requesterId", patron().path("id").asText());
        JsonNode p2 = create(hold);
        JsonNode p3 = create(titleRequest("Page", instance, patron(), CIRC_DESK_1));
        assertThat(p3.path("itemId").asText()).isEqualTo(items.get(2).path("id").asText());
        assertThat(instanceQueue(instance)).containsExactly(p1.path("id").asText(), p2.path("id").asText(), p3.path("id").asText());

        // The hold moves to an available copy: it becomes a page and goes to the end of the title's queue.
        Api.Reply moved = s.post("/circulation/requests/" + p2.path("id").asText() + "/move",
                Json.object().put("destinationItemId", items.get(3).path("id").asText()));
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        assertThat(moved.json().path("requestType").asText()).isEqualTo("Page");
        assertThat(itemStatus(items.get(3))).isEqualTo("Paged");
        assertThat(instanceQueue(instance)).containsExactly(p1.path("id").asText(), p3.path("id").asText(), p2.path("id").asText());

        // FOLIO's refusals.
        Api.Reply same = s.post("/circulation/requests/" + p3.path("id").asText() + "/move",
                Json.object().put("destinationItemId", items.get(2).path("id").asText()));
        assertThat(same.json().path("errors").findValuesAsText("message"))
                .containsExactly("Not allowed to move title level page request to the same item");
        ObjectNode elsewhere = Fixtures.item(s, next("tlr-other"), BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        Api.Reply otherTitle = s.post("/circulation/requests/" + p1.path("id").asText() + "/move",
                Json.object().put("destinationItemId", elsewhere.path("id").asText()));
        assertThat(otherTitle.json().path("errors").findValuesAsText("message"))
                .containsExactly("Request can only be moved to an item with the same instance ID");
        checkOut(items.get(4), patron(), null);
        JsonNode titleHold = create(titleRequest("Hold", instance, patron(), CIRC_DESK_1));
        Api.Reply holdTlr = s.post("/circulation/requests/" + titleHold.path("id").asText() + "/move",
                Json.object().put("destinationItemId", items.get(0).path("id").asText()));
        assertThat(holdTlr.json().path("errors").findValuesAsText("message")).containsExactly("Not allowed to move from/to Hold TLR");
    }

    @Test
    void legacyConfigurationEntry_isReadWhenNoCirculationSettingExists() {
        // Another tenant with only FOLIO's old mod-configuration entry.
        Api.Session legacy = Fixtures.tenant("tlr_legacy_test");
        ObjectNode entry = Json.object().put("module", "SETTINGS").put("configName", "TLR")
                .put("value", "{\"titleLevelRequestsFeatureEnabled\":true,\"createTitleLevelRequestsByDefault\":false}");
        Api.Reply r = legacy.post("/configurations/entries", entry);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        ObjectNode item = Fixtures.item(legacy, "tlr-legacy-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        String instance = legacy.get("/holdings-storage/holdings/" + item.path("holdingsRecordId").asText()).json()
                .path("instanceId").asText();
        ObjectNode requester = Fixtures.patron(legacy, "tlr-legacy-user", UNDERGRAD, true);
        Api.Reply page = legacy.post("/circulation/requests", titleRequest("Page", instance, requester, CIRC_DESK_1));
        assertThat(page.status()).as(page.body()).isEqualTo(201);
        assertThat(page.json().path("itemId").asText()).isEqualTo(item.path("id").asText());
    }
}
