package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.FieldType;
import org.quire.platform.db.Database;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * mod-users' custom field definitions, as folio-custom-fields keeps them (CustomFieldsServiceImpl): a new field gets
 * the next order and a refId made from its name; an update keeps id, order and refId and may change neither the
 * type nor a text field's format; deleting a field removes its values from every user and closes the gap in the
 * order; PUT of the whole collection replaces the fields of one entity type, ordered as sent. Every write of a
 * tenant's fields is serialised by a transaction-scoped advisory lock, so refIds and orders stay unique and dense
 * under concurrency (the library reads the max refId and order without a lock).
 */
public final class CustomFields {
    static final RecordStore STORE = new RecordStore(RecordType.builder("custom_field", "customFields")
            .column("name", "name", FieldType.TEXT)
            .column("ref_id", "refId", FieldType.KEYWORD)
            .column("type", "type", FieldType.KEYWORD)
            .column("entity_type", "entityType", FieldType.KEYWORD)
            .column("visible", "visible", FieldType.BOOLEAN)
            .column("required", "required", FieldType.BOOLEAN)
            .column("ord", "order", FieldType.INTEGER)
            .defaultSort("ord, id")
            .hooks(new Usernames())
            .build());

    private final Database db;

    public CustomFields(Database db) {
        this.db = db;
    }

    public RecordStore.Page list(String schema, String cql, int limit, int offset) {
        return db.read(c -> STORE.search(c, schema, cql, limit, offset));
    }

    public ObjectNode get(String schema, UUID id) {
        return db.read(c -> STORE.get(c, schema, id)).orElseThrow(() -> CustomFieldRefusal.notFound(id));
    }

    public ObjectNode create(String schema, ObjectNode field, UUID userId) {
        CustomFieldDefinitions.validate(field);
        return db.tx(c -> {
            UsersStore.lockCustomFields(c, schema);
            field.put("order", UsersStore.maxCustomFieldOrder(c, schema) + 1);
            return insert(c, schema, field, userId);
        });
    }

    public void update(String schema, UUID id, ObjectNode field, UUID userId) {
        CustomFieldDefinitions.validate(field);
        db.tx(c -> {
            UsersStore.lockCustomFields(c, schema);
            ObjectNode old = STORE.getForUpdate(c, schema, id).orElseThrow(() -> CustomFieldRefusal.notFound(id));
            field.put("order", old.get("order").asInt());
            update(c, schema, old, field, userId);
            return null;
        });
    }

    public void delete(String schema, UUID id) {
        db.tx(c -> {
            UsersStore.lockCustomFields(c, schema);
            ObjectNode old = STORE.getForUpdate(c, schema, id).orElseThrow(() -> CustomFieldRefusal.notFound(id));
            UsersStore.removeCustomFieldValues(c, schema, old.get("refId").asText());
            STORE.delete(c, schema, id);
            UsersStore.renumberCustomFields(c, schema);
            return null;
        });
    }

    /** PUT /custom-fields: the fields of {@code entityType} become exactly {@code fields}, in this order. */
    public void replaceAll(String schema, String entityType, List<ObjectNode> fields, UUID userId) {
        fields.forEach(CustomFieldDefinitions::validate);
        db.tx(c -> {
            UsersStore.lockCustomFields(c, schema);
            Map<String, ObjectNode> existing = new LinkedHashMap<>();
            for (ObjectNode f : STORE.search(c, schema, "entityType==\"" + entityType.replace("\"", "\\\"") + "\"",
                    Integer.MAX_VALUE, 0).records()) {
                existing.put(f.get("id").asText(), f);
            }
            Map<String, ObjectNode> wanted = new HashMap<>();
            for (int i = 0; i < fields.size(); i++) {
                ObjectNode f = fields.get(i);
                if (!f.hasNonNull("id") || f.get("id").asText().isBlank()) f.put("id", UUID.randomUUID().toString());
                f.put("order", i + 1);
                if (wanted.put(f.get("id").asText(), f) != null) {
                    throw new CustomFieldRefusal("Custom field ids should be unique", "id", f.get("id").asText());
                }
            }
            for (ObjectNode old : existing.values()) {
                if (!wanted.containsKey(old.get("id").asText())) {
                    UsersStore.removeCustomFieldValues(c, schema, old.get("refId").asText());
                    STORE.delete(c, schema, UUID.fromString(old.get("id").asText()));
                }
            }
            for (ObjectNode f : fields) {
                ObjectNode old = existing.get(f.get("id").asText());
                if (old != null) update(c, schema, old, f, userId);
            }
            for (ObjectNode f : fields) {
                if (!existing.containsKey(f.get("id").asText())) insert(c, schema, f, userId);
            }
            return null;
        });
    }

