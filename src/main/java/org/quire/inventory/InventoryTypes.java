package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.platform.records.Reference;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The inventory record types: reference data, the location hierarchy, instances, holdings and items. */
public final class InventoryTypes {
    private InventoryTypes() {
    }

    public static final RecordStore MATERIAL_TYPES = new RecordStore(Reference.named("material_type", "mtypes").build());
    public static final RecordStore LOAN_TYPES = new RecordStore(Reference.named("loan_type", "loantypes").build());
    public static final RecordStore INSTANCE_TYPES = new RecordStore(Reference.named("instance_type", "instanceTypes")
            .column("code", "code", FieldType.KEYWORD).column("source", "source", FieldType.KEYWORD)
            .required("code", "source").build());
    public static final RecordStore HOLDINGS_SOURCES = new RecordStore(Reference.named("holdings_source",
            "holdingsRecordsSources").column("source", "source", FieldType.KEYWORD).build());
    public static final RecordStore IDENTIFIER_TYPES = new RecordStore(Reference.named("identifier_type",
            "identifierTypes").column("source", "source", FieldType.KEYWORD).build());
    public static final RecordStore CONTRIBUTOR_NAME_TYPES = new RecordStore(Reference.named("contributor_name_type",
            "contributorNameTypes").build());
    public static final RecordStore CONTRIBUTOR_TYPES = new RecordStore(Reference.named("contributor_type",
            "contributorTypes").column("code", "code", FieldType.KEYWORD).column("source", "source", FieldType.KEYWORD)
            .build());
    public static final RecordStore CALL_NUMBER_TYPES = new RecordStore(Reference.named("call_number_type",
            "callNumberTypes").column("source", "source", FieldType.KEYWORD).build());
    public static final RecordStore CLASSIFICATION_TYPES = new RecordStore(Reference.named("classification_type",
            "classificationTypes").column("source", "source", FieldType.KEYWORD).build());
    public static final RecordStore HOLDINGS_TYPES = new RecordStore(Reference.named("holdings_type", "holdingsTypes")
            .column("source", "source", FieldType.KEYWORD).build());
    public static final RecordStore INSTANCE_STATUSES = new RecordStore(Reference.named("instance_status",
            "instanceStatuses").column("code", "code", FieldType.KEYWORD).column("source", "source", FieldType.KEYWORD)
            .build());
    public static final RecordStore MODES_OF_ISSUANCE = new RecordStore(Reference.named("mode_of_issuance",
            "issuanceModes").column("source", "source", FieldType.KEYWORD).build());

    // The rest of mod-inventory-storage's reference data (V20). Required properties as its JSON schemas
    // (ramls/*.json); unique indexes as its db_scripts/schema.json, declared in the migration.
    public static final RecordStore ALTERNATIVE_TITLE_TYPES = new RecordStore(sourced("alternative_title_type",
            "alternativeTitleTypes").required("source").build());
    public static final RecordStore ELECTRONIC_ACCESS_RELATIONSHIPS = new RecordStore(sourced(
            "electronic_access_relationship", "electronicAccessRelationships").build());
    public static final RecordStore HOLDINGS_NOTE_TYPES = new RecordStore(sourced("holdings_note_type",
            "holdingsNoteTypes").required("source").build());
    public static final RecordStore ILL_POLICIES = new RecordStore(sourced("ill_policy", "illPolicies")
            .required("source").build());
    /** Read-only but for the name (GET and PATCH only, as FOLIO). */
    public static final RecordStore INSTANCE_DATE_TYPES = new RecordStore(sourced("instance_date_type",
            "instanceDateTypes").column("code", "code", FieldType.KEYWORD).build());
    public static final RecordStore INSTANCE_FORMATS = new RecordStore(sourced("instance_format", "instanceFormats")
            .column("code", "code", FieldType.KEYWORD).required("code", "source").build());
    public static final RecordStore INSTANCE_NOTE_TYPES = new RecordStore(sourced("instance_note_type",
            "instanceNoteTypes").required("source").build());
    public static final RecordStore INSTANCE_RELATIONSHIP_TYPES = new RecordStore(Reference.named(
            "instance_relationship_type", "instanceRelationshipTypes").build());
    public static final RecordStore ITEM_DAMAGED_STATUSES = new RecordStore(sourced("item_damaged_status",
            "itemDamageStatuses").required("source").build());
    public static final RecordStore ITEM_NOTE_TYPES = new RecordStore(sourced("item_note_type", "itemNoteTypes")
            .required("source").build());
    public static final RecordStore NATURE_OF_CONTENT_TERMS = new RecordStore(sourced("nature_of_content_term",
            "natureOfContentTerms").required("source").build());
    public static final RecordStore STATISTICAL_CODE_TYPES = new RecordStore(sourced("statistical_code_type",
            "statisticalCodeTypes").required("source").build());
    public static final RecordStore STATISTICAL_CODES = new RecordStore(sourced("statistical_code", "statisticalCodes")
            .column("code", "code", FieldType.KEYWORD)
            .column("statistical_code_type_id", "statisticalCodeTypeId", FieldType.UUID)
            .required("code", "statisticalCodeTypeId", "source").keywords("code").build());
    public static final RecordStore SUBJECT_SOURCES = new RecordStore(sourced("subject_source", "subjectSources")
            .column("code", "code", FieldType.KEYWORD).required("source").build());
    public static final RecordStore SUBJECT_TYPES = new RecordStore(sourced("subject_type", "subjectTypes")
            .required("source").build());

