package org.quire.rtac;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Optional;

/**
 * The answer for a list of instance ids: every instance found, in request order, and an error for each id that
 * is unknown (or suppressed from discovery) or has no holdings — mod-rtac's RtacHoldingsBatch.
 *
 * @param holdingsJson each instance's JSON as {@link InstanceHoldings#toJson} writes it, in the order of
 *                     {@code holdings}: written once when its answer was read, then kept ({@link AvailabilityCache})
 */
public record RtacBatch(List<InstanceHoldings> holdings, List<Error> errors, List<byte[]> holdingsJson) {

    public RtacBatch {
        if (holdingsJson.size() != holdings.size()) throw new IllegalArgumentException("one JSON per instance");
    }

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

    /**
     * {@link #toJson}'s bytes, written from each instance's kept JSON: the large answers are not written again
     * (the JSON of 300 holdings × 2 items took 1.3 ms to write).
     */
    public byte[] jsonBytes() {
        var out = new java.io.ByteArrayOutputStream(64 + holdingsJson.stream().mapToInt(b -> b.length + 1).sum());
        out.writeBytes(HOLDINGS_OPEN);
        for (int i = 0; i < holdingsJson.size(); i++) {
            if (i > 0) out.write(',');
            out.writeBytes(holdingsJson.get(i));
        }
        out.write(']');
        if (!errors.isEmpty()) {
            out.writeBytes(ERRORS_KEY);
            out.writeBytes(Json.writeBytes(errorsJson()));
        }
        out.write('}');
        return out.toByteArray();
    }

    private static final byte[] HOLDINGS_OPEN = "{\"holdings\":[".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    private static final byte[] ERRORS_KEY = ",\"errors\":".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    /** As mod-rtac: "errors" is left out when there are none. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        var a = o.putArray("holdings");
        for (InstanceHoldings h : holdings) a.add(h.toJson());
        if (!errors.isEmpty()) o.set("errors", errorsJson());
        return o;
    }

    private com.fasterxml.jackson.databind.node.ArrayNode errorsJson() {
        var e = Json.array();
        for (Error err : errors) e.addObject().put("message", err.message()).put("code", err.code());
        return e;
    }
}
