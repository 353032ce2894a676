package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Sql;

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
        List<Long> numbers = Sql.list(c, "SELECT nextval('" + schema + "." + sequence + "') FROM generate_series(1, ?)",
                List.of(missing), rs -> rs.getLong(1));
        int i = 0;
        for (ObjectNode r : records) {
            if (!r.hasNonNull("hrid")) r.put("hrid", prefix + String.format("%011d", numbers.get(i++)));
        }
    }
}
