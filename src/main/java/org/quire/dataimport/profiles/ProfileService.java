package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * mod-di-converter-storage's profile use cases (DataImportProfilesImpl, AbstractProfileService): create, update and
 * delete a job, match, action or mapping profile together with its added and deleted relations, in one transaction,
 * with FOLIO's checks and messages. Reads answer the stored FOLIO JSON; {@code withRelations} adds the direct
 * children and parents as snapshot wrappers.
 *
 * <p>Round trips of a write: the existence and name checks (2), one per kind of linked profile looked up, the write,
 * one per relation deleted or added.
 */
public final class ProfileService {
    private final Database db;

    public ProfileService(Database db) {
        this.db = db;
    }

    /** What a write saved: the profile as stored and the relations as applied (own ids filled in). */
    public record Saved(ObjectNode profile, ArrayNode addedRelations, ArrayNode deletedRelations) {
    }

    // ---- reads -------------------------------------------------------------------------------------------------

    public ObjectNode get(String schema, ProfileType t, String id, boolean withRelations) {
        UUID uuid = Ids.parse(id).orElseThrow(() -> notFound(t, id));
        return db.read(c -> {
            ObjectNode p = ProfileStore.get(c, schema, t, uuid).orElseThrow(() -> notFound(t, id));
            if (withRelations) addRelations(c, schema, t, List.of(p));
            return p;
        });
    }

    public RecordStore.Page list(String schema, ProfileType t, String cql, boolean showHidden, boolean withRelations,
                                 int limit, int offset) {
        return db.read(c -> {
            RecordStore.Page page = ProfileStore.search(c, schema, t, cql, showHidden, limit, offset);
            if (withRelations) addRelations(c, schema, t, page.records());
            return page;
        });
    }

    /** FOLIO's fetchRelations: childProfiles and parentProfiles as wrappers of the directly linked profiles. */
    private static void addRelations(Connection c, String schema, ProfileType t, List<ObjectNode> profiles)
            throws SQLException {
        List<UUID> ids = profiles.stream().map(p -> UUID.fromString(p.get("id").asText())).toList();
        List<Association> children = ProfileStore.linksOf(c, schema, t, ids, true);
        List<Association> parents = ProfileStore.linksOf(c, schema, t, ids, false);
        Map<ProfileType, Set<UUID>> wanted = new EnumMap<>(ProfileType.class);
        for (Association a : children) wanted.computeIfAbsent(a.detailProfileType(), k -> new LinkedHashSet<>()).add(a.detailProfileId());
        for (Association a : parents) wanted.computeIfAbsent(a.masterProfileType(), k -> new LinkedHashSet<>()).add(a.masterProfileId());
        Map<ProfileType, Map<UUID, ObjectNode>> contents = new EnumMap<>(ProfileType.class);
        for (var e : wanted.entrySet()) contents.put(e.getKey(), ProfileStore.getMany(c, schema, e.getKey(), e.getValue()));
        for (ObjectNode p : profiles) {
            UUID id = UUID.fromString(p.get("id").asText());
            ArrayNode kids = p.putArray("childProfiles");
            for (Association a : children)
                if (a.masterProfileId().equals(id)) wrap(kids, a.detailProfileId(), a.detailProfileType(), a, contents);
            ArrayNode ups = p.putArray("parentProfiles");
            for (Association a : parents)
                if (a.detailProfileId().equals(id)) wrap(ups, a.masterProfileId(), a.masterProfileType(), a, contents);
        }
    }

    private static void wrap(ArrayNode into, UUID id, ProfileType type, Association a,
                             Map<ProfileType, Map<UUID, ObjectNode>> contents) {
        ObjectNode content = contents.getOrDefault(type, Map.of()).get(id);
        if (content == null) return;
        ObjectNode w = into.addObject().put("id", id.toString()).put("profileId", id.toString())
                .put("contentType", type.name());
        if (a.reactTo() != null) w.put("reactTo", a.reactTo());
        w.put("order", a.order());
        w.set("content", content);
        w.putArray("childSnapshotWrappers");
    }

