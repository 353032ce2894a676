package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.app.QuireServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.Json;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A live reindex inside the running server (FOLIO's reindex endpoints): queries keep answering while it builds,
 * writes made during the build are searchable after the swap, the new generation is live and survives a restart. On
 * both engines (the OpenSearch run: a new index behind the tenant's alias), except the embedded engine's resumption.
 */
class LiveReindexTest {
    static final String TENANT = "lreindex";

    @Test
    void liveReindexServesQueriesKeepsWritesSwapsAndSurvivesRestart() throws Exception {
        Path dir = Files.createTempDirectory("quire-live-reindex");
        QuireConfig config = new QuireConfig(0, dir, null, null, null, 4, false, false);
        Path tenantDir = dir.resolve("search").resolve(TENANT);
        String cluster = QuireConfig.searchUrl(); // the OpenSearch run's node, or null
        if (cluster != null) { // the cluster outlives the data directory: no index of an earlier run of this tenant
            SearchRestartTest.openSearch("DELETE", cluster + "/quire_" + TENANT + "_instance_*", null);
        }
        int written;
        try (QuireServer server = QuireServer.start(config)) {
            server.installer().install(TENANT, "Live reindex", new TenantInstaller.Options(true, false, "admin", "pw"));
            Api.Session s = new Api("http://localhost:" + server.port()).login(TENANT, "admin", "pw");
            for (int i = 0; i < 10; i++) Fixtures.instance(s, "Ocelot " + i);
            List<String> servals = new java.util.ArrayList<>();
            for (int i = 0; i < 5; i++) servals.add(Fixtures.instance(s, "Serval " + i));
            assertThat(awaitTotal(s, "title all ocelot", 10)).isEqualTo(10);
            // 2,000 rows the live index never heard of (no outbox events): only a reindex from the rows finds them
            insertLynxes(server, 2000);
            assertThat(total(s, "title all lynx")).isZero();
            assertThat(s.get("/search/index/instance-records/reindex/status").json()).as("none yet").isEmpty();

            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            AtomicInteger searches = new AtomicInteger();
            AtomicInteger writes = new AtomicInteger();
            Thread searcher = new Thread(() -> {
                while (!stop.get()) {
                    Api.Reply r = s.get("/search/instances?query=title%20all%20ocelot");
                    if (r.status() != 200 || r.json().path("totalRecords").asLong() < 10) problems.add(r.body());
                    searches.incrementAndGet();
                }
            });
            Thread writer = new Thread(() -> {
                while (!stop.get()) {
                    Fixtures.instance(s, "Caracal " + writes.get());
                    writes.incrementAndGet();
                }
            });
            searcher.start();
            writer.start();
            Thread.sleep(200);
            List<String> liveBefore = cluster == null ? null : behindAlias(cluster, "instance");
            Api.Reply started = s.post("/search/index/instance-records/reindex/full", Json.object());
            assertThat(started.status()).as(started.body()).isEqualTo(200);
            assertThat(started.body()).isEmpty();
            // updates and deletes during the build reach the new index too
            for (String id : servals.subList(0, 3)) {
                assertThat(s.delete("/instance-storage/instances/" + id).status()).isEqualTo(204);
            }
            for (String id : servals.subList(3, 5)) {
                var instance = (com.fasterxml.jackson.databind.node.ObjectNode) s.get("/instance-storage/instances/" + id)
                        .json();
                assertThat(s.put("/instance-storage/instances/" + id, instance.put("title", "Margay " + id)).status())
                        .isEqualTo(204);
            }
            assertThat(s.get("/search/index/instance-records/reindex/status").json().get(0).path("status").asText())
                    .as("the writes above happened during the build").isEqualTo(LiveReindex.IN_PROGRESS);
            JsonNode status = awaitStatus(s, LiveReindex.COMPLETED);
            Thread.sleep(300); // writes after the swap go to the new index alone
            stop.set(true);
            searcher.join();
            writer.join();
            written = writes.get();

            assertThat(problems).as("searches during the reindex").isEmpty();
            assertThat(searches.get()).isPositive();
            assertThat(written).isPositive();
            JsonNode item = status.get(0);
            assertThat(item.path("entityType").asText()).isEqualTo("instance");
            assertThat(item.path("totalUploadRanges").asLong()).isGreaterThanOrEqualTo(5); // ≥ 2,010 rows, 500 a range
            assertThat(item.path("processedUploadRanges").asLong()).isEqualTo(item.path("totalUploadRanges").asLong());
            assertThat(item.path("totalMergeRanges").asInt()).isZero();
            assertThat(item.has("startTimeUpload") && item.has("endTimeUpload")).isTrue();

            assertThat(awaitTotal(s, "title all caracal", written)).as("every write")
                    .isEqualTo(written);
            assertThat(total(s, "title all lynx")).as("the rows the old index lacked").isEqualTo(2000);
            assertThat(total(s, "title all ocelot")).isEqualTo(10);
            assertThat(total(s, "title all serval")).as("deleted or renamed during the build").isZero();
            assertThat(total(s, "title all margay")).isEqualTo(2);
            if (cluster == null) {
                assertThat(Files.readString(tenantDir.resolve("instance.live")).trim()).isEqualTo("1");
                assertThat(tenantDir.resolve("instance")).as("the old generation is deleted").doesNotExist();
                assertThat(tenantDir.resolve("instance-1")).isDirectory();
            } else {
                assertThat(behindAlias(cluster, "instance")).as("the alias moved to the new index alone").hasSize(1)
                        .isNotEqualTo(liveBefore);
            }
        }
        try (QuireServer again = QuireServer.start(config)) {
            Api.Session s = new Api("http://localhost:" + again.port()).login(TENANT, "admin", "pw");
            assertThat(total(s, "title all lynx")).as("the new generation after a restart").isEqualTo(2000);
            assertThat(total(s, "title all caracal")).isEqualTo(written);
        }
    }

    /**
     * A build a crash (or a stop) interrupted is resumed at the next start after the last committed page, not begun
     * again: here the "interrupted" build (a generation, or an index behind no alias on OpenSearch) holds the first
     * 1,000 instances under a planted title, and keeps them.
     */
    @Test
    void interruptedBuildResumesAfterItsLastCommittedPage() throws Exception {
        String cluster = QuireConfig.searchUrl();
        if (cluster != null) SearchRestartTest.openSearch("DELETE", cluster + "/quire_" + TENANT + "_instance_*", null);
        Path dir = Files.createTempDirectory("quire-live-reindex-resume");
        QuireConfig config = new QuireConfig(0, dir, null, null, null, 4, false, false);
        Path tenantDir = dir.resolve("search").resolve(TENANT);
        List<String> ids = new java.util.ArrayList<>();
        try (QuireServer server = QuireServer.start(config)) {
            server.installer().install(TENANT, "Live reindex", new TenantInstaller.Options(true, false, "admin", "pw"));
            Api.Session s = new Api("http://localhost:" + server.port()).login(TENANT, "admin", "pw");
            // The ocelots' ids sort after every lynx's, so none is among the 1,000 planted below: the ocelots are
            // counted alike in the live index and in the new generation, whichever the restarted server serves when
            // it is asked (random ids put some among the planted, and a build quick enough to swap first hid them).
            for (int i = 0; i < 3; i++) {
                Api.Reply r = s.post("/instance-storage/instances", Json.object().put("id", LAST_IDS + i)
                        .put("title", "Ocelot " + i).put("source", "FOLIO").put("instanceTypeId", Fixtures.TEXT_TYPE));
                assertThat(r.status()).as(r.body()).isEqualTo(201);
            }
            InstanceSearchTest.awaitTotal(s, "title all ocelot", 3);
            insertLynxes(server, 1500);
            ids.addAll(server.database().read(c -> Sql.list(c, "SELECT id FROM " + Tenants.schema(TENANT)
                    + ".instance ORDER BY id LIMIT 1000", List.of(), r -> r.getString(1))));
        }
        List<InstanceDocument> docs = new java.util.ArrayList<>();
        for (String id : ids) {
            docs.add(InstanceDocument.of(TENANT, Json.object().put("id", id).put("title", "Planted copy"),
                    Json.array(), Json.array()));
        }
        List<String> liveBefore = null;
        if (cluster == null) {
            try (LuceneIndex planted = new LuceneIndex(tenantDir.resolve("instance-1"))) {
                planted.add(docs);
                planted.builtAfter(ids.getLast());
                planted.commit();
            }
        } else { // a build that recorded its progress after its first page, then stopped
            liveBefore = behindAlias(cluster, "instance");
            try (OpenSearchIndex planted = new OpenSearchIndex(cluster, TENANT)) {
                assertThat(planted.startBuild()).isNull();
                planted.addPage(null, after -> docs, true);
            }
            assertThat(indexesOf(cluster, "instance").size()).as("the live index and the interrupted one").isEqualTo(2);
        }
        try (QuireServer again = QuireServer.start(config)) {
            Api.Session s = new Api("http://localhost:" + again.port()).login(TENANT, "admin", "pw");
            // the live index serves meanwhile (within the second every search test allows: had the stop's final flush
            // failed, its marked writes would be delivered again at this start, EventDispatcher)
            InstanceSearchTest.awaitTotal(s, "title all ocelot", 3);
            JsonNode status = awaitStatus(s, LiveReindex.COMPLETED);
            assertThat(status.get(0).path("entityType").asText()).isEqualTo("instance");
            if (cluster == null) {
                assertThat(Files.readString(tenantDir.resolve("instance.live")).trim()).isEqualTo("1");
            } else {
                List<String> live = behindAlias(cluster, "instance");
                assertThat(live).hasSize(1).isNotEqualTo(liveBefore);
            }
            assertThat(total(s, "title all planted")).as("committed pages are kept, not read again").isEqualTo(1000);
            assertThat(total(s, "cql.allRecords=1")).as("the rest was built after them").isEqualTo(1503);
            assertThat(total(s, "title all ocelot")).as("the new generation").isEqualTo(3);
        }
    }

    /** A prefix of instance ids that sort after any random one (PostgreSQL compares uuids byte by byte). */
    private static final String LAST_IDS = "ffffffff-ffff-4fff-bfff-00000000000";

    static void insertLynxes(QuireServer server, int n) {
        insertLynxes(server, TENANT, n);
    }

    /** {@code n} instances "Lynx tracks" written straight into the tenant's table: no outbox event announces them. */
    static void insertLynxes(QuireServer server, String tenant, int n) {
        String schema = Tenants.schema(tenant);
        server.database().tx(c -> {
            for (int i = 0; i < n; i++) {
                UUID id = UUID.randomUUID();
                Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, "
                        + "instance_type_id) VALUES (?, ?, ?, 'Lynx tracks', 'FOLIO', ?)", List.of(id,
                        new Sql.Json(Json.object().put("id", id.toString()).put("title", "Lynx tracks")
                                .put("hrid", "lynx" + i).put("source", "FOLIO")
                                .put("instanceTypeId", Fixtures.TEXT_TYPE).toString()),
                        "lynx" + i, UUID.fromString(Fixtures.TEXT_TYPE)));
            }
            return null;
        });
    }

    /** The tenant's indexes of a kind (instance, authority) on the cluster, with their aliases. */
    static JsonNode indexesOf(String cluster, String kind) throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(cluster + "/quire_" + TENANT
                + "_" + kind + "_*/_alias")).GET().build();
        return Json.parse(java.net.http.HttpClient.newHttpClient().send(request,
                java.net.http.HttpResponse.BodyHandlers.ofString()).body());
    }

    /** The names of the tenant's indexes of a kind that its alias points to. */
    static List<String> behindAlias(String cluster, String kind) throws Exception {
        List<String> out = new java.util.ArrayList<>();
        indexesOf(cluster, kind).properties().forEach(e -> {
            if (!e.getValue().path("aliases").isEmpty()) out.add(e.getKey());
        });
        return out;
    }

    @Test
    void authorityReindexAndMalformedRequests() throws Exception {
        Path dir = Files.createTempDirectory("quire-live-reindex-auth");
        String cluster = QuireConfig.searchUrl();
        if (cluster != null) SearchRestartTest.openSearch("DELETE", cluster + "/quire_" + TENANT + "_authority_*", null);
        QuireConfig config = new QuireConfig(0, dir, null, null, null, 4, false, false);
        try (QuireServer server = QuireServer.start(config)) {
            server.installer().install(TENANT, "Live reindex", new TenantInstaller.Options(true, false, "admin", "pw"));
            Api.Session s = new Api("http://localhost:" + server.port()).login(TENANT, "admin", "pw");

            for (int i = 0; i < 3; i++) {
                Api.Reply a = s.post("/authority-storage/authorities", AuthoritySearchTest.personal("n" + i,
                        "Quokka, Quentin " + i));
                assertThat(a.status()).as(a.body()).isEqualTo(201);
            }
            long indexed = System.currentTimeMillis() + 5_000; // the outbox's writes first: then the index exists
            while (s.get("/search/authorities?query=personalName%3Dquokka").json().path("totalRecords").asInt() < 3
                    && System.currentTimeMillis() < indexed) {
                Thread.sleep(20);
            }
            List<String> authorityBefore = cluster == null ? null : behindAlias(cluster, "authority");
            Api.Reply job = s.post("/search/index/inventory/reindex", Json.object().put("resourceName", "authority"));
            assertThat(job.status()).as(job.body()).isEqualTo(200);
            assertThat(job.json().path("jobStatus").asText()).isEqualTo("In progress");
            assertThat(UUID.fromString(job.json().path("id").asText())).isNotNull();
            assertThat(job.json().path("submittedDate").asText()).isNotBlank();
            long deadline = System.currentTimeMillis() + 20_000;
            if (cluster == null) {
                Path pointer = dir.resolve("search").resolve(TENANT).resolve("authority.live");
                while (!Files.exists(pointer) && System.currentTimeMillis() < deadline) Thread.sleep(50);
                assertThat(Files.readString(pointer).trim()).as("the authority index swapped").isEqualTo("1");
                assertThat(dir.resolve("search").resolve(TENANT).resolve("authority-1")).isDirectory();
            } else {
                while (behindAlias(cluster, "authority").equals(authorityBefore)
                        && System.currentTimeMillis() < deadline) {
                    Thread.sleep(50);
                }
                assertThat(behindAlias(cluster, "authority")).as("the alias moved to a new index").hasSize(1)
                        .isNotEqualTo(authorityBefore);
            }
            Api.Reply found = s.get("/search/authorities?query=personalName%3Dquokka");
            assertThat(found.json().path("totalRecords").asInt()).as("served by the new index").isEqualTo(3);

            Api.Reply dflt = raw(s, "/search/index/inventory/reindex", "{}");
            assertThat(dflt.status()).as("resourceName defaults to authority").isEqualTo(200);
            assertThat(dflt.json().path("jobStatus").asText()).isEqualTo("In progress");
            assertThat(s.post("/search/index/inventory/reindex", Json.object().put("resourceName", "linked-data-work"))
                    .body()).isEqualTo("{}");

            Api.Reply unknown = s.post("/search/index/inventory/reindex", Json.object().put("resourceName", "instance"));
            assertThat(unknown.status()).isEqualTo(400);
            assertThat(unknown.json().path("errors").get(0).path("message").asText())
                    .isEqualTo("Unexpected value 'instance'");
            assertThat(unknown.json().path("errors").get(0).path("parameters").get(0).path("key").asText())
                    .isEqualTo("resourceName");
            assertThat(s.post("/search/index/inventory/reindex", Json.object().put("resourceName", 5)).status())
                    .isEqualTo(400);
            assertThat(s.post("/search/index/inventory/reindex", Json.object().put("recreateIndex", "maybe"))
                    .status()).isEqualTo(400);
            assertThat(raw(s, "/search/index/inventory/reindex", "{bad").status()).isEqualTo(400);
            assertThat(raw(s, "/search/index/inventory/reindex", "[1]").status()).isEqualTo(400);
            assertThat(raw(s, "/search/index/instance-records/reindex/full", "{bad").status()).isEqualTo(400);
            Api.Reply anonymous = new Api("http://localhost:" + server.port()).send("POST",
                    "/search/index/instance-records/reindex/full", "{}", TENANT, null);
            assertThat(anonymous.status()).isIn(401, 403);
        }
    }

    static Api.Reply raw(Api.Session s, String path, String body) {
        return s.api().send("POST", path, body, s.tenant(), s.token());
    }

    static long awaitTotal(Api.Session s, String cql, long expected) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000, n;
        do {
            n = total(s, cql);
            if (n == expected) return n;
            Thread.sleep(50);
        } while (System.currentTimeMillis() < deadline);
        return n;
    }

    static long total(Api.Session s, String cql) {
        Api.Reply r = s.get("/search/instances", cql);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("totalRecords").asLong();
    }

    static JsonNode awaitStatus(Api.Session s, String wanted) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 240_000; // a slow machine: the reindex rests while requests run
        JsonNode status;
        do {
            Api.Reply r = s.get("/search/index/instance-records/reindex/status");
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            status = r.json();
            if (status.size() == 1 && wanted.equals(status.get(0).path("status").asText())) return status;
            Thread.sleep(100);
        } while (System.currentTimeMillis() < deadline);
        throw new AssertionError("reindex status never " + wanted + ": " + status);
    }
}
