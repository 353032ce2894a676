package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;
import org.quire.platform.Period;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The parts of FOLIO's lost item fee policy (lost-item-fee-policy.json) that Quire acts on, read as mod-circulation
 * reads them: a set cost is charged only for {@code chargeAmountItem.chargeType} "anotherCost" ("actualCost" needs
 * FOLIO's actual-cost records, which Quire does not have); the processing fee only when {@code chargeAmountItemPatron}
 * (declared lost) or {@code chargeAmountItemSystem} (aged to lost) says so; an absent or zero period is "not set".
 *
 * @param setCost                 the lost item fee, or null
 * @param processingFee           {@code lostItemProcessingFee}, or null
 * @param refundPeriod            {@code feesFinesShallRefunded}: fees are refunded only for items returned within it
 *                                of being lost; null = at any time
 * @param refundProcessingFee     {@code returnedLostItemProcessingFee}
 * @param chargeOverdueFine       {@code lostItemReturned} "Charge" (vs "Remove"): the overdue fine is charged when a
 *                                lost item comes back and its lost fees are cancelled
 */
public record LostItemPolicy(BigDecimal setCost, BigDecimal processingFee, boolean processingFeeWhenDeclared,
                             boolean processingFeeWhenAged, Period refundPeriod, boolean refundProcessingFee,
                             boolean chargeOverdueFine, Period agedLostOverdue, Period billedAfterAgedLost,
                             Period recalledAgedLostOverdue, Period billedAfterRecalledAgedLost) {

    public static final LostItemPolicy NONE = new LostItemPolicy(null, null, false, false, null, false, false, null,
            null, null, null);

    public static LostItemPolicy from(JsonNode p) {
        if (p == null) return NONE;
        JsonNode item = p.path("chargeAmountItem");
        BigDecimal setCost = "anotherCost".equals(Json.text(item, "chargeType")) ? positive(item.get("amount")) : null;
        return new LostItemPolicy(setCost, positive(p.get("lostItemProcessingFee")),
                p.path("chargeAmountItemPatron").asBoolean(false), p.path("chargeAmountItemSystem").asBoolean(false),
                period(p, "feesFinesShallRefunded"), p.path("returnedLostItemProcessingFee").asBoolean(false),
                "charge".equalsIgnoreCase(Json.text(p, "lostItemReturned")), period(p, "itemAgedLostOverdue"),
                period(p, "patronBilledAfterAgedLost"), period(p, "recalledItemAgedLostOverdue"),
                period(p, "patronBilledAfterRecalledItemAgedLost"));
    }

    /** The processing fee charged when the patron or staff declare the item lost (false) or it ages to lost (true). */
    public BigDecimal processingFee(boolean agedToLost) {
        return (agedToLost ? processingFeeWhenAged : processingFeeWhenDeclared) ? processingFee : null;
    }

    /** How long after its due date a loan ages to lost; null when this policy never ages loans. */
    public Period agedLostOverdue(boolean recalled) {
        return recalled && recalledAgedLostOverdue != null ? recalledAgedLostOverdue : agedLostOverdue;
    }

    /** When an aged-to-lost item is billed: this period after it aged (null = at once). */
    public Instant billingDate(Instant agedToLost, boolean recalled) {
        Period p = recalled && billedAfterRecalledAgedLost != null ? billedAfterRecalledAgedLost : billedAfterAgedLost;
        return p == null ? agedToLost : p.addTo(agedToLost);
    }

    /** Whether fees are still refunded for an item lost at {@code lostDate} and returned at {@code returned}. */
    public boolean refundsWhenReturned(Instant lostDate, Instant returned) {
        return refundPeriod == null || lostDate == null || !returned.isAfter(refundPeriod.addTo(lostDate));
    }

    private static Period period(JsonNode p, String field) {
        Period period = Period.from(p.get(field));
        if (period == null || period.duration() <= 0) return null;
        return switch (period.intervalId()) {
            case "Minutes", "Hours", "Days", "Weeks", "Months" -> period;
            default -> null;
        };
    }

    private static BigDecimal positive(JsonNode n) {
        BigDecimal v;
        try {
            v = Money.parse(n);
        } catch (NumberFormatException e) {
            return null;
        }
        return v == null || v.signum() <= 0 ? null : v;
    }
}