    /** customFieldStatistic: how many users have a value for the field. */
    public ObjectNode stats(String schema, UUID id) {
        ObjectNode field = get(schema, id);
        long count = db.read(c -> UsersStore.usersWithCustomField(c, schema, field.get("refId").asText()));
        return Json.object().put("fieldId", id.toString()).put("entityType", field.path("entityType").asText())
                .put("count", count);
    }

    /** customFieldOptionStatistic: how many users chose the option (RecordService.retrieveOptionStatistic). */
    public ObjectNode optionStats(String schema, UUID id, String optId) {
        ObjectNode field = get(schema, id);
        if (!CustomFieldDefinitions.SELECTABLE.contains(field.path("type").asText())) {
            throw new CustomFieldRefusal("The type of the custom field must be one of:SINGLE_SELECT_DROPDOWN, "
                    + "MULTI_SELECT_DROPDOWN, RADIO_BUTTON", "type", Json.write(field.path("type")));
        }
        if (!CustomFieldDefinitions.optionIds(field).contains(optId)) {
            throw new CustomFieldRefusal("Option with id '" + optId + "' not found in custom field '" + id + "'",
                    "optId", Json.write(field.path("selectField").path("options")));
        }
        long count = db.read(c -> UsersStore.usersWithCustomFieldOption(c, schema, field.get("refId").asText(),
                optId));
        return Json.object().put("optionId", optId).put("customFieldId", id.toString())
                .put("entityType", field.path("entityType").asText()).put("count", count);
    }

    // ---- within the transaction ---------------------------------------------------------------------------------

    private static ObjectNode insert(Connection c, String schema, ObjectNode f, UUID userId) throws SQLException {
        defaultTextFormat(f);
        CustomFieldDefinitions.prepareOptions(f);
        String stem = CustomFieldDefinitions.refIdStem(f.get("name").asText());
        List<String> taken = UsersStore.customFieldRefIdsStartingWith(c, schema, stem);
        f.put("refId", CustomFieldDefinitions.nextRefId(stem, taken));
        return STORE.insert(c, schema, f, userId);
    }

    /** Keeps refId; refuses a new type or text format; drops users' values of the options that went away. */
    private static void update(Connection c, String schema, ObjectNode old, ObjectNode f, UUID userId)
            throws SQLException {
        String type = f.get("type").asText();
        String oldType = old.path("type").asText();
        if (!type.equals(oldType)) {
            throw new CustomFieldRefusal("The type of the custom field can not be changed: newType = " + type
                    + ", oldType = " + oldType, "type", Json.write(f.get("type")));
        }
        defaultTextFormat(f);
        if (f.has("textField")) {
            String format = f.path("textField").path("fieldFormat").asText();
            String oldFormat = old.path("textField").path("fieldFormat").asText("TEXT");
            if (!format.equals(oldFormat)) {
                throw new CustomFieldRefusal("The format of the custom field can not be changed: newFormat = " + format
                        + ", oldFormat = " + oldFormat, "fieldFormat", Json.write(f.path("textField").path("fieldFormat")));
            }
        }
        f.put("refId", old.get("refId").asText());
        if (CustomFieldDefinitions.SELECTABLE.contains(type)) {
            CustomFieldDefinitions.prepareOptions(f);
            List<String> gone = new ArrayList<>(CustomFieldDefinitions.optionIds(old));
            gone.removeAll(CustomFieldDefinitions.optionIds(f));
            if (!gone.isEmpty()) UsersStore.removeCustomFieldOptionValues(c, schema, old.get("refId").asText(), gone);
        }
        STORE.replace(c, schema, old, f, userId);
    }

    /** setDefaultFormat: a text box without textField is a TEXT one. */
    private static void defaultTextFormat(ObjectNode f) {
        String type = f.path("type").asText();
        if ((type.equals("TEXTBOX_SHORT") || type.equals("TEXTBOX_LONG")) && !f.hasNonNull("textField")) {
            f.putObject("textField").put("fieldFormat", "TEXT");
        }
    }

    /**
     * The library's metadata also names the creating and updating users (populateCreator/populateUpdater, which ask
     * mod-users): one lookup per writing user, however many fields a collection PUT writes.
     */
    private static final class Usernames implements RecordHooks {
        @Override
        public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
                throws SQLException {
            java.util.Map<String, java.util.Optional<String>> usernames = new java.util.HashMap<>();
            for (int i = 0; i < records.size(); i++) {
                ObjectNode md = (ObjectNode) records.get(i).get("metadata");
                JsonNode by = md.get("updatedByUserId");
                if (by == null) continue;
                java.util.Optional<String> found = usernames.get(by.asText());
                if (found == null) {
                    found = UsersStore.username(c, schema, by.asText());
                    usernames.put(by.asText(), found);
                }
                String username = found.orElse(null);
                if (username == null) continue;
                md.put("updatedByUsername", username);
                ObjectNode old = previous.get(i);
                String createdBy = old == null ? username : Json.text(old, "metadata.createdByUsername");
                if (createdBy != null) md.put("createdByUsername", createdBy);
            }
        }
    }
}
