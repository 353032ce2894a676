package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.sql.Connection;
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

    static List<ObjectNode> report(Connection c, String schema) throws SQLException {
        return RequestStore.itemsInTransit(c, schema).stream().map(ItemsInTransitReport::entry).toList();
    }

    /** One entry, property by property in ItemsInTransitReport.buildEntry's order; blank values left out. */
    static ObjectNode entry(RequestStore.InTransitRow row) {
        ObjectNode item = row.item();
        ObjectNode e = Json.object();
        put(e, "id", Json.text(item, "id"));
        put(e, "title", row.title());
        put(e, "barcode", Json.text(item, "barcode"));
        ArrayNode contributors = Json.array();
        if (row.contributors() != null) for (JsonNode ctb : row.contributors()) {
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
        if (row.destinationId() != null) {
            ObjectNode sp = e.putObject("inTransitDestinationServicePoint");
            put(sp, "id", row.destinationId());
            put(sp, "name", row.destinationName());
        }
        if (row.locationName() != null) {
            ObjectNode loc = e.putObject("location");
            put(loc, "name", row.locationName());
            put(loc, "code", row.locationCode());
            put(loc, "libraryName", row.libraryName());
        }
        if (row.request() != null) e.set("request", request(row.request(), row.pickupName(), row.patronGroupDesc()));
        if (row.loan() != null) e.set("loan", loan(row.loan(), row.checkInServicePoint()));
        if (item.get("lastCheckIn") instanceof ObjectNode lastCheckIn) {
            ObjectNode out = e.putObject("lastCheckIn");
            put(out, "dateTime", dateZ(Json.text(lastCheckIn, "dateTime")));
            if (row.lastServicePointId() != null) {
                ObjectNode sp = out.putObject("servicePoint");
                put(sp, "id", row.lastServicePointId());
                put(sp, "name", row.lastServicePointName());
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
    private static ObjectNode loan(ObjectNode l, ObjectNode checkInServicePoint) {
        ObjectNode out = Json.object();
        if (checkInServicePoint != null) {
            ObjectNode sp = checkInServicePoint;
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
