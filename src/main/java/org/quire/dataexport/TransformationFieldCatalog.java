package org.quire.dataexport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code GET /data-export/transformation-fields}: the instance, holdings and item fields a mapping profile can
 * transform, as mod-data-export lists them for the Data export settings' "Add transformations" (its
 * TransformationFieldsConfig, TransformationConfigConstants, FieldIdBuilder, DisplayNameKeyBuilder, JsonPathBuilder):
 * {@code {transformationFields: [{fieldId, displayNameKey, referenceDataValue?, path, recordType}], totalRecords}},
 * sorted by field id. A field of a reference type (identifiers, note types, electronic access relationships, …)
 * is listed once per record of its type, its path selecting that record's id and its field id ending in the
 * record's name.
 */
final class TransformationFieldCatalog {
    /** A field: its config id, its path ("{recordType}" and "{id}" filled in) and its reference table, if any. */
    private record Config(String id, String path, String referenceTable) {
        Config(String id, String path) {
            this(id, path, null);
        }
    }

    private static final String RELATIONSHIP = "[?(@.relationshipId=='{id}')]";
    private static final String NO_RELATIONSHIP = "[?(!(@.relationshipId) || @.relationshipId == null)]";
    private static final List<Config> COMMON_METADATA = List.of(
            new Config("metadata.createdDate", "$.{recordType}.metadata.createdDate"),
            new Config("metadata.updatedDate", "$.{recordType}.metadata.updatedDate"),
            new Config("metadata.createdByUserId", "$.{recordType}.metadata.createdByUserId"),
            new Config("metadata.updatedByUserId", "$.{recordType}.metadata.updatedByUserId"));
    private static final List<Config> ELECTRONIC_ACCESS = electronicAccess();
    private static final List<String> LOCATION_PARTS = List.of("name", "code", "library.name", "library.code",
            "campus.name", "campus.code", "institution.name", "institution.code");

    private static final List<Config> INSTANCE = concat(List.of(
            new Config("alternativeTitleTypeName", "$.instance.alternativeTitles[?(@.alternativeTitleTypeId=='{id}')]"
                    + ".alternativeTitle", "alternative_title_type"),
            new Config("contributorName", "$.instance.contributors[?(@.contributorNameTypeId=='{id}' && "
                    + "(!(@.primary) || @.primary == false))].name", "contributor_name_type"),
            new Config("contributorName.primary", "$.instance.contributors[?(@.contributorNameTypeId=='{id}' && "
                    + "((@.primary) && @.primary == true))].name", "contributor_name_type"),
            new Config("editions", "$.instance.editions"),
            new Config("hrid", "$.{recordType}.hrid"),
            new Config("identifiers", "$.instance.identifiers[?(@.identifierTypeId=='{id}')].value",
                    "identifier_type"),
            new Config("id", "$.{recordType}.id"),
            new Config("instanceTypeId", "$.instance[?(@.instanceTypeId=='{id}')].instanceTypeId", "instance_type"),
            new Config("modeOfIssuanceId", "$.instance[?(@.modeOfIssuanceId=='{id}')].modeOfIssuanceId",
                    "mode_of_issuance"),
            new Config("languages", "$.instance.languages"),
            new Config("source", "$.{recordType}.source"),
            new Config("subjects", "$.instance.subjects[*].value"),
            new Config("title", "$.instance.title")), ELECTRONIC_ACCESS, COMMON_METADATA);

    private static final List<Config> HOLDINGS = concat(List.of(
            new Config("hrid", "$.{recordType}.hrid"),
            new Config("id", "$.{recordType}.id"),
            new Config("instanceId", "$.holdings[*].instanceId"),
            new Config("callNumber", "$.holdings[*].callNumber"),
            new Config("callNumberPrefix", "$.holdings[*].callNumberPrefix"),
            new Config("callNumberSuffix", "$.holdings[*].callNumberSuffix"),
            new Config("callNumberType", "$.holdings[*].callNumberTypeId"),
            new Config("holdingNoteTypeId", "$.holdings[*].notes[?(@.holdingsNoteTypeId=='{id}' && "
                    + "(!(@.staffOnly) || @.staffOnly == false))].note", "holdings_note_type"),
            new Config("holdingNoteTypeId.staffOnly", "$.holdings[*].notes[?(@.holdingsNoteTypeId=='{id}' && "
                    + "((@.staffOnly) && @.staffOnly == true))].note", "holdings_note_type")),
            locations("permanentLocation", "$.holdings[*].permanentLocationId"),
            locations("temporaryLocation", "$.holdings[*].temporaryLocationId"),
            statements("holdingsStatements"), statements("holdingsStatementsForSupplements"),
            statements("holdingsStatementsForIndexes"), ELECTRONIC_ACCESS, COMMON_METADATA);

