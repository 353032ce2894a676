package org.quire.circulation;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request-expiry job's candidate query and the hold shelf clearance report use indexes, not sequential scans, on
 * 100,000 items with 100,000 requests (mostly closed, as in a library's history).
 */
class RequestExpiryPlansTest {
    static final int ROWS = 100_000;
    static Database db;
    static String schema;

    @BeforeAll
    static void load() {
        Fixtures.tenant("expiry_plans");
        db = TestServer.get().database();
        schema = Tenants.schema("expiry_plans");
        db.tx(c -> {
            String inst = UUID.randomUUID().toString(), hold = UUID.randomUUID().toString();
            Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                    + "VALUES (?::uuid, '{}', 'in-plan', 'Plan', 'FOLIO', ?::uuid)", List.of(inst, Fixtures.TEXT_TYPE));
            Sql.update(c, "INSERT INTO " + schema + ".holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                    + "VALUES (?::uuid, '{}', 'ho-plan', ?::uuid, ?::uuid)", List.of(hold, inst, Fixtures.MAIN_LIBRARY));
            // Every hundredth item on the hold shelf.
            Sql.update(c, "INSERT INTO " + schema + ".item (id, jsonb, hrid, holdings_record_id, barcode, status_name, "
                    + "material_type_id, permanent_loan_type_id, effective_location_id) SELECT gen_random_uuid(), '{}', "
                    + "'it' || g, ?::uuid, 'plan-' || g, CASE WHEN g % 100 = 0 THEN 'Awaiting pickup' ELSE 'Available' END, "
                    + "?::uuid, ?::uuid, ?::uuid FROM generate_series(1, ?) g",
                    List.of(hold, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY, ROWS));
            // One request per item: filled mostly, a few open or closed off the shelf.
            Sql.update(c, "INSERT INTO " + schema + ".request (id, jsonb, request_type, status, item_id, "
                    + "pickup_service_point_id, request_date, request_expiration_date, hold_shelf_expiration_date, "
                    + "awaiting_pickup_request_closed_date) SELECT gen_random_uuid(), '{}', 'Hold', CASE i.rn % 100 "
                    + "WHEN 0 THEN 'Closed - Pickup expired' WHEN 1 THEN 'Open - Not yet filled' "
                    + "WHEN 2 THEN 'Open - Awaiting pickup' ELSE 'Closed - Filled' END, i.id, ?::uuid, now(), "
                    + "now() + interval '30 days', now() + interval '10 days', "
                    + "CASE WHEN i.rn % 100 = 0 THEN now() END FROM (SELECT id, row_number() OVER () rn FROM "
                    + schema + ".item) i", List.of(Fixtures.CIRC_DESK_1));
            for (String t : List.of("item", "request")) Sql.update(c, "ANALYZE " + schema + "." + t, List.of());
            return null;
        });
    }

    /** The generic plan PostgreSQL chooses for {@code sql} with these parameter values. */
    static String plan(String sql, Object... params) {
        return db.tx(c -> {
            Sql.update(c, "SET LOCAL plan_cache_mode = force_generic_plan", List.of());
            StringBuilder numbered = new StringBuilder();
            int n = 0;
            for (char ch : sql.toCharArray()) numbered.append(ch == '?' ? "$" + (++n) : String.valueOf(ch));
            Sql.update(c, "PREPARE expiry_plan AS " + numbered, List.of());
            StringBuilder exec = new StringBuilder("EXPLAIN EXECUTE expiry_plan(");
            for (int i = 0; i < params.length; i++) exec.append(i > 0 ? ", " : "").append('\'').append(params[i]).append('\'');
            List<String> lines = Sql.list(c, exec + ")", List.of(), rs -> rs.getString(1));
            Sql.update(c, "DEALLOCATE expiry_plan", List.of());
            return String.join("\n", lines);
        });
    }

    @Test
    void expiryCandidates_rangeScanThePartialIndexes() {
        String p = plan(RequestExpiry.candidatesSql(schema), "2026-01-01T00:00:00Z", 200, "2026-01-01T00:00:00Z", 200, 200);
        assertThat(p).as(p).doesNotContain("Seq Scan")
                .contains("request_expiration_open_idx").contains("request_hold_shelf_expiration_idx");
    }

    @Test
    void holdShelfClearanceReport_startsFromTheItemsOnTheShelf() {
        String p = plan(HoldShelfClearance.reportSql(schema), Fixtures.CIRC_DESK_1);
        assertThat(p).as(p).doesNotContain("Seq Scan").contains("request_closed_off_shelf_idx")
                .doesNotContain("request_requester_status_idx");
    }
}
