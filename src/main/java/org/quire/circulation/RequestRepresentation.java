package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.records.MultiGet;
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

import static org.quire.circulation.LoanRepresentation.addId;
import static org.quire.circulation.LoanRepresentation.ids;

/**
 * mod-circulation's extended request, as its request screens read it: the stored request (with its item and
 * requester snapshots) plus the item's current status, location (name, library, code), call number and contributors,
 * the requester's and proxy's names with their patron group, the due date of the item's open loan, the pickup
 * service point and the delivery address of the requested type.
 * <p>
 * Round trips for a page of any size: items (1), users (1), open loans (1), service points + patron groups +
 * libraries (1) = 4; fewer when a page names none of them. FOLIO fetches the same per request over HTTP.
 */
public final class RequestRepresentation {
    private RequestRepresentation() {
    }

    public static ObjectNode extend(Connection c, String schema, ObjectNode request) throws SQLException {
        return extendAll(c, schema, List.of(request)).getFirst();
    }

    public static List<ObjectNode> extendAll(Connection c, String schema, List<ObjectNode> requests) throws SQLException {
        Set<UUID> itemIds = new HashSet<>(), userIds = new HashSet<>();
        for (ObjectNode r : requests) {
            addId(itemIds, r, "itemId");
            addId(userIds, r, "requesterId");
            addId(userIds, r, "proxyUserId");
        }
        Map<UUID, ItemView> items = new HashMap<>();
        for (ItemView v : InventoryStore.itemsByIds(c, schema, itemIds)) items.put(v.id(), v);
        Map<UUID, ObjectNode> users = UserTypes.USERS.getMany(c, schema, userIds);
        Map<UUID, String> dueDates = RequestStore.openLoanDueDates(c, schema, itemIds);

        MultiGet refs = new MultiGet();
        for (ObjectNode r : requests) refs.addAll(InventoryTypes.SERVICE_POINTS, ids(r, "pickupServicePointId"));
        for (ObjectNode u : users.values()) refs.addAll(UserTypes.GROUPS, ids(u, "patronGroup"));
        for (ItemView v : items.values()) {
            if (v.effectiveLocation() != null) refs.addAll(InventoryTypes.LIBRARIES, ids(v.effectiveLocation(), "libraryId"));
        }
        Map<UUID, ObjectNode> named = LoanRepresentation.byId(refs.fetch(c, schema).values());

        List<ObjectNode> out = new ArrayList<>(requests.size());
        for (ObjectNode stored : requests) {
            ObjectNode r = stored.deepCopy();
            ItemView item = items.get(Ids.at(stored, "itemId"));
            if (item != null) item(r, item, named);
            String due = item == null ? null : dueDates.get(item.id());
            if (due != null) r.putObject("loan").put("dueDate", due);
            ObjectNode requester = users.get(Ids.at(stored, "requesterId"));
            if (requester != null) r.set("requester", userSummary(requester, named));
            ObjectNode proxy = users.get(Ids.at(stored, "proxyUserId"));
            if (proxy != null) r.set("proxy", userSummary(proxy, named));
            LoanRepresentation.servicePoint(r, "pickupServicePoint",
                    named.get(Ids.at(stored, "pickupServicePointId")));
            if (requester != null) deliveryAddress(r, requester);
            out.add(r);
        }
        return out;
    }

    /**
     * What a client's PUT of an extended request stores: the derived parts are dropped (they are read fresh on every
     * GET, and a stored copy would outlive them: a closed loan's due date, an old address), and the users' patron
     * group object goes back to the snapshot's id.
     */
    public static ObjectNode stored(ObjectNode body) {
        ObjectNode r = body.deepCopy();
        r.remove(List.of("loan", "pickupServicePoint", "deliveryAddress"));
        if (r.get("item") instanceof ObjectNode item) {
            item.remove(List.of("location", "contributorNames", "status", "callNumber", "callNumberComponents",
                    "copyNumbers", "enumeration", "holdingsRecordId", "instanceId"));
        }
        for (String user : List.of("requester", "proxy")) {
            if (!(r.get(user) instanceof ObjectNode u)) continue;
            JsonNode group = u.remove("patronGroup");
            JsonNode groupId = u.remove("patronGroupId");
            if (group != null && group.isObject()) group = group.get("id");
            if (group == null) group = groupId;
            if (group != null && !group.isNull()) u.set("patronGroup", group);
        }
        return r;
    }

    /** The stored item snapshot (title, barcode) completed with what the item is now. */
    private static void item(ObjectNode request, ItemView v, Map<UUID, ObjectNode> named) {
        ObjectNode i = request.has("item") && request.get("item").isObject() ? (ObjectNode) request.get("item")
                : request.putObject("item");
        i.put("holdingsRecordId", Json.text(v.item(), "holdingsRecordId"));
        i.put("instanceId", Json.text(v.holdings(), "instanceId"));
        ObjectNode loc = v.effectiveLocation();
        if (loc != null) {
            ObjectNode l = i.putObject("location").put("name", Json.text(loc, "name"));
            ObjectNode library = named.get(Ids.at(loc, "libraryId"));
            if (library != null) l.put("libraryName", Json.text(library, "name"));
            if (loc.hasNonNull("code")) l.put("code", Json.text(loc, "code"));
        }
        i.set("contributorNames", v.contributorNames());
        if (v.item().hasNonNull("enumeration")) i.set("enumeration", v.item().get("enumeration"));
        i.put("status", v.status());
        if (v.callNumber() != null) i.put("callNumber", v.callNumber());
        i.set("callNumberComponents", v.item().path("effectiveCallNumberComponents").deepCopy());
        if (v.item().hasNonNull("copyNumber")) i.putArray("copyNumbers").add(v.item().get("copyNumber"));
    }

    private static ObjectNode userSummary(ObjectNode user, Map<UUID, ObjectNode> named) {
        ObjectNode s = Json.object();
        JsonNode p = user.path("personal");
        for (String f : List.of("lastName", "firstName", "middleName")) {
            if (p.hasNonNull(f)) s.set(f, p.get(f));
        }
        if (user.hasNonNull("barcode")) s.set("barcode", user.get("barcode"));
        ObjectNode group = named.get(Ids.at(user, "patronGroup"));
        if (group != null) {
            ObjectNode g = s.putObject("patronGroup").put("id", Json.text(group, "id")).put("group", Json.text(group, "group"));
            if (group.hasNonNull("desc")) g.set("desc", group.get("desc"));
        }
        if (user.hasNonNull("patronGroup")) s.set("patronGroupId", user.get("patronGroup"));
        return s;
    }

    /** The requester's address of the request's delivery address type, in FOLIO's fields. */
    private static void deliveryAddress(ObjectNode request, ObjectNode requester) {
        String type = Json.text(request, "deliveryAddressTypeId");
        if (type == null) return;
        for (JsonNode a : requester.path("personal").path("addresses")) {
            if (!type.equals(a.path("addressTypeId").asText())) continue;
            ObjectNode d = request.putObject("deliveryAddress");
            for (String f : List.of("addressTypeId", "addressLine1", "addressLine2", "city", "region", "postalCode",
                    "countryId")) {
                if (a.hasNonNull(f)) d.set(f, a.get(f));
            }
            return;
        }
    }
}
