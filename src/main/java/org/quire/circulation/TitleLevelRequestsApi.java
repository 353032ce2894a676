package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.util.List;

/**
 * Title-level requests' endpoints: the instance queue and its reorder, request by instance, moving a request to another item, pick and
 * search slips, and the circulation settings that hold the TLR feature switch (mod-circulation-storage's storage and
 * mod-circulation's {@code /circulation/settings}).
 */
final class TitleLevelRequestsApi {
    private TitleLevelRequestsApi() {
    }

    static void register(Router r, Database db, RequestService service) {
        RequestMove move = new RequestMove(db, service);
        RecordApi.register(r, db, CirculationTypes.CIRCULATION_SETTINGS, "/circulation-settings-storage/circulation-settings",
                "circulation-storage.circulation-settings");
        RecordApi.register(r, db, CirculationTypes.CIRCULATION_SETTINGS, "/circulation/settings", "circulation.settings");

        r.get("/circulation/requests/queue/instance/{instanceId}", "circulation.requests.queue-instance.collection.get", req -> {
            List<ObjectNode> queue = db.read(c -> RequestRepresentation.extendAll(c, req.schema(),
                    RequestQueue.forInstanceReadOnly(c, req.schema(), req.pathUuid("instanceId"))));
            return Response.ok(RecordApi.page("requests", queue, queue.size()));
        });
        r.post("/circulation/requests/queue/instance/{instanceId}/reorder",
                "circulation.requests.queue.instance-reorder.collection.post", req -> {
                    List<ObjectNode> queue = service.reorder(req.schema(), req.pathUuid("instanceId"), true, req.json());
                    return Response.ok(RecordApi.page("requests", queue, queue.size()));
                });
        r.post("/circulation/requests/instances", "circulation.requests.instances.item.post", req -> {
            ObjectNode saved = InstanceRequests.create(db, req.schema(), service, req.json(), req.userId());
            return Response.created(saved).header("Location", "/circulation/requests/" + saved.get("id").asText());
        });
        r.post("/circulation/requests/{id}/move", "circulation.requests.item.move.post", req ->
                Response.ok(move.move(req.schema(), req.pathUuid("id"), req.json(), req.userId())));
        r.get("/circulation/pick-slips/{servicePointId}", "circulation.pick-slips.get", req -> {
            List<ObjectNode> slips = db.read(c -> StaffSlips.pickSlips(c, req.schema(), req.pathUuid("servicePointId")));
            ObjectNode body = Json.object();
            body.putArray("pickSlips").addAll(slips);
            return Response.ok(body.put("totalRecords", slips.size()));
        });
        r.get("/circulation/search-slips/{servicePointId}", "circulation.search-slips.get", req -> {
            List<ObjectNode> slips = db.read(c -> StaffSlips.searchSlips(c, req.schema(), req.pathUuid("servicePointId")));
            ObjectNode body = Json.object();
            body.putArray("searchSlips").addAll(slips);
            return Response.ok(body.put("totalRecords", slips.size()));
        });
    }
}
