package org.quire.rtac;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;

/** The availability of one instance: mod-rtac's RtacHoldings, edge-rtac's InstanceHoldings. */
public record InstanceHoldings(String instanceId, List<RtacHolding> holdings) {

    public ObjectNode toJson() {
        ObjectNode o = Json.object().put("instanceId", instanceId);
        var a = o.putArray("holdings");
        for (RtacHolding h : holdings) a.add(h.toJson());
        return o;
    }
}
