package org.quire.notes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * mod-notes' API (interface notes 4.x, notes.yml): /note-types, /notes and /note-links, with its permission names
 * (as FOLIO's API tests grant them), defaults (limit 1000, status "all"), and error shape: every refusal, including
 * malformed input, unknown ids and bad parameters, is {@code {"errors":[{"message","type":"-1","code"}]}} with 422
 * VALIDATION_ERROR or 404 NOT_FOUND_ERROR.
 */
public final class NotesApi {
    /** notes.yml: limit default 1000, minimum 1; offset minimum 0. */
    static final int DEFAULT_LIMIT = 1000;

    private NotesApi() {
    }

    public static void register(Router r, Database db) {
        r.get("/note-types", "note.types.collection.get", errors(req -> {
            int limit = limit(req, "getNoteTypeCollection"), offset = offset(req, "getNoteTypeCollection");
            NotesStore.NoteTypePage page = NoteTypeService.search(db, req.schema(), query(req), limit, offset);
            return Response.ok(collection("noteTypes", page.noteTypes(), page.totalRecords()));
        }));
        r.post("/note-types", "note.types.item.post", errors(req -> {
            ObjectNode body = jsonBody(req);
            ObjectNode saved = NoteTypeService.create(db, req.schema(), body, req.userId());
            return Response.created(saved).header("Location", "/note-types/" + saved.get("id").asText());
        }));
        r.get("/note-types/{id}", "note.types.item.get", errors(req ->
                Response.ok(NoteTypeService.get(db, req.schema(), pathId(req)))));
        r.put("/note-types/{id}", "note.types.item.put", errors(req -> {
            UUID id = pathId(req);
            ObjectNode body = jsonBody(req);
            NoteTypeService.update(db, req.schema(), id, body, req.userId());
            return Response.noContent();
        }));
        r.delete("/note-types/{id}", "note.types.item.delete", errors(req -> {
            UUID id = pathId(req);
            NoteTypeService.delete(db, req.schema(), id);
            return Response.noContent();
        }));

        r.get("/notes", "notes.collection.get", errors(req -> {
            int limit = limit(req, "getNoteCollection"), offset = offset(req, "getNoteCollection");
            NotesStore.NotePage page = NoteService.search(db, req.schema(), query(req), limit, offset);
            return Response.ok(collection("notes", page.notes(), page.totalRecords()));
        }));
        r.post("/notes", "notes.item.post", errors(req -> {
            ObjectNode body = jsonBody(req);
            ObjectNode saved = NoteService.create(db, req.schema(), body, req.userId());
            return Response.created(saved).header("Location", "/notes/" + saved.get("id").asText());
        }));
        r.get("/notes/{id}", "notes.item.get", errors(req ->
                Response.ok(NoteService.get(db, req.schema(), pathId(req)))));
        r.put("/notes/{id}", "notes.item.put", errors(req -> {
            UUID id = pathId(req);
            ObjectNode body = jsonBody(req);
            NoteService.update(db, req.schema(), id, body, req.userId());
            return Response.noContent();
        }));
        r.delete("/notes/{id}", "notes.item.delete", errors(req -> {
            UUID id = pathId(req);
            NoteService.delete(db, req.schema(), id);
            return Response.noContent();
        }));

        // mod-notes 6+ names (6.0 renamed notes.collection.get.by.status to note.links.collection.get)
        r.get("/note-links/domain/{domain}/type/{type}/id/{id}", "note.links.collection.get", errors(req -> {
            NoteLinks.Query q = linkQuery(req);
            NotesStore.NotePage page = NoteLinks.find(db, req.schema(), q);
            return Response.ok(collection("notes", page.notes(), page.totalRecords()));
        }));
        r.put("/note-links/type/{type}/id/{id}", "note.links.collection.put", errors(req -> {
            Map<UUID, Boolean> assign = linkUpdates(jsonBody(req));
            NoteLinks.update(db, req.schema(), req.path("type"), req.path("id"), assign, req.userId());
            return Response.noContent();
        }));
    }

    private static NoteLinks.Query linkQuery(Request req) {
        String op = "getNoteCollectionByLink";
        NoteLinks.Status status = req.param("status").filter(s -> !s.isBlank())
                .map(s -> parseEnum(s, NoteLinks.Status.class, "LinkStatusFilter"))
                .orElse(NoteLinks.Status.ALL);
        NoteLinks.OrderBy orderBy = req.param("orderBy").filter(s -> !s.isBlank()).map(NotesApi::orderBy).orElse(null);
        Boolean descending = req.param("order").filter(s -> !s.isBlank()).map(s -> switch (s.toLowerCase(Locale.ROOT)) {
            case "asc" -> false;
            case "desc" -> true;
            default -> throw mismatch(s, "OrderDirection", "Unexpected value '" + s + "'");
        }).orElse(null);
        // mod-notes' parameter is "search"; "title" is accepted as an older spelling of it
        String search = req.param("search").or(() -> req.param("title")).orElse(null);
        List<String> noteTypes = req.query().getOrDefault("noteType", List.of()).stream().filter(s -> !s.isBlank()).toList();
        return new NoteLinks.Query(req.path("domain"), req.path("type"), req.path("id"), status, search, noteTypes,
                orderBy, descending, limit(req, op), offset(req, op));
    }

    private static NoteLinks.OrderBy orderBy(String s) {
        for (NoteLinks.OrderBy o : NoteLinks.OrderBy.values()) if (o.value.equals(s)) return o;
        throw mismatch(s, "NotesOrderBy", "Unexpected value '" + s + "'");
    }

    /** {"notes":[{"id","status":"ASSIGNED"|"UNASSIGNED"}]} (link.yaml noteLinkUpdateCollection). */
    private static Map<UUID, Boolean> linkUpdates(ObjectNode body) {
        if (!body.path("notes").isArray()) {
            if (body.hasNonNull("notes")) throw NoteRefusal.validation("JSON parse error: 'notes' must be an array", "notes", null);
            throw NoteRefusal.validation("notes: must not be null", "notes", "null");
        }
        Map<UUID, Boolean> out = new LinkedHashMap<>();
        for (var n : body.get("notes")) {
            if (!n.isObject()) throw NoteRefusal.validation("JSON parse error: 'notes' must be an array of objects", "notes", null);
            if (!n.hasNonNull("id")) throw NoteRefusal.validation("notes.id: must not be null", "notes.id", "null");
            if (!n.hasNonNull("status")) throw NoteRefusal.validation("notes.status: must not be null", "notes.status", "null");
            UUID id = NoteValidation.uuid(n.get("id").asText(), "notes.id");
            String status = n.get("status").asText();
            boolean assign = switch (status) {
                case "ASSIGNED" -> true;
                case "UNASSIGNED" -> false;
                default -> throw NoteRefusal.validation("JSON parse error: Cannot construct instance of LinkStatus,"
                        + " problem: Unexpected value '" + status + "'", "notes.status", status);
            };
            out.put(id, assign);
        }
        return out;
    }

    // ---- parameters ------------------------------------------------------------------------------------------

    private static String query(Request req) {
        return req.param("query").filter(q -> !q.isBlank()).orElse(null);
    }

    private static int limit(Request req, String operation) {
        return intParam(req, "limit", DEFAULT_LIMIT, 1, operation);
    }

    private static int offset(Request req, String operation) {
        return intParam(req, "offset", 0, 0, operation);
    }

    /** Spring's messages for a non-integer (type mismatch) and for an out-of-range value (constraint violation). */
    private static int intParam(Request req, String name, int dflt, int min, String operation) {
        Optional<String> v = req.param(name).filter(s -> !s.isBlank());
        if (v.isEmpty()) return dflt;
        int n;
        try {
            n = Integer.parseInt(v.get().trim());
        } catch (NumberFormatException e) {
            throw mismatch(v.get(), "java.lang.Integer", "For input string: \"" + v.get() + "\"");
        }
        if (n < min) throw NoteRefusal.validation(operation + "." + name + ": must be greater than or equal to " + min,
                name, v.get());
        return n;
    }

    private static <E extends Enum<E>> E parseEnum(String s, Class<E> type, String typeName) {
        try {
            return Enum.valueOf(type, s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw mismatch(s, typeName, "Unexpected value '" + s + "'");
        }
    }

    private static UUID pathId(Request req) {
        String v = req.path("id");
        return Ids.parse(v).orElseThrow(() -> mismatch(v, "java.util.UUID", "Invalid UUID string: " + v));
    }

    /** Spring's MethodArgumentTypeMismatchException message, which FOLIO's API tests match. */
    private static NoteRefusal mismatch(String value, String type, String cause) {
        return NoteRefusal.validation("Failed to convert value of type 'java.lang.String' to required type '" + type
                + "'; " + cause, "value", value);
    }

    /** A JSON body: mod-notes refuses other media types with Spring's 415, and unreadable JSON with 422. */
    private static ObjectNode jsonBody(Request req) {
        Optional<String> type = req.header().apply("Content-Type");
        if (type.isPresent() && !type.get().toLowerCase(Locale.ROOT).contains("json")) throw new UnsupportedMediaType();
        return NoteValidation.body(req.bodyText());
    }

    private static final class UnsupportedMediaType extends RuntimeException {
        UnsupportedMediaType() {
            super(null, null, false, false);
        }
    }

    // ---- answers ---------------------------------------------------------------------------------------------

    private static ObjectNode collection(String key, List<ObjectNode> records, long total) {
        ObjectNode body = Json.object();
        body.putArray(key).addAll(records);
        body.put("totalRecords", total);
        return body;
    }

    private static Handler errors(Handler h) {
        return req -> {
            try {
                return h.handle(req);
            } catch (NoteRefusal e) {
                return refusal(e);
            } catch (UnsupportedMediaType e) {
                ObjectNode body = Json.object().put("timestamp", Json.date(Instant.now())).put("status", 415)
                        .put("error", "Unsupported Media Type");
                return Response.json(415, body);
            }
        };
    }

    /** mod-notes' ErrorsHelper: type "-1" (INTERNAL) and the code; parameters when there are any. */
    static Response refusal(NoteRefusal e) {
        ObjectNode error = Json.object().put("message", e.getMessage()).put("type", "-1").put("code", e.code());
        if (!e.parameters().isEmpty()) {
            ArrayNode params = error.putArray("parameters");
            for (NoteRefusal.Parameter p : e.parameters()) params.addObject().put("key", p.key()).put("value", p.value());
        }
        ObjectNode body = Json.object();
        body.putArray("errors").add(error);
        return Response.json(e.status(), body);
    }
}
