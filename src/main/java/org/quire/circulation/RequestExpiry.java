package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.jobs.Jobs;
import org.quire.platform.jobs.TenantJob;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation-storage's request expiration (its ExpirationTool, run by Okapi's timer on
 * {@code POST /scheduled-request-expiration}): open requests not yet on the hold shelf ("Not yet filled", "In transit",
 * "Awaiting delivery") whose {@code requestExpirationDate} has passed close as "Closed - Unfilled"; requests "Awaiting
 * pickup" whose {@code holdShelfExpirationDate} has passed close as "Closed - Pickup expired". Each item's queue is
 * renumbered. As in FOLIO, an item whose hold expired stays "Awaiting pickup" on the shelf until staff check it in
 * (the hold shelf clearance report lists it), when it goes to the next request or back to the shelf; a Paged item
 * whose request expired goes back to Available when no request for it remains (FOLIO's UpdateItem rule on a request
 * update, applied to expiry as well).
 * <p>
 * Per batch: candidates (1), their items locked, skipping rows a desk holds (1), the requests locked (1), then per
 * request its update (1) and per item the renumbering (1) [+ per Paged item its release (3)].
 */
public final class RequestExpiry implements TenantJob {
    public static final String NAME = "request-expiry";
    private static final String NOT_ON_SHELF = "('Open - Not yet filled', 'Open - In transit', 'Open - Awaiting delivery')";
    private static final String EXPIRED = "((r.status IN " + NOT_ON_SHELF + " AND r.request_expiration_date < ?) "
            + "OR (r.status = 'Open - Awaiting pickup' AND r.hold_shelf_expiration_date < ?))";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration every() {
        return Duration.ofMinutes(1);
    }

    private record Candidate(UUID id, UUID itemId) {
    }

    private record LockedItem(UUID id, boolean paged) {
    }

    @Override
    public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
        Timestamp at = Timestamp.from(now);
        // Two index range scans (the partial indexes of V16), no locks yet.
        List<Candidate> candidates = Sql.list(c, candidatesSql(schema), List.of(at, limit, at, limit, limit),
                rs -> new Candidate(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)));
        if (candidates.isEmpty()) return 0;

        // Lock order item -> request, as check-in and check-out; rows a desk holds are left for the next run.
        List<UUID> itemIds = candidates.stream().map(Candidate::itemId).filter(Objects::nonNull).distinct().toList();
        List<LockedItem> locked = itemIds.isEmpty() ? List.of() : Sql.list(c, "SELECT id, status_name = 'Paged' FROM "
                + schema + ".item WHERE id = ANY(?) ORDER BY id FOR UPDATE SKIP LOCKED",
                List.of(c.createArrayOf("uuid", itemIds.toArray())),
                rs -> new LockedItem(rs.getObject(1, UUID.class), rs.getBoolean(2)));
        List<UUID> lockedItems = locked.stream().map(LockedItem::id).toList();
        Set<UUID> paged = new HashSet<>(locked.stream().filter(LockedItem::paged).map(LockedItem::id).toList());
        List<ObjectNode> expired = Sql.list(c, ("SELECT r.jsonb FROM %1$s.request r WHERE r.id = ANY(?) "
                + "AND (r.item_id IS NULL OR r.item_id = ANY(?)) AND " + EXPIRED + " ORDER BY r.id FOR UPDATE SKIP LOCKED")
                .formatted(schema), List.of(c.createArrayOf("uuid", candidates.stream().map(Candidate::id).toArray()),
                c.createArrayOf("uuid", lockedItems.toArray()), at, at), rs -> Json.parseObject(rs.getString(1)));

        Set<UUID> queues = new LinkedHashSet<>();
        for (ObjectNode request : expired) {
            String was = Json.text(request, "status");
            ObjectNode closed = request.deepCopy();
            closed.put("status", RequestQueue.AWAITING_PICKUP.equals(was) ? "Closed - Pickup expired" : "Closed - Unfilled");
            closed.remove("position");
            HoldShelfClearance.stampClosedFromShelf(was, closed, now);
            REQUESTS.replace(c, schema, request, closed, null);
            UUID itemId = CirculationContext.uuidOrNull(Json.text(request, "itemId"));
            if (itemId == null) continue;
            queues.add(itemId);
        }
        for (UUID itemId : queues) RequestQueue.renumber(c, schema, itemId);
        // Whatever the expired request's type (a Hold placed on a Paged item may be the last to go).
        for (UUID itemId : queues) if (paged.contains(itemId)) PagedItems.release(c, schema, itemId, now, null);
        return expired.size();
    }

    /** Expired open requests (parameters: now, limit, now, limit, limit), on the partial indexes of V16. */
    static String candidatesSql(String schema) {
        return ("(SELECT r.id, r.item_id FROM %1$s.request r WHERE r.status IN " + NOT_ON_SHELF
                + " AND r.request_expiration_date < ? LIMIT ?) UNION ALL (SELECT r.id, r.item_id FROM %1$s.request r "
                + "WHERE r.status = 'Open - Awaiting pickup' AND r.hold_shelf_expiration_date < ? LIMIT ?) LIMIT ?")
                .formatted(schema);
    }

    /**
     * FOLIO's timer endpoint: Okapi calls it every few minutes for each tenant; Quire's own scheduler does the same
     * work, so the call just runs the job now for the calling tenant (204 also when another process is running it).
     */
    public static void registerTimer(Router router, Jobs jobs) {
        router.post("/scheduled-request-expiration", "circulation-storage.requests.scheduled-expiration.post", req -> {
            jobs.runNow(NAME, req.tenant(), Instant.now());
            return Response.noContent();
        });
    }
}
