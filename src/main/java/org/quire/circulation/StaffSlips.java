package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * mod-circulation's pick slips and search slips for a service point, each ONE statement (FOLIO chains a lookup per
 * record kind: locations, items, requests, holdings, instances, users, groups, service points).
 * <p>
 * Pick slips: open Page requests ("Open - Not yet filled") whose item is Paged and shelved in a location whose primary
 * service point is this one. Search slips: title-level Holds no item fills yet, for instances with a holdings record
 * in such a location. Each slip carries FOLIO's staff-slip tokens: {@code item}, {@code request}, {@code requester},
 * {@code currentDateTime}.
 */
final class StaffSlips {
    private StaffSlips() {
    }

    static List<ObjectNode> pickSlips(Connection c, String schema, UUID servicePointId) throws SQLException {
        return RequestStore.pickSlips(c, schema, servicePointId).stream().map(StaffSlips::slip).toList();
    }

    static List<ObjectNode> searchSlips(Connection c, String schema, UUID servicePointId) throws SQLException {
        return RequestStore.searchSlips(c, schema, servicePointId).stream().map(StaffSlips::slip).toList();
    }

    /** One slip's tokens from the records its statement read (pure). */
    static ObjectNode slip(RequestStore.SlipRow row) {
        ObjectNode request = row.request();
        ObjectNode item = row.item();
        JsonNode contributors = row.contributors();
        ObjectNode location = row.location();
        ObjectNode user = row.user();

        ObjectNode slip = Json.object();
        ObjectNode i = slip.putObject("item");
        put(i, "title", row.title());
        StringBuilder all = new StringBuilder();
        for (JsonNode ctb : contributors) {
            String name = ctb.path("name").asText(null);
            if (name == null) continue;
            if (ctb.path("primary").asBoolean(false) && !i.has("primaryContributor")) i.put("primaryContributor", name);
            all.append(all.isEmpty() ? "" : "; ").append(name);
        }
        if (!i.has("primaryContributor") && !contributors.isEmpty()) put(i, "primaryContributor", contributors.get(0).path("name").asText(null));
        put(i, "allContributors", all.toString());
        if (item != null) {
            put(i, "barcode", Json.text(item, "barcode"));
            put(i, "status", Json.text(item, "status.name"));
            for (String f : List.of("enumeration", "volume", "chronology", "numberOfPieces", "descriptionOfPieces",
                    "displaySummary", "accessionNumber"))
                put(i, f, Json.text(item, f));
            put(i, "copy", Json.text(item, "copyNumber"));
            put(i, "yearCaption", item.path("yearCaption").isArray() ? String.join("; ", Json.MAPPER
                    .convertValue(item.path("yearCaption"), String[].class)) : null);
            put(i, "callNumber", Json.text(item, "effectiveCallNumberComponents.callNumber"));
            put(i, "callNumberPrefix", Json.text(item, "effectiveCallNumberComponents.prefix"));
            put(i, "callNumberSuffix", Json.text(item, "effectiveCallNumberComponents.suffix"));
            put(i, "lastCheckedInDateTime", Json.text(item, "lastCheckIn.dateTime"));
        }
        put(i, "materialType", row.materialType());
        put(i, "loanType", row.loanType());
        put(i, "effectiveLocationSpecific", Json.text(location, "name"));
        put(i, "effectiveLocationDiscoveryDisplayName", Json.text(location, "discoveryDisplayName"));
        put(i, "effectiveLocationLibrary", row.library());
        put(i, "effectiveLocationCampus", row.campus());
        put(i, "effectiveLocationInstitution", row.institution());
        put(i, "effectiveLocationPrimaryServicePointName", row.primaryServicePoint());

        ObjectNode r = slip.putObject("request");
        put(r, "requestID", Json.text(request, "id"));
        put(r, "servicePointPickup", row.pickupServicePoint());
        for (String f : List.of("requestDate", "requestExpirationDate", "holdShelfExpirationDate", "patronComments"))
            put(r, f, Json.text(request, f));
        put(r, "deliveryAddressType", Json.text(request, "deliveryAddress.addressTypeId"));

        ObjectNode q = slip.putObject("requester");
        if (user != null) {
            for (String f : List.of("firstName", "lastName", "middleName", "preferredFirstName"))
                put(q, f, Json.text(user, "personal." + f));
            put(q, "barcode", Json.text(user, "barcode"));
            put(q, "patronGroup", row.patronGroup());
            JsonNode address = deliveryAddress(user, Json.text(request, "deliveryAddressTypeId"));
            if (address != null) for (String f : List.of("addressLine1", "addressLine2", "city", "region", "postalCode", "countryId"))
                put(q, f, address.path(f).asText(null));
        }
        slip.put("currentDateTime", Json.dateZ(Instant.now()));
        return slip;
    }

    /** The requester's address of the delivery type asked for, as FOLIO's slips print it. */
    private static JsonNode deliveryAddress(ObjectNode user, String addressTypeId) {
        if (addressTypeId == null) return null;
        for (JsonNode a : user.path("personal").path("addresses"))
            if (addressTypeId.equals(a.path("addressTypeId").asText())) return a;
        return null;
    }

    private static void put(ObjectNode o, String field, String value) {
        if (value != null) o.put(field, value);
    }
}
