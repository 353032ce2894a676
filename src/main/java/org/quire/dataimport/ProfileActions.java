package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.dataimport.profiles.ProfileType;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Ids;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job profile's CREATE actions and their mapping profiles, applied as mod-inventory's MappingManager does for a
 * create (the PTF "PTF - Create 2/3" shape: instance, holdings, item): each enabled mapping field's {@code value}
 * is an expression of quoted literals ({@code "Available"}), MARC references ({@code 050$a}, {@code 001}) and
 * {@code ###TODAY###}, joined; a value that names reference data is resolved through the field's
 * {@code acceptedValues} (id → label), or, for locations, by the code in parentheses ("Main Library (KU/CC/DI/M)");
 * repeatable fields ({@code notes[]}, {@code statisticalCodeIds[]}) take their {@code subfields}. The instance's
 * own fields come from the MARC rules; only non-empty values of its mapping profile are applied on top.
 *
 * <p>UPDATE of an INSTANCE or a MARC_BIBLIOGRAPHIC (below a match profile's MATCH, {@link ProfileRoutes}) makes
 * {@link #updatesInstance}; the UPDATE INSTANCE action's mapping values are applied over the updated instance as the
 * CREATE action's are over a new one.
 *
 * <p>UPDATE of HOLDINGS or ITEM (mod-inventory's UpdateHoldingEventHandler, UpdateItemEventHandler) applies the
 * action's mapping profile to the matched record: a field with a value replaces the record's, a field without one
 * leaves it alone; a repeatable field's {@code repeatableFieldAction} EXTEND_EXISTING adds to the record's list,
 * DELETE_EXISTING removes it, anything else replaces it. An UPDATE without a mapping profile fails each record with
 * FOLIO's message ({@link #holdingsUpdateError}, {@link #itemUpdateError}).
 *
 * <p>Not done (yet): MODIFY and DELETE actions, conditional mappings ({@code ELSE}, {@code ;} alternatives), and
 * boolean field actions other than ALL_TRUE/ALL_FALSE.
 */
final class ProfileActions {
    /** mod-inventory's holdings source for holdings created by data import from a MARC bib ("FOLIO"). */
    static final String FOLIO_SOURCE = "f32d531e-df79-46b3-8932-cdd35f7a2264";
    private static final Pattern TOKEN = Pattern.compile("\"([^\"]*)\"|###TODAY###|(\\d{3})(?:\\$([a-z0-9]))?");
    private static final Pattern CODE_IN_PARENS = Pattern.compile("\\(([^()]+)\\)\\s*$");

    private final JsonNode instanceFields;
    private final boolean createsInstance;
    private final boolean updatesInstance;
    private final JsonNode updateInstanceFields;
    private final JsonNode holdingsFields;
    private final JsonNode itemFields;
    private final Update holdingsUpdate;
    private final Update itemUpdate;
    private final Map<String, String> locationsByCode;
    /** Reference data by the mapped path's last part (statusId, holdingsTypeId …): lower-case name → id. */
    private final Map<String, Map<String, String>> byName;

    /**
     * The reference data a mapping profile names by its label when the field has no acceptedValues (the PTF's
     * profile-creation script sends labels such as "Monograph", "book", "Can circulate").
     */
    private static final Map<String, org.quire.platform.records.RecordStore> NAMED = Map.of(
            "statusId", InventoryTypes.INSTANCE_STATUSES,
            "holdingsTypeId", InventoryTypes.HOLDINGS_TYPES,
            "callNumberTypeId", InventoryTypes.CALL_NUMBER_TYPES,
            "materialType.id", InventoryTypes.MATERIAL_TYPES,
            "permanentLoanType.id", InventoryTypes.LOAN_TYPES,
            "temporaryLoanType.id", InventoryTypes.LOAN_TYPES,
            "itemNoteTypeId", InventoryTypes.ITEM_NOTE_TYPES,
            "holdingsNoteTypeId", InventoryTypes.HOLDINGS_NOTE_TYPES,
            "modeOfIssuanceId", InventoryTypes.MODES_OF_ISSUANCE);

    /** mod-inventory's UpdateHoldingEventHandler.ACTION_HAS_NO_MAPPING_MSG. */
    static final String HOLDINGS_UPDATE_WITHOUT_MAPPING =
            "Action profile to update a Holding entity has no a mapping profile";
    /** mod-inventory's UpdateItemEventHandler.ACTION_HAS_NO_MAPPING_MSG. */
    static final String ITEM_UPDATE_WITHOUT_MAPPING = "Action profile to update an Item requires a mapping profile";

    /** An UPDATE HOLDINGS / ITEM action reached: its mapping fields, or (no mapping profile) FOLIO's error. */
    private record Update(JsonNode fields, String error) {
    }

    private ProfileActions(JsonNode instanceFields, boolean createsInstance, boolean updatesInstance,
                           JsonNode updateInstanceFields, JsonNode holdingsFields, JsonNode itemFields,
                           Update holdingsUpdate, Update itemUpdate,
                           Map<String, String> locationsByCode, Map<String, Map<String, String>> byName) {
        this.holdingsUpdate = holdingsUpdate;
        this.itemUpdate = itemUpdate;
        this.instanceFields = instanceFields;
        this.createsInstance = createsInstance;
        this.updatesInstance = updatesInstance;
        this.updateInstanceFields = updateInstanceFields;
        this.holdingsFields = holdingsFields;
        this.itemFields = itemFields;
        this.locationsByCode = locationsByCode;
        this.byName = byName;
    }

    /** The CREATE actions of the job (top-level action profiles) with their mapping fields; one read of locations. */
    static ProfileActions of(Connection c, String schema, ProfileSnapshot job) throws SQLException {
        return of(c, schema, job.children(ProfileType.ACTION_PROFILE));
    }

    /** The actions a record reaches ({@link ProfileRoutes}) with their mapping fields. */
    static ProfileActions of(Connection c, String schema, List<ProfileSnapshot> actions) throws SQLException {
        JsonNode instance = null, holdings = null, item = null, updateInstance = null;
        Update holdingsUpdate = null, itemUpdate = null;
        boolean creates = false, updates = false;
        for (ProfileSnapshot action : actions) {
            String verb = action.content().path("action").asText();
            String folioRecord = action.content().path("folioRecord").asText();
            List<ProfileSnapshot> mappings = action.children(ProfileType.MAPPING_PROFILE);
            JsonNode fields = mappings.isEmpty() ? Json.array()
                    : mappings.getFirst().content().path("mappingDetails").path("mappingFields");
            if ("UPDATE".equals(verb) && (folioRecord.equals("INSTANCE") || folioRecord.equals("MARC_BIBLIOGRAPHIC"))) {
                // mod-inventory's ReplaceInstanceEventHandler (INSTANCE) and the MARC Bib update both end with the
                // instance re-mapped from the incoming MARC and a new SRS generation.
                updates = true;
                if (folioRecord.equals("INSTANCE")) updateInstance = fields;
                continue;
            }
            if ("UPDATE".equals(verb) && folioRecord.equals("HOLDINGS")) {
                holdingsUpdate = new Update(fields, mappings.isEmpty() ? HOLDINGS_UPDATE_WITHOUT_MAPPING : null);
                continue;
            }
            if ("UPDATE".equals(verb) && folioRecord.equals("ITEM")) {
                itemUpdate = new Update(fields, mappings.isEmpty() ? ITEM_UPDATE_WITHOUT_MAPPING : null);
                continue;
            }
            if (!"CREATE".equals(verb)) continue;
            switch (folioRecord) {
                case "INSTANCE" -> {
                    instance = fields;
                    creates = true;
                }
                case "HOLDINGS" -> holdings = fields;
                case "ITEM" -> item = fields;
                default -> {
                    // MARC_BIBLIOGRAPHIC etc.: the SRS record is always saved
                }
            }
        }
        Map<String, String> locations = new HashMap<>();
        Map<String, Map<String, String>> byName = new HashMap<>();
        if (instance != null || holdings != null || item != null || updateInstance != null || holdingsUpdate != null
                || itemUpdate != null) {
            for (ObjectNode l : InventoryTypes.LOCATIONS.search(c, schema, "cql.allRecords=1", Integer.MAX_VALUE, 0)
                    .records()) {
                locations.put(l.path("code").asText(), l.path("id").asText());
            }
            for (var e : NAMED.entrySet()) {
                Map<String, String> names = new HashMap<>();
                for (ObjectNode r : e.getValue().search(c, schema, "cql.allRecords=1", Integer.MAX_VALUE, 0).records()) {
                    names.put(r.path("name").asText().toLowerCase(java.util.Locale.ROOT), r.path("id").asText());
                }
                byName.put(e.getKey(), names);
            }
            // ui-data-import labels a statistical code "<type name>: <code> - <name>".
            Map<String, String> typeNames = new HashMap<>();
            for (ObjectNode t : InventoryTypes.STATISTICAL_CODE_TYPES.search(c, schema, "cql.allRecords=1",
                    Integer.MAX_VALUE, 0).records()) {
                typeNames.put(t.path("id").asText(), t.path("name").asText());
            }
            Map<String, String> codes = new HashMap<>();
            for (ObjectNode sc : InventoryTypes.STATISTICAL_CODES.search(c, schema, "cql.allRecords=1",
                    Integer.MAX_VALUE, 0).records()) {
                String label = typeNames.get(sc.path("statisticalCodeTypeId").asText()) + ": "
                        + sc.path("code").asText() + " - " + sc.path("name").asText();
                codes.put(label.toLowerCase(java.util.Locale.ROOT), sc.path("id").asText());
            }
            byName.put("statisticalCodeIds[]", codes);
        }
        return new ProfileActions(instance, creates, updates, updateInstance, holdings, item, holdingsUpdate,
                itemUpdate, locations, byName);
    }

    /** The instance action's non-empty mapping values over the rules' instance. */
    void applyToInstance(ObjectNode instance, Record marc) {
        if (instanceFields != null) apply(instanceFields, instance, "instance.", marc);
    }

    /** Whether a CREATE INSTANCE action was reached. */
    boolean createsInstance() {
        return createsInstance;
    }

    /** Whether an UPDATE of the INSTANCE or its MARC_BIBLIOGRAPHIC was reached. */
    boolean updatesInstance() {
        return updatesInstance;
    }

    /** The UPDATE INSTANCE action's non-empty mapping values over the updated instance. */
    void applyToUpdatedInstance(ObjectNode instance, Record marc) {
        if (updateInstanceFields != null) apply(updateInstanceFields, instance, "instance.", marc);
    }

    /** Whether an UPDATE HOLDINGS action was reached. */
    boolean updatesHoldings() {
        return holdingsUpdate != null;
    }

    /** Whether an UPDATE ITEM action was reached. */
    boolean updatesItem() {
        return itemUpdate != null;
    }

    /** FOLIO's error for the UPDATE HOLDINGS action reached (no mapping profile), else null. */
    String holdingsUpdateError() {
        return holdingsUpdate == null ? null : holdingsUpdate.error();
    }

    /** FOLIO's error for the UPDATE ITEM action reached (no mapping profile), else null. */
    String itemUpdateError() {
        return itemUpdate == null ? null : itemUpdate.error();
    }

    /** Whether a CREATE HOLDINGS action was reached. */
    boolean createsHoldings() {
        return holdingsFields != null;
    }

    /** Whether a CREATE ITEM action was reached. */
    boolean createsItem() {
        return itemFields != null;
    }

    /** The UPDATE HOLDINGS action's mapping values over an existing holdings record (a copy the caller made). */
    void applyToUpdatedHoldings(ObjectNode holdings, Record marc) {
        if (holdingsUpdate != null) apply(holdingsUpdate.fields(), holdings, "holdings.", marc);
    }

    /** The UPDATE ITEM action's mapping values over an existing item (a copy the caller made), storage-shaped. */
    void applyToUpdatedItem(ObjectNode item, Record marc) {
        if (itemUpdate == null) return;
        apply(itemUpdate.fields(), item, "item.", marc);
        flattenReferences(item);
    }

    /** The holdings of the profile's CREATE HOLDINGS action for {@code instance}, or null without one. */
    ObjectNode holdings(ObjectNode instance, Record marc) {
        if (holdingsFields == null) return null;
        ObjectNode h = Json.object();
        h.put("id", UUID.randomUUID().toString());
        h.put("instanceId", instance.get("id").asText());
        h.put("sourceId", FOLIO_SOURCE);
        apply(holdingsFields, h, "holdings.", marc);
        return h;
    }

    /** The item of the profile's CREATE ITEM action in {@code holdings}, or null without one. */
    ObjectNode item(ObjectNode holdings, Record marc) {
        if (itemFields == null) return null;
        ObjectNode i = Json.object();
        i.put("id", UUID.randomUUID().toString());
        i.put("holdingsRecordId", holdings.get("id").asText());
        apply(itemFields, i, "item.", marc);
        flattenReferences(i);
        return i;
    }

    /** The mapping profile targets mod-inventory's item (materialType.id …); storage has the flat ids. */
    private static void flattenReferences(ObjectNode i) {
        for (String ref : List.of("materialType", "permanentLoanType", "temporaryLoanType", "permanentLocation",
                "temporaryLocation")) {
            JsonNode id = i.remove(ref);
            if (id != null && id.hasNonNull("id")) i.put(ref + "Id", id.get("id").asText());
        }
    }

    private void apply(JsonNode fields, ObjectNode target, String prefix, Record marc) {
        for (JsonNode f : fields) {
            if ("false".equals(f.path("enabled").asText())) continue;
            String path = f.path("path").asText("");
            if (!path.startsWith(prefix)) continue;
            String rel = path.substring(prefix.length());
            if (rel.endsWith("[]")) {
                ArrayNode out = Json.array();
                for (JsonNode sub : f.path("subfields")) {
                    JsonNode subFields = sub.path("fields");
                    if (subFields.size() == 1 && subFields.get(0).path("path").asText().equals(path)) {
                        String v = value(subFields.get(0), marc, rel);
                        if (v != null) out.add(v);
                        continue;
                    }
                    ObjectNode element = Json.object();
                    apply(subFields, element, path + ".", marc);
                    if (!element.isEmpty()) out.add(element);
                }
                String name = rel.substring(0, rel.length() - 2);
                // MappingManager on an existing record: the repeatable field's action decides what happens to the
                // record's own list (a create starts from nothing, so there it is always the mapped list).
                String action = f.path("repeatableFieldAction").asText("");
                if (action.equals("DELETE_EXISTING")) {
                    target.remove(name);
                } else if (!out.isEmpty()) {
                    if (action.equals("EXTEND_EXISTING") && target.path(name).isArray()) {
                        ((ArrayNode) target.get(name)).addAll(out);
                    } else {
                        target.set(name, out);
                    }
                }
                continue;
            }
            String booleanAction = f.path("booleanFieldAction").asText("");
            if (booleanAction.equals("ALL_TRUE") || booleanAction.equals("ALL_FALSE")) {
                setPath(target, rel, Json.object().booleanNode(booleanAction.equals("ALL_TRUE")));
                continue;
            }
            String v = value(f, marc, rel);
            if (v != null) setPath(target, rel, Json.object().textNode(v));
        }
    }

    /** A field's expression evaluated against the record, resolved to an id where it names reference data. */
    private String value(JsonNode field, Record marc, String rel) {
        String expr = field.path("value").asText("");
        if (expr.isBlank()) return null;
        StringBuilder out = new StringBuilder();
        Matcher m = TOKEN.matcher(expr);
        while (m.find()) {
            if (m.group(1) != null) out.append(m.group(1));
            else if (m.group(0).equals("###TODAY###")) out.append(LocalDate.now(ZoneOffset.UTC));
            else out.append(marcValue(marc, m.group(2), m.group(3)));
        }
        String text = out.toString().strip();
        if (text.isEmpty()) return null;
        for (var e : field.path("acceptedValues").properties()) {
            if (e.getValue().asText().equals(text)) return e.getKey();
        }
        if (Ids.parse(text).isPresent()) return text;
        for (var e : byName.entrySet()) {
            if (rel.equals(e.getKey()) || rel.endsWith("." + e.getKey())) {
                String id = e.getValue().get(text.toLowerCase(java.util.Locale.ROOT));
                if (id != null) return id;
            }
        }
        if (rel.endsWith("LocationId") || rel.endsWith("Location.id")) {
            Matcher code = CODE_IN_PARENS.matcher(text);
            String id = locationsByCode.get(code.find() ? code.group(1) : text);
            if (id != null) return id;
        }
        return text;
    }

    private static String marcValue(Record marc, String tag, String code) {
        if (code == null) {
            for (ControlField cf : marc.getControlFields()) if (cf.getTag().equals(tag)) return cf.getData();
            return "";
        }
        for (DataField df : marc.getDataFields()) {
            if (!df.getTag().equals(tag)) continue;
            Subfield sf = df.getSubfield(code.charAt(0));
            if (sf != null) return sf.getData();
        }
        return "";
    }

    private static void setPath(ObjectNode target, String rel, JsonNode value) {
        String[] parts = rel.split("\\.");
        ObjectNode n = target;
        for (int i = 0; i < parts.length - 1; i++) n = n.withObject("/" + parts[i]);
        n.set(parts[parts.length - 1], value);
    }
}
