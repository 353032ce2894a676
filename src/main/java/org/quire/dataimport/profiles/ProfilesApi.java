package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.Refusal;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordStore;

import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * mod-di-converter-storage's {@code /data-import-profiles} API (interface data-import-converter-storage): job,
 * match, action and mapping profiles with CQL, their write body {@code {profile, addedRelations, deletedRelations}},
 * profile associations, and profile snapshots (the tree the import pipeline runs). Permission names are the module
 * descriptor's. Every refusal is FOLIO's {@code {"errors":[{"message"}],"totalRecords":n}} with 400, 404, 409 or 422.
 */
public final class ProfilesApi {
    /** RMB's default page size. */
    static final int DEFAULT_LIMIT = 10;
    private static final String BASE = "/data-import-profiles/";

    private ProfilesApi() {
    }

    /** The permission names of ModuleDescriptor-template.json, which spell each kind differently. */
    private record Perms(String collection, String item, String post, String put, String delete) {
    }

    private static Perms perms(ProfileType t) {
        return switch (t) {
            case JOB_PROFILE -> new Perms("converter-storage.jobprofile.collection.get",
                    "converter-storage.jobprofile.item.get", "converter-storage.jobprofile.post",
                    "converter-storage.jobprofile.put", "converter-storage.jobprofile.delete");
            case MATCH_PROFILE -> new Perms("converter-storage.matchprofile.collection.get",
                    "converter-storage.matchprofile.item.get", "converter-storage.matchprofile.post",
                    "converter-storage.matchprofile.put", "converter-storage.matchprofile.delete");
            case ACTION_PROFILE -> new Perms("converter-storage.action-profile.collection.get",
                    "converter-storage.action-profile.item.get", "converter-storage.actionprofile.post",
                    "converter-storage.actionprofile.put", "converter-storage.actionprofile.delete");
            case MAPPING_PROFILE -> new Perms("converter-storage.mapping-profile.collection.get",
                    "converter-storage.mapping-profile.item.get", "converter-storage.mappingprofile.post",
                    "converter-storage.mappingprofile.put", "converter-storage.mappingprofile.delete");
        };
    }

