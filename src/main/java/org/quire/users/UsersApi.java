package org.quire.users;

import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import static org.quire.users.UserTypes.*;

/** mod-users endpoints. */
public final class UsersApi {
    private UsersApi() {
    }

    public static void register(Router r, Database db) {
        RecordApi.register(r, db, USERS, "/users", "users");
        RecordApi.register(r, db, GROUPS, "/groups", "usergroups");
        RecordApi.register(r, db, PROXIES, "/proxiesfor", "proxiesfor");
        RecordApi.register(r, db, MANUAL_BLOCKS, "/manualblocks", "manualblocks");
        registerProfilePictureConfig(r);
        RecordApi.register(r, db, ADDRESS_TYPES, "/addresstypes", "addresstypes");
        registerDepartments(r, db);
        RecordApi.register(r, db, REQUEST_PREFERENCES, "/request-preference-storage/request-preference",
                "circulation-storage.request-preferences");
        // GET /automated-patron-blocks/{userId}: circulation/blocks/PatronBlocksApi.java.
        registerPatronPins(r, new PatronPins(db));
    }

    /**
     * mod-users' /patron-pin (interface patron-pin 1.0): POST {id, pin} sets or replaces a PIN (201, no body), DELETE
     * with {id} removes it (200), POST /verify {id, pin} answers 200 when the PIN is the user's and 422 (no body)
     * otherwise — the only two answers FOLIO's clients read.
     */
    private static void registerPatronPins(Router r, PatronPins pins) {
        r.post("/patron-pin", "patron-pin.post", req -> {
            var body = req.json();
            pins.set(req.schema(), Json.text(body, "id"), Json.text(body, "pin"));
            return Response.empty(201);
        });
        r.delete("/patron-pin", "patron-pin.delete", req -> {
            pins.remove(req.schema(), Json.text(req.json(), "id"));
            return Response.empty(200);
        });
        r.post("/patron-pin/verify", "patron-pin.validate", req -> {
            var body = req.json();
            return Response.empty(pins.matches(req.schema(), Json.text(body, "id"), Json.text(body, "pin")) ? 200 : 422);
        });
    }

    /**
     * mod-users' /departments (DepartmentsAPI over its departments_view): reads carry usageNumber, a malformed id in
     * the path is RMB's 400 and an unknown one its 404 "Not found".
     */
    private static void registerDepartments(Router r, Database db) {
        r.get("/departments", "departments.collection.get", req -> {
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            String query = req.param("query").orElse(null);
            var page = db.read(c -> UsersStore.departments(DEPARTMENTS, c, req.schema(), query, limit, offset));
            return Response.ok(RecordApi.page("departments", page.records(), page.totalRecords()));
        });
        r.get("/departments/{id}", "departments.item.get", req -> {
            var id = req.rmbPathUuid("id", "departmentId");
            return db.read(c -> UsersStore.department(c, req.schema(), id)).map(Response::ok)
                    .orElseThrow(() -> ApiException.notFound("Not found"));
        });
        r.post("/departments", "departments.item.post", req -> {
            var saved = db.tx(c -> DEPARTMENTS.insert(c, req.schema(), req.json(), req.userId()));
            return Response.created(saved).header("Location", "/departments/" + saved.get("id").asText());
        });
        r.put("/departments/{id}", "departments.item.put", req -> {
            var id = req.rmbPathUuid("id", "departmentId");
            var body = req.json();
            db.tx(c -> {
                if (DEPARTMENTS.get(c, req.schema(), id).isEmpty()) throw ApiException.notFound("Not found");
                return DEPARTMENTS.update(c, req.schema(), id, body, req.userId());
            });
            return Response.noContent();
        });
        r.delete("/departments/{id}", "departments.item.delete", req -> {
            var id = req.rmbPathUuid("id", "departmentId");
            if (!db.tx(c -> DEPARTMENTS.delete(c, req.schema(), id))) throw ApiException.notFound("Not found");
            return Response.noContent();
        });
    }

    /** mod-users' tenant configuration of profile pictures, with the id mod-users creates it under. */
    static final String PROFILE_PICTURE_CONFIG_ID = "3e1aaa06-0600-4cc9-a112-7a3fb8426eda";

    /**
     * mod-users' {@code /users/configurations/entry}, which the check-out and Users screens read to decide whether to
     * show profile pictures. Quire stores no pictures, so the configuration is always "disabled" and a request to
     * enable it is refused rather than accepted and ignored.
     */
    private static void registerProfilePictureConfig(Router r) {
        r.get("/users/configurations/entry", "users.configurations.item.get", req -> Response.ok(
                Json.object().put("id", PROFILE_PICTURE_CONFIG_ID)
                        .put("configName", "PROFILE_PICTURE_CONFIG").put("enabled", false)
                        .put("enabledObjectStorage", false)));
        r.put("/users/configurations/entry/{id}", "users.configurations.item.put", req -> {
            var body = req.json();
            if (!PROFILE_PICTURE_CONFIG_ID.equals(req.path("id"))) {
                throw ApiException.notFound("Configuration not found: " + req.path("id"));
            }
            if (body.path("enabled").asBoolean(false) || body.path("enabledObjectStorage").asBoolean(false)) {
                throw ApiException.unprocessable("Profile pictures are not supported by Quire",
                        null, "enabled", body.path("enabled").asText());
            }
            return Response.noContent();
        });
    }
}
