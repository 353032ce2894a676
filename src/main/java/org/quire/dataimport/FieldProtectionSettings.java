package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * MARC field protection settings (Settings → Data import → MARC field protection), as mod-data-import-converter-storage
 * keeps them (MarcFieldProtectionSettingsServiceImpl, FieldProtectionSettingsImpl and its API test): a setting has
 * FOLIO's properties only and a field (else 422); a new one gets a new id; a SYSTEM setting — FOLIO's two defaults
 * (V54), or one posted as SYSTEM — is neither changed nor deleted (400). Quire stores and serves them; its imports do
 * not apply them yet (docs/api-coverage.md).
 */
public final class FieldProtectionSettings {
    /** marcFieldProtectionSetting.json's properties ("additionalProperties": false). */
    private static final Set<String> PROPERTIES = Set.of("id", "field", "indicator1", "indicator2", "subfield", "data",
            "source", "override", "metadata");
    private static final Set<String> SOURCES = Set.of("SYSTEM", "USER");

    private final Database db;

    public FieldProtectionSettings(Database db) {
        this.db = db;
    }

    /** FOLIO's 404 text for a GET or DELETE of a setting that does not exist. */
    static NotFound notFound(String id) {
        return new NotFound("MARC field protection setting with id '" + id + "' was not found");
    }

    public ObjectNode create(String schema, ObjectNode body, UUID userId) {
        refuseInvalid(body);
        body.put("id", UUID.randomUUID().toString()); // FOLIO gives every new setting its own id
        return db.tx(c -> DataImportTypes.FIELD_PROTECTION_SETTINGS.insert(c, schema, body, userId));
    }

    public ObjectNode update(String schema, UUID id, ObjectNode body, UUID userId) {
        refuseInvalid(body);
        return db.tx(c -> {
            ObjectNode stored = DataImportTypes.FIELD_PROTECTION_SETTINGS.getForUpdate(c, schema, id)
                    // FOLIO's update words its 404 without "setting"
                    .orElseThrow(() -> new NotFound("MARC field protection with id '" + id + "' was not found"));
            if (isSystem(stored) || isSystem(body))
                throw new InvalidInput("MARC field protection setting with source SYSTEM cannot be updated");
            body.put("id", id.toString());
            return DataImportTypes.FIELD_PROTECTION_SETTINGS.replace(c, schema, stored, body, userId);
        });
    }

    public void delete(String schema, UUID id) {
        db.tx(c -> {
            ObjectNode stored = DataImportTypes.FIELD_PROTECTION_SETTINGS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id.toString()));
            if (isSystem(stored))
                throw new InvalidInput("MARC field protection setting with source SYSTEM cannot be deleted");
            return DataImportTypes.FIELD_PROTECTION_SETTINGS.delete(c, schema, id);
        });
    }

    private static boolean isSystem(ObjectNode setting) {
        return "SYSTEM".equals(setting.path("source").asText());
    }

    /**
     * RMB's schema validation, as 422 errors: no property the schema lacks, text where it has text, source one of its
     * two values. (A missing field is the store's required check, also a 422.)
     */
    private static void refuseInvalid(ObjectNode body) {
        List<Refusal> refusals = new ArrayList<>();
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!PROPERTIES.contains(name)) {
                refusals.add(Refusal.of("Unrecognized field \"" + name + "\"", name, body.get(name).toString()));
            }
        }
        for (String text : List.of("field", "indicator1", "indicator2", "subfield", "data")) {
            JsonNode v = body.get(text);
            if (v != null && !v.isNull() && !v.isTextual()) refusals.add(Refusal.of("must be a string", text, v.toString()));
        }
        JsonNode source = body.get("source");
        if (source != null && !source.isNull() && !SOURCES.contains(source.asText())) {
            refusals.add(Refusal.of("must be one of [SYSTEM, USER]", "source", source.asText()));
        }
        JsonNode override = body.get("override");
        if (override != null && !override.isNull() && !override.isBoolean()) {
            refusals.add(Refusal.of("must be a boolean", "override", override.toString()));
        }
        if (!refusals.isEmpty()) throw new Refused(refusals);
    }
}
