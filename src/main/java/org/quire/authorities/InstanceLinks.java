package org.quire.authorities;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * PUT /links/instances/{instanceId}: replaces an instance's authority links (LinkingServiceDelegate.updateLinks).
 * One transaction, two statements (delete the links not kept, upsert the rest).
 */
public final class InstanceLinks {
    private static final List<String> REQUIRED = List.of("authorityId", "authorityNaturalId", "instanceId",
            "linkingRuleId");

    private InstanceLinks() {
    }

    public static void replace(Database db, String schema, UUID instanceId, ObjectNode body) {
        List<AuthoritiesStore.Link> links = parse(instanceId, body);
        db.tx(c -> {
            AuthoritiesStore.replaceLinks(c, schema, instanceId, links);
            return null;
        });
    }

    /** The body's links, validated as FOLIO's generated DTO and LinkingServiceDelegate.validateInstanceId do. */
    static List<AuthoritiesStore.Link> parse(UUID instanceId, ObjectNode body) {
        JsonNode arr = body.get("links");
        // instanceLinkDtoCollection: links is required (bean validation, 422).
        if (arr == null || arr.isNull()) throw new Refused(Refusal.of("must not be null", "validation", "links", "null"));
        if (!arr.isArray()) throw new InvalidInput("JSON parse error: links must be an array");
        List<Refusal> missing = new ArrayList<>();
        List<Refusal> otherInstance = new ArrayList<>();
        Map<String, AuthoritiesStore.Link> links = new LinkedHashMap<>();
        for (int i = 0; i < arr.size(); i++) {
            JsonNode l = arr.get(i);
            if (!l.isObject()) throw new InvalidInput("JSON parse error: links[" + i + "] must be an object");
            for (String p : REQUIRED) {
                if (l.path(p).isNull() || l.path(p).isMissingNode())
                    missing.add(Refusal.of("must not be null", "validation", "links[" + i + "]." + p, "null"));
            }
            if (!missing.isEmpty()) continue;
            UUID authorityId = uuid(l.get("authorityId"), "authorityId");
            UUID target = uuid(l.get("instanceId"), "instanceId");
            JsonNode rule = l.get("linkingRuleId");
            if (!rule.canConvertToInt() || !(rule.isIntegralNumber() || rule.asText().matches("-?\\d{1,9}")))
                throw new InvalidInput("JSON parse error: linkingRuleId must be an integer, not " + rule);
            if (!l.get("authorityNaturalId").isTextual())
                throw new InvalidInput("JSON parse error: authorityNaturalId must be a string, not " + l.get("authorityNaturalId"));
            if (!target.equals(instanceId)) otherInstance.add(Refusal.of("Link should have instanceId = " + instanceId,
                    "validation", "instanceId", target.toString()));
            int ruleId = rule.asInt();
            if (LinkingRules.byId(ruleId).isEmpty())
                throw Refused.because("Linking rule with ID [" + ruleId + "] was not found", "validation",
                        "linkingRuleId", String.valueOf(ruleId));
            // One link per authority and rule, the last one given wins (the table's unique key).
            links.put(authorityId + "/" + ruleId, new AuthoritiesStore.Link(target, authorityId,
                    l.get("authorityNaturalId").asText(), ruleId));
        }
        Refused.throwIfAny(missing);
        // RequestBodyValidationException: one message, a parameter per offending link.
        if (!otherInstance.isEmpty()) throw new Refused(new Refusal(otherInstance.getFirst().message(), "validation",
                otherInstance.stream().flatMap(r -> r.parameters().stream()).toList()));
        return List.copyOf(links.values());
    }

    /** A UUID property of a link; anything else is unreadable JSON for FOLIO's DTO (400). */
    static UUID uuid(JsonNode n, String property) {
        return Ids.parse(n.isTextual() ? n.asText() : "").orElseThrow(() -> new InvalidInput(
                "JSON parse error: Cannot deserialize value of type `java.util.UUID` from " + n + " (" + property + ")"));
    }
}
