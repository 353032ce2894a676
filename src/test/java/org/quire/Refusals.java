package org.quire;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Assertions on FOLIO's 422 answer {"errors":[{"message","code","parameters":[{"key","value"}]}]}. */
public final class Refusals {
    private Refusals() {
    }

    /**
     * The answer is a 422 one of whose errors has exactly this code and message (code null: FOLIO sends none).
     * Returns that error, for assertions on its parameters.
     */
    public static JsonNode assertRefused(Api.Reply reply, String code, String message) {
        assertThat(reply.status()).as("status of %s", reply.body()).isEqualTo(422);
        JsonNode errors = reply.json().path("errors");
        List<String> seen = new ArrayList<>();
        for (JsonNode e : errors) {
            String c = e.hasNonNull("code") ? e.get("code").asText() : null;
            if (java.util.Objects.equals(c, code) && message.equals(e.path("message").asText())) return e;
            seen.add(c + ": " + e.path("message").asText());
        }
        throw new AssertionError("No error {code " + code + ", message \"" + message + "\"} in " + seen);
    }

    /**
     * As {@link #assertRefused(Api.Reply, String, String)}, and that error has the parameter {key: value} (value null:
     * FOLIO writes null or leaves the value out). Several errors may share a code and message (one per missing
     * property): any of them may carry the parameter.
     */
    public static JsonNode assertRefused(Api.Reply reply, String code, String message, String key, String value) {
        assertRefused(reply, code, message);
        List<String> params = new ArrayList<>();
        for (JsonNode e : reply.json().path("errors")) {
            String c = e.hasNonNull("code") ? e.get("code").asText() : null;
            if (!java.util.Objects.equals(c, code) || !message.equals(e.path("message").asText())) continue;
            for (JsonNode p : e.path("parameters")) {
                String v = p.hasNonNull("value") ? p.get("value").asText() : null;
                if (key.equals(p.path("key").asText()) && java.util.Objects.equals(value, v)) return e;
                params.add(p.path("key").asText() + "=" + v);
            }
        }
        throw new AssertionError("Error \"" + message + "\" has no parameter " + key + "=" + value + " but " + params);
    }
}
