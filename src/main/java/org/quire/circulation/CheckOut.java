package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleMatch;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemView;
import org.quire.notices.PatronNotices;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.http.ApiException;
import org.quire.platform.records.MultiGet;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Check-out by barcode, with FOLIO's checks in FOLIO's order (folio-api.md §1.5) and its exact messages, in ONE
 * transaction.
 * <p>
 * Round trips (no proxy, no item limit): patron + group + manual blocks + the group's patron block limits (1), item +
 * holdings + instance + types + locations, row-locked (1), open loan (1), the item's request queue (1), the four
 * policies (loan, overdue, lost item, notice) + service point (1), insert loan with its event (1), update item with
 * its event (1), commit (1) = 8 (counted in PostgreSQL's statement log); +1 when the notice policy has check-out or
 * due-date notices (all of them written in one statement; sent after commit by the patron-notices job); +2 when the
 * loan fills the patron's request (close it, re-number the queue); +2 when their group has a limit whose condition
 * blocks borrowing (lock the patron, count their loans), +2 for an item limit (the same), +2 for a proxy, +1 for the
 * service point's calendar when the loan policy moves due dates off closed days (never for CURRENT_DUE_DATE /
 * CURRENT_DUE_DATE_TIME), and +1 more for it when a recall moves the due date under such a policy (Recalls). The
 * circulation rules are matched in memory (their text is re-read at most every 5 s). FOLIO makes ~26 HTTP calls for
 * the same.
 */
public final class CheckOut {
    private static final Set<String> NOT_CHECKOUTABLE = Set.of("Declared lost", "Claimed returned",
            "Intellectual item", "Aged to lost");

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
        String schema = req.schema();
        Instant now = Instant.now();
        Instant loanDate = req.loanDate() == null ? now : req.loanDate();
        CirculationErrors errors = new CirculationErrors();
        if (req.servicePointId() == null)
            errors.add("Check out must be performed at a service point", "SERVICE_POINT_IS_NOT_PRESENT", "servicePointId", null);

        PatronView patron = PatronView.byBarcode(c, schema, req.userBarcode()).orElse(null);
        if (patron == null) {
            errors.add("Could not find user with matching barcode", "USER_BARCODE_NOT_FOUND", "userBarcode", req.userBarcode());
        } else if (patron.blockedFor("borrowing", now)) {
            errors.add("Patron blocked from borrowing", "USER_IS_BLOCKED_MANUALLY", "userBarcode", req.userBarcode());
        }
        boolean overridden = patron != null && checkAutomatedBlocks(c, schema, patron, now, req, errors);
        PatronView proxy = null;
        if (req.proxyUserBarcode() != null && !req.proxyUserBarcode().isBlank()) {
            proxy = PatronView.byBarcode(c, schema, req.proxyUserBarcode()).orElse(null);
            if (proxy == null) errors.add("Could not find proxy user with matching barcode", "PROXY_USER_BARCODE_NOT_FOUND",
                    "proxyUserBarcode", req.proxyUserBarcode());
        }
        if (patron != null) {
            Boolean active = patron.active(now);
            if (active == null) errors.add("Cannot determine if user is active or not", "USER_IS_INACTIVE",
                    "userBarcode", req.userBarcode());
            else if (!active) errors.add("Cannot check out to inactive user", "USER_IS_INACTIVE", "userBarcode",
                    req.userBarcode());
        }
        if (proxy != null && patron != null) validateProxy(c, schema, patron, proxy, now, errors, req);

        ItemView item = ItemView.byBarcodeForUpdate(c, schema, req.itemBarcode()).orElse(null);
        if (item == null) {
            errors.add("No item with barcode " + req.itemBarcode() + " could be found", "ITEM_BARCODE_NOT_FOUND",
                    "itemBarcode", req.itemBarcode());
            errors.throwIfAny();
        }
        if ("Checked out".equals(item.status())) {
            errors.add("Item is already checked out", "ITEM_ALREADY_CHECKED_OUT", "itemBarcode", req.itemBarcode());
        } else if (NOT_CHECKOUTABLE.contains(item.status())) {
            errors.add("%s (%s) (Barcode: %s) has the item status %s and cannot be checked out".formatted(item.title(),
                    item.materialTypeName(), item.barcode(), item.status()), "ITEM_HAS_STATUS", "itemBarcode", item.barcode());
        }
        if (CirculationContext.openLoan(c, schema, item.id()).isPresent()) {
            errors.add("Cannot check out item that already has an open loan", "ITEM_HAS_OPEN_LOAN", "itemBarcode",
                    item.barcode());
        }
        // The item's request queue (one indexed query): refused when its first request is someone else's.
        List<ObjectNode> requestQueue = RequestQueue.forItem(c, schema, item.id());
        RequestQueue.refuseWhenRequestedByAnother(requestQueue, item, patron, errors);
        if (patron == null) errors.throwIfAny();

