package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcPermissiveStreamReader;
import org.marc4j.MarcReader;
import org.marc4j.MarcStreamWriter;
import org.marc4j.MarcXmlReader;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.dataimport.DataImportClient.define;
import static org.quire.dataimport.DataImportClient.field;
import static org.quire.dataimport.DataImportClient.processBody;
import static org.quire.dataimport.DataImportClient.subfield;
import static org.quire.dataimport.DataImportClient.upload;

/**
 * MARC holdings (MFHD) and MARC authority import through FOLIO's data-import flow with FOLIO's default job profiles
 * "Default - Create Holdings and SRS MARC Holdings" and "Default - Create SRS MARC Authority" (issue 14, Mapping):
 * holdings found by 004 = instance HRID with FOLIO's messages when not, SRS MARC_HOLDING / MARC_AUTHORITY records
 * linked back, journal and summary counts exact, authorities searchable, the record type from Leader/06 refused
 * with SRM's message when the profile cannot take it.
 */
class MarcHoldingsAuthorityImportTest {
    static final String CREATE_INSTANCE = "e34d7b92-9b83-11eb-a8b3-0242ac130003";
    static final String CREATE_HOLDINGS = "80898dee-449f-44dd-9c8e-37d5eb469b1d";
    static final String CREATE_AUTHORITY = "6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3";
    static final Path HOLDINGS_DIR = Path.of("../shared/data/marc/holdings");
    static final Path AUTHORITY_DIR = Path.of("../shared/data/marc/authority");
    static final String MARC_HOLDINGS_SOURCE = "036ee84a-6afd-4c3c-9ad3-4a12ab875f59";
    static final String SERIAL_HOLDINGS = "e6da6c98-6dd0-41bc-8b4b-cfd4bbd9c3ae";
    static final String LCNAF = "af045f2f-e851-4613-984c-4bc13430454a";
    static final String LCSH = "837e2c7b-037b-4113-9dfd-b1b8aeeb1fb8";
    static final String NO_004_LINK = "The 004 tag of the Holdings doesn't has a link to the Bibliographic record";
    static final String WRONG_PROFILE = "Chosen job profile does not support this record type";

    static Api.Session s;
    /** The instance HRIDs the evergreen serial bibs got on import, in file order. */
    static List<String> bibHrids = new ArrayList<>();

    @BeforeAll
    static void setUp() throws Exception {
        s = Fixtures.tenant("marc_holdings_authority");
        String job = importFile("evergreen-serials-bibs.marcxml",
                Files.readAllBytes(HOLDINGS_DIR.resolve("evergreen-serials-bibs.marcxml")), CREATE_INSTANCE);
        assertThat(awaitFinished(job).path("status").asText()).isEqualTo("COMMITTED");
        for (JsonNode e : log(job, "").path("entries")) {
            if (e.path("sourceRecordActionStatus").asText().equals("CREATED")) {
                bibHrids.add(e.path("relatedInstanceInfo").path("hridList").get(0).asText());
            }
        }
        assertThat(bibHrids).isNotEmpty();
    }

    // ---- the flow ------------------------------------------------------------------------------------------------

    static String importFile(String name, byte[] bytes, String profileId) {
        return DataImportClient.importFile(s, name, bytes, profileId);
    }

    static JsonNode awaitFinished(String jobId) throws InterruptedException {
        return DataImportClient.awaitFinished(s, jobId);
    }

    static JsonNode log(String jobId, String extra) {
        return DataImportClient.log(s, jobId, extra);
    }

    static JsonNode summary(String jobId) {
        return s.get("/metadata-provider/jobSummary/" + jobId).json();
    }

    static int total(String path) {
        Api.Reply r = s.get(path);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("totalRecords").asInt();
    }

    static String q(String cql) {
        return URLEncoder.encode(cql, StandardCharsets.UTF_8);
    }

