package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * folio-custom-fields' /custom-fields as mod-users provides it (custom-fields.raml, CustomFieldsImpl, its
 * ModuleDescriptor's permission names). Several FOLIO modules provide /custom-fields through Okapi's "multiple"
 * interface type, and the client's X-Okapi-Module-Id header says whose fields it means; Quire has only mod-users',
 * so a header naming another module (say mod-orders-storage-13.0.0) is answered as Okapi answers for a module the
 * tenant does not have, 404, and no header at all means mod-users (Okapi would refuse it; the Users app always
 * sends one).
 */
public final class CustomFieldsApi {
    private CustomFieldsApi() {
    }

    public static void register(Router r, Database db) {
        CustomFields fields = new CustomFields(db);
        r.get("/custom-fields", "custom.fields.collection.get", answering(req -> {
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            RecordStore.Page page = fields.list(req.schema(), req.param("query").filter(q -> !q.isBlank()).orElse(null),
                    limit, offset);
            return Response.ok(RecordApi.page("customFields", page.records(), page.totalRecords()));
        }));
        r.get("/custom-fields/{id}", "custom.fields.item.get", answering(req ->
                Response.ok(fields.get(req.schema(), id(req)))));
        r.post("/custom-fields", "custom.fields.item.post", answering(req -> {
            ObjectNode saved = fields.create(req.schema(), definition(req.json()), req.userId());
            return Response.created(saved).header("Location", "/custom-fields/" + saved.get("id").asText());
        }));
        r.put("/custom-fields/{id}", "custom.fields.item.put", answering(req -> {
            UUID id = id(req);
            fields.update(req.schema(), id, definition(req.json()), req.userId());
            return Response.noContent();
        }));
        r.put("/custom-fields", "custom.fields.collection.put", answering(req -> {
            ObjectNode body = req.json();
            List<Refusal> missing = new ArrayList<>();
            if (!body.hasNonNull("customFields")) missing.add(Refusal.required("customFields"));
            if (!body.hasNonNull("entityType")) missing.add(Refusal.required("entityType"));
            if (!missing.isEmpty()) throw ApiException.unprocessable(missing);
            if (!body.get("customFields").isArray()) throw ApiException.badRequest("Json content error customFields "
                    + "must be an array");
            List<ObjectNode> list = new ArrayList<>();
            for (JsonNode f : body.get("customFields")) {
                if (!(f instanceof ObjectNode o)) throw ApiException.badRequest("Json content error customFields must "
                        + "hold objects");
                list.add(definition(o));
            }
            fields.replaceAll(req.schema(), body.get("entityType").asText(), list, req.userId());
            return Response.noContent();
        }));
        r.delete("/custom-fields/{id}", "custom.fields.item.delete", answering(req -> {
            fields.delete(req.schema(), id(req));
            return Response.noContent();
        }));
        r.get("/custom-fields/{id}/stats", "custom.fields.item.stats.get", answering(req ->
                Response.ok(fields.stats(req.schema(), id(req)))));
        r.get("/custom-fields/{id}/options/{optId}/stats", "custom.fields.item.option.stats.get", answering(req ->
                Response.ok(fields.optionStats(req.schema(), id(req), req.path("optId")))));
    }

    /** The body as the schema requires it (RMB's @Validate: 422 per missing property; Jackson: 400 per bad enum). */
    private static ObjectNode definition(ObjectNode f) {
        List<Refusal> missing = CustomFieldDefinitions.missing(f).stream().map(Refusal::required).toList();
        if (!missing.isEmpty()) throw ApiException.unprocessable(missing);
        String badEnum = CustomFieldDefinitions.badEnum(f);
        if (badEnum != null) throw ApiException.badRequest(badEnum);
        for (String p : List.of("name", "entityType", "helpText")) {
            if (f.has(p) && f.get(p).isContainerNode()) {
                throw ApiException.badRequest("Json content error " + p + " must be a string");
            }
        }
        return f;
    }

    /** The RAML's uriParameters pattern: RMB answers 400 for an id that does not match it. */
    private static UUID id(Request req) {
        return req.rmbPathUuid("id", "id");
    }

    private static Handler answering(Handler h) {
        return req -> {
            String module = req.header().apply("X-Okapi-Module-Id").orElse("mod-users");
            if (!module.matches("mod-users(-\\d.*)?")) {
                throw ApiException.notFound("No suitable module found for path " + "/custom-fields for tenant "
                        + req.tenant() + " and module " + module);
            }
            try {
                return h.handle(req);
            } catch (CustomFieldRefusal e) {
                if (e.notFound()) return Response.text(404, e.getMessage());
                ObjectNode error = Json.object().put("message", e.getMessage()).put("type", "1").put("code", "-1");
                ObjectNode parameter = error.putArray("parameters").addObject();
                if (e.key() != null) parameter.put("key", e.key());
                if (e.value() != null) parameter.put("value", e.value());
                return Response.json(422, error);
            }
        };
    }
}
