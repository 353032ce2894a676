package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every input format over HTTP (issue 14 "Formats" and "Must show"): ISO 2709 in MARC-8 converted to UTF-8,
 * MARC-in-JSON as one object, an array and one object per line, and each file of shared/data/marc/edge-cases —
 * every entry of the file has one journal entry; a malformed record is DISCARDED with the reason (bad leader, bad
 * directory, invalid encoding, oversize field) and, where its frame allows, its 001; every valid record is imported;
 * the job is COMMITTED with exact counts. (ISO 2709 UTF-8 and MARCXML: ImportPipelineTest.)
 */
class ImportFormatsTest {
    static final Path EDGE = Path.of("../shared/data/marc/edge-cases");
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("data_import_formats");
    }

    /** Imports the bytes with the default create-instance profile; the finished job's journal, in file order. */
    static List<JsonNode> importAndLog(String name, byte[] bytes, int entries) throws Exception {
        String jobId = DataImportClient.importFile(s, name, bytes, ImportPipelineTest.CREATE_INSTANCE);
        JsonNode job = DataImportClient.awaitFinished(s, jobId);
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("COMMITTED");
        assertThat(job.path("progress").path("current").asInt()).isEqualTo(entries);
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(entries);
        JsonNode log = DataImportClient.log(s, jobId, "");
        assertThat(log.path("totalRecords").asInt()).as(log.toString()).isEqualTo(entries);
        List<JsonNode> out = new ArrayList<>();
        log.path("entries").forEach(out::add);
        for (int i = 0; i < out.size(); i++) assertThat(out.get(i).path("sourceRecordOrder").asInt()).isEqualTo(i);
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        long created = out.stream().filter(e -> e.path("sourceRecordActionStatus").asText().equals("CREATED")).count();
        assertThat(summary.path("instanceSummary").path("totalCreatedEntities").asInt()).isEqualTo((int) created);
        assertThat(summary.path("totalErrors").asInt()).isEqualTo(entries - (int) created);
        assertThat(s.get("/source-storage/source-records?snapshotId=" + jobId + "&limit=0").json()
                .path("totalRecords").asInt()).as("SRS records: the created ones only").isEqualTo((int) created);
        return out;
    }

    static String status(JsonNode entry) {
        return entry.path("sourceRecordActionStatus").asText();
    }

    static JsonNode instance(JsonNode entry) {
        String id = entry.path("relatedInstanceInfo").path("idList").get(0).asText();
        return s.get("/instance-storage/instances/" + id).json();
    }

    @Test
    void marc8File_convertedToUtf8_diacriticsAsComposedCharacters() throws Exception {
        List<JsonNode> log = importAndLog("french.mrc",
                Files.readAllBytes(Path.of("../shared/data/marc/bib/evergreen-lul-french-500.marc8.mrc")), 500);
        assertThat(log).allMatch(e -> status(e).equals("CREATED"));
        // "é" is U+00E9, not "e" and a combining accent, nor MARC-8 bytes read as Latin-1.
        assertThat(instance(log.get(1)).path("title").asText())
                .isEqualTo("Le divin : exp\u00e9riences et hypoth\u00e8ses : \u00e9tudes psychologiques.");
        assertThat(log).allMatch(e -> e.path("sourceRecordTitle").asText().equals(java.text.Normalizer.normalize(
                e.path("sourceRecordTitle").asText(), java.text.Normalizer.Form.NFC)));
    }

    static final String JSON_RECORD = "{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":[{\"001\":\"json-%d\"},"
            + "{\"008\":\"200101s2020    xxu           000 0 eng d\"},{\"245\":{\"ind1\":\"1\",\"ind2\":\"0\",\"subfields\":[{\"a\":\"Caf\u00e9 in JSON %d /\"},"
            + "{\"c\":\"Someone.\"}]}}]}";

    static String jsonRecord(int n) {
        return JSON_RECORD.formatted(n, n);
    }

    @Test
    void marcInJson_oneObject_isImported() throws Exception {
        List<JsonNode> log = importAndLog("one.json", jsonRecord(1).getBytes(StandardCharsets.UTF_8), 1);
        assertThat(status(log.get(0))).isEqualTo("CREATED");
        assertThat(instance(log.get(0)).path("title").asText()).isEqualTo("Caf\u00e9 in JSON 1 / Someone.");
        String id = log.get(0).path("relatedInstanceInfo").path("idList").get(0).asText();
        JsonNode marc = s.get("/source-storage/records/" + id + "/formatted?idType=INSTANCE").json()
                .path("parsedRecord").path("content");
        assertThat(DataImportClient.subfield(marc, "245", "c")).isEqualTo("Someone.");
        assertThat(DataImportClient.subfield(marc, "035", "a")).isEqualTo("json-1");
    }

    @Test
    void marcInJson_arrayWithAMalformedEntry_errorEntryNamesIt_theOthersAreImported() throws Exception {
        String body = "[" + jsonRecord(1) + ",{\"fields\":[]}," + jsonRecord(3) + ",{\"leader\":\"00000nam a2200000 a 4500\","
                + "\"fields\":[{\"245\":{\"ind1\":\"1\",\"ind2\":\"0\",\"subfields\":\"not an array\"}}]}]";
        List<JsonNode> log = importAndLog("array.json", body.getBytes(StandardCharsets.UTF_8), 4);
        assertThat(log).extracting(ImportFormatsTest::status).containsExactly("CREATED", "DISCARDED", "CREATED",
                "DISCARDED");
        assertThat(log.get(1).path("error").asText())
                .isEqualTo("invalid MARC-in-JSON: MARC-in-JSON leader must be a string of 24 characters");
        assertThat(log.get(3).path("error").asText())
                .isEqualTo("invalid MARC-in-JSON: MARC field 245 must have a subfields array");
        assertThat(instance(log.get(2)).path("title").asText()).isEqualTo("Caf\u00e9 in JSON 3 / Someone.");
    }

    @Test
    void marcInJson_onePerLine_aSyntaxErrorEndsTheFileWithOneErrorEntry() throws Exception {
        String body = jsonRecord(1) + "\n" + jsonRecord(2) + "\n{\"leader\": oops}\n" + jsonRecord(4) + "\n";
        List<JsonNode> log = importAndLog("lines.ndjson", body.getBytes(StandardCharsets.UTF_8), 3);
        assertThat(log).extracting(ImportFormatsTest::status).containsExactly("CREATED", "CREATED", "DISCARDED");
        assertThat(log.get(2).path("error").asText()).startsWith("MARC-in-JSON parse error: Unrecognized token 'oops'");
    }

    @Test
    void marcXml_withAFieldTooLongForIso2709_isAnOversizeFieldErrorEntry() throws Exception {
        String record = "<record><leader>00000nam a2200000 a 4500</leader><controlfield tag=\"001\">x%d</controlfield>"
                + "<controlfield tag=\"008\">200101s2020    xxu           000 0 eng d</controlfield>"
                + "<datafield tag=\"245\" ind1=\"0\" ind2=\"0\"><subfield code=\"a\">Title %d</subfield></datafield>"
                + "%s</record>";
        String note = "<datafield tag=\"500\" ind1=\" \" ind2=\" \"><subfield code=\"a\">" + "x".repeat(12_000)
                + "</subfield></datafield>";
        String xml = "<collection xmlns=\"http://www.loc.gov/MARC21/slim\">" + record.formatted(1, 1, "")
                + record.formatted(2, 2, note) + record.formatted(3, 3, "") + "</collection>";
        List<JsonNode> log = importAndLog("oversize.xml", xml.getBytes(StandardCharsets.UTF_8), 3);
        assertThat(log).extracting(ImportFormatsTest::status).containsExactly("CREATED", "DISCARDED", "CREATED");
        assertThat(log.get(1).path("error").asText()).isEqualTo(
                "oversize field: field 500 has 12005 bytes in UTF-8, more than the 9999 ISO 2709 allows");
    }

    // ---- shared/data/marc/edge-cases, each file ---------------------------------------------------------------

    static List<JsonNode> edge(String file, int entries) throws Exception {
        return importAndLog(file, Files.readAllBytes(EDGE.resolve(file)), entries);
    }

    @Test
    void edgeCase_badRecords_badLeadersAndDirectoriesAreNamed_theValidRecordsReachMapping() throws Exception {
        // Records 1 and 8 are sound MARC but have only a 245: no 008 (whose rule gives the unspecified instance type
        // when there is no 336) and no 336, so the default rules give no instanceTypeId, which inventory requires.
        String noType = "instanceTypeId: must not be null";
        List<JsonNode> log = edge("pymarc-bad_records.mrc", 8);
        assertThat(log).extracting(ImportFormatsTest::status).containsOnly("DISCARDED");
        assertThat(log).extracting(e -> e.path("error").asText()).containsExactly(noType,
                "bad leader: the base address of data 99937 is outside the record (25 to 126)",
                "bad leader: the base address of data 0 is outside the record (25 to 126)",
                "bad directory: its 13 bytes are not a whole number of 12-byte entries",
                "bad directory: its 13 bytes are not a whole number of 12-byte entries",
                "bad leader: the base address of data 'f0037' is not five digits",
                "bad directory: the record has no fields", noType);
        assertThat(log.get(0).path("sourceRecordTitle").asText()).startsWith("The pragmatic programmer");
    }

    @Test
    void edgeCase_badEaccEncoding_isAnInvalidEncodingErrorNamingTheRecord() throws Exception {
        JsonNode e = edge("pymarc-bad_eacc_encoding.dat", 1).get(0);
        assertThat(status(e)).isEqualTo("DISCARDED");
        assertThat(e.path("error").asText()).startsWith("invalid encoding: field 880").endsWith("(001 ocn503001208)");
        assertThat(e.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("DISCARDED");
    }

    @Test
    void edgeCase_badMarc8Escape_isAnInvalidEncodingErrorNamingTheRecord() throws Exception {
        JsonNode e = edge("pymarc-bad_marc8_escape.dat", 1).get(0);
        assertThat(status(e)).isEqualTo("DISCARDED");
        assertThat(e.path("error").asText()).startsWith("invalid encoding: the MARC-8 text cannot be converted")
                .endsWith("(001 2429943)");
    }

    @Test
    void edgeCase_badSubfieldCode_whoseLengthsCountCharacters_isABadLeader() throws Exception {
        JsonNode e = edge("pymarc-bad_subfield_code.dat", 1).get(0);
        assertThat(status(e)).isEqualTo("DISCARDED");
        assertThat(e.path("error").asText()).isEqualTo("bad leader: the record length says 755 bytes but the record has 756");
    }

    @Test
    void edgeCase_badTagInTheDirectory_isABadDirectory() throws Exception {
        JsonNode e = edge("pymarc-bad_indicator.dat", 1).get(0);
        assertThat(status(e)).isEqualTo("DISCARDED");
        assertThat(e.path("error").asText()).isEqualTo("bad directory: entry 1 has the tag '0 2', not three letters or digits");
    }

    @Test
    void edgeCase_alphabeticTags_andReplacementCharacterCode_areImported() throws Exception {
        assertThat(instance(edge("pymarc-alphatag.dat", 1).get(0)).path("title").asText())
                .startsWith("Chemistry experiments for children");
        assertThat(instance(edge("pymarc-utf8_invalid.mrc", 1).get(0)).path("title").asText())
                .startsWith("The coming revolution in teacher licensure");
    }

    @Test
    void everyEdgeCaseFile_isCoveredAbove() throws Exception {
        try (var files = Files.list(EDGE)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "pymarc-alphatag.dat", "pymarc-bad_eacc_encoding.dat", "pymarc-bad_indicator.dat",
                    "pymarc-bad_marc8_escape.dat", "pymarc-bad_records.mrc", "pymarc-bad_subfield_code.dat",
                    "pymarc-utf8_invalid.mrc");
        }
    }
}