    public static final RecordStore INSTITUTIONS = new RecordStore(Reference.named("institution", "locinsts")
            .column("code", "code", FieldType.KEYWORD).build());
    public static final RecordStore CAMPUSES = new RecordStore(Reference.named("campus", "loccamps")
            .column("code", "code", FieldType.KEYWORD).column("institution_id", "institutionId", FieldType.UUID)
            .required("institutionId").build());
    public static final RecordStore LIBRARIES = new RecordStore(Reference.named("library", "loclibs")
            .column("code", "code", FieldType.KEYWORD).column("campus_id", "campusId", FieldType.UUID)
            .required("campusId").build());
    public static final RecordStore LOCATIONS = new RecordStore(Reference.named("location", "locations")
            .column("code", "code", FieldType.KEYWORD)
            .column("is_active", "isActive", FieldType.BOOLEAN)
            .column("institution_id", "institutionId", FieldType.UUID)
            .column("campus_id", "campusId", FieldType.UUID)
            .column("library_id", "libraryId", FieldType.UUID)
            .column("primary_service_point", "primaryServicePoint", FieldType.UUID)
            .required("code", "institutionId", "campusId", "libraryId").build());
    public static final RecordStore SERVICE_POINTS = new RecordStore(Reference.named("service_point", "servicepoints")
            .column("code", "code", FieldType.KEYWORD)
            .column("pickup_location", "pickupLocation", FieldType.BOOLEAN)
            .required("code").build());
    /** mod-inventory-storage's service-points-users (servicepointsuser.json): a staff member's service points. */
    public static final RecordStore SERVICE_POINTS_USERS = new RecordStore(RecordType.builder("service_points_user",
            "servicePointsUsers")
            .column("user_id", "userId", FieldType.UUID)
            .column("default_service_point_id", "defaultServicePointId", FieldType.UUID)
            .column("service_points_ids", "servicePointsIds", FieldType.UUID_ARRAY)
            .required("userId")
            .hooks(new ServicePointsUserHooks())
            .build());

    public static final RecordStore INSTANCES = new RecordStore(RecordType.builder("instance", "instances")
            .column("hrid", "hrid", FieldType.KEYWORD)
            .column("title", "title", FieldType.TEXT)
            .column("source", "source", FieldType.KEYWORD)
            .column("instance_type_id", "instanceTypeId", FieldType.UUID)
            .required("source", "title", "instanceTypeId")
            .keywords("title")
            .versioned()
            .hooks(new InventoryHooks.InstanceHooks())
            .keyedEvents("inventory.instance")
            .build());

    public static final RecordStore HOLDINGS = new RecordStore(RecordType.builder("holdings_record", "holdingsRecords")
            .column("hrid", "hrid", FieldType.KEYWORD)
            .column("instance_id", "instanceId", FieldType.UUID)
            .column("permanent_location_id", "permanentLocationId", FieldType.UUID)
            .column("temporary_location_id", "temporaryLocationId", FieldType.UUID)
            .column("effective_location_id", "effectiveLocationId", FieldType.UUID)
            .column("source_id", "sourceId", FieldType.UUID)
            .column("call_number", "callNumber", FieldType.KEYWORD)
            .required("instanceId", "permanentLocationId")
            .versioned()
            .hooks(new InventoryHooks.HoldingsHooks())
            .keyedEvents("inventory.holdings-record")
            .build());

