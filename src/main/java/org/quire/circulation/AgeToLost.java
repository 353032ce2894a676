package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.LostItemPolicy;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.platform.Json;
import org.quire.platform.Period;
import org.quire.platform.db.Sql;
import org.quire.platform.jobs.TenantJob;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Job {@code age-to-lost} (FOLIO's scheduled-age-to-lost): an open loan overdue by its lost item fee policy's
 * {@code itemAgedLostOverdue} ({@code recalledItemAgedLostOverdue} for a recalled loan, when set) ages to lost: the
 * item becomes "Aged to lost", the loan's action "itemAgedToLost" and {@code agedToLostDelayedBilling} says when to
 * bill ({@code patronBilledAfterAgedLost} later; {@link AgedToLostBilling} bills it).
 * <p>
 * The policies that age loans are few: they are read first (1), and each gives the due date before which its loans
 * have aged — so the candidates are one range scan of the partial index {@code loan_age_to_lost_idx} (1). Then the
 * items are locked (1) and the loans (1), skipping rows someone else holds, each re-checked; two writes per loan.
 */
public final class AgeToLost implements TenantJob {
    @Override
    public String name() {
        return "age-to-lost";
    }

    @Override
    public Duration every() {
        return Duration.ofMinutes(30);
    }

    /** Per policy, the due dates before which its loans have aged at {@code now}: not recalled, recalled. */
    private record Thresholds(UUID[] policies, String[] normal, String[] recalled, Map<UUID, LostItemPolicy> byId) {
    }

    @Override
    public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
        Thresholds t = thresholds(c, schema, now);
        if (t.policies().length == 0) return 0;
        List<LoanStore.LoanAndItem> candidates = LoanStore.ageToLostCandidates(c, schema, t.policies(), t.normal(),
                t.recalled(), now, limit);
        if (candidates.isEmpty()) return 0;

        Map<UUID, ObjectNode> items = LoanStore.lockItemsSkippingHeld(c, schema,
                candidates.stream().map(LoanStore.LoanAndItem::itemId).toList(), true,
                ItemStatus.DECLARED_LOST, ItemStatus.AGED_TO_LOST, ItemStatus.CLAIMED_RETURNED);
        List<LoanView> loans = LoanStore.lockAgeToLostLoans(c, schema, t.policies(), t.normal(), t.recalled(), now,
                candidates.stream().map(LoanStore.LoanAndItem::loanId).toList(), items.keySet())
                .stream().map(LoanView::new).toList();

        for (LoanView loan : loans) {
            LostItemPolicy policy = t.byId().get(loan.lostItemPolicyId());
            boolean recalled = loan.dueDateChangedByRecall();
            ObjectNode aged = loan.json().deepCopy();
            aged.put("action", LoanAction.ITEM_AGED_TO_LOST.value());
            aged.remove("actionComment");
            ObjectNode billing = aged.putObject("agedToLostDelayedBilling");
            billing.put("lostItemHasBeenBilled", false);
            billing.put("dateLostItemShouldBeBilled", Json.date(policy.billingDate(now, recalled)));
            billing.put("agedToLostDate", Json.date(now));
            CirculationTypes.LOANS.replace(c, schema, loan.json(), aged, null);
            ObjectNode item = items.get(loan.itemId());
            ObjectNode newItem = item.deepCopy();
            newItem.putObject("status").put("name", ItemStatus.AGED_TO_LOST.folioName()).put("date", Json.date(now));
            InventoryTypes.ITEMS.replace(c, schema, item, newItem, null);
        }
        return loans.size();
    }

    private static Thresholds thresholds(Connection c, String schema, Instant now) throws SQLException {
        List<UUID> ids = new ArrayList<>();
        List<String> normal = new ArrayList<>(), recalled = new ArrayList<>();
        Map<UUID, LostItemPolicy> byId = new HashMap<>();
        for (ObjectNode p : LoanStore.agingLostItemPolicies(c, schema)) {
            LostItemPolicy policy = LostItemPolicy.from(p);
            Period n = policy.agedLostOverdue(false), r = policy.agedLostOverdue(true);
            if (n == null && r == null) continue;
            UUID id = UUID.fromString(Json.text(p, "id"));
            ids.add(id);
            byId.put(id, policy);
            // A policy that does not age one kind of loan gets a threshold no due date is before.
            normal.add((n == null ? Instant.EPOCH : n.subtractFrom(now)).toString());
            recalled.add((r == null ? Instant.EPOCH : r.subtractFrom(now)).toString());
        }
        return new Thresholds(ids.toArray(UUID[]::new), normal.toArray(String[]::new), recalled.toArray(String[]::new),
                byId);
    }
}
