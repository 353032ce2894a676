package org.quire.search;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.Quire;
import org.quire.app.QuireServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.Json;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The index across restarts: committed documents survive; a write committed with its outbox event but not yet
 * indexed when the process died is indexed at the next start (nothing lost between commit and indexing), and a
 * resource-ids job it interrupted ends in ERROR; a lost
 * index is rebuilt at start; {@code quire reindex} rebuilds it offline.
 */
class SearchRestartTest {

    static long total(QuireServer server, String cql) {
        Api api = new Api("http://localhost:" + server.port());
        Api.Reply r = api.login("srestart", "admin", "pw").get("/search/instances?query="
                + java.net.URLEncoder.encode(cql, java.nio.charset.StandardCharsets.UTF_8));
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

    /** An instance row and its outbox event, written straight through SQL (as if by a process that then died). */
    private static int committedInstance(java.sql.Connection c, String schema, UUID id, String hrid, String title,
            boolean delivered) throws java.sql.SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                + "VALUES (?, ?, ?, ?, 'FOLIO', ?)", List.of(id, new Sql.Json(Json.object().put("id", id.toString())
                .put("title", title).put("hrid", hrid).put("source", "FOLIO").put("instanceTypeId", Fixtures.TEXT_TYPE)
                .toString()), hrid, title, UUID.fromString(Fixtures.TEXT_TYPE)));
        return Sql.update(c, "INSERT INTO " + schema + ".outbox (topic, record_id, payload, delivered) VALUES "
                + "('inventory.instance', ?, '{\"type\":\"CREATED\"}'::jsonb, ?)", List.of(id, delivered));
    }

    @Test
    void committedDocumentsSurvive_undeliveredWritesAreIndexed_lostIndexRebuilt_andCliReindexes() throws Exception {
        Path dir = Files.createTempDirectory("quire-search-restart");
        QuireConfig config = new QuireConfig(0, dir, null, null, null, 4, false, false);
        try (QuireServer first = QuireServer.start(config)) {
            first.installer().install("srestart", "Search restart", new TenantInstaller.Options(true, false, "admin", "pw"));
            Api.Session s = new Api("http://localhost:" + first.port()).login("srestart", "admin", "pw");
            Fixtures.instance(s, "Pangolin ecology");
            assertThat(awaitTotal(first, "title all pangolin", 1)).isEqualTo(1);
        }

        // "Crash" between commit and indexing: a committed instance whose outbox event was never delivered.
        UUID id = UUID.randomUUID(), applied = UUID.randomUUID(), job = UUID.randomUUID();
        String schema = Tenants.schema("srestart");
        try (Database db = Database.start(config)) {
            db.tx(c -> {
                committedInstance(c, schema, id, "inrestart1", "Narwhal migrations", false);
                // … and one the index applied but had not yet made durable (its flush comes every few seconds): the
                // event is still in the outbox, marked delivered, and must be delivered again.
                committedInstance(c, schema, applied, "inrestart2", "Okapi habitats", true);
                // … and a resource-ids job the crash interrupted: saved IN_PROGRESS, its ids never stored
                SearchStore.insertJob(c, schema, new SearchStore.IdsJob(job, "title all pangolin", "INSTANCE",
                        "IN_PROGRESS", java.time.Instant.now()));
                return null;
            });
        }
        try (QuireServer second = QuireServer.start(config)) {
            Api.Session s = new Api("http://localhost:" + second.port()).login("srestart", "admin", "pw");
            Api.Reply interrupted = s.get("/search/resources/jobs/" + job);
            assertThat(interrupted.status()).as(interrupted.body()).isEqualTo(200);
            assertThat(interrupted.json().path("status").asText()).as("a job no thread runs any more").isEqualTo("ERROR");
            assertThat(s.get("/search/resources/jobs/" + job + "/ids").status()).isEqualTo(400);
            assertThat(total(second, "title all pangolin")).as("committed before the stop").isEqualTo(1);
            assertThat(awaitTotal(second, "title all narwhal", 1)).as("delivered after the restart").isEqualTo(1);
            assertThat(awaitTotal(second, "title all okapi", 1)).as("applied, not flushed: delivered again").isEqualTo(1);
        }

        // A lost index is rebuilt from the rows at the next start.
        String cluster = QuireConfig.searchUrl(); // the OpenSearch engine (-Dquire.test.opensearch=true) or null
        if (cluster == null) {
            try (var files = Files.walk(dir.resolve("search"))) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        } else {
            // the alias's index (quire_srestart_instance_<millis>): deleting it removes the alias too
            assertThat(openSearch("DELETE", cluster + "/quire_srestart_instance_*", null)).isEqualTo(200);
        }
        try (QuireServer third = QuireServer.start(config)) {
            assertThat(total(third, "title all pangolin or title all narwhal or title all okapi")).isEqualTo(3);
        }

        StringWriter out = new StringWriter();
        java.io.PrintStream stdout = System.out;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(captured, true));
        int code;
        try {
            var cli = Quire.commandLine();
            cli.setErr(new PrintWriter(out));
            code = cli.execute("reindex", "--data-dir", dir.toString(), "--tenant", "srestart");
        } finally {
            System.setOut(stdout);
        }
        assertThat(code).as(out.toString()).isZero();
        assertThat(captured.toString()).contains("srestart [####################] 100% 3/3")
                .contains("srestart: 3 instances indexed");
        try (QuireServer fourth = QuireServer.start(config)) {
            assertThat(total(fourth, "cql.allRecords=1")).isEqualTo(3);
        }
        assertThat(Quire.commandLine().execute("reindex", "--data-dir", dir.toString(), "--tenant", "nosuch"))
                .isEqualTo(2);

        // An index written by an older Quire (another document version) is rebuilt at start, not served as it is:
        // here it holds one stray document and says it is of version "old".
        if (cluster != null) {
            String index = cluster + "/quire_srestart_instance";
            assertThat(openSearch("PUT", index + "/_doc/" + UUID.randomUUID() + "?refresh=true", "{\"q\":{}}"))
                    .isEqualTo(201);
            assertThat(openSearch("PUT", index + "/_mapping", "{\"_meta\":{\"documentVersion\":\"old\"}}"))
                    .isEqualTo(200);
        } else try (var w = new org.apache.lucene.index.IndexWriter(
                org.apache.lucene.store.FSDirectory.open(dir.resolve("search").resolve("srestart").resolve("instance")),
                new org.apache.lucene.index.IndexWriterConfig())) {
            w.deleteAll();
            var stray = new org.apache.lucene.document.Document();
            stray.add(new org.apache.lucene.document.StringField(LuceneDocuments.ID, UUID.randomUUID().toString(),
                    org.apache.lucene.document.Field.Store.YES));
            w.addDocument(stray);
            w.setLiveCommitData(java.util.Map.of("quire.documentVersion", "old").entrySet());
            w.commit();
        }
        try (QuireServer fifth = QuireServer.start(config)) {
            assertThat(fifth.indexes().of("srestart").documentVersion()).isEqualTo(InstanceDocument.VERSION);
            assertThat(total(fifth, "title all pangolin or title all narwhal or title all okapi")).isEqualTo(3);
            assertThat(fifth.indexes().of("srestart").count()).as("the stray document is gone").isEqualTo(3);
        }
    }

    /** A call to the OpenSearch cluster itself (what an operator's curl would do): its status. */
    static int openSearch(String method, String uri, String body) throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(uri))
                .header("Content-Type", "application/json")
                .method(method, body == null ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(body)).build();
        return java.net.http.HttpClient.newHttpClient().send(request,
                java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
