package org.quire.inventory;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.platform.records.Reference;

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
            .events("inventory.instance")
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
            .events("inventory.holdings-record")
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
            .required("materialTypeId", "permanentLoanTypeId", "holdingsRecordId", "status.name")
            .keywords("barcode")
            .versioned()
            .hooks(new InventoryHooks.ItemHooks())
            .events("inventory.item")
            .build());
}
