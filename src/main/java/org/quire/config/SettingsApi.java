package org.quire.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.quire.config.ConfigTypes.SETTINGS;

/**
 * FOLIO's mod-settings {@code /settings/entries} in its own wire format, which is not RMB's: POST and PUT answer 204
 * with no body, the list is {@code {"items": […], "resultInfo": {"totalRecords": n, "diagnostics": []}}}, an entry
 * has exactly {@code id, scope, key, value, userId} (all but userId required; nothing else accepted), and errors are
 * plain text. A scope and key are unique among the global entries and per user (mod-settings' two partial unique
 * indexes); a second entry is refused with 403, as mod-settings' {@code INSERT … ON CONFLICT DO NOTHING} does.
 * mod-settings' per-scope permissions ({@code mod-settings.global.write.<scope>} …) are not checked: the route's
 * permission decides.
 */
public final class SettingsApi {
    static final String PATH = "/settings/entries";
    private static final Set<String> PROPERTIES = Set.of("id", "scope", "key", "value", "userId", "metadata");

    private SettingsApi() {
    }

    public static void register(Router r, Database db) {
        r.get(PATH, "mod-settings.entries.collection.get", req -> list(db, req));
        r.get(PATH + "/{id}", "mod-settings.entries.item.get", req -> db.read(c -> SETTINGS.get(c, req.schema(),
                id(req))).map(Response::ok).orElseThrow(SettingsApi::notFound));
        r.post(PATH, "mod-settings.entries.item.post", req -> {
            ObjectNode entry = entry(req);
            db.tx(c -> {
                if (taken(c, req.schema(), entry)) {
                    throw ApiException.forbidden("Forbidden: a setting with scope '" + Json.text(entry, "scope")
                            + "' and key '" + Json.text(entry, "key") + "' already exists"
                            + (entry.hasNonNull("userId") ? " for this user" : ""));
                }
                if (SETTINGS.get(c, req.schema(), UUID.fromString(Json.text(entry, "id"))).isPresent()) {
                    throw ApiException.forbidden("Forbidden: a setting with id " + Json.text(entry, "id")
                            + " already exists");
                }
                return SETTINGS.insert(c, req.schema(), entry, req.userId());
            });
            return Response.noContent();
        });
        r.put(PATH + "/{id}", "mod-settings.entries.item.put", req -> {
            UUID id = id(req);
            ObjectNode entry = entry(req);
            if (!id.toString().equals(Json.text(entry, "id"))) throw ApiException.badRequest("id mismatch");
            db.tx(c -> {
                if (SETTINGS.get(c, req.schema(), id).isEmpty()) throw notFound();
                // mod-settings answers a move onto another entry's scope and key with 404 (its unique violation)
                if (taken(c, req.schema(), entry)) throw notFound();
                return SETTINGS.update(c, req.schema(), id, entry, req.userId());
            });
            return Response.noContent();
        });
        r.delete(PATH + "/{id}", "mod-settings.entries.item.delete", req -> {
            UUID id = id(req);
            if (!db.tx(c -> SETTINGS.delete(c, req.schema(), id))) throw notFound();
            return Response.noContent();
        });
    }

    private static Response list(Database db, Request req) {
        int limit = req.intParam("limit", 10, 0, Integer.MAX_VALUE);
        int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
        RecordStore.Page page = db.read(c -> SETTINGS.search(c, req.schema(), req.param("query").orElse(null), limit,
                offset));
        ObjectNode body = Json.object();
        body.putArray("items").addAll(page.records());
        ObjectNode info = body.putObject("resultInfo");
        info.put("totalRecords", page.totalRecords());
        info.putArray("diagnostics");
        return Response.ok(body);
    }

    /** The body checked against mod-settings' entry schema (which allows no other properties). */
    private static ObjectNode entry(Request req) {
        ObjectNode entry = req.json();
        for (var names = entry.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!PROPERTIES.contains(name)) throw ApiException.badRequest("Unknown property '" + name
                    + "': a setting has id, scope, key, value and userId");
        }
        for (String required : List.of("id", "scope", "key", "value")) {
            JsonNode v = entry.get(required);
            if (v == null || v.isNull()) throw ApiException.badRequest("Missing required property '" + required + "'");
        }
        uuid(entry, "id");
        if (entry.hasNonNull("userId")) uuid(entry, "userId");
        for (String text : List.of("scope", "key")) {
            if (!entry.get(text).isTextual() || entry.get(text).asText().isEmpty()) {
                throw ApiException.badRequest("'" + text + "' must be a non-empty string");
            }
        }
        return entry;
    }

    private static void uuid(ObjectNode entry, String name) {
        JsonNode v = entry.get(name);
        if (!v.isTextual() || !Ids.isUuid(v.asText()))
            throw ApiException.badRequest("'" + name + "' must be a UUID, was " + v);
    }

    /** Whether another entry holds this entry's scope and key (globally, or for the same user). */
    private static boolean taken(Connection c, String schema, ObjectNode entry) throws SQLException {
        String userId = Json.text(entry, "userId");
        return SettingsStore.scopeAndKeyTaken(c, schema, Json.text(entry, "scope"), Json.text(entry, "key"),
                UUID.fromString(Json.text(entry, "id")), userId == null ? null : UUID.fromString(userId));
    }

    private static UUID id(Request req) {
        return Ids.parse(req.path("id"))
                .orElseThrow(() -> ApiException.badRequest("Invalid UUID string: " + req.path("id")));
    }

    private static ApiException notFound() {
        return ApiException.notFound("Not Found");
    }
}
