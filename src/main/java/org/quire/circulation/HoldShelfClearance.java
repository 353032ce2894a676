package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

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
        if (RequestStatus.OPEN_AWAITING_PICKUP.is(previousStatus)
                && (RequestStatus.CLOSED_PICKUP_EXPIRED.is(status) || RequestStatus.CLOSED_CANCELLED.is(status))
                && !next.hasNonNull(CLOSED_DATE)) {
            next.put(CLOSED_DATE, Json.date(now));
        }
    }

    /** The report (ONE statement). */
    static List<ObjectNode> report(Connection c, String schema, UUID servicePointId) throws SQLException {
        return RequestStore.holdShelfClearance(c, schema, servicePointId);
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
}
