package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** FOLIO's human-readable ids ("in00000000001"), one sequence per record type, assigned in one round trip a batch. */
final class Hrids {
    private Hrids() {
    }

    static void assign(Connection c, String schema, String sequence, String prefix, List<ObjectNode> records)
            throws SQLException {
        int missing = (int) records.stream().filter(r -> !r.hasNonNull("hrid")).count();
        if (missing == 0) return;
        List<Long> numbers = InventoryStore.nextNumbers(c, schema, sequence, missing);
        int i = 0;
        for (ObjectNode r : records) {
            if (!r.hasNonNull("hrid")) r.put("hrid", prefix + String.format("%011d", numbers.get(i++)));
        }
    }
}
