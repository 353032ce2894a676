package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.util.List;

import static org.quire.inventory.InventoryTypes.*;

/** FOLIO's inventory storage endpoints and mod-inventory's business endpoints for items and instances. */
public final class InventoryApi {
    private InventoryApi() {
    }

    public static void register(Router r, Database db) {
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

        // mod-inventory's business layer: instances as stored; items with their names resolved in one query.
        RecordApi.register(r, db, INSTANCES, "/inventory/instances", "inventory.instances");
        r.get("/inventory/items", "inventory.items.collection.get", req -> items(db, req));
        r.get("/inventory/items/{id}", "inventory.items.item.get", req -> db.read(c -> ItemView.byId(c, req.schema(),
                        req.pathUuid("id"))).map(v -> Response.ok(v.toBusinessJson()))
                .orElseThrow(() -> RecordApi.notFound("items", req.path("id"))));
        r.post("/inventory/items", "inventory.items.item.post", req -> {
            ObjectNode saved = db.tx(c -> ITEMS.insert(c, req.schema(), fromBusiness(req.json()), req.userId()));
            return Response.created(saved).header("Location", "/inventory/items/" + saved.get("id").asText());
        });
        r.put("/inventory/items/{id}", "inventory.items.item.put", req -> {
            db.tx(c -> ITEMS.update(c, req.schema(), req.pathUuid("id"), fromBusiness(req.json()), req.userId()));
            return Response.noContent();
        });
        r.delete("/inventory/items/{id}", "inventory.items.item.delete", req -> {
            if (!db.tx(c -> ITEMS.delete(c, req.schema(), req.pathUuid("id")))) throw RecordApi.notFound("items", req.path("id"));
            return Response.noContent();
        });
    }

    private static Response items(Database db, Request req) {
        int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
        int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
        SqlWhere where = ITEMS.translate(req.param("query").orElse(null));
        String order = where.orderBy().isEmpty() ? ITEMS.type().defaultSort() : where.orderBy();
        return db.read(c -> {
            List<ObjectNode> page = ItemView.search(c, req.schema(), where, order, limit, offset).stream()
                    .map(ItemView::toBusinessJson).toList();
            long total = RecordStore.pageTellsTotal(limit, offset, page.size()) ? offset + page.size()
                    : ITEMS.search(c, req.schema(), req.param("query").orElse(null), 0, 0).totalRecords();
            return Response.ok(RecordApi.page("items", page, total));
        });
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

    /** mod-inventory clients send references as objects ({"materialType":{"id":…}}); storage wants ids. */
    static ObjectNode fromBusiness(ObjectNode item) {
        for (String ref : List.of("materialType", "permanentLoanType", "temporaryLoanType", "permanentLocation",
                "temporaryLocation")) {
            var n = item.get(ref);
            if (n != null && n.hasNonNull("id") && !item.hasNonNull(ref + "Id")) item.put(ref + "Id", n.get("id").asText());
            item.remove(ref);
        }
        for (String derived : List.of("title", "contributorNames", "callNumber", "effectiveLocation", "isBoundWith")) {
            item.remove(derived);
        }
        return item;
    }

}
