package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.TestServer;
import org.quire.platform.tenancy.Tenants;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mod-di-converter-storage's /data-import-profiles over HTTP: FOLIO's default profiles and their snapshot, CRUD of
 * each kind with relations, the PTF's "PTF - Create 3" shape, FOLIO's refusals, and malformed input everywhere.
 */
class ProfilesApiTest {
    static Api.Session s;
    static final String P = "/data-import-profiles/";
    static final String DEFAULT_JOB = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    static final String DEFAULT_ACTION = "fa45f3ec-9b83-11eb-a8b3-0242ac130003";
    static final String DEFAULT_MAPPING = "bf7b3b86-9b84-11eb-a8b3-0242ac130003";

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("di_profiles");
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    static String unique(String name) {
        return name + " " + UUID.randomUUID().toString().substring(0, 8);
    }

    static ObjectNode dto(ObjectNode profile, ObjectNode... added) {
        ObjectNode d = Json.object();
        d.set("profile", profile);
        ArrayNode a = d.putArray("addedRelations");
        for (ObjectNode r : added) a.add(r);
        d.putArray("deletedRelations");
        return d;
    }

    static ObjectNode rel(String masterId, String masterType, String detailId, String detailType, int order) {
        ObjectNode r = Json.object();
        if (masterId == null) r.putNull("masterProfileId"); else r.put("masterProfileId", masterId);
        r.put("masterProfileType", masterType);
        if (detailId == null) r.putNull("detailProfileId"); else r.put("detailProfileId", detailId);
        return r.put("detailProfileType", detailType).put("order", order);
    }

