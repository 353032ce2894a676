package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RTAC's kept answers (AvailabilityCache) are given again only while nothing they show has changed: every kind of
 * write that changes an answer — through the API, and as plain SQL, as another process on the database would —
 * is seen by the next request, and an answer still current costs one statement.
 */
class RtacCacheTest {
    static final String TENANT = "rtac_cache";
    static Api.Session s;
    static String instance, holdings, item1, item2;

    @BeforeAll
    static void data() {
        s = Fixtures.tenant(TENANT);
        instance = Fixtures.instance(s, "A book whose availability changes");
        holdings = Fixtures.holdings(s, instance, Fixtures.MAIN_LIBRARY);
        item1 = item(holdings, "rc-1");
        item2 = item(holdings, "rc-2");
        Fixtures.patron(s, "rc-u1", Fixtures.UNDERGRAD, true);
    }

    static String item(String holdingsId, String barcode) {
        return Fixtures.itemIn(s, holdingsId, barcode);
    }

    static JsonNode rtac() {
        Api.Reply r = s.get("/rtac/" + instance);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("holdings");
    }

    static JsonNode row(String id) {
        for (JsonNode h : rtac()) if (h.path("id").asText().equals(id)) return h;
        throw new AssertionError("no row " + id);
    }

    static void sql(String statement) {
        TestServer.get().database().tx(c -> Sql.update(c, statement.replace("$s", Tenants.schema(TENANT)), List.of()));
    }

