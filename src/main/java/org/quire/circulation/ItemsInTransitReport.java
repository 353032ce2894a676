package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * mod-circulation's items-in-transit report ({@code GET /inventory-reports/items-in-transit}, ItemsInTransitResource
 * → ItemsInTransitReportService → ItemsInTransitReport): every item "In transit" with its title and contributors,
 * effective location (name, code, library name), destination and last check-in service points, the first open
 * request in its queue (type, dates, pickup service point name, tags, the requester's patron group description)
 * and the loan whose check-in sent it in transit (check-in service point, check-in date), sorted by that check-in
 * service point's name (items without one last), as FOLIO sorts.
 * <p>
 * FOLIO pages through the items and then fetches holdings, instances, locations, loans, requests, users, patron
 * groups and service points over HTTP; Quire answers with ONE statement whatever the number of items.
 * <p>
 * The loan: FOLIO takes the item's loans whose stored {@code itemStatus} is "In transit" (mod-circulation writes it
 * on every loan update). Quire's check-in does not store {@code itemStatus}; it closes the loan and moves the item
 * in one transaction, writing the loan's {@code systemReturnDate} and the item's {@code status.date} from the same
 * instant. So the report's loan is the item's latest loan when it is closed and either says "In transit" (loans
 * written by FOLIO clients) or was returned when the item's status last changed. Ties in the sort (same or no
 * check-in service point) are in item id order; FOLIO's order among them is a hash map's.
 */
final class ItemsInTransitReport {
    private ItemsInTransitReport() {
    }

    static void register(Router r, Database db) {
        r.get("/inventory-reports/items-in-transit", "circulation.inventory.items-in-transit-report.get", req -> {
            List<ObjectNode> items = db.read(c -> Sql.list(c, sql(req.schema()), List.of(), ItemsInTransitReport::entry));
            return Response.ok(RecordApi.page("items", items, items.size()));
        });
    }

    static String sql(String schema) {
        return """
                SELECT i.jsonb AS item, inst.title, inst.jsonb -> 'contributors' AS contributors,
                       loc.name AS loc_name, loc.code AS loc_code, lib.name AS lib_name,
                       dest.id AS dest_id, dest.name AS dest_name,
                       last_sp.id AS last_sp_id, last_sp.name AS last_sp_name,
                       rq.jsonb AS request, pickup.name AS pickup_name,
                       (SELECT g.jsonb ->> 'desc' FROM %1$s.users u JOIN %1$s.patron_group g ON g.id = u.patron_group
                        WHERE u.id = rq.requester_id) AS patron_group_desc,
                       ln.jsonb AS loan, checkin_sp.jsonb AS checkin_sp
                FROM %1$s.item i
                JOIN %1$s.holdings_record h ON h.id = i.holdings_record_id
                JOIN %1$s.instance inst ON inst.id = h.instance_id
                LEFT JOIN %1$s.location loc ON loc.id = i.effective_location_id
                LEFT JOIN %1$s.library lib ON lib.id = loc.library_id
                LEFT JOIN %1$s.service_point dest ON dest.id::text = i.jsonb ->> 'inTransitDestinationServicePointId'
                LEFT JOIN %1$s.service_point last_sp ON last_sp.id::text = i.jsonb -> 'lastCheckIn' ->> 'servicePointId'
                LEFT JOIN LATERAL (
                    SELECT r.jsonb, r.requester_id, r.pickup_service_point_id FROM %1$s.request r
                    WHERE r.item_id = i.id AND r.status LIKE 'Open%%' ORDER BY r.position LIMIT 1) rq ON true
                LEFT JOIN %1$s.service_point pickup ON pickup.id = rq.pickup_service_point_id
                LEFT JOIN LATERAL (
                    SELECT l.jsonb, l.checkin_service_point_id FROM %1$s.loan l
                    WHERE l.item_id = i.id ORDER BY l.loan_date DESC LIMIT 1) latest ON true
                LEFT JOIN LATERAL (
                    SELECT latest.jsonb, latest.checkin_service_point_id
                    WHERE latest.jsonb -> 'status' ->> 'name' = 'Closed'
                      AND (latest.jsonb ->> 'itemStatus' = 'In transit'
                           OR latest.jsonb ->> 'systemReturnDate' = i.jsonb -> 'status' ->> 'date')) ln ON true
                LEFT JOIN %1$s.service_point checkin_sp ON checkin_sp.id = ln.checkin_service_point_id
                WHERE i.status_name = 'In transit'
                ORDER BY checkin_sp.name COLLATE "C" NULLS LAST, i.id""".formatted(schema);
    }

