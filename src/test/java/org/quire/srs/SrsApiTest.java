package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-source-record-storage's endpoints over HTTP, on real MARC records. */
class SrsApiTest {
    static final String TENANT = "srs_api";
    static Api.Session s;
    static List<Record> bibs, authorities, holdings;

    @BeforeAll
    static void setUp() throws Exception {
        s = Fixtures.referenceOnlyTenant(TENANT);
        bibs = read("bib/folio-data-import-100.mrc", 100);
        authorities = read("authority/iisg-dutch-authorities-1066.mrc", 5);
        holdings = read("holdings/nla-marc-holdings-1k.mrc", 5);
    }

    static List<Record> read(String file, int n) throws Exception {
        Path p = Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc").resolve(file);
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(p)) {
            return entries.filter(e -> !e.isError()).limit(n).map(MarcRecordOrError::record).toList();
        }
    }

    static String snapshot() {
        String id = UUID.randomUUID().toString();
        Api.Reply r = s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", id)
                .put("status", "PARSING_IN_PROGRESS"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return id;
    }

    /** FOLIO's Record JSON for a MARC record; {@code external} is merged into externalIdsHolder. */
    static ObjectNode recordJson(String snapshotId, String type, Record marc, ObjectNode external) {
        String id = UUID.randomUUID().toString();
        ObjectNode j = Json.object().put("id", id).put("matchedId", id).put("snapshotId", snapshotId)
                .put("recordType", type).put("generation", 0).put("order", 0);
        j.putObject("rawRecord").put("content", MarcRecords.toIso2709(marc));
        j.putObject("parsedRecord").set("content", MarcRecords.toMarcJson(marc));
        if (external != null) j.set("externalIdsHolder", external);
        return j;
    }

    static JsonNode create(ObjectNode json) {
        Api.Reply r = s.post("/source-storage/records", json);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    static ObjectNode instance(String id, String hrid) {
        return Json.object().put("instanceId", id).put("instanceHrid", hrid);
    }

    /**
     * FOLIO keeps parsedRecord.content as jsonb and serves its keys in jsonb's order; Quire keeps the text (V49) and
     * orders the keys itself. Content sent leader first, subfields first and with keys of every length and script
     * comes back (with the 999 ff $s SRS adds) in the order PostgreSQL's own jsonb gives it.
     */
    @Test
    void parsedContentKeysComeBackInJsonbsOrder() {
        ObjectNode content = Json.object().put("leader", "00000nam a2200000 a 4500");
        ObjectNode f245 = content.putArray("fields").addObject().putObject("245");
        f245.putArray("subfields").addObject().put("a", "Title");
        f245.put("ind2", "0").put("ind1", "1");
        content.put("é", "2 bytes").put("zz", "2").put("b", "1").put("ab", "2").put("Z", "1").put("ü", "2 bytes");
        ObjectNode json = recordJson(snapshot(), "MARC_BIB", bibs.get(1), null);
        ((ObjectNode) json.get("parsedRecord")).set("content", content);
        String id = create(json).get("id").asText();

        JsonNode served = s.get("/source-storage/records/" + id).json().at("/parsedRecord/content");
        String jsonb = TestServer.get().database().tx(c -> Sql.one(c, "SELECT ?::jsonb::text",
                List.of(Json.write(served)), rs -> rs.getString(1)).orElseThrow());
        assertThat(Json.write(served)).isEqualTo(Json.write(Json.parse(jsonb)));
        assertThat(Json.write(served)).startsWith("{\"Z\":\"1\",\"b\":\"1\",\"ab\":\"2\",\"zz\":\"2\",\"é\""); // sent otherwise
    }

    @Test
    void createsAndReadsByEveryIdType() {
        String snap = snapshot();
        String instanceId = UUID.randomUUID().toString();
        JsonNode bib = create(recordJson(snap, "MARC_BIB", bibs.get(0), instance(instanceId, "in0001")));
        String id = bib.get("id").asText();
        assertThat(bib.get("matchedId").asText()).isEqualTo(id);
        assertThat(bib.get("state").asText()).isEqualTo("ACTUAL");
        assertThat(bib.get("deleted").asBoolean()).isFalse();
        assertThat(bib.get("generation").asInt()).isZero();
        assertThat(bib.at("/parsedRecord/content/leader").asText()).hasSize(24);
        assertThat(bib.at("/parsedRecord/id").asText()).isEqualTo(id);
        assertThat(bib.at("/rawRecord/content").asText()).isEqualTo(MarcRecords.toIso2709(bibs.get(0)));
        assertThat(bib.get("leaderRecordStatus").asText())
                .isEqualTo(String.valueOf(bibs.get(0).getLeader().getRecordStatus()));
        assertThat(bib.at("/additionalInfo/suppressDiscovery").asBoolean()).isFalse();
        assertThat(bib.at("/metadata/createdDate").asText()).isNotEmpty();
        assertThat(bib.at("/parsedRecord/formattedContent").isMissingNode()).isTrue();

        for (String path : List.of("/source-storage/records/" + id, "/source-storage/records/" + id + "?idType=RECORD",
                "/source-storage/records/" + id + "?idType=SRS_RECORD", "/source-storage/records/" + instanceId
                        + "?idType=INSTANCE", "/source-storage/records/" + instanceId + "?idType=external",
                "/source-storage/records/" + instanceId + "?idType=instance")) {
            Api.Reply r = s.get(path);
            assertThat(r.status()).as(path + " " + r.body()).isEqualTo(200);
            assertThat(r.json().get("id").asText()).as(path).isEqualTo(id);
            assertThat(r.json().at("/externalIdsHolder/instanceHrid").asText()).isEqualTo("in0001");
        }

        String holdingsId = UUID.randomUUID().toString(), authorityId = UUID.randomUUID().toString();
        String h = create(recordJson(snap, "MARC_HOLDING", holdings.get(0),
                Json.object().put("holdingsId", holdingsId).put("holdingsHrid", "ho1"))).get("id").asText();
        String a = create(recordJson(snap, "MARC_AUTHORITY", authorities.get(0),
                Json.object().put("authorityId", authorityId))).get("id").asText();
        assertThat(s.get("/source-storage/records/" + holdingsId + "?idType=HOLDINGS").json().get("id").asText()).isEqualTo(h);
        assertThat(s.get("/source-storage/records/" + holdingsId + "?idType=EXTERNAL").json().get("recordType").asText())
                .isEqualTo("MARC_HOLDING");
        assertThat(s.get("/source-storage/records/" + authorityId + "?idType=AUTHORITY").json().get("id").asText()).isEqualTo(a);

        // an instance id is no record id, and an unknown id type or a malformed id is the client's error
        Api.Reply wrongType = s.get("/source-storage/records/" + instanceId);
        assertThat(wrongType.status()).isEqualTo(404);
        assertThat(wrongType.body()).isEqualTo("Record with id '" + instanceId + "' was not found");
        Api.Reply unknownType = s.get("/source-storage/records/" + id + "?idType=ITEM");
        assertThat(unknownType.status()).isEqualTo(400);
        assertThat(unknownType.body()).contains("'idType' parameter is incorrect").contains("{ITEM}");
        Api.Reply badId = s.get("/source-storage/records/not-a-uuid");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.body()).contains("'id' parameter is incorrect");
    }

    @Test
    void formattedViewOfAnInstanceIsMarcText() {
        String snap = snapshot();
        String instanceId = UUID.randomUUID().toString();
        create(recordJson(snap, "MARC_BIB", bibs.get(1), instance(instanceId, "in0002")));
        Api.Reply r = s.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        String text = r.json().at("/parsedRecord/formattedContent").asText();
        assertThat(text).isEqualTo(MarcRecords.toFormattedText(MarcRecords.fromMarcJson(r.json().at("/parsedRecord/content"))));
        assertThat(text).endsWith("999 ff$s" + r.json().get("matchedId").asText() + "\n"); // SRS sets 999 ff $s
        assertThat(text).startsWith("LEADER ").contains("\n245 ");
        assertThat(r.json().at("/parsedRecord/content/fields").isArray()).isTrue();

        Api.Reply authorityView = s.get("/source-storage/records/" + instanceId + "/formatted?idType=AUTHORITY");
        assertThat(authorityView.status()).isEqualTo(404);
        String unknown = UUID.randomUUID().toString();
        assertThat(s.get("/source-storage/records/" + unknown + "/formatted?idType=INSTANCE").body())
                .isEqualTo("Couldn't find record with id type INSTANCE and id " + unknown);
        assertThat(s.get("/source-storage/records/" + instanceId + "/formatted?idType=BOGUS").status()).isEqualTo(400);
        assertThat(s.get("/source-storage/records/123/formatted?idType=INSTANCE").status()).isEqualTo(400);
    }

    @Test
    void sourceRecordsFilters() {
        String snap = snapshot();
        List<String> instances = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String inst = UUID.randomUUID().toString();
            instances.add(inst);
            ObjectNode j = recordJson(snap, "MARC_BIB", bibs.get(10 + i), instance(inst, "sr" + i));
            if (i == 1) j.putObject("additionalInfo").put("suppressDiscovery", true);
            ids.add(create(j).get("id").asText());
        }
        create(recordJson(snap, "MARC_AUTHORITY", authorities.get(1), null));
        assertThat(s.delete("/source-storage/records/" + ids.get(3)).status()).isEqualTo(204);
        String base = "/source-storage/source-records?snapshotId=" + snap;

        JsonNode all = s.get(base).json();
        assertThat(all.get("totalRecords").asInt()).isEqualTo(3); // MARC_BIB by default, not the deleted one
        JsonNode first = all.get("sourceRecords").get(0);
        assertThat(first.has("recordId")).isTrue();
        assertThat(first.get("recordType").asText()).isEqualTo("MARC_BIB");
        assertThat(first.at("/parsedRecord/content/leader").asText()).hasSize(24);
        assertThat(first.get("snapshotId").asText()).isEqualTo(snap);

        assertThat(s.get(base + "&deleted=true").json().get("totalRecords").asInt()).isEqualTo(4);
        assertThat(s.get(base + "&recordType=MARC_AUTHORITY").json().get("totalRecords").asInt()).isEqualTo(1);
        assertThat(s.get(base + "&suppressFromDiscovery=true").json().at("/sourceRecords/0/recordId").asText())
                .isEqualTo(ids.get(1));
        assertThat(s.get(base + "&suppressFromDiscovery=false").json().get("totalRecords").asInt()).isEqualTo(2);
        assertThat(s.get("/source-storage/source-records?instanceId=" + instances.get(2)).json()
                .at("/sourceRecords/0/recordId").asText()).isEqualTo(ids.get(2));
        assertThat(s.get("/source-storage/source-records?instanceHrid=sr0").json().at("/sourceRecords/0/recordId").asText())
                .isEqualTo(ids.get(0));
        assertThat(s.get("/source-storage/source-records?recordId=" + ids.get(2)).json().get("totalRecords").asInt())
                .isEqualTo(1);
        assertThat(s.get("/source-storage/source-records?externalId=" + instances.get(0)).json().get("totalRecords")
                .asInt()).isEqualTo(1);
        assertThat(s.get(base + "&updatedAfter=2999-01-01T00:00:00Z").json().get("totalRecords").asInt()).isZero();
        assertThat(s.get(base + "&updatedBefore=2999-01-01").json().get("totalRecords").asInt()).isEqualTo(3);
        assertThat(s.get(base + "&updatedAfter=2000-01-01T00:00:00.000%2B00:00").json().get("totalRecords").asInt())
                .isEqualTo(3);
        JsonNode page = s.get(base + "&limit=2&offset=2").json();
        assertThat(page.get("sourceRecords")).hasSize(1);
        assertThat(page.get("totalRecords").asInt()).isEqualTo(3);

        Api.Reply byIds = s.api().send("POST", "/source-storage/source-records?idType=INSTANCE",
                Json.write(Json.array().add(instances.get(0)).add(instances.get(2)).add(UUID.randomUUID().toString())),
                TENANT, s.token());
        assertThat(byIds.status()).as(byIds.body()).isEqualTo(200);
        assertThat(byIds.json().get("totalRecords").asInt()).isEqualTo(2);
        Api.Reply byRecordIds = s.api().send("POST", "/source-storage/source-records",
                Json.write(Json.array().add(ids.get(0))), TENANT, s.token());
        assertThat(byRecordIds.json().at("/sourceRecords/0/recordId").asText()).isEqualTo(ids.get(0));

        // malformed parameters and bodies are 400s naming the parameter
        for (String bad : List.of("updatedAfter=yesterday", "updatedBefore=2024-13-01", "deleted=maybe",
                "suppressFromDiscovery=1x", "instanceId=123", "snapshotId=abc", "recordType=MARC", "limit=-1",
                "offset=x", "limit=ten")) {
            Api.Reply r = s.get("/source-storage/source-records?" + bad);
            assertThat(r.status()).as(bad + " " + r.body()).isEqualTo(400);
            assertThat(r.body()).as(bad).contains("'" + bad.substring(0, bad.indexOf('=')) + "' parameter");
        }
        assertThat(s.api().send("POST", "/source-storage/source-records", "{\"ids\":[]}", TENANT, s.token()).status())
                .isEqualTo(400);
        assertThat(s.api().send("POST", "/source-storage/source-records", "[\"x\"]", TENANT, s.token()).body())
                .contains("not a UUID");
        assertThat(s.api().send("POST", "/source-storage/source-records", "[", TENANT, s.token()).status())
                .isEqualTo(400);
        assertThat(s.api().send("POST", "/source-storage/source-records?idType=NOPE", "[]", TENANT, s.token()).status())
                .isEqualTo(400);
    }

    @Test
    void streamsOneJsonObjectPerLine() {
        String snap = snapshot();
        // 12 records, about 100 KB: more than the server buffers before its first write (WebServers)
        for (int i = 0; i < 12; i++) create(recordJson(snap, "MARC_BIB", bibs.get(40 + i), null));
        Api.Reply r = s.get("/source-storage/stream/records?snapshotId=" + snap);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.header("Content-Type").orElseThrow()).startsWith("application/stream+json");
        assertThat(r.body().length()).isGreaterThan(64 * 1024);
        assertThat(r.header("Content-Length")).isEmpty(); // chunked: written as the rows arrive
        String[] lines = r.body().split("\n");
        assertThat(lines).hasSize(12);
        for (String line : lines) {
            JsonNode rec = Json.parse(line);
            assertThat(rec.get("snapshotId").asText()).isEqualTo(snap);
            assertThat(rec.at("/rawRecord/content").asText()).isNotEmpty();
        }
        assertThat(s.get("/source-storage/stream/records?snapshotId=" + snap + "&limit=3&offset=10").body().split("\n"))
                .hasSize(2);
        Api.Reply src = s.get("/source-storage/stream/source-records?snapshotId=" + snap + "&limit=4");
        assertThat(src.body().split("\n")).hasSize(4);
        assertThat(Json.parse(src.body().split("\n")[0]).has("recordId")).isTrue();
        assertThat(s.get("/source-storage/stream/source-records?snapshotId=" + UUID.randomUUID()).body()).isEmpty();

        Api.Reply bad = s.get("/source-storage/stream/source-records?updatedAfter=never");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("'updatedAfter' parameter is incorrect");
        assertThat(s.get("/source-storage/stream/records?state=GONE").status()).isEqualTo(400);
    }

    @Test
    void aStreamInIdOrder_crossesItsPages_withoutLosingOrRepeatingARecord() {
        String snap = snapshot();
        int n = SrsStore.STREAM_PAGE + 3;
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(create(recordJson(snap, "MARC_BIB", bibs.get(i % bibs.size()), null)).get("id").asText());
        }
        ids.sort(null); // PostgreSQL orders uuids bytewise: the order of their lowercase text (Java's UUID differs)
        java.util.function.Function<String, List<String>> streamed = query -> java.util.Arrays.stream(
                s.get("/source-storage/stream/records?snapshotId=" + snap + query).body().split("\n"))
                .filter(l -> !l.isEmpty()).map(l -> Json.parse(l).get("id").asText()).toList();
        assertThat(streamed.apply("")).containsExactlyElementsOf(ids);
        // an offset and a limit that straddle the first page's end
        int from = SrsStore.STREAM_PAGE - 2;
        assertThat(streamed.apply("&offset=" + from + "&limit=4")).containsExactlyElementsOf(ids.subList(from, from + 4));
        assertThat(streamed.apply("&limit=" + SrsStore.STREAM_PAGE)).containsExactlyElementsOf(
                ids.subList(0, SrsStore.STREAM_PAGE));
        assertThat(streamed.apply("&offset=" + (n - 1))).containsExactly(ids.getLast());
        assertThat(streamed.apply("&limit=0")).isEmpty();
    }

    /** PUT /source-storage/records/{matchedId}/generation, as RecordServiceImpl.updateRecordGeneration. */
    @Test
    void newGenerationSupersedesTheActualOne() {
        String snap = snapshot(), snap2 = snapshot();
        String instanceId = UUID.randomUUID().toString();
        JsonNode first = create(recordJson(snap, "MARC_BIB", bibs.get(30), instance(instanceId, "gen1")));
        String matchedId = first.get("matchedId").asText();
        assertThat(matchedId).isEqualTo(first.get("id").asText());
        assertThat(MarcJsonFields.subfield(first.at("/parsedRecord/content"), "999", 's')).isEqualTo(matchedId);

        ObjectNode next = recordJson(snap2, "MARC_BIB", bibs.get(31), instance(instanceId, "gen1")).put("generation", 1);
        next.remove("matchedId");
        ((ObjectNode) next.get("parsedRecord")).set("content", MarcJsonFields.with999s(
                (ObjectNode) next.at("/parsedRecord/content"), UUID.fromString(matchedId)));
        Api.Reply r = s.put("/source-storage/records/" + matchedId + "/generation", next);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        String newId = r.json().get("id").asText();
        assertThat(newId).isNotEqualTo(first.get("id").asText()).isNotEqualTo(next.get("id").asText());
        assertThat(r.json().get("generation").asInt()).isEqualTo(1);
        assertThat(r.json().get("state").asText()).isEqualTo("ACTUAL");
        assertThat(r.json().get("matchedId").asText()).isEqualTo(matchedId);

        JsonNode old = s.get("/source-storage/records/" + first.get("id").asText() + "?idType=SRS_RECORD").json();
        assertThat(old.get("state").asText()).isEqualTo("OLD");
        assertThat(s.get("/source-storage/records/" + matchedId).json().get("id").asText()).isEqualTo(newId);
        assertThat(s.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE").json().get("id").asText())
                .isEqualTo(newId);
        assertThat(s.get("/source-storage/source-records?instanceId=" + instanceId).json().get("totalRecords").asInt())
                .isEqualTo(1);
        assertThat(s.get("/source-storage/records?snapshotId=" + snap + "&state=OLD").json().get("totalRecords").asInt())
                .isEqualTo(1);

        Api.Reply again = s.put("/source-storage/records/" + matchedId + "/generation", next);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.body()).startsWith("Incoming record could be a duplicate, incoming record generation should "
                + "not be the same as matched record generation");
        JsonNode g2 = s.put("/source-storage/records/" + matchedId + "/generation", next.put("generation", 2)).json();
        assertThat(g2.get("generation").asInt()).isEqualTo(2);
        assertThat(s.get("/source-storage/records/" + newId + "?idType=SRS_RECORD").json().get("state").asText())
                .isEqualTo("OLD");

        String other = UUID.randomUUID().toString();
        Api.Reply mismatch = s.put("/source-storage/records/" + other + "/generation", next);
        assertThat(mismatch.status()).isEqualTo(400);
        assertThat(mismatch.body()).isEqualTo("Matched id (" + other + ") not equal to 999ff$s (" + matchedId + ") field");
        ObjectNode orphan = next.deepCopy();
        ((ObjectNode) orphan.get("parsedRecord")).set("content", MarcJsonFields.with999s(
                (ObjectNode) next.at("/parsedRecord/content"), UUID.fromString(other)));
        Api.Reply unknown = s.put("/source-storage/records/" + other + "/generation", orphan);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo("Record with given matched id (" + other + ") not found");
    }

    @Test
    void deleteMarksTheRecordDeleted() {
        String snap = snapshot();
        String instanceId = UUID.randomUUID().toString();
        String id = create(recordJson(snap, "MARC_BIB", bibs.get(40), instance(instanceId, "del1"))).get("id").asText();
        assertThat(s.delete("/source-storage/records/" + instanceId + "?idType=INSTANCE").status()).isEqualTo(204);
        JsonNode r = s.get("/source-storage/records/" + id).json();
        assertThat(r.get("state").asText()).isEqualTo("DELETED");
        assertThat(r.get("deleted").asBoolean()).isTrue();
        assertThat(r.get("leaderRecordStatus").asText()).isEqualTo("d");
        assertThat(r.at("/parsedRecord/content/leader").asText().charAt(5)).isEqualTo('d');
        assertThat(r.at("/additionalInfo/suppressDiscovery").asBoolean()).isTrue();
        String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString().replace("-", "");
        assertThat(r.at("/parsedRecord/content/fields").findValuesAsText("005")).singleElement().asString()
                .startsWith(today).matches("\\d{14}\\.\\d");
        assertThat(s.delete("/source-storage/records/" + id).status()).isEqualTo(204); // again: nothing changes
        String unknown = UUID.randomUUID().toString();
        Api.Reply missing = s.delete("/source-storage/records/" + unknown);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("Record with id '" + unknown + "' was not found");
        assertThat(s.delete("/source-storage/records/zzz").status()).isEqualTo(400);
    }

    @Test
    void putReplacesInPlace() {
        String snap = snapshot();
        JsonNode created = create(recordJson(snap, "MARC_BIB", bibs.get(50), null));
        String id = created.get("id").asText();
        ObjectNode changed = (ObjectNode) created.deepCopy();
        String instanceId = UUID.randomUUID().toString();
        changed.set("externalIdsHolder", instance(instanceId, "put1"));
        Api.Reply r = s.put("/source-storage/records/" + id, changed);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().at("/externalIdsHolder/instanceId").asText()).isEqualTo(instanceId);
        assertThat(s.get("/source-storage/records/" + instanceId + "?idType=INSTANCE").json().get("id").asText())
                .isEqualTo(id);
        assertThat(s.put("/source-storage/records/" + UUID.randomUUID(), changed).status()).isEqualTo(404);
        assertThat(s.api().send("PUT", "/source-storage/records/" + id, "{bad", TENANT, s.token()).status())
                .isEqualTo(400);
    }

    @Test
    void malformedRecordsAreRefused() {
        String snap = snapshot();
        Api.Reply badJson = s.api().send("POST", "/source-storage/records", "{\"id\": ", TENANT, s.token());
        assertThat(badJson.status()).isEqualTo(400);

        Api.Reply missing = s.post("/source-storage/records", Json.object().put("generation", 0));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().findValuesAsText("key"))
                .containsExactly("snapshotId", "recordType", "rawRecord");
        assertThat(missing.json().at("/errors/0/message").asText()).isEqualTo("must not be null");

        ObjectNode badUuid = recordJson(snap, "MARC_BIB", bibs.get(60), null).put("snapshotId", "nope");
        Api.Reply r = s.post("/source-storage/records", badUuid);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().at("/errors/0/code").asText()).isEqualTo("javax.validation.constraints.Pattern.message");
        assertThat(r.json().at("/errors/0/parameters/0/key").asText()).isEqualTo("snapshotId");

        ObjectNode badHolder = recordJson(snap, "MARC_BIB", bibs.get(60), Json.object().put("instanceId", 42));
        assertThat(s.post("/source-storage/records", badHolder).json().at("/errors/0/parameters/0/key").asText())
                .isEqualTo("externalIdsHolder.instanceId");

        Api.Reply badType = s.post("/source-storage/records",
                recordJson(snap, "MARC_BIB", bibs.get(60), null).put("recordType", "MARC"));
        assertThat(badType.status()).isEqualTo(400);
        assertThat(badType.body()).contains("Invalid recordType: 'MARC'");
        assertThat(s.post("/source-storage/records", recordJson(snap, "MARC_BIB", bibs.get(60), null)
                .put("generation", "first")).status()).isEqualTo(400);
        assertThat(s.post("/source-storage/records", recordJson(snap, "MARC_BIB", bibs.get(60), null)
                .put("order", -1)).status()).isEqualTo(400);

        String noSnapshot = UUID.randomUUID().toString();
        Api.Reply orphan = s.post("/source-storage/records", recordJson(noSnapshot, "MARC_BIB", bibs.get(60), null));
        assertThat(orphan.status()).isEqualTo(404);
        assertThat(orphan.body()).isEqualTo("Couldn't find snapshot with id " + noSnapshot);

        String fresh = UUID.randomUUID().toString();
        s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", fresh).put("status", "NEW"));
        Api.Reply notStarted = s.post("/source-storage/records", recordJson(fresh, "MARC_BIB", bibs.get(60), null));
        assertThat(notStarted.status()).isEqualTo(400);
        assertThat(notStarted.body()).isEqualTo("Date when processing started is not set, expected snapshot status is "
                + "PARSING_IN_PROGRESS, actual - NEW");

        ObjectNode dup = recordJson(snap, "MARC_BIB", bibs.get(61), null);
        create(dup);
        assertThat(s.post("/source-storage/records", dup).status()).isEqualTo(422);

        // unreadable parsed content is kept as the record's errorRecord, as SRS does
        ObjectNode unparsable = recordJson(snap, "MARC_BIB", bibs.get(62), null);
        ((ObjectNode) unparsable.get("parsedRecord")).put("content", "{\"leader\": \"short\"}");
        JsonNode kept = create(unparsable);
        assertThat(kept.has("parsedRecord")).isFalse();
        assertThat(kept.at("/errorRecord/description").asText()).contains("leader");
        assertThat(kept.at("/errorRecord/content").asText()).contains("short");
    }

    @Test
    void snapshotsCrud() {
        String id = UUID.randomUUID().toString();
        Api.Reply created = s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", id).put("status", "NEW"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().has("processingStartedDate")).isFalse();
        assertThat(s.get("/source-storage/snapshots/" + id).json().get("status").asText()).isEqualTo("NEW");

        Api.Reply updated = s.put("/source-storage/snapshots/" + id, Json.object().put("jobExecutionId", id)
                .put("status", "PARSING_IN_PROGRESS"));
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().get("processingStartedDate").asText()).isNotEmpty();
        JsonNode list = s.get("/source-storage/snapshots?status=PARSING_IN_PROGRESS&limit=1000").json();
        assertThat(list.findValuesAsText("jobExecutionId")).contains(id);
        assertThat(list.get("totalRecords").asInt()).isEqualTo(list.get("snapshots").size());
        assertThat(s.get("/source-storage/snapshots?status=COMMITTED").json().findValuesAsText("jobExecutionId"))
                .doesNotContain(id);

        String recordId = create(recordJson(id, "MARC_BIB", bibs.get(70), null)).get("id").asText();
        assertThat(s.delete("/source-storage/snapshots/" + id).status()).isEqualTo(204);
        assertThat(s.get("/source-storage/records/" + recordId).status()).isEqualTo(404); // deleted with it
        Api.Reply gone = s.get("/source-storage/snapshots/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("Snapshot with id '" + id + "' was not found");
        assertThat(s.delete("/source-storage/snapshots/" + id).status()).isEqualTo(404);
        assertThat(s.put("/source-storage/snapshots/" + id, Json.object().put("status", "NEW")).status()).isEqualTo(404);

        Api.Reply noStatus = s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", id));
        assertThat(noStatus.status()).isEqualTo(422);
        assertThat(noStatus.json().at("/errors/0/parameters/0/key").asText()).isEqualTo("status");
        assertThat(s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", id).put("status", "DONE"))
                .status()).isEqualTo(400);
        assertThat(s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", "x").put("status", "NEW"))
                .status()).isEqualTo(422);
        assertThat(s.api().send("POST", "/source-storage/snapshots", "nope", TENANT, s.token()).status()).isEqualTo(400);
        assertThat(s.get("/source-storage/snapshots/nope").status()).isEqualTo(400);
        assertThat(s.get("/source-storage/snapshots?limit=abc").status()).isEqualTo(400);
        String dup = snapshot();
        assertThat(s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", dup).put("status", "NEW"))
                .status()).isEqualTo(422);
    }

    /**
     * The importer's path: {@link SrsStore#insert} writes 1,200 records (three multi-row statements) in the caller's
     * transaction; the instance lookup behind /formatted?idType=INSTANCE is then an index scan.
     */
    @Test
    void batchInsertAndIndexedInstanceLookup() {
        Database db = TestServer.get().database();
        String schema = Tenants.schema(TENANT);
        UUID snap = UUID.fromString(snapshot());
        List<SrsRecord> batch = bibsOfNewInstances(snap, 1200, "b");
        db.tx(c -> SrsStore.insert(c, schema, batch, null));
        db.tx(c -> Sql.update(c, "ANALYZE " + schema + ".srs_record", List.of()));
        assertThat(s.get("/source-storage/records?snapshotId=" + snap + "&limit=1").json().get("totalRecords").asInt())
                .isEqualTo(1200);

        SrsRecord some = batch.get(777);
        JsonNode formatted = s.get("/source-storage/records/" + some.externalIds().instanceId()
                + "/formatted?idType=INSTANCE").json();
        assertThat(formatted.get("id").asText()).isEqualTo(some.id().toString());
        assertThat(formatted.get("order").asInt()).isEqualTo(777);

        String plan = db.read(c -> String.join("\n", Sql.list(c, "EXPLAIN SELECT * FROM " + schema
                + ".srs_record WHERE instance_id = ? AND state IN ('ACTUAL', 'DELETED') ORDER BY generation DESC LIMIT 1",
                List.of(some.externalIds().instanceId()), rs -> rs.getString(1))));
        assertThat(plan).contains("srs_record_instance_id_idx").doesNotContain("Seq Scan");
    }

    /** {@code n} SRS MARC bibs of the test's records in turn, in one snapshot, each of a new instance id. */
    static List<SrsRecord> bibsOfNewInstances(UUID snapshot, int n, String hridPrefix) {
        List<SrsRecord> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            batch.add(SrsRecord.fromMarc(UUID.randomUUID(), snapshot, SrsRecordType.MARC_BIB, bibs.get(i % bibs.size()),
                    i).withExternalIds(ExternalIds.NONE.withInstance(UUID.randomUUID(), hridPrefix + i)));
        }
        return batch;
    }

    /**
     * V53: the MARC-in-JSON and the instance's JSON are not compressed with pglz, whose decompression was PostgreSQL's
     * largest cost of an OAI-PMH page: lz4 where the server has it, else kept whole in the row while it fits a page.
     */
    @Test
    void marcJsonAndInstanceJsonAreNotStoredWithPglz() {
        Database db = TestServer.get().database();
        String schema = Tenants.schema(TENANT);
        UUID snap = UUID.fromString(snapshot());
        List<SrsRecord> batch = bibsOfNewInstances(snap, bibs.size(), "z");
        db.tx(c -> SrsStore.insert(c, schema, batch, null));
        ObjectNode longInstance = Json.object().put("title", "A long instance").put("source", "FOLIO")
                .put("instanceTypeId", Fixtures.TEXT_TYPE);
        longInstance.putArray("notes").addObject().put("note", "A note of some length. ".repeat(200))
                .put("staffOnly", false);
        String instanceId = s.post("/instance-storage/instances", longInstance).json().get("id").asText();

        // rows long enough that PostgreSQL's toaster compressed them (tuples over 2 KB), short enough to fit a page
        List<String> srs = db.read(c -> Sql.list(c, "SELECT coalesce(pg_column_compression(parsed_content), 'none') "
                + "FROM " + schema + ".srs_record WHERE snapshot_id = ? AND octet_length(raw_content) "
                + "+ octet_length(parsed_content::text) BETWEEN 2500 AND 7000", List.of(snap), rs -> rs.getString(1)));
        assertThat(srs).hasSizeGreaterThan(10).doesNotContain("pglz");
        String instance = db.read(c -> Sql.one(c, "SELECT coalesce(pg_column_compression(jsonb), 'none') FROM "
                + schema + ".instance WHERE id = ?::uuid", List.of(instanceId), rs -> rs.getString(1))).orElseThrow();
        assertThat(instance).isNotEqualTo("pglz");
    }

    /**
     * A record shaped like FOLIO's own Karate sample (folio-integration-tests mod-source-record-storage
     * samples/record.json): a control field 035 among data fields and "\\" indicators. The content is stored as sent
     * and formattedContent has the sample's form: control fields first, indicators as sent, "$" before each code.
     */
    @Test
    void formattedContentAsFolioFormatsIt() {
        String snap = snapshot();
        String id = UUID.randomUUID().toString();
        String content = """
                {"leader":"02042nma a2200349 c 4500","fields":[{"001":"inst000000000019"},{"003":"DE-601"},\
                {"008":"180122s2017"},{"020":{"ind1":"\\\\","ind2":"\\\\","subfields":[{"a":"9781450351430"},\
                {"9":"978-1-4503-5143-0"}]}},{"035":"1011273942"},{"245":{"ind1":"0","ind2":"0","subfields":\
                [{"a":"MobiCom'17"},{"n":"5"}]}},{"999":{"ind1":"f","ind2":"f","subfields":[{"s":"%s"},{"i":"I"}]}}]}""".formatted(id);
        ObjectNode j = Json.object().put("id", id).put("matchedId", id).put("snapshotId", snap)
                .put("recordType", "MARC_BIB").put("order", 1).put("generation", 0);
        j.putObject("rawRecord").put("id", id).put("content", content);
        j.putObject("parsedRecord").put("id", id).set("content", Json.parse(content));
        JsonNode created = create(j);
        assertThat(created.at("/parsedRecord/content")).isEqualTo(Json.parse(content));
        assertThat(created.at("/rawRecord/content").asText()).isEqualTo(content);
        String formatted = s.get("/source-storage/records/" + id + "/formatted").json()
                .at("/parsedRecord/formattedContent").asText();
        assertThat(formatted).isEqualTo("LEADER 02042nma a2200349 c 4500\n001 inst000000000019\n003 DE-601\n"
                + "008 180122s2017\n035 1011273942\n020 \\\\$a9781450351430$9978-1-4503-5143-0\n"
                + "245 00$aMobiCom'17$n5\n999 ff$s" + id + "$iI\n");
    }

    /** SRS's generation rules as FOLIO's Karate tests drive them ("Test calculation of records generation" …). */
    @Test
    void generationIsCalculatedAndSupersedes() {
        String snap1 = snapshot();
        ObjectNode first = recordJson(snap1, "MARC_BIB", bibs.get(80), null);
        String matchedId = first.get("matchedId").asText();
        create(first);
        // same matched id and generation in a snapshot that is not committed: 422, the first stays generation 0
        String snapOpen = snapshot();
        ObjectNode clash = recordJson(snapOpen, "MARC_BIB", bibs.get(81), null).put("matchedId", matchedId);
        Api.Reply r = s.post("/source-storage/records", clash);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().at("/errors/0/message").asText()).isEqualTo("Incoming file may contain duplicates");
        assertThat(s.get("/source-storage/records/" + first.get("id").asText() + "?idType=SRS_RECORD").json()
                .get("generation").asInt()).isZero();

        // commit the first snapshot; a snapshot started after it gets generation 1 for a record without one
        JsonNode committed = s.put("/source-storage/snapshots/" + snap1, Json.object().put("jobExecutionId", snap1)
                .put("status", "COMMITTED")).json();
        String snap2 = UUID.randomUUID().toString();
        Api.Reply posted = s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", snap2)
                .put("status", "PARSING_IN_PROGRESS").put("processingStartedDate",
                        java.time.OffsetDateTime.parse(committed.at("/metadata/updatedDate").asText()).plusSeconds(1)
                                .toString()));
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        ObjectNode second = recordJson(snap2, "MARC_BIB", bibs.get(82), null).put("matchedId", matchedId);
        second.remove("generation");
        JsonNode g1 = create(second);
        assertThat(g1.get("generation").asInt()).isEqualTo(1);
        assertThat(s.get("/source-storage/records/" + first.get("id").asText() + "?idType=SRS_RECORD").json()
                .get("state").asText()).isEqualTo("OLD");
        assertThat(s.get("/source-storage/records/" + matchedId).json().get("id").asText())
                .isEqualTo(g1.get("id").asText());
        // a record without a generation and no committed history is generation 0
        ObjectNode fresh = recordJson(snap2, "MARC_BIB", bibs.get(83), null);
        fresh.remove("generation");
        assertThat(create(fresh).get("generation").asInt()).isZero();
    }

    @Test
    void ordersByOrderAndSuppressesFromDiscovery() {
        String snap = snapshot();
        List<String> ids = new ArrayList<>();
        for (int order : new int[]{3, 1, 2}) {
            ids.add(create(recordJson(snap, "EDIFACT", bibs.get(90 + order), null).put("order", order)).get("id").asText());
        }
        JsonNode asc = s.get("/source-storage/records?snapshotId=" + snap + "&recordType=EDIFACT&orderBy=order,ASC").json();
        assertThat(asc.findValuesAsText("order")).containsExactly("1", "2", "3");
        JsonNode desc = s.get("/source-storage/records?snapshotId=" + snap + "&recordType=EDIFACT&orderBy=order,desc").json();
        assertThat(desc.findValuesAsText("order")).containsExactly("3", "2", "1");
        assertThat(s.get("/source-storage/stream/records?snapshotId=" + snap + "&recordType=EDIFACT&orderBy=order")
                .body().split("\n")[0]).contains("\"order\":1");
        for (String bad : List.of("title,ASC", "order,UP", "order,ASC,x")) {
            Api.Reply r = s.get("/source-storage/records?orderBy=" + bad);
            assertThat(r.status()).as(bad).isEqualTo(400);
            assertThat(r.body()).contains("'orderBy' parameter is incorrect");
        }

        String instanceId = UUID.randomUUID().toString();
        String id = create(recordJson(snap, "MARC_BIB", bibs.get(95), instance(instanceId, "sup1"))).get("id").asText();
        Api.Reply suppressed = s.put("/source-storage/records/" + instanceId + "/suppress-from-discovery?idType=INSTANCE",
                Json.object());
        assertThat(suppressed.status()).as(suppressed.body()).isEqualTo(200);
        assertThat(s.get("/source-storage/records/" + id).json().at("/additionalInfo/suppressDiscovery").asBoolean())
                .isTrue();
        assertThat(s.put("/source-storage/records/" + id + "/suppress-from-discovery?suppress=false", Json.object())
                .status()).isEqualTo(200);
        assertThat(s.get("/source-storage/records/" + id).json().at("/additionalInfo/suppressDiscovery").asBoolean())
                .isFalse();
        String unknown = UUID.randomUUID().toString();
        Api.Reply missing = s.put("/source-storage/records/" + unknown + "/suppress-from-discovery?idType=INSTANCE",
                Json.object());
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("Record with INSTANCE id: " + unknown + " was not found");
        assertThat(s.put("/source-storage/records/" + id + "/suppress-from-discovery?suppress=perhaps", Json.object())
                .status()).isEqualTo(400);
    }
}
