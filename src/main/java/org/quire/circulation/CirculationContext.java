package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleCriteria;
import org.quire.circulation.rules.RuleMatch;
import org.quire.inventory.ItemView;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.users.PatronView;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/** The circulation rules' criteria of a patron and an item, shared by check-out, check-in, renewal and requests. */
final class CirculationContext {
    private CirculationContext() {
    }

    static RuleCriteria criteria(PatronView patron, ItemView item) {
        return criteria(patron.patronGroupId(), item);
    }

    static RuleCriteria criteria(String patronGroupId, ItemView item) {
        ObjectNode loc = item.effectiveLocation();
        return new RuleCriteria(patronGroupId, Json.text(item.item(), "materialTypeId"), item.loanTypeId(),
                loc == null ? null : Json.text(loc, "institutionId"), loc == null ? null : Json.text(loc, "campusId"),
                loc == null ? null : Json.text(loc, "libraryId"), Json.text(item.item(), "effectiveLocationId"));
    }

    static RuleMatch match(CirculationRules rules, PolicyType type, PatronView patron, ItemView item) {
        return rules.match(type, criteria(patron, item));
    }
}
