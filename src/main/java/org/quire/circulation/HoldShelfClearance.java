package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;

import java.time.Instant;
import java.util.List;

/**
 * mod-circulation's hold shelf clearance report: the items still on a service point's hold shelf (item status
 * "Awaiting pickup") whose latest request left the shelf unfilled — "Closed - Pickup expired" or "Closed - Cancelled"
 * — with no other request now awaiting pickup for them. Staff take these items off the shelf and check them in.
 * FOLIO pages through all Awaiting pickup items and their requests over HTTP; Quire answers with ONE statement.
 */
final class HoldShelfClearance {
    static final String CLOSED_DATE = "awaitingPickupRequestClosedDate";

    private HoldShelfClearance() {
    }

    /**
     * mod-circulation-storage's request trigger: a request leaving the hold shelf as Pickup expired or Cancelled gets
     * {@code awaitingPickupRequestClosedDate}, which the report sorts by.
     */
    static void stampClosedFromShelf(String previousStatus, ObjectNode next, Instant now) {
        String status = Json.text(next, "status");
        if (RequestQueue.AWAITING_PICKUP.equals(previousStatus)
                && ("Closed - Pickup expired".equals(status) || "Closed - Cancelled".equals(status))
                && !next.hasNonNull(CLOSED_DATE)) {
            next.put(CLOSED_DATE, Json.date(now));
        }
    }

    /** Each item's latest request closed off the shelf, for the items still on it (parameter: the service point). */
    static String reportSql(String schema) {
        return """
                SELECT latest.jsonb FROM (
                  SELECT DISTINCT ON (r.item_id) r.jsonb, r.pickup_service_point_id,
                         r.awaiting_pickup_request_closed_date AS closed
                  FROM %1$s.item i JOIN %1$s.request r ON r.item_id = i.id
                  WHERE i.status_name = 'Awaiting pickup'
                    AND r.status IN ('Closed - Pickup expired', 'Closed - Cancelled')
                    AND r.awaiting_pickup_request_closed_date IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM %1$s.request o
                                    WHERE o.item_id = i.id AND o.status = 'Open - Awaiting pickup')
                  ORDER BY r.item_id, r.awaiting_pickup_request_closed_date DESC) latest
                WHERE latest.pickup_service_point_id = ?
                ORDER BY latest.closed""".formatted(schema);
    }

    /** Applies {@link #stampClosedFromShelf} to every write of a request, whichever API makes it (FOLIO: a trigger). */
    static final class Hooks implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous) {
            Instant now = Instant.now();
            for (int i = 0; i < records.size(); i++) {
                if (previous.get(i) != null) stampClosedFromShelf(Json.text(previous.get(i), "status"), records.get(i), now);
            }
        }
    }

    static void register(Router r, Database db) {
        r.get("/circulation/requests-reports/hold-shelf-clearance/{servicePointId}",
                "circulation.requests.hold-shelf-clearance-report.get", req -> {
                    List<ObjectNode> requests = db.read(c -> Sql.list(c, reportSql(req.schema()),
                            List.of(req.pathUuid("servicePointId")), rs -> Json.parseObject(rs.getString(1))));
                    return Response.ok(RecordApi.page("requests", requests, requests.size()));
                });
    }
}
