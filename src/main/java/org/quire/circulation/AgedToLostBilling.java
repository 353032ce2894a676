package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.feesfines.LostItemFees;
import org.quire.feesfines.LostItemPolicy;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.jobs.TenantJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Job {@code age-to-lost-fee-charging} (FOLIO's scheduled-age-to-lost-fee-charging): an aged-to-lost loan whose
 * {@code agedToLostDelayedBilling.dateLostItemShouldBeBilled} has come is billed the policy's set cost and, when
 * {@code chargeAmountItemSystem}, its processing fee; {@code lostItemHasBeenBilled} becomes true, so it is billed once.
 * A policy with nothing to bill closes the loan instead, the item "Lost and paid".
 * <p>
 * Candidates: one range scan of the partial index {@code loan_aged_to_lost_billing_idx} (1); items locked (1), loans
 * locked (1), items' details for the accounts (1), policies (1); then per loan its fees (1 each) and the loan (1).
 */
public final class AgedToLostBilling implements TenantJob {
    private static final Logger log = LoggerFactory.getLogger(AgedToLostBilling.class);

    @Override
    public String name() {
        return "age-to-lost-fee-charging";
    }

    @Override
    public Duration every() {
        return Duration.ofMinutes(35);   // FOLIO's default timer: age to lost every 30 minutes, fee charging every 35
    }

    @Override
    public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
        List<LoanStore.LoanAndItem> candidates = LoanStore.agedToLostBillingCandidates(c, schema, now, limit);
        if (candidates.isEmpty()) return 0;
        Map<UUID, ObjectNode> items = LoanStore.lockItemsSkippingHeld(c, schema,
                candidates.stream().map(LoanStore.LoanAndItem::itemId).toList(), false, ItemStatus.AGED_TO_LOST);
        List<LoanView> loans = LoanStore.lockAgedToLostBillingLoans(c, schema, now,
                candidates.stream().map(LoanStore.LoanAndItem::loanId).toList(), items.keySet())
                .stream().map(LoanView::new).toList();
        if (loans.isEmpty()) return 0;

        Map<UUID, ItemView> views = new HashMap<>();
        for (ItemView v : InventoryStore.itemsByIds(c, schema, loans.stream().map(LoanView::itemId).toList())) {
            views.put(v.id(), v);
        }
        Set<UUID> policyIds = new HashSet<>();
        for (LoanView l : loans) {
            UUID id = l.lostItemPolicyId();
            if (id != null) policyIds.add(id);
        }
        Map<UUID, ObjectNode> policies = CirculationTypes.LOST_ITEM_POLICIES.getMany(c, schema, policyIds);

        for (LoanView loan : loans) {
            UUID policyId = loan.lostItemPolicyId();
            LostItemPolicy policy = LostItemPolicy.from(policyId == null ? null : policies.get(policyId));
            ObjectNode billed = loan.json().deepCopy();
            ((ObjectNode) billed.get("agedToLostDelayedBilling")).put("lostItemHasBeenBilled", true);
            if (!LostItemFees.anyDue(policy, true)) {
                // Nothing to bill: the loan closes and the item is "Lost and paid", as mod-circulation does.
                LostAndPaid.close(billed, now);
                ObjectNode item = items.get(loan.itemId());
                ObjectNode paid = item.deepCopy();
                paid.putObject("status").put("name", ItemStatus.LOST_AND_PAID.folioName()).put("date", Json.date(now));
                InventoryTypes.ITEMS.replace(c, schema, item, paid, null);
            } else if (!LostItemFees.charge(c, schema, loan.json(), views.get(loan.itemId()),
                    policy, true, null, null, now)) {
                // Retrying would not find an owner either, and would hold the batch forever: billed without fees.
                log.warn("Aged-to-lost loan {} in {}: no fee/fine owner serves the item's location; no lost item fees",
                        loan.id(), schema);
            }
            CirculationTypes.LOANS.replace(c, schema, loan.json(), billed, null);
        }
        return loans.size();
    }
}
