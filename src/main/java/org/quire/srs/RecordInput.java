package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.marc.MarcRecords;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * FOLIO's Record JSON (data-import-raml-storage schemas/dto/record.json) read into an {@link SrsRecord}. Required:
 * snapshotId, recordType and rawRecord (422 "must not be null" each, RMB's shape; the schema's matchedId is derived by
 * SRS's RecordServiceImpl.setMatchedIdForRecord when missing); ids
 * must be UUIDs (422 Pattern). Unknown properties are accepted. A parsedRecord whose content is not readable
 * MARC-in-JSON is kept as the record's errorRecord instead, as SRS's RecordServiceImpl does when it cannot format
 * the content (validateParsedRecordContent).
 */
final class RecordInput {
    private RecordInput() {
    }

    private static final String UUID_REGEX = "^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[1-5][a-fA-F0-9]{3}-[89abAB][a-fA-F0-9]{3}-[a-fA-F0-9]{12}$";

    /** The record sent, and whether it named its generation (SRS calculates a missing one). */
    record Sent(SrsRecord record, boolean generationGiven) {
    }

    static Sent read(ObjectNode json) {
        List<Refusal> refusals = new ArrayList<>();
        // matchedId is no longer required: SRS's saveRecord derives it (setMatchedIdForRecord)
        for (String required : List.of("snapshotId", "recordType", "rawRecord")) {
            if (!json.hasNonNull(required)) refusals.add(Refusal.required(required));
        }
        UUID id = uuid(json, "id", refusals);
        UUID snapshotId = uuid(json, "snapshotId", refusals);
        UUID matchedId = uuid(json, "matchedId", refusals);
        JsonNode x = json.path("externalIdsHolder");
        ExternalIds external = new ExternalIds(uuid(x, "externalIdsHolder.instanceId", "instanceId", refusals),
                text(x, "instanceHrid"), uuid(x, "externalIdsHolder.holdingsId", "holdingsId", refusals),
                text(x, "holdingsHrid"), uuid(x, "externalIdsHolder.authorityId", "authorityId", refusals),
                text(x, "authorityHrid"));
        if (!refusals.isEmpty()) throw new Refused(refusals);

        SrsRecordType type = enumValue(SrsRecordType.class, json, "recordType");
        SrsState state = json.hasNonNull("state") ? enumValue(SrsState.class, json, "state")
                : json.path("deleted").asBoolean(false) ? SrsState.DELETED : SrsState.ACTUAL;
        int generation = integer(json, "generation", 0);
        Integer order = json.hasNonNull("order") ? integer(json, "order", 0) : null;
        JsonNode raw = json.path("rawRecord").path("content");
        String rawContent = raw.isMissingNode() || raw.isNull() ? null : raw.isTextual() ? raw.asText() : Json.write(raw);

        ObjectNode parsed = null;
        String errorDescription = text(json.path("errorRecord"), "description");
        String errorContent = contentText(json.path("errorRecord").path("content"));
        JsonNode content = json.path("parsedRecord").path("content");
        if (!content.isMissingNode() && !content.isNull()) {
            try {
                // Kept as sent (SRS stores the content it is given, and formats it only to check it): a control
                // field among data fields stays where the client put it.
                MarcRecords.fromMarcJson(content);
                parsed = content.isObject() ? (ObjectNode) content : (ObjectNode) Json.parseInput(content.asText());
            } catch (IllegalArgumentException e) {
                errorDescription = e.getMessage();
                errorContent = contentText(content);
            }
        }
        String leaderStatus = text(json, "leaderRecordStatus");
        if (leaderStatus == null) leaderStatus = SrsRecord.leaderStatus(parsed);
        if (leaderStatus != null && leaderStatus.length() != 1) {
            throw new InvalidInput("leaderRecordStatus must be one character: " + leaderStatus);
        }
        JsonNode suppress = json.path("additionalInfo").path("suppressDiscovery");
        if (!suppress.isMissingNode() && !suppress.isNull() && !suppress.isBoolean()) {
            throw new InvalidInput("additionalInfo.suppressDiscovery must be a boolean");
        }
        return new Sent(new SrsRecord(id == null ? UUID.randomUUID() : id, matchedId, snapshotId, generation, type,
                state, rawContent, parsed, errorDescription, errorContent, external, suppress.asBoolean(false),
                leaderStatus, order, null, null, null, null), json.hasNonNull("generation"));
    }

    private static String contentText(JsonNode n) {
        if (n == null || n.isMissingNode() || n.isNull()) return null;
        return n.isTextual() ? n.asText() : Json.write(n);
    }

    private static UUID uuid(JsonNode json, String property, List<Refusal> refusals) {
        return uuid(json, property, property, refusals);
    }

    private static UUID uuid(JsonNode json, String path, String property, List<Refusal> refusals) {
        JsonNode v = json.get(property);
        if (v == null || v.isNull()) return null;
        if (!v.isTextual() || !v.asText().matches(UUID_REGEX)) {
            refusals.add(Refusal.of("must match \"" + UUID_REGEX + "\"", "javax.validation.constraints.Pattern.message",
                    path, v.asText()));
            return null;
        }
        return Ids.orNull(v.asText());
    }

    private static String text(JsonNode json, String property) {
        JsonNode v = json.get(property);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, JsonNode json, String property) {
        String v = json.path(property).asText();
        try {
            return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("Invalid " + property + ": '" + v + "'; expected one of "
                    + java.util.Arrays.toString(type.getEnumConstants()));
        }
    }

    private static int integer(JsonNode json, String property, int dflt) {
        JsonNode v = json.get(property);
        if (v == null || v.isNull()) return dflt;
        if (!v.canConvertToInt() || !v.isIntegralNumber() && !v.asText().matches("\\d+") || v.asInt() < 0) {
            throw new InvalidInput(property + " must be a non-negative integer, was " + v);
        }
        return v.asInt();
    }
}
