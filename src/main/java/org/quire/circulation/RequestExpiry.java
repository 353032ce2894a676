package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.jobs.TenantJob;

import java.sql.Connection;
import java.sql.SQLException;
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
 * request its update (1) and per item the renumbering (1) [+ per Paged item its release (3)]. FOLIO's timer endpoint
 * that runs it now is RequestsApi's.
 */
public final class RequestExpiry implements TenantJob {
    public static final String NAME = "request-expiry";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration every() {
        return Duration.ofMinutes(1);
    }

    @Override
    public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
        List<RequestStore.ExpiryCandidate> candidates = RequestStore.expiryCandidates(c, schema, now, limit);
        if (candidates.isEmpty()) return 0;

        // Lock order item -> request, as check-in and check-out; rows a desk holds are left for the next run.
        List<UUID> itemIds = candidates.stream().map(RequestStore.ExpiryCandidate::itemId).filter(Objects::nonNull)
                .distinct().toList();
        List<RequestStore.LockedItem> locked = itemIds.isEmpty() ? List.of()
                : RequestStore.lockItemsSkipLocked(c, schema, itemIds);
        List<UUID> lockedItems = locked.stream().map(RequestStore.LockedItem::id).toList();
        Set<UUID> paged = new HashSet<>(locked.stream().filter(RequestStore.LockedItem::paged)
                .map(RequestStore.LockedItem::id).toList());
        List<ObjectNode> expired = RequestStore.lockExpired(c, schema,
                candidates.stream().map(RequestStore.ExpiryCandidate::id).toList(), lockedItems, now);

        Set<UUID> queues = new LinkedHashSet<>();
        for (ObjectNode request : expired) {
            RequestView was = RequestView.of(request);
            ObjectNode closed = request.deepCopy();
            closed.put("status", (was.hasStatus(RequestStatus.OPEN_AWAITING_PICKUP) ? RequestStatus.CLOSED_PICKUP_EXPIRED
                    : RequestStatus.CLOSED_UNFILLED).folioName());
            closed.remove("position");
            HoldShelfClearance.stampClosedFromShelf(was.status(), closed, now);
            REQUESTS.replace(c, schema, request, closed, null);
            UUID itemId = Ids.orNull(was.itemId());
            if (itemId == null) continue;
            queues.add(itemId);
        }
        for (UUID itemId : queues) RequestQueue.renumber(c, schema, itemId);
        // Whatever the expired request's type (a Hold placed on a Paged item may be the last to go).
        for (UUID itemId : queues) if (paged.contains(itemId)) PagedItems.release(c, schema, itemId, now, null);
        return expired.size();
    }
}
