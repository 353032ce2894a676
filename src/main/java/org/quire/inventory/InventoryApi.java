package org.quire.inventory;

import org.quire.platform.db.Database;
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

        RecordApi.register(r, db, INSTANCES, "/instance-storage/instances", "inventory-storage.instances");
        RecordApi.registerBatch(r, db, INSTANCES, "/instance-storage/batch/synchronous", "inventory-storage.instances.batch.post");
        RecordApi.register(r, db, HOLDINGS, "/holdings-storage/holdings", "inventory-storage.holdings");
        RecordApi.registerBatch(r, db, HOLDINGS, "/holdings-storage/batch/synchronous", "inventory-storage.holdings.batch.post");
        RecordApi.register(r, db, ITEMS, "/item-storage/items", "inventory-storage.items");
        RecordApi.registerBatch(r, db, ITEMS, "/item-storage/batch/synchronous", "inventory-storage.items.batch.post");

        InventoryBusinessApi.register(r, db, requests);
    }
}
