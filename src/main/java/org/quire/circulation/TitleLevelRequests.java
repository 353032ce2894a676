package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.ItemView;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Which item a title-level request is for, as mod-circulation chooses it: a Page takes an available item whose
 * request policy allows pages, preferring one shelved where the pickup service point is primary (same location, then
 * library, campus, institution — its ItemForTlrService); a Recall recalls the open loan due soonest among the
 * recallable items not already recalled (else the least recalled loan, else a recallable item without a loan); a Hold
 * waits for any copy. A title Hold or Recall is refused while a copy could be paged, as FOLIO's CreateRequestService
 * does, and so is any title request of a patron who has one of the copies on loan. Costs: the instance's items with their context (1), their request policies (1), and the pickup
 * point's locations for a Page (1) or the candidate loans for a Recall (1); the chosen item is then row-locked (1).
 */
final class TitleLevelRequests {
    private TitleLevelRequests() {
    }

    /**
     * The chosen item (null for a Hold) and, for a Recall, the loan to recall; {@code refusals} are the title's own
     * (a copy on loan to the requester, a pageable copy, no copy allowing holds), first of the request's refusals.
     */
    record Choice(ItemView item, ObjectNode loan, List<Refusal> refusals) {
    }

    /** The copies of the title and what the choice reads of them. */
    record Copies(String type, UUID instanceId, List<ItemView> items, Map<UUID, ObjectNode> policies,
                  String copyOnLoanToRequester, boolean holdShouldFollowCirculationRules) {

        boolean allows(ItemView item, String requestType) {
            return TitleLevelRequests.allows(policies.get(item.id()), requestType);
        }

        /** Available copies whose request policy allows pages. */
        List<ItemView> pageable() {
            return items.stream()
                    .filter(i -> ItemStatus.AVAILABLE.is(i.status()) && allows(i, RequestType.PAGE.folioName())).toList();
        }
    }

    /** FOLIO's "already has a loan for one of the instance's items". */
    static List<Refusal> refuseWhenRequesterHasACopy(Copies f) {
        return Check.when(f.copyOnLoanToRequester() != null, () -> Refusal.of(
                "This requester already has a loan for one of the instance's items",
                ErrorCode.REQUESTER_ALREADY_HAS_LOAN_FOR_ONE_OF_INSTANCES_ITEMS, "itemId", f.copyOnLoanToRequester()));
    }

    /** CreateRequestService: a title Hold or Recall while a copy could be paged instead. */
    static List<Refusal> refuseHoldOrRecallWhenPageable(Copies f) {
        List<ItemView> pageable = f.pageable();
        return Check.when(!RequestType.PAGE.is(f.type()) && !pageable.isEmpty(), () -> Refusal.of(
                "Hold/Recall title level request not allowed: pageable available item found for instance",
                ErrorCode.HOLD_AND_RECALL_TLR_NOT_ALLOWED_PAGEABLE_AVAILABLE_ITEM_FOUND, "itemId",
                pageable.getFirst().id().toString()));
    }

    /** A title Hold waits for any copy; when the setting says so, some copy's request policy must allow holds. */
    static List<Refusal> refuseHoldNoCopyAllows(Copies f) {
        return Check.when(RequestType.HOLD.is(f.type()) && f.pageable().isEmpty() && f.holdShouldFollowCirculationRules()
                && f.items().stream().noneMatch(i -> f.allows(i, f.type())), () -> Refusal.of(
                "Hold requests are not allowed for this patron and title combination",
                ErrorCode.REQUEST_NOT_ALLOWED_FOR_PATRON_TITLE_COMBINATION, "instanceId", f.instanceId().toString()));
    }

    static final List<Check<Copies>> CHECKS = List.of(
            TitleLevelRequests::refuseWhenRequesterHasACopy,
            TitleLevelRequests::refuseHoldOrRecallWhenPageable,
            TitleLevelRequests::refuseHoldNoCopyAllows);

    static Choice choose(Connection c, String schema, CirculationRules rules, String type, UUID instanceId,
                         PatronView requester, String pickupServicePointId, TlrSettings tlr, List<ObjectNode> queue)
            throws SQLException {
        List<ItemView> items = InventoryStore.itemsOfInstance(c, schema, instanceId);
        Map<UUID, ObjectNode> policies = policies(c, schema, rules, requester, items);
        String copyOnLoan = items.isEmpty() ? null
                : RequestStore.itemOnLoanTo(c, schema, requester.id(), items.stream().map(ItemView::id).toList()).orElse(null);
        Copies copies = new Copies(type, instanceId, items, policies, copyOnLoan, tlr.holdShouldFollowCirculationRules());
        List<ItemView> pageable = copies.pageable();
        if (RequestType.PAGE.is(type) && pageable.isEmpty()) throw Refused.because(
                "Cannot create page TLR for this instance ID - no pageable available items found",
                "instanceId", instanceId.toString());
        List<Refusal> refusals = Check.all(copies, CHECKS);
        if (RequestType.PAGE.is(type))
            return new Choice(lock(c, schema, closest(c, schema, pageable, pickupServicePointId)), null, refusals);
        if (!pageable.isEmpty() || !RequestType.RECALL.is(type)) return new Choice(null, null, refusals);
        return recall(c, schema, items, i -> copies.allows(i, type), queue, refusals);
    }