    public static final RecordStore ITEMS = new RecordStore(RecordType.builder("item", "items")
            .column("hrid", "hrid", FieldType.KEYWORD)
            .column("holdings_record_id", "holdingsRecordId", FieldType.UUID)
            .column("barcode", "barcode", FieldType.KEYWORD)
            .column("status_name", "status.name", FieldType.KEYWORD)
            .column("material_type_id", "materialTypeId", FieldType.UUID)
            .column("permanent_loan_type_id", "permanentLoanTypeId", FieldType.UUID)
            .column("temporary_loan_type_id", "temporaryLoanTypeId", FieldType.UUID)
            .column("permanent_location_id", "permanentLocationId", FieldType.UUID)
            .column("temporary_location_id", "temporaryLocationId", FieldType.UUID)
            .column("effective_location_id", "effectiveLocationId", FieldType.UUID)
            .column("effective_call_number", "effectiveCallNumberComponents.callNumber", FieldType.KEYWORD)
            // What the Inventory app sorts a holdings record's items by (V26); text compares as RMB's does,
            // case-insensitively. yearCaption is its first caption, a generated column (an array in the JSON).
            .column("item_order", "order", FieldType.INTEGER)
            .column("copy_number", "copyNumber", FieldType.TEXT)
            .column("enumeration", "enumeration", FieldType.TEXT)
            .column("chronology", "chronology", FieldType.TEXT)
            .column("volume", "volume", FieldType.TEXT)
            .alias("yearCaption", "year_caption", FieldType.TEXT)
            .required("materialTypeId", "permanentLoanTypeId", "holdingsRecordId", "status.name")
            .keywords("barcode")
            .versioned()
            .hooks(new InventoryHooks.ItemHooks())
            .events("inventory.item")
            .build());

    /**
     * FOLIO's messages for duplicates in the reference tables, by Quire's constraint names; FOLIO's table names
     * where Quire's differ (holdings_records_source, locinstitution, loccampus, loclibrary).
     */
    public static Map<String, String> duplicateMessages() {
        Map<String, String> m = new HashMap<>();
        for (String t : List.of("material_type", "loan_type", "instance_type", "identifier_type", "contributor_name_type",
                "contributor_type", "call_number_type", "classification_type", "holdings_type", "instance_status",
                "mode_of_issuance", "service_point", "alternative_title_type", "electronic_access_relationship",
                "holdings_note_type", "ill_policy", "instance_note_type", "instance_relationship_type",
                "item_damaged_status", "item_note_type", "nature_of_content_term", "subject_type")) {
            m.putAll(Reference.duplicateMessages(t, t, "name"));
        }
        m.putAll(Reference.duplicateMessages("holdings_source", "holdings_records_source", "name"));
        m.putAll(Reference.duplicateMessages("institution", "locinstitution", "name"));
        m.putAll(Reference.duplicateMessages("campus", "loccampus", "name"));
        m.putAll(Reference.duplicateMessages("library", "loclibrary", "name"));
        m.putAll(Reference.duplicateMessages("location", "location", "name", "code"));
        m.putAll(Reference.duplicateMessages("instance_format", "instance_format", "name", "code"));
        m.putAll(Reference.duplicateMessages("subject_source", "subject_source", "name", "code"));
        m.putAll(Reference.duplicateMessages("statistical_code_type", "statistical_code_type"));
        m.putAll(Reference.duplicateMessages("statistical_code", "statistical_code", "name"));
        m.put("statistical_code_code_type_key", "lower(f_unaccent(jsonb ->> 'code'::text)), "
                + "lower(f_unaccent(jsonb ->> 'statisticalCodeTypeId'::text)) value already exists in table "
                + "statistical_code: %s");
        m.putAll(Reference.duplicateMessages("instance_date_type", "instance_date_type"));
        return m;
    }

    /**
     * Gives instances without an HRID their next ones now, as the instance store would at insert: for a writer that
     * must name the HRID before the instance exists (data import writes the SRS record, which carries it, first).
     */
    public static void assignInstanceHrids(Connection c, String schema, List<ObjectNode> instances) throws SQLException {
        Hrids.assign(c, schema, "instance_hrid_seq", "in", instances);
    }

    /** A named reference type with FOLIO's {@code source} ("folio", "local", ...), which its screens filter on. */
    private static RecordType.Builder sourced(String table, String collectionKey) {
        return Reference.named(table, collectionKey).column("source", "source", FieldType.KEYWORD);
    }
}
