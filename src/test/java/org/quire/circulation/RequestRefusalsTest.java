package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;
import static org.quire.Refusals.assertRefused;

/**
 * Every refusal of request creation, reordering, moving and requests by instance with FOLIO's message, code and
 * parameter (mod-circulation's RequestsResource validators, RequestByInstanceIdResource, MoveRequestService,
 * ReorderQueue). Two tenants: {@code s} with the title-level request feature off, {@code tlr} with it on.
 */
class RequestRefusalsTest {
    static Api.Session s, tlrSession;
    static RequestFixtures rq, tlr;
    static final String TLR_SETTING = UUID.randomUUID().toString();
    static String rolling, pagesOnly;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("request_refusals");
        rq = new RequestFixtures(s, "rqr");
        rolling = LoanPolicyBuilder.named("Three weeks").create(s);
        String holdsOnly = requestPolicy(s, "Holds only", "Hold");
        RulesText.fallback(rolling).rule("m " + DVD, rolling, holdsOnly).put(s);

        tlrSession = Fixtures.tenant("request_refusals_tlr");
        tlr = new RequestFixtures(tlrSession, "rqt");
        assertThat(tlrSession.post("/circulation-settings-storage/circulation-settings",
                RequestFixtures.tlrSetting(TLR_SETTING, true)).status()).isEqualTo(201);
        pagesOnly = requestPolicy(tlrSession, "Pages only", "Page");
        String tlrRolling = LoanPolicyBuilder.named("Three weeks").create(tlrSession);
        RulesText.fallback(tlrRolling).rule("m " + DVD, tlrRolling, pagesOnly).put(tlrSession);
    }

    static String requestPolicy(Api.Session session, String name, String... types) {
        ObjectNode p = Json.object().put("id", UUID.randomUUID().toString()).put("name", name);
        for (String t : types) p.withArray("requestTypes").add(t);
        Api.Reply r = session.post("/request-policy-storage/request-policies", p);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String id(JsonNode record) {
        return record.path("id").asText();
    }

    static ObjectNode hold(JsonNode item, JsonNode requester) {
        return RequestFixtures.itemRequest("Hold", item, requester, CIRC_DESK_1);
    }

    @Test
    void requestTypeAndFulfilmentPreference_outsideFolioLists() {
        ObjectNode item = rq.item(BOOK), requester = rq.patron();
        assertRefused(rq.post(hold(item, requester).put("requestType", "Loan")), null,
                "requestType must be one of Page, Hold, Recall", "requestType", "Loan");
        assertRefused(rq.post(hold(item, requester).put("fulfillmentPreference", "Mail")),
                "FULFILLMENT_PREFERENCE_IS_NOT_ALLOWED", "Fulfillment preference must be one of the following: Hold Shelf, Delivery",
                "fulfillmentPreference", "Mail");
    }

    @Test
    void missingOrUnknownItemAndRequester() {
        ObjectNode item = rq.item(BOOK), requester = rq.patron();
        ObjectNode noItem = hold(item, requester);
        noItem.remove("itemId");
        assertRefused(rq.post(noItem), null, "Cannot create an item level request with no item ID", "itemId", null);
        String nobody = UUID.randomUUID().toString();
        assertRefused(rq.post(hold(item, requester).put("requesterId", nobody)), null,
                "A valid user and patron group are required. User is null", "requesterId", nobody);
        ObjectNode noRequester = hold(item, requester);
        noRequester.remove("requesterId");
        assertRefused(rq.post(noRequester), null, "A valid user and patron group are required. User is null",
                "requesterId", null);
        String noSuchItem = UUID.randomUUID().toString();
        assertRefused(rq.post(hold(item, requester).put("itemId", noSuchItem)), "ITEM_DOES_NOT_EXIST",
                "Item does not exist", "itemId", noSuchItem);
    }

    /** FOLIO answers every requester and item refusal together. */
    @Test
    void inactiveBlockedRequesterWithoutPickup_onAnAvailableItem() {
        ObjectNode item = rq.item(BOOK);
        ObjectNode requester = Fixtures.patron(s, rq.next("inactive"), UNDERGRAD, false);
        assertThat(s.post("/manualblocks", Json.object().put("userId", id(requester)).put("requests", true)
                .put("type", "Manual").put("desc", "No requests")).status()).isEqualTo(201);
        ObjectNode body = hold(item, requester);
        body.remove("pickupServicePointId");
        Api.Reply r = rq.post(body);
        assertRefused(r, "USER_IS_INACTIVE", "Inactive users cannot make requests", "requesterId", id(requester));
        assertRefused(r, "USER_IS_BLOCKED_MANUALLY", "Patron blocked from requesting", "requesterId", id(requester));
        assertRefused(r, "HOLD_SHELF_REQUESTS_REQUIRE_PICKUP_SERVICE_POINT",
                "Hold shelf fulfillment requests require a Pickup service point", "pickupServicePointId", null);
        assertRefused(r, "REQUEST_NOT_ALLOWED_FOR_ITEM_STATUS", "Hold requests are not allowed for this patron and item combination",
                "requestType", "Hold");
    }

    @Test
    void requestTypeTheRequestPolicyDoesNotAllow() {
        ObjectNode dvd = rq.item(DVD);
        assertRefused(rq.post(RequestFixtures.itemRequest("Page", dvd, rq.patron(), CIRC_DESK_1)),
                "REQUEST_NOT_ALLOWED_BY_POLICY", "Page requests are not allowed for this patron and item combination",
                "requestType", "Page");
    }

    @Test
    void secondRequestOfTheSameRequester_andRequestForOwnLoan() {
        ObjectNode item = rq.item(BOOK), borrower = rq.patron(), requester = rq.patron();
        rq.checkOut(item, borrower);
        rq.create(hold(item, requester));
        assertRefused(rq.post(hold(item, requester)), "ITEM_ALREADY_REQUESTED",
                "This requester already has an open request for this item", "itemId", id(item));
        assertRefused(rq.post(hold(item, borrower)), "REQUESTER_ALREADY_HAS_THIS_ITEM_ON_LOAN",
                "This requester already has this item on loan", "itemId", id(item));
    }

    static Api.Reply reorder(JsonNode item, JsonNode first, JsonNode second) {
        ObjectNode body = Json.object();
        body.putArray("reorderedQueue").add(Json.object().put("id", id(first)).put("newPosition", 2))
                .add(Json.object().put("id", id(second)).put("newPosition", 1));
        return s.post("/circulation/requests/queue/item/" + id(item) + "/reorder", body);
    }

    @Test
    void reorder_displacingAPage_orARequestWhoseFulfilmentBegun() {
        ObjectNode available = rq.item(BOOK);
        JsonNode page = rq.create(RequestFixtures.itemRequest("Page", available, rq.patron(), CIRC_DESK_1));
        JsonNode next = rq.create(hold(available, rq.patron()));
        assertRefused(reorder(available, page, next), null, "Page requests can not be displaced from position 1.");

        ObjectNode lent = rq.item(BOOK);
        rq.checkOut(lent, rq.patron());
        JsonNode first = rq.create(hold(lent, rq.patron()));
        JsonNode second = rq.create(hold(lent, rq.patron()));
        rq.checkIn(lent, CIRC_DESK_1);
        assertRefused(reorder(lent, first, second), null,
                "Requests can not be displaced from position 1 when fulfillment begun.");
    }

    @Test
    void move_withoutDestination_toTheSameItem_toNoItem_orOnceFulfilmentBegun() {
        ObjectNode item = rq.item(BOOK);
        rq.checkOut(item, rq.patron());
        JsonNode request = rq.create(hold(item, rq.patron()));
        String path = "/circulation/requests/" + id(request) + "/move";
        assertRefused(s.post(path, Json.object()), null, "Destination item ID is required", "destinationItemId", null);
        assertRefused(rq.move(request, item, null), "ITEM_ALREADY_REQUESTED",
                "This requester already has an open request for this item", "itemId", id(item));
        String nowhere = UUID.randomUUID().toString();
        assertRefused(s.post(path, Json.object().put("destinationItemId", nowhere)), "ITEM_DOES_NOT_EXIST",
                "Item does not exist", "destinationItemId", nowhere);
        rq.checkIn(item, CIRC_DESK_1);
        assertRefused(rq.move(request, rq.item(BOOK), null), null,
                "Only requests with status \"Open - Not yet filled\" can be moved", "requestId", id(request));
    }

    @Test
    void requestByInstance_withoutInstance_orWithoutItems() {
        ObjectNode body = Json.object().put("requestDate", Instant.now().toString())
                .put("requesterId", id(rq.patron())).put("pickupServicePointId", CIRC_DESK_1);
        assertRefused(s.post("/circulation/requests/instances", body), null, "Cannot create a request with no instance ID",
                "instanceId", null);
        String bare = Fixtures.instance(s, "No copies");
        assertRefused(s.post("/circulation/requests/instances", body.deepCopy().put("instanceId", bare)), null,
                "Cannot create request objects when items list is null or empty", "items", "null");
    }

    /**
     * Each copy is tried as Page, Recall, then Hold; when all are refused, the answer lists every distinct reason.
     * (Fails since CirculationErrors throws the domain's Refused, which InstanceRequests does not catch: it answers
     * the first attempt's refusal only.)
     */
    @Test
    void requestByInstance_refusedForEveryCopy_listsEveryReason() {
        ObjectNode body = Json.object().put("requestDate", Instant.now().toString()).put("pickupServicePointId", CIRC_DESK_1);
        ObjectNode copy = rq.item(BOOK);
        String instance = rq.instanceOf(copy);
        ObjectNode inactive = Fixtures.patron(s, rq.next("inactive"), UNDERGRAD, false);
        ObjectNode refused = body.deepCopy().put("instanceId", instance).put("requesterId", id(inactive));
        assertRefused(s.post("/circulation/requests/instances", refused), null,
                "Failed to place a request for the instance. Reasons: Inactive users cannot make requests; "
                        + "Recall requests are not allowed for this patron and item combination; "
                        + "Hold requests are not allowed for this patron and item combination", "instanceId", instance);
    }

    // ---- title-level requests (tenant with the feature on) ----

    @Test
    void titleRequest_withoutInstance_unknownInstance_orNamingAnItem() {
        ObjectNode requester = tlr.patron();
        ObjectNode noInstance = RequestFixtures.titleRequest("Page", null, requester, CIRC_DESK_1);
        noInstance.remove("instanceId");
        assertRefused(tlr.post(noInstance), null, "Cannot create a request with no instance ID", "instanceId", null);
        String unknown = UUID.randomUUID().toString();
        assertRefused(tlr.post(RequestFixtures.titleRequest("Page", unknown, requester, CIRC_DESK_1)), null,
                "Instance does not exist", "instanceId", unknown);
        List<ObjectNode> copies = tlr.copies(BOOK, MAIN_LIBRARY);
        String item = id(copies.getFirst());
        assertRefused(tlr.post(RequestFixtures.titleRequest("Page", tlr.instanceOf(copies.getFirst()), requester,
                        CIRC_DESK_1).put("itemId", item)), "CANNOT_CREATE_PAGE_TLR_WITHOUT_ITEM_ID",
                "Cannot create a title level page request for this instance ID with no item ID", "itemId", item);
    }

    @Test
    void titleHold_whileACopyCouldBePaged_orByTheBorrowerOfACopy() {
        List<ObjectNode> copies = tlr.copies(BOOK, MAIN_LIBRARY, MAIN_LIBRARY);
        String instance = tlr.instanceOf(copies.getFirst());
        assertRefused(tlr.post(RequestFixtures.titleRequest("Hold", instance, tlr.patron(), CIRC_DESK_1)),
                "HOLD_AND_RECALL_TLR_NOT_ALLOWED_PAGEABLE_AVAILABLE_ITEM_FOUND",
                "Hold/Recall title level request not allowed: pageable available item found for instance");
        ObjectNode borrower = tlr.patron();
        tlr.checkOut(copies.get(0), borrower);
        tlr.checkOut(copies.get(1), tlr.patron());
        assertRefused(tlr.post(RequestFixtures.titleRequest("Hold", instance, borrower, CIRC_DESK_1)),
                "REQUESTER_ALREADY_HAS_LOAN_FOR_ONE_OF_INSTANCES_ITEMS",
                "This requester already has a loan for one of the instance's items", "itemId", id(copies.get(0)));
    }

    @Test
    void titleRecall_withNoRecallableCopy() {
        ObjectNode copy = tlr.copies(BOOK, MAIN_LIBRARY).getFirst();
        copy.putObject("status").put("name", "Missing");
        assertThat(tlrSession.put("/item-storage/items/" + id(copy), copy).status()).isEqualTo(204);
        assertRefused(tlr.post(RequestFixtures.titleRequest("Recall", tlr.instanceOf(copy), tlr.patron(), CIRC_DESK_1)),
                null, "Request has no loan or recallable item", "loan", null);
    }

    /** With tlrHoldShouldFollowCirculationRules, some copy's request policy must allow holds (DVDs: pages only). */
    @Test
    void titleHold_thatNoCopysRequestPolicyAllows() {
        ObjectNode setting = RequestFixtures.tlrSetting(TLR_SETTING, true);
        ((ObjectNode) setting.path("value")).put("tlrHoldShouldFollowCirculationRules", true);
        String path = "/circulation-settings-storage/circulation-settings/" + TLR_SETTING;
        assertThat(tlrSession.put(path, setting).status()).isEqualTo(204);
        try {
            ObjectNode dvd = tlr.copies(DVD, MAIN_LIBRARY).getFirst();
            tlr.checkOut(dvd, tlr.patron());
            String instance = tlr.instanceOf(dvd);
            assertRefused(tlr.post(RequestFixtures.titleRequest("Hold", instance, tlr.patron(), CIRC_DESK_1)),
                    "REQUEST_NOT_ALLOWED_FOR_PATRON_TITLE_COMBINATION",
                    "Hold requests are not allowed for this patron and title combination", "instanceId", instance);
        } finally {
            assertThat(tlrSession.put(path, RequestFixtures.tlrSetting(TLR_SETTING, true)).status()).isEqualTo(204);
        }
    }

    @Test
    void moveTitlePage_toItsOwnItem_orWhileTheFeatureIsOff() {
        List<ObjectNode> copies = tlr.copies(BOOK, MAIN_LIBRARY);
        JsonNode page = tlr.create(RequestFixtures.titleRequest("Page", tlr.instanceOf(copies.getFirst()), tlr.patron(),
                CIRC_DESK_1));
        assertRefused(tlr.move(page, copies.getFirst(), null), "MOVING_REQUEST_TO_THE_SAME_ITEM",
                "Not allowed to move title level page request to the same item", "instanceId", page.path("instanceId").asText());
        String path = "/circulation-settings-storage/circulation-settings/" + TLR_SETTING;
        assertThat(tlrSession.put(path, RequestFixtures.tlrSetting(TLR_SETTING, false)).status()).isEqualTo(204);
        try {
            assertRefused(tlr.move(page, tlr.item(BOOK), null), null, "Can not process TLR - TLR feature is disabled",
                    "requestId", id(page));
        } finally {
            assertThat(tlrSession.put(path, RequestFixtures.tlrSetting(TLR_SETTING, true)).status()).isEqualTo(204);
        }
    }
}