    /** A location with {@code code}, in the institution, campus and library of the tenant's first one. */
    static String location(String code) {
        ObjectNode l = (ObjectNode) s.get("/locations?limit=1").json().path("locations").get(0).deepCopy();
        String id = UUID.randomUUID().toString();
        l.put("id", id).put("code", code).put("name", "Location " + code);
        l.remove("metadata");
        Api.Reply r = s.post("/locations", l);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return id;
    }

    static List<Record> read(Path file) throws IOException {
        List<Record> out = new ArrayList<>();
        try (InputStream in = new FileInputStream(file.toFile())) {
            MarcReader reader = file.toString().endsWith("xml") ? new MarcXmlReader(in)
                    : new MarcPermissiveStreamReader(in, true, true);
            while (reader.hasNext()) out.add(reader.next());
        }
        return out;
    }

    static byte[] iso2709(List<Record> records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MarcStreamWriter w = new MarcStreamWriter(out, "UTF-8");
        records.forEach(w::write);
        w.close();
        return out.toByteArray();
    }

    static void set004(Record r, String value) {
        MarcFactory f = MarcFactory.newInstance();
        ControlField old = (ControlField) r.getVariableField("004");
        if (old != null) r.removeVariableField(old);
        r.addVariableField(f.newControlField("004", value));
    }

    static void set852b(Record r, String code) {
        DataField f852 = (DataField) r.getVariableField("852");
        f852.getSubfield('b').setData(code);
    }

    // ---- MARC holdings -------------------------------------------------------------------------------------------