    /**
     * A data import writes each chunk under a savepoint: the holdings records and items it creates with their instance
     * leave the instance's new version row alone (V47; V46 compared the top-level transaction's id only, so under a
     * savepoint each of them re-versioned the instance once more).
     */
    @Test
    void recordsCreatedWithTheirInstanceUnderASavepoint_leaveItsVersionRowAlone() {
        String schema = Tenants.schema(TENANT);
        ObjectNode created = Json.object().put("title", "Imported with its holdings and item").put("source", "MARC")
                .put("instanceTypeId", Fixtures.TEXT_TYPE);
        List<String> versions = TestServer.get().database().tx(c -> {
            java.sql.Savepoint chunk = c.setSavepoint();
            org.quire.inventory.InventoryTypes.INSTANCES.insert(c, schema, created, null);
            String id = created.get("id").asText();
            String before = version(c, id);
            ObjectNode h = org.quire.inventory.InventoryTypes.HOLDINGS.insert(c, schema, Json.object()
                    .put("instanceId", id).put("permanentLocationId", Fixtures.MAIN_LIBRARY), null);
            ObjectNode i = Json.object().put("holdingsRecordId", h.get("id").asText()).put("barcode", "rc-sp")
                    .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE);
            i.putObject("status").put("name", "Available");
            org.quire.inventory.InventoryTypes.ITEMS.insert(c, schema, i, null);
            String after = version(c, id);
            c.releaseSavepoint(chunk);
            return List.of(before, after);
        });
        assertThat(versions.getLast()).as("version row (version, xmin) after the holdings record and item")
                .isEqualTo(versions.getFirst());
    }

    private static String version(java.sql.Connection c, String instanceId) throws java.sql.SQLException {
        return Sql.one(c, "SELECT version || '/' || xmin FROM " + Tenants.schema(TENANT)
                + ".availability_version WHERE instance_id = ?::uuid", List.of(instanceId), rs -> rs.getString(1))
                .orElseThrow();
    }

    @Test
    void aCurrentAnswerCostsOneStatement_aChangedOneTwo_andShowsTheChange() {
        Api.Reply first = s.get("/rtac/" + instance);
        assertThat(first.status()).isEqualTo(200);
        assertThat(StatementCount.of(TENANT, RtacCacheTest::rtac)).as("kept and current").isEqualTo(1);
        Api.Reply again = s.get("/rtac/" + instance);
        assertThat(again.body()).isEqualTo(first.body());

        // A change of another instance leaves this answer current.
        Fixtures.item(s, "rc-other", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        assertThat(StatementCount.of(TENANT, RtacCacheTest::rtac)).isEqualTo(1);

        sql("UPDATE $s.item SET status_name = 'Missing', jsonb = jsonb_set(jsonb, '{status,name}', '\"Missing\"') "
                + "WHERE barcode = 'rc-2'");
        assertThat(StatementCount.of(TENANT, RtacCacheTest::rtac)).as("changed: versions, then the answer")
                .isEqualTo(2);
        assertThat(row(item2).path("status").asText()).isEqualTo("Missing");
        sql("UPDATE $s.item SET status_name = 'Available', jsonb = jsonb_set(jsonb, '{status,name}', '\"Available\"') "
                + "WHERE barcode = 'rc-2'");
        assertThat(row(item2).path("status").asText()).isEqualTo("Available");
    }

    @Test
    void circulation_loansAndRequests_areSeen() {
        assertThat(row(item1).path("status").asText()).isEqualTo("Available");
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("rc-1", "rc-u1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        JsonNode loaned = row(item1);
        assertThat(loaned.path("status").asText()).isEqualTo("Checked out");
        assertThat(Instant.parse(loaned.path("dueDate").asText()))
                .isEqualTo(Instant.parse(out.json().path("dueDate").asText()));

        // The due date alone (a renewal, here by another process): the loan's own trigger.
        sql("UPDATE $s.loan SET due_date = '2031-01-02T03:04:05Z' WHERE status_name = 'Open' AND item_id = '"
                + item1 + "'");
        assertThat(row(item1).path("dueDate").asText()).isEqualTo("2031-01-02T03:04:05.000Z");

        String requester = Fixtures.patron(s, "rc-u2", Fixtures.UNDERGRAD, true).path("id").asText();
        Api.Reply hold = s.post("/circulation/requests", Json.object().put("requestType", "Hold")
                .put("requestLevel", "Item").put("itemId", item1).put("holdingsRecordId", holdings)
                .put("instanceId", instance).put("requesterId", requester)
                .put("pickupServicePointId", Fixtures.CIRC_DESK_1).put("fulfillmentPreference", "Hold Shelf")
                .put("requestDate", Instant.now().toString()));
        assertThat(hold.status()).as(hold.body()).isEqualTo(201);
        assertThat(row(item1).path("totalHoldRequests").asInt()).isEqualTo(1);

        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("rc-1", Fixtures.CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        JsonNode back = row(item1);
        assertThat(back.path("status").asText()).isEqualTo(in.json().path("item").path("status").path("name").asText())
                .isNotEqualTo("Checked out");
        assertThat(back.has("dueDate")).isFalse();
    }

    @Test
    void inventory_andReferenceNames_areSeen() {
        String other = Fixtures.instance(s, "Holdings come and go");
        String h = Fixtures.holdings(s, other, Fixtures.MAIN_LIBRARY);
        assertThat(rows(other)).hasSize(1); // the holdings record stands for its (no) items
        String added = item(h, "rc-3");
        assertThat(rows(other)).extracting(n -> n.path("id").asText()).containsExactly(added);
        item(h, "rc-4");
        assertThat(rows(other)).hasSize(2);
        assertThat(s.delete("/item-storage/items/" + added).status()).isEqualTo(204);
        assertThat(rows(other)).hasSize(1);
        Fixtures.holdings(s, other, Fixtures.MAIN_LIBRARY);
        assertThat(rows(other)).hasSize(2);

        // A location's new name re-versions every answer (the tenant's epoch).
        rows(other);
        ObjectNode location = (ObjectNode) s.get("/locations/" + Fixtures.MAIN_LIBRARY).json();
        String name = location.path("name").asText();
        location.put("name", name + " (renamed)");
        assertThat(s.put("/locations/" + Fixtures.MAIN_LIBRARY, location).status()).isEqualTo(204);
        assertThat(rows(other)).allSatisfy(r -> assertThat(r.path("location").asText()).isEqualTo(name + " (renamed)"));
        location.put("name", name);
        assertThat(s.put("/locations/" + Fixtures.MAIN_LIBRARY, location).status()).isEqualTo(204);

        // Suppressed from discovery: no longer answered.
        ObjectNode inst = (ObjectNode) s.get("/instance-storage/instances/" + other).json();
        assertThat(s.put("/instance-storage/instances/" + other, inst.put("discoverySuppress", true)).status())
                .isEqualTo(204);
        assertThat(s.get("/rtac/" + other).status()).isEqualTo(404);
    }

    @Test
    void aBatchOfKeptAnswers_isWrittenAsTheWholeAnswerWouldBe() {
        String unknown = UUID.randomUUID().toString();
        String empty = Fixtures.instance(s, "No holdings yet");
        ObjectNode body = Json.object();
        body.putArray("instanceIds").add(instance).add("not-a-uuid").add(empty).add(unknown).add(instance);
        Api.Reply cold = s.post("/rtac-batch", body);
        Api.Reply warm = s.post("/rtac-batch", body);
        assertThat(warm.body()).isEqualTo(cold.body());
        JsonNode answer = warm.json();
        assertThat(answer.path("holdings")).extracting(n -> n.path("instanceId").asText())
                .containsExactly(instance, empty);
        assertThat(answer.path("errors")).extracting(n -> n.path("message").asText()).containsExactly(
                "Instance not-a-uuid can not be retrieved", "Holdings not found for instance " + empty,
                "Instance " + unknown + " can not be retrieved");

        RtacBatch batch = RtacQuery.run(TestServer.get().database(), new AvailabilityCache(), Tenants.schema(TENANT),
                List.of(instance, "x", empty), false);
        assertThat(new String(batch.jsonBytes(), StandardCharsets.UTF_8)).isEqualTo(Json.write(batch.toJson()));
    }

    @Test
    void keptAnswers_areBoundedByTheirSize_leastRecentlyUsedFirst() {
        AvailabilityCache cache = new AvailabilityCache(3 * (2 * 100 + 200));
        var version = new RtacStore.Versions.Of(1, 1L);
        for (int i = 0; i < 4; i++) {
            var key = new AvailabilityCache.Key("s", new UUID(0, i), false);
            cache.put(key, new AvailabilityCache.Entry(key.instanceId().toString(), version,
                    new InstanceHoldings(key.instanceId().toString(), List.of()), new byte[100]));
            if (i == 2) cache.get(new AvailabilityCache.Key("s", new UUID(0, 0), false)); // 0 used: 1 is the eldest
        }
        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.get(new AvailabilityCache.Key("s", new UUID(0, 1), false))).isNull();
        assertThat(cache.get(new AvailabilityCache.Key("s", new UUID(0, 0), false))).isNotNull();
        // An answer without a version (an id never created) is not kept.
        cache.put(new AvailabilityCache.Key("s", new UUID(0, 9), false),
                AvailabilityCache.Entry.notFound("x", new RtacStore.Versions.Of(1, null)));
        assertThat(cache.get(new AvailabilityCache.Key("s", new UUID(0, 9), false))).isNull();
    }

    static JsonNode rows(String instanceId) {
        Api.Reply r = s.get("/rtac/" + instanceId);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("holdings");
    }
}
