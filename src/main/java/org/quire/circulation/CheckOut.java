package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.circulation.CheckOutFacts.Terms;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleMatch;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.MultiGet;
import org.quire.platform.records.StagedWrite;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.quire.platform.domain.Check.when;

/**
 * Check-out by barcode, with FOLIO's checks in FOLIO's order (folio-api.md §1.5, mod-circulation's
 * CheckOutByBarcodeResource) and its exact messages, in ONE transaction: load the facts in stages, run the checks of
 * each stage, stop where FOLIO stops (no item, no patron, no loan policy), then act.
 * <p>
 * Round trips (no proxy, no item limit): patron + group + manual blocks + the group's patron block limits (1), item +
 * holdings + instance + types + locations, its open loan and its request queue, all row-locked (1), the four
 * policies (loan, overdue, lost item, notice) + service point (1), insert loan and update item, each with its event
 * (1), commit (1) = 5 (counted in PostgreSQL's statement log); +1 when the notice policy has check-out or
 * due-date notices (all of them written in one statement; sent after commit by the patron-notices job); +2 when the
 * loan fills the patron's request (close it, re-number the queue); +2 when their group has a limit whose condition
 * blocks borrowing (lock the patron, count their loans), +2 for an item limit (the same), +2 for a proxy, +1 for the
 * service point's calendar when the loan policy moves due dates off closed days (never for CURRENT_DUE_DATE /
 * CURRENT_DUE_DATE_TIME), and +1 more for it when a recall moves the due date under such a policy (Recalls). The
 * circulation rules are matched in memory (their text is re-read at most every 5 s). FOLIO makes ~26 HTTP calls for
 * the same.
 */
public final class CheckOut {

    // FOLIO's order, in four stages; each ends where FOLIO stops early.

    /** Who borrows, through whom, which item: stops when the item does not exist. */
    static final List<Check<CheckOutFacts>> BORROWER_AND_ITEM = List.of(
            CheckOut::refuseWhenNoServicePoint,
            CheckOut::refuseWhenPatronNotFound,
            CheckOut::refuseWhenPatronBlockedManually,
            CheckOut::refuseWhenPatronBlockedAutomatically,
            CheckOut::refuseWhenProxyNotFound,
            CheckOut::refuseWhenPatronInactive,
            CheckOut::refuseWhenProxyIsThePatron,
            CheckOut::refuseWhenProxyInactive,
            CheckOut::refuseWhenProxyRelationshipInvalid,
            CheckOut::refuseWhenItemNotFound);

    /** The item's state: stops when the patron does not exist. */
    static final List<Check<CheckOutFacts>> ITEM_STATE = List.of(
            CheckOut::refuseWhenItemAlreadyCheckedOut,
            CheckOut::refuseWhenItemStatusForbidsCheckOut,
            CheckOut::refuseWhenItemHasOpenLoan,
            CheckOut::refuseWhenItemRequestedByAnotherPatron);

    /** The loan policy the circulation rules name: stops when it does not exist. */
    static final List<Check<CheckOutFacts>> LOAN_POLICY = List.of(
            CheckOut::refuseWhenLoanPolicyNotFound);

    /** What the loan policy limits. */
    static final List<Check<CheckOutFacts>> LOAN_POLICY_LIMITS = List.of(
            CheckOut::refuseWhenItemLimitReached,
            CheckOut::refuseWhenItemNotLoanable);

    private static final Set<ItemStatus> NOT_CHECKOUTABLE = EnumSet.of(ItemStatus.DECLARED_LOST,
            ItemStatus.CLAIMED_RETURNED, ItemStatus.INTELLECTUAL_ITEM, ItemStatus.AGED_TO_LOST);

    private final Database db;
    private final CirculationRulesStore rules;
    private final PermissionCache permissions;

    public CheckOut(Database db, CirculationRulesStore rules, PermissionCache permissions) {
        this.db = db;
        this.rules = rules;
        this.permissions = permissions;
    }

    public record Request(String itemBarcode, String userBarcode, String proxyUserBarcode, UUID servicePointId,
                          Instant loanDate, ObjectNode overrideBlocks, String tenant, String schema, UUID staffUserId) {
    }

