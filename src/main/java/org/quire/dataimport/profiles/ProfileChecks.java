package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.domain.Refusal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The checks of a profile write body ({@code {profile, addedRelations[], deletedRelations[]}}) that need no
 * database: FOLIO's schema (required properties as RMB's "must not be null", enumerations, types) and the rules of
 * DataImportProfilesImpl that look at the profile alone.
 */
final class ProfileChecks {
    private ProfileChecks() {
    }

    /** A relation as the client sent it: the profile's own side may be null (the profile being saved). */
    record Relation(UUID masterProfileId, ProfileType masterProfileType, UUID detailProfileId,
                    ProfileType detailProfileType, int order, String reactTo) {
    }

    /** The schema's required properties (jobProfile.json, matchProfile.json, actionProfile.json, mappingProfile.json). */
    private static final Map<ProfileType, List<String>> REQUIRED = Map.of(
            ProfileType.JOB_PROFILE, List.of("name", "dataType"),
            ProfileType.MATCH_PROFILE, List.of("name", "incomingRecordType", "existingRecordType"),
            ProfileType.ACTION_PROFILE, List.of("name", "action", "folioRecord"),
            ProfileType.MAPPING_PROFILE, List.of("name", "incomingRecordType", "existingRecordType"));

    /** Enumerations checked exactly (the record-type ones are only checked to be FOLIO-style constants). */
    private static final Map<String, Set<String>> ENUMS = Map.of(
            "dataType", Set.of("MARC", "EDIFACT", "DELIMITED"),
            "action", Set.of("CREATE", "UPDATE", "MODIFY", "DELETE", "COMBINE", "REPLACE"));

    private static final Set<String> RECORD_TYPE_FIELDS = Set.of("folioRecord", "incomingRecordType", "existingRecordType");

    /** The {@code profile} object, checked; refusals are RMB's 422 for missing properties, 400 for wrong types. */
    static ObjectNode profile(ProfileType t, JsonNode body) {
        JsonNode p = body.get("profile");
        if (p == null || p.isNull()) ProfileRefusal.throwIfAny(List.of(Refusal.required("profile")));
        if (!(p instanceof ObjectNode profile)) throw ProfileRefusal.badRequest("'profile' must be a JSON object");
        List<Refusal> missing = new ArrayList<>();
        for (String prop : REQUIRED.get(t)) {
            JsonNode v = profile.get(prop);
            if (v == null || v.isNull()) missing.add(Refusal.required("profile." + prop));
        }
        ProfileRefusal.throwIfAny(missing);
        for (var e : profile.properties()) {
            String prop = e.getKey();
            JsonNode v = e.getValue();
            boolean text = prop.equals("name") || prop.equals("description") || ENUMS.containsKey(prop)
                    || RECORD_TYPE_FIELDS.contains(prop) || prop.equals("id");
            if (text && !v.isNull() && !v.isTextual())
                throw ProfileRefusal.badRequest("'" + prop + "' must be a string, was " + v.getNodeType().name().toLowerCase());
            if (ENUMS.containsKey(prop) && v.isTextual() && !ENUMS.get(prop).contains(v.asText()))
                throw ProfileRefusal.badRequest("'" + prop + "' must be one of " + sorted(ENUMS.get(prop)) + ", was '"
                        + v.asText() + "'");
            if (RECORD_TYPE_FIELDS.contains(prop) && v.isTextual() && !v.asText().matches("[A-Z][A-Z_]*"))
                throw ProfileRefusal.badRequest("'" + prop + "' is not a record type: '" + v.asText() + "'");
            if (prop.equals("hidden") && !v.isBoolean())
                throw ProfileRefusal.badRequest("'hidden' must be a boolean");
            if ((prop.equals("childProfiles") || prop.equals("parentProfiles")) && !v.isNull() && !v.isArray())
                throw ProfileRefusal.badRequest("'" + prop + "' must be an array");
        }
        if (profile.hasNonNull("id") && Ids.parse(profile.get("id").asText()).isEmpty())
            throw ProfileRefusal.badRequest("'id' is not a UUID: '" + profile.get("id").asText() + "'");
        if (profile.get("name").asText().isBlank()) ProfileRefusal.throwIfAny(List.of(Refusal.required("profile.name")));
        if (t == ProfileType.MAPPING_PROFILE && profile.has("mappingDetails") && !profile.get("mappingDetails").isObject()
                && !profile.get("mappingDetails").isNull())
            throw ProfileRefusal.badRequest("'mappingDetails' must be a JSON object");
        if (t == ProfileType.MATCH_PROFILE) matchDetails(profile.get("matchDetails"));
        return profile;
    }

    /** criterionType.json and dataValueType.json (data-import-raml-storage). */
    private static final Set<String> CRITERIA = Set.of("EXACTLY_MATCHES", "EXISTING_VALUE_CONTAINS_INCOMING_VALUE",
            "INCOMING_VALUE_CONTAINS_EXISTING_VALUE", "EXISTING_VALUE_BEGINS_WITH_INCOMING_VALUE",
            "INCOMING_VALUE_BEGINS_WITH_EXISTING_VALUE", "EXISTING_VALUE_ENDS_WITH_INCOMING_VALUE",
            "INCOMING_VALUE_ENDS_WITH_EXISTING_VALUE");
    private static final Set<String> DATA_VALUE_TYPES = Set.of("VALUE_FROM_RECORD", "STATIC_VALUE");

