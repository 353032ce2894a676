package org.quire.circulation.blocks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.util.List;
import java.util.UUID;

/**
 * mod-patron-blocks' validation of conditions and limits, with its exact messages. Its errors come from RMB's
 * ValidationHelper, whose code is always "-1".
 */
final class PatronBlockValidation {
    private PatronBlockValidation() {
    }

    private static Refused invalid(String key, String value, String message) {
        return Refused.because(message, "-1", key, value);
    }

    /** A condition's message is shown exactly when it blocks something; its name and value type are fixed. */
    static final class Conditions implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous) {
            for (int i = 0; i < records.size(); i++) {
                ObjectNode r = records.get(i);
                boolean blank = Json.text(r, "message") == null || Json.text(r, "message").isBlank();
                boolean any = r.path("blockBorrowing").asBoolean() || r.path("blockRenewals").asBoolean()
                        || r.path("blockRequests").asBoolean();
                if (blank && any) throw invalid("patron block condition id", Json.text(r, "id"),
                        "Message to be displayed is a required field if one or more blocked actions selected");
                if (!blank && !any) throw invalid("patron block condition id", Json.text(r, "id"),
                        "One or more blocked actions must be selected for message to be displayed to be used");
                ObjectNode stored = previous.get(i);
                if (stored != null) {
                    r.put("name", Json.text(stored, "name"));
                    r.put("valueType", Json.text(stored, "valueType"));
                }
            }
        }
    }

    /** FOLIO's ranges: 0..999999 whole numbers, or 0.00..999999.99 for the fee/fine balance. */
    static final class Limits implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous) {
            for (ObjectNode r : records) {
                JsonNode v = r.get("value");
                if (v == null || v.isNull()) continue; // "required" has answered already
                if (!v.isNumber()) throw invalid("value", v.asText(), "Must be a number");
                double value = v.asDouble();
                boolean monetary = conditionOf(r).map(cond -> cond.monetary).orElse(false);
                if (monetary && !(value >= 0.0 && value <= 999999.99)) {
                    throw invalid("value", Double.toString(value), "Must be blank or a number from 0.00 to 999999.99");
                }
                if (!monetary && !(value % 1 == 0 && value >= 0 && value <= 999999)) {
                    throw invalid("value", Double.toString(value), "Must be blank or an integer from 0 to 999999");
                }
            }
        }

        private static java.util.Optional<BlockCondition> conditionOf(ObjectNode r) {
            try {
                return BlockCondition.byId(UUID.fromString(Json.text(r, "conditionId")));
            } catch (RuntimeException e) {
                return java.util.Optional.empty(); // the typed column reports a malformed id
            }
        }
    }
}