    public ObjectNode checkOut(Request req) {
        return db.tx(c -> run(c, req));
    }

    private ObjectNode run(Connection c, Request req) throws SQLException {
        BlockOverrides overrides = BlockOverrides.of(req.overrideBlocks(),
                permission -> permissions.has(req.tenant(), req.staffUserId(), permission));
        CheckOutFacts f = loadBorrowerAndItem(c, req, Instant.now(), overrides);
        List<Refusal> refused = new ArrayList<>(Check.all(f, BORROWER_AND_ITEM));
        if (f.item() == null) throw new Refused(refused);

        refused.addAll(Check.all(f, ITEM_STATE));
        if (f.patron() == null) throw new Refused(refused);

        f = f.withTerms(loadTerms(c, f));
        refused.addAll(Check.all(f, LOAN_POLICY));
        if (f.loanPolicy() == null) throw new Refused(refused);

        if (f.loanPolicy().itemLimit() != null && refused.isEmpty()) f = f.withOpenLoansOfKind(countItemLimit(c, f));
        refused.addAll(Check.all(f, LOAN_POLICY_LIMITS));
        Refused.throwIfAny(refused);

        return act(c, f);
    }

    // --- Loading -----------------------------------------------------------------------------------------------

    /**
     * The patron (with group, manual blocks and block limits), their automated blocks (counted now, in this
     * transaction; the patron is locked first when their group has a limit that blocks borrowing), the proxy and its
     * relations, and the item with whether it has an open loan and its request queue, all row-locked.
     */
    private static CheckOutFacts loadBorrowerAndItem(Connection c, Request req, Instant now, BlockOverrides overrides)
            throws SQLException {
        String schema = req.schema();
        PatronView patron = UsersStore.patronByBarcode(c, schema, req.userBarcode()).orElse(null);
        List<AutomatedBlocks.Block> blocks = patron == null ? List.of()
                : AutomatedBlocks.forPatron(c, schema, patron, now, AutomatedBlocks.Action.BORROWING);
        boolean asksForProxy = req.proxyUserBarcode() != null && !req.proxyUserBarcode().isBlank();
        PatronView proxy = asksForProxy ? UsersStore.patronByBarcode(c, schema, req.proxyUserBarcode()).orElse(null) : null;
        List<ObjectNode> relations = patron != null && proxy != null && !proxy.id().equals(patron.id())
                ? LoanStore.proxyRelations(c, schema, patron.id(), proxy.id()) : List.of();
        RequestStore.ItemLoanAndQueue item = RequestStore.itemLoanAndQueue(c, schema, true, req.itemBarcode());
        return CheckOutFacts.borrowerAndItem(req, now, overrides, patron, blocks, proxy, relations, item.item())
                .withItemState(item.loanAndQueue().openLoan().isPresent(), item.loanAndQueue().queue());
    }

    /** The policies the rules name for this patron and item, and the service point, in one statement. */
    private Terms loadTerms(Connection c, CheckOutFacts f) throws SQLException {
        CirculationRules circulationRules = rules.rules(c, f.request().schema());
        RuleMatch loanRule = CirculationContext.match(circulationRules, PolicyType.LOAN, f.patron(), f.item());
        String overdueId = CirculationContext.match(circulationRules, PolicyType.OVERDUE_FINE, f.patron(), f.item()).policyId();
        String lostId = CirculationContext.match(circulationRules, PolicyType.LOST_ITEM, f.patron(), f.item()).policyId();
        String noticeId = CirculationContext.match(circulationRules, PolicyType.NOTICE, f.patron(), f.item()).policyId();
        Map<String, ObjectNode> found = new MultiGet()
                .add("loan", CirculationTypes.LOAN_POLICIES, Ids.orNull(loanRule.policyId()))
                .add("sp", InventoryTypes.SERVICE_POINTS, f.request().servicePointId())
                .add("overdue", CirculationTypes.OVERDUE_FINE_POLICIES, Ids.orNull(overdueId))
                .add("lost", CirculationTypes.LOST_ITEM_POLICIES, Ids.orNull(lostId))
                .add("notice", CirculationTypes.NOTICE_POLICIES, Ids.orNull(noticeId))
                .fetch(c, f.request().schema());
        LoanPolicy policy = found.containsKey("loan") ? LoanPolicy.from(found.get("loan")) : null;
        return new Terms(loanRule, policy, overdueId, lostId, found);
    }

