package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.OverdueFines;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.MultiGet;
import org.quire.platform.records.StagedWrite;
import org.quire.users.PatronView;
import org.quire.users.UserTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.quire.platform.domain.Check.when;

/**
 * Check-in by barcode: closes the open loan, makes the item Available — or In transit to its location's primary
 * service point when this service point does not serve the location — and records the check-in, in ONE transaction.
 * <p>
 * Round trips with an open loan: item + holdings + instance + types + locations, its open loan and its request queue,
 * all row-locked, and the service point (1); update loan and item, each with its event, and insert the check-in record,
 * reading in the same statement the loan's policies and service points and the borrower's notice policy and user row
 * (1); commit (1) = 3 (counted in PostgreSQL's statement log; the notice policy is matched in memory between the two).
 * +1 when the first request moves to Awaiting pickup / In transit. An overdue return that is fined adds ONE statement
 * (owner lookup + "Overdue fine" account + its action, see feesfines/OverdueFines); an on-time return adds none.
 * Notices: +1 when the notice policy has check-in or due-date notices (the check-in notice and dropping the due-date
 * notices are one statement); a request moving to Awaiting pickup adds its requester's notice policy (+1, none when it
 * is the borrower's) and +1 when that policy has Available or hold-expiration notices. A "Declared lost" or "Aged to
 * lost" item (LostItemCheckIn) adds its lost fee accounts (1) and, per fee settled, its refund and cancellation
 * (feesfines/LostItemFees); a claimed returned item's resolution only changes the loan's action. The circulation rules
 * are matched in memory (their text is re-read at most every 5 s).
 */
public final class CheckIn {
    /** {@code claimedReturnedResolution}'s two values (mod-circulation's ClaimedReturnedResolution). */
    static final String FOUND_BY_LIBRARY = "Found by library", RETURNED_BY_PATRON = "Returned by patron";
    /** The lookups' key of the open loan's borrower (their user row, for the answer's borrower summary). */
    private static final String BORROWER = "borrower";

    // FOLIO's order (mod-circulation's CheckInByBarcodeResource), in two stages; the first stops when the item does
    // not exist or a claimed returned item has no valid resolution.

    /** The item and how a claimed returned one is resolved. */
    static final List<Check<CheckInFacts>> ITEM = List.of(
            CheckIn::refuseWhenItemNotFound,
            CheckIn::refuseWhenClaimedReturnedWithoutResolution,
            CheckIn::refuseWhenResolutionUnknown);

    /** The service point checked in at. */
    static final List<Check<CheckInFacts>> SERVICE_POINT = List.of(
            CheckIn::refuseWhenServicePointNotFound);

    private final Database db;
    private final CirculationRulesStore rules;

    public CheckIn(Database db, CirculationRulesStore rules) {
        this.db = db;
        this.rules = rules;
    }

    public record Request(String itemBarcode, UUID servicePointId, Instant checkInDate, String claimedReturnedResolution,
                          String schema, UUID staffUserId) {
    }

    /**
     * What check-in knows when it runs its checks, all read in one statement.
     *
     * @param item         the item, row-locked; null when none has the barcode
     * @param openLoan     the item's open loan, row-locked; null when it has none
     * @param queue        the item's open requests in queue order, row-locked
     * @param servicePoint the service point checked in at; null when none has the request's id
     */
    record CheckInFacts(Request request, ItemView item, LoanView openLoan, List<ObjectNode> queue,
                        ObjectNode servicePoint) {
    }

    public ObjectNode checkIn(Request req) {
        return db.tx(c -> run(c, req));
    }

    private ObjectNode run(Connection c, Request req) throws SQLException {
        String schema = req.schema();
        Instant now = Instant.now();
        RequestStore.ItemLoanAndQueue read = RequestStore.itemLoanAndQueue(c, schema, true, req.itemBarcode(),
                req.servicePointId());
        CheckInFacts f = new CheckInFacts(req, read.item(), read.loanAndQueue().openLoan().orElse(null),
                read.loanAndQueue().queue(), read.servicePoint());
        Check.refuseIfAny(f, ITEM);
        Check.refuseIfAny(f, SERVICE_POINT);
        return act(c, f, now);
    }

    /**
     * What check-in reads beside its writes (its acting after them needs them, its checks and writes do not): the
     * open loan's policies, service points and patron group by id, the borrower's notice policy ("notice", matched
     * in memory) and user row ({@link #BORROWER}).
     */
    private MultiGet afterWriteLookups(Connection c, String schema, CheckInFacts f) throws SQLException {
        MultiGet lookups = new MultiGet();
        LoanView open = f.openLoan();
        if (open != null) LoanRepresentation.addRefs(lookups, open.json()).add("notice", CirculationTypes.NOTICE_POLICIES,
                CirculationNotices.loanPolicyId(c, schema, rules, open.json(), f.item()))
                .add(BORROWER, UserTypes.USERS, open.userId());
        return lookups;
    }

    // --- The checks: each pure over the facts ---------------------------------------------------------------------

