package org.quire.platform.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * FOLIO's storage API for one record type: collection GET with CQL and paging, GET/PUT/DELETE by id, POST, and
 * optionally POST batch/synchronous. Permission names follow FOLIO's {@code <prefix>.collection.get},
 * {@code <prefix>.item.get|post|put|delete} pattern.
 */
public final class RecordApi {
    /** RMB's default page size. */
    public static final int DEFAULT_LIMIT = 10;

    private RecordApi() {
    }

    public static void register(Router router, Database db, RecordStore store, String path, String permPrefix) {
        String key = store.type().collectionKey();
        router.get(path, permPrefix + ".collection.get", r -> collection(db, store, r));
        router.get(path + "/{id}", permPrefix + ".item.get", r -> db.read(c -> store.get(c, r.schema(), r.pathUuid("id")))
                .map(Response::ok).orElseThrow(() -> notFound(key, r.path("id"))));
        router.post(path, permPrefix + ".item.post", r -> {
            ObjectNode saved = db.tx(c -> store.insert(c, r.schema(), r.json(), r.userId()));
            return Response.created(saved).header("Location", path + "/" + saved.get("id").asText());
        });
        router.put(path + "/{id}", permPrefix + ".item.put", r -> {
            db.tx(c -> store.update(c, r.schema(), r.pathUuid("id"), r.json(), r.userId()));
            return Response.noContent();
        });
        router.delete(path + "/{id}", permPrefix + ".item.delete", r -> {
            if (!db.tx(c -> store.delete(c, r.schema(), r.pathUuid("id")))) throw notFound(key, r.path("id"));
            return Response.noContent();
        });
    }

    /** POST {"<collectionKey>": [...]} → 201; all or nothing, as FOLIO's batch/synchronous. */
    public static void registerBatch(Router router, Database db, RecordStore store, String path, String permission) {
        router.post(path, permission, r -> {
            JsonNode arr = r.json().get(store.type().collectionKey());
            if (arr == null || !arr.isArray())
                throw ApiException.badRequest("Expected a JSON object with array '" + store.type().collectionKey() + "'");
            List<ObjectNode> records = new ArrayList<>();
            for (JsonNode n : arr) {
                if (!(n instanceof ObjectNode o)) throw ApiException.badRequest("Each record must be a JSON object");
                records.add(o);
            }
            boolean upsert = r.param("upsert").map(Boolean::parseBoolean).orElse(false);
            db.tx(c -> store.insertAll(c, r.schema(), records, r.userId(), upsert));
            return Response.text(201, "");
        });
    }

    public static Response collection(Database db, RecordStore store, Request r) {
        int limit = r.intParam("limit", DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
        int offset = r.intParam("offset", 0, 0, Integer.MAX_VALUE);
        String query = r.param("query").orElse(null);
        RecordStore.Page page = db.read(c -> store.search(c, r.schema(), query, limit, offset));
        return Response.ok(page(store.type().collectionKey(), page.records(), page.totalRecords()));
    }

    public static ObjectNode page(String key, List<? extends JsonNode> records, long total) {
        ObjectNode body = Json.object();
        body.putArray(key).addAll(records);
        body.put("totalRecords", total);
        return body;
    }

    public static ApiException notFound(String key, String id) {
        return ApiException.notFound("Not found: " + key + " " + id);
    }

    public static UUID id(ObjectNode n) {
        return Ids.parse(n.get("id").asText()).orElseThrow();
    }
}
