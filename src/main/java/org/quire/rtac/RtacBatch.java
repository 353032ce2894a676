package org.quire.rtac;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Optional;

/**
 * The answer for a list of instance ids: every instance found, in request order, and an error for each id that
 * is unknown (or suppressed from discovery) or has no holdings — mod-rtac's RtacHoldingsBatch.
 */
public record RtacBatch(List<InstanceHoldings> holdings, List<Error> errors) {

    /** mod-rtac's error entry: the message and the HTTP status it stands for, as text ("404"). */
    public record Error(String message, String code) {
        static Error instanceNotFound(String id) {
            return new Error("Instance " + id + " can not be retrieved", "404");
        }

        static Error holdingsNotFound(String id) {
            return new Error("Holdings not found for instance " + id, "404");
        }
    }

    public Optional<InstanceHoldings> instance(String id) {
        return holdings.stream().filter(h -> h.instanceId().equals(id)).findFirst();
    }

    /** As mod-rtac: "errors" is left out when there are none. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        var a = o.putArray("holdings");
        for (InstanceHoldings h : holdings) a.add(h.toJson());
        if (!errors.isEmpty()) {
            var e = o.putArray("errors");
            for (Error err : errors) e.addObject().put("message", err.message()).put("code", err.code());
        }
        return o;
    }
}