    /**
     * FOLIO's item limit counts the patron's open loans of the same kind (the material types and loan types the
     * matched rule names; the patron group is the patron's own); a rule that names none of them sets no limit (null).
     * The patron is locked first, as for automated blocks. Lock order: the patron's group decides whether automated
     * blocks lock the patron before the item; two check-outs of one patron decide alike, so they never wait on each
     * other in opposite orders.
     */
    private static Long countItemLimit(Connection c, CheckOutFacts f) throws SQLException {
        RuleMatch rule = f.terms().loanRule();
        if (rule.materialTypeIds().isEmpty() && rule.loanTypeIds().isEmpty() && rule.patronGroupIds().isEmpty())
            return null;
        UsersStore.lockPatronForBorrowing(c, f.request().schema(), f.patron().id());
        return LoanStore.openLoansOfKind(c, f.request().schema(), f.patron().id(), rule.materialTypeIds(),
                rule.loanTypeIds());
    }

    // --- The checks: each pure over the facts, answering its refusals in FOLIO's words ----------------------------

    static List<Refusal> refuseWhenNoServicePoint(CheckOutFacts f) {
        return when(f.request().servicePointId() == null, () -> Refusal.of(
                "Check out must be performed at a service point", ErrorCode.SERVICE_POINT_IS_NOT_PRESENT, "servicePointId", null));
    }

    static List<Refusal> refuseWhenPatronNotFound(CheckOutFacts f) {
        return when(f.patron() == null, () -> Refusal.of("Could not find user with matching barcode",
                ErrorCode.USER_BARCODE_NOT_FOUND, "userBarcode", f.request().userBarcode()));
    }

    static List<Refusal> refuseWhenPatronBlockedManually(CheckOutFacts f) {
        return when(f.patron() != null && f.patron().blockedFor("borrowing", f.now()), () -> Refusal.of(
                "Patron blocked from borrowing", ErrorCode.USER_IS_BLOCKED_MANUALLY, "userBarcode", f.request().userBarcode()));
    }

    /** FOLIO's automated blocks (mod-patron-blocks): one refusal per block; {@code patronBlock} overrides them all. */
    static List<Refusal> refuseWhenPatronBlockedAutomatically(CheckOutFacts f) {
        if (f.automatedBlocks().isEmpty() || f.overrides().grant(OverrideBlock.PATRON_BLOCK)) return List.of();
        return f.automatedBlocks().stream()
                .map(b -> Refusal.of(b.message(), ErrorCode.USER_IS_BLOCKED_AUTOMATICALLY, null, null)).toList();
    }

    static List<Refusal> refuseWhenProxyNotFound(CheckOutFacts f) {
        return when(f.asksForProxy() && f.proxy() == null, () -> Refusal.of(
                "Could not find proxy user with matching barcode", ErrorCode.PROXY_USER_BARCODE_NOT_FOUND, "proxyUserBarcode",
                f.request().proxyUserBarcode()));
    }

    static List<Refusal> refuseWhenPatronInactive(CheckOutFacts f) {
        if (f.patron() == null) return List.of();
        Boolean active = f.patron().active(f.now());
        if (active == null) return List.of(Refusal.of("Cannot determine if user is active or not", ErrorCode.USER_IS_INACTIVE,
                "userBarcode", f.request().userBarcode()));
        return when(!active, () -> Refusal.of("Cannot check out to inactive user", ErrorCode.USER_IS_INACTIVE, "userBarcode",
                f.request().userBarcode()));
    }

    static List<Refusal> refuseWhenProxyIsThePatron(CheckOutFacts f) {
        return when(f.proxy() != null && f.patron() != null && f.proxy().id().equals(f.patron().id()), () -> Refusal.of(
                "User cannot be proxy for themselves", ErrorCode.USER_CANNOT_BE_PROXY_FOR_THEMSELVES, "proxyUserId",
                f.proxy().id().toString()));
    }