    /** One entry, property by property in ItemsInTransitReport.buildEntry's order; blank values left out. */
    private static ObjectNode entry(ResultSet rs) throws SQLException {
        ObjectNode item = Json.parseObject(rs.getString("item"));
        ObjectNode e = Json.object();
        put(e, "id", Json.text(item, "id"));
        put(e, "title", rs.getString("title"));
        put(e, "barcode", Json.text(item, "barcode"));
        ArrayNode contributors = Json.array();
        String ctbs = rs.getString("contributors");
        if (ctbs != null) for (JsonNode ctb : Json.parse(ctbs)) {
            if (ctb.hasNonNull("name")) contributors.addObject().put("name", ctb.get("name").asText());
        }
        if (!contributors.isEmpty()) e.set("contributors", contributors);
        put(e, "callNumber", Json.text(item, "effectiveCallNumberComponents.callNumber"));
        for (String f : List.of("enumeration", "displaySummary", "volume")) put(e, f, Json.text(item, f));
        if (item.get("yearCaption") instanceof ArrayNode captions && !captions.isEmpty()) e.set("yearCaption", captions);
        String status = Json.text(item, "status.name");
        if (status != null && !status.isBlank()) e.putObject("status").put("name", status);
        put(e, "inTransitDestinationServicePointId", Json.text(item, "inTransitDestinationServicePointId"));
        put(e, "copyNumber", Json.text(item, "copyNumber"));
        if (item.get("effectiveCallNumberComponents") instanceof ObjectNode cn) {
            ObjectNode out = e.putObject("effectiveCallNumberComponents");
            for (String f : List.of("callNumber", "prefix", "suffix")) put(out, f, Json.text(cn, f));
        }
        if (rs.getString("dest_id") != null) {
            ObjectNode sp = e.putObject("inTransitDestinationServicePoint");
            put(sp, "id", rs.getString("dest_id"));
            put(sp, "name", rs.getString("dest_name"));
        }
        if (rs.getString("loc_name") != null) {
            ObjectNode loc = e.putObject("location");
            put(loc, "name", rs.getString("loc_name"));
            put(loc, "code", rs.getString("loc_code"));
            put(loc, "libraryName", rs.getString("lib_name"));
        }
        String request = rs.getString("request");
        if (request != null) e.set("request", request(Json.parseObject(request), rs.getString("pickup_name"),
                rs.getString("patron_group_desc")));
        String loan = rs.getString("loan");
        if (loan != null) e.set("loan", loan(Json.parseObject(loan), rs.getString("checkin_sp")));
        if (item.get("lastCheckIn") instanceof ObjectNode lastCheckIn) {
            ObjectNode out = e.putObject("lastCheckIn");
            put(out, "dateTime", dateZ(Json.text(lastCheckIn, "dateTime")));
            if (rs.getString("last_sp_id") != null) {
                ObjectNode sp = out.putObject("servicePoint");
                put(sp, "id", rs.getString("last_sp_id"));
                put(sp, "name", rs.getString("last_sp_name"));
            }
        }
        return e;
    }

    /** ItemsInTransitReport.writeRequest. */
    private static ObjectNode request(ObjectNode r, String pickupName, String patronGroupDesc) {
        ObjectNode out = Json.object();
        put(out, "requestType", Json.text(r, "requestType"));
        put(out, "requestDate", dateZ(Json.text(r, "requestDate")));
        put(out, "requestExpirationDate", dateZ(Json.text(r, "requestExpirationDate")));
        put(out, "requestPickupServicePointName", pickupName);
        if (r.path("tags").get("tagList") instanceof ArrayNode tags && !tags.isEmpty()) out.set("tags", tags);
        put(out, "requestPatronGroup", patronGroupDesc);
        return out;
    }

    /** ItemsInTransitReport.writeLoan: the check-in service point's summary and the return date. */
    private static ObjectNode loan(ObjectNode l, String checkInServicePoint) {
        ObjectNode out = Json.object();
        if (checkInServicePoint != null) {
            ObjectNode sp = Json.parseObject(checkInServicePoint);
            ObjectNode s = out.putObject("checkInServicePoint");
            for (String f : List.of("name", "code", "discoveryDisplayName", "description")) put(s, f, Json.text(sp, f));
            if (sp.path("shelvingLagTime").isInt()) s.put("shelvingLagTime", sp.get("shelvingLagTime").asInt());
            s.put("pickupLocation", sp.path("pickupLocation").asBoolean(false));
        }
        put(out, "checkInDateTime", dateZ(Json.text(l, "returnDate")));
        return out;
    }

    /** JsonPropertyWriter.write: blank strings are left out. */
    private static void put(ObjectNode o, String key, String value) {
        if (value != null && !value.isBlank()) o.put(key, value);
    }

    /** mod-circulation parses dates and writes them in its own form ("…Z"); an unreadable one is left out. */
    private static String dateZ(String stored) {
        if (stored == null) return null;
        try {
            return Json.dateZ(Json.parseInstant(stored));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
