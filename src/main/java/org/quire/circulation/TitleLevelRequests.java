package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
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
import java.util.function.Function;

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

    /** The chosen item (null for a Hold) and, for a Recall, the loan to recall. */
    record Choice(ItemView item, ObjectNode loan) {
    }

    static Choice choose(Connection c, String schema, CirculationRules rules, String type, UUID instanceId,
                         PatronView requester, String pickupServicePointId, TlrSettings tlr, List<ObjectNode> queue,
                         CirculationErrors errors) throws SQLException {
        List<ItemView> items = ItemView.byInstance(c, schema, instanceId);
        Map<UUID, ObjectNode> policies = policies(c, schema, rules, requester, items);
        Function<ItemView, Boolean> allows = item -> allows(policies.get(item.id()), type);
        refuseWhenRequesterHasACopy(c, schema, requester, items, errors);
        List<ItemView> pageable = items.stream()
                .filter(i -> "Available".equals(i.status()) && allows(policies.get(i.id()), "Page")).toList();
        if ("Page".equals(type)) {
            if (pageable.isEmpty()) throw ApiException.unprocessable(
                    "Cannot create page TLR for this instance ID - no pageable available items found", null,
                    "instanceId", instanceId.toString());
            return new Choice(lock(c, schema, closest(c, schema, pageable, pickupServicePointId)), null);
        }
        // A title Hold or Recall while a copy could be paged instead: FOLIO refuses it.
        if (!pageable.isEmpty()) {
            errors.add("Hold/Recall title level request not allowed: pageable available item found for instance",
                    "HOLD_AND_RECALL_TLR_NOT_ALLOWED_PAGEABLE_AVAILABLE_ITEM_FOUND", "itemId", pageable.getFirst().id().toString());
            return new Choice(null, null);
        }
        if ("Recall".equals(type)) return recall(c, schema, items, allows, queue);
        // A title Hold waits for any copy; when the setting says so, some copy's request policy must allow holds.
        if (tlr.holdShouldFollowCirculationRules() && items.stream().noneMatch(allows::apply))
            errors.add("Hold requests are not allowed for this patron and title combination",
                    "REQUEST_NOT_ALLOWED_FOR_PATRON_TITLE_COMBINATION", "instanceId", instanceId.toString());
        return new Choice(null, null);
    }

    /** FOLIO's "already has a loan for one of the instance's items" (one statement). */
    private static void refuseWhenRequesterHasACopy(Connection c, String schema, PatronView requester, List<ItemView> items,
                                                    CirculationErrors errors) throws SQLException {
        if (items.isEmpty()) return;
        Sql.one(c, "SELECT item_id FROM " + schema + ".loan WHERE user_id = ? AND status_name = 'Open' AND item_id = ANY(?) LIMIT 1",
                List.of(requester.id(), c.createArrayOf("uuid", items.stream().map(ItemView::id).toArray())),
                rs -> rs.getString(1)).ifPresent(itemId -> errors.add(
                "This requester already has a loan for one of the instance's items",
                "REQUESTER_ALREADY_HAS_LOAN_FOR_ONE_OF_INSTANCES_ITEMS", "itemId", itemId));
    }

    private static Choice recall(Connection c, String schema, List<ItemView> items, Function<ItemView, Boolean> allows,
                                 List<ObjectNode> queue) throws SQLException {
        List<ItemView> recallable = items.stream()
                .filter(i -> RequestService.statusAllows("Recall", i.status()) && allows.apply(i)).toList();
        Map<UUID, ItemView> byId = new HashMap<>();
        recallable.forEach(i -> byId.put(i.id(), i));
        List<ObjectNode> loans = recallable.isEmpty() ? List.of() : Sql.list(c, "SELECT jsonb FROM " + schema
                + ".loan WHERE item_id = ANY(?) AND status_name = 'Open' ORDER BY due_date, id",
                List.of(c.createArrayOf("uuid", byId.keySet().toArray())), rs -> Json.parseObject(rs.getString(1)));
        Map<String, Integer> recalls = new HashMap<>();
        for (ObjectNode r : queue)
            if ("Recall".equals(Json.text(r, "requestType")) && r.hasNonNull("itemId")) recalls.merge(Json.text(r, "itemId"), 1, Integer::sum);
        Optional<ObjectNode> loan = loans.stream().filter(l -> !recalls.containsKey(Json.text(l, "itemId"))).findFirst()
                .or(() -> loans.stream().min(Comparator.comparingInt(l -> recalls.getOrDefault(Json.text(l, "itemId"), 0))));
        if (loan.isPresent()) {
            ItemView item = lock(c, schema, byId.get(UUID.fromString(Json.text(loan.get(), "itemId"))));
            return new Choice(item, CirculationContext.openLoan(c, schema, item.id()).orElse(loan.get()));
        }
        if (recallable.isEmpty()) throw ApiException.unprocessable("Request has no loan or recallable item", null, "loan", null);
        return new Choice(lock(c, schema, recallable.getFirst()), null);
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
        if (pickupServicePointId == null) return items.getFirst();
        List<ObjectNode> locations = Sql.list(c, "SELECT jsonb FROM " + schema + ".location WHERE primary_service_point = ?",
                List.of(UUID.fromString(pickupServicePointId)), rs -> Json.parseObject(rs.getString(1)));
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
        return ItemView.byIdForUpdate(c, schema, item.id()).orElse(item);
    }

    private static boolean allows(ObjectNode policy, String type) {
        if (policy == null) return false;
        for (var n : policy.path("requestTypes")) if (type.equals(n.asText())) return true;
        return false;
    }
}
