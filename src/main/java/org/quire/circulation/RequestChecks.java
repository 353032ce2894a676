package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The rules a request must pass, as mod-circulation's CreateRequestService / RequestByInstanceIdResource and its
 * validators apply them, each a pure function of what was asked ({@link NewRequest}) or loaded ({@link RequestFacts}).
 * The lists below hold FOLIO's order; the answer lists every refusal of a list in that order, except the shape of the
 * request, where FOLIO stops at the first.
 */
final class RequestChecks {
    private RequestChecks() {
    }

    /** Item statuses each request type may be placed on (mod-circulation's RequestTypeItemStatusWhiteList). */
    private static final Map<RequestType, Set<ItemStatus>> ALLOWED_STATUSES = Map.of(
            RequestType.PAGE, EnumSet.of(ItemStatus.AVAILABLE, ItemStatus.RESTRICTED),
            RequestType.HOLD, EnumSet.of(ItemStatus.CHECKED_OUT, ItemStatus.AWAITING_PICKUP,
                    ItemStatus.AWAITING_DELIVERY, ItemStatus.IN_TRANSIT, ItemStatus.PAGED, ItemStatus.MISSING,
                    ItemStatus.ON_ORDER, ItemStatus.IN_PROCESS, ItemStatus.RESTRICTED),
            RequestType.RECALL, EnumSet.of(ItemStatus.CHECKED_OUT, ItemStatus.AWAITING_PICKUP,
                    ItemStatus.AWAITING_DELIVERY, ItemStatus.IN_TRANSIT, ItemStatus.PAGED, ItemStatus.ON_ORDER,
                    ItemStatus.IN_PROCESS, ItemStatus.RESTRICTED));

    /** Whether a request type may be placed on an item in this status (both as FOLIO names them). */
    static boolean statusAllows(String type, String itemStatus) {
        return RequestType.named(type).map(ALLOWED_STATUSES::get)
                .flatMap(allowed -> ItemStatus.named(itemStatus).map(allowed::contains)).orElse(false);
    }

    // ---- the request's shape, before anything is read ----------------------------------------------------------

    /** What a create asks for, with its defaults applied and the TLR settings it is judged by. */
    record NewRequest(ObjectNode body, String level, String fulfilment, TlrSettings tlr) {
        boolean titleLevel() {
            return "Title".equals(level);
        }
    }

    /** mod-circulation's request schema: requestType is one of the three (checked before the settings are read). */
    static List<Refusal> refuseUnknownType(ObjectNode body) {
        String type = Json.text(body, "requestType");
        return Check.when(type == null || RequestType.named(type).isEmpty(), () -> Refusal.of(
                "requestType must be one of Page, Hold, Recall", "requestType", type));
    }

    /** RequestFromRepresentationService: the level must be one the TLR feature allows. */
    static List<Refusal> refuseLevelNotAllowed(NewRequest r) {
        List<String> allowed = r.tlr().allowedLevels();
        return Check.when(!allowed.contains(r.level()), () -> Refusal.of("Request level must be one of the following: "
                + String.join(", ", allowed.stream().map(l -> '"' + l + '"').toList()),
                ErrorCode.REQUEST_LEVEL_IS_NOT_ALLOWED, "requestLevel", r.level()));
    }

    static List<Refusal> refuseUnknownFulfilment(NewRequest r) {
        return Check.when(!List.of(RequestQueue.HOLD_SHELF, RequestQueue.DELIVERY).contains(r.fulfilment()),
                () -> Refusal.of("Fulfillment preference must be one of the following: Hold Shelf, Delivery",
                        ErrorCode.FULFILLMENT_PREFERENCE_IS_NOT_ALLOWED, "fulfillmentPreference", r.fulfilment()));
    }

    static List<Refusal> refuseTitleRequestWithoutInstance(NewRequest r) {
        return r.titleLevel() ? refuseMissingId(r.body(), "instanceId", "Cannot create a request with no instance ID")
                : List.of();
    }

    /** A title-level request names no copy (FOLIO's message speaks of pages whatever the type). */
    static List<Refusal> refuseTitleRequestWithItem(NewRequest r) {
        return Check.when(r.titleLevel() && (r.body().hasNonNull("itemId") || r.body().hasNonNull("holdingsRecordId")),
                () -> Refusal.of("Cannot create a title level page request for this instance ID with no item ID",
                        ErrorCode.CANNOT_CREATE_PAGE_TLR_WITHOUT_ITEM_ID, "itemId", Json.text(r.body(), "itemId")));
    }

    static List<Refusal> refuseItemRequestWithoutItem(NewRequest r) {
        return r.titleLevel() ? List.of()
                : refuseMissingId(r.body(), "itemId", "Cannot create an item level request with no item ID");
    }

    static List<Refusal> refuseWithoutRequester(NewRequest r) {
        return refuseMissingId(r.body(), "requesterId", "A valid user and patron group are required. User is null");
    }