    static List<Refusal> refuseWhenProxyInactive(CheckOutFacts f) {
        if (!f.proxiesForAnother()) return List.of();
        Boolean active = f.proxy().active(f.now());
        if (active == null) return List.of(Refusal.of("Cannot determine if proxying user is active or not",
                ErrorCode.PROXY_USER_IS_INACTIVE, "proxyUserBarcode", f.request().proxyUserBarcode()));
        return when(!active, () -> Refusal.of("Cannot check out via inactive proxying user", ErrorCode.PROXY_USER_IS_INACTIVE,
                "proxyUserBarcode", f.request().proxyUserBarcode()));
    }

    /** A relation is valid when it has not expired and its status, if any, is Active (mod-users' proxiesfor). */
    static List<Refusal> refuseWhenProxyRelationshipInvalid(CheckOutFacts f) {
        if (!f.proxiesForAnother()) return List.of();
        boolean valid = f.proxyRelations().stream().anyMatch(r -> {
            Instant expires = Json.parseInstant(Json.text(r, "expirationDate"));
            String status = Json.text(r, "status");
            return (expires == null || expires.isAfter(f.now())) && (status == null || status.equals("Active"));
        });
        return when(!valid, () -> Refusal.of("Cannot check out item via proxy when relationship is invalid",
                ErrorCode.PROXY_RELATIONSHIP_INVALID, "proxyUserId", f.proxy().id().toString()));
    }

    static List<Refusal> refuseWhenItemNotFound(CheckOutFacts f) {
        return when(f.item() == null, () -> Refusal.of("No item with barcode " + f.request().itemBarcode()
                + " could be found", ErrorCode.ITEM_BARCODE_NOT_FOUND, "itemBarcode", f.request().itemBarcode()));
    }

    static List<Refusal> refuseWhenItemAlreadyCheckedOut(CheckOutFacts f) {
        return when(ItemStatus.CHECKED_OUT.is(f.item().status()), () -> Refusal.of("Item is already checked out",
                ErrorCode.ITEM_ALREADY_CHECKED_OUT, "itemBarcode", f.request().itemBarcode()));
    }

    static List<Refusal> refuseWhenItemStatusForbidsCheckOut(CheckOutFacts f) {
        ItemView item = f.item();
        return when(ItemStatus.named(item.status()).filter(NOT_CHECKOUTABLE::contains).isPresent(), () -> Refusal.of(
                "%s (%s) (Barcode: %s) has the item status %s and cannot be checked out".formatted(item.title(),
                        item.materialTypeName(), item.barcode(), item.status()), ErrorCode.ITEM_HAS_STATUS, "itemBarcode",
                item.barcode()));
    }

    static List<Refusal> refuseWhenItemHasOpenLoan(CheckOutFacts f) {
        return when(f.itemHasOpenLoan(), () -> Refusal.of("Cannot check out item that already has an open loan",
                ErrorCode.ITEM_HAS_OPEN_LOAN, "itemBarcode", f.item().barcode()));
    }

    /**
     * FOLIO's "requested by another patron" (RequestQueueService.isItemRequestedByAnotherPatron): the first request
     * this item can fulfil is someone else's, whatever its status — a Paged item, or one in transit to or waiting for
     * another requester, goes to nobody else. Every request in the item's queue counts: Quire accepts only Hold Shelf
     * and Delivery requests (FOLIO's fulfillable ones), and the queue holds only this item's requests and the title's
     * requests no copy fills yet. Quire does not re-check such a title request against this copy's request and loan
     * policies as FOLIO does; check-in treats it as this copy's too.
     */
    static List<Refusal> refuseWhenItemRequestedByAnotherPatron(CheckOutFacts f) {
        if (f.requestQueue().isEmpty() || f.patron() == null) return List.of();
        String requester = Json.text(f.requestQueue().getFirst(), "requesterId");
        return when(!f.patron().id().toString().equals(requester), () -> Refusal.of(
                "%s (Barcode: %s) cannot be checked out to user %s because it has been requested by another patron"
                        .formatted(f.item().title(), f.item().barcode(), RequestQueue.personalName(f.patron())),
                ErrorCode.ITEM_REQUESTED_BY_ANOTHER_PATRON, "userBarcode", Json.text(f.patron().user(), "barcode")));
    }

