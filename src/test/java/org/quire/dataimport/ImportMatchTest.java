package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcStreamReader;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.dataimport.DataImportClient.define;
import static org.quire.dataimport.DataImportClient.field;
import static org.quire.dataimport.DataImportClient.processBody;
import static org.quire.dataimport.DataImportClient.subfield;
import static org.quire.dataimport.DataImportClient.upload;

/**
 * Update by match (issue 14 "Update and match"): a job profile whose top child is a match profile updates the
 * instance (same id, HRID, version bumped) and stores a new SRS generation (the old one OLD, the same matchedId)
 * for records that match one instance, creates or does nothing for those that match none as profiled, and logs an
 * error for those that match several. Real records from shared/data/marc/bib.
 */
class ImportMatchTest {
    static final String CREATE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    static final String BY_999I = "b94ab8ce-7bdf-4379-9688-374ecc56e51b";
    static final String BY_001 = "1224105d-db84-4b20-9844-f2dad580916e";
    static final String UPDATE_ACTION = "ff06dc1b-558c-4476-82c3-6e501a0cf66d";
    static final String LCCN = "c858e4f2-2b6b-4385-842b-60732ee14abb";
    static final String P = "/data-import-profiles/";
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("data_import_match");
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    static List<Record> bibs(int from, int n) throws IOException {
        List<Record> out = new ArrayList<>();
        try (FileInputStream in = new FileInputStream(ImportPipelineTest.BIB.toFile())) {
            MarcStreamReader r = new MarcStreamReader(in, "UTF-8");
            for (int i = 0; r.hasNext() && out.size() < n; i++) {
                Record rec = r.next();
                if (i >= from) out.add(rec);
            }
        }
        return out;
    }