    /** FOLIO stops at the first of these. */
    static final List<Check<NewRequest>> SHAPE_CHECKS = List.of(
            RequestChecks::refuseLevelNotAllowed,
            RequestChecks::refuseUnknownFulfilment,
            RequestChecks::refuseTitleRequestWithoutInstance,
            RequestChecks::refuseTitleRequestWithItem,
            RequestChecks::refuseItemRequestWithoutItem,
            RequestChecks::refuseWithoutRequester);

    /** Runs the checks in order and throws the first refusal found. */
    static <F> void refuseAtFirst(F facts, List<Check<F>> checks) {
        for (Check<F> check : checks) Refused.throwIfAny(check.refusals(facts));
    }

    /** An id property that is absent or blank (the given message), or not a UUID (the schema's pattern refusal). */
    static List<Refusal> refuseMissingId(ObjectNode body, String property, String missing) {
        return refuseMissingId(property, Json.text(body, property), missing);
    }

    static List<Refusal> refuseMissingId(String property, String s, String missing) {
        if (s == null || s.isBlank()) return List.of(Refusal.of(missing, property, null));
        return Ids.isUuid(s) ? List.of() : List.of(malformedId(property, s));
    }

    /** The JSON schema's answer to an id that is not a UUID (as RecordStore.uuid writes it). */
    static Refusal malformedId(String property, String value) {
        return Refusal.of("must match \"^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[1-8][a-fA-F0-9]{3}-[89abAB][a-fA-F0-9]{3}-"
                + "[a-fA-F0-9]{12}$\"", "javax.validation.constraints.Pattern.message", property, value);
    }

    static UUID requiredId(String property, String value) {
        return Ids.parse(value).orElseThrow(() -> new Refused(malformedId(property, value)));
    }

    // ---- the requester ---------------------------------------------------------------------------------------

    static List<Refusal> titleChoice(RequestFacts f) {
        return f.titleChoice();
    }

    /** InactiveUserRequestValidator. */
    static List<Refusal> refuseInactiveRequester(RequestFacts f) {
        return Check.when(Boolean.FALSE.equals(f.requester().active(f.now())), () -> Refusal.of(
                "Inactive users cannot make requests", ErrorCode.USER_IS_INACTIVE, "requesterId", f.requester().id().toString()));
    }

    /** AutomatedPatronBlocksValidator: each block's own message, no parameters. */
    static List<Refusal> refuseAutomaticallyBlockedRequester(RequestFacts f) {
        return f.automatedBlocks().stream()
                .map(b -> Refusal.of(b.message(), ErrorCode.USER_IS_BLOCKED_AUTOMATICALLY, null, null)).toList();
    }

    /** UserManualBlocksValidator. */
    static List<Refusal> refuseManuallyBlockedRequester(RequestFacts f) {
        return Check.when(f.requester().blockedFor("requests", f.now()), () -> Refusal.of(
                "Patron blocked from requesting", ErrorCode.USER_IS_BLOCKED_MANUALLY, "requesterId", f.requester().id().toString()));
    }

    /** Current mod-circulation's wording and code (older releases capitalised it differently). */
    static List<Refusal> refuseHoldShelfWithoutPickup(RequestFacts f) {
        return Check.when(f.isHoldShelf() && f.pickupServicePointId() == null, () -> Refusal.of(
                "Hold shelf fulfillment requests require a Pickup service point",
                ErrorCode.HOLD_SHELF_REQUESTS_REQUIRE_PICKUP_SERVICE_POINT, "pickupServicePointId", null));
    }

    /** ServicePointPickupLocationValidator: the pickup service point exists … */
    static List<Refusal> refuseUnknownPickupServicePoint(RequestFacts f) {
        return Check.when(f.pickupServicePointId() != null && f.pickupServicePoint() == null, () -> Refusal.of(
                "Pickup service point does not exist", "pickupServicePointId", f.pickupServicePointId()));
    }

    /** … and is a pickup location. */
    static List<Refusal> refuseServicePointNotForPickup(RequestFacts f) {
        return Check.when(f.pickupServicePoint() != null
                && !f.pickupServicePoint().path("pickupLocation").asBoolean(false), () -> Refusal.of(
                "Service point is not a pickup location", ErrorCode.SERVICE_POINT_IS_NOT_PICKUP_LOCATION,
                "pickupServicePointId", f.pickupServicePointId()));
    }

    /** Quire's wording: FOLIO's own check for a delivery address type was not found. */
    static List<Refusal> refuseDeliveryWithoutAddressType(RequestFacts f) {
        return Check.when(f.isDelivery() && !f.request().hasNonNull("deliveryAddressTypeId"), () -> Refusal.of(
                "Delivery Fulfillment Requests require a Delivery Address Type", "deliveryAddressTypeId", null));
    }

    // ---- the item -------------------------------------------------------------------------------------------

    private static Refusal notAllowed(RequestFacts f, ErrorCode code) {
        return Refusal.of("%s requests are not allowed for this patron and item combination".formatted(f.type()),
                code, "requestType", f.type());
    }

    /** RequestTypeItemStatusWhiteList. */
    static List<Refusal> refuseItemStatus(RequestFacts f) {
        return Check.when(f.item() != null && !statusAllows(f.type(), f.item().status()),
                () -> notAllowed(f, ErrorCode.REQUEST_NOT_ALLOWED_FOR_ITEM_STATUS));
    }