    static String create(String kind, ObjectNode dto) {
        Api.Reply r = s.post(P + kind, dto);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.json().path("id").asText()).isEqualTo(r.json().path("profile").path("id").asText());
        return r.json().path("id").asText();
    }

    static ObjectNode field(String name, String path, String value) {
        ObjectNode f = Json.object().put("name", name).put("enabled", "true").put("path", path).put("value", value);
        f.putArray("subfields");
        return f;
    }

    static ObjectNode mapping(String name, String record, ObjectNode... fields) {
        ObjectNode m = Json.object().put("name", name).put("incomingRecordType", "MARC_BIBLIOGRAPHIC")
                .put("existingRecordType", record).put("description", "");
        ObjectNode details = m.putObject("mappingDetails").put("name", record.toLowerCase()).put("recordType", record);
        ArrayNode arr = details.putArray("mappingFields");
        for (ObjectNode f : fields) arr.add(f);
        return m;
    }

    static ObjectNode action(String name, String action, String record) {
        return Json.object().put("name", name).put("action", action).put("folioRecord", record);
    }

    static ObjectNode job(String name) {
        return Json.object().put("name", name).put("dataType", "MARC").put("description", "");
    }

    /** FOLIO's error body: the messages, and totalRecords counting them. */
    static List<String> messages(Api.Reply r) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : r.json().path("errors")) out.add(e.path("message").asText());
        assertThat(r.json().path("totalRecords").asInt()).as(r.body()).isEqualTo(out.size());
        return out;
    }

    static void refused(Api.Reply r, int status, String message) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(messages(r)).as(r.body()).contains(message);
    }

    static JsonNode snapshot(String id) {
        Api.Reply r = s.get(P + "profileSnapshots/" + id + "?profileType=JOB_PROFILE&jobProfileId=" + id);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    // ---- FOLIO's default profiles ------------------------------------------------------------------------------

    @Test
    void defaultProfiles_areSeededWithFolioIdsAndTexts() {
        Api.Reply list = s.get(P + "jobProfiles?limit=5000", "cql.allRecords=1 sortBy name");
        assertThat(list.status()).as(list.body()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        list.json().path("jobProfiles").forEach(j -> names.add(j.path("name").asText()));
        assertThat(names).contains("Default - Create Holdings and SRS MARC Holdings",
                "Default - Create instance and SRS MARC Bib", "Default - Create SRS MARC Authority",
                "Inventory Single Record - Default Create Instance", "Inventory Single Record - Default Update Instance");
        assertThat(names).isSortedAccordingTo(String.CASE_INSENSITIVE_ORDER);

        JsonNode job = s.get(P + "jobProfiles/" + DEFAULT_JOB).json();
        assertThat(job.path("dataType").asText()).isEqualTo("MARC");
        assertThat(job.path("description").asText()).startsWith("This job profile creates SRS MARC Bib records")
                .contains("library's default MARC-to-Instance mapping");
        assertThat(job.path("hidden").asBoolean(true)).isFalse();
        assertThat(s.get(P + "jobProfiles/6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3").json().path("name").asText())
                .isEqualTo("Default - Create SRS MARC Authority");
        JsonNode holdingsMapping = s.get(P + "mappingProfiles/13cf7adf-c7a7-4c2e-838f-14d0ac36ec0a").json();
        assertThat(holdingsMapping.path("incomingRecordType").asText()).isEqualTo("MARC_HOLDINGS");
        assertThat(holdingsMapping.path("mappingDetails").path("mappingFields")).hasSize(32);
    }

    @Test
    void defaultJobSnapshot_isJobActionMappingTree() {
        JsonNode root = snapshot(DEFAULT_JOB);
        assertThat(root.path("contentType").asText()).isEqualTo("JOB_PROFILE");
        assertThat(root.path("profileId").asText()).isEqualTo(DEFAULT_JOB);
        assertThat(root.path("content").path("name").asText()).isEqualTo("Default - Create instance and SRS MARC Bib");
        JsonNode action = root.path("childSnapshotWrappers").get(0);
        assertThat(root.path("childSnapshotWrappers")).hasSize(1);
        assertThat(action.path("contentType").asText()).isEqualTo("ACTION_PROFILE");
        assertThat(action.path("profileId").asText()).isEqualTo(DEFAULT_ACTION);
        assertThat(action.path("content").path("action").asText()).isEqualTo("CREATE");
        assertThat(action.path("content").path("folioRecord").asText()).isEqualTo("INSTANCE");
        JsonNode mapping = action.path("childSnapshotWrappers").get(0);
        assertThat(mapping.path("contentType").asText()).isEqualTo("MAPPING_PROFILE");
        assertThat(mapping.path("profileId").asText()).isEqualTo(DEFAULT_MAPPING);
        JsonNode fields = mapping.path("content").path("mappingDetails").path("mappingFields");
        assertThat(fields).hasSize(32);
        assertThat(fields.get(0).path("path").asText()).isEqualTo("instance.discoverySuppress");
        assertThat(fields.get(8).path("path").asText()).isEqualTo("instance.statisticalCodeIds[]");
        assertThat(mapping.path("childSnapshotWrappers")).isEmpty();

        // the pinned form a job execution keeps (FOLIO's jobProfileSnapshots)
        Api.Reply pinned = s.post(P + "jobProfileSnapshots/" + DEFAULT_JOB, Json.object());
        assertThat(pinned.status()).as(pinned.body()).isEqualTo(201);
        Api.Reply back = s.get(P + "jobProfileSnapshots/" + pinned.json().path("id").asText());
        assertThat(back.status()).as(back.body()).isEqualTo(200);
        assertThat(back.json()).isEqualTo(pinned.json());
        assertThat(back.json().path("childSnapshotWrappers").get(0).path("childSnapshotWrappers").get(0)
                .path("profileId").asText()).isEqualTo(DEFAULT_MAPPING);
    }

    @Test
    void defaultUpdateJobSnapshot_branchesOnMatchAndNonMatch_scopedToItsJob() {
        String job = "91f9b8d6-d80e-4727-9783-73fb53e3c786", srsMatch = "d27d71ce-8a1e-44c6-acea-96961b5592c6";
        JsonNode root = snapshot(job);
        assertThat(root.path("content").path("name").asText()).isEqualTo("Inventory Single Record - Default Update Instance");
        JsonNode match = root.path("childSnapshotWrappers").get(0);
        assertThat(match.path("profileId").asText()).isEqualTo(srsMatch);
        assertThat(match.path("content").path("matchDetails").get(0).path("incomingMatchExpression").path("fields")
                .findValuesAsText("value")).containsExactly("999", "f", "f", "i");
        List<String> branches = new ArrayList<>();
        match.path("childSnapshotWrappers").forEach(w -> branches.add(w.path("reactTo").asText() + " "
                + w.path("contentType").asText() + " " + w.path("profileId").asText()));
        assertThat(branches).containsExactlyInAnyOrder("MATCH ACTION_PROFILE 6aa8e98b-0d9f-41dd-b26f-15658d07eb52",
                "NON_MATCH MATCH_PROFILE 31dbb554-0826-48ec-a0a4-3c55293d4dee");
        JsonNode nonMatch = null;
        for (JsonNode w : match.path("childSnapshotWrappers")) if (w.path("reactTo").asText().equals("NON_MATCH")) nonMatch = w;
        assertThat(nonMatch).isNotNull();
        JsonNode updateInstance = nonMatch.path("childSnapshotWrappers").get(0);
        assertThat(updateInstance.path("content").path("action").asText()).isEqualTo("UPDATE");
        assertThat(updateInstance.path("childSnapshotWrappers").get(0).path("profileId").asText())
                .isEqualTo("862000b9-84ea-4cae-a223-5fc0552f2b42");

        // the links below the match belong to that job: another job sees the match profile alone
        Api.Reply scoped = s.get(P + "profileSnapshots/" + srsMatch + "?profileType=MATCH_PROFILE&jobProfileId=" + job);
        assertThat(scoped.json().path("childSnapshotWrappers")).hasSize(2);
        Api.Reply other = s.get(P + "profileSnapshots/" + srsMatch + "?profileType=MATCH_PROFILE&jobProfileId="
                + UUID.randomUUID());
        assertThat(other.status()).as(other.body()).isEqualTo(200);
        assertThat(other.json().path("childSnapshotWrappers")).isEmpty();
        refused(s.delete(P + "matchProfiles/" + srsMatch), 400, "Can`t delete default OCLC Match Profile");
    }

    @Test
    void pipelineReadApi_givesTheJobTreeAsRecords_inFourStatements() {
        ProfileSnapshots snapshots = new ProfileSnapshots(TestServer.get().database());
        String schema = Tenants.schema("di_profiles");
        UUID job = UUID.fromString(DEFAULT_JOB);
        ProfileSnapshot[] tree = new ProfileSnapshot[1];
        // the job, the recursive links, then one read per kind found (actions, mappings)
        assertThat(StatementCount.of("di_profiles", () -> tree[0] = snapshots.forJob(schema, job).orElseThrow()))
                .isEqualTo(4);
        ProfileSnapshot action = tree[0].children(ProfileType.ACTION_PROFILE).getFirst();
        assertThat(action.profileId()).isEqualTo(UUID.fromString(DEFAULT_ACTION));
        assertThat(action.content().path("folioRecord").asText()).isEqualTo("INSTANCE");
        assertThat(action.children(ProfileType.MAPPING_PROFILE).getFirst().profileId())
                .isEqualTo(UUID.fromString(DEFAULT_MAPPING));
        assertThat(tree[0].children(ProfileType.MATCH_PROFILE)).isEmpty();
        ProfileSnapshot pinned = snapshots.pin(schema, job).orElseThrow();
        assertThat(snapshots.pinned(schema, pinned.id())).contains(pinned);
        assertThat(snapshots.forJob(schema, UUID.randomUUID())).isEmpty();
        assertThat(snapshots.pinned(schema, UUID.randomUUID())).isEmpty();
    }

    // ---- the PTF's profile -------------------------------------------------------------------------------------

    @Test
    void ptfCreate3Shape_isCreatedAndReadBackAsSnapshot() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        String instanceMap = create("mappingProfiles", dto(mapping("PTF instance " + tag, "INSTANCE",
                field("catalogedDate", "instance.catalogedDate", "###TODAY###"),
                field("statusId", "instance.statusId", "\"Cataloged\""),
                field("statisticalCodeIds", "instance.statisticalCodeIds[]", ""))));
        String holdingsMap = create("mappingProfiles", dto(mapping("PTF holdings " + tag, "HOLDINGS",
                field("holdingsTypeId", "holdings.holdingsTypeId", "\"Monograph\""),
                field("permanentLocationId", "holdings.permanentLocationId", "\"Main Library (KU/CC/DI/M)\""),
                field("callNumberTypeId", "holdings.callNumberTypeId", "\"Library of Congress classification\""),
                field("callNumber", "holdings.callNumber", "050$a \" \" 050$b"))));
        String itemMap = create("mappingProfiles", dto(mapping("PTF item " + tag, "ITEM",
                field("materialType.id", "item.materialType.id", "\"book\""),
                field("permanentLoanType.id", "item.permanentLoanType.id", "\"Can circulate\""),
                field("status.name", "item.status.name", "\"Available\""),
                field("notes", "item.notes[]", ""))));
        String instanceAct = create("actionProfiles", dto(action("PTF instance " + tag, "CREATE", "INSTANCE"),
                rel(null, "ACTION_PROFILE", instanceMap, "MAPPING_PROFILE", 0)));
        String holdingsAct = create("actionProfiles", dto(action("PTF holdings " + tag, "CREATE", "HOLDINGS"),
                rel(null, "ACTION_PROFILE", holdingsMap, "MAPPING_PROFILE", 0)));
        String itemAct = create("actionProfiles", dto(action("PTF item " + tag, "CREATE", "ITEM"),
                rel(null, "ACTION_PROFILE", itemMap, "MAPPING_PROFILE", 0)));
        String name = "PTF - Create 3 " + tag;
        String jobId = create("jobProfiles", dto(job(name),
                rel(null, "JOB_PROFILE", instanceAct, "ACTION_PROFILE", 0),
                rel(null, "JOB_PROFILE", holdingsAct, "ACTION_PROFILE", 1),
                rel(null, "JOB_PROFILE", itemAct, "ACTION_PROFILE", 2)));

        // the PTF finds its profile by name
        Api.Reply byName = s.get(P + "jobProfiles", "name==\"" + name + "\"");
        assertThat(byName.json().path("totalRecords").asInt()).as(byName.body()).isEqualTo(1);
        assertThat(byName.json().path("jobProfiles").get(0).path("id").asText()).isEqualTo(jobId);

        JsonNode root = snapshot(jobId);
        JsonNode actions = root.path("childSnapshotWrappers");
        assertThat(actions).hasSize(3);
        List<String> order = new ArrayList<>();
        actions.forEach(a -> order.add(a.path("profileId").asText()));
        assertThat(order).containsExactly(instanceAct, holdingsAct, itemAct);
        assertThat(actions.get(1).path("order").asInt()).isEqualTo(1);
        JsonNode holdingsFields = actions.get(1).path("childSnapshotWrappers").get(0).path("content")
                .path("mappingDetails").path("mappingFields");
        assertThat(holdingsFields.get(3).path("value").asText()).isEqualTo("050$a \" \" 050$b");
        assertThat(holdingsFields.get(1).path("value").asText()).isEqualTo("\"Main Library (KU/CC/DI/M)\"");
        assertThat(actions.get(0).path("childSnapshotWrappers").get(0).path("content").path("mappingDetails")
                .path("mappingFields").get(0).path("value").asText()).isEqualTo("###TODAY###");
        assertThat(actions.get(2).path("childSnapshotWrappers").get(0).path("profileId").asText()).isEqualTo(itemMap);
    }

    // ---- CRUD and relations ------------------------------------------------------------------------------------

    @Test
    void eachKind_createReadUpdateDelete() {
        ObjectNode match = Json.object().put("name", unique("Match 001")).put("incomingRecordType", "MARC_BIBLIOGRAPHIC")
                .put("existingRecordType", "INSTANCE");
        match.putArray("matchDetails").addObject().put("incomingRecordType", "MARC_BIBLIOGRAPHIC")
                .put("existingRecordType", "INSTANCE").put("matchCriterion", "EXACTLY_MATCHES");
        ObjectNode[] profiles = {job(unique("Job")), match, action(unique("Action"), "CREATE", "INSTANCE"),
                mapping(unique("Mapping"), "INSTANCE")};
        String[] kinds = {"jobProfiles", "matchProfiles", "actionProfiles", "mappingProfiles"};
        String[] titles = {"Job Profile", "Match Profile", "Action Profile", "Mapping Profile"};
        for (int i = 0; i < kinds.length; i++) {
            String id = create(kinds[i], dto(profiles[i]));
            JsonNode got = s.get(P + kinds[i] + "/" + id).json();
            assertThat(got.path("name").asText()).isEqualTo(profiles[i].path("name").asText());
            assertThat(got.path("metadata").path("createdDate").asText()).isNotEmpty();
            assertThat(got.path("userInfo").path("userName").asText()).isNotEmpty();

            ObjectNode changed = profiles[i].deepCopy().put("name", unique("Renamed")).put("description", "changed");
            Api.Reply put = s.put(P + kinds[i] + "/" + id, dto(changed));
            assertThat(put.status()).as(put.body()).isEqualTo(200);
            assertThat(put.json().path("description").asText()).isEqualTo("changed");
            assertThat(s.get(P + kinds[i] + "/" + id).json().path("name").asText()).isEqualTo(changed.path("name").asText());
            if (i == 1) assertThat(s.get(P + kinds[i] + "/" + id).json().path("matchDetails")).hasSize(1);

            Api.Reply del = s.delete(P + kinds[i] + "/" + id);
            assertThat(del.status()).as(del.body()).isEqualTo(204);
            refused(s.get(P + kinds[i] + "/" + id), 404, titles[i] + " with id '" + id + "' was not found");
            refused(s.delete(P + kinds[i] + "/" + id), 404, titles[i] + " with id '" + id + "' was not found");
            refused(s.put(P + kinds[i] + "/" + id, dto(changed)), 404, titles[i] + " with id '" + id + "' was not found");
        }
    }

    @Test
    void relations_addedRemovedAndShownWithRelations() {
        String mapId = create("mappingProfiles", dto(mapping(unique("Rel map"), "INSTANCE")));
        String actId = create("actionProfiles", dto(action(unique("Rel act"), "CREATE", "INSTANCE"),
                rel(null, "ACTION_PROFILE", mapId, "MAPPING_PROFILE", 0)));
        String matchId = create("matchProfiles", dto(Json.object().put("name", unique("Rel match"))
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", "INSTANCE")));
        String updateAct = create("actionProfiles", dto(action(unique("Rel update"), "UPDATE", "INSTANCE")));
        String jobId = create("jobProfiles", dto(job(unique("Rel job")),
                rel(null, "JOB_PROFILE", matchId, "MATCH_PROFILE", 0),
                rel(matchId, "MATCH_PROFILE", updateAct, "ACTION_PROFILE", 0).put("reactTo", "MATCH"),
                rel(matchId, "MATCH_PROFILE", actId, "ACTION_PROFILE", 0).put("reactTo", "NON_MATCH")));

        JsonNode root = snapshot(jobId);
        JsonNode matchNode = root.path("childSnapshotWrappers").get(0);
        assertThat(matchNode.path("contentType").asText()).isEqualTo("MATCH_PROFILE");
        assertThat(matchNode.path("childSnapshotWrappers")).hasSize(2);
        List<String> reactions = new ArrayList<>();
        matchNode.path("childSnapshotWrappers").forEach(w -> reactions.add(w.path("reactTo").asText() + ":" + w.path("profileId").asText()));
        assertThat(reactions).containsExactlyInAnyOrder("MATCH:" + updateAct, "NON_MATCH:" + actId);

        JsonNode withRel = s.get(P + "actionProfiles/" + actId + "?withRelations=true").json();
        assertThat(withRel.path("childProfiles").get(0).path("profileId").asText()).isEqualTo(mapId);
        assertThat(withRel.path("childProfiles").get(0).path("content").path("name").asText()).startsWith("Rel map");
        assertThat(withRel.path("parentProfiles").get(0).path("profileId").asText()).isEqualTo(matchId);
        assertThat(s.get(P + "actionProfiles/" + actId).json().path("childProfiles")).isEmpty();
        Api.Reply listWithRel = s.get(P + "jobProfiles?withRelations=true", "id==" + jobId);
        assertThat(listWithRel.json().path("jobProfiles").get(0).path("childProfiles").get(0).path("profileId").asText())
                .isEqualTo(matchId);

        Api.Reply links = s.get(P + "profileAssociations?master=ACTION_PROFILE&detail=MAPPING_PROFILE");
        assertThat(links.status()).as(links.body()).isEqualTo(200);
        assertThat(links.json().path("profileAssociations").findValuesAsText("detailProfileId")).contains(mapId, DEFAULT_MAPPING);

        // an action in use cannot be deleted (FOLIO's ConflictException)
        refused(s.delete(P + "actionProfiles/" + actId), 409,
                "Can not delete profile by id '" + actId + "' cause profile associated with other profiles");

        // deletedRelations remove the link; the job's tree loses the branch
        ObjectNode remove = dto(s.get(P + "matchProfiles/" + matchId).json().deepCopy());
        ((ArrayNode) remove.get("deletedRelations")).add(rel(matchId, "MATCH_PROFILE", actId, "ACTION_PROFILE", 0));
        Api.Reply put = s.put(P + "matchProfiles/" + matchId, remove);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(snapshot(jobId).path("childSnapshotWrappers").get(0).path("childSnapshotWrappers")).hasSize(1);
        assertThat(s.delete(P + "actionProfiles/" + actId).status()).isEqualTo(204);
        // deleting the action also removed its link to the mapping profile, which is free again
        assertThat(s.delete(P + "mappingProfiles/" + mapId).status()).isEqualTo(204);

        // associations API: POST, GET by id, DELETE, then the delete's 404 is text as FOLIO's
        String other = create("mappingProfiles", dto(mapping(unique("Assoc map"), "INSTANCE")));
        String act2 = create("actionProfiles", dto(action(unique("Assoc act"), "CREATE", "INSTANCE")));
        Api.Reply post = s.post(P + "profileAssociations?master=ACTION_PROFILE&detail=MAPPING_PROFILE",
                Json.object().put("masterProfileId", act2).put("detailProfileId", other).put("order", 0));
        assertThat(post.status()).as(post.body()).isEqualTo(201);
        String linkId = post.json().path("id").asText();
        Api.Reply got = s.get(P + "profileAssociations/" + linkId + "?master=ACTION_PROFILE&detail=MAPPING_PROFILE");
        assertThat(got.json().path("detailProfileId").asText()).isEqualTo(other);
        assertThat(s.delete(P + "profileAssociations/" + linkId + "?master=ACTION_PROFILE&detail=MAPPING_PROFILE").status())
                .isEqualTo(204);
        Api.Reply again = s.delete(P + "profileAssociations/" + linkId + "?master=ACTION_PROFILE&detail=MAPPING_PROFILE");
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.body()).isEqualTo("Profile association with id '" + linkId + "' was not found");
        String nowhere = UUID.randomUUID().toString();
        refused(s.post(P + "profileAssociations?master=ACTION_PROFILE&detail=MAPPING_PROFILE",
                Json.object().put("masterProfileId", act2).put("detailProfileId", nowhere)), 404,
                "Detail profile with id '" + nowhere + "' was not found");
    }

    @Test
    void settingsPagesQueries_areServed() {
        // ui-data-import's job profile list: search template and its "updated by" sort
        Api.Reply jobs = s.get(P + "jobProfiles?limit=5000", "cql.allRecords=1 AND (name=\"Default - Create*\" OR "
                + "tags.tagList=\"Default - Create*\" OR description=\"Default - Create*\") sortBy userInfo.firstName "
                + "userInfo.lastName userInfo.userName");
        assertThat(jobs.status()).as(jobs.body()).isEqualTo(200);
        assertThat(jobs.json().path("jobProfiles").findValuesAsText("id")).contains(DEFAULT_JOB);
        // tags are searchable once set
        String tag = "tag" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode tagged = job(unique("Tagged"));
        tagged.putObject("tags").putArray("tagList").add(tag);
        String taggedId = create("jobProfiles", dto(tagged));
        assertThat(s.get(P + "jobProfiles", "tags.tagList=\"" + tag + "*\" sortBy tags.tagList").json()
                .path("jobProfiles").findValuesAsText("id")).containsExactly(taggedId);
        // the action list searches by the linked mapping profile's name, kept up to date when the link changes
        String mapName = unique("Findable map");
        String mapId = create("mappingProfiles", dto(mapping(mapName, "HOLDINGS")));
        String actId = create("actionProfiles", dto(action(unique("Findable act"), "CREATE", "HOLDINGS"),
                rel(null, "ACTION_PROFILE", mapId, "MAPPING_PROFILE", 0)));
        String actions = "(name=\"%1$s*\" OR action=\"%1$s*\" OR folioRecord=\"%1$s*\" OR mapping=\"%1$s*\" OR "
                + "tags.tagList=\"%1$s*\") sortBy action folioRecord";
        Api.Reply byMapping = s.get(P + "actionProfiles?limit=5000", actions.formatted(mapName));
        assertThat(byMapping.status()).as(byMapping.body()).isEqualTo(200);
        assertThat(byMapping.json().path("actionProfiles").findValuesAsText("id")).containsExactly(actId);
        assertThat(s.get(P + "actionProfiles", "mapping=\"Default - Create holdings\"").json().path("actionProfiles")
                .findValuesAsText("id")).contains("8aa0b850-9182-4005-8435-340b704b2a19");
        ObjectNode unlink = dto(s.get(P + "actionProfiles/" + actId).json().deepCopy());
        ((ArrayNode) unlink.get("deletedRelations")).add(rel(actId, "ACTION_PROFILE", mapId, "MAPPING_PROFILE", 0));
        assertThat(s.put(P + "actionProfiles/" + actId, unlink).status()).isEqualTo(200);
        assertThat(s.get(P + "actionProfiles", actions.formatted(mapName)).json().path("totalRecords").asInt()).isZero();
        // the match list's template
        Api.Reply matches = s.get(P + "matchProfiles?limit=5000", "(name=\"999*\" OR existingRecordType=\"999*\" OR "
                + "field=\"999*\" OR fieldMarc=\"999*\" OR fieldNonMarc=\"999*\" OR existingStaticValueType=\"999*\" OR "
                + "tags.tagList=\"999*\") sortBy existingRecordType field fieldMarc fieldNonMarc existingStaticValueType");
        assertThat(matches.status()).as(matches.body()).isEqualTo(200);
        assertThat(matches.json().path("matchProfiles").findValuesAsText("id"))
                .contains("d27d71ce-8a1e-44c6-acea-96961b5592c6", "31dbb554-0826-48ec-a0a4-3c55293d4dee");
        // mapping list
        // "updated" is no index (the UI maps it to metadata.updatedDate): as RMB, sorted by a property no profile has
        assertThat(s.get(P + "mappingProfiles", "(name=\"" + mapName + "*\" OR tags.tagList=\"x*\") sortBy updated")
                .status()).isEqualTo(200);
        assertThat(s.get(P + "mappingProfiles", "name=\"" + mapName + "*\" sortBy metadata.updatedDate/sort.descending")
                .json().path("totalRecords").asInt()).isEqualTo(1);
    }

    /**
     * The Settings pages' "associated profiles": a mapping profile's action profiles (ui-data-import asks
     * {@code /masters?detailType=MAPPING_PROFILE&masterType=ACTION_PROFILE&query=cql.allRecords=1 sortBy name/ascending})
     * and a profile's details, as FOLIO's ProfileSnapshotWrapper.
     */
    @Test
    void mastersAndDetails_areTheLinkedProfiles_byName() {
        String mapId = create("mappingProfiles", dto(mapping(unique("Shared map"), "HOLDINGS")));
        String second = create("actionProfiles", dto(action(unique("B act"), "CREATE", "HOLDINGS"),
                rel(null, "ACTION_PROFILE", mapId, "MAPPING_PROFILE", 0)));
        String first = create("actionProfiles", dto(action(unique("A act"), "CREATE", "HOLDINGS"),
                rel(null, "ACTION_PROFILE", mapId, "MAPPING_PROFILE", 0)));
        Api.Reply masters = s.get(P + "profileAssociations/" + mapId + "/masters?detailType=MAPPING_PROFILE"
                + "&masterType=ACTION_PROFILE", "cql.allRecords=1 sortBy name/ascending");
        assertThat(masters.status()).as(masters.body()).isEqualTo(200);
        assertThat(masters.json().path("id").asText()).isEqualTo(mapId);
        assertThat(masters.json().path("contentType").asText()).isEqualTo("MAPPING_PROFILE");
        assertThat(masters.json().at("/content/id").asText()).isEqualTo(mapId);
        assertThat(childIds(masters.json())).containsExactly(first, second);
        assertThat(masters.json().path("childSnapshotWrappers").get(0).path("contentType").asText())
                .isEqualTo("ACTION_PROFILE");
        assertThat(masters.json().at("/childSnapshotWrappers/0/content/name").asText()).startsWith("A act");
        assertThat(childIds(s.get(P + "profileAssociations/" + mapId
                + "/masters?detailType=MAPPING_PROFILE&limit=1&offset=1").json())).containsExactly(second);

        Api.Reply details = s.get(P + "profileAssociations/" + DEFAULT_ACTION + "/details?masterType=ACTION_PROFILE");
        assertThat(details.status()).as(details.body()).isEqualTo(200);
        assertThat(childIds(details.json())).containsExactly(DEFAULT_MAPPING);
        assertThat(childIds(s.get(P + "profileAssociations/" + DEFAULT_JOB + "/details?masterType=JOB_PROFILE"
                + "&detailType=ACTION_PROFILE").json())).containsExactly(DEFAULT_ACTION);

        // malformed or unknown: 400 for the types, 404 for the profile
        assertThat(s.get(P + "profileAssociations/" + mapId + "/masters").status()).isEqualTo(400);
        assertThat(s.get(P + "profileAssociations/" + mapId + "/masters?detailType=BOGUS").status()).isEqualTo(400);
        assertThat(s.get(P + "profileAssociations/" + mapId + "/masters?detailType=MAPPING_PROFILE&masterType=X")
                .status()).isEqualTo(400);
        assertThat(s.get(P + "profileAssociations/" + UUID.randomUUID() + "/masters?detailType=MAPPING_PROFILE")
                .status()).isEqualTo(404);
        assertThat(s.get(P + "profileAssociations/not-a-uuid/details?masterType=JOB_PROFILE").status()).isEqualTo(404);
        assertThat(s.get(P + "profileAssociations/" + mapId + "/masters?detailType=MAPPING_PROFILE&limit=-1")
                .status()).isEqualTo(400);
    }

    /** The ids of a ProfileSnapshotWrapper's children (not of their contents). */
    static List<String> childIds(JsonNode wrapper) {
        List<String> ids = new ArrayList<>();
        wrapper.path("childSnapshotWrappers").forEach(w -> ids.add(w.path("id").asText()));
        return ids;
    }

    // ---- FOLIO's rules -----------------------------------------------------------------------------------------

    @Test
    void defaultProfiles_cannotBeChangedOrDeleted() {
        String holdingsMapping = "13cf7adf-c7a7-4c2e-838f-14d0ac36ec0a";
        ObjectNode stored = (ObjectNode) s.get(P + "mappingProfiles/" + holdingsMapping).json();
        refused(s.put(P + "mappingProfiles/" + holdingsMapping, dto(stored.deepCopy().put("name", "Mine now"))), 400,
                "Can`t update default OCLC Mapping Profile with id " + holdingsMapping);
        // written back unchanged but for its tags, FOLIO accepts it
        ObjectNode tagged = stored.deepCopy();
        tagged.putObject("tags").putArray("tagList").add("local");
        Api.Reply same = s.put(P + "mappingProfiles/" + holdingsMapping, dto(tagged));
        assertThat(same.status()).as(same.body()).isEqualTo(200);
        assertThat(s.get(P + "mappingProfiles/" + holdingsMapping).json().path("name").asText())
                .isEqualTo("Default - Create holdings");

        refused(s.delete(P + "jobProfiles/80898dee-449f-44dd-9c8e-37d5eb469b1d"), 400,
                "Can`t delete default OCLC Job Profile with");
        refused(s.delete(P + "jobProfiles/6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3"), 400,
                "Can`t delete default OCLC Job Profile with");
        refused(s.delete(P + "actionProfiles/8aa0b850-9182-4005-8435-340b704b2a19"), 400,
                "Can`t delete default OCLC Action Profile");
        refused(s.delete(P + "mappingProfiles/" + holdingsMapping), 400, "Can`t delete default OCLC Mapping Profile");
        refused(s.put(P + "jobProfiles/d0ebb7b0-2f0f-11eb-adc1-0242ac120002", dto(job("Renamed single record"))), 400,
                "Can`t update default OCLC Job Profile with id d0ebb7b0-2f0f-11eb-adc1-0242ac120002");
        // the default bib mapping is not protected but is in use by its action
        refused(s.delete(P + "mappingProfiles/" + DEFAULT_MAPPING), 409,
                "Can not delete profile by id '" + DEFAULT_MAPPING + "' cause profile associated with other profiles");
        assertThat(s.get(P + "jobProfiles/80898dee-449f-44dd-9c8e-37d5eb469b1d").status()).isEqualTo(200);
    }

    @Test
    void duplicateNamesAndIds_areRefusedWithFolioMessages() {
        refused(s.post(P + "jobProfiles", dto(job("Default - Create instance and SRS MARC Bib"))), 422,
                "Job profile 'Default - Create instance and SRS MARC Bib' already exists");
        refused(s.post(P + "mappingProfiles", dto(mapping("Default - Create holdings", "HOLDINGS"))), 422,
                "The field mapping profile 'Default - Create holdings' already exists");
        refused(s.post(P + "actionProfiles", dto(action("Default - Create instance", "CREATE", "INSTANCE"))), 422,
                "Action profile 'Default - Create instance' already exists");
        // FOLIO's name check leaves out the profile's own id, so a copy of a profile is refused for its id only …
        Api.Reply copy = s.post(P + "jobProfiles", dto(job("Default - Create SRS MARC Authority")
                .put("id", "6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3")));
        assertThat(copy.status()).isEqualTo(422);
        assertThat(messages(copy)).containsExactly("Job profile with id '6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3' already exists");
        // … and another's name with a third's id gets both messages, the name's first
        Api.Reply both = s.post(P + "jobProfiles", dto(job("Default - Create SRS MARC Authority")
                .put("id", "80898dee-449f-44dd-9c8e-37d5eb469b1d")));
        assertThat(both.status()).isEqualTo(422);
        assertThat(messages(both)).containsExactly("Job profile 'Default - Create SRS MARC Authority' already exists",
                "Job profile with id '80898dee-449f-44dd-9c8e-37d5eb469b1d' already exists");
        // renaming onto another profile's name
        String a = create("matchProfiles", dto(Json.object().put("name", unique("Dup match"))
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", "INSTANCE")));
        String taken = unique("Taken match");
        create("matchProfiles", dto(Json.object().put("name", taken)
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", "INSTANCE")));
        refused(s.put(P + "matchProfiles/" + a, dto(Json.object().put("name", taken)
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", "INSTANCE"))), 422,
                "Match profile '" + taken + "' already exists");
    }

    @Test
    void profileRules_areFolios() {
        refused(s.post(P + "actionProfiles", dto(action(unique("Bib create"), "CREATE", "MARC_BIBLIOGRAPHIC"))), 422,
                "Can't create ActionProfile for MARC Bib record type with Create action");
        String update = create("actionProfiles", dto(action(unique("Lone update"), "UPDATE", "INSTANCE")));
        refused(s.post(P + "jobProfiles", dto(job(unique("Update without match")),
                rel(null, "JOB_PROFILE", update, "ACTION_PROFILE", 0))), 422,
                "ActionProfile with id '" + update + "' and action UPDATE requires linked MatchProfile");
        String itemMap = create("mappingProfiles", dto(mapping(unique("Item map"), "ITEM")));
        String name = s.get(P + "mappingProfiles/" + itemMap).json().path("name").asText();
        refused(s.post(P + "actionProfiles", dto(action(unique("Instance act"), "CREATE", "INSTANCE"),
                rel(null, "ACTION_PROFILE", itemMap, "MAPPING_PROFILE", 0))), 422,
                "Mapping profile '" + name + "' can not be linked to this Action profile. ExistingRecordType and FolioRecord types are different");
        ObjectNode withChildren = job(unique("Children"));
        withChildren.putArray("childProfiles").addObject().put("contentType", "ACTION_PROFILE");
        refused(s.post(P + "jobProfiles", dto(withChildren)), 422, "Job profile read-only 'child' field should be empty");
        String missing = UUID.randomUUID().toString();
        refused(s.post(P + "jobProfiles", dto(job(unique("Missing action")),
                rel(null, "JOB_PROFILE", missing, "ACTION_PROFILE", 0))), 404,
                "Linked ActionProfiles with ids '" + missing + "' were not found");
        refused(s.post(P + "jobProfiles", dto(job(unique("Missing match")),
                rel(null, "JOB_PROFILE", missing, "MATCH_PROFILE", 0))), 404,
                "Linked MatchProfiles with ids '" + missing + "' were not found");
        // a refused write leaves nothing behind
        assertThat(s.get(P + "jobProfiles", "name==\"Missing*\"").json().path("totalRecords").asInt()).isZero();
    }

    // ---- malformed input ---------------------------------------------------------------------------------------

    @Test
    void malformedInput_isA4xxInFoliosShape() {
        for (String kind : List.of("jobProfiles", "matchProfiles", "actionProfiles", "mappingProfiles")) {
            Api.Reply bad = s.api().send("POST", P + kind, "{\"profile\": {", s.tenant(), s.token());
            assertThat(bad.status()).as(bad.body()).isEqualTo(400);
            assertThat(messages(bad)).hasSize(1);
            Api.Reply put = s.api().send("PUT", P + kind + "/" + DEFAULT_JOB, "[1,2]", s.tenant(), s.token());
            assertThat(put.status()).as(put.body()).isEqualTo(400);
            ObjectNode empty = Json.object();
            empty.putArray("addedRelations");
            Api.Reply noProfile = s.post(P + kind, empty);
            refused(noProfile, 422, "must not be null");
            assertThat(noProfile.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("profile");
            Api.Reply noName = s.post(P + kind, dto(Json.object().put("description", "x")));
            assertThat(noName.status()).as(noName.body()).isEqualTo(422);
            assertThat(noName.json().path("errors").findValuesAsText("key")).contains("profile.name");
            refused(s.get(P + kind + "/not-a-uuid"), 404, switch (kind) {
                case "jobProfiles" -> "Job Profile";
                case "matchProfiles" -> "Match Profile";
                case "actionProfiles" -> "Action Profile";
                default -> "Mapping Profile";
            } + " with id 'not-a-uuid' was not found");
            assertThat(s.get(P + kind, "name==(").status()).isEqualTo(400);
            Api.Reply index = s.get(P + kind, "nosuchindex==x");
            assertThat(index.status()).isEqualTo(400);
            assertThat(messages(index).getFirst()).contains("nosuchindex");
            refused(s.get(P + kind + "?withRelations=maybe"), 400,
                    "'withRelations' parameter is incorrect. parameter value {maybe} is not valid: must be true or false");
            assertThat(s.get(P + kind + "?limit=-1").status()).isEqualTo(400);
            assertThat(s.get(P + kind + "?offset=x").status()).isEqualTo(400);
        }
        refused(s.post(P + "jobProfiles", dto(job(unique("Bad type")).put("dataType", "PDF"))), 400,
                "'dataType' must be one of [DELIMITED, EDIFACT, MARC], was 'PDF'");
        refused(s.post(P + "actionProfiles", dto(action(unique("Bad action"), "SHRED", "INSTANCE"))), 400,
                "'action' must be one of [COMBINE, CREATE, DELETE, MODIFY, REPLACE, UPDATE], was 'SHRED'");
        refused(s.post(P + "jobProfiles", dto(job(unique("Numeric")).put("name", 42))), 400, "'name' must be a string, was number");
        refused(s.post(P + "jobProfiles", dto(job(unique("Bad id")).put("id", "123"))), 400, "'id' is not a UUID: '123'");
        refused(s.post(P + "jobProfiles", dto(job(unique("Bad rel")), rel(null, "JOB_PROFILE", "xyz", "ACTION_PROFILE", 0))),
                400, "'detailProfileId' is not a UUID: 'xyz'");
        refused(s.post(P + "jobProfiles", dto(job(unique("Bad rel type")), rel(null, "JOB_PROFILE", DEFAULT_ACTION, "NOPE", 0))),
                400, "The specified type: NOPE is wrong. It should be [ACTION_PROFILE, MAPPING_PROFILE, MATCH_PROFILE, JOB_PROFILE]");
        ObjectNode notArray = dto(job(unique("Not array")));
        notArray.put("addedRelations", "all");
        refused(s.post(P + "jobProfiles", notArray), 400, "'addedRelations' must be an array");

        refused(s.get(P + "profileSnapshots/" + DEFAULT_JOB + "?profileType=FOO"), 400,
                "The specified type: FOO is wrong. It should be [ACTION_PROFILE, MAPPING_PROFILE, MATCH_PROFILE, JOB_PROFILE]");
        refused(s.get(P + "profileSnapshots/" + DEFAULT_JOB), 400,
                "The specified type: null is wrong. It should be [ACTION_PROFILE, MAPPING_PROFILE, MATCH_PROFILE, JOB_PROFILE]");
        String unknown = UUID.randomUUID().toString();
        refused(s.get(P + "profileSnapshots/" + unknown + "?profileType=JOB_PROFILE"), 404,
                "Cannot build snapshot for Profile " + unknown);
        refused(s.get(P + "profileSnapshots/bad?profileType=JOB_PROFILE"), 404, "Cannot build snapshot for Profile bad");
        refused(s.get(P + "profileSnapshots/" + DEFAULT_JOB + "?profileType=JOB_PROFILE&jobProfileId=bad"), 400,
                "'jobProfileId' is not a UUID: 'bad'");
        refused(s.post(P + "jobProfileSnapshots/" + unknown, Json.object()), 404, "Cannot build snapshot for Profile " + unknown);
        refused(s.get(P + "jobProfileSnapshots/" + unknown), 404, "Profile snapshot with id '" + unknown + "' was not found");
        refused(s.get(P + "profileAssociations?master=BAD&detail=ACTION_PROFILE"), 400,
                "The specified type: BAD is wrong. It should be [ACTION_PROFILE, MAPPING_PROFILE, MATCH_PROFILE, JOB_PROFILE]");
        refused(s.get(P + "profileAssociations/" + unknown + "?master=JOB_PROFILE&detail=ACTION_PROFILE"), 404,
                "Profile association with id '" + unknown + "' was not found");
        refused(s.post(P + "profileAssociations?master=JOB_PROFILE&detail=ACTION_PROFILE",
                Json.object().put("masterProfileId", "x").put("detailProfileId", DEFAULT_ACTION)), 400,
                "'masterProfileId' is not a UUID: 'x'");
        Api.Reply badJson = s.api().send("POST", P + "profileAssociations?master=JOB_PROFILE&detail=ACTION_PROFILE",
                "nope", s.tenant(), s.token());
        assertThat(badJson.status()).isEqualTo(400);
    }
}