        CirculationRules circulationRules = rules.rules(c, schema);
        RuleMatch loanRule = CirculationContext.match(circulationRules, PolicyType.LOAN, patron, item);
        String overdueId = CirculationContext.match(circulationRules, PolicyType.OVERDUE_FINE, patron, item).policyId();
        String lostId = CirculationContext.match(circulationRules, PolicyType.LOST_ITEM, patron, item).policyId();
        String noticeId = CirculationContext.match(circulationRules, PolicyType.NOTICE, patron, item).policyId();
        Map<String, ObjectNode> found = new MultiGet()
                .add("loan", CirculationTypes.LOAN_POLICIES, CirculationContext.uuidOrNull(loanRule.policyId()))
                .add("sp", InventoryTypes.SERVICE_POINTS, req.servicePointId())
                .add("overdue", CirculationTypes.OVERDUE_FINE_POLICIES, CirculationContext.uuidOrNull(overdueId))
                .add("lost", CirculationTypes.LOST_ITEM_POLICIES, CirculationContext.uuidOrNull(lostId))
                .add("notice", CirculationTypes.NOTICE_POLICIES, CirculationContext.uuidOrNull(noticeId))
                .fetch(c, schema);
        if (!found.containsKey("loan")) {
            errors.add("Loan policy " + loanRule.policyId() + " could not be found, please check circulation rules",
                    "LOAN_POLICY_NOT_FOUND", "loanPolicyId", loanRule.policyId());
            errors.throwIfAny();
        }
        LoanPolicy policy = LoanPolicy.from(found.get("loan"));
        if (policy.itemLimit() != null && !errors.any()) {
            overridden |= checkItemLimit(c, schema, patron, loanRule, policy, req, errors);
        }
        Instant dueDate = null;
        if (!policy.loanable()) {
            ObjectNode override = req.overrideBlocks() == null ? null : (ObjectNode) req.overrideBlocks().get("itemNotLoanableBlock");
            if (override != null) {
                requireOverride(req, "circulation.override-item-not-loanable-block.post");
                dueDate = Json.parseInstant(Json.text(override, "dueDate"));
                if (dueDate == null) throw ApiException.unprocessable("Override should be performed with due date specified",
                        null, null, null);
                overridden = true;
            } else {
                errors.add("Item is not loanable", "ITEM_NOT_LOANABLE", "loanPolicyName", policy.name());
            }
        }
        errors.throwIfAny();

        if (dueDate == null) {
            dueDate = DueDates.forCheckOut(policy, loanDate, schedule(c, schema, policy.fixedDueDateScheduleId()),
                    HoldTerms.from(found.get("loan")).checkOutPeriod(requestQueue, patron.id()));
            dueDate = ClosedLibraryDueDates.apply(c, schema, policy, req.servicePointId(), loanDate, dueDate);
        }
        // An item someone else has recalled goes out on the recall's terms, and its loan counts as recalled even when
        // the date stays (FOLIO's LoanService.truncateLoanWhenItemRecalled).
        boolean recalled = RequestQueue.recalledBySomeoneElse(requestQueue, patron);
        if (recalled) dueDate = Recalls.dueDate(c, schema, found.get("loan"), req.servicePointId(), loanDate, dueDate, now);
        if (!dueDate.isAfter(loanDate)) throw ApiException.unprocessable("Due date should be later than loan date",
                null, "dueDate", Json.dateZ(dueDate));