    static List<Refusal> refuseWhenLoanPolicyNotFound(CheckOutFacts f) {
        String id = f.terms().loanRule().policyId();
        return when(f.loanPolicy() == null, () -> Refusal.of("Loan policy " + id
                + " could not be found, please check circulation rules", ErrorCode.LOAN_POLICY_NOT_FOUND, "loanPolicyId", id));
    }

    /** FOLIO's item limit: the code and message name the kinds the rule limits; {@code itemLimitBlock} overrides. */
    static List<Refusal> refuseWhenItemLimitReached(CheckOutFacts f) {
        if (!itemLimitReached(f) || f.overrides().grant(OverrideBlock.ITEM_LIMIT_BLOCK)) return List.of();
        RuleMatch rule = f.terms().loanRule();
        boolean m = !rule.materialTypeIds().isEmpty(), t = !rule.loanTypeIds().isEmpty(), g = !rule.patronGroupIds().isEmpty();
        String suffix;
        ErrorCode code;
        if (g && m && t) { suffix = "for combination of patron group, material type and loan type"; code = ErrorCode.ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE_LOAN_TYPE; }
        else if (g && m) { suffix = "for combination of patron group and material type"; code = ErrorCode.ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE; }
        else if (g && t) { suffix = "for combination of patron group and loan type"; code = ErrorCode.ITEM_LIMIT_PATRON_GROUP_LOAN_TYPE; }
        else if (m && t) { suffix = "for combination of material type and loan type"; code = ErrorCode.ITEM_LIMIT_MATERIAL_TYPE_LOAN_TYPE; }
        else if (m) { suffix = "for material type"; code = ErrorCode.ITEM_LIMIT_MATERIAL_TYPE; }
        else if (t) { suffix = "for loan type"; code = ErrorCode.ITEM_LIMIT_LOAN_TYPE; }
        else { suffix = "for patron group"; code = ErrorCode.ITEM_LIMIT_PATRON_GROUP; }
        return List.of(Refusal.of("Patron has reached maximum limit of %d items %s".formatted(f.loanPolicy().itemLimit(),
                suffix), code, "itemBarcode", f.request().itemBarcode()));
    }

    /**
     * {@code itemNotLoanableBlock} overrides a policy that does not lend, and must carry the due date to lend until:
     * without it check-out stops at once with that reason alone.
     */
    static List<Refusal> refuseWhenItemNotLoanable(CheckOutFacts f) {
        if (f.loanPolicy().loanable()) return List.of();
        if (f.overrides().grant(OverrideBlock.ITEM_NOT_LOANABLE_BLOCK)) {
            if (overrideDueDate(f) == null)
                throw Refused.because("Override should be performed with due date specified", null, null);
            return List.of();
        }
        return List.of(Refusal.of("Item is not loanable", ErrorCode.ITEM_NOT_LOANABLE, "loanPolicyName", f.loanPolicy().name()));
    }

    private static boolean itemLimitReached(CheckOutFacts f) {
        return f.openLoansOfKind() != null && f.openLoansOfKind() >= f.loanPolicy().itemLimit();
    }

    private static Instant overrideDueDate(CheckOutFacts f) {
        return Json.parseInstant(f.overrides().dueDate(OverrideBlock.ITEM_NOT_LOANABLE_BLOCK));
    }

    /** Whether the loan goes out only because staff overrode a block (its action says so). */
    static boolean throughOverride(CheckOutFacts f) {
        return !f.automatedBlocks().isEmpty() && f.overrides().asked(OverrideBlock.PATRON_BLOCK)
                || itemLimitReached(f) && f.overrides().asked(OverrideBlock.ITEM_LIMIT_BLOCK)
                || !f.loanPolicy().loanable() && f.overrides().asked(OverrideBlock.ITEM_NOT_LOANABLE_BLOCK);
    }

    // --- Acting --------------------------------------------------------------------------------------------------