    private static Choice recall(Connection c, String schema, List<ItemView> items, Predicate<ItemView> allows,
                                 List<ObjectNode> queue, List<Refusal> refusals) throws SQLException {
        List<ItemView> recallable = items.stream()
                .filter(i -> RequestChecks.statusAllows(RequestType.RECALL.folioName(), i.status()) && allows.test(i))
                .toList();
        Map<UUID, ItemView> byId = new HashMap<>();
        recallable.forEach(i -> byId.put(i.id(), i));
        List<ObjectNode> loans = recallable.isEmpty() ? List.of()
                : RequestStore.openLoansByDueDate(c, schema, byId.keySet());
        Map<String, Integer> recalls = new HashMap<>();
        for (RequestView r : queue.stream().map(RequestView::of).toList())
            if (r.isOfType(RequestType.RECALL) && r.hasItem()) recalls.merge(r.itemId(), 1, Integer::sum);
        Optional<ObjectNode> loan = loans.stream().filter(l -> !recalls.containsKey(Json.text(l, "itemId"))).findFirst()
                .or(() -> loans.stream().min(Comparator.comparingInt(l -> recalls.getOrDefault(Json.text(l, "itemId"), 0))));
        if (loan.isPresent()) {
            ItemView item = lock(c, schema, byId.get(UUID.fromString(Json.text(loan.get(), "itemId"))));
            return new Choice(item, LoanStore.openLoan(c, schema, item.id()).map(LoanView::json).orElse(loan.get()), refusals);
        }
        if (recallable.isEmpty()) throw Refused.because("Request has no loan or recallable item", "loan", null);
        return new Choice(lock(c, schema, recallable.getFirst()), null, refusals);
    }

    /** The request policy of each item for this requester: rules matched in memory, policies read in one statement. */
    private static Map<UUID, ObjectNode> policies(Connection c, String schema, CirculationRules rules, PatronView requester,
                                                  List<ItemView> items) throws SQLException {
        Map<UUID, UUID> policyOf = new HashMap<>();
        for (ItemView i : items) {
            String id = CirculationContext.match(rules, PolicyType.REQUEST, requester, i).policyId();
            if (id != null) policyOf.put(i.id(), UUID.fromString(id));
        }
        Map<UUID, ObjectNode> found = CirculationTypes.REQUEST_POLICIES.getMany(c, schema, new HashSet<>(policyOf.values()));
        Map<UUID, ObjectNode> result = new HashMap<>();
        policyOf.forEach((item, policy) -> {
            if (found.containsKey(policy)) result.put(item, found.get(policy));
        });
        return result;
    }

    /** FOLIO's pickClosestItem: the pickup point's locations by location, library, campus, institution; else the first. */
    private static ItemView closest(Connection c, String schema, List<ItemView> items, String pickupServicePointId)
            throws SQLException {
        // A malformed id is refused with the request's other checks (RequestChecks), not here.
        UUID pickup = Ids.orNull(pickupServicePointId);
        if (pickup == null) return items.getFirst();
        List<ObjectNode> locations = RequestStore.locationsServedBy(c, schema, pickup);
        for (String key : List.of("id", "libraryId", "campusId", "institutionId")) {
            Set<String> wanted = new HashSet<>();
            locations.forEach(l -> wanted.add(Json.text(l, key)));
            wanted.remove(null);
            for (ItemView i : items) {
                ObjectNode loc = i.effectiveLocation();
                if (loc != null && wanted.contains(Json.text(loc, key))) return i;
            }
        }
        return items.getFirst();
    }

    private static ItemView lock(Connection c, String schema, ItemView item) throws SQLException {
        return InventoryStore.itemByIdForUpdate(c, schema, item.id()).orElse(item);
    }

    private static boolean allows(ObjectNode policy, String type) {
        if (policy == null) return false;
        for (var n : policy.path("requestTypes")) if (type.equals(n.asText())) return true;
        return false;
    }
}
