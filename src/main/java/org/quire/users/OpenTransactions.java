package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * mod-users-bl's open transactions of a user (openTransactions.json), counted in ONE statement where mod-users-bl
 * makes five HTTP calls (OpenTransactionsServiceImpl and its clients):
 * loans {@code userId==X AND status.name=Open}, requests {@code requesterId==X AND status=Open} (every "Open - …"
 * status), fees/fines {@code userId==X AND status.name="Open"}, manual blocks {@code userId==X} (expired ones
 * too), proxies {@code userId==X OR proxyUserId==X}. Each count is an index probe.
 *
 * @param userBarcode null when the user has none (mod-users-bl then leaves it out)
 */
record OpenTransactions(String userId, String userBarcode, int loans, int requests, int feesFines, int proxies,
                        int blocks) {

    private static final String SELECT = """
            SELECT u.id, u.barcode,
                   (SELECT count(*) FROM %1$s.loan l WHERE l.user_id = u.id AND l.status_name = 'Open'),
                   (SELECT count(*) FROM %1$s.request r WHERE r.requester_id = u.id AND r.status LIKE 'Open%%'),
                   (SELECT count(*) FROM %1$s.account a WHERE a.user_id = u.id AND a.status_name = 'Open'),
                   (SELECT count(*) FROM %1$s.proxy_for p WHERE p.user_id = u.id OR p.proxy_user_id = u.id),
                   (SELECT count(*) FROM %1$s.manual_block b WHERE b.user_id = u.id)
            FROM %1$s.users u WHERE u.%2$s = ?
            """;

    static Optional<OpenTransactions> find(Connection c, String schema, String column, Object value)
            throws SQLException {
        return Sql.one(c, SELECT.formatted(schema, column), List.of(value), rs -> new OpenTransactions(
                rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getInt(5), rs.getInt(6),
                rs.getInt(7)));
    }

    boolean any() {
        return loans + requests + feesFines + proxies + blocks > 0;
    }

    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("userId", userId);
        if (userBarcode != null) o.put("userBarcode", userBarcode);
        o.put("hasOpenTransactions", any());
        o.put("loans", loans);
        o.put("requests", requests);
        o.put("feesFines", feesFines);
        o.put("proxies", proxies);
        o.put("blocks", blocks);
        return o;
    }
}