    private static ObjectNode act(Connection c, CheckOutFacts f) throws SQLException {
        Request req = f.request();
        String schema = req.schema();
        Instant now = f.now();
        Instant loanDate = req.loanDate() == null ? now : req.loanDate();
        PatronView patron = f.patron();
        ItemView item = f.item();
        LoanPolicy policy = f.loanPolicy();
        Map<String, ObjectNode> found = f.terms().found();

        Instant dueDate = policy.loanable() ? null : overrideDueDate(f);
        if (dueDate == null) {
            dueDate = DueDates.forCheckOut(policy, loanDate, LoanStore.fixedDueDateSchedule(c, schema,
                            policy.fixedDueDateScheduleId()),
                    HoldTerms.from(found.get("loan")).checkOutPeriod(f.requestQueue(), patron.id()));
            dueDate = ClosedLibraryDueDates.apply(c, schema, policy, req.servicePointId(), loanDate, dueDate);
        }
        // An item someone else has recalled goes out on the recall's terms, and its loan counts as recalled even when
        // the date stays (FOLIO's LoanService.truncateLoanWhenItemRecalled).
        boolean recalled = RequestQueue.recalledBySomeoneElse(f.requestQueue(), patron);
        if (recalled) dueDate = Recalls.dueDate(c, schema, found.get("loan"), req.servicePointId(), loanDate, dueDate, now);
        if (!dueDate.isAfter(loanDate)) throw Refused.because("Due date should be later than loan date",
                "dueDate", Json.dateZ(dueDate));

        boolean overridden = throughOverride(f);
        ObjectNode loan = Json.object();
        loan.put("id", UUID.randomUUID().toString());
        loan.put("userId", patron.id().toString());
        if (f.proxy() != null) loan.put("proxyUserId", f.proxy().id().toString());
        loan.put("itemId", item.id().toString());
        loan.put("itemEffectiveLocationIdAtCheckOut", Json.text(item.item(), "effectiveLocationId"));
        loan.putObject("status").put("name", LoanView.OPEN);
        loan.put("loanDate", Json.dateZ(loanDate));
        loan.put("dueDate", Json.date(dueDate));
        loan.put("action", (overridden ? LoanAction.CHECKED_OUT_THROUGH_OVERRIDE : LoanAction.CHECKED_OUT).value());
        if (overridden && f.overrides().comment() != null) loan.put("actionComment", f.overrides().comment());
        loan.put("loanPolicyId", policy.id());
        loan.put("overdueFinePolicyId", f.terms().overdueFinePolicyId());
        loan.put("lostItemPolicyId", f.terms().lostItemPolicyId());
        loan.put("checkoutServicePointId", req.servicePointId().toString());
        loan.put("renewalCount", 0);
        if (recalled) loan.put("dueDateChangedByRecall", true);
        // As mod-circulation's LoanRepository stores it: the group's id (the extended loan shows {id, name}) and
        // isDcb, true for a loan to DCB's virtual patron (last name "DcbSystem"; Quire has no DCB items).
        if (patron.group() != null) loan.put("patronGroupIdAtCheckout", patron.group().get("id").asText());
        loan.put("isDcb", "DcbSystem".equalsIgnoreCase(Json.text(patron.user(), "personal.lastName")));
        ObjectNode newItem = item.item().deepCopy();
        newItem.putObject("status").put("name", ItemStatus.CHECKED_OUT.folioName()).put("date", Json.date(now));
        // The loan and the item's new status, each with its event, in one statement.
        StagedWrite itemWrite = InventoryTypes.ITEMS.stagedReplace(c, schema, item.item(), newItem, req.staffUserId());
        StagedWrite.together(c, CirculationTypes.LOANS.stagedInsert(c, schema, loan, req.staffUserId()), itemWrite);
        ObjectNode savedItem = itemWrite.record();
        PatronNotices.checkedOut(c, schema, found.get("notice"), loan, req.staffUserId());

        RequestQueue.fillOnCheckOut(c, schema, f.requestQueue(), item, patron, req.staffUserId());

        ItemView after = item.withItem(savedItem);
        return LoanRepresentation.extend(loan, after, patron, LoanRepresentation.byId(found.values()));
    }
}
