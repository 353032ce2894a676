package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.ItemView;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.domain.Refused;
import org.quire.users.UserTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.UUID;

/**
 * Which patron notice policy applies (the circulation rules' {@code n}) where the caller has no patron record at
 * hand: a loan's borrower by the patron group at check-out (mod-circulation reads the borrower's current group; the
 * loan's snapshot saves a statement), a request's requester by the request's requester snapshot. What the policy then
 * sends is notices/PatronNotices'.
 */
final class CirculationNotices {
    private CirculationNotices() {
    }

    /** The borrower's notice policy for a loan of {@code item}, matched in memory. */
    static UUID loanPolicyId(Connection c, String schema, CirculationRulesStore rules, ObjectNode loan, ItemView item)
            throws SQLException {
        String group = Json.text(loan, "patronGroupIdAtCheckout");
        // loans written before V21 stored the summary {id, name} instead of the id
        return policyId(c, schema, rules, group != null ? group : Json.text(loan, "patronGroupAtCheckout.id"), item);
    }

    /** No rules (a tenant set up without them, whose loans came through storage): no notices, not a failed desk. */
    private static UUID policyId(Connection c, String schema, CirculationRulesStore rules, String patronGroupId,
                                 ItemView item) throws SQLException {
        CirculationRules parsed;
        try {
            parsed = rules.rules(c, schema);
        } catch (Refused invalidRules) {
            return null;
        }
        return Ids.orNull(parsed.match(PolicyType.NOTICE,
                CirculationContext.criteria(patronGroupId, item)).policyId());
    }

    /**
     * The requester's notice policy: one of {@code fetched} when it is the same policy (one statement saved), else
     * read (1); the requester's group is read (+1) only when the request has no requester snapshot naming it.
     */
    static ObjectNode requesterPolicy(Connection c, String schema, CirculationRulesStore rules, ObjectNode request,
                                      ItemView item, Collection<ObjectNode> fetched) throws SQLException {
        String group = Json.text(request, "requester.patronGroup");
        if (group == null) group = UserTypes.USERS.get(c, schema, UUID.fromString(Json.text(request, "requesterId")))
                .map(u -> Json.text(u, "patronGroup")).orElse(null);
        UUID id = policyId(c, schema, rules, group, item);
        if (id == null) return null;
        for (ObjectNode p : fetched) if (id.toString().equals(Json.text(p, "id"))) return p;
        return CirculationTypes.NOTICE_POLICIES.get(c, schema, id).orElse(null);
    }
}
