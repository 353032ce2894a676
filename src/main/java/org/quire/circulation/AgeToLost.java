package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.LostItemPolicy;
import org.quire.inventory.InventoryTypes;
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
    static final String NOT_AGEABLE = "('Declared lost', 'Aged to lost', 'Claimed returned')";

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
        List<Object> params = new ArrayList<>(List.of(c.createArrayOf("uuid", t.policies()),
                c.createArrayOf("timestamptz", t.normal()), c.createArrayOf("timestamptz", t.recalled()),
                now));
        List<UUID[]> candidates = Sql.list(c, candidatesSql(schema, false) + " ORDER BY l.due_date LIMIT ?",
                append(params, limit), rs -> new UUID[]{rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)});
        if (candidates.isEmpty()) return 0;

        Map<UUID, ObjectNode> items = lockItems(c, schema, candidates.stream().map(x -> x[1]).toList(),
                "status_name NOT IN " + NOT_AGEABLE);
        List<Object> lockParams = append(params, c.createArrayOf("uuid", candidates.stream().map(x -> x[0]).toArray()));
        lockParams.add(c.createArrayOf("uuid", items.keySet().toArray()));
        List<ObjectNode> loans = Sql.list(c, candidatesSql(schema, true)
                        + " AND l.id = ANY(?) AND l.item_id = ANY(?) FOR UPDATE OF l SKIP LOCKED", lockParams,
                rs -> Json.parseObject(rs.getString(1)));

        for (ObjectNode loan : loans) {
            LostItemPolicy policy = t.byId().get(LoanRepresentation.uuid(loan, "lostItemPolicyId"));
            boolean recalled = loan.path("dueDateChangedByRecall").asBoolean(false);
            ObjectNode aged = loan.deepCopy();
            aged.put("action", "itemAgedToLost");
            aged.remove("actionComment");
            ObjectNode billing = aged.putObject("agedToLostDelayedBilling");
            billing.put("lostItemHasBeenBilled", false);
            billing.put("dateLostItemShouldBeBilled", Json.date(policy.billingDate(now, recalled)));
            billing.put("agedToLostDate", Json.date(now));
            CirculationTypes.LOANS.replace(c, schema, loan, aged, null);
            ObjectNode item = items.get(LoanRepresentation.uuid(loan, "itemId"));
            ObjectNode newItem = item.deepCopy();
            newItem.putObject("status").put("name", "Aged to lost").put("date", Json.date(now));
            InventoryTypes.ITEMS.replace(c, schema, item, newItem, null);
        }
        return loans.size();
    }

    /**
     * Open loans not yet lost whose due date is before their policy's threshold. With {@code lock} it returns the
     * loans' JSON (for the FOR UPDATE), else their ids and item ids.
     */
    static String candidatesSql(String schema, boolean lock) {
        return "SELECT " + (lock ? "l.jsonb" : "l.id, l.item_id") + " FROM " + schema + ".loan l"
                + " JOIN unnest(?::uuid[], ?::timestamptz[], ?::timestamptz[]) AS t (policy_id, normal, recalled)"
                + " ON t.policy_id = l.lost_item_policy_id"
                + " JOIN " + schema + ".item i ON i.id = l.item_id AND i.status_name NOT IN " + NOT_AGEABLE
                + " WHERE l.status_name = 'Open' AND l.action NOT IN ('declaredLost', 'itemAgedToLost', 'claimedReturned')"
                + " AND l.due_date < ? AND l.due_date < CASE WHEN l.jsonb->>'dueDateChangedByRecall' = 'true'"
                + " THEN t.recalled ELSE t.normal END";
    }

    private static Thresholds thresholds(Connection c, String schema, Instant now) throws SQLException {
        List<UUID> ids = new ArrayList<>();
        List<String> normal = new ArrayList<>(), recalled = new ArrayList<>();
        Map<UUID, LostItemPolicy> byId = new HashMap<>();
        for (ObjectNode p : Sql.list(c, "SELECT jsonb FROM " + schema + ".lost_item_policy WHERE"
                        + " jsonb->'itemAgedLostOverdue' IS NOT NULL OR jsonb->'recalledItemAgedLostOverdue' IS NOT NULL",
                List.of(), rs -> Json.parseObject(rs.getString(1)))) {
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

    /** The item rows of {@code ids} still in a state {@code condition} accepts, locked, skipping those held. */
    static Map<UUID, ObjectNode> lockItems(Connection c, String schema, List<UUID> ids, String condition)
            throws SQLException {
        Map<UUID, ObjectNode> out = new HashMap<>();
        for (ObjectNode item : Sql.list(c, "SELECT jsonb FROM " + schema + ".item WHERE id = ANY(?) AND " + condition
                        + " ORDER BY id FOR UPDATE SKIP LOCKED", List.of(c.createArrayOf("uuid", ids.toArray())),
                rs -> Json.parseObject(rs.getString(1)))) {
            out.put(UUID.fromString(Json.text(item, "id")), item);
        }
        return out;
    }

    private static List<Object> append(List<Object> params, Object more) {
        List<Object> out = new ArrayList<>(params);
        out.add(more);
        return out;
    }
}
