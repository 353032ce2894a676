package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.users.PatronView;
import org.quire.users.UserTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * mod-circulation's extended loan: the stored loan plus item, borrower, policy names and service points. A page of
 * loans costs four statements whatever its size (items, users, policies, service points), never one per loan.
 */
public final class LoanRepresentation {
    private LoanRepresentation() {
    }

    public static List<ObjectNode> extendAll(Connection c, String schema, List<ObjectNode> loans) throws SQLException {
        Set<UUID> itemIds = new HashSet<>(), userIds = new HashSet<>(), policyIds = new HashSet<>(), spIds = new HashSet<>();
        for (ObjectNode l : loans) {
            addId(itemIds, l, "itemId");
            addId(userIds, l, "userId");
            addId(policyIds, l, "loanPolicyId");
            addId(spIds, l, "checkoutServicePointId");
            addId(spIds, l, "checkinServicePointId");
        }
        Map<UUID, ItemView> items = new java.util.HashMap<>();
        for (ItemView v : ItemView.byIds(c, schema, itemIds)) items.put(v.id(), v);
        Map<UUID, ObjectNode> users = UserTypes.USERS.getMany(c, schema, userIds);
        Map<UUID, ObjectNode> policies = CirculationTypes.LOAN_POLICIES.getMany(c, schema, policyIds);
        Map<UUID, ObjectNode> sps = InventoryTypes.SERVICE_POINTS.getMany(c, schema, spIds);
        List<ObjectNode> out = new ArrayList<>(loans.size());
        for (ObjectNode l : loans) {
            ObjectNode u = users.get(uuid(l, "userId"));
            out.add(extend(l, items.get(uuid(l, "itemId")), u == null ? null : new PatronView(u, null, List.of()),
                    policies.get(uuid(l, "loanPolicyId")), sps));
        }
        return out;
    }

    public static ObjectNode extend(ObjectNode loan, ItemView item, PatronView borrower, ObjectNode loanPolicy,
                                    Map<UUID, ObjectNode> servicePoints) {
        ObjectNode out = loan.deepCopy();
        if (item != null) out.set("item", item(item));
        if (borrower != null) out.set("borrower", borrower.borrower());
        if (loanPolicy != null) out.putObject("loanPolicy").put("name", Json.text(loanPolicy, "name"));
        servicePoint(out, "checkoutServicePoint", lookup(servicePoints, uuid(loan, "checkoutServicePointId")));
        servicePoint(out, "checkinServicePoint", lookup(servicePoints, uuid(loan, "checkinServicePointId")));
        return out;
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

    private static void servicePoint(ObjectNode out, String field, ObjectNode sp) {
        if (sp == null) return;
        ObjectNode s = out.putObject(field);
        for (String f : List.of("name", "code", "discoveryDisplayName", "description", "shelvingLagTime", "pickupLocation")) {
            if (sp.has(f)) s.set(f, sp.get(f));
        }
    }

    private static void addId(Set<UUID> ids, ObjectNode n, String field) {
        UUID id = uuid(n, field);
        if (id != null) ids.add(id);
    }

    static UUID uuid(ObjectNode n, String field) {
        String s = Json.text(n, field);
        return s == null ? null : UUID.fromString(s);
    }
}
