package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.records.MultiGet;
import org.quire.users.PatronView;
import org.quire.users.UserTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * mod-circulation's extended loan: the stored loan plus item, borrower, policy names and service points. A page of
 * loans costs three statements whatever its size (items, users, policies and service points), never one per loan.
 */
public final class LoanRepresentation {
    private LoanRepresentation() {
    }

    public static List<ObjectNode> extendAll(Connection c, String schema, List<ObjectNode> loans) throws SQLException {
        Set<UUID> itemIds = new HashSet<>(), userIds = new HashSet<>();
        MultiGet refs = new MultiGet();
        for (ObjectNode l : loans) {
            addId(itemIds, l, "itemId");
            addId(userIds, l, "userId");
            addRefs(refs, l);
        }
        Map<UUID, ItemView> items = new HashMap<>();
        for (ItemView v : ItemView.byIds(c, schema, itemIds)) items.put(v.id(), v);
        Map<UUID, ObjectNode> users = UserTypes.USERS.getMany(c, schema, userIds);
        Map<UUID, ObjectNode> named = byId(refs.fetch(c, schema).values());
        List<ObjectNode> out = new ArrayList<>(loans.size());
        for (ObjectNode l : loans) {
            ObjectNode u = users.get(uuid(l, "userId"));
            out.add(extend(l, items.get(uuid(l, "itemId")), u == null ? null : new PatronView(u, null, List.of()), named));
        }
        return out;
    }

    /** Queues the policies and service points a loan names, for one multi-table lookup. */
    public static MultiGet addRefs(MultiGet refs, ObjectNode loan) {
        refs.addAll(CirculationTypes.LOAN_POLICIES, ids(loan, "loanPolicyId"));
        refs.addAll(CirculationTypes.OVERDUE_FINE_POLICIES, ids(loan, "overdueFinePolicyId"));
        refs.addAll(CirculationTypes.LOST_ITEM_POLICIES, ids(loan, "lostItemPolicyId"));
        refs.addAll(InventoryTypes.SERVICE_POINTS, ids(loan, "checkoutServicePointId"));
        refs.addAll(InventoryTypes.SERVICE_POINTS, ids(loan, "checkinServicePointId"));
        return refs;
    }

    public static Map<UUID, ObjectNode> byId(java.util.Collection<ObjectNode> records) {
        Map<UUID, ObjectNode> out = new HashMap<>();
        for (ObjectNode r : records) out.put(UUID.fromString(r.get("id").asText()), r);
        return out;
    }

    /**
     * The extended loan. {@code named} holds, by id, the loan's policies and service points (whatever of them
     * was found); names are added for those present.
     */
    public static ObjectNode extend(ObjectNode loan, ItemView item, PatronView borrower, Map<UUID, ObjectNode> named) {
        ObjectNode out = loan.deepCopy();
        if (item != null) out.set("item", item(item));
        if (borrower != null) out.set("borrower", borrower.borrower());
        name(out, "loanPolicy", named.get(uuid(loan, "loanPolicyId")));
        name(out, "overdueFinePolicy", named.get(uuid(loan, "overdueFinePolicyId")));
        name(out, "lostItemPolicy", named.get(uuid(loan, "lostItemPolicyId")));
        servicePoint(out, "checkoutServicePoint", lookup(named, uuid(loan, "checkoutServicePointId")));
        servicePoint(out, "checkinServicePoint", lookup(named, uuid(loan, "checkinServicePointId")));
        return out;
    }

    private static void name(ObjectNode out, String field, ObjectNode policy) {
        if (policy != null) out.putObject(field).put("name", Json.text(policy, "name"));
    }

    static List<UUID> ids(ObjectNode n, String field) {
        UUID id = uuid(n, field);
        return id == null ? List.of() : List.of(id);
    }

    /** The item summary embedded in loans and check-in responses. */
    public static ObjectNode item(ItemView v) {
        ObjectNode i = Json.object();
        i.put("id", v.id().toString());
        i.put("title", v.title());
        i.put("barcode", v.barcode());
        i.put("holdingsRecordId", Json.text(v.item(), "holdingsRecordId"));
        i.put("instanceId", Json.text(v.holdings(), "instanceId"));
        if (v.callNumber() != null) i.put("callNumber", v.callNumber());
        i.set("callNumberComponents", v.item().path("effectiveCallNumberComponents").deepCopy());
        for (String f : List.of("copyNumber", "enumeration", "chronology", "volume", "displaySummary",
                "inTransitDestinationServicePointId")) {
            if (v.item().hasNonNull(f)) i.set(f, v.item().get(f));
        }
        i.set("status", v.item().path("status").deepCopy());
        if (v.materialType() != null) i.putObject("materialType").put("name", v.materialTypeName());
        i.set("contributors", v.contributorNames());
        if (!v.contributorNames().isEmpty()) i.put("primaryContributor", v.contributorNames().get(0).path("name").asText());
        if (v.effectiveLocation() != null) i.putObject("location").put("name", Json.text(v.effectiveLocation(), "name"));
        return i;
    }

    private static ObjectNode lookup(Map<UUID, ObjectNode> records, UUID id) {
        return id == null ? null : records.get(id);
    }

    /** FOLIO's service point summary (loans' check-out/check-in points, requests' pickup point). */
    static void servicePoint(ObjectNode out, String field, ObjectNode sp) {
        if (sp == null) return;
        ObjectNode s = out.putObject(field);
        for (String f : List.of("name", "code", "discoveryDisplayName", "description", "shelvingLagTime", "pickupLocation")) {
            if (sp.has(f)) s.set(f, sp.get(f));
        }
    }

    static void addId(Set<UUID> ids, ObjectNode n, String field) {
        UUID id = uuid(n, field);
        if (id != null) ids.add(id);
    }

    static UUID uuid(ObjectNode n, String field) {
        String s = Json.text(n, field);
        return s == null ? null : UUID.fromString(s);
    }
}