    /**
     * matchProfile.json's matchDetails against matchDetail.json's types and enumerations (criterionType.json,
     * dataValueType.json): a wrong type or value is a 400, as the other properties here. Missing parts are accepted
     * on save (the settings UI saves a profile step by step); a match profile the importer cannot run is refused
     * when a job starts with it (422, ImportJob).
     */
    private static void matchDetails(JsonNode details) {
        if (details == null || details.isNull()) return;
        if (!details.isArray()) throw ProfileRefusal.badRequest("'matchDetails' must be an array");
        for (JsonNode d : details) {
            if (!d.isObject()) throw ProfileRefusal.badRequest("Each of 'matchDetails' must be a JSON object");
            JsonNode criterion = d.get("matchCriterion");
            if (criterion != null && !criterion.isNull() && !(criterion.isTextual() && CRITERIA.contains(criterion.asText())))
                throw ProfileRefusal.badRequest("'matchCriterion' must be one of " + sorted(CRITERIA) + ", was " + criterion);
            for (String side : List.of("incomingMatchExpression", "existingMatchExpression")) {
                JsonNode e = d.get(side);
                if (e == null || e.isNull()) continue;
                if (!e.isObject()) throw ProfileRefusal.badRequest("'" + side + "' must be a JSON object");
                JsonNode type = e.get("dataValueType");
                if (type != null && !type.isNull() && !(type.isTextual() && DATA_VALUE_TYPES.contains(type.asText()))) {
                    throw ProfileRefusal.badRequest("'dataValueType' must be one of " + sorted(DATA_VALUE_TYPES)
                            + ", was " + type);
                }
                JsonNode fields = e.get("fields");
                if (fields != null && !fields.isNull()) {
                    if (!fields.isArray()) throw ProfileRefusal.badRequest("'" + side + ".fields' must be an array");
                    for (JsonNode f : fields) {
                        if (!f.isObject() || (f.has("label") && !f.get("label").isTextual())
                                || (f.has("value") && !f.get("value").isNull() && !f.get("value").isTextual()))
                            throw ProfileRefusal.badRequest("Each of '" + side + ".fields' must be an object with "
                                    + "text 'label' and 'value'");
                    }
                }
            }
            for (String prop : List.of("incomingRecordType", "existingRecordType")) {
                JsonNode v = d.get(prop);
                if (v != null && !v.isNull() && !(v.isTextual() && v.asText().matches("[A-Z][A-Z_]*")))
                    throw ProfileRefusal.badRequest("'" + prop + "' is not a record type: " + v);
            }
        }
    }

    /**
     * DataImportProfilesImpl's checks of the profile alone, in its order: read-only child and parent profiles must
     * be empty ("%s read-only 'child' field should be empty"); an action profile cannot CREATE a MARC Bib.
     */
    static List<Refusal> readOnlyRelations(ProfileType t, ObjectNode profile) {
        List<Refusal> out = new ArrayList<>();
        for (String side : List.of("child", "parent")) {
            JsonNode v = profile.get(side + "Profiles");
            if (v != null && v.isArray() && !v.isEmpty())
                out.add(Refusal.of(t.label + " read-only '" + side + "' field should be empty", null, null));
        }
        if (t == ProfileType.ACTION_PROFILE && "MARC_BIBLIOGRAPHIC".equals(profile.path("folioRecord").asText())
                && "CREATE".equals(profile.path("action").asText()))
            out.add(Refusal.of("Can't create ActionProfile for MARC Bib record type with Create action", null, null));
        return out;
    }

    /** {@code addedRelations} or {@code deletedRelations}: an array of ProfileAssociation objects. */
    static List<Relation> relations(JsonNode body, String key) {
        JsonNode arr = body.get(key);
        if (arr == null || arr.isNull()) return List.of();
        if (!arr.isArray()) throw ProfileRefusal.badRequest("'" + key + "' must be an array");
        List<Relation> out = new ArrayList<>();
        for (JsonNode r : arr) {
            if (!r.isObject()) throw ProfileRefusal.badRequest("Each of '" + key + "' must be a JSON object");
            JsonNode order = r.get("order");
            if (order != null && !order.isNull() && !order.isNumber())
                throw ProfileRefusal.badRequest("'order' must be a number, was " + order);
            String reactTo = r.hasNonNull("reactTo") ? r.get("reactTo").asText() : null;
            if (reactTo != null && !reactTo.equals("MATCH") && !reactTo.equals("NON_MATCH"))
                throw ProfileRefusal.badRequest("'reactTo' must be MATCH or NON_MATCH, was '" + reactTo + "'");
            out.add(new Relation(optionalId(r, "masterProfileId"), type(r, "masterProfileType"),
                    optionalId(r, "detailProfileId"), type(r, "detailProfileType"),
                    order == null || order.isNull() ? 0 : order.asInt(), reactTo));
        }
        return out;
    }

    private static UUID optionalId(JsonNode r, String prop) {
        JsonNode v = r.get(prop);
        if (v == null || v.isNull() || (v.isTextual() && v.asText().isEmpty())) return null;
        return Ids.parse(v.asText()).orElseThrow(() ->
                ProfileRefusal.badRequest("'" + prop + "' is not a UUID: '" + v.asText() + "'"));
    }

    private static ProfileType type(JsonNode r, String prop) {
        String v = r.path(prop).asText(null);
        return ProfileType.parse(v).orElseThrow(() -> ProfileRefusal.badRequest(ProfileType.unknownMessage(v)));
    }

    private static String sorted(Set<String> s) {
        return s.stream().sorted().toList().toString();
    }
}