    /** RequestPolicy.allowsType: the item's request policy allows the type (said once when the status refused it). */
    static List<Refusal> refuseTypeTheRequestPolicyForbids(RequestFacts f) {
        return Check.when(f.item() != null && !policyAllowsType(f) && statusAllows(f.type(), f.item().status()),
                () -> notAllowed(f, ErrorCode.REQUEST_NOT_ALLOWED_BY_POLICY));
    }

    /**
     * RequestPolicy.allowsServicePoint: a policy that allows the type and lists allowed service points for it allows
     * a Hold Shelf request only to one of them (no list for the type: any).
     */
    static List<Refusal> refusePickupTheRequestPolicyForbids(RequestFacts f) {
        if (f.item() == null || !policyAllowsType(f)) return List.of();
        JsonNode allowed = f.policies().request().path("allowedServicePoints").path(f.type());
        String pickup = f.holdShelfPickup();
        return Check.when(pickup != null && allowed.isArray() && !contains(allowed, pickup), () -> new Refusal(
                "One or more Pickup locations are no longer available", ErrorCode.REQUEST_PICKUP_SERVICE_POINT_IS_NOT_ALLOWED.name(),
                List.of(new Refusal.Parameter("pickupServicePointId", pickup),
                        new Refusal.Parameter("requestType", f.type()),
                        new Refusal.Parameter("requestPolicyId", Json.text(f.policies().request(), "id")))));
    }

    private static boolean policyAllowsType(RequestFacts f) {
        ObjectNode policy = f.policies().request();
        return policy != null && contains(policy.path("requestTypes"), f.type());
    }

    /** An item-level request only: a title request's rule covers every copy (TitleLevelRequests). */
    static List<Refusal> refuseRequesterWithTheItemOnLoan(RequestFacts f) {
        return Check.when(!f.titleLevel() && f.item() != null && f.loan() != null
                && f.requester().id().toString().equals(Json.text(f.loan(), "userId")), () -> Refusal.of(
                "This requester already has this item on loan", ErrorCode.REQUESTER_ALREADY_HAS_THIS_ITEM_ON_LOAN,
                "itemId", f.item().id().toString()));
    }

    // ---- the queue ------------------------------------------------------------------------------------------

    /** One open request per requester and item (per instance with TLR on). */
    static List<Refusal> refuseWhenAlreadyRequested(RequestFacts f) {
        if (f.queue().stream().noneMatch(r -> r.isRequestedBy(f.requester().id()))) return List.of();
        if (!f.tlrEnabled()) return List.of(Refusal.of("This requester already has an open request for this item",
                ErrorCode.ITEM_ALREADY_REQUESTED, "itemId", String.valueOf(f.itemId())));
        if (f.titleLevel()) return List.of(Refusal.of("This requester already has an open request for this instance", "instanceId", f.instanceId().toString()));
        return List.of(Refusal.of("This requester already has an open request for one of the instance's items",
                "itemId", String.valueOf(f.itemId())));
    }

    /** A moved request: the requester has no other open request for the destination item. */
    static List<Refusal> refuseWhenAlreadyRequestedOnDestination(RequestFacts f) {
        String destination = f.item().id().toString();
        return Check.when(f.queue().stream().anyMatch(r -> r.isRequestedBy(f.requester().id()) && r.isForItem(destination)),
                () -> Refusal.of("This requester already has an open request for this item", ErrorCode.ITEM_ALREADY_REQUESTED,
                        "itemId", destination));
    }

    /** Placing a request, in FOLIO's order: the title's copies, the requester, the item, the queue. */
    static final List<Check<RequestFacts>> CREATE_CHECKS = List.of(
            RequestChecks::titleChoice,
            RequestChecks::refuseInactiveRequester,
            RequestChecks::refuseAutomaticallyBlockedRequester,
            RequestChecks::refuseManuallyBlockedRequester,
            RequestChecks::refuseHoldShelfWithoutPickup,
            RequestChecks::refuseUnknownPickupServicePoint,
            RequestChecks::refuseServicePointNotForPickup,
            RequestChecks::refuseDeliveryWithoutAddressType,
            RequestChecks::refuseItemStatus,
            RequestChecks::refuseTypeTheRequestPolicyForbids,
            RequestChecks::refusePickupTheRequestPolicyForbids,
            RequestChecks::refuseRequesterWithTheItemOnLoan,
            RequestChecks::refuseWhenAlreadyRequested);

    /** Moving a request: checked as a new item-level request on the destination (the requester was checked then). */
    static final List<Check<RequestFacts>> MOVE_CHECKS = List.of(
            RequestChecks::refuseItemStatus,
            RequestChecks::refuseTypeTheRequestPolicyForbids,
            RequestChecks::refusePickupTheRequestPolicyForbids,
            RequestChecks::refuseRequesterWithTheItemOnLoan,
            RequestChecks::refuseWhenAlreadyRequestedOnDestination);

    static boolean contains(JsonNode array, String value) {
        for (JsonNode n : array) if (value.equals(n.asText())) return true;
        return false;
    }
}
