package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * Charges the overdue fine of a loan closed at check-in, inside the check-in's transaction, with ONE statement
 * ({@link AutomaticFees}: the owner serving the item location's primary service point, the "Overdue fine" account and
 * its charging feefineaction). No owner, no fine (FOLIO logs and skips too); no fine due,
 * no statement at all.
 */
public final class OverdueFines {
    private OverdueFines() {
    }

    /** Returns the fine charged (zero when none). */
    public static BigDecimal charge(Connection c, String schema, ObjectNode closedLoan, ItemView item,
                                    JsonNode finePolicy, JsonNode loanPolicy, UUID servicePointId, UUID staffUserId)
            throws SQLException {
        Instant due = instant(closedLoan, "dueDate");
        Instant returned = instant(closedLoan, "returnDate");
        BigDecimal amount = OverdueFineCalculation.amount(finePolicy, loanPolicy, due, returned);
        if (amount.signum() <= 0) return Money.ZERO;
        boolean charged = AutomaticFees.charge(c, schema, closedLoan, item, AutomaticFees.OVERDUE_FINE, amount,
                servicePointId, staffUserId, Instant.now());
        return charged ? amount : Money.ZERO;
    }

    private static Instant instant(JsonNode n, String field) {
        String s = Json.text(n, field);
        return s == null ? null : Json.parseInstant(s);
    }
}
