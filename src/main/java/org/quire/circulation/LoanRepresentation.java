package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.records.MultiGet;
import org.quire.users.PatronView;
import org.quire.users.UserTypes;

import java.math.BigDecimal;
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
 * mod-circulation's extended loan (its LoanRepresentation.extendedLoan): the stored loan without the fields it keeps
 * for storage only ({@code itemStatus}, {@code agedToLostDelayedBilling}, {@code patronGroupIdAtCheckout}), plus the
 * item summary (ItemSummaryRepresentation), the borrower, policy names, service points, {@code patronGroupAtCheckout}
 * and, on GET, {@code feesAndFines}. A page of loans costs four statements whatever its size (items, users, the
 * policies, groups and service points they name, the loans' open fees), never one per loan.
 */
public final class LoanRepresentation {
    private LoanRepresentation() {
    }

    /** GET /circulation/loans and /circulation/loans/{id}: with {@code feesAndFines}, as FOLIO's LoanCollectionResource. */
    public static List<ObjectNode> extendAll(Connection c, String schema, List<ObjectNode> loans) throws SQLException {
        Set<UUID> itemIds = new HashSet<>(), userIds = new HashSet<>(), loanIds = new HashSet<>();
        MultiGet refs = new MultiGet();
        for (ObjectNode l : loans) {
            addId(itemIds, l, "itemId");
            addId(userIds, l, "userId");
            addId(loanIds, l, "id");
            addRefs(refs, l);
        }
        Map<UUID, ItemView> items = new HashMap<>();
        for (ItemView v : InventoryStore.itemsByIds(c, schema, itemIds)) {
            items.put(v.id(), v);
            refs.addAll(InventoryTypes.SERVICE_POINTS, ids(v.item(), "inTransitDestinationServicePointId"));
        }
        Map<UUID, ObjectNode> users = UserTypes.USERS.getMany(c, schema, userIds);
        Map<UUID, ObjectNode> named = byId(refs.fetch(c, schema).values());
        Map<UUID, BigDecimal> owed = LoanStore.remainingOfOpenAccounts(c, schema, loanIds);
        List<ObjectNode> out = new ArrayList<>(loans.size());
        for (ObjectNode l : loans) {
            ObjectNode u = users.get(Ids.at(l, "userId"));
            ItemView item = items.get(Ids.at(l, "itemId"));
            ObjectNode e = extend(l, item, u == null ? null : new PatronView(u, null, List.of()), named);
            if (item != null) inTransitDestination((ObjectNode) e.get("item"),
                    named.get(Ids.at(item.item(), "inTransitDestinationServicePointId")));
            // mod-circulation's additionalAccountProperties: the remaining amount of the loan's open accounts, as a
            // double (0.0 when there are none); written only where it read the accounts (GET, not check-out/renewal).
            e.putObject("feesAndFines").put("amountRemainingToPay",
                    owed.getOrDefault(Ids.at(l, "id"), BigDecimal.ZERO).doubleValue());
            out.add(e);
        }
        return out;
    }

    /** Queues the policies, patron group and service points a loan names, for one multi-table lookup. */
    public static MultiGet addRefs(MultiGet refs, ObjectNode loan) {
        refs.addAll(CirculationTypes.LOAN_POLICIES, ids(loan, "loanPolicyId"));
        refs.addAll(CirculationTypes.OVERDUE_FINE_POLICIES, ids(loan, "overdueFinePolicyId"));
        refs.addAll(CirculationTypes.LOST_ITEM_POLICIES, ids(loan, "lostItemPolicyId"));
        refs.addAll(InventoryTypes.SERVICE_POINTS, ids(loan, "checkoutServicePointId"));
        refs.addAll(InventoryTypes.SERVICE_POINTS, ids(loan, "checkinServicePointId"));
        refs.addAll(UserTypes.GROUPS, ids(loan, "patronGroupIdAtCheckout"));
        return refs;
    }

    public static Map<UUID, ObjectNode> byId(java.util.Collection<ObjectNode> records) {
        Map<UUID, ObjectNode> out = new HashMap<>();
        for (ObjectNode r : records) out.put(UUID.fromString(r.get("id").asText()), r);
        return out;
    }

    /**
     * The extended loan. {@code named} holds, by id, the loan's policies, patron group and service points (whatever
     * of them was found); summaries are added for those present, as mod-circulation adds them.
     */
    public static ObjectNode extend(ObjectNode loan, ItemView item, PatronView borrower, Map<UUID, ObjectNode> named) {
        ObjectNode out = loan.deepCopy();
        // Kept for storage (loan history, aging to lost, the group at check-out), never shown by mod-circulation.
        out.remove(List.of("itemStatus", "agedToLostDelayedBilling", "patronGroupIdAtCheckout"));
        if (item != null) out.set("item", item(item));
        if (borrower != null) out.set("borrower", borrower.loanBorrower());
        else out.remove("borrower"); // an anonymized loan
        name(out, "loanPolicy", named.get(Ids.at(loan, "loanPolicyId")));
        name(out, "overdueFinePolicy", named.get(Ids.at(loan, "overdueFinePolicyId")));
        name(out, "lostItemPolicy", named.get(Ids.at(loan, "lostItemPolicyId")));
        servicePoint(out, "checkoutServicePoint", lookup(named, Ids.at(loan, "checkoutServicePointId")));
        servicePoint(out, "checkinServicePoint", lookup(named, Ids.at(loan, "checkinServicePointId")));
        // mod-circulation's additionalPatronGroupProperties: {id, name} of the group whose id the loan stored at
        // check-out (loans written before Quire stored patronGroupIdAtCheckout keep their stored summary).
        UUID groupId = Ids.at(loan, "patronGroupIdAtCheckout");
        ObjectNode group = groupId == null ? null : named.get(groupId);
        if (group == null && groupId != null && borrower != null && borrower.group() != null
                && groupId.equals(Ids.at(borrower.group(), "id"))) group = borrower.group();
        if (group != null) out.putObject("patronGroupAtCheckout").put("id", groupId.toString())
                .put("name", Json.text(group, "group"));
        return out;
    }

    private static void name(ObjectNode out, String field, ObjectNode policy) {
        if (policy != null) out.putObject(field).put("name", Json.text(policy, "name"));
    }

    static List<UUID> ids(ObjectNode n, String field) {
        UUID id = Ids.at(n, field);
        return id == null ? List.of() : List.of(id);
    }

    /**
     * The item summary embedded in loans and check-in answers, as mod-circulation's ItemSummaryRepresentation writes
     * it: absent or blank values and an empty contributor list are left out; the primary contributor is the
     * instance's contributor marked {@code primary}; call number components are only callNumber, prefix and suffix.
     */
    public static ObjectNode item(ItemView v) {
        ObjectNode i = Json.object();
        i.put("id", v.id().toString());
        put(i, "holdingsRecordId", Json.text(v.item(), "holdingsRecordId"));
        put(i, "instanceId", Json.text(v.holdings(), "instanceId"));
        put(i, "title", v.title());
        put(i, "barcode", v.barcode());
        if (!v.contributorNames().isEmpty()) i.set("contributors", v.contributorNames());
        put(i, "primaryContributor", primaryContributor(v));
        put(i, "callNumber", v.callNumber());
        for (String f : List.of("enumeration", "chronology", "displaySummary", "volume", "copyNumber")) {
            put(i, f, Json.text(v.item(), f));
        }
        JsonNode components = v.item().get("effectiveCallNumberComponents");
        if (components instanceof ObjectNode cn) {
            ObjectNode out = i.putObject("callNumberComponents");
            put(out, "callNumber", Json.text(cn, "callNumber"));
            put(out, "callNumberPrefix", Json.text(cn, "prefix"));
            put(out, "callNumberSuffix", Json.text(cn, "suffix"));
        }
        ObjectNode status = i.putObject("status").put("name", v.status());
        if (v.item().path("status").hasNonNull("date")) status.set("date", v.item().path("status").get("date"));
        put(i, "inTransitDestinationServicePointId", Json.text(v.item(), "inTransitDestinationServicePointId"));
        if (v.effectiveLocation() != null) i.putObject("location").put("name", Json.text(v.effectiveLocation(), "name"));
        if (v.materialTypeName() != null) i.putObject("materialType").put("name", v.materialTypeName());
        return i;
    }

    /** ItemSummaryRepresentation's {@code inTransitDestinationServicePoint {id, name}} when the point is known. */
    static void inTransitDestination(ObjectNode itemSummary, ObjectNode servicePoint) {
        if (itemSummary == null || servicePoint == null) return;
        ObjectNode d = Json.object();
        put(d, "id", Json.text(servicePoint, "id"));
        put(d, "name", Json.text(servicePoint, "name"));
        itemSummary.set("inTransitDestinationServicePoint", d);
    }

    private static String primaryContributor(ItemView v) {
        for (JsonNode ctb : v.instance().path("contributors")) {
            if (ctb.path("primary").asBoolean(false) && ctb.hasNonNull("name")) return ctb.get("name").asText();
        }
        return null;
    }

    /** mod-circulation's JsonPropertyWriter.write: a blank or absent string is not written. */
    private static void put(ObjectNode n, String field, String value) {
        if (value != null && !value.isBlank()) n.put(field, value);
    }

    private static ObjectNode lookup(Map<UUID, ObjectNode> records, UUID id) {
        return id == null ? null : records.get(id);
    }

    /** FOLIO's service point summary (loans' check-out/check-in points, requests' pickup point). */
    static void servicePoint(ObjectNode out, String field, ObjectNode sp) {
        if (sp == null) return;
        // mod-circulation puts all six (Vert.x writes a null as null); pickupLocation is a boolean, false when unset.
        ObjectNode s = out.putObject(field);
        for (String f : List.of("name", "code", "discoveryDisplayName", "description", "shelvingLagTime")) {
            s.set(f, sp.hasNonNull(f) ? sp.get(f) : com.fasterxml.jackson.databind.node.NullNode.getInstance());
        }
        s.put("pickupLocation", sp.path("pickupLocation").asBoolean(false));
    }

    static void addId(Set<UUID> ids, ObjectNode n, String field) {
        UUID id = Ids.at(n, field);
        if (id != null) ids.add(id);
    }

    /** The id in {@code field}, null when absent or not a UUID. */
}
