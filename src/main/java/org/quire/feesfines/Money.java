package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Fee/fine amounts: BigDecimal with two decimals, half-even as FOLIO's MonetaryValue; never a double. */
public final class Money {
    public static final BigDecimal ZERO = BigDecimal.ZERO.setScale(2);

    private Money() {
    }

    public static BigDecimal of(BigDecimal v) {
        return v.setScale(2, RoundingMode.HALF_EVEN);
    }

    /** A JSON number or numeric string (FOLIO's action bodies send "amount": "10.00"); null when absent. */
    public static BigDecimal parse(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return null;
        String s = n.isNumber() ? n.decimalValue().toPlainString() : n.asText().trim();
        return of(new BigDecimal(s));
    }

    /** The stored amount of an account field; absent counts as zero. */
    public static BigDecimal field(JsonNode record, String name) {
        BigDecimal v = parse(record.get(name));
        return v == null ? ZERO : v;
    }
}
