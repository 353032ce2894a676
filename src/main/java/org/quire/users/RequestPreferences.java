package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * mod-circulation-storage's request preference rules (ramls/request-preference.json, RequestPreferencesApiTest):
 * holdShelf and delivery are booleans, fulfillment is "Delivery" or "Hold Shelf", the ids match the schema's UUID
 * pattern (422), and a user has at most one preference (422 "Request preference for specified user already
 * exists", on POST and on a PUT that moves a preference to another user).
 */
final class RequestPreferences implements RecordHooks {
    static final String DUPLICATE = "Request preference for specified user already exists";
    private static final Set<String> FULFILLMENT = Set.of("Delivery", "Hold Shelf");

    @Override
    public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        for (ObjectNode p : records) {
            for (String f : List.of("userId", "defaultServicePointId", "defaultDeliveryAddressTypeId")) {
                JsonNode v = p.get(f);
                if (v != null && !v.isNull() && !Ids.isUuid(v.asText())) {
                    throw Refused.because("must match \"" + Ids.UUID_PATTERN.pattern() + "\"",
                            "javax.validation.constraints.Pattern.message", f, v.asText());
                }
            }
            for (String f : List.of("holdShelf", "delivery")) {
                // RMB maps the body with Jackson, which refuses anything but a boolean (or its text) here: 400.
                JsonNode v = p.get(f);
                if (v != null && !v.isNull() && !v.isBoolean() && !v.asText().equals("true")
                        && !v.asText().equals("false")) {
                    throw new InvalidInput("Json content error Cannot deserialize value of type "
                            + "`java.lang.Boolean` from " + v + " (" + f + ")");
                }
                if (v != null && v.isTextual()) p.put(f, Boolean.parseBoolean(v.asText()));
            }
            JsonNode fulfillment = p.get("fulfillment");
            if (fulfillment != null && !fulfillment.isNull() && !FULFILLMENT.contains(fulfillment.asText())) {
                throw new InvalidInput("Json content error Cannot construct instance of "
                        + "`org.folio.rest.jaxrs.model.RequestPreference$Fulfillment`, problem: " + fulfillment.asText()
                        + " (fulfillment must be one of \"Delivery\", \"Hold Shelf\")");
            }
            UUID id = UUID.fromString(p.get("id").asText());
            if (UsersStore.otherRequestPreferenceExists(c, schema, p.get("userId").asText(), id)) {
                throw Refused.because(DUPLICATE, "userId", p.get("userId").asText());
            }
        }
    }
}
