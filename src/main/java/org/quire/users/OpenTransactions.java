package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

/**
 * mod-users-bl's open transactions of a user (openTransactions.json), counted in ONE statement where mod-users-bl
 * makes five HTTP calls (OpenTransactionsServiceImpl and its clients):
 * loans {@code userId==X AND status.name=Open}, requests {@code requesterId==X AND status=Open} (every "Open - …"
 * status), fees/fines {@code userId==X AND status.name="Open"}, manual blocks {@code userId==X} (expired ones
 * too), proxies {@code userId==X OR proxyUserId==X}. Each count is an index probe
 * ({@link UsersStore#openTransactionsById}).
 *
 * @param userBarcode null when the user has none (mod-users-bl then leaves it out)
 */
record OpenTransactions(String userId, String userBarcode, int loans, int requests, int feesFines, int proxies,
                        int blocks) {

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
