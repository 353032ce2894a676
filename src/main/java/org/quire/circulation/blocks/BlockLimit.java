package org.quire.circulation.blocks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A patron group's limit joined with its condition's blocked actions and message, as the patron lookup returns
 * them (users/PatronView.java: only limits whose condition blocks at least one action).
 */
public record BlockLimit(BlockCondition condition, BigDecimal value, boolean blockBorrowing, boolean blockRenewals,
                         boolean blockRequests, String message) {

    public static List<BlockLimit> from(List<ObjectNode> json) {
        List<BlockLimit> out = new ArrayList<>();
        for (ObjectNode n : json) {
            // A limit of a condition Quire does not know cannot be evaluated (FOLIO logs and skips it too).
            BlockCondition.byId(UUID.fromString(n.get("conditionId").asText())).ifPresent(c -> out.add(new BlockLimit(c,
                    new BigDecimal(n.get("value").asText()), n.path("blockBorrowing").asBoolean(),
                    n.path("blockRenewals").asBoolean(), n.path("blockRequests").asBoolean(), Json.text(n, "message"))));
        }
        return out;
    }
}
