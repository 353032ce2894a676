package org.quire.search;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.app.QuireServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.Json;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The authority index across restarts, as SearchRestartTest for instances: an authority committed with its outbox
 * event but not indexed when the process died is indexed at the next start, and a lost authority index is rebuilt
 * from authority-storage's rows at start; {@code quire reindex} rebuilds it offline.
 */
class AuthorityIndexRestartTest {

    static long total(QuireServer server, String cql) {
        Api.Reply r = new Api("http://localhost:" + server.port()).login("arestart", "admin", "pw")
                .get("/search/authorities?query=" + java.net.URLEncoder.encode(cql, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("totalRecords").asLong();
    }

    static long awaitTotal(QuireServer server, String cql, long expected) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000, n;
        do {
            n = total(server, cql);
            if (n == expected) return n;
            Thread.sleep(50);
        } while (System.currentTimeMillis() < deadline);
        return n;
    }

    @Test
    void undeliveredAuthorityWritesAreIndexed_andALostAuthorityIndexIsRebuilt() throws Exception {
        Path dir = Files.createTempDirectory("quire-authority-restart");
        QuireConfig config = new QuireConfig(0, dir, null, null, null, 4, false, false);
        try (QuireServer first = QuireServer.start(config)) {
            first.installer().install("arestart", "Authority restart", new TenantInstaller.Options(true, false, "admin", "pw"));
            Api.Session s = new Api("http://localhost:" + first.port()).login("arestart", "admin", "pw");
            Api.Reply r = s.post("/authority-storage/authorities", Json.object().put("source", "MARC")
                    .put("naturalId", "n  00088152").put("personalName", "Kii, Pius B."));
            assertThat(r.status()).as(r.body()).isEqualTo(201);
            assertThat(awaitTotal(first, "keyword all pius", 1)).isEqualTo(1);
        }

        // "Crash" between commit and indexing: a committed authority whose outbox event was never delivered.
        UUID id = UUID.randomUUID();
        String schema = Tenants.schema("arestart");
        try (Database db = Database.start(config)) {
            db.tx(c -> {
                Sql.update(c, "INSERT INTO " + schema + ".authority (id, jsonb, natural_id, source) VALUES (?, ?, "
                        + "'n  00076289', 'MARC')", List.of(id, new Sql.Json(Json.object().put("id", id.toString())
                        .put("naturalId", "n  00076289").put("source", "MARC").put("personalName", "Rubin, Rachel, 1964-")
                        .toString())));
                return Sql.update(c, "INSERT INTO " + schema + ".outbox (topic, record_id, payload) VALUES "
                        + "('authority.authority', ?, '{\"type\":\"CREATED\"}'::jsonb)", List.of(id));
            });
        }
        try (QuireServer second = QuireServer.start(config)) {
            assertThat(total(second, "keyword all pius")).as("committed before the stop").isEqualTo(1);
            assertThat(awaitTotal(second, "keyword all rubin", 1)).as("delivered after the restart").isEqualTo(1);
        }

        String cluster = QuireConfig.searchUrl(); // the OpenSearch run's node, or null
        if (cluster == null) {
            try (var files = Files.walk(dir.resolve("search").resolve("arestart").resolve("authority"))) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        } else { // the alias's index: deleting it removes the alias too
            assertThat(SearchRestartTest.openSearch("DELETE", cluster + "/quire_arestart_authority_*", null))
                    .isEqualTo(200);
        }
        try (QuireServer third = QuireServer.start(config)) {
            assertThat(total(third, "keyword all pius or keyword all rubin")).as("rebuilt at start").isEqualTo(2);
        }

        // quire reindex rebuilds the authority index too (server stopped)
        java.io.PrintStream stdout = System.out;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(captured, true));
        int code;
        try {
            code = org.quire.Quire.commandLine().execute("reindex", "--data-dir", dir.toString(), "--tenant", "arestart");
        } finally {
            System.setOut(stdout);
        }
        assertThat(code).isZero();
        assertThat(captured.toString()).contains("arestart: 2 authorities indexed");
        try (QuireServer fourth = QuireServer.start(config)) {
            assertThat(total(fourth, "cql.allRecords=1")).isEqualTo(2);
        }
    }
}
