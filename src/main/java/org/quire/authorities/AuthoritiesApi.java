package org.quire.authorities;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.quire.authorities.AuthorityTypes.AUTHORITIES;
import static org.quire.authorities.AuthorityTypes.NOTE_TYPES;
import static org.quire.authorities.AuthorityTypes.SOURCE_FILES;

/**
 * mod-entities-links' endpoints: authority storage, authority source files and note types, instance-authority links
 * and linking rules. Paths and permission names from its ModuleDescriptor-template.json and OpenAPI
 * (swagger.api/mod-entities-links.yaml).
 */
public final class AuthoritiesApi {
    private AuthoritiesApi() {
    }

    public static void register(Router r, Database db) {
        String authorities = "/authority-storage/authorities";
        r.get(authorities, "inventory-storage.authorities.collection.get", req -> RecordApi.collection(db, AUTHORITIES, req));
        r.get(authorities + "/{id}", "inventory-storage.authorities.item.get", req -> get(db, AUTHORITIES, req, "Authority"));
        r.post(authorities, "inventory-storage.authorities.item.post", req -> create(db, AUTHORITIES, req, authorities));
        r.put(authorities + "/{id}", "inventory-storage.authorities.item.put", req -> updateAuthority(db, req));
        r.delete(authorities + "/{id}", "inventory-storage.authorities.item.delete", req -> delete(db, AUTHORITIES, req, "Authority"));

        String files = "/authority-source-files";
        r.get(files, "inventory-storage.authority-source-files.collection.get", req -> RecordApi.collection(db, SOURCE_FILES, req));
        r.get(files + "/{id}", "inventory-storage.authority-source-files.item.get",
                req -> get(db, SOURCE_FILES, req, "Authority Source File"));
        r.post(files, "inventory-storage.authority-source-files.item.post", req -> create(db, SOURCE_FILES, req, files));
        r.patch(files + "/{id}", "inventory-storage.authority-source-files.item.patch", req -> patchSourceFile(db, req));
        r.delete(files + "/{id}", "inventory-storage.authority-source-files.item.delete",
                req -> delete(db, SOURCE_FILES, req, "Authority Source File"));

        RecordApi.register(r, db, NOTE_TYPES, "/authority-note-types", "inventory-storage.authority-note-types");

        r.get("/links/instances/{instanceId}", "instance-authority-links.instances.collection.get", req -> {
            UUID instance = uuid(req, "instanceId");
            var links = db.read(c -> AuthoritiesStore.linksOfInstance(c, req.schema(), instance));
            return Response.ok(RecordApi.page("links", links, links.size()));
        });
        r.put("/links/instances/{instanceId}", "instance-authority-links.instances.collection.put", req -> {
            InstanceLinks.replace(db, req.schema(), uuid(req, "instanceId"), req.json());
            return Response.noContent();
        });
        r.post("/links/authorities/bulk/count", "instance-authority-links.authorities.bulk.post", req -> countLinks(db, req));
        r.get("/linking-rules/instance-authority", "instance-authority.linking-rules.collection.get",
                req -> Response.ok(LinkingRules.all()));
        r.get("/linking-rules/instance-authority/{ruleId}", "instance-authority.linking-rules.item.get", req -> {
            String id = req.path("ruleId");
            if (!id.matches("-?\\d{1,9}")) throw ApiException.badRequest("Failed to convert value of type "
                    + "'java.lang.String' to required type 'java.lang.Integer'; For input string: \"" + id + "\"");
            return Response.ok(LinkingRules.byId(Integer.parseInt(id)).orElseThrow(() ->
                    new NotFound("Linking rule with ID [" + id + "] was not found")));
        });
    }

    /** A path UUID as Spring converts it: anything else is a 400 (MethodArgumentTypeMismatchException). */
    static UUID uuid(Request req, String name) {
        String v = req.path(name);
        return Ids.parse(v).orElseThrow(() -> ApiException.badRequest("Failed to convert value of type "
                + "'java.lang.String' to required type 'java.util.UUID'; Invalid UUID string: " + v));
    }

    private static Response get(Database db, RecordStore store, Request req, String resource) {
        UUID id = uuid(req, "id");
        return Response.ok(db.read(c -> store.get(c, req.schema(), id)).orElseThrow(() -> notFound(resource, id)));
    }

    private static Response create(Database db, RecordStore store, Request req, String path) {
        ObjectNode saved = db.tx(c -> store.insert(c, req.schema(), req.json(), req.userId()));
        return Response.created(saved).header("Location", path + "/" + saved.get("id").asText());
    }

    private static Response delete(Database db, RecordStore store, Request req, String resource) {
        UUID id = uuid(req, "id");
        if (!db.tx(c -> store.delete(c, req.schema(), id))) throw notFound(resource, id);
        return Response.noContent();
    }

    /** AuthorityServiceDelegate.updateAuthority: the body's id must be the path's (422), then AuthorityService.update. */
    private static Response updateAuthority(Database db, Request req) {
        UUID id = uuid(req, "id");
        ObjectNode body = req.json();
        String bodyId = Json.text(body, "id");
        if (!id.toString().equalsIgnoreCase(String.valueOf(bodyId)))
            throw Refused.because("Request should have id = " + id, "validation", "id", String.valueOf(bodyId));
        db.tx(c -> {
            ObjectNode stored = AUTHORITIES.getForUpdate(c, req.schema(), id).orElseThrow(() -> notFound("Authority", id));
            return AUTHORITIES.replace(c, req.schema(), stored, body, req.userId());
        });
        return Response.noContent();
    }

    /** PATCH: the given properties replace the stored ones (authoritySourceFilePatchDto), then 204. */
    private static Response patchSourceFile(Database db, Request req) {
        UUID id = uuid(req, "id");
        ObjectNode patch = req.json();
        db.tx(c -> {
            ObjectNode stored = SOURCE_FILES.getForUpdate(c, req.schema(), id)
                    .orElseThrow(() -> notFound("Authority Source File", id));
            ObjectNode next = stored.deepCopy();
            patch.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("id") && !e.getKey().equals("metadata")) next.set(e.getKey(), e.getValue());
            });
            if (!patch.has("_version")) next.remove("_version");
            return SOURCE_FILES.replace(c, req.schema(), stored, next, req.userId());
        });
        return Response.noContent();
    }

    /** POST {ids: [...]} → {links: [{id, totalLinks}]} (LinkingServiceDelegate.countLinksByAuthorityIds). */
    private static Response countLinks(Database db, Request req) {
        JsonNode ids = req.json().get("ids");
        if (ids == null || ids.isNull()) throw new Refused(org.quire.platform.domain.Refusal.of("must not be null",
                "validation", "ids", "null"));
        if (!ids.isArray()) throw ApiException.badRequest("JSON parse error: ids must be an array of UUIDs");
        Set<UUID> wanted = new LinkedHashSet<>();
        for (JsonNode n : ids) wanted.add(InstanceLinks.uuid(n, "ids"));
        Map<UUID, Integer> counts = db.read(c -> AuthoritiesStore.countLinks(c, req.schema(), wanted));
        ObjectNode body = Json.object();
        ArrayNode links = body.putArray("links");
        counts.forEach((id, n) -> links.addObject().put("id", id.toString()).put("totalLinks", n));
        return Response.ok(body);
    }

    /** mod-entities-links' ResourceNotFoundException message: "Authority with ID [id] was not found". */
    static NotFound notFound(String resource, UUID id) {
        return new NotFound(resource + " with ID [" + id + "] was not found");
    }
}