    // ---- writes ------------------------------------------------------------------------------------------------

    public Saved create(String schema, ProfileType t, JsonNode body, UUID userId, String username) {
        ObjectNode profile = ProfileChecks.profile(t, body);
        List<ProfileChecks.Relation> added = ProfileChecks.relations(body, "addedRelations");
        List<ProfileChecks.Relation> deleted = ProfileChecks.relations(body, "deletedRelations");
        return db.tx(c -> {
            UUID id = profile.hasNonNull("id") ? UUID.fromString(profile.get("id").asText()) : UUID.randomUUID();
            profile.put("id", id.toString());
            List<Refusal> errors = new ArrayList<>();
            // FOLIO's order (getValidateConditions): name, child, parent, then (on create) the id
            if (ProfileStore.nameTaken(c, schema, t, profile.get("name").asText(), id))
                errors.add(message(t.label + " '" + profile.get("name").asText() + "' already exists"));
            errors.addAll(ProfileChecks.readOnlyRelations(t, profile).stream()
                    .filter(r -> !r.message().startsWith("Can't")).toList());
            if (ProfileStore.get(c, schema, t, id).isPresent())
                errors.add(message(t.label + " with id '" + id + "' already exists"));
            errors.addAll(ProfileChecks.readOnlyRelations(t, profile).stream()
                    .filter(r -> r.message().startsWith("Can't")).toList());
            List<Association> links = resolve(t, id, added);
            List<Association> unlinks = resolve(t, id, deleted);
            errors.addAll(checkLinks(c, schema, t, profile, links, added.size()));
            ProfileRefusal.throwIfAny(errors);
            normalise(profile, username);
            ObjectNode saved = ProfileStore.insert(c, schema, t, profile, userId);
            ArrayNode applied = applyLinks(c, schema, t, id, links, unlinks);
            ProfileStore.refreshMappingNames(c, schema);
            return new Saved(saved, applied, json(unlinks));
        });
    }

    public ObjectNode update(String schema, ProfileType t, String pathId, JsonNode body, UUID userId, String username) {
        UUID id = Ids.parse(pathId).orElseThrow(() -> notFound(t, pathId));
        ObjectNode profile = ProfileChecks.profile(t, body);
        List<ProfileChecks.Relation> added = ProfileChecks.relations(body, "addedRelations");
        List<ProfileChecks.Relation> deleted = ProfileChecks.relations(body, "deletedRelations");
        return db.tx(c -> {
            ObjectNode stored = ProfileStore.get(c, schema, t, id).orElseThrow(() -> notFound(t, pathId));
            // isProfileDtoValidForUpdate: a default profile may be written back unchanged (its tags excepted)
            if (t.isProtected(id.toString()) && !sameContent(stored, profile))
                throw ProfileRefusal.badRequest("Can`t update default OCLC " + t.title + " with id " + id);
            profile.put("id", id.toString());
            List<Refusal> errors = new ArrayList<>();
            if (ProfileStore.nameTaken(c, schema, t, profile.get("name").asText(), id))
                errors.add(message(t.label + " '" + profile.get("name").asText() + "' already exists"));
            errors.addAll(ProfileChecks.readOnlyRelations(t, profile));
            List<Association> links = resolve(t, id, added);
            List<Association> unlinks = resolve(t, id, deleted);
            errors.addAll(checkLinks(c, schema, t, profile, links, added.size()));
            errors.addAll(checkKeptLinks(c, schema, t, id, profile, unlinks));
            ProfileRefusal.throwIfAny(errors);
            normalise(profile, username);
            ObjectNode saved = ProfileStore.update(c, schema, t, id, profile, userId);
            applyLinks(c, schema, t, id, links, unlinks);
            ProfileStore.refreshMappingNames(c, schema);
            return saved;
        });
    }