        ObjectNode loan = Json.object();
        loan.put("id", UUID.randomUUID().toString());
        loan.put("userId", patron.id().toString());
        if (proxy != null) loan.put("proxyUserId", proxy.id().toString());
        loan.put("itemId", item.id().toString());
        loan.put("itemEffectiveLocationIdAtCheckOut", Json.text(item.item(), "effectiveLocationId"));
        loan.putObject("status").put("name", "Open");
        loan.put("loanDate", Json.dateZ(loanDate));
        loan.put("dueDate", Json.date(dueDate));
        loan.put("action", overridden ? "checkedOutThroughOverride" : "checkedout");
        if (overridden && req.overrideBlocks().hasNonNull("comment"))
            loan.put("actionComment", req.overrideBlocks().get("comment").asText());
        loan.put("loanPolicyId", policy.id());
        loan.put("overdueFinePolicyId", overdueId);
        loan.put("lostItemPolicyId", lostId);
        loan.put("checkoutServicePointId", req.servicePointId().toString());
        loan.put("renewalCount", 0);
        if (recalled) loan.put("dueDateChangedByRecall", true);
        // As mod-circulation's LoanRepository stores it: the group's id (the extended loan shows {id, name}) and
        // isDcb, true for a loan to DCB's virtual patron (last name "DcbSystem"; Quire has no DCB items).
        if (patron.group() != null) loan.put("patronGroupIdAtCheckout", patron.group().get("id").asText());
        loan.put("isDcb", "DcbSystem".equalsIgnoreCase(Json.text(patron.user(), "personal.lastName")));
        CirculationTypes.LOANS.insert(c, schema, loan, req.staffUserId());
        PatronNotices.checkedOut(c, schema, found.get("notice"), loan, req.staffUserId());

        ObjectNode newItem = item.item().deepCopy();
        newItem.putObject("status").put("name", "Checked out").put("date", Json.date(now));
        ObjectNode savedItem = InventoryTypes.ITEMS.replace(c, schema, item.item(), newItem, req.staffUserId());

        RequestQueue.fillOnCheckOut(c, schema, requestQueue, item, patron, req.staffUserId());

