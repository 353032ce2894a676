package org.quire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marc4j.MarcJsonWriter;
import org.marc4j.MarcStreamReader;
import org.quire.Api;
import org.quire.Fixtures;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quire import} against the tests' running server, as a librarian runs it: the FOLIO flow over HTTP, the
 * progress line, the summary and the exit codes (0 all imported, 1 records failed, 2 bad usage or no server).
 */
class ImportCommandTest {
    static final String TENANT = "cli_import";
    static final Path BIB = Path.of("../shared/data/marc/bib/folio-data-import-100.mrc");
    static final Path BAD = Path.of("../shared/data/marc/edge-cases/pymarc-bad_records.mrc");
    static final Path XML = Path.of("../shared/data/marc/bib/marc2bibframe2-nlm.marcxml");
    static Api.Session s;

    record Cli(int code, String out, String err) {
    }

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
    }

    /** quire import with the test tenant's server and admin, unless {@code args} give their own. */
    static Cli run(String... args) {
        org.quire.CliRun r = org.quire.CliRun.client("import", TENANT, args);
        return new Cli(r.code(), r.out(), r.err());
    }

    static String jobId(String out) {
        Matcher m = Pattern.compile("job ([0-9a-f-]{36})").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return m.group(1);
    }

    @Test
    void importsAFile_asAFolioJob_withProgressAndSummary_exit0() {
        Cli r = run(BIB.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("Importing 1 file into tenant cli_import with the job profile "
                        + "\"Default - Create instance and SRS MARC Bib\"")
                .containsPattern("folio-data-import-100.mrc \\[#{20}] 100% 100/100 ")
                .containsPattern("folio-data-import-100.mrc: COMMITTED, 100 records in [0-9.]+ s \\([0-9,]+ records/s\\)")
                .contains("MARC records: created 100, updated 0, discarded 0")
                .contains("instances:    created 100, updated 0, discarded 0")
                .contains("errors: 0").doesNotContain("holdings:");
        // The job is an ordinary job of the tenant: the Data import app lists it with its file and profile.
        JsonNode job = s.get("/change-manager/jobExecutions/" + jobId(r.out())).json();
        assertThat(job.path("status").asText()).isEqualTo("COMMITTED");
        assertThat(job.path("fileName").asText()).isEqualTo("folio-data-import-100.mrc");
        assertThat(job.path("jobProfileInfo").path("name").asText()).isEqualTo("Default - Create instance and SRS MARC Bib");
        assertThat(job.path("progress").path("total").asInt()).isEqualTo(100);
        assertThat(s.get("/source-storage/source-records?snapshotId=" + job.path("id").asText() + "&limit=0").json()
                .path("totalRecords").asInt()).isEqualTo(100);
    }

    @Test
    void profileByExactName_severalFiles_marcXml_oneJobEach() {
        Cli r = run("--profile", "Default - Create instance and SRS MARC Bib", BIB.toString(), XML.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Importing 2 files").contains("folio-data-import-100.mrc: COMMITTED")
                .contains("marc2bibframe2-nlm.marcxml: COMMITTED");
        assertThat(Pattern.compile("job [0-9a-f-]{36}").matcher(r.out()).results().count()).isEqualTo(2);
    }

    @Test
    void marcInJson_isConvertedAndImported(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("hundred.json");
        try (FileInputStream in = new FileInputStream(BIB.toFile()); FileOutputStream os = new FileOutputStream(json.toFile())) {
            MarcStreamReader reader = new MarcStreamReader(in, "UTF-8");
            MarcJsonWriter writer = new MarcJsonWriter(os, MarcJsonWriter.MARC_IN_JSON);
            while (reader.hasNext()) writer.write(reader.next());
            writer.close();
        }
        Cli r = run("--format", "json", json.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("hundred.json: COMMITTED, 100 records").contains("instances:    created 100");
        JsonNode job = s.get("/change-manager/jobExecutions/" + jobId(r.out())).json();
        assertThat(job.path("fileName").asText()).isEqualTo("hundred.json");
    }

    @Test
    void malformedRecords_exit1_withTheFirstErrors_validRecordsImported(@TempDir Path dir) throws Exception {
        // 100 good records, then pymarc's malformed ones
        Path mixed = dir.resolve("mixed.mrc");
        Files.write(mixed, Files.readAllBytes(BIB));
        Files.write(mixed, Files.readAllBytes(BAD), java.nio.file.StandardOpenOption.APPEND);
        Cli r = run(mixed.toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        String jobId = jobId(r.out());
        JsonNode summary = s.get("/metadata-provider/jobSummary/" + jobId).json();
        long errors = summary.path("totalErrors").asLong();
        long created = summary.path("instanceSummary").path("totalCreatedEntities").asLong();
        assertThat(errors).isPositive();
        assertThat(created).isEqualTo(100);
        assertThat(r.out()).contains("mixed.mrc: COMMITTED")
                .contains("instances:    created " + created + ",").contains("errors: " + errors)
                .containsPattern("failed records:\\n    record [0-9]+[^\\n]*: \\S+");
        JsonNode first = s.get("/metadata-provider/jobLogEntries/" + jobId + "?errorsOnly=true&limit=1").json()
                .path("entries").get(0);
        assertThat(r.out()).contains("record " + (first.path("sourceRecordOrder").asInt() + 1))
                .contains(first.path("error").asText());
    }

    @Test
    void unknownProfile_byNameOrId_exit2_nothingUploaded() {
        long jobsBefore = s.get("/metadata-provider/jobExecutions?limit=0").json().path("totalRecords").asLong();
        Cli byName = run("--profile", "No such profile", BIB.toString());
        assertThat(byName.code()).isEqualTo(2);
        assertThat(byName.err().strip()).isEqualTo("quire import: no job profile named 'No such profile' (give its "
                + "exact name or id)");
        Cli byId = run("--profile", "0b9c5d2e-1f3a-4e6b-8c7d-9a0b1c2d3e4f", BIB.toString());
        assertThat(byId.code()).isEqualTo(2);
        assertThat(byId.err().strip()).isEqualTo("quire import: no job profile with id 0b9c5d2e-1f3a-4e6b-8c7d-9a0b1c2d3e4f");
        assertThat(s.get("/metadata-provider/jobExecutions?limit=0").json().path("totalRecords").asLong())
                .isEqualTo(jobsBefore);
    }

    @Test
    void missingFile_exit2_beforeContactingTheServer() {
        Cli r = run(BIB.toString(), "no/such/file.mrc");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("quire import: cannot read no/such/file.mrc: no such file");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void serverDown_exit2_oneLine() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Cli r = run("--url", "http://localhost:" + port, BIB.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("quire import: cannot reach Quire at http://localhost:" + port
                + " (is it running? start it with ./quire serve)");
    }

    @Test
    void badUsage_exit2() {
        Cli format = run("--format", "pdf", BIB.toString());
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err().strip()).isEqualTo("quire import: --format: 'pdf' is not one of auto, marc, marcxml, json");

        Cli mismatch = run("--format", "marcxml", BIB.toString());
        assertThat(mismatch.code()).isEqualTo(2);
        assertThat(mismatch.err().strip()).isEqualTo("quire import: " + BIB + " looks like ISO 2709 MARC, not MARCXML "
                + "(--format marcxml)");

        Cli login = run("--password", "wrong", BIB.toString());
        assertThat(login.code()).isEqualTo(2);
        assertThat(login.err().strip()).startsWith("quire import: cannot log in as cli_import_admin to tenant "
                + "cli_import: HTTP 422");

        Cli url = run("--url", "not a url", BIB.toString());
        assertThat(url.code()).isEqualTo(2);
        assertThat(url.err()).startsWith("quire import: --url: 'not a url' is not a URL");

        Cli noFile = run();
        assertThat(noFile.code()).isEqualTo(2);
        assertThat(noFile.err()).contains("Missing required parameter: 'FILE'");
    }

    @Test
    void emptyFile_exit2(@TempDir Path dir) throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.mrc"));
        Cli r = run(empty.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("quire import: " + empty + " is empty");
    }
}
