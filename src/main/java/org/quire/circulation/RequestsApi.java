package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.util.List;
import java.util.UUID;

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation-storage's {@code /request-storage/requests} (plain storage) and mod-circulation's
 * {@code /circulation/requests} (create with FOLIO's checks and effects, cancel, queue). Business reads and the
 * created request come in mod-circulation's extended representation ({@link RequestRepresentation}).
 */
final class RequestsApi {
    private RequestsApi() {
    }

    static void register(Router r, Database db, CirculationRulesStore rules) {
        RequestService service = new RequestService(rules);
        RecordApi.register(r, db, REQUESTS, "/request-storage/requests", "request-storage.requests");
        HoldShelfClearance.register(r, db);

        r.get("/circulation/requests", "circulation.requests.collection.get", req -> {
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            return db.read(c -> {
                RecordStore.Page page = REQUESTS.search(c, req.schema(), req.param("query").orElse(null), limit, offset);
                return Response.ok(RecordApi.page("requests",
                        RequestRepresentation.extendAll(c, req.schema(), page.records()), page.totalRecords()));
            });
        });
        r.get("/circulation/requests/{id}", "circulation.requests.item.get", req -> db.read(c -> {
            ObjectNode stored = REQUESTS.get(c, req.schema(), req.pathUuid("id"))
                    .orElseThrow(() -> RecordApi.notFound("requests", req.path("id")));
            return Response.ok(RequestRepresentation.extend(c, req.schema(), stored));
        }));
        r.post("/circulation/requests", "circulation.requests.item.post", req -> {
            ObjectNode saved = db.tx(c -> RequestRepresentation.extend(c, req.schema(),
                    service.create(c, req.schema(), req.json(), req.userId())));
            return Response.created(saved).header("Location", "/circulation/requests/" + saved.get("id").asText());
        });
        r.put("/circulation/requests/{id}", "circulation.requests.item.put", req -> {
            db.tx(c -> {
                service.update(c, req.schema(), req.pathUuid("id"), req.json(), req.userId());
                return null;
            });
            return Response.noContent();
        });
        r.delete("/circulation/requests/{id}", "circulation.requests.item.delete", req -> {
            boolean deleted = db.tx(c -> {
                ObjectNode old = REQUESTS.get(c, req.schema(), req.pathUuid("id")).orElse(null);
                if (old == null || !REQUESTS.delete(c, req.schema(), req.pathUuid("id"))) return false;
                RequestQueue.renumberQueueOf(c, req.schema(), old);
                return true;
            });
            if (!deleted) throw RecordApi.notFound("requests", req.path("id"));
            return Response.noContent();
        });
        r.get("/circulation/requests/queue/item/{itemId}", "circulation.requests.queue-item.collection.get", req -> {
            List<ObjectNode> queue = db.read(c -> RequestRepresentation.extendAll(c, req.schema(),
                    RequestQueue.forItemReadOnly(c, req.schema(), req.pathUuid("itemId"))));
            return Response.ok(RecordApi.page("requests", queue, queue.size()));
        });
        r.post("/circulation/requests/queue/item/{itemId}/reorder", "circulation.requests.queue.item-reorder.collection.post",
                req -> {
                    List<ObjectNode> queue = db.tx(c -> service.reorder(c, req.schema(), req.pathUuid("itemId"), false, req.json()));
                    return Response.ok(RecordApi.page("requests", queue, queue.size()));
                });
        TitleLevelRequestsApi.register(r, db, service);
    }
}