    static List<Refusal> refuseWhenItemNotFound(CheckInFacts f) {
        String barcode = f.request().itemBarcode();
        return when(f.item() == null, () -> Refusal.of("No item with barcode " + barcode + " exists",
                ErrorCode.ITEM_BARCODE_NOT_FOUND, "itemBarcode", barcode));
    }

    /** A claimed returned item is checked in only with a resolution (mod-circulation's ClaimedReturnedValidator). */
    static List<Refusal> refuseWhenClaimedReturnedWithoutResolution(CheckInFacts f) {
        return when(isClaimedReturned(f) && f.request().claimedReturnedResolution() == null, () -> Refusal.of(
                "Item is claimed returned, a resolution is required to check in", ErrorCode.CLAIMED_RETURNED_RESOLUTION_REQUIRED,
                "itemBarcode", f.request().itemBarcode()));
    }

    static List<Refusal> refuseWhenResolutionUnknown(CheckInFacts f) {
        String resolution = f.request().claimedReturnedResolution();
        return when(isClaimedReturned(f) && resolution != null && !FOUND_BY_LIBRARY.equals(resolution)
                && !RETURNED_BY_PATRON.equals(resolution), () -> Refusal.of("Claimed returned resolution must be \"Found "
                + "by library\" or \"Returned by patron\"", "claimedReturnedResolution", resolution));
    }

    static List<Refusal> refuseWhenServicePointNotFound(CheckInFacts f) {
        UUID id = f.request().servicePointId();
        return when(f.servicePoint() == null, () -> Refusal.of("Service point " + id + " does not exist",
                ErrorCode.SERVICE_POINT_NOT_FOUND, "servicePointId", String.valueOf(id)));
    }

    private static boolean isClaimedReturned(CheckInFacts f) {
        return f.item() != null && ItemStatus.CLAIMED_RETURNED.is(f.item().status());
    }

    /**
     * The action of the loan check-in closes: "checkedin", or for a claimed returned item FOLIO's resolution actions
     * (the checks made sure a claimed returned item has a valid resolution).
     */
    static LoanAction loanAction(CheckInFacts f) {
        if (!isClaimedReturned(f)) return LoanAction.CHECKED_IN;
        return FOUND_BY_LIBRARY.equals(f.request().claimedReturnedResolution())
                ? LoanAction.CHECKED_IN_FOUND_BY_LIBRARY : LoanAction.CHECKED_IN_RETURNED_BY_PATRON;
    }

    // --- Acting --------------------------------------------------------------------------------------------------

