package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.util.List;
import java.util.UUID;

import static org.quire.inventory.InventoryTypes.INSTANCES;
import static org.quire.inventory.InventoryTypes.ITEMS;

/**
 * mod-inventory's business layer over the storage records: {@code /inventory/items} (named references, title,
 * contributors; its Items/ItemsApi resource), the item state actions ({@link MarkItem}) and {@code
 * /inventory/instances} (its Instances resource). Writes go through the record stores, so typed columns, derived
 * fields and outbox events are the storage API's.
 */
public final class InventoryBusinessApi {
    private InventoryBusinessApi() {
    }

    public static void register(Router r, Database db, MarkItem.FulfilmentRequests requests) {
        r.get("/inventory/items", "inventory.items.collection.get", req -> items(db, req));
        r.get("/inventory/items/{id}", "inventory.items.item.get", req -> db.read(c -> InventoryStore.itemById(c, req.schema(),
                        req.pathUuid("id"))).map(v -> Response.ok(v.toBusinessJson()))
                .orElseThrow(() -> RecordApi.notFound("items", req.path("id"))));
        // mod-inventory answers a created item with its representation (201, no Location header) and an update with
        // 204 (Items.addItem → respondWithItemRepresentation, Items.updateItem → noContent).
        r.post("/inventory/items", "inventory.items.item.post", req -> {
            ItemView saved = BusinessWrites.createItem(db, req.schema(), fromBusiness(req.json()), req.userId());
            return Response.created(saved.toBusinessJson());
        });
        r.put("/inventory/items/{id}", "inventory.items.item.put", req -> {
            UUID id = req.pathUuid("id");
            BusinessWrites.updateItem(db, req.schema(), id, fromBusiness(req.json()), req.userId());
            return Response.noContent();
        });
        r.delete("/inventory/items/{id}", "inventory.items.item.delete", req -> {
            if (!db.tx(c -> ITEMS.delete(c, req.schema(), req.pathUuid("id")))) throw RecordApi.notFound("items", req.path("id"));
            return Response.noContent();
        });
        for (MarkItem.Target target : MarkItem.Target.values()) {
            r.post("/inventory/items/{id}/" + target.action, target.permission(), req -> {
                UUID id = req.pathUuid("id");
                return Response.ok(MarkItem.mark(db, req.schema(), id, target, requests, req.userId()).toBusinessJson());
            });
        }

        r.get("/inventory/instances", "inventory.instances.collection.get", req -> {
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            RecordStore.Page page = db.read(c -> INSTANCES.search(c, req.schema(), req.param("query").orElse(null),
                    limit, offset));
            return Response.ok(RecordApi.page("instances", page.records().stream()
                    .map(InventoryBusinessApi::businessInstance).toList(), page.totalRecords()));
        });
        r.get("/inventory/instances/{id}", "inventory.instances.item.get", req -> db.read(c -> INSTANCES.get(c,
                        req.schema(), req.pathUuid("id"))).map(i -> Response.ok(businessInstance(i)))
                .orElseThrow(() -> RecordApi.notFound("instances", req.path("id"))));
        // Instances.create: 400 without a title; 201 with a Location header and the representation.
        r.post("/inventory/instances", "inventory.instances.item.post", req -> {
            ObjectNode instance = withoutDerived(req.json());
            String title = Json.text(instance, "title");
            if (title == null || title.isBlank()) throw ApiException.badRequest("Title must be provided for an instance");
            ObjectNode saved = db.tx(c -> INSTANCES.insert(c, req.schema(), instance, req.userId()));
            return Response.created(businessInstance(saved))
                    .header("Location", "/inventory/instances/" + saved.get("id").asText());
        });
        // Instances.update: 404 "Instance not found", 422 when the HRID changes, else 204.
        r.put("/inventory/instances/{id}", "inventory.instances.item.put", req -> {
            UUID id = req.pathUuid("id");
            ObjectNode instance = withoutDerived(req.json());
            BusinessWrites.updateInstance(db, req.schema(), id, instance, req.userId());
            return Response.noContent();
        });
        r.delete("/inventory/instances/{id}", "inventory.instances.item.delete", req -> {
            if (!db.tx(c -> INSTANCES.delete(c, req.schema(), req.pathUuid("id"))))
                throw RecordApi.notFound("instances", req.path("id"));
            return Response.noContent();
        });
    }

    private static Response items(Database db, Request req) {
        int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
        int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
        SqlWhere where = ITEMS.translate(req.param("query").orElse(null));
        String order = where.orderBy().isEmpty() ? ITEMS.type().defaultSort() : where.orderBy();
        return db.read(c -> {
            List<ObjectNode> page = InventoryStore.searchItems(c, req.schema(), where, order, limit, offset).stream()
                    .map(ItemView::toBusinessJson).toList();
            long total = RecordStore.pageTellsTotal(limit, offset, page.size()) ? offset + page.size()
                    : ITEMS.search(c, req.schema(), req.param("query").orElse(null), 0, 0).totalRecords();
            return Response.ok(RecordApi.page("items", page, total));
        });
    }

    /**
     * mod-inventory's item input (ItemUtil.jsonToItem): references come as objects and only their {@code id} is
     * read ({"materialType":{"id":…}}); the read-only parts of the representation are dropped. Quire also accepts
     * the storage ids ({@code materialTypeId}) when no object is sent.
     */
    static ObjectNode fromBusiness(ObjectNode item) {
        for (String ref : List.of("materialType", "permanentLoanType", "temporaryLoanType", "permanentLocation",
                "temporaryLocation")) {
            var n = item.get(ref);
            if (n != null && n.hasNonNull("id")) item.put(ref + "Id", n.get("id").asText());
            item.remove(ref);
        }
        for (String derived : List.of("title", "contributorNames", "callNumber", "effectiveLocation", "isBoundWith",
                "boundWithTitles")) {
            item.remove(derived);
        }
        return item;
    }

    /**
     * mod-inventory's instance representation (Instance.getJsonForResponse): the stored instance with its
     * relationships and bound-with flag. Quire keeps no instance relationships or preceding/succeeding titles
     * apart from the instance, nor bound-withs, so these are what the client stored, or empty.
     */
    static ObjectNode businessInstance(ObjectNode stored) {
        ObjectNode out = stored.deepCopy();
        for (String list : List.of("parentInstances", "childInstances", "precedingTitles", "succeedingTitles")) {
            if (!out.has(list)) out.putArray(list);
        }
        out.put("isBoundWith", false);
        return out;
    }

    private static ObjectNode withoutDerived(ObjectNode instance) {
        instance.remove("isBoundWith");
        return instance;
    }
}
