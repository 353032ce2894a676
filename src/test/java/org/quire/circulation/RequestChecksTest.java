package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The request rules as pure functions of loaded facts (RequestChecks, TitleLevelRequests' and RequestMove's checks,
 * the queue reorder's): each refusal's message, code and parameters, and the order FOLIO answers them in — no database.
 */
class RequestChecksTest {
    static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");
    static final UUID REQUESTER = UUID.fromString("11111111-1111-4111-8111-111111111111");
    static final UUID OTHER = UUID.fromString("22222222-2222-4222-8222-222222222222");
    static final UUID ITEM = UUID.fromString("33333333-3333-4333-8333-333333333333");
    static final UUID INSTANCE = UUID.fromString("44444444-4444-4444-8444-444444444444");
    static final String PICKUP = "55555555-5555-4555-8555-555555555555";
    static final String POLICY = "66666666-6666-4666-8666-666666666666";

    static PatronView requester(boolean active, boolean blockedFromRequests) {
        ObjectNode user = Json.object().put("id", REQUESTER.toString()).put("active", active);
        List<ObjectNode> blocks = blockedFromRequests ? List.of(Json.object().put("requests", true)) : List.of();
        return new PatronView(user, Json.object(), blocks);
    }

    static ItemView item(UUID id, String status) {
        ObjectNode item = Json.object().put("id", id.toString());
        item.putObject("status").put("name", status);
        return new ItemView(item, Json.object(), Json.object().put("id", INSTANCE.toString()).put("title", "T"),
                null, null, null, null, null, null);
    }

    static ObjectNode policy(String... types) {
        ObjectNode p = Json.object().put("id", POLICY);
        for (String t : types) p.withArray("requestTypes").add(t);
        return p;
    }

    static ObjectNode pickupPoint(boolean pickupLocation) {
        return Json.object().put("id", PICKUP).put("pickupLocation", pickupLocation);
    }

    static ObjectNode request(UUID requester, UUID item) {
        ObjectNode r = Json.object().put("id", UUID.randomUUID().toString()).put("requesterId", requester.toString())
                .put("status", "Open - Not yet filled").put("requestType", "Hold");
        if (item != null) r.put("itemId", item.toString());
        return r;
    }

    /** A Hold Shelf Page request on an Available item that every rule accepts; each test changes one fact. */
    static Facts ok() {
        return new Facts();
    }

    static final class Facts {
        String type = "Page";
        boolean title = false;
        String fulfilment = "Hold Shelf";
        ObjectNode body = Json.object().put("pickupServicePointId", PICKUP);
        boolean tlr = false;
        PatronView requester = requester(true, false);
        ObjectNode pickup = pickupPoint(true);
        List<Refusal> titleChoice = List.of();
        ItemView item = item(ITEM, "Available");
        ObjectNode loan = null;
        ObjectNode requestPolicy = policy("Page", "Hold", "Recall");
        List<ObjectNode> queue = List.of();

        RequestFacts build() {
            return new RequestFacts(type, title, fulfilment, body, tlr, INSTANCE, title ? null : ITEM, requester, NOW,
                    List.of(), pickup, titleChoice, item, loan, new RequestFacts.Policies(requestPolicy, null, null, null),
                    queue.stream().map(RequestView::of).toList());
        }

        List<Refusal> create() {
            return Check.all(build(), RequestChecks.CREATE_CHECKS);
        }
    }

    static List<String> codes(List<Refusal> refusals) {
        return refusals.stream().map(Refusal::code).toList();
    }

    // ---- item statuses -----------------------------------------------------------------------------------------

    @Test
    void statusAllows_followsFolioWhiteList() {
        assertThat(RequestChecks.statusAllows("Page", "Available")).isTrue();
        assertThat(RequestChecks.statusAllows("Page", "Checked out")).isFalse();
        assertThat(RequestChecks.statusAllows("Hold", "Missing")).isTrue();
        assertThat(RequestChecks.statusAllows("Recall", "Missing")).isFalse();
        assertThat(RequestChecks.statusAllows("Recall", "Restricted")).isTrue();
        assertThat(RequestChecks.statusAllows("Borrow", "Available")).isFalse();
        assertThat(RequestChecks.statusAllows("Hold", null)).isFalse();
    }

    // ---- shape -------------------------------------------------------------------------------------------------

    @Test
    void unknownType_isRefusedWithTheValue() {
        List<Refusal> r = RequestChecks.refuseUnknownType(Json.object().put("requestType", "Borrow"));
        assertThat(r).containsExactly(Refusal.of("requestType must be one of Page, Hold, Recall", "requestType", "Borrow"));
        assertThat(RequestChecks.refuseUnknownType(Json.object().put("requestType", "Recall"))).isEmpty();
    }

    static RequestChecks.NewRequest asked(ObjectNode body, String level, String fulfilment, boolean tlr) {
        ObjectNode value = Json.object().put("titleLevelRequestsFeatureEnabled", tlr);
        return new RequestChecks.NewRequest(body, level, fulfilment, TlrSettings.from(value));
    }

    static Refusal firstShapeRefusal(RequestChecks.NewRequest asked) {
        try {
            RequestChecks.refuseAtFirst(asked, RequestChecks.SHAPE_CHECKS);
            return null;
        } catch (Refused e) {
            assertThat(e.refusals()).hasSize(1);
            return e.refusals().getFirst();
        }
    }

    @Test
    void shape_stopsAtTheFirstFault_inFolioOrder() {
        ObjectNode body = Json.object().put("itemId", "nope");
        // Title level without TLR, an unknown fulfilment and a bad item id: only the level is answered.
        assertThat(firstShapeRefusal(asked(body, "Title", "Mail", false))).isEqualTo(Refusal.of(
                "Request level must be one of the following: \"Item\"", "REQUEST_LEVEL_IS_NOT_ALLOWED", "requestLevel", "Title"));
        assertThat(firstShapeRefusal(asked(body, "Title", "Mail", true)).code()).isEqualTo("FULFILLMENT_PREFERENCE_IS_NOT_ALLOWED");
        assertThat(firstShapeRefusal(asked(body, "Item", "Delivery", true)).code())
                .isEqualTo("javax.validation.constraints.Pattern.message");
        assertThat(firstShapeRefusal(asked(body, "Item", "Delivery", true)).parameter("itemId")).isEqualTo("nope");
    }

    @Test
    void shape_titleRequests_needAnInstance_andNameNoItem() {
        assertThat(firstShapeRefusal(asked(Json.object(), "Title", "Hold Shelf", true)))
                .isEqualTo(Refusal.of("Cannot create a request with no instance ID", "instanceId", null));
        ObjectNode withItem = Json.object().put("instanceId", INSTANCE.toString()).put("itemId", ITEM.toString());
        assertThat(firstShapeRefusal(asked(withItem, "Title", "Hold Shelf", true))).isEqualTo(Refusal.of(
                "Cannot create a title level page request for this instance ID with no item ID",
                "CANNOT_CREATE_PAGE_TLR_WITHOUT_ITEM_ID", "itemId", ITEM.toString()));
    }

    @Test
    void shape_itemRequests_needAnItem_andEveryRequestARequester() {
        assertThat(firstShapeRefusal(asked(Json.object().put("itemId", " "), "Item", "Hold Shelf", false)))
                .isEqualTo(Refusal.of("Cannot create an item level request with no item ID", "itemId", null));
        assertThat(firstShapeRefusal(asked(Json.object().put("itemId", ITEM.toString()), "Item", "Hold Shelf", false)))
                .isEqualTo(Refusal.of("A valid user and patron group are required. User is null", "requesterId", null));
        assertThat(firstShapeRefusal(asked(Json.object().put("itemId", ITEM.toString())
                .put("requesterId", REQUESTER.toString()), "Item", "Hold Shelf", false))).isNull();
    }

    // ---- placing ----------------------------------------------------------------------------------------------

    @Test
    void anAcceptableRequest_isNotRefused() {
        assertThat(ok().create()).isEmpty();
    }

    @Test
    void requesterRefusals_comeTogether_inFolioOrder_afterTheTitlesOwn() {
        Facts f = ok();
        f.requester = requester(false, true);
        f.body = Json.object();
        f.pickup = null;
        f.titleChoice = List.of(Refusal.of("title first", "T", null, null));
        List<Refusal> r = f.create();
        assertThat(codes(r)).containsExactly("T", "USER_IS_INACTIVE", "USER_IS_BLOCKED_MANUALLY",
                "HOLD_SHELF_REQUESTS_REQUIRE_PICKUP_SERVICE_POINT");
        assertThat(r.get(1)).isEqualTo(Refusal.of("Inactive users cannot make requests", "USER_IS_INACTIVE",
                "requesterId", REQUESTER.toString()));
        assertThat(r.get(2).message()).isEqualTo("Patron blocked from requesting");
        assertThat(r.get(3)).isEqualTo(Refusal.of("Hold shelf fulfillment requests require a Pickup service point",
                "HOLD_SHELF_REQUESTS_REQUIRE_PICKUP_SERVICE_POINT", "pickupServicePointId", null));
    }

    @Test
    void pickupServicePoint_mustExist_andBeAPickupLocation() {
        Facts f = ok();
        f.pickup = null;
        assertThat(f.create()).containsExactly(Refusal.of("Pickup service point does not exist",
                "pickupServicePointId", PICKUP));
        f.pickup = pickupPoint(false);
        assertThat(f.create()).containsExactly(Refusal.of("Service point is not a pickup location",
                "SERVICE_POINT_IS_NOT_PICKUP_LOCATION", "pickupServicePointId", PICKUP));
    }

    @Test
    void delivery_needsAnAddressType() {
        Facts f = ok();
        f.fulfilment = "Delivery";
        f.body = Json.object();
        f.pickup = null;
        assertThat(f.create()).containsExactly(Refusal.of("Delivery Fulfillment Requests require a Delivery Address Type", "deliveryAddressTypeId", null));
        f.body.put("deliveryAddressTypeId", UUID.randomUUID().toString());
        assertThat(f.create()).isEmpty();
    }

    @Test
    void itemStatus_refusal_isNotRepeatedByThePolicy() {
        Facts f = ok();
        f.item = item(ITEM, "Checked out");
        f.requestPolicy = null;
        assertThat(f.create()).containsExactly(Refusal.of("Page requests are not allowed for this patron and item combination",
                "REQUEST_NOT_ALLOWED_FOR_ITEM_STATUS", "requestType", "Page"));
    }

    @Test
    void requestPolicy_mustAllowTheType() {
        Facts f = ok();
        f.requestPolicy = policy("Hold");
        assertThat(f.create()).containsExactly(Refusal.of("Page requests are not allowed for this patron and item combination",
                "REQUEST_NOT_ALLOWED_BY_POLICY", "requestType", "Page"));
        f.requestPolicy = null;
        assertThat(codes(f.create())).containsExactly("REQUEST_NOT_ALLOWED_BY_POLICY");
    }

    @Test
    void requestPolicy_allowedServicePoints_limitHoldShelfPickup() {
        Facts f = ok();
        f.requestPolicy.putObject("allowedServicePoints").putArray("Page").add(UUID.randomUUID().toString());
        List<Refusal> r = f.create();
        assertThat(codes(r)).containsExactly("REQUEST_PICKUP_SERVICE_POINT_IS_NOT_ALLOWED");
        assertThat(r.getFirst().message()).isEqualTo("One or more Pickup locations are no longer available");
        assertThat(r.getFirst().parameters()).containsExactly(new Refusal.Parameter("pickupServicePointId", PICKUP),
                new Refusal.Parameter("requestType", "Page"), new Refusal.Parameter("requestPolicyId", POLICY));
        // A Delivery request has no hold shelf pickup to limit.
        f.fulfilment = "Delivery";
        f.body.put("deliveryAddressTypeId", UUID.randomUUID().toString());
        assertThat(f.create()).isEmpty();
    }

    @Test
    void requesterWithTheItemOnLoan_isRefused_forItemLevelRequestsOnly() {
        Facts f = ok();
        f.type = "Recall";
        f.item = item(ITEM, "Checked out");
        f.loan = Json.object().put("userId", REQUESTER.toString());
        assertThat(f.create()).containsExactly(Refusal.of("This requester already has this item on loan",
                "REQUESTER_ALREADY_HAS_THIS_ITEM_ON_LOAN", "itemId", ITEM.toString()));
        f.title = true;
        f.tlr = true;
        assertThat(f.create()).isEmpty();
        f.title = false;
        f.loan = Json.object().put("userId", OTHER.toString());
        assertThat(f.create()).isEmpty();
    }

    @Test
    void alreadyRequested_saysItemOrInstance_asTheFeatureAndLevelAre() {
        Facts f = ok();
        f.type = "Hold";
        f.item = item(ITEM, "Checked out");
        f.queue = List.of(request(OTHER, ITEM), request(REQUESTER, ITEM));
        assertThat(f.create()).containsExactly(Refusal.of("This requester already has an open request for this item",
                "ITEM_ALREADY_REQUESTED", "itemId", ITEM.toString()));
        f.tlr = true;
        assertThat(f.create()).containsExactly(Refusal.of(
                "This requester already has an open request for one of the instance's items", "itemId", ITEM.toString()));
        f.title = true;
        f.item = null;
        assertThat(f.create()).containsExactly(Refusal.of("This requester already has an open request for this instance", "instanceId", INSTANCE.toString()));
        f.queue = List.of(request(OTHER, ITEM));
        assertThat(f.create()).isEmpty();
    }

    // ---- moving -----------------------------------------------------------------------------------------------

    @Test
    void move_refusesARequesterWhoAlreadyRequestedTheDestination() {
        Facts f = ok();
        f.type = "Hold";
        f.item = item(ITEM, "Checked out");
        f.queue = List.of(request(REQUESTER, OTHER));
        assertThat(Check.all(f.build(), RequestChecks.MOVE_CHECKS)).isEmpty();
        f.queue = List.of(request(REQUESTER, ITEM));
        assertThat(Check.all(f.build(), RequestChecks.MOVE_CHECKS)).containsExactly(Refusal.of(
                "This requester already has an open request for this item", "ITEM_ALREADY_REQUESTED", "itemId", ITEM.toString()));
    }

    static RequestMove.Asked move(ObjectNode stored, String destination, String type, boolean tlr) {
        return new RequestMove.Asked(UUID.fromString(stored.get("id").asText()), RequestView.of(stored), destination, type,
                TlrSettings.from(Json.object().put("titleLevelRequestsFeatureEnabled", tlr)));
    }

    @Test
    void move_shapeChecks() {
        ObjectNode stored = request(REQUESTER, ITEM);
        String id = stored.get("id").asText();
        assertThat(Check.all(move(stored, null, "Hold", false), RequestMove.BEFORE_SETTINGS)).containsExactly(
                Refusal.of("Destination item ID is required", "destinationItemId", null));
        stored.put("status", "Open - Awaiting pickup");
        assertThat(Check.all(move(stored, OTHER.toString(), "Hold", false), RequestMove.BEFORE_SETTINGS)).containsExactly(
                Refusal.of("Only requests with status \"Open - Not yet filled\" can be moved", "requestId", id));
        stored.put("status", "Open - Not yet filled");
        assertThat(Check.all(move(stored, ITEM.toString(), "Hold", false), RequestMove.AFTER_SETTINGS)).containsExactly(
                Refusal.of("This requester already has an open request for this item", "ITEM_ALREADY_REQUESTED",
                        "itemId", ITEM.toString()));
        stored.put("requestLevel", "Title").put("instanceId", INSTANCE.toString());
        assertThat(Check.all(move(stored, OTHER.toString(), "Page", false), RequestMove.AFTER_SETTINGS).getFirst())
                .isEqualTo(Refusal.of("Can not process TLR - TLR feature is disabled", "requestId", id));
        assertThat(Check.all(move(stored, OTHER.toString(), "Page", true), RequestMove.AFTER_SETTINGS)).containsExactly(
                Refusal.of("Not allowed to move from/to Hold TLR", "requestId", id));
        stored.put("requestType", "Page");
        assertThat(Check.all(move(stored, ITEM.toString(), "Page", true), RequestMove.AFTER_SETTINGS)).containsExactly(
                Refusal.of("Not allowed to move title level page request to the same item", "MOVING_REQUEST_TO_THE_SAME_ITEM",
                        "instanceId", INSTANCE.toString()));
        assertThat(Check.all(move(stored, OTHER.toString(), "Page", true), RequestMove.AFTER_SETTINGS)).isEmpty();
    }

    // ---- title-level choice -----------------------------------------------------------------------------------

    static TitleLevelRequests.Copies copies(String type, List<ItemView> items, Map<UUID, ObjectNode> policies,
                                            String onLoan, boolean holdFollowsRules) {
        return new TitleLevelRequests.Copies(type, INSTANCE, items, policies, onLoan, holdFollowsRules);
    }

    @Test
    void title_refusals_copyOnLoan_pageableCopy_holdsNotAllowed() {
        ItemView available = item(ITEM, "Available"), out = item(OTHER, "Checked out");
        Map<UUID, ObjectNode> pagesAllowed = new HashMap<>(Map.of(ITEM, policy("Page"), OTHER, policy("Page")));
        assertThat(Check.all(copies("Hold", List.of(out, available), pagesAllowed, OTHER.toString(), false),
                TitleLevelRequests.CHECKS)).containsExactly(
                Refusal.of("This requester already has a loan for one of the instance's items",
                        "REQUESTER_ALREADY_HAS_LOAN_FOR_ONE_OF_INSTANCES_ITEMS", "itemId", OTHER.toString()),
                Refusal.of("Hold/Recall title level request not allowed: pageable available item found for instance",
                        "HOLD_AND_RECALL_TLR_NOT_ALLOWED_PAGEABLE_AVAILABLE_ITEM_FOUND", "itemId", ITEM.toString()));
        // A title Page takes the pageable copy: no refusal.
        assertThat(Check.all(copies("Page", List.of(out, available), pagesAllowed, null, true), TitleLevelRequests.CHECKS))
                .isEmpty();
        // No pageable copy, no copy's policy allows holds, and the setting says holds follow the rules.
        assertThat(Check.all(copies("Hold", List.of(out), pagesAllowed, null, true), TitleLevelRequests.CHECKS))
                .containsExactly(Refusal.of("Hold requests are not allowed for this patron and title combination",
                        "REQUEST_NOT_ALLOWED_FOR_PATRON_TITLE_COMBINATION", "instanceId", INSTANCE.toString()));
        assertThat(Check.all(copies("Hold", List.of(out), pagesAllowed, null, false), TitleLevelRequests.CHECKS)).isEmpty();
        assertThat(Check.all(copies("Recall", List.of(out), pagesAllowed, null, true), TitleLevelRequests.CHECKS)).isEmpty();
    }

    // ---- reorder ----------------------------------------------------------------------------------------------

    static RequestService.Reorder reorder(List<ObjectNode> queue, Map<String, Integer> positions) {
        return new RequestService.Reorder(false, queue.stream().map(RequestView::of).toList(), positions.size(), positions);
    }

    @Test
    void reorder_mustBeAPermutation_andKeepAPageOrBegunFulfilmentFirst() {
        ObjectNode first = request(REQUESTER, ITEM).put("requestType", "Page"), second = request(OTHER, ITEM);
        String a = first.get("id").asText(), b = second.get("id").asText();
        assertThatThrownBy(() -> RequestChecks.refuseAtFirst(reorder(List.of(first, second), Map.of(a, 1, b, 1)),
                RequestService.REORDER_CHECKS)).isInstanceOfSatisfying(Refused.class, e -> assertThat(e.refusals())
                .containsExactly(Refusal.of("There is inconsistency between provided reordered queue and item queue.", null, null)));
        assertThat(Check.all(reorder(List.of(first, second), Map.of(a, 2, b, 1)), RequestService.REORDER_CHECKS))
                .containsExactly(Refusal.of("Page requests can not be displaced from position 1.", null, null));
        first.put("requestType", "Hold").put("status", "Open - Awaiting pickup");
        assertThat(Check.all(reorder(List.of(first, second), Map.of(a, 2, b, 1)), RequestService.REORDER_CHECKS))
                .containsExactly(Refusal.of("Requests can not be displaced from position 1 when fulfillment begun.", null, null));
        assertThat(Check.all(reorder(List.of(first, second), Map.of(a, 1, b, 2)), RequestService.REORDER_CHECKS)).isEmpty();
    }
}