    private ObjectNode act(Connection c, CheckInFacts f, Instant now) throws SQLException {
        Request req = f.request();
        String schema = req.schema();
        ItemView item = f.item();
        ObjectNode sp = f.servicePoint();
        ObjectNode openLoan = f.openLoan() == null ? null : f.openLoan().json();

        ObjectNode loanOut = null;
        // The loan closed, the item and the check-in record go in ONE statement, which reads the lookups too; the
        // fines and notices after it read none of these rows (they take the closed loan as it is here).
        List<StagedWrite> writes = new ArrayList<>();
        if (openLoan != null) {
            ObjectNode closed = openLoan.deepCopy();
            closed.putObject("status").put("name", LoanView.CLOSED);
            closed.put("returnDate", Json.dateZ(req.checkInDate()));
            closed.put("systemReturnDate", Json.date(now));
            closed.put("checkinServicePointId", req.servicePointId().toString());
            closed.put("action", loanAction(f).value());
            StagedWrite loanWrite = CirculationTypes.LOANS.stagedReplace(c, schema, openLoan, closed, req.staffUserId());
            writes.add(loanWrite);
            loanOut = loanWrite.record();
        }

        // The item's first open request decides where it goes: hold shelf here, or in transit to the pickup point.
        RequestQueue.CheckInEffect hold = RequestQueue.onCheckIn(c, schema, item, f.queue(), req.servicePointId(),
                sp, now, req.staffUserId()).orElse(null);

        ObjectNode newItem = item.item().deepCopy();
        String destination = hold != null ? hold.destination() : destination(item, req.servicePointId());
        ObjectNode status = newItem.putObject("status");
        if (destination == null) {
            status.put("name", hold != null ? hold.itemStatus() : ItemStatus.AVAILABLE.folioName());
            newItem.remove("inTransitDestinationServicePointId");
        } else {
            status.put("name", ItemStatus.IN_TRANSIT.folioName());
            newItem.put("inTransitDestinationServicePointId", destination);
        }
        status.put("date", Json.date(now));
        ObjectNode lastCheckIn = newItem.putObject("lastCheckIn");
        lastCheckIn.put("dateTime", Json.date(req.checkInDate()));
        lastCheckIn.put("servicePointId", req.servicePointId().toString());
        if (req.staffUserId() != null) lastCheckIn.put("staffMemberId", req.staffUserId().toString());
        StagedWrite itemWrite = InventoryTypes.ITEMS.stagedReplace(c, schema, item.item(), newItem, req.staffUserId());
        writes.add(itemWrite);

        ObjectNode record = Json.object();
        record.put("occurredDateTime", Json.date(req.checkInDate()));
        record.put("itemId", item.id().toString());
        record.put("servicePointId", req.servicePointId().toString());
        if (req.staffUserId() != null) record.put("performedByUserId", req.staffUserId().toString());
        record.put("itemStatusPriorToCheckIn", item.status());
        UUID borrowerId = loanOut == null ? null : new LoanView(loanOut).userId();
        if (loanOut != null) record.put("userId", borrowerId == null ? null : borrowerId.toString());
        writes.add(CirculationTypes.CHECK_INS.stagedInsert(c, schema, record, req.staffUserId()));
        // With the service point, by role or by id: the loan's summaries name the check-in service point too.
        Map<String, ObjectNode> found = new HashMap<>(StagedWrite.together(c, writes, afterWriteLookups(c, schema, f)));
        found.put("sp", sp);
        ObjectNode savedItem = itemWrite.record();

        if (loanOut != null) {
            if (LostItemCheckIn.settle(c, schema, loanOut, item.status(), LoanRepresentation.byId(found.values()),
                    req.servicePointId(), req.staffUserId(), now)) chargeOverdueFine(c, schema, loanOut, item, found, req);
            PatronNotices.checkedIn(c, schema, found.get("notice"), loanOut, req.staffUserId());
        }
        if (hold != null && hold.nowAwaitingPickup()) PatronNotices.requestAwaitingPickup(c, schema, CirculationNotices
                .requesterPolicy(c, schema, rules, hold.request(), item, found.values()), hold.request(), req.staffUserId());

        ItemView after = item.withItem(savedItem);
        ObjectNode response = Json.object();
        if (loanOut != null) {
            // Only the borrower summary is printed: the user row alone (read with the lookups), not the patron's
            // group and blocks.
            ObjectNode user = found.get(BORROWER);
            PatronView borrower = user == null ? null : new PatronView(user, null, List.of());
            ObjectNode loanJson = LoanRepresentation.extend(loanOut, after, borrower, LoanRepresentation.byId(found.values()));
            // The answer's loan is mod-circulation's in-memory one (storage's PUT answers 204): its system return
            // date in mod-circulation's form ("…Z"); storage keeps it as "…+00:00".
            loanJson.put("systemReturnDate", Json.dateZ(now));
            response.set("loan", loanJson);
        }
        ObjectNode itemJson = LoanRepresentation.item(after);
        String destinationName = destination == null ? null : destinationName(c, schema, destination, sp);
        if (destination != null) {
            ObjectNode to = Json.object().put("id", destination).put("name", destinationName);
            LoanRepresentation.inTransitDestination(itemJson, to);
            if (response.get("loan") instanceof ObjectNode l) LoanRepresentation.inTransitDestination((ObjectNode) l.get("item"), to);
        }
        response.set("item", itemJson);
        ObjectNode slip = staffSlipContext(after, sp, destination);
        if (hold != null) RequestQueue.addToSlip(slip, hold.request(),
                destination == null ? Json.text(sp, "name") : destinationName);
        response.set("staffSlipContext", slip);
        response.put("inHouseUse", false);
        return response;
    }

    /**
     * The loan's policies came with the writes' statement; a fine due costs one statement (feesfines/OverdueFines).
     * An item the library found itself (a claimed-returned resolution) is not fined, as in FOLIO.
     */
    private static void chargeOverdueFine(Connection c, String schema, ObjectNode loan, ItemView item,
                                          Map<String, ObjectNode> found, Request req) throws SQLException {
        if (FOUND_BY_LIBRARY.equals(req.claimedReturnedResolution())) return;
        Map<UUID, ObjectNode> policies = LoanRepresentation.byId(found.values());
        LoanView closed = new LoanView(loan);
        OverdueFines.charge(c, schema, loan, req.checkInDate(), item, policies.get(closed.overdueFinePolicyId()),
                policies.get(closed.loanPolicyId()), req.servicePointId(), req.staffUserId());
    }

    /** null when this service point serves the item's effective location; else the location's primary one. */
    private static String destination(ItemView item, UUID servicePointId) {
        ObjectNode loc = item.effectiveLocation();
        if (loc == null) return null;
        JsonNode serving = loc.path("servicePointIds");
        for (JsonNode sp : serving) if (sp.asText().equals(servicePointId.toString())) return null;
        String primary = Json.text(loc, "primaryServicePoint");
        if (primary == null || primary.equals(servicePointId.toString())) return null;
        return primary;
    }

    private static String destinationName(Connection c, String schema, String id, ObjectNode fallback) throws SQLException {
        return InventoryTypes.SERVICE_POINTS.get(c, schema, UUID.fromString(id)).map(sp -> Json.text(sp, "name"))
                .orElse(Json.text(fallback, "name"));
    }

    /** The tokens FOLIO's transit and hold slips print. */
    private static ObjectNode staffSlipContext(ItemView item, ObjectNode fromSp, String destination) {
        ObjectNode ctx = Json.object();
        ObjectNode i = item.tokens();
        ctx.set("item", i);
        i.put("fromServicePoint", Json.text(fromSp, "name"));
        if (destination != null) i.put("toServicePoint", destination);
        return ctx;
    }
}
