package org.quire.feesfines;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How mod-feesfines spreads one amount over several fees/fines (its SplitEvenlyRecursively): by ascending actionable
 * amount, each takes an even share (rounded down to the cent) or all it can take if less, the share of the rest being
 * re-evened after such a short one; the cents left over by rounding go one each to the accounts, in the same order,
 * that can still take one. Also used to spread a refund over the transfer accounts it goes back to.
 */
final class AmountSplit {
    private static final BigDecimal CENT = new BigDecimal("0.01");

    private AmountSplit() {
    }

    /**
     * @param total      what to spread; never more than the sum of {@code actionable} (the caller validated that)
     * @param actionable what each key can take, in a stable order (ties keep it)
     * @return the positive share of each key that gets one, in the order shares were handed out
     */
    static <K> Map<K, BigDecimal> split(BigDecimal total, Map<K, BigDecimal> actionable) {
        List<Map.Entry<K, BigDecimal>> order = new ArrayList<>(actionable.entrySet());
        order.sort(Map.Entry.comparingByValue(Comparator.naturalOrder()));
        Map<K, BigDecimal> shares = new LinkedHashMap<>();
        BigDecimal left = Money.of(total);
        int pieces = order.size();
        BigDecimal even = evenShare(left, pieces);
        for (Map.Entry<K, BigDecimal> e : order) {
            if (left.signum() <= 0) break;
            pieces--;
            BigDecimal share = e.getValue().compareTo(even) >= 0 ? even.min(left) : e.getValue().min(left);
            left = left.subtract(share);
            if (e.getValue().compareTo(even) < 0) even = evenShare(left, pieces);
            shares.put(e.getKey(), share);
        }
        // FOLIO hands the leftover cents only to accounts that already got a share, and fails (500) when none did
        // (one cent over two accounts); Quire offers them to every account in the same order instead.
        for (Map.Entry<K, BigDecimal> e : order) {
            if (left.signum() <= 0) break;
            BigDecimal more = shares.getOrDefault(e.getKey(), Money.ZERO).add(CENT);
            if (e.getValue().compareTo(more) >= 0) {
                shares.put(e.getKey(), more);
                left = left.subtract(CENT);
            }
        }
        if (left.signum() > 0) throw new IllegalStateException("Failed to split requested amount correctly");
        shares.values().removeIf(v -> v.signum() <= 0);
        return shares;
    }

    private static BigDecimal evenShare(BigDecimal amount, int pieces) {
        return pieces <= 0 ? amount : amount.divide(BigDecimal.valueOf(pieces), 2, RoundingMode.FLOOR);
    }
}
