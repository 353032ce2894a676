package org.quire.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marc4j.MarcStreamReader;
import org.quire.Api;
import org.quire.Fixtures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code quire export} against the tests' running server: the data-export flow over HTTP, the progress line, the
 * file written (ISO 2709 or MARCXML) and the exit codes (0 all exported, 1 records failed, 2 bad usage or no server).
 */
class ExportCommandTest {
    static final String TENANT = "cli_export";
    static Api.Session s;

    record Cli(int code, String out, String err) {
    }

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
    }

    static Cli run(String... args) {
        org.quire.CliRun r = org.quire.CliRun.client("export", TENANT, args);
        return new Cli(r.code(), r.out(), r.err());
    }

    static int records(Path file) throws Exception {
        int n = 0;
        try (var in = Files.newInputStream(file)) {
            MarcStreamReader r = new MarcStreamReader(in, "UTF-8");
            while (r.hasNext()) {
                r.next();
                n++;
            }
        }
        return n;
    }

    @Test
    void exportsByIds_toMarc_exit0_andByCql_toMarcXml(@TempDir Path dir) throws Exception {
        String a = Fixtures.instance(s, "Export me " + UUID.randomUUID());
        String b = Fixtures.instance(s, "Export me too " + UUID.randomUUID());
        Path ids = dir.resolve("ids.csv");
        Files.writeString(ids, a + "\n" + b + "\n");
        Path out = dir.resolve("out.mrc");
        Cli r = run("--ids", ids.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).containsPattern("COMPLETED: 2 exported, 0 failed of 2 in [0-9.]+ s, job [0-9a-f-]{36}")
                .contains("written to " + out);
        assertThat(records(out)).isEqualTo(2);

        Path xml = dir.resolve("out.xml");
        Cli q = run("--cql", "id==" + a, "--format", "marcxml", "--out", xml.toString());
        assertThat(q.code()).as(q.out() + q.err()).isZero();
        assertThat(Files.readString(xml)).startsWith("<?xml").contains(a);
    }

    @Test
    void someIdsFailed_exit1_withTheirErrors(@TempDir Path dir) throws Exception {
        String a = Fixtures.instance(s, "Exported " + UUID.randomUUID());
        Path ids = dir.resolve("ids.csv");
        Files.writeString(ids, a + "\nbogus\n");
        Cli r = run("--ids", ids.toString(), "--out", dir.resolve("x.mrc").toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("COMPLETED_WITH_ERRORS: 1 exported, 1 failed of 2")
                .contains("Invalid UUID format: bogus");
    }

    @Test
    void badUsage_badQuery_andNoServer_exit2_inOneLine(@TempDir Path dir) throws Exception {
        Cli neither = run();
        assertThat(neither.code()).isEqualTo(2);
        assertThat(neither.err()).isEqualTo("quire export: give either --cql QUERY or --ids FILE\n");
        assertThat(run("--ids", dir.resolve("missing.csv").toString()).err()).contains("no such file");
        assertThat(run("--cql", "x", "--format", "pdf").err()).contains("--format: 'pdf' is not one of marc, marcxml");
        Cli badCql = run("--cql", "title=(((");
        assertThat(badCql.code()).isEqualTo(2);
        assertThat(badCql.err()).contains("Invalid CQL syntax");
        int port;
        try (var socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Cli noServer = run("--cql", "id==x", "--url", "http://localhost:" + port);
        assertThat(noServer.code()).isEqualTo(2);
        assertThat(noServer.err()).contains("cannot reach Quire");
    }
}