        ItemView after = item.withItem(savedItem);
        return LoanRepresentation.extend(loan, after, patron, LoanRepresentation.byId(found.values()));
    }

    private void validateProxy(Connection c, String schema, PatronView patron, PatronView proxy, Instant now,
                               CirculationErrors errors, Request req) throws SQLException {
        if (proxy.id().equals(patron.id())) {
            errors.add("User cannot be proxy for themselves", "USER_CANNOT_BE_PROXY_FOR_THEMSELVES", "proxyUserId",
                    proxy.id().toString());
            return;
        }
        Boolean active = proxy.active(now);
        if (active == null) errors.add("Cannot determine if proxying user is active or not", "PROXY_USER_IS_INACTIVE",
                "proxyUserBarcode", req.proxyUserBarcode());
        else if (!active) errors.add("Cannot check out via inactive proxying user", "PROXY_USER_IS_INACTIVE",
                "proxyUserBarcode", req.proxyUserBarcode());
        List<ObjectNode> relations = Sql.list(c, "SELECT jsonb FROM " + schema + ".proxy_for WHERE user_id = ? AND "
                + "proxy_user_id = ?", List.of(patron.id(), proxy.id()), rs -> Json.parseObject(rs.getString(1)));
        boolean valid = relations.stream().anyMatch(r -> {
            Instant exp = Json.parseInstant(Json.text(r, "expirationDate"));
            String status = Json.text(r, "status");
            return (exp == null || exp.isAfter(now)) && (status == null || status.equals("Active"));
        });
        if (!valid) errors.add("Cannot check out item via proxy when relationship is invalid",
                "PROXY_RELATIONSHIP_INVALID", "proxyUserId", proxy.id().toString());
    }

    /**
     * FOLIO's automated patron blocks (mod-patron-blocks), computed now in this transaction. Each block that forbids
     * borrowing is one error with the condition's message; {@code overrideBlocks.patronBlock} overrides them all.
     */
    private boolean checkAutomatedBlocks(Connection c, String schema, PatronView patron, Instant now, Request req,
                                         CirculationErrors errors) throws SQLException {
        List<AutomatedBlocks.Block> blocks = AutomatedBlocks.forPatron(c, schema, patron, now, AutomatedBlocks.Action.BORROWING);
        if (blocks.isEmpty()) return false;
        if (req.overrideBlocks() != null && req.overrideBlocks().has("patronBlock")) {
            requireOverride(req, "circulation.override-patron-block.post");
            return true;
        }
        for (AutomatedBlocks.Block b : blocks) errors.add(b.message(), "USER_IS_BLOCKED_AUTOMATICALLY", null, null);
        return false;
    }

    /**
     * FOLIO's item limit: the patron's open loans of the same kind (the material types, loan types and patron group
     * the matched rule names) may not reach the policy's limit. Rules that name none of them set no limit. The patron
     * is locked first, as for automated blocks. Lock order: the patron's group decides whether automated blocks lock
     * the patron before the item; two check-outs of one patron decide alike, so they never wait on each other in
     * opposite orders.
     */
    private boolean checkItemLimit(Connection c, String schema, PatronView patron, RuleMatch rule, LoanPolicy policy,
                                   Request req, CirculationErrors errors) throws SQLException {
        boolean m = !rule.materialTypeIds().isEmpty(), t = !rule.loanTypeIds().isEmpty(), g = !rule.patronGroupIds().isEmpty();
        if (!m && !t && !g) return false;
        StringBuilder sql = new StringBuilder("SELECT count(*) FROM " + schema + ".loan l JOIN " + schema
                + ".item i ON i.id = l.item_id WHERE l.user_id = ? AND l.status_name = 'Open'");
        List<Object> params = new ArrayList<>();
        params.add(patron.id());
        if (m) {
            sql.append(" AND i.material_type_id = ANY(?)");
            params.add(c.createArrayOf("uuid", rule.materialTypeIds().stream().map(UUID::fromString).toArray()));
        }
        if (t) {
            sql.append(" AND coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id) = ANY(?)");
            params.add(c.createArrayOf("uuid", rule.loanTypeIds().stream().map(UUID::fromString).toArray()));
        }
        PatronView.lockForBorrowing(c, schema, patron.id());
        long open = Sql.one(c, sql.toString(), params, rs -> rs.getLong(1)).orElse(0L);
        if (open < policy.itemLimit()) return false;
        if (req.overrideBlocks() != null && req.overrideBlocks().has("itemLimitBlock")) {
            requireOverride(req, "circulation.override-item-limit-block.post");
            return true;
        }
        String suffix, code;
        if (g && m && t) { suffix = "for combination of patron group, material type and loan type"; code = "ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE_LOAN_TYPE"; }
        else if (g && m) { suffix = "for combination of patron group and material type"; code = "ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE"; }
        else if (g && t) { suffix = "for combination of patron group and loan type"; code = "ITEM_LIMIT_PATRON_GROUP_LOAN_TYPE"; }
        else if (m && t) { suffix = "for combination of material type and loan type"; code = "ITEM_LIMIT_MATERIAL_TYPE_LOAN_TYPE"; }
        else if (m) { suffix = "for material type"; code = "ITEM_LIMIT_MATERIAL_TYPE"; }
        else if (t) { suffix = "for loan type"; code = "ITEM_LIMIT_LOAN_TYPE"; }
        else { suffix = "for patron group"; code = "ITEM_LIMIT_PATRON_GROUP"; }
        errors.add("Patron has reached maximum limit of %d items %s".formatted(policy.itemLimit(), suffix), code,
                "itemBarcode", req.itemBarcode());
        return false;
    }

    private void requireOverride(Request req, String permission) {
        if (!permissions.has(req.tenant(), req.staffUserId(), permission)) {
            throw ApiException.unprocessable("Missing permissions to override", "INSUFFICIENT_OVERRIDE_PERMISSIONS",
                    "missingPermissions", permission);
        }
        if (!req.overrideBlocks().hasNonNull("comment") || req.overrideBlocks().get("comment").asText().isBlank()) {
            throw ApiException.unprocessable("Override should be performed with the comment specified", null, null, null);
        }
    }

    static List<LoanPolicy.ScheduleEntry> schedule(Connection c, String schema, String scheduleId) throws SQLException {
        if (scheduleId == null) return List.of();
        return LoanPolicy.schedule(CirculationTypes.FIXED_DUE_DATE_SCHEDULES.get(c, schema, UUID.fromString(scheduleId))
                .orElse(null));
    }
}