    @Test
    void mfhdWith004OfAnImportedBib_createsHoldingsLinkedToItsInstance_srsMarcHoldingAndJournal() throws Exception {
        String desmarais = location("DESMARAIS");
        String hrsrh = location("HRSRH");
        List<Record> mfhd = read(HOLDINGS_DIR.resolve("evergreen-serials-mfhd.marcxml"));
        String instanceHrid = bibHrids.getFirst();
        String instanceId = s.get("/instance-storage/instances?query=" + q("hrid==\"" + instanceHrid + "\""))
                .json().path("instances").get(0).path("id").asText();
        List<Record> records = new ArrayList<>();
        records.add(mfhd.get(0)); // HRSRH, 856 online access
        records.add(mfhd.get(2)); // DESMARAIS, 853/863 captions
        records.add(mfhd.get(3)); // 004 names no instance
        records.add(mfhd.get(4)); // 852 $b names no location
        records.add(mfhd.get(5)); // no 852 at all
        records.forEach(r -> set004(r, instanceHrid));
        set004(mfhd.get(3), "in99999999999");
        set852b(mfhd.get(4), "NOWHERE");
        mfhd.get(5).removeVariableField(mfhd.get(5).getVariableField("852"));

        String job = importFile("mfhd.mrc", iso2709(records), CREATE_HOLDINGS);
        JsonNode finished = awaitFinished(job);
        assertThat(finished.path("status").asText()).isEqualTo("COMMITTED");
        assertThat(finished.path("progress").path("current").asInt()).isEqualTo(5);
        assertThat(finished.path("jobProfileInfo").path("name").asText())
                .isEqualTo("Default - Create Holdings and SRS MARC Holdings");

        JsonNode entries = log(job, "").path("entries");
        assertThat(entries).hasSize(5);
        assertThat(DataImportClient.texts(entries, "sourceRecordActionStatus"))
                .containsExactly("CREATED", "CREATED", "DISCARDED", "DISCARDED", "DISCARDED");
        assertThat(entries.get(2).path("error").asText()).isEqualTo(NO_004_LINK);
        // An unknown 852 $b maps to FOLIO's stub id, which inventory storage refuses (RMB's foreign key text).
        assertThat(entries.get(3).path("error").asText()).isEqualTo("Cannot set holdings_record.permanentlocationid "
                + "= fe19bae4-da28-472b-be90-d442e2428ead because it does not exist in location.id.");
        assertThat(entries.get(4).path("error").asText())
                .isEqualTo("Can`t create Holding entity: 'permanentLocationId' is empty");
        assertThat(entries.get(4).path("relatedHoldingsInfo").get(0).path("actionStatus").asText())
                .isEqualTo("DISCARDED");
        assertThat(entries.get(0).path("sourceRecordType").asText()).isEqualTo("MARC_HOLDINGS");

        JsonNode info = entries.get(1).path("relatedHoldingsInfo").get(0);
        assertThat(info.path("actionStatus").asText()).isEqualTo("CREATED");
        assertThat(info.path("hrid").asText()).matches("ho\\d{11}");
        assertThat(info.path("permanentLocationId").asText()).isEqualTo(desmarais);
        String holdingsId = info.path("id").asText();

        JsonNode h = s.get("/holdings-storage/holdings/" + holdingsId).json();
        assertThat(h.path("instanceId").asText()).isEqualTo(instanceId);
        assertThat(h.path("sourceId").asText()).isEqualTo(MARC_HOLDINGS_SOURCE);
        assertThat(h.path("permanentLocationId").asText()).isEqualTo(desmarais);
        assertThat(h.path("hrid").asText()).isEqualTo(info.path("hrid").asText());
        assertThat(h.path("holdingsTypeId").asText()).isEqualTo(SERIAL_HOLDINGS); // Leader/06 y
        JsonNode first = s.get("/holdings-storage/holdings/"
                + entries.get(0).path("relatedHoldingsInfo").get(0).path("id").asText()).json();
        assertThat(first.path("permanentLocationId").asText()).isEqualTo(hrsrh);
        assertThat(first.path("electronicAccess").get(0).path("uri").asText()).startsWith("http://www.novl.ca/");

        // The SRS record: MARC_HOLDING, 001 = holdings HRID, 999 ff $i = holdings id, $s = matched id.
        Api.Reply formatted = s.get("/source-storage/records/" + holdingsId + "/formatted?idType=HOLDINGS");
        assertThat(formatted.status()).as(formatted.body()).isEqualTo(200);
        JsonNode srs = formatted.json();
        assertThat(srs.path("recordType").asText()).isEqualTo("MARC_HOLDING");
        assertThat(srs.path("snapshotId").asText()).isEqualTo(job);
        JsonNode marc = srs.path("parsedRecord").path("content");
        assertThat(field(marc, "001")).isEqualTo(h.path("hrid").asText());
        assertThat(field(marc, "004")).isEqualTo(instanceHrid);
        assertThat(subfield(marc, "999", "i")).isEqualTo(holdingsId);
        assertThat(subfield(marc, "999", "s")).isEqualTo(srs.path("matchedId").asText());
        assertThat(srs.path("externalIdsHolder").path("holdingsId").asText()).isEqualTo(holdingsId);
        assertThat(srs.path("externalIdsHolder").path("holdingsHrid").asText()).isEqualTo(h.path("hrid").asText());
        assertThat(srs.path("id").asText()).isEqualTo(entries.get(1).path("sourceRecordId").asText());

        JsonNode sum = summary(job);
        assertThat(sum.path("holdingSummary").path("totalCreatedEntities").asInt()).isEqualTo(2);
        assertThat(sum.path("holdingSummary").path("totalErrors").asInt()).isEqualTo(3);
        assertThat(sum.path("sourceRecordSummary").path("totalCreatedEntities").asInt()).isEqualTo(2);
        assertThat(sum.path("instanceSummary").path("totalCreatedEntities").asInt()).isZero();
        assertThat(sum.path("totalErrors").asInt()).isEqualTo(3);
        assertThat(log(job, "&entityType=HOLDINGS").path("totalRecords").asInt()).isEqualTo(5);
        // Nothing half-imported: two SRS records, two holdings on the instance.
        assertThat(total("/source-storage/source-records?snapshotId=" + job + "&recordType=MARC_HOLDING&limit=0"))
                .isEqualTo(2);
        assertThat(total("/holdings-storage/holdings?limit=0&query=" + q("instanceId==" + instanceId))).isEqualTo(2);
    }