    public static void register(Router r, Database db) {
        ProfileService profiles = new ProfileService(db);
        ProfileSnapshots snapshots = new ProfileSnapshots(db);
        for (ProfileType t : ProfileType.values()) {
            String path = BASE + t.collection;
            Perms p = perms(t);
            r.get(path, p.collection(), errors(req -> {
                int limit = req.intParam("limit", DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
                int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
                RecordStore.Page page = profiles.list(req.schema(), t, req.param("query").orElse(null),
                        flag(req, "showHidden"), flag(req, "withRelations"), limit, offset);
                ObjectNode body = Json.object();
                body.putArray(t.collection).addAll(page.records());
                body.put("totalRecords", page.totalRecords());
                return Response.ok(body);
            }));
            r.post(path, p.post(), errors(req -> {
                ProfileService.Saved s = profiles.create(req.schema(), t, body(req), req.userId(), req.username());
                // FOLIO answers the write body with the saved profile and its id (entity.withProfile(…).withId(…))
                ObjectNode dto = Json.object();
                dto.set("profile", s.profile());
                dto.set("addedRelations", s.addedRelations());
                dto.set("deletedRelations", s.deletedRelations());
                dto.put("id", s.profile().get("id").asText());
                return Response.created(dto).header("Location", path + "/" + s.profile().get("id").asText());
            }));
            r.get(path + "/{id}", p.item(), errors(req ->
                    Response.ok(profiles.get(req.schema(), t, req.path("id"), flag(req, "withRelations")))));
            r.put(path + "/{id}", p.put(), errors(req ->
                    Response.ok(profiles.update(req.schema(), t, req.path("id"), body(req), req.userId(), req.username()))));
            r.delete(path + "/{id}", p.delete(), errors(req -> {
                profiles.delete(req.schema(), t, req.path("id"));
                return Response.noContent();
            }));
        }

        r.get(BASE + "profileAssociations", "converter-storage.profile-association.collection.get", errors(req -> {
            List<Association> links = profiles.associations(req.schema(), type(req, "master"), type(req, "detail"));
            ObjectNode body = Json.object();
            ArrayNode arr = body.putArray("profileAssociations");
            for (Association a : links) arr.add(a.toJson());
            body.put("totalRecords", links.size());
            return Response.ok(body);
        }));
        // the profiles linked above or below one (Settings → Data import: a mapping profile's action profiles …)
        for (boolean masters : new boolean[]{true, false}) {
            String self = masters ? "detailType" : "masterType", other = masters ? "masterType" : "detailType";
            r.get(BASE + "profileAssociations/{id}/" + (masters ? "masters" : "details"),
                    "converter-storage.profile-association.collection.get", errors(req -> {
                        ProfileType otherType = req.param(other).isPresent() ? type(req, other) : null;
                        boolean descending = req.param("query").orElse("").contains("descending");
                        return Response.ok(profiles.linked(req.schema(), type(req, self), req.path("id"), otherType,
                                masters, descending, req.intParam("limit", Integer.MAX_VALUE, 0, Integer.MAX_VALUE),
                                req.intParam("offset", 0, 0, Integer.MAX_VALUE)));
                    }));
        }
        r.post(BASE + "profileAssociations", "converter-storage.profileassociation.post", errors(req -> {
            Association a = profiles.createAssociation(req.schema(), type(req, "master"), type(req, "detail"), body(req));
            return Response.created(a.toJson()).header("Location", BASE + "profileAssociations/" + a.id());
        }));
        r.get(BASE + "profileAssociations/{id}", "converter-storage.profile-association.item.get", errors(req -> {
            type(req, "master");
            type(req, "detail");
            return Response.ok(profiles.association(req.schema(), req.path("id")).toJson());
        }));
        r.delete(BASE + "profileAssociations/{id}", "converter-storage.profileassociation.delete", errors(req -> {
            type(req, "master");
            type(req, "detail");
            try {
                profiles.deleteAssociation(req.schema(), req.path("id"));
            } catch (ProfileRefusal e) {
                // FOLIO's delete answers its 404 as text (respond404WithTextPlain)
                if (e.kind() == ProfileRefusal.Kind.NOT_FOUND) return Response.text(404, e.getMessage());
                throw e;
            }
            return Response.noContent();
        }));

        r.get(BASE + "profileSnapshots/{id}", "converter-storage.profileSnapshots.get", errors(req -> {
            ProfileType t = type(req, "profileType");
            String id = req.path("id");
            UUID profileId = Ids.parse(id).orElseThrow(() -> cannotBuild(id));
            String job = req.param("jobProfileId").orElse(null);
            UUID jobProfileId = job == null || job.isBlank() ? (t == ProfileType.JOB_PROFILE ? profileId : null)
                    : Ids.parse(job).orElseThrow(() -> ProfileRefusal.badRequest("'jobProfileId' is not a UUID: '" + job + "'"));
            return Response.ok(db.read(c -> ProfileSnapshots.build(c, req.schema(), t, profileId, jobProfileId))
                    .orElseThrow(() -> cannotBuild(id)).toJson());
        }));
        r.post(BASE + "jobProfileSnapshots/{id}", "converter-storage.jobprofilesnapshots.post", errors(req -> {
            String id = req.path("id");
            UUID jobId = Ids.parse(id).orElseThrow(() -> cannotBuild(id));
            return Response.created(snapshots.pin(req.schema(), jobId).orElseThrow(() -> cannotBuild(id)).toJson());
        }));
        r.get(BASE + "jobProfileSnapshots/{id}", "converter-storage.jobprofilesnapshots.get", errors(req -> {
            String id = req.path("id");
            ProfileRefusal missing = ProfileRefusal.notFound("Profile snapshot with id '" + id + "' was not found");
            UUID sid = Ids.parse(id).orElseThrow(() -> missing);
            return Response.ok(snapshots.pinned(req.schema(), sid).orElseThrow(() -> missing).toJson());
        }));
    }

    /** FOLIO's constructSnapshot fails with "Cannot build snapshot for Profile …" when the profile has no tree. */
    private static ProfileRefusal cannotBuild(String id) {
        return ProfileRefusal.notFound("Cannot build snapshot for Profile " + id);
    }

    private static ProfileType type(Request req, String param) {
        String v = req.param(param).orElse(null);
        return ProfileType.parse(v).orElseThrow(() -> ProfileRefusal.badRequest(ProfileType.unknownMessage(v)));
    }

    /** RMB's boolean query parameters: "true"/"false" in any case; anything else is a 400. */
    private static boolean flag(Request req, String name) {
        String v = req.param(name).orElse("false").toLowerCase(Locale.ROOT);
        if (!v.equals("true") && !v.equals("false"))
            throw ProfileRefusal.badRequest("'" + name + "' parameter is incorrect. parameter value {"
                    + req.param(name).orElse("") + "} is not valid: must be true or false");
        return v.equals("true");
    }

    private static ObjectNode body(Request req) {
        try {
            return req.json();
        } catch (ApiException e) {
            throw ProfileRefusal.badRequest(e.getMessage());
        }
    }

    private static Handler errors(Handler h) {
        return req -> {
            try {
                return h.handle(req);
            } catch (ProfileRefusal e) {
                return refusal(e);
            } catch (InvalidInput e) {
                // a CQL query the profile tables cannot serve
                return refusal(ProfileRefusal.badRequest(e.getMessage()));
            }
        };
    }

    static Response refusal(ProfileRefusal e) {
        int status = switch (e.kind()) {
            case BAD_REQUEST -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case INVALID -> 422;
        };
        ObjectNode body = Json.object();
        ArrayNode errors = body.putArray("errors");
        for (Refusal f : e.errors()) {
            ObjectNode err = errors.addObject().put("message", f.message());
            if (f.code() != null) {
                // RMB's bean-validation entry: type "1", the code, the property and its value
                err.put("type", "1").put("code", f.code());
                ArrayNode params = err.putArray("parameters");
                for (Refusal.Parameter p : f.parameters()) params.addObject().put("key", p.key()).put("value", p.value());
            }
        }
        body.put("totalRecords", e.errors().size());
        return Response.json(status, body);
    }
}
