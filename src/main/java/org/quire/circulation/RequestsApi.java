package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.jobs.Jobs;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.quire.circulation.RequestQueue.REQUESTS;

/**
 * mod-circulation-storage's {@code /request-storage/requests} (plain storage) and mod-circulation's
 * {@code /circulation/requests} (create with FOLIO's checks and effects, cancel, queue), the hold shelf clearance and
 * items-in-transit reports, and the request expiry timer. Business reads and the created request come in
 * mod-circulation's extended representation ({@link RequestRepresentation}).
 */
public final class RequestsApi {
    private RequestsApi() {
    }

    static void register(Router r, Database db, CirculationRulesStore rules) {
        RequestService service = new RequestService(db, rules);
        RecordApi.register(r, db, REQUESTS, "/request-storage/requests", "request-storage.requests");
        r.get("/circulation/requests-reports/hold-shelf-clearance/{servicePointId}",
                "circulation.requests.hold-shelf-clearance-report.get", req -> {
                    List<ObjectNode> requests = db.read(c -> HoldShelfClearance.report(c, req.schema(),
                            req.pathUuid("servicePointId")));
                    return Response.ok(RecordApi.page("requests", requests, requests.size()));
                });
        r.get("/inventory-reports/items-in-transit", "circulation.inventory.items-in-transit-report.get", req -> {
            List<ObjectNode> items = db.read(c -> ItemsInTransitReport.report(c, req.schema()));
            return Response.ok(RecordApi.page("items", items, items.size()));
        });

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
            ObjectNode saved = service.create(req.schema(), req.json(), req.userId());
            return Response.created(saved).header("Location", "/circulation/requests/" + saved.get("id").asText());
        });
        r.put("/circulation/requests/{id}", "circulation.requests.item.put", req -> {
            service.update(req.schema(), req.pathUuid("id"), req.json(), req.userId());
            return Response.noContent();
        });
        r.delete("/circulation/requests/{id}", "circulation.requests.item.delete", req -> {
            if (!service.delete(req.schema(), req.pathUuid("id"))) throw RecordApi.notFound("requests", req.path("id"));
            return Response.noContent();
        });
        r.get("/circulation/requests/queue/item/{itemId}", "circulation.requests.queue-item.collection.get", req -> {
            List<ObjectNode> queue = db.read(c -> RequestRepresentation.extendAll(c, req.schema(),
                    RequestQueue.forItemReadOnly(c, req.schema(), req.pathUuid("itemId"))));
            return Response.ok(RecordApi.page("requests", queue, queue.size()));
        });
        r.post("/circulation/requests/queue/item/{itemId}/reorder", "circulation.requests.queue.item-reorder.collection.post",
                req -> {
                    List<ObjectNode> queue = service.reorder(req.schema(), req.pathUuid("itemId"), false, req.json());
                    return Response.ok(RecordApi.page("requests", queue, queue.size()));
                });
        TitleLevelRequestsApi.register(r, db, service);
    }

    /**
     * mod-circulation-storage's timer endpoint for request expiry: Okapi calls it every few minutes for each tenant;
     * Quire's own scheduler does the same work, so the call just runs the job now for the calling tenant (204 also
     * when another process is running it).
     */
    public static void registerExpiryTimer(Router router, Jobs jobs) {
        router.post("/scheduled-request-expiration", "circulation-storage.requests.scheduled-expiration.post", req -> {
            jobs.runNow(RequestExpiry.NAME, req.tenant(), Instant.now());
            return Response.noContent();
        });
    }
}