    @Test
    void evergreenMfhdAsPublished_hasNo004_soEveryRecordIsAnErrorEntry_andTheJobCompletes() throws Exception {
        int before = total("/holdings-storage/holdings?limit=0");
        String job = importFile("evergreen-serials-mfhd.marcxml",
                Files.readAllBytes(HOLDINGS_DIR.resolve("evergreen-serials-mfhd.marcxml")), CREATE_HOLDINGS);
        assertThat(awaitFinished(job).path("status").asText()).isEqualTo("COMMITTED");
        JsonNode entries = log(job, "");
        assertThat(entries.path("totalRecords").asInt()).isEqualTo(7);
        for (JsonNode e : entries.path("entries")) {
            assertThat(e.path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
            assertThat(e.path("error").asText()).isEqualTo(NO_004_LINK);
        }
        assertThat(summary(job).path("totalErrors").asInt()).isEqualTo(7);
        assertThat(total("/holdings-storage/holdings?limit=0")).isEqualTo(before);
        assertThat(total("/source-storage/source-records?snapshotId=" + job + "&recordType=MARC_HOLDING&limit=0"))
                .isZero();
    }

    @Test
    void nlaHoldings_004sNameAnUnknownInstance_thenAKnownOne_1000ErrorsThen1000Holdings() throws Exception {
        byte[] nla = Files.readAllBytes(HOLDINGS_DIR.resolve("nla-marc-holdings-1k.mrc"));
        // Every record's 004 is in00013150298; no such instance yet.
        String job = importFile("nla-marc-holdings-1k.mrc", nla, CREATE_HOLDINGS);
        assertThat(awaitFinished(job).path("status").asText()).isEqualTo("COMMITTED");
        assertThat(summary(job).path("totalErrors").asInt()).isEqualTo(1000);
        assertThat(log(job, "&errorsOnly=true&limit=1").path("entries").get(0).path("error").asText())
                .isEqualTo(NO_004_LINK);

        ObjectNode instance = Json.object().put("hrid", "in00013150298").put("title", "NLA serial").put("source",
                "MARC").put("instanceTypeId", "6312d172-f0cf-40f6-b27d-9fa8feaf332f");
        Api.Reply created = s.post("/instance-storage/instances", instance);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String instanceId = created.json().path("id").asText();
        String qatar = location("qatar,txt");

        String again = importFile("nla-marc-holdings-1k.mrc", nla, CREATE_HOLDINGS);
        assertThat(awaitFinished(again).path("status").asText()).isEqualTo("COMMITTED");
        JsonNode sum = summary(again);
        assertThat(sum.path("holdingSummary").path("totalCreatedEntities").asInt()).isEqualTo(1000);
        assertThat(sum.path("totalErrors").asInt()).isZero();
        assertThat(total("/holdings-storage/holdings?limit=0&query=" + q("instanceId==" + instanceId)))
                .isEqualTo(1000);
        assertThat(total("/holdings-storage/holdings?limit=0&query="
                + q("instanceId==" + instanceId + " and permanentLocationId==" + qatar))).isEqualTo(1000);
        assertThat(total("/source-storage/source-records?snapshotId=" + again + "&recordType=MARC_HOLDING&limit=0"))
                .isEqualTo(1000);
        // HRIDs are distinct: each holdings got its own from the sequence.
        JsonNode entries = log(again, "").path("entries");
        Set<String> hrids = new HashSet<>();
        entries.forEach(e -> hrids.add(e.path("relatedHoldingsInfo").get(0).path("hrid").asText()));
        assertThat(hrids).hasSize(1000);
    }

    @Test
    void mfhdWith999ff_isRefusedWithSrmsMessage() throws Exception {
        List<Record> mfhd = read(HOLDINGS_DIR.resolve("evergreen-serials-mfhd.marcxml"));
        Record r = mfhd.getFirst();
        set004(r, bibHrids.getFirst());
        MarcFactory f = MarcFactory.newInstance();
        DataField ff = f.newDataField("999", 'f', 'f');
        ff.addSubfield(f.newSubfield('s', UUID.randomUUID().toString()));
        r.addVariableField(ff);
        String job = importFile("linked.mrc", iso2709(List.of(r)), CREATE_HOLDINGS);
        awaitFinished(job);
        assertThat(log(job, "").path("entries").get(0).path("error").asText()).isEqualTo(
                "A new MARC-Holding was not created because the incoming record already contained a 999ff$s or "
                        + "999ff$i field");
    }

    // ---- record type against the job profile -----------------------------------------------------------------

    @Test
    void recordsThatDoNotFitTheJobProfile_areErrorEntriesWithSrmsMessage_andNothingIsCreated() throws Exception {
        int instances = total("/instance-storage/instances?limit=0");
        int authorities = total("/authority-storage/authorities?limit=0");
        // MFHDs (Leader/06 x) under the bib profile.
        List<Record> nla = read(HOLDINGS_DIR.resolve("nla-marc-holdings-1k.mrc")).subList(0, 3);
        String job1 = importFile("mfhd-as-bib.mrc", iso2709(nla), CREATE_INSTANCE);
        // Bibs (Leader/06 a) and authorities (z) under the holdings profile, mixed in one file.
        List<Record> mixed = new ArrayList<>(read(Path.of("../shared/data/marc/bib/folio-data-import-100.mrc"))
                .subList(0, 2));
        mixed.addAll(read(AUTHORITY_DIR.resolve("iisg-dutch-authorities-1066.mrc")).subList(0, 2));
        String job2 = importFile("bib-and-authority-as-holdings.mrc", iso2709(mixed), CREATE_HOLDINGS);
        // MFHDs under the authority profile.
        String job3 = importFile("mfhd-as-authority.mrc", iso2709(nla), CREATE_AUTHORITY);
        for (String job : List.of(job1, job2, job3)) {
            assertThat(awaitFinished(job).path("status").asText()).isEqualTo("COMMITTED");
            JsonNode entries = log(job, "").path("entries");
            assertThat(entries).hasSizeGreaterThanOrEqualTo(3);
            for (JsonNode e : entries) {
                assertThat(e.path("sourceRecordActionStatus").asText()).isEqualTo("DISCARDED");
                assertThat(e.path("error").asText()).isEqualTo(WRONG_PROFILE);
            }
            assertThat(summary(job).path("totalErrors").asInt()).isEqualTo(entries.size());
            assertThat(total("/source-storage/source-records?snapshotId=" + job + "&limit=0")).isZero();
        }
        assertThat(DataImportClient.texts(log(job2, "").path("entries"), "sourceRecordType"))
                .containsExactly("MARC_BIBLIOGRAPHIC", "MARC_BIBLIOGRAPHIC", "MARC_AUTHORITY", "MARC_AUTHORITY");
        assertThat(total("/instance-storage/instances?limit=0")).isEqualTo(instances);
        assertThat(total("/authority-storage/authorities?limit=0")).isEqualTo(authorities);
    }

    // ---- MARC authorities ----------------------------------------------------------------------------------------

    @Test
    void lcNameAuthorities_5000_createdWithNaturalIdSourceFileAndSrs_andSearchable() throws Exception {
        String job = importFile("lc-naf-names-5k.mrc", Files.readAllBytes(AUTHORITY_DIR.resolve("lc-naf-names-5k.mrc")),
                CREATE_AUTHORITY);
        JsonNode finished = awaitFinished(job);
        assertThat(finished.path("status").asText()).isEqualTo("COMMITTED");
        assertThat(finished.path("progress").path("total").asInt()).isEqualTo(5000);
        JsonNode sum = summary(job);
        assertThat(sum.path("authoritySummary").path("totalCreatedEntities").asInt())
                .as(log(job, "&errorsOnly=true&limit=3").toString()).isEqualTo(5000);
        assertThat(sum.path("sourceRecordSummary").path("totalCreatedEntities").asInt()).isEqualTo(5000);
        assertThat(sum.path("totalErrors").asInt()).isZero();
        // 80 of the records have Leader/05 d: SRS keeps them but lists them only with deleted=true.
        assertThat(total("/source-storage/source-records?snapshotId=" + job + "&recordType=MARC_AUTHORITY&limit=0"))
                .isEqualTo(4920);
        assertThat(total("/source-storage/source-records?snapshotId=" + job
                + "&recordType=MARC_AUTHORITY&deleted=true&limit=0")).isEqualTo(5000);

        Record firstMarc = read(AUTHORITY_DIR.resolve("lc-naf-names-5k.mrc")).getFirst();
        String f001 = ((ControlField) firstMarc.getVariableField("001")).getData().trim();
        String f010a = ((DataField) firstMarc.getVariableField("010")).getSubfield('a').getData();
        JsonNode entry = log(job, "&limit=1").path("entries").get(0);
        assertThat(entry.path("sourceRecordType").asText()).isEqualTo("MARC_AUTHORITY");
        assertThat(entry.path("relatedAuthorityInfo").path("actionStatus").asText()).isEqualTo("CREATED");
        assertThat(entry.path("relatedAuthorityInfo").path("hridList").get(0).asText()).isEqualTo(f001);
        String authorityId = entry.path("relatedAuthorityInfo").path("idList").get(0).asText();

        JsonNode a = s.get("/authority-storage/authorities/" + authorityId).json();
        assertThat(a.path("source").asText()).isEqualTo("MARC");
        assertThat(a.path("sourceFileId").asText()).isEqualTo(LCNAF);
        assertThat(a.path("naturalId").asText()).isEqualTo(f010a.replaceAll("[^0-9a-zA-Z]", ""));
        String heading = a.path("personalName").asText(a.path("corporateName").asText(a.path("meetingName")
                .asText(a.path("uniformTitle").asText())));
        assertThat(heading).isNotBlank();
        assertThat(entry.path("sourceRecordTitle").asText()).isEqualTo(heading);

        Api.Reply formatted = s.get("/source-storage/records/" + authorityId + "/formatted?idType=AUTHORITY");
        assertThat(formatted.status()).as(formatted.body()).isEqualTo(200);
        JsonNode srs = formatted.json();
        assertThat(srs.path("recordType").asText()).isEqualTo("MARC_AUTHORITY");
        JsonNode marc = srs.path("parsedRecord").path("content");
        assertThat(field(marc, "001").trim()).isEqualTo(f001); // an authority keeps its 001
        assertThat(subfield(marc, "999", "i")).isEqualTo(authorityId);
        assertThat(subfield(marc, "999", "s")).isEqualTo(srs.path("matchedId").asText());
        assertThat(srs.path("externalIdsHolder").path("authorityId").asText()).isEqualTo(authorityId);
        assertThat(srs.path("externalIdsHolder").path("authorityHrid").asText()).isEqualTo(f001);

        // Searchable once the indexer has caught up with the outbox.
        String cql = "naturalId==\"" + a.path("naturalId").asText() + "\"";
        long deadline = System.currentTimeMillis() + 60_000;
        JsonNode found;
        do {
            found = s.get("/search/authorities?query=" + q(cql)).json();
            if (found.path("totalRecords").asInt() >= 1) break;
            Thread.sleep(250);
        } while (System.currentTimeMillis() < deadline);
        assertThat(found.path("totalRecords").asInt()).as(found.toString()).isGreaterThanOrEqualTo(1);
        List<String> ids = new ArrayList<>();
        found.path("authorities").forEach(x -> ids.add(x.path("id").asText()));
        assertThat(ids).contains(authorityId);
    }

    @Test
    void lcshAndIisgAuthorities_allCreated_lcshInItsSourceFile_iisgByIts001() throws Exception {
        String lcsh = importFile("lcsh.mrc", Files.readAllBytes(AUTHORITY_DIR.resolve("lcsh-sample.recs0001-2500.mrc")),
                CREATE_AUTHORITY);
        String iisg = importFile("iisg.mrc", Files.readAllBytes(AUTHORITY_DIR.resolve("iisg-dutch-authorities-1066.mrc")),
                CREATE_AUTHORITY);
        assertThat(awaitFinished(lcsh).path("status").asText()).isEqualTo("COMMITTED");
        assertThat(awaitFinished(iisg).path("status").asText()).isEqualTo("COMMITTED");
        assertThat(summary(lcsh).path("authoritySummary").path("totalCreatedEntities").asInt()).isEqualTo(2500);
        assertThat(summary(lcsh).path("totalErrors").asInt()).isZero();
        assertThat(summary(iisg).path("authoritySummary").path("totalCreatedEntities").asInt()).isEqualTo(1066);
        assertThat(summary(iisg).path("totalErrors").asInt()).isZero();

        String lcshId = log(lcsh, "&limit=1").path("entries").get(0).path("relatedAuthorityInfo").path("idList")
                .get(0).asText();
        JsonNode topical = s.get("/authority-storage/authorities/" + lcshId).json();
        assertThat(topical.path("sourceFileId").asText()).isEqualTo(LCSH);
        assertThat(topical.path("naturalId").asText()).startsWith("sh");

        Record iisgFirst = read(AUTHORITY_DIR.resolve("iisg-dutch-authorities-1066.mrc")).getFirst();
        String f001 = ((ControlField) iisgFirst.getVariableField("001")).getData();
        String iisgId = log(iisg, "&limit=1").path("entries").get(0).path("relatedAuthorityInfo").path("idList")
                .get(0).asText();
        JsonNode dutch = s.get("/authority-storage/authorities/" + iisgId).json();
        assertThat(dutch.path("naturalId").asText()).isEqualTo(f001.replaceAll("[^0-9a-zA-Z]", ""));
        assertThat(dutch.path("source").asText()).isEqualTo("MARC");
    }

    @Test
    void malformedAuthorityFile_badRecordsAreErrorEntries_validOnesAreCreated() throws Exception {
        List<Record> good = read(AUTHORITY_DIR.resolve("iisg-dutch-authorities-1066.mrc")).subList(10, 13);
        byte[] valid = iso2709(good);
        // One record's leader says it is 99999 bytes long and its directory is garbage.
        byte[] broken = "99999cz  a2200000n  4500GARBAGE-NOT-A-DIRECTORY\u001e\u001d".getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(valid, 0, valid.length);
        file.write(broken);
        // And one already linked to an authority.
        Record linked = read(AUTHORITY_DIR.resolve("iisg-dutch-authorities-1066.mrc")).get(20);
        MarcFactory f = MarcFactory.newInstance();
        DataField ff = f.newDataField("999", 'f', 'f');
        ff.addSubfield(f.newSubfield('i', UUID.randomUUID().toString()));
        linked.addVariableField(ff);
        file.write(iso2709(List.of(linked)));

        String job = importFile("broken-authorities.mrc", file.toByteArray(), CREATE_AUTHORITY);
        assertThat(awaitFinished(job).path("status").asText()).isEqualTo("COMMITTED");
        JsonNode sum = summary(job);
        assertThat(sum.path("authoritySummary").path("totalCreatedEntities").asInt()).isEqualTo(3);
        assertThat(sum.path("totalErrors").asInt()).isGreaterThanOrEqualTo(2);
        JsonNode errors = log(job, "&errorsOnly=true").path("entries");
        assertThat(DataImportClient.texts(errors, "error")).contains(
                "A new MARC-Authority was not created because the incoming record already contained a 999ff$s or "
                        + "999ff$i field");
        for (JsonNode e : errors) assertThat(e.path("error").asText()).isNotBlank();
        assertThat(total("/source-storage/source-records?snapshotId=" + job + "&recordType=MARC_AUTHORITY&limit=0"))
                .isEqualTo(3);
    }
}