    public void delete(String schema, ProfileType t, String pathId) {
        if (t.isUndeletable(pathId)) {
            // FOLIO's texts, the job profile's cut short as FOLIO's is
            throw ProfileRefusal.badRequest(t == ProfileType.JOB_PROFILE ? "Can`t delete default OCLC Job Profile with"
                    : "Can`t delete default OCLC " + t.title);
        }
        UUID id = Ids.parse(pathId).orElseThrow(() -> notFound(t, pathId));
        db.tx(c -> {
            if (ProfileStore.get(c, schema, t, id).isEmpty()) throw notFound(t, pathId);
            if (ProfileStore.isDetail(c, schema, t, id))
                throw ProfileRefusal.conflict("Can not delete profile by id '" + id
                        + "' cause profile associated with other profiles");
            ProfileStore.deleteLinksOf(c, schema, t, id);
            boolean deleted = ProfileStore.delete(c, schema, t, id);
            ProfileStore.refreshMappingNames(c, schema);
            return deleted;
        });
    }

    // ---- associations ------------------------------------------------------------------------------------------

    public List<Association> associations(String schema, ProfileType master, ProfileType detail) {
        return db.read(c -> ProfileStore.associations(c, schema, master, detail));
    }

    /**
     * GET /profileAssociations/{id}/masters and /details (mod-di-converter-storage's findMasters and findDetails): the
     * profile as a ProfileSnapshotWrapper {@code {id, contentType, content}} whose {@code childSnapshotWrappers} are
     * the profiles linked above it ({@code masters}) or below it, of {@code otherType} (null: of every type), each
     * {@code {id, contentType, content}}, by name (the Settings pages ask {@code sortBy name}; a query containing
     * "descending" reverses it), {@code offset} and {@code limit} applied; 404 when the profile does not exist.
     */
    public ObjectNode linked(String schema, ProfileType type, String id, ProfileType otherType, boolean masters,
                             boolean descending, int limit, int offset) {
        UUID uuid = Ids.parse(id).orElseThrow(() -> notFound(type, id));
        return db.read(c -> {
            ObjectNode profile = ProfileStore.get(c, schema, type, uuid).orElseThrow(() -> notFound(type, id));
            // the profile's links on its side (one statement), then the linked profiles, one statement per type;
            // a profile linked twice is listed once, as FOLIO's associations view
            Map<ProfileType, Set<UUID>> linkedIds = new EnumMap<>(ProfileType.class);
            for (Association a : ProfileStore.linksOf(c, schema, type, List.of(uuid), !masters)) {
                ProfileType t = masters ? a.masterProfileType() : a.detailProfileType();
                if (otherType != null && t != otherType) continue;
                linkedIds.computeIfAbsent(t, k -> new LinkedHashSet<>())
                        .add(masters ? a.masterProfileId() : a.detailProfileId());
            }
            List<ObjectNode> children = new ArrayList<>();
            for (Map.Entry<ProfileType, Set<UUID>> e : linkedIds.entrySet()) {
                for (ObjectNode p : ProfileStore.getMany(c, schema, e.getKey(), e.getValue()).values()) {
                    children.add(wrapper(e.getKey(), p));
                }
            }
            java.util.Comparator<ObjectNode> byName = java.util.Comparator.comparing(
                    w -> w.path("content").path("name").asText(), String.CASE_INSENSITIVE_ORDER);
            children.sort(descending ? byName.reversed() : byName);
            ObjectNode out = wrapper(type, profile);
            out.putArray("childSnapshotWrappers").addAll(children.stream().skip(offset).limit(limit).toList());
            return out;
        });
    }

    private static ObjectNode wrapper(ProfileType t, ObjectNode profile) {
        ObjectNode w = Json.object().put("id", profile.path("id").asText()).put("contentType", t.name());
        w.set("content", profile);
        return w;
    }

    public Association association(String schema, String id) {
        UUID uuid = Ids.parse(id).orElseThrow(() -> associationNotFound(id));
        return db.read(c -> ProfileStore.association(c, schema, uuid)).orElseThrow(() -> associationNotFound(id));
    }

