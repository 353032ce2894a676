package org.quire.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cico SQL floor does the work its description (and docs/benchmarks.md) says, and writes as many outbox events as
 * Quire's own check-out and check-in: counted by PostgreSQL (pg_stat_statements), on a tenant set up as the bench's.
 */
class CicoSqlFloorTest {
    static HikariDataSource pool;

    @BeforeAll
    static void pool() {
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(TestServer.get().database().embeddedJdbcUrl());
        hc.setMaximumPoolSize(2);
        pool = new HikariDataSource(hc);
    }

    @AfterAll
    static void close() {
        pool.close();
    }

    /** A tenant as the bench prepares one: FOLIO's reference data, the bench's fallback-only rules. */
    static Api.Session benchTenant(String tenant) {
        Api.Session s = Fixtures.tenant(tenant);
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", DataSetup.FALLBACK_RULES)).status())
                .isEqualTo(204);
        Fixtures.patron(s, tenant + "-u", Fixtures.UNDERGRAD, true);
        for (String b : List.of("q1", "q2", "f1", "f2"))
            Fixtures.item(s, tenant + "-" + b, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        return s;
    }

    @Test
    void benchConfiguration_sameEventsAsQuire_fiveAndThreeStatements() throws Exception {
        String t = "floor_bench";
        Api.Session s = benchTenant(t);
        CicoSqlFloor floor = new CicoSqlFloor(pool, Tenants.schema(t), Fixtures.CIRC_DESK_1);
        // Warm Quire's caches (rules, permissions) as a desk's steady state has them.
        ok(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(t + "-q2", t + "-u")), 201);
        ok(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(t + "-q2", Fixtures.CIRC_DESK_1)), 200);

        long[] quireOut = counted(t, () -> ok(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(t + "-q1", t + "-u")), 201));
        long[] quireIn = counted(t, () -> ok(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(t + "-q1", Fixtures.CIRC_DESK_1)), 200));
        long[] floorOut = counted(t, () -> floor(() -> floor.checkOut(t + "-f1", t + "-u")));
        assertThat(itemStatus(s, t + "-f1")).isEqualTo("Checked out");
        long[] floorIn = counted(t, () -> floor(() -> floor.checkIn(t + "-f1")));
        assertThat(itemStatus(s, t + "-f1")).isEqualTo("Available");

        assertThat(quireOut[1]).as("Quire's check-out events").isEqualTo(2);
        assertThat(quireIn[1]).as("Quire's check-in events").isEqualTo(2);
        assertThat(floorOut[1]).as("floor check-out events").isEqualTo(quireOut[1]);
        assertThat(floorIn[1]).as("floor check-in events").isEqualTo(quireIn[1]);
        assertThat(floorOut[0]).as("floor check-out statements (COMMIT not counted)").isEqualTo(4);
        assertThat(floorIn[0]).as("floor check-in statements").isEqualTo(2);
        // The floor's loan, closed, as Quire's would be.
        String schema = Tenants.schema(t);
        List<String> loans = TestServer.get().database().read(c -> Sql.list(c, "SELECT l.status_name FROM " + schema
                + ".loan l JOIN " + schema + ".item i ON i.id = l.item_id WHERE i.barcode = ?", List.of(t + "-f1"),
                rs -> rs.getString(1)));
        assertThat(loans).containsExactly("Closed");
    }

    @Test
    void blockLimitsAndNotices_whenTheDataHasThem_costWhatTheDescriptionSays() throws Exception {
        String t = "floor_rich";
        Api.Session s = benchTenant(t);
        // A limit of the patron's group that blocks borrowing, and loan notices in the rules' notice policy.
        ObjectNode cond = (ObjectNode) s.get("/patron-block-conditions/3d7c52dc-c732-4223-8bf8-e5917801386f").json();
        ok(s.put("/patron-block-conditions/3d7c52dc-c732-4223-8bf8-e5917801386f",
                cond.put("blockBorrowing", true).put("message", "Too many")), 204);
        ok(s.post("/patron-block-limits", Json.object().put("patronGroupId", Fixtures.UNDERGRAD)
                .put("conditionId", "3d7c52dc-c732-4223-8bf8-e5917801386f").put("value", 50)), 201);
        String policyPath = "/patron-notice-policy-storage/patron-notice-policies/122b3d2b-4788-4f1e-9117-56daa91cb75c";
        ObjectNode policy = (ObjectNode) s.get(policyPath).json();
        ArrayNode notices = policy.putArray("loanNotices");
        for (String when : List.of("Check out", "Check in", "Due date"))
            notices.addObject().put("name", when).put("templateId", "6ff2d0ea-5e77-4e1b-a7f9-2fe8b1a3d6e1")
                    .put("format", "Email").put("realTime", true).put("frequency", "One time")
                    .putObject("sendOptions").put("sendWhen", when).put("sendHow", "Upon At");
        ok(s.put(policyPath, policy), 204);
        CicoSqlFloor floor = new CicoSqlFloor(pool, Tenants.schema(t), Fixtures.CIRC_DESK_1);

        long[] out = counted(t, () -> floor(() -> floor.checkOut(t + "-f1", t + "-u")));
        assertThat(out[0]).as("check-out: 4 + patron lock + counts + notices").isEqualTo(7);
        assertThat(notices(t)).containsExactlyInAnyOrder("Check out", "Due date");
        long[] in = counted(t, () -> floor(() -> floor.checkIn(t + "-f1")));
        assertThat(in[0]).as("check-in: 2 + notices").isEqualTo(3);
        assertThat(notices(t)).containsExactlyInAnyOrder("Check out", "Check in");
    }

    interface FloorCall {
        void run() throws Exception;
    }

    static void floor(FloorCall call) {
        try {
            call.run();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The scheduled notices' triggering events in the tenant. */
    static List<String> notices(String tenant) {
        return TestServer.get().database().read(c -> Sql.list(c, "SELECT triggering_event FROM " + Tenants.schema(tenant)
                + ".scheduled_notice", List.of(), rs -> rs.getString(1)));
    }

    static String itemStatus(Api.Session s, String barcode) {
        return s.get("/item-storage/items", "barcode==" + barcode).json().path("items").path(0).path("status")
                .path("name").asText();
    }

    /**
     * {statements on the tenant's schema as PostgreSQL counted them, outbox rows written}: the rows are counted by the
     * outbox's id sequence, since one statement may write several writes' events among other rows.
     */
    static long[] counted(String tenant, Runnable action) {
        long before = lastOutboxId(tenant);
        long statements = StatementCount.of(tenant, action);
        return new long[]{statements, lastOutboxId(tenant) - before};
    }

    private static long lastOutboxId(String tenant) {
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT CASE WHEN is_called THEN last_value ELSE 0 END"
                + " FROM " + Tenants.schema(tenant) + ".outbox_id_seq", List.of(), rs -> rs.getLong(1)).orElseThrow());
    }

    static Api.Reply ok(Api.Reply r, int status) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        return r;
    }
}
