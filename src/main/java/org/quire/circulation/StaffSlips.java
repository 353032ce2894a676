package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
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

    private static final String COLUMNS = """
            SELECT r.jsonb, i.jsonb, inst.title, inst.jsonb->'contributors',
                   (SELECT name FROM %1$s.material_type WHERE id = i.material_type_id),
                   (SELECT name FROM %1$s.loan_type WHERE id = coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id)),
                   l.jsonb, (SELECT name FROM %1$s.library WHERE id = l.library_id),
                   (SELECT name FROM %1$s.campus WHERE id = l.campus_id),
                   (SELECT name FROM %1$s.institution WHERE id = l.institution_id),
                   (SELECT name FROM %1$s.service_point WHERE id = r.pickup_service_point_id),
                   u.jsonb, (SELECT group_name FROM %1$s.patron_group WHERE id = u.patron_group),
                   (SELECT name FROM %1$s.service_point WHERE id = l.primary_service_point)
            """;

    static List<ObjectNode> pickSlips(Connection c, String schema, UUID servicePointId) throws SQLException {
        return Sql.list(c, (COLUMNS + """
                FROM %1$s.location l
                JOIN %1$s.item i ON i.effective_location_id = l.id AND i.status_name = 'Paged'
                JOIN %1$s.request r ON r.item_id = i.id AND r.request_type = 'Page' AND r.status = 'Open - Not yet filled'
                JOIN %1$s.holdings_record h ON h.id = i.holdings_record_id
                JOIN %1$s.instance inst ON inst.id = h.instance_id
                LEFT JOIN %1$s.users u ON u.id = r.requester_id
                WHERE l.primary_service_point = ?
                ORDER BY r.request_date, r.id""").formatted(schema), List.of(servicePointId), StaffSlips::slip);
    }

    static List<ObjectNode> searchSlips(Connection c, String schema, UUID servicePointId) throws SQLException {
        // No item: the item tokens are the instance's; the location is the first matching holdings record's.
        return Sql.list(c, (COLUMNS.replace("i.jsonb, ", "NULL::jsonb, ").replace("i.material_type_id", "NULL")
                .replace("coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id)", "NULL") + """
                FROM %1$s.request r
                JOIN %1$s.instance inst ON inst.id = r.instance_id
                JOIN LATERAL (SELECT lo.* FROM %1$s.holdings_record h JOIN %1$s.location lo ON lo.id = h.effective_location_id
                              WHERE h.instance_id = r.instance_id AND lo.primary_service_point = ? ORDER BY h.id LIMIT 1) l ON true
                LEFT JOIN %1$s.users u ON u.id = r.requester_id
                WHERE r.request_level = 'Title' AND r.request_type = 'Hold' AND r.item_id IS NULL
                  AND r.status = 'Open - Not yet filled'
                ORDER BY r.request_date, r.id""").formatted(schema), List.of(servicePointId), StaffSlips::slip);
    }

    private static ObjectNode slip(ResultSet rs) throws SQLException {
        ObjectNode request = Json.parseObject(rs.getString(1));
        ObjectNode item = rs.getString(2) == null ? null : Json.parseObject(rs.getString(2));
        JsonNode contributors = rs.getString(4) == null ? Json.array() : Json.parse(rs.getString(4));
        ObjectNode location = Json.parseObject(rs.getString(7));
        ObjectNode user = rs.getString(12) == null ? null : Json.parseObject(rs.getString(12));

        ObjectNode slip = Json.object();
        ObjectNode i = slip.putObject("item");
        put(i, "title", rs.getString(3));
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
        put(i, "materialType", rs.getString(5));
        put(i, "loanType", rs.getString(6));
        put(i, "effectiveLocationSpecific", Json.text(location, "name"));
        put(i, "effectiveLocationDiscoveryDisplayName", Json.text(location, "discoveryDisplayName"));
        put(i, "effectiveLocationLibrary", rs.getString(8));
        put(i, "effectiveLocationCampus", rs.getString(9));
        put(i, "effectiveLocationInstitution", rs.getString(10));
        put(i, "effectiveLocationPrimaryServicePointName", rs.getString(14));

        ObjectNode r = slip.putObject("request");
        put(r, "requestID", Json.text(request, "id"));
        put(r, "servicePointPickup", rs.getString(11));
        for (String f : List.of("requestDate", "requestExpirationDate", "holdShelfExpirationDate", "patronComments"))
            put(r, f, Json.text(request, f));
        put(r, "deliveryAddressType", Json.text(request, "deliveryAddress.addressTypeId"));

        ObjectNode q = slip.putObject("requester");
        if (user != null) {
            for (String f : List.of("firstName", "lastName", "middleName", "preferredFirstName"))
                put(q, f, Json.text(user, "personal." + f));
            put(q, "barcode", Json.text(user, "barcode"));
            put(q, "patronGroup", rs.getString(13));
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