    /** POST /profileAssociations?master=&detail=: the link between two existing profiles of those types. */
    public Association createAssociation(String schema, ProfileType master, ProfileType detail, JsonNode body) {
        if (!body.isObject()) throw ProfileRefusal.badRequest("A JSON object is required");
        UUID masterId = requiredId(body, "masterProfileId");
        UUID detailId = requiredId(body, "detailProfileId");
        List<ProfileChecks.Relation> rel = ProfileChecks.relations(Json.object().set("r", Json.array().add(
                ((ObjectNode) body.deepCopy()).put("masterProfileType", master.name())
                        .put("detailProfileType", detail.name()))), "r");
        UUID id = body.hasNonNull("id") ? Ids.parse(body.get("id").asText()).orElseThrow(() ->
                ProfileRefusal.badRequest("'id' is not a UUID: '" + body.get("id").asText() + "'")) : UUID.randomUUID();
        UUID jobProfileId = body.hasNonNull("jobProfileId") ? Ids.parse(body.get("jobProfileId").asText()).orElseThrow(() ->
                ProfileRefusal.badRequest("'jobProfileId' is not a UUID: '" + body.get("jobProfileId").asText() + "'")) : null;
        Association a = new Association(id, masterId, master, detailId, detail, rel.getFirst().order(),
                rel.getFirst().reactTo(), jobProfileId);
        return db.tx(c -> {
            if (ProfileStore.get(c, schema, master, masterId).isEmpty())
                throw ProfileRefusal.notFound("Master profile with id '" + masterId + "' was not found");
            if (ProfileStore.get(c, schema, detail, detailId).isEmpty())
                throw ProfileRefusal.notFound("Detail profile with id '" + detailId + "' was not found");
            if (ProfileStore.association(c, schema, id).isPresent())
                throw ProfileRefusal.invalid(List.of(message("Profile association with id '" + id + "' already exists")));
            ProfileStore.insertAssociations(c, schema, List.of(a));
            ProfileStore.refreshMappingNames(c, schema);
            return a;
        });
    }

