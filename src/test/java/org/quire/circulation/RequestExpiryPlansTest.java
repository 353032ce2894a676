package org.quire.circulation;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.platform.db.Sql;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request-expiry job's candidate query and the hold shelf clearance report use indexes, not sequential scans, on
 * 100,000 items with 100,000 requests (mostly closed, as in a library's history).
 */
class RequestExpiryPlansTest {
    static PlanFixtures plans;

    @BeforeAll
    static void load() {
        plans = PlanFixtures.tenant("expiry_plans");
        String schema = plans.schema;
        plans.db.tx(c -> {
            // Every hundredth item on the hold shelf.
            plans.items(c, PlanFixtures.ROWS, "CASE WHEN g % 100 = 0 THEN 'Awaiting pickup' ELSE 'Available' END");
            // One request per item: filled mostly, a few open or closed off the shelf.
            Sql.update(c, "INSERT INTO " + schema + ".request (id, jsonb, request_type, status, item_id, "
                    + "pickup_service_point_id, request_date, request_expiration_date, hold_shelf_expiration_date, "
                    + "awaiting_pickup_request_closed_date) SELECT gen_random_uuid(), '{}', 'Hold', CASE i.rn % 100 "
                    + "WHEN 0 THEN 'Closed - Pickup expired' WHEN 1 THEN 'Open - Not yet filled' "
                    + "WHEN 2 THEN 'Open - Awaiting pickup' ELSE 'Closed - Filled' END, i.id, ?::uuid, now(), "
                    + "now() + interval '30 days', now() + interval '10 days', "
                    + "CASE WHEN i.rn % 100 = 0 THEN now() END FROM (SELECT id, row_number() OVER () rn FROM "
                    + schema + ".item) i", List.of(Fixtures.CIRC_DESK_1));
            plans.analyze(c, "item", "request");
            return null;
        });
    }

    @Test
    void expiryCandidates_rangeScanThePartialIndexes() {
        String p = plans.plan(RequestStore.expiryCandidatesSql(plans.schema), "2026-01-01T00:00:00Z", 200, "2026-01-01T00:00:00Z", 200, 200);
        assertThat(p).as(p).doesNotContain("Seq Scan")
                .contains("request_expiration_open_idx").contains("request_hold_shelf_expiration_idx");
    }

    @Test
    void holdShelfClearanceReport_startsFromTheItemsOnTheShelf() {
        String p = plans.plan(RequestStore.holdShelfClearanceSql(plans.schema), Fixtures.CIRC_DESK_1);
        assertThat(p).as(p).doesNotContain("Seq Scan").contains("request_closed_off_shelf_idx")
                .doesNotContain("request_requester_status_idx");
    }
}
