package org.quire.circulation;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.users.UsersStore;
import org.quire.inventory.InventoryStore;
import org.quire.Fixtures;
import org.quire.circulation.blocks.PatronBlocksStore;
import org.quire.inventory.ItemView;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.users.PatronView;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hot queries of check-out and check-in use indexes, not sequential scans, on tables of 100,000 rows (FOLIO's
 * 25-hour test degraded from 1.5 s to 3.8 s when a loan query stopped using its index).
 */
class HotQueryPlansTest {
    static final int ROWS = PlanFixtures.ROWS;
    static PlanFixtures plans;
    static Database db;
    static String schema;

    @BeforeAll
    static void load() {
        plans = PlanFixtures.tenant("query_plans");
        db = plans.db;
        schema = plans.schema;
        db.tx(c -> {
            plans.items(c, ROWS, "'Available'");
            Sql.update(c, "INSERT INTO " + schema + ".users (id, jsonb, username, barcode, active, patron_group) "
                    + "SELECT gen_random_uuid(), '{}', 'plan-u' || g, 'plan-u' || g, true, ?::uuid FROM generate_series(1, ?) g",
                    List.of(Fixtures.UNDERGRAD, ROWS));
            // One loan per item for a thousand users; every tenth still open.
            Sql.update(c, "INSERT INTO " + schema + ".loan (id, jsonb, user_id, item_id, status_name, loan_date, action) "
                    + "SELECT gen_random_uuid(), '{}', u.id, i.id, CASE WHEN i.rn % 10 = 0 THEN 'Open' ELSE 'Closed' END, "
                    + "now(), 'checkedout' FROM (SELECT id, row_number() OVER () rn FROM " + schema + ".item) i "
                    + "JOIN (SELECT id, row_number() OVER () - 1 rn FROM " + schema + ".users LIMIT 1000) u "
                    + "ON u.rn = i.rn % 1000", List.of());
            plans.analyze(c, "item", "users", "loan");
            return null;
        });
    }

    static String plan(String sql, Object... params) {
        return plans.plan(sql, params);
    }

    static UUID someUser() {
        return db.read(c -> Sql.one(c, "SELECT user_id FROM " + schema + ".loan LIMIT 1", List.of(),
                rs -> rs.getObject(1, UUID.class)).orElseThrow());
    }

    @Test
    void tablesReallyHoldTheRows() {
        long items = db.read(c -> Sql.one(c, "SELECT count(*) FROM " + schema + ".item", List.of(), rs -> rs.getLong(1)).orElse(0L));
        long loans = db.read(c -> Sql.one(c, "SELECT count(*) FROM " + schema + ".loan", List.of(), rs -> rs.getLong(1)).orElse(0L));
        assertThat(items).isGreaterThanOrEqualTo(ROWS);
        assertThat(loans).isEqualTo(ROWS);
    }

    @Test
    void itemByBarcode_usesTheBarcodeIndex() {
        String p = plan(InventoryStore.itemByBarcodeSql(schema, true), "plan-777");
        assertThat(p).doesNotContain("Seq Scan on item").contains("item_barcode_key");
    }

    @Test
    void userByBarcode_usesTheBarcodeIndex() {
        String p = plan(UsersStore.patronByBarcodeSql(schema), "plan-u777");
        assertThat(p).doesNotContain("Seq Scan on users").contains("users_barcode_key");
    }

    @Test
    void patronCountsForAutomatedBlocks_useTheLoanUserIndex() {
        java.time.Instant now = java.time.Instant.now();
        UUID user = someUser();
        String p = plan(PatronBlocksStore.countsSql(schema), now, user, user);
        // (loan_policy, a table of a few rows, may be read whole for the grace periods)
        assertThat(p).doesNotContainPattern("Seq Scan on loan\\s").doesNotContain("Seq Scan on item")
                .contains("loan_user_id_status_idx").contains("account_user_id_status_idx");
    }

    @Test
    void ageToLostCandidates_useThePartialDueDateIndex() {
        String now = java.time.Instant.now().toString();
        String p = plan(LoanStore.ageToLostCandidatesSql(schema, false) + " ORDER BY l.due_date LIMIT ?",
                "{" + UUID.randomUUID() + "}", "{" + now + "}", "{" + now + "}", now, 200);
        assertThat(p).doesNotContain("Seq Scan on loan").contains("loan_age_to_lost_idx");
    }

    @Test
    void agedToLostBillingCandidates_useThePartialBillingIndex() {
        String p = plan(LoanStore.agedToLostBillingCandidatesSql(schema, false) + " ORDER BY l.aged_to_lost_bill_date LIMIT ?",
                java.time.Instant.now().toString(), 200);
        // The waiting loans' partial index, or (with no aged-to-lost items at all, as here) the item status index.
        assertThat(p).doesNotContain("Seq Scan on loan").doesNotContain("Seq Scan on item")
                .containsAnyOf("loan_aged_to_lost_billing_idx", "item_status_name_idx");
    }

    @Test
    void openLoanByItem_usesThePartialUniqueIndex() {
        UUID item = db.read(c -> Sql.one(c, "SELECT item_id FROM " + schema + ".loan LIMIT 1", List.of(),
                rs -> rs.getObject(1, UUID.class)).orElseThrow());
        String p = plan(LoanStore.openLoanSql(schema), item);
        assertThat(p).doesNotContain("Seq Scan on loan").contains("loan_one_open_per_item");
    }

    @Test
    void openLoansByUser_asFolioClientsAskForThem_useAnIndex() {
        UUID user = someUser();
        for (String cql : List.of("(userId==" + user + " and status.name<>Closed)", "userId==" + user
                + " and status.name==Open", "userId=" + user + " and status.name==\"Open\" sortBy loanDate")) {
            SqlWhere w = CirculationTypes.LOANS.translate(cql);
            List<Object> params = new ArrayList<>(w.params());
            String p = plan("SELECT jsonb FROM " + schema + ".loan WHERE " + w.where() + " ORDER BY loan_date DESC, id LIMIT 100",
                    params.toArray());
            assertThat(p).as(cql).doesNotContain("Seq Scan on loan").contains("loan_user_id_status_idx");
        }
    }


    @Test
    void itemRequestQueue_withTheTitlesUnfilledRequests_usesThePartialQueueIndexes() {
        db.tx(c -> {
            // One request per item, each of its own title; every tenth still open.
            Sql.update(c, "INSERT INTO " + schema + ".request (id, jsonb, request_type, status, item_id, instance_id, "
                    + "position, request_date) SELECT gen_random_uuid(), '{}', 'Hold', CASE WHEN row_number() OVER () % 10 = 0 "
                    + "THEN 'Open - Not yet filled' ELSE 'Closed - Filled' END, id, gen_random_uuid(), 1, now() FROM "
                    + schema + ".item", List.of());
            plans.analyze(c, "request");
            return null;
        });
        UUID item = db.read(c -> Sql.one(c, "SELECT item_id FROM " + schema + ".request LIMIT 1", List.of(),
                rs -> rs.getObject(1, UUID.class)).orElseThrow());
        String p = plan(RequestStore.itemQueueSql(schema), item, item);
        // The title's part ("item_id IS NULL AND instance_id = ...") is an index probe too, whichever index serves it.
        assertThat(p).doesNotContain("Seq Scan on request").contains("request_item_open_queue_idx");
    }
}