    public void deleteAssociation(String schema, String id) {
        UUID uuid = Ids.parse(id).orElseThrow(() -> associationNotFound(id));
        if (!db.tx(c -> {
            boolean deleted = ProfileStore.deleteAssociation(c, schema, uuid);
            ProfileStore.refreshMappingNames(c, schema);
            return deleted;
        })) throw associationNotFound(id);
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    /** The client's relations with the saved profile's own side filled in (FOLIO's prepareAssociations). */
    private static List<Association> resolve(ProfileType t, UUID id, List<ProfileChecks.Relation> relations) {
        List<Association> out = new ArrayList<>();
        for (ProfileChecks.Relation r : relations) {
            UUID master = r.masterProfileId() == null && r.masterProfileType() == t ? id : r.masterProfileId();
            UUID detail = r.detailProfileId() == null && r.detailProfileType() == t ? id : r.detailProfileId();
            if (master == null) throw ProfileRefusal.badRequest("'masterProfileId' is required");
            if (detail == null) throw ProfileRefusal.badRequest("'detailProfileId' is required");
            // A link below a match profile of a job belongs to that job (FOLIO's job_profile_id)
            UUID job = t == ProfileType.JOB_PROFILE && !(master.equals(id) && r.masterProfileType() == t) ? id : null;
            out.add(new Association(UUID.randomUUID(), master, r.masterProfileType(), detail, r.detailProfileType(),
                    r.order(), r.reactTo(), job));
        }
        return out;
    }

    /**
     * The linked profiles must exist (FOLIO's validateJobProfileLinkedActionProfiles and …MatchProfile: 404 naming
     * the missing ids); an UPDATE action needs a match above it, a MODIFY action may not stand alone nor follow a
     * match directly; an action's mapping profile must be for the action's record type.
     */
    private List<Refusal> checkLinks(Connection c, String schema, ProfileType t, ObjectNode profile,
                                     List<Association> links, int addedCount) throws SQLException {
        Map<ProfileType, Map<UUID, ObjectNode>> found = new EnumMap<>(ProfileType.class);
        Map<ProfileType, Set<UUID>> wanted = new EnumMap<>(ProfileType.class);
        UUID self = UUID.fromString(profile.get("id").asText());
        for (Association a : links) {
            if (!(a.masterProfileType() == t && a.masterProfileId().equals(self)))
                wanted.computeIfAbsent(a.masterProfileType(), k -> new LinkedHashSet<>()).add(a.masterProfileId());
            if (!(a.detailProfileType() == t && a.detailProfileId().equals(self)))
                wanted.computeIfAbsent(a.detailProfileType(), k -> new LinkedHashSet<>()).add(a.detailProfileId());
        }
        for (var e : wanted.entrySet()) found.put(e.getKey(), ProfileStore.getMany(c, schema, e.getKey(), e.getValue()));
        found.computeIfAbsent(t, k -> new java.util.HashMap<>()).put(self, profile);
        for (ProfileType kind : List.of(ProfileType.ACTION_PROFILE, ProfileType.MATCH_PROFILE)) {
            Set<UUID> missing = wanted.getOrDefault(kind, Set.of()).stream()
                    .filter(x -> !found.get(kind).containsKey(x)).collect(Collectors.toCollection(LinkedHashSet::new));
            if (!missing.isEmpty() && t == ProfileType.JOB_PROFILE)
                throw ProfileRefusal.notFound("Linked " + (kind == ProfileType.ACTION_PROFILE ? "ActionProfiles" : "MatchProfiles")
                        + " with ids " + missing.stream().map(x -> "'" + x + "'").collect(Collectors.joining(", "))
                        + " were not found");
        }
        for (Association a : links) {
            if (found.get(a.masterProfileType()).get(a.masterProfileId()) == null)
                throw ProfileRefusal.notFound("Master profile with id '" + a.masterProfileId() + "' was not found");
            if (found.get(a.detailProfileType()).get(a.detailProfileId()) == null)
                throw ProfileRefusal.notFound("Detail profile with id '" + a.detailProfileId() + "' was not found");
        }
        List<Refusal> errors = new ArrayList<>();
        for (Association a : links) {
            ObjectNode master = found.get(a.masterProfileType()).get(a.masterProfileId());
            ObjectNode detail = found.get(a.detailProfileType()).get(a.detailProfileId());
            if (t == ProfileType.JOB_PROFILE && a.detailProfileType() == ProfileType.ACTION_PROFILE) {
                String action = detail.path("action").asText();
                if (action.equals("UPDATE") && a.masterProfileType() != ProfileType.MATCH_PROFILE)
                    errors.add(message("ActionProfile with id '" + a.detailProfileId()
                            + "' and action UPDATE requires linked MatchProfile"));
                if (action.equals("MODIFY") && a.masterProfileType() == ProfileType.JOB_PROFILE && a.order() == 0
                        && addedCount == 1)
                    errors.add(message("Modify action cannot be used as a standalone action"));
                if (action.equals("MODIFY") && a.masterProfileType() == ProfileType.MATCH_PROFILE && a.order() == 0)
                    errors.add(message("Modify action cannot be used right after a Match"));
            }
            if (a.masterProfileType() == ProfileType.ACTION_PROFILE && a.detailProfileType() == ProfileType.MAPPING_PROFILE
                    && !master.path("folioRecord").asText().equals(detail.path("existingRecordType").asText())) {
                errors.add(message(t == ProfileType.MAPPING_PROFILE
                        ? "Action profile '" + master.path("name").asText() + "' can not be linked to this Mapping profile. "
                        + "FolioRecord and ExistingRecordType types are different"
                        : "Mapping profile '" + detail.path("name").asText() + "' can not be linked to this Action profile. "
                        + "ExistingRecordType and FolioRecord types are different"));
            }
        }
        return errors;
    }

    /**
     * On update, the action ↔ mapping links the profile keeps must still agree on the record type (FOLIO's
     * validateActionProfileChildProfilesFolioRecord and validateMappingProfileExistProfilesFolioRecord).
     */
    private static List<Refusal> checkKeptLinks(Connection c, String schema, ProfileType t, UUID id, ObjectNode profile,
                                                List<Association> unlinks) throws SQLException {
        if (t != ProfileType.ACTION_PROFILE && t != ProfileType.MAPPING_PROFILE) return List.of();
        boolean action = t == ProfileType.ACTION_PROFILE;
        ProfileType other = action ? ProfileType.MAPPING_PROFILE : ProfileType.ACTION_PROFILE;
        List<UUID> kept = ProfileStore.linksOf(c, schema, t, List.of(id), action).stream()
                .filter(a -> (action ? a.detailProfileType() : a.masterProfileType()) == other)
                .map(a -> action ? a.detailProfileId() : a.masterProfileId())
                .filter(o -> unlinks.stream().noneMatch(u -> (action ? u.detailProfileId() : u.masterProfileId()).equals(o)))
                .toList();
        for (ObjectNode o : ProfileStore.getMany(c, schema, other, kept).values()) {
            String folioRecord = action ? profile.path("folioRecord").asText() : o.path("folioRecord").asText();
            String existing = action ? o.path("existingRecordType").asText() : profile.path("existingRecordType").asText();
            if (!folioRecord.equals(existing))
                return List.of(message(action
                        ? "Can not update ActionProfile recordType and linked MappingProfile recordType are different"
                        : "Can not update MappingProfile recordType and linked ActionProfile recordType are different"));
        }
        return List.of();
    }

    /** Deleted relations first, then the added ones (FOLIO's deleteRelatedAssociations, saveRelatedAssociations). */
    private static ArrayNode applyLinks(Connection c, String schema, ProfileType t, UUID id, List<Association> links,
                                        List<Association> unlinks) throws SQLException {
        for (Association u : unlinks)
            ProfileStore.deleteLink(c, schema, u.masterProfileId(), u.masterProfileType(), u.detailProfileId(),
                    u.detailProfileType());
        ProfileStore.insertAssociations(c, schema, links);
        return json(links);
    }

    private static ArrayNode json(List<Association> links) {
        ArrayNode out = Json.array();
        for (Association a : links) out.add(a.toJson());
        return out;
    }

    /** The stored form: no relations inside (they live in associations), hidden false unless said, who wrote it. */
    private static void normalise(ObjectNode profile, String username) {
        profile.putArray("childProfiles");
        profile.putArray("parentProfiles");
        if (!profile.hasNonNull("hidden")) profile.put("hidden", false);
        ObjectNode info = profile.putObject("userInfo");
        if (username != null) info.put("userName", username);
    }

    /** FOLIO compares a default profile with the body without tags and metadata; Quire's own fields aside too. */
    private static boolean sameContent(ObjectNode stored, ObjectNode incoming) {
        return strip(stored).equals(strip(incoming));
    }

    private static ObjectNode strip(ObjectNode p) {
        ObjectNode copy = p.deepCopy();
        copy.remove(List.of("tags", "metadata", "userInfo", "childProfiles", "parentProfiles", "hidden", "deleted", "id"));
        return copy;
    }

    private static UUID requiredId(JsonNode body, String prop) {
        JsonNode v = body.get(prop);
        if (v == null || v.isNull()) ProfileRefusal.throwIfAny(List.of(Refusal.required(prop)));
        return Ids.parse(v.asText()).orElseThrow(() ->
                ProfileRefusal.badRequest("'" + prop + "' is not a UUID: '" + v.asText() + "'"));
    }

    private static Refusal message(String m) {
        return Refusal.of(m, null, null);
    }

    static ProfileRefusal notFound(ProfileType t, String id) {
        return ProfileRefusal.notFound(t.title + " with id '" + id + "' was not found");
    }

    private static ProfileRefusal associationNotFound(String id) {
        return ProfileRefusal.notFound("Profile association with id '" + id + "' was not found");
    }
}