    private static final List<Config> ITEM = concat(List.of(
            new Config("hrid", "$.{recordType}.hrid"),
            new Config("id", "$.{recordType}.id"),
            new Config("holdingsRecordId", "$.holdings[*].items[*].holdingsRecordId"),
            new Config("barcode", "$.holdings[*].items[*].barcode"),
            new Config("volume", "$.holdings[*].items[*].volume"),
            new Config("enumeration", "$.holdings[*].items[*].enumeration"),
            new Config("chronology", "$.holdings[*].items[*].chronology"),
            new Config("yearCaption", "$.holdings[*].items[*].yearCaption[*]"),
            new Config("status", "$.holdings[*].items[*].status.name"),
            new Config("descriptionOfPieces", "$.holdings[*].items[*].descriptionOfPieces"),
            new Config("copyNumber", "$.holdings[*].items[*].copyNumber"),
            new Config("numberOfPieces", "$.holdings[*].items[*].numberOfPieces"),
            new Config("materialTypeId", "$.holdings[*].items[*].materialTypeId"),
            new Config("permanentLoanTypeId", "$.holdings[*].items[*].permanentLoanTypeId"),
            new Config("callNumber", "$.holdings[*].items[*].effectiveCallNumberComponents.callNumber"),
            new Config("callNumberPrefix", "$.holdings[*].items[*].effectiveCallNumberComponents.prefix"),
            new Config("callNumberSuffix", "$.holdings[*].items[*].effectiveCallNumberComponents.suffix"),
            new Config("callNumberType", "$.holdings[*].items[*].effectiveCallNumberComponents.typeId"),
            new Config("itemNoteTypeId", "$.holdings[*].items[*].notes[?(@.itemNoteTypeId=='{id}' && "
                    + "(!(@.staffOnly) || @.staffOnly == false))].note", "item_note_type"),
            new Config("itemNoteTypeId.staffOnly", "$.holdings[*].items[*].notes[?(@.itemNoteTypeId=='{id}' && "
                    + "((@.staffOnly) && @.staffOnly == true))].note", "item_note_type")),
            locations("permanentLocation", "$.holdings[*].items[*].permanentLocationId"),
            locations("effectiveLocation", "$.holdings[*].items[*].effectiveLocationId"),
            ELECTRONIC_ACCESS, COMMON_METADATA);

    private TransformationFieldCatalog() {
    }

    /** The catalogue over the tenant's reference records. Round trips: 1. */
    static ObjectNode list(Connection c, String schema) throws SQLException {
        Map<String, List<String[]>> references = references(c, schema);
        List<ObjectNode> fields = new ArrayList<>();
        add(fields, "INSTANCE", "instance", INSTANCE, references);
        add(fields, "HOLDINGS", "holdings[*]", HOLDINGS, references);
        add(fields, "ITEM", "holdings[*].items[*]", ITEM, references);
        fields.sort(Comparator.comparing(f -> f.path("fieldId").asText()));
        ObjectNode out = Json.object();
        out.putArray("transformationFields").addAll(fields);
        return out.put("totalRecords", fields.size());
    }

    private static void add(List<ObjectNode> out, String recordType, String pathRecordType, List<Config> configs,
                            Map<String, List<String[]>> references) {
        String prefix = recordType.toLowerCase(Locale.ROOT);
        for (Config cfg : configs) {
            String path = cfg.path().replace("{recordType}", pathRecordType);
            String displayNameKey = prefix + "." + cfg.id();
            if (cfg.referenceTable() == null) {
                out.add(field(prefix + "." + idPart(cfg.id()), displayNameKey, null, path, recordType));
                continue;
            }
            for (String[] ref : references.getOrDefault(cfg.referenceTable(), List.of())) {
                out.add(field(prefix + "." + idPart(cfg.id()) + "." + idPart(ref[1]), displayNameKey, ref[1],
                        path.replace("{id}", ref[0]), recordType));
            }
        }
    }

    private static ObjectNode field(String fieldId, String displayNameKey, String referenceDataValue, String path,
                                    String recordType) {
        ObjectNode f = Json.object().put("fieldId", fieldId).put("displayNameKey", displayNameKey);
        if (referenceDataValue != null) f.put("referenceDataValue", referenceDataValue);
        return f.put("path", path).put("recordType", recordType);
    }

    /** FieldIdBuilder: split at spaces, each part lower-cased, joined with dots. */
    private static String idPart(String s) {
        List<String> parts = new ArrayList<>();
        for (String p : s.split(" ")) parts.add(p.toLowerCase(Locale.ROOT));
        return String.join(".", parts);
    }

    /** The reference records (id, name) by table, in name order. */
    private static Map<String, List<String[]>> references(Connection c, String schema) throws SQLException {
        Map<String, List<String[]>> out = new HashMap<>();
        for (DataExportStore.ReferenceRow r : DataExportStore.referenceRows(c, schema, List.of(
                "alternative_title_type", "contributor_name_type", "identifier_type", "instance_type",
                "mode_of_issuance", "holdings_note_type", "item_note_type", "electronic_access_relationship"))) {
            out.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(new String[]{r.id(), r.name()});
        }
        return out;
    }

    private static List<Config> electronicAccess() {
        List<Config> out = new ArrayList<>();
        for (String leaf : List.of("uri", "linkText", "materialsSpecification", "publicNote")) {
            out.add(new Config("electronic.access." + leaf, "$.{recordType}.electronicAccess" + RELATIONSHIP + "."
                    + leaf, "electronic_access_relationship"));
            out.add(new Config("electronic.access." + leaf + ".default", "$.{recordType}.electronicAccess"
                    + NO_RELATIONSHIP + "." + leaf));
        }
        return out;
    }

    private static List<Config> locations(String name, String path) {
        return LOCATION_PARTS.stream().map(p -> new Config(name + "." + p, path)).toList();
    }

    private static List<Config> statements(String name) {
        return List.of(new Config(name + ".statement", "$.holdings[*]." + name + "[*].statement"),
                new Config(name + ".note", "$.holdings[*]." + name + "[*].note"),
                new Config(name + ".staffNote", "$.holdings[*]." + name + "[*].staffNote"));
    }

    @SafeVarargs
    private static List<Config> concat(List<Config>... lists) {
        List<Config> out = new ArrayList<>();
        for (List<Config> l : lists) out.addAll(l);
        return List.copyOf(out);
    }
}
