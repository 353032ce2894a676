package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import static org.quire.inventory.InventoryTypes.*;

/** FOLIO's inventory storage endpoints, then mod-inventory's business endpoints ({@link InventoryBusinessApi}). */
public final class InventoryApi {
    private InventoryApi() {
    }

    public static void register(Router r, Database db, MarkItem.FulfilmentRequests requests) {
        RecordApi.register(r, db, MATERIAL_TYPES, "/material-types", "inventory-storage.material-types");
        RecordApi.register(r, db, LOAN_TYPES, "/loan-types", "inventory-storage.loan-types");
        RecordApi.register(r, db, INSTANCE_TYPES, "/instance-types", "inventory-storage.instance-types");
        RecordApi.register(r, db, HOLDINGS_SOURCES, "/holdings-sources", "inventory-storage.holdings-sources");
        RecordApi.register(r, db, IDENTIFIER_TYPES, "/identifier-types", "inventory-storage.identifier-types");
        RecordApi.register(r, db, CONTRIBUTOR_NAME_TYPES, "/contributor-name-types", "inventory-storage.contributor-name-types");
        RecordApi.register(r, db, CONTRIBUTOR_TYPES, "/contributor-types", "inventory-storage.contributor-types");
        RecordApi.register(r, db, CALL_NUMBER_TYPES, "/call-number-types", "inventory-storage.call-number-types");
        RecordApi.register(r, db, CLASSIFICATION_TYPES, "/classification-types", "inventory-storage.classification-types");
        RecordApi.register(r, db, HOLDINGS_TYPES, "/holdings-types", "inventory-storage.holdings-types");
        RecordApi.register(r, db, INSTANCE_STATUSES, "/instance-statuses", "inventory-storage.instance-statuses");
        RecordApi.register(r, db, MODES_OF_ISSUANCE, "/modes-of-issuance", "inventory-storage.modes-of-issuance");
        RecordApi.register(r, db, INSTITUTIONS, "/location-units/institutions", "inventory-storage.location-units.institutions");
        RecordApi.register(r, db, CAMPUSES, "/location-units/campuses", "inventory-storage.location-units.campuses");
        RecordApi.register(r, db, LIBRARIES, "/location-units/libraries", "inventory-storage.location-units.libraries");
        RecordApi.register(r, db, LOCATIONS, "/locations", "inventory-storage.locations");
        RecordApi.register(r, db, SERVICE_POINTS, "/service-points", "inventory-storage.service-points");
        RecordApi.register(r, db, SERVICE_POINTS_USERS, "/service-points-users", "inventory-storage.service-points-users");
        // The rest of mod-inventory-storage's reference data: paths and permission names from its ModuleDescriptor.
        RecordApi.register(r, db, ALTERNATIVE_TITLE_TYPES, "/alternative-title-types", "inventory-storage.alternative-title-types");
        RecordApi.register(r, db, ELECTRONIC_ACCESS_RELATIONSHIPS, "/electronic-access-relationships",
                "inventory-storage.electronic-access-relationships");
        RecordApi.register(r, db, HOLDINGS_NOTE_TYPES, "/holdings-note-types", "inventory-storage.holdings-note-types");
        RecordApi.register(r, db, ILL_POLICIES, "/ill-policies", "inventory-storage.ill-policies");
        RecordApi.register(r, db, INSTANCE_FORMATS, "/instance-formats", "inventory-storage.instance-formats");
        RecordApi.register(r, db, INSTANCE_NOTE_TYPES, "/instance-note-types", "inventory-storage.instance-note-types");
        RecordApi.register(r, db, INSTANCE_RELATIONSHIP_TYPES, "/instance-relationship-types",
                "inventory-storage.instance-relationship-types");
        RecordApi.register(r, db, ITEM_DAMAGED_STATUSES, "/item-damaged-statuses", "inventory-storage.item-damaged-statuses");
        RecordApi.register(r, db, ITEM_NOTE_TYPES, "/item-note-types", "inventory-storage.item-note-types");
        RecordApi.register(r, db, NATURE_OF_CONTENT_TERMS, "/nature-of-content-terms", "inventory-storage.nature-of-content-terms");
        RecordApi.register(r, db, STATISTICAL_CODE_TYPES, "/statistical-code-types", "inventory-storage.statistical-code-types");
        RecordApi.register(r, db, STATISTICAL_CODES, "/statistical-codes", "inventory-storage.statistical-codes");
        RecordApi.register(r, db, SUBJECT_SOURCES, "/subject-sources", "inventory-storage.subject-sources");
        RecordApi.register(r, db, SUBJECT_TYPES, "/subject-types", "inventory-storage.subject-types");
        // Instance date types are FOLIO's fixed list: GET the collection, PATCH a name (InstanceDateTypeService).
        r.get("/instance-date-types", "inventory-storage.instance-date-types.collection.get",
                req -> RecordApi.collection(db, INSTANCE_DATE_TYPES, req));
        r.patch("/instance-date-types/{id}", "inventory-storage.instance-date-types.item.patch",
                req -> renameInstanceDateType(db, req));

        RecordApi.register(r, db, INSTANCES, "/instance-storage/instances", "inventory-storage.instances");
        RecordApi.registerBatch(r, db, INSTANCES, "/instance-storage/batch/synchronous", "inventory-storage.instances.batch.post");
        RecordApi.register(r, db, HOLDINGS, "/holdings-storage/holdings", "inventory-storage.holdings");
        RecordApi.registerBatch(r, db, HOLDINGS, "/holdings-storage/batch/synchronous", "inventory-storage.holdings.batch.post");
        RecordApi.register(r, db, ITEMS, "/item-storage/items", "inventory-storage.items");
        RecordApi.registerBatch(r, db, ITEMS, "/item-storage/batch/synchronous", "inventory-storage.items.batch.post");

        InventoryBusinessApi.register(r, db, requests);
        InventoryUiApi.register(r, db);
    }

    /** PATCH {"name": …}: only the name of an instance date type can change. */
    private static Response renameInstanceDateType(Database db, Request req) {
        java.util.UUID id = req.pathUuid("id");
        ObjectNode patch = req.json();
        return db.tx(c -> {
            ObjectNode stored = INSTANCE_DATE_TYPES.getForUpdate(c, req.schema(), id)
                    .orElseThrow(() -> RecordApi.notFound("instanceDateTypes", id.toString()));
            ObjectNode renamed = stored.deepCopy();
            renamed.set("name", patch.get("name"));
            INSTANCE_DATE_TYPES.replace(c, req.schema(), stored, renamed, req.userId());
            return Response.noContent();
        });
    }
}
