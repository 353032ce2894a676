package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holdings and item match and update (issue 14 "Update and match", the PTF's "DI MARC Bib Update" chain): a file
 * created with instance + holdings + item ("PTF - Create 3" shape, the item's barcode from 945 $b) is imported again
 * with a job that matches 999 ff $i → instance (update), then 901 $a → holdings HRID (update the call number), then
 * 945 $b → item barcode (add a note): the records change in place, nothing is duplicated, and the non-matches and
 * a multiple match are logged as FOLIO's journal says them. Real records from shared/data/marc/bib.
 */
class ImportHoldingsItemMatchTest {
    static final String UPDATE_INSTANCE = "ff06dc1b-558c-4476-82c3-6e501a0cf66d";
    static final MarcFactory F = MarcFactory.newInstance();
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("data_import_holdings_match");
        ImportMatchTest.s = s;
        ImportPipelineTest.s = s;
    }

    // ---- profiles ----------------------------------------------------------------------------------------------

    static ObjectNode field(String name, String path, String value) {
        return ImportPipelineTest.mappingField(name, path, value);
    }

    /** item.notes[] with one note of type Note, as ui-data-import sends a repeatable field. */
    static ObjectNode note(String text, String repeatableAction) {
        ObjectNode note = field("notes", "item.notes[]", "");
        if (repeatableAction != null) note.put("repeatableFieldAction", repeatableAction);
        ObjectNode sub = ((ArrayNode) note.get("subfields")).addObject().put("order", 0).put("path", "item.notes[]");
        sub.withArray("fields").add(field("itemNoteTypeId", "item.notes[].itemNoteTypeId", "\"Note\""));
        sub.withArray("fields").add(field("note", "item.notes[].note", "\"" + text + "\""));
        sub.withArray("fields").add(field("staffOnly", "item.notes[].staffOnly", "").put("booleanFieldAction", "ALL_FALSE"));
        return note;
    }

    static String action(String verb, String record, String mappingId, String tag) {
        String name = verb + " " + record + " " + tag + " " + UUID.randomUUID();
        ObjectNode a = Json.object().put("name", name).put("action", verb).put("folioRecord", record);
        if (mappingId == null) return ImportMatchTest.create("actionProfiles", a);
        return ImportMatchTest.create("actionProfiles", a,
                ImportPipelineTest.rel("ACTION_PROFILE", mappingId, "MAPPING_PROFILE", 0));
    }

    static String mapping(String record, String tag, ObjectNode... fields) {
        return ImportMatchTest.create("mappingProfiles",
                ImportPipelineTest.mappingProfile(record + " mapping " + tag, record, fields));
    }

    /** The "PTF - Create 3" shape with the item's barcode from 945 $b. */
    static String createJob(String tag) {
        String instanceAct = action("CREATE", "INSTANCE", mapping("INSTANCE", tag,
                field("statusId", "instance.statusId", "\"Cataloged\"")), tag);
        String holdingsAct = action("CREATE", "HOLDINGS", mapping("HOLDINGS", tag,
                field("permanentLocationId", "holdings.permanentLocationId", "\"Main Library (KU/CC/DI/M)\""),
                field("callNumber", "holdings.callNumber", "\"OLD \" 001")), tag);
        String itemAct = action("CREATE", "ITEM", mapping("ITEM", tag,
                field("barcode", "item.barcode", "945$b"),
                field("materialType.id", "item.materialType.id", "\"book\""),
                field("permanentLoanType.id", "item.permanentLoanType.id", "\"Can circulate\""),
                field("status.name", "item.status.name", "\"Available\""), note("first note", null)), tag);
        return ImportMatchTest.create("jobProfiles", Json.object().put("name", "Create 3 " + tag).put("dataType", "MARC"),
                ImportPipelineTest.rel("JOB_PROFILE", instanceAct, "ACTION_PROFILE", 0),
                ImportPipelineTest.rel("JOB_PROFILE", holdingsAct, "ACTION_PROFILE", 1),
                ImportPipelineTest.rel("JOB_PROFILE", itemAct, "ACTION_PROFILE", 2));
    }

    static ObjectNode match(String name, String existingType, JsonNode incoming, String existingField) {
        ObjectNode p = ImportMatchTest.matchProfile(name, "EXACTLY_MATCHES", incoming,
                ImportMatchTest.fields("field", existingField));
        p.put("existingRecordType", existingType);
        ((ObjectNode) p.path("matchDetails").get(0)).put("existingRecordType", existingType);
        return p;
    }

    static JsonNode marcField(String tag, String code) {
        return ImportMatchTest.fields("field", tag, "indicator1", "*", "indicator2", "*", "recordSubfield", code);
    }

    /** A link below a match profile, with its order among the job's top-level children. */
    static ObjectNode top(String matchId, int order) {
        return ImportPipelineTest.rel("JOB_PROFILE", matchId, "MATCH_PROFILE", order);
    }

    static ObjectNode below(String matchId, String actionId, String reactTo) {
        return ImportMatchTest.rel(matchId, "MATCH_PROFILE", actionId, "ACTION_PROFILE", reactTo);
    }

    /**
     * The PTF update chain: 999 ff $i → instance.id (MATCH: update instance), then 901 $a → holdingsrecord.hrid
     * (MATCH: update holdings), then 945 $b → item.barcode (MATCH: update item); nothing on NON_MATCH.
     */
    static String updateJob(String tag, String holdingsAction, String itemAction) {
        String byId = ImportMatchTest.create("matchProfiles", match("999i " + tag, "INSTANCE",
                ImportMatchTest.fields("field", "999", "indicator1", "f", "indicator2", "f", "recordSubfield", "i"),
                "instance.id"));
        String byHrid = ImportMatchTest.create("matchProfiles", match("901a " + tag, "HOLDINGS",
                marcField("901", "a"), "holdingsrecord.hrid"));
        String byBarcode = ImportMatchTest.create("matchProfiles", match("945b " + tag, "ITEM",
                marcField("945", "b"), "item.barcode"));
        return ImportMatchTest.create("jobProfiles", Json.object().put("name", "Updates " + tag).put("dataType", "MARC"),
                top(byId, 0), top(byHrid, 1), top(byBarcode, 2),
                below(byId, UPDATE_INSTANCE, "MATCH"), below(byHrid, holdingsAction, "MATCH"),
                below(byBarcode, itemAction, "MATCH"));
    }

    // ---- records -----------------------------------------------------------------------------------------------

    static void setSubfield(Record r, String tag, char code, String... values) {
        for (DataField df : new ArrayList<>(r.getDataFields())) if (df.getTag().equals(tag)) r.removeVariableField(df);
        for (String v : values) {
            DataField f = F.newDataField(tag, ' ', ' ');
            f.addSubfield(F.newSubfield(code, v));
            r.addVariableField(f);
        }
    }

    record Created(String instanceId, String holdingsId, String holdingsHrid, String itemId, String barcode) {
    }

    /** Imports {@code n} bibs from {@code from} with 945 $b barcodes; what each record created. */
    static List<Created> createRecords(String tag, int from, int n) throws Exception {
        List<Record> bibs = ImportMatchTest.bibs(from, n);
        List<String> barcodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            barcodes.add("upd-" + tag + "-" + i);
            setSubfield(bibs.get(i), "945", 'b', barcodes.get(i));
        }
        JsonNode log = ImportMatchTest.run(ImportMatchTest.file(bibs), createJob(tag));
        List<Created> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            JsonNode e = ImportMatchTest.entry(log, i);
            assertThat(e.path("sourceRecordActionStatus").asText()).as(e.toString()).isEqualTo("CREATED");
            JsonNode h = e.path("relatedHoldingsInfo").get(0), it = e.path("relatedItemInfo").get(0);
            out.add(new Created(ImportMatchTest.instanceId(e), h.path("id").asText(), h.path("hrid").asText(),
                    it.path("id").asText(), barcodes.get(i)));
        }
        return out;
    }

    /** The instance's MARC as exported from SRS (001 = HRID, 999 ff $i/$s, the 945 kept). */
    static Record exported(Created c) {
        return ImportMatchTest.fromSrs(ImportMatchTest.srs(c.instanceId()));
    }

    static JsonNode get(String path) {
        Api.Reply r = s.get(path);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static long count(String path) {
        return get(path + "?limit=0").path("totalRecords").asLong();
    }

    // ---- tests -------------------------------------------------------------------------------------------------

    @Test
    void ptfUpdateChain_updatesInstanceHoldingsAndItemInPlace_logsNonMatchesAndMultipleAsFolio() throws Exception {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<Created> made = createRecords(tag, 50, 4);
        // a second holdings record on the fourth instance, for the multiple match
        ObjectNode extra = Json.object().put("instanceId", made.get(3).instanceId())
                .put("permanentLocationId", get("/holdings-storage/holdings/" + made.get(3).holdingsId())
                        .path("permanentLocationId").asText());
        Api.Reply r = s.post("/holdings-storage/holdings", extra);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        String extraHrid = r.json().path("hrid").asText();
        List<JsonNode> holdingsBefore = new ArrayList<>(), itemsBefore = new ArrayList<>();
        for (Created c : made) {
            holdingsBefore.add(get("/holdings-storage/holdings/" + c.holdingsId()));
            itemsBefore.add(get("/item-storage/items/" + c.itemId()));
        }
        long instances = count("/instance-storage/instances"), holdings = count("/holdings-storage/holdings"),
                items = count("/item-storage/items");

        String holdingsUpdate = action("UPDATE", "HOLDINGS", mapping("HOLDINGS", "upd " + tag,
                field("callNumber", "holdings.callNumber", "\"NEW \" 945$c"),
                field("permanentLocationId", "holdings.permanentLocationId", "")), tag);
        String itemUpdate = action("UPDATE", "ITEM", mapping("ITEM", "upd " + tag,
                note("added by the update", "EXTEND_EXISTING")), tag);
        String job = updateJob(tag, holdingsUpdate, itemUpdate);

        List<Record> file = new ArrayList<>();
        for (Created c : made) {
            Record rec = exported(c);
            setSubfield(rec, "901", 'a', c.holdingsHrid());
            DataField f945 = (DataField) rec.getVariableField("945");
            f945.addSubfield(F.newSubfield('c', "QA " + c.holdingsHrid()));
            file.add(rec);
        }
        ImportMatchTest.setTitle(file.get(0), "Retitled with its holdings and item");
        setSubfield(file.get(1), "945", 'b', "no-such-barcode-" + tag);              // item: no match
        setSubfield(file.get(2), "901", 'a', made.get(3).holdingsHrid());            // another instance's holdings
        setSubfield(file.get(2), "945", 'b', made.get(2).barcode());
        ((DataField) file.get(2).getVariableField("945")).addSubfield(F.newSubfield('c', "QA never"));
        setSubfield(file.get(3), "901", 'a', made.get(3).holdingsHrid(), extraHrid); // two holdings: multiple

        JsonNode log = ImportMatchTest.run(ImportMatchTest.file(file), job);

        // record 0: instance, holdings and item updated in place
        JsonNode e0 = ImportMatchTest.entry(log, 0);
        assertThat(e0.path("sourceRecordActionStatus").asText()).as(e0.toString()).isEqualTo("UPDATED");
        assertThat(e0.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("UPDATED");
        JsonNode h0 = e0.path("relatedHoldingsInfo").get(0);
        assertThat(h0.path("actionStatus").asText()).isEqualTo("UPDATED");
        assertThat(h0.path("id").asText()).isEqualTo(made.get(0).holdingsId());
        assertThat(h0.path("hrid").asText()).isEqualTo(made.get(0).holdingsHrid());
        JsonNode i0 = e0.path("relatedItemInfo").get(0);
        assertThat(i0.path("actionStatus").asText()).isEqualTo("UPDATED");
        assertThat(i0.path("id").asText()).isEqualTo(made.get(0).itemId());
        assertThat(i0.path("holdingsId").asText()).isEqualTo(made.get(0).holdingsId());
        assertThat(e0.has("error")).as(e0.toString()).isFalse();
        JsonNode holdings0 = get("/holdings-storage/holdings/" + made.get(0).holdingsId());
        assertThat(holdings0.path("callNumber").asText()).isEqualTo("NEW QA " + made.get(0).holdingsHrid());
        assertThat(holdings0.path("_version").asInt()).isEqualTo(holdingsBefore.get(0).path("_version").asInt() + 1);
        assertThat(holdings0.path("permanentLocationId").asText())   // an empty mapping value leaves the field alone
                .isEqualTo(holdingsBefore.get(0).path("permanentLocationId").asText());
        assertThat(holdings0.path("hrid").asText()).isEqualTo(made.get(0).holdingsHrid());
        JsonNode item0 = get("/item-storage/items/" + made.get(0).itemId());
        assertThat(item0.path("notes")).hasSize(2);
        assertThat(item0.path("notes").get(0).path("note").asText()).isEqualTo("first note");
        assertThat(item0.path("notes").get(1).path("note").asText()).isEqualTo("added by the update");
        assertThat(item0.path("barcode").asText()).isEqualTo(made.get(0).barcode());
        assertThat(item0.path("status").path("name").asText()).isEqualTo("Available");
        assertThat(item0.path("_version").asInt()).isGreaterThan(itemsBefore.get(0).path("_version").asInt());
        // the holdings' new call number reached the item's effective call number (storage's push-down)
        assertThat(item0.path("effectiveCallNumberComponents").path("callNumber").asText())
                .isEqualTo("NEW QA " + made.get(0).holdingsHrid());
        assertThat(get("/instance-storage/instances/" + made.get(0).instanceId()).path("title").asText())
                .startsWith("Retitled with its holdings and item");

        // record 1: holdings updated; the item matched nothing and nothing is below NON_MATCH: "No action"
        JsonNode e1 = ImportMatchTest.entry(log, 1);
        assertThat(e1.path("relatedHoldingsInfo").get(0).path("actionStatus").asText()).isEqualTo("UPDATED");
        JsonNode i1 = e1.path("relatedItemInfo").get(0);
        assertThat(i1.path("actionStatus").asText()).as(e1.toString()).isEqualTo("DISCARDED");
        assertThat(i1.has("error")).isFalse();
        assertThat(e1.has("error")).isFalse();
        assertThat(get("/item-storage/items/" + made.get(1).itemId()).path("notes")).hasSize(1);

        // record 2: another instance's holdings HRID does not match below this instance (HoldingLoader's
        // instanceId == sub-match); its item still matches by barcode alone and is updated
        JsonNode e2 = ImportMatchTest.entry(log, 2);
        JsonNode h2 = e2.path("relatedHoldingsInfo").get(0);
        assertThat(h2.path("actionStatus").asText()).as(e2.toString()).isEqualTo("DISCARDED");
        assertThat(h2.has("error")).isFalse();
        assertThat(e2.path("relatedItemInfo").get(0).path("actionStatus").asText()).isEqualTo("UPDATED");
        assertThat(get("/holdings-storage/holdings/" + made.get(3).holdingsId()).path("callNumber").asText())
                .startsWith("OLD ");

        // record 3: two holdings of its instance match: FOLIO's error; the instance was updated before it
        JsonNode e3 = ImportMatchTest.entry(log, 3);
        assertThat(e3.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("UPDATED");
        JsonNode h3 = e3.path("relatedHoldingsInfo").get(0);
        assertThat(h3.path("actionStatus").asText()).as(e3.toString()).isEqualTo("DISCARDED");
        assertThat(h3.path("error").asText()).isEqualTo("Found multiple records matching specified conditions");
        assertThat(e3.path("error").asText()).isEqualTo("Found multiple records matching specified conditions");
        assertThat(e3.path("relatedItemInfo")).isEmpty();
        assertThat(get("/item-storage/items/" + made.get(3).itemId()).path("notes")).hasSize(1);

        // no duplicates; the summary counts what happened
        assertThat(count("/instance-storage/instances")).isEqualTo(instances);
        assertThat(count("/holdings-storage/holdings")).isEqualTo(holdings);
        assertThat(count("/item-storage/items")).isEqualTo(items);
        JsonNode sum = ImportMatchTest.summary(log);
        assertThat(sum.path("instanceSummary").path("totalUpdatedEntities").asInt()).isEqualTo(4);
        assertThat(sum.path("holdingSummary").path("totalUpdatedEntities").asInt()).isEqualTo(2);
        assertThat(sum.path("holdingSummary").path("totalDiscardedEntities").asInt()).isEqualTo(2);
        assertThat(sum.path("holdingSummary").path("totalErrors").asInt()).isEqualTo(1);
        assertThat(sum.path("itemSummary").path("totalUpdatedEntities").asInt()).isEqualTo(2);
        assertThat(sum.path("itemSummary").path("totalDiscardedEntities").asInt()).isEqualTo(1);
        assertThat(sum.path("itemSummary").path("totalCreatedEntities").asInt()).isZero();
        assertThat(sum.path("totalErrors").asInt()).isEqualTo(1);
        JsonNode errors = DataImportClient.log(s, log.path("jobId").asText(), "&errorsOnly=true");
        assertThat(errors.path("totalRecords").asInt()).isEqualTo(1);
    }

    @Test
    void itemNonMatch_createsInTheMatchedHoldings_andItemByHrid() throws Exception {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<Created> made = createRecords(tag, 60, 2);
        String itemHrid = get("/item-storage/items/" + made.get(0).itemId()).path("hrid").asText();
        // holdings by HRID (MATCH: nothing), item by HRID from 946 $a (MATCH: update; NON_MATCH: create)
        String byHrid = ImportMatchTest.create("matchProfiles", match("901a " + tag, "HOLDINGS",
                marcField("901", "a"), "holdingsrecord.hrid"));
        String byItemHrid = ImportMatchTest.create("matchProfiles", match("946a " + tag, "ITEM",
                marcField("946", "a"), "item.hrid"));
        String itemUpdate = action("UPDATE", "ITEM", mapping("ITEM", "upd " + tag,
                note("replaced", "EXCHANGE_EXISTING"), field("status.name", "item.status.name", "\"Available\"")), tag);
        // the first item is on loan: an import never changes a protected status (UpdateItemEventHandler)
        ObjectNode onLoan = (ObjectNode) get("/item-storage/items/" + made.get(0).itemId());
        onLoan.putObject("status").put("name", "Checked out");
        assertThat(s.put("/item-storage/items/" + made.get(0).itemId(), onLoan).status()).isEqualTo(204);
        String itemCreate = action("CREATE", "ITEM", mapping("ITEM", "new " + tag,
                field("barcode", "item.barcode", "\"new-\" 945$b"),
                field("materialType.id", "item.materialType.id", "\"book\""),
                field("permanentLoanType.id", "item.permanentLoanType.id", "\"Can circulate\""),
                field("status.name", "item.status.name", "\"Available\"")), tag);
        ObjectNode itemMatchBelowHoldings = ImportMatchTest.rel(byHrid, "MATCH_PROFILE", byItemHrid, "MATCH_PROFILE",
                "MATCH");
        String job = ImportMatchTest.create("jobProfiles", Json.object().put("name", "Items " + tag)
                .put("dataType", "MARC"), top(byHrid, 0), itemMatchBelowHoldings,
                ImportMatchTest.rel(byItemHrid, "MATCH_PROFILE", itemUpdate, "ACTION_PROFILE", "MATCH"),
                ImportMatchTest.rel(byItemHrid, "MATCH_PROFILE", itemCreate, "ACTION_PROFILE", "NON_MATCH"));
        List<Record> file = new ArrayList<>();
        for (Created c : made) {
            Record rec = exported(c);
            setSubfield(rec, "901", 'a', c.holdingsHrid());
            file.add(rec);
        }
        setSubfield(file.get(0), "946", 'a', itemHrid);
        setSubfield(file.get(1), "946", 'a', "no-such-item-hrid");
        long items = count("/item-storage/items");

        JsonNode log = ImportMatchTest.run(ImportMatchTest.file(file), job);

        JsonNode e0 = ImportMatchTest.entry(log, 0);
        assertThat(e0.path("relatedItemInfo").get(0).path("actionStatus").asText()).as(e0.toString()).isEqualTo("UPDATED");
        assertThat(e0.path("relatedItemInfo").get(0).path("error").asText())
                .isEqualTo("Could not change item status 'Checked out' to 'Available'");
        // the instance was only matched through, not updated
        assertThat(e0.path("relatedInstanceInfo").path("actionStatus").asText("")).isEmpty();
        JsonNode item0 = get("/item-storage/items/" + made.get(0).itemId());
        assertThat(item0.path("notes")).hasSize(1);
        assertThat(item0.path("notes").get(0).path("note").asText()).isEqualTo("replaced");
        assertThat(item0.path("status").path("name").asText()).isEqualTo("Checked out");
        JsonNode e1 = ImportMatchTest.entry(log, 1);
        JsonNode i1 = e1.path("relatedItemInfo").get(0);
        assertThat(i1.path("actionStatus").asText()).as(e1.toString()).isEqualTo("CREATED");
        assertThat(i1.path("holdingsId").asText()).isEqualTo(made.get(1).holdingsId());
        JsonNode created = get("/item-storage/items/" + i1.path("id").asText());
        assertThat(created.path("barcode").asText()).isEqualTo("new-" + made.get(1).barcode());
        assertThat(created.path("holdingsRecordId").asText()).isEqualTo(made.get(1).holdingsId());
        assertThat(count("/item-storage/items")).isEqualTo(items + 1);
        JsonNode sum = ImportMatchTest.summary(log);
        assertThat(sum.path("itemSummary").path("totalUpdatedEntities").asInt()).isEqualTo(1);
        assertThat(sum.path("itemSummary").path("totalCreatedEntities").asInt()).isEqualTo(1);
        assertThat(sum.path("itemSummary").path("totalErrors").asInt()).isZero(); // updated, with a warning
        assertThat(sum.path("totalErrors").asInt()).isEqualTo(1);
    }

    @Test
    void malformedProfiles_updateWithoutMatchOrMapping_areFoliosErrors_unknownFieldsRefused() throws Exception {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<Created> made = createRecords(tag, 70, 1);
        Record rec = exported(made.get(0));
        setSubfield(rec, "901", 'a', made.get(0).holdingsHrid());
        long holdings = count("/holdings-storage/holdings");

        // an UPDATE HOLDINGS without a mapping profile below a match; an UPDATE ITEM after it
        String itemUpdate = action("UPDATE", "ITEM", mapping("ITEM", "upd " + tag, note("never", null)), tag);
        String holdingsNoMapping = action("UPDATE", "HOLDINGS", null, tag);
        String byHrid = ImportMatchTest.create("matchProfiles", match("901a " + tag, "HOLDINGS",
                marcField("901", "a"), "holdingsrecord.hrid"));
        String byId = ImportMatchTest.create("matchProfiles", match("999i " + tag, "INSTANCE",
                ImportMatchTest.fields("field", "999", "indicator1", "f", "indicator2", "f", "recordSubfield", "i"),
                "instance.id"));
        String job = ImportMatchTest.create("jobProfiles", Json.object().put("name", "Bad " + tag).put("dataType", "MARC"),
                top(byHrid, 0), below(byHrid, holdingsNoMapping, "MATCH"), top(byId, 1),
                below(byId, itemUpdate, "MATCH"));

        JsonNode log = ImportMatchTest.run(ImportMatchTest.file(List.of(rec)), job);

        JsonNode e = ImportMatchTest.entry(log, 0);
        JsonNode h = e.path("relatedHoldingsInfo").get(0);
        assertThat(h.path("actionStatus").asText()).as(e.toString()).isEqualTo("DISCARDED");
        assertThat(h.path("error").asText()).isEqualTo("Action profile to update a Holding entity has no a mapping profile");
        assertThat(e.path("error").asText()).isEqualTo(h.path("error").asText());
        assertThat(e.path("relatedItemInfo")).isEmpty(); // the chain stopped at the holdings
        assertThat(count("/holdings-storage/holdings")).isEqualTo(holdings);

        // an UPDATE ITEM below an instance match: no item in the context, mod-inventory's error
        String itemBelowInstance = ImportMatchTest.create("jobProfiles", Json.object().put("name", "Item " + tag)
                .put("dataType", "MARC"), top(byId, 0), below(byId, itemUpdate, "MATCH"));
        JsonNode log2 = ImportMatchTest.run(ImportMatchTest.file(List.of(rec)), itemBelowInstance);
        JsonNode e2 = ImportMatchTest.entry(log2, 0);
        assertThat(e2.path("relatedItemInfo").get(0).path("error").asText()).as(e2.toString()).isEqualTo(
                "Failed to handle event payload, cause event payload context does not contain MARC_BIBLIOGRAPHIC data "
                        + "or ITEM to update");
        assertThat(ImportMatchTest.summary(log2).path("itemSummary").path("totalErrors").asInt()).isEqualTo(1);
        assertThat(get("/item-storage/items/" + made.get(0).itemId()).path("notes")).hasSize(1);

        // an UPDATE with no match above it is refused when the job profile is saved (mod-di-converter-storage)
        ObjectNode dto = Json.object();
        dto.set("profile", Json.object().put("name", "Item only " + tag).put("dataType", "MARC"));
        dto.withArray("addedRelations").add(ImportPipelineTest.rel("JOB_PROFILE", itemUpdate, "ACTION_PROFILE", 0));
        dto.putArray("deletedRelations");
        Api.Reply refused = s.post(ImportMatchTest.P + "jobProfiles", dto);
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.body()).contains("ActionProfile with id '" + itemUpdate
                + "' and action UPDATE requires linked MatchProfile");

        // match fields Quire cannot look up are refused when the job starts, naming the profile and the field
        for (String[] bad : List.of(new String[]{"HOLDINGS", "holdingsrecord.callNumber", "existing Holdings field"},
                new String[]{"ITEM", "item.accessionNumber", "existing Item field"})) {
            String m = ImportMatchTest.create("matchProfiles", match("bad " + tag, bad[0], marcField("901", "a"), bad[1]));
            String j = ImportMatchTest.create("jobProfiles", Json.object().put("name", "Bad field " + UUID.randomUUID())
                    .put("dataType", "MARC"), top(m, 0), below(m, itemUpdate, "MATCH"));
            Api.Reply start = ImportMatchTest.startWith(j);
            assertThat(start.status()).as(start.body()).isEqualTo(422);
            assertThat(start.json().path("errors").get(0).path("message").asText())
                    .startsWith("Match profile 'bad " + tag).contains(bad[2] + " '" + bad[1] + "'");
        }
    }
}