    static byte[] file(List<Record> records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Record r : records) out.writeBytes(MarcRecords.toIso2709(r).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** Imports and waits for COMMITTED; the job's log entries in record order. */
    static JsonNode run(byte[] bytes, String profileId) throws InterruptedException {
        String jobId = DataImportClient.importFile(s, "match-" + UUID.randomUUID() + ".mrc", bytes, profileId);
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode job = DataImportClient.job(s, jobId);
            String status = job.path("status").asText();
            if (status.equals("COMMITTED") || status.equals("ERROR")) {
                assertThat(status).as(job.toString()).isEqualTo("COMMITTED");
                Api.Reply log = s.get("/metadata-provider/jobLogEntries/" + jobId + "?limit=1000");
                assertThat(log.status()).as(log.body()).isEqualTo(200);
                ObjectNode out = (ObjectNode) log.json();
                out.put("jobId", jobId);
                return out;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("job " + jobId + " did not finish");
    }

    static JsonNode entry(JsonNode log, int order) {
        for (JsonNode e : log.path("entries")) if (e.path("sourceRecordOrder").asInt() == order) return e;
        throw new AssertionError("no entry " + order + " in " + log);
    }

    static String instanceId(JsonNode entry) {
        return entry.path("relatedInstanceInfo").path("idList").get(0).asText();
    }

    static JsonNode summary(JsonNode log) {
        return s.get("/metadata-provider/jobSummary/" + log.path("jobId").asText()).json();
    }

    /** The instance's current SRS MARC record, as the MARC view reads it. */
    static JsonNode srs(String instanceId) {
        Api.Reply r = s.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static void setTitle(Record r, String title) {
        DataField f245 = (DataField) r.getVariableField("245");
        f245.getSubfield('a').setData(title);
    }

    static Record fromSrs(JsonNode srsRecord) {
        return MarcRecords.fromMarcJson(srsRecord.path("parsedRecord").path("content"));
    }

    static String create(String kind, ObjectNode profile, ObjectNode... relations) {
        ObjectNode dto = Json.object();
        dto.set("profile", profile);
        for (ObjectNode rel : relations) dto.withArray("addedRelations").add(rel);
        dto.putArray("deletedRelations");
        Api.Reply r = s.post(P + kind, dto);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode rel(String master, String masterType, String detail, String detailType, String reactTo) {
        ObjectNode r = Json.object().put("masterProfileType", masterType).put("detailProfileId", detail)
                .put("detailProfileType", detailType).put("order", 0);
        if (master != null) r.put("masterProfileId", master);
        if (reactTo != null) r.put("reactTo", reactTo);
        return r;
    }

    static ObjectNode matchProfile(String name, String criterion, JsonNode incomingFields, JsonNode existingFields) {
        ObjectNode p = Json.object().put("name", name + " " + UUID.randomUUID())
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", "INSTANCE");
        ObjectNode d = p.putArray("matchDetails").addObject().put("matchCriterion", criterion)
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", "INSTANCE");
        d.putObject("incomingMatchExpression").put("dataValueType", "VALUE_FROM_RECORD").set("fields", incomingFields);
        d.putObject("existingMatchExpression").put("dataValueType", "VALUE_FROM_RECORD").set("fields", existingFields);
        return p;
    }

    static JsonNode fields(String... labelValue) {
        var a = Json.array();
        for (int i = 0; i < labelValue.length; i += 2) a.addObject().put("label", labelValue[i]).put("value", labelValue[i + 1]);
        return a;
    }

    /** A job: match → MATCH: Quire's update action; NON_MATCH: {@code nonMatchAction} (null: nothing). */
    static String matchJob(ObjectNode match, String nonMatchAction) {
        String matchId = create("matchProfiles", match);
        List<ObjectNode> rels = new ArrayList<>(List.of(rel(null, "JOB_PROFILE", matchId, "MATCH_PROFILE", null),
                rel(matchId, "MATCH_PROFILE", UPDATE_ACTION, "ACTION_PROFILE", "MATCH")));
        if (nonMatchAction != null) rels.add(rel(matchId, "MATCH_PROFILE", nonMatchAction, "ACTION_PROFILE", "NON_MATCH"));
        return create("jobProfiles", Json.object().put("name", "Match job " + UUID.randomUUID()).put("dataType", "MARC"),
                rels.toArray(ObjectNode[]::new));
    }

    // ---- tests --------------------------------------------------------------------------------------------------

    @Test
    void rerunOfExportedRecords_by999ffi_updatesInPlace_newSrsGeneration_andCreatesTheUnmatched() throws Exception {
        List<Record> original = bibs(0, 4);
        JsonNode created = run(file(original), CREATE);
        List<String> ids = new ArrayList<>();
        List<String> hrids = new ArrayList<>();
        List<Integer> versions = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            JsonNode e = entry(created, i);
            assertThat(e.path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
            ids.add(instanceId(e));
            JsonNode inst = s.get("/instance-storage/instances/" + instanceId(e)).json();
            hrids.add(inst.path("hrid").asText());
            versions.add(inst.path("_version").asInt());
        }
        // Records exported from Quire (001 = HRID, 999 ff $i/$s), the first two retitled, plus one new record.
        List<Record> exported = new ArrayList<>();
        List<String> matchedIds = new ArrayList<>();
        for (String id : ids) {
            JsonNode srs = srs(id);
            matchedIds.add(srs.path("matchedId").asText());
            exported.add(fromSrs(srs));
        }
        setTitle(exported.get(0), "Retitled by the update test one");
        setTitle(exported.get(1), "Retitled by the update test two");
        exported.add(bibs(10, 1).getFirst());
        long instancesBefore = s.get("/instance-storage/instances?limit=0").json().path("totalRecords").asLong();

        JsonNode updated = run(file(exported), BY_999I);

        for (int i = 0; i < 4; i++) {
            JsonNode e = entry(updated, i);
            assertThat(e.path("sourceRecordActionStatus").asText()).as(e.toString()).isEqualTo("UPDATED");
            assertThat(e.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("UPDATED");
            assertThat(instanceId(e)).isEqualTo(ids.get(i));
            assertThat(e.path("relatedInstanceInfo").path("hridList").get(0).asText()).isEqualTo(hrids.get(i));
            JsonNode inst = s.get("/instance-storage/instances/" + ids.get(i)).json();
            assertThat(inst.path("hrid").asText()).isEqualTo(hrids.get(i));
            assertThat(inst.path("source").asText()).isEqualTo("MARC");
            assertThat(inst.path("_version").asInt()).isEqualTo(versions.get(i) + 1);
            JsonNode srs = srs(ids.get(i));
            assertThat(srs.path("generation").asInt()).isEqualTo(1);
            assertThat(srs.path("matchedId").asText()).isEqualTo(matchedIds.get(i));
            assertThat(srs.path("snapshotId").asText()).isEqualTo(updated.path("jobId").asText());
            JsonNode marc = srs.path("parsedRecord").path("content");
            assertThat(DataImportClient.field(marc, "001")).isEqualTo(hrids.get(i));
            assertThat(DataImportClient.subfield(marc, "999", "i")).isEqualTo(ids.get(i));
            assertThat(DataImportClient.subfield(marc, "999", "s")).isEqualTo(matchedIds.get(i));
        }
        assertThat(s.get("/instance-storage/instances/" + ids.get(0)).json().path("title").asText())
                .startsWith("Retitled by the update test one");
        assertThat(entry(updated, 1).path("sourceRecordTitle").asText()).startsWith("Retitled by the update test two");
        // generation 0 is kept as OLD, with the same matchedId
        Api.Reply old = s.get("/source-storage/records/" + matchedIds.get(0) + "?idType=SRS_RECORD");
        assertThat(old.status()).as(old.body()).isEqualTo(200);
        assertThat(old.json().path("state").asText()).isEqualTo("OLD");
        assertThat(old.json().path("generation").asInt()).isZero();

        // the fifth record matched nothing and was created by the NON_MATCH branch
        JsonNode fifth = entry(updated, 4);
        assertThat(fifth.path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
        assertThat(s.get("/instance-storage/instances?limit=0").json().path("totalRecords").asLong())
                .isEqualTo(instancesBefore + 1);
        JsonNode sum = summary(updated);
        assertThat(sum.path("instanceSummary").path("totalUpdatedEntities").asInt()).isEqualTo(4);
        assertThat(sum.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo(1);
        assertThat(sum.path("sourceRecordSummary").path("totalUpdatedEntities").asInt()).isEqualTo(4);
        assertThat(sum.path("totalErrors").asInt()).isZero();
    }

    @Test
    void by001_toInstanceHrid_updatesAndKeepsAdministrativeFields() throws Exception {
        Record original = bibs(20, 1).getFirst();
        String id = instanceId(entry(run(file(List.of(original)), CREATE), 0));
        // staff changes an administrative field the update must keep
        ObjectNode inst = (ObjectNode) s.get("/instance-storage/instances/" + id).json();
        inst.put("staffSuppress", true);
        inst.putArray("administrativeNotes").add("kept by the update");
        assertThat(s.put("/instance-storage/instances/" + id, inst).status()).isEqualTo(204);
        Record exported = fromSrs(srs(id));
        // no 999 ff: the 001 alone names the instance
        for (DataField df : new ArrayList<>(exported.getDataFields())) {
            if (df.getTag().equals("999")) exported.removeVariableField(df);
        }
        setTitle(exported, "Matched by its HRID");
        ControlField f008 = (ControlField) exported.getVariableField("008");
        f008.setData(f008.getData().substring(0, 6) + "s1777    " + f008.getData().substring(15));

        JsonNode log = run(file(List.of(exported)), BY_001);

        JsonNode e = entry(log, 0);
        assertThat(e.path("sourceRecordActionStatus").asText()).as(e.toString()).isEqualTo("UPDATED");
        assertThat(instanceId(e)).isEqualTo(id);
        JsonNode after = s.get("/instance-storage/instances/" + id).json();
        assertThat(after.path("title").asText()).startsWith("Matched by its HRID");
        assertThat(after.path("dates").path("date1").asText()).isEqualTo("1777"); // the new 008's
        assertThat(after.path("dates").has("date2")).isFalse();
        assertThat(after.path("staffSuppress").asBoolean()).isTrue();
        assertThat(after.path("administrativeNotes").get(0).asText()).isEqualTo("kept by the update");
        assertThat(after.path("hrid").asText()).isEqualTo(inst.path("hrid").asText());
        assertThat(srs(id).path("generation").asInt()).isEqualTo(1);
    }

    @Test
    void nonMatchWithoutProfile_isNoAction_andNothingIsCreated() throws Exception {
        String job = matchJob(matchProfile("001 to hrid", "EXACTLY_MATCHES",
                fields("field", "001", "indicator1", "", "indicator2", "", "recordSubfield", ""),
                fields("field", "instance.hrid")), null);
        Record r = bibs(30, 1).getFirst();
        long before = s.get("/instance-storage/instances?limit=0").json().path("totalRecords").asLong();

        JsonNode log = run(file(List.of(r)), job);

        JsonNode e = entry(log, 0);
        assertThat(e.path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
        assertThat(e.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("DISCARDED");
        assertThat(e.has("error")).as(e.toString()).isFalse();
        assertThat(e.path("sourceRecordTitle").asText()).isNotBlank();
        assertThat(s.get("/instance-storage/instances?limit=0").json().path("totalRecords").asLong()).isEqualTo(before);
        JsonNode sum = summary(log);
        assertThat(sum.path("totalErrors").asInt()).isZero();
        assertThat(sum.path("instanceSummary").path("totalDiscardedEntities").asInt()).isEqualTo(1);
        assertThat(s.get("/metadata-provider/jobLogEntries/" + log.path("jobId").asText() + "?errorsOnly=true")
                .json().path("totalRecords").asInt()).isZero();
    }

    @Test
    void lccnMatch_byIdentifierType_oneUpdates_severalIsFoliosError() throws Exception {
        String lccnOne = "qm" + UUID.randomUUID().toString().substring(0, 8);
        String lccnTwo = "qm" + UUID.randomUUID().toString().substring(0, 8);
        String typeId = s.get("/instance-types?limit=1").json().path("instanceTypes").get(0).path("id").asText();
        List<String> twins = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ObjectNode inst = Json.object().put("title", "Twin " + i).put("source", "FOLIO").put("instanceTypeId", typeId);
            inst.putArray("identifiers").addObject().put("identifierTypeId", LCCN).put("value", lccnTwo);
            Api.Reply r = s.post("/instance-storage/instances", inst);
            assertThat(r.status()).as(r.body()).isEqualTo(201);
            twins.add(r.json().path("id").asText());
        }
        ObjectNode single = Json.object().put("title", "Single").put("source", "FOLIO").put("instanceTypeId", typeId);
        single.putArray("identifiers").addObject().put("identifierTypeId", LCCN).put("value", lccnOne);
        String singleId = s.post("/instance-storage/instances", single).json().path("id").asText();

        String job = matchJob(matchProfile("010 to LCCN", "EXACTLY_MATCHES",
                fields("field", "010", "indicator1", "", "indicator2", "", "recordSubfield", "a"),
                fields("field", "instance.identifiers[].value", "identifierTypeId", LCCN)), null);
        List<Record> records = bibs(40, 2);
        MarcFactory f = MarcFactory.newInstance();
        for (int i = 0; i < 2; i++) {
            Record r = records.get(i);
            for (DataField df : new ArrayList<>(r.getDataFields())) if (df.getTag().equals("010")) r.removeVariableField(df);
            DataField lccn = f.newDataField("010", ' ', ' ');
            lccn.addSubfield(f.newSubfield('a', "  " + (i == 0 ? lccnOne : lccnTwo) + " "));
            r.addVariableField(lccn);
        }

        JsonNode log = run(file(records), job);

        JsonNode one = entry(log, 0);
        assertThat(one.path("sourceRecordActionStatus").asText()).as(one.toString()).isEqualTo("UPDATED");
        assertThat(instanceId(one)).isEqualTo(singleId);
        JsonNode updated = s.get("/instance-storage/instances/" + singleId).json();
        assertThat(updated.path("source").asText()).isEqualTo("MARC");
        assertThat(updated.path("title").asText()).isNotEqualTo("Single");
        assertThat(srs(singleId).path("generation").asInt()).isZero(); // its first MARC record

        JsonNode two = entry(log, 1);
        assertThat(two.path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
        assertThat(two.path("error").asText()).isEqualTo("Found multiple records matching specified conditions");
        for (String twin : twins) {
            assertThat(s.get("/instance-storage/instances/" + twin).json().path("title").asText()).startsWith("Twin");
        }
        assertThat(summary(log).path("totalErrors").asInt()).isEqualTo(1);
    }

    @Test
    void badMatchProfiles_refusedOnSave_andUnsupportedOnesAtProcessFiles() throws Exception {
        ObjectNode badCriterion = matchProfile("bad", "SORT_OF", fields("field", "001"), fields("field", "instance.hrid"));
        Api.Reply r = s.post(P + "matchProfiles", Json.object().<ObjectNode>set("profile", badCriterion));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains("matchCriterion").contains("SORT_OF");

        ObjectNode notArray = matchProfile("x", "EXACTLY_MATCHES", fields(), fields());
        notArray.put("matchDetails", "everything");
        r = s.post(P + "matchProfiles", Json.object().<ObjectNode>set("profile", notArray));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains("'matchDetails' must be an array");

        ObjectNode badFields = matchProfile("x", "EXACTLY_MATCHES", fields(), fields());
        ((ObjectNode) badFields.path("matchDetails").get(0).path("incomingMatchExpression")).put("fields", 7);
        r = s.post(P + "matchProfiles", Json.object().<ObjectNode>set("profile", badFields));
        assertThat(r.status()).as(r.body()).isEqualTo(400);

        // FOLIO accepts a "contains" match; Quire refuses to run it rather than match differently
        Api.Reply start = startWith(matchJob(matchProfile("contains", "EXISTING_VALUE_CONTAINS_INCOMING_VALUE",
                fields("field", "001", "indicator1", "", "indicator2", "", "recordSubfield", ""),
                fields("field", "instance.hrid")), null));
        assertThat(start.status()).as(start.body()).isEqualTo(422);
        assertThat(start.json().path("errors").get(0).path("message").asText())
                .startsWith("Match profile 'contains").contains("EXISTING_VALUE_CONTAINS_INCOMING_VALUE");

        // a profile saved without its criterion, or matching a field Quire cannot look up, is refused the same way
        ObjectNode noCriterion = matchProfile("no criterion", "EXACTLY_MATCHES",
                fields("field", "001"), fields("field", "instance.hrid"));
        ((ObjectNode) noCriterion.path("matchDetails").get(0)).remove("matchCriterion");
        start = startWith(matchJob(noCriterion, null));
        assertThat(start.status()).as(start.body()).isEqualTo(422);
        assertThat(start.body()).contains("matchCriterion (none)");
        start = startWith(matchJob(matchProfile("title", "EXACTLY_MATCHES",
                fields("field", "245", "indicator1", "*", "indicator2", "*", "recordSubfield", "a"),
                fields("field", "instance.title")), null));
        assertThat(start.status()).as(start.body()).isEqualTo(422);
        assertThat(start.body()).contains("existing Instance field 'instance.title'");
    }

    /** processFiles of a one-record upload with this job profile; the reply. */
    static Api.Reply startWith(String jobProfileId) throws IOException {
        JsonNode def = define(s, "refused.mrc");
        String defId = def.path("id").asText();
        Api.Reply up = upload(s, defId, def.path("fileDefinitions").get(0).path("id").asText(), file(bibs(0, 1)));
        assertThat(up.status()).as(up.body()).isEqualTo(200);
        return s.post("/data-import/uploadDefinitions/" + defId + "/processFiles", processBody(up.json(), jobProfileId));
    }
}
