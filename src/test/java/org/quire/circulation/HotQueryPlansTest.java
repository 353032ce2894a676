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
import org.quire.users.UserTypes;
import org.quire.inventory.InventoryTypes;
import org.quire.notices.NoticesStore;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statements of check-out, renewal and check-in by barcode use indexes, not sequential scans, on tables of 100,000
 * rows (FOLIO's 25-hour test degraded from 1.5 s to 3.8 s when a loan query stopped using its index). Each test
 * EXPLAINs the statement the code runs (its SQL from the store method, never a copy) and fails on a sequential scan of
 * any of the big tables. The statements were listed from PostgreSQL's own log of one check-out (filling a request,
 * under an item limit, an automated-block limit and a notice policy), one renewal and two check-ins
 * (pg_stat_statements); the list, by path:
 * <ul>
 * <li>all three: patron by barcode with manual blocks and block limits, item by barcode locked, the open loan locked,
 *     the item's request queue locked, the policies and service points (one UNION ALL of primary-key reads of
 *     reference tables of a few rows: not tested here);</li>
 * <li>check-out: the automated-block counts and the patron lock (a limit that blocks), the item-limit count, the proxy
 *     relations, the loan insert and the item update (each with its outbox insert), the notice inserts, a filled
 *     request's update and the queue's renumbering;</li>
 * <li>renewal: the counts (a limit that blocks renewals), the loan update, the due-date notices' replacement;</li>
 * <li>check-in: the loan and item updates, the check-in insert, the borrower by id, a request's update, the due-date
 *     notices' removal and the check-in notice.</li>
 * </ul>
 * Inserts (loan, outbox, check-in, notices) scan nothing and are not listed.
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
            // One request per item, each of its own title; every tenth still open.
            Sql.update(c, "INSERT INTO " + schema + ".request (id, jsonb, request_type, status, item_id, instance_id, "
                    + "requester_id, position, request_date) SELECT gen_random_uuid(), '{}', 'Hold', CASE WHEN "
                    + "row_number() OVER () % 10 = 0 THEN 'Open - Not yet filled' ELSE 'Closed - Filled' END, id, "
                    + "gen_random_uuid(), gen_random_uuid(), 1, now() FROM " + schema + ".item", List.of());
            // As many titles and holdings as items (the item lookup and the queue join them by id).
            Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                    + "SELECT gen_random_uuid(), '{}', 'in-plan-' || g, 'Plan ' || g, 'FOLIO', ?::uuid "
                    + "FROM generate_series(1, ?) g", List.of(Fixtures.TEXT_TYPE, ROWS));
            Sql.update(c, "INSERT INTO " + schema + ".holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                    + "SELECT gen_random_uuid(), '{}', 'ho-plan-' || i.hrid, i.id, ?::uuid FROM " + schema
                    + ".instance i WHERE i.hrid LIKE 'in-plan-%'", List.of(Fixtures.MAIN_LIBRARY));
            // A manual block, a proxy relation, a scheduled notice and a fee/fine account per user.
            Sql.update(c, "INSERT INTO " + schema + ".manual_block (id, jsonb, user_id) SELECT gen_random_uuid(), '{}', id FROM "
                    + schema + ".users", List.of());
            Sql.update(c, "INSERT INTO " + schema + ".proxy_for (id, jsonb, user_id, proxy_user_id) SELECT gen_random_uuid(), "
                    + "'{}', id, id FROM " + schema + ".users", List.of());
            Sql.update(c, "INSERT INTO " + schema + ".scheduled_notice (id, jsonb, loan_id, recipient_user_id, next_run_time, "
                    + "triggering_event) SELECT gen_random_uuid(), '{}', id, user_id, now(), 'Due date' FROM " + schema
                    + ".loan", List.of());
            Sql.update(c, "INSERT INTO " + schema + ".account (id, jsonb, user_id, item_id, loan_id, status_name) SELECT "
                    + "gen_random_uuid(), '{}', user_id, item_id, id, 'Open' FROM " + schema + ".loan", List.of());
            plans.analyze(c, BIG_TABLES.toArray(String[]::new));
            return null;
        });
    }

    /** The tables of 100,000 rows or more: a sequential scan of one of them on a desk's path fails the test. */
    static final List<String> BIG_TABLES = List.of("item", "users", "loan", "request", "instance", "holdings_record",
            "manual_block", "proxy_for", "scheduled_notice", "account");

    /** Fails when {@code plan} reads one of {@link #BIG_TABLES} sequentially. */
    static String noSeqScan(String what, String plan) {
        for (String table : BIG_TABLES)
            assertThat(plan).as(what + "\n" + plan).doesNotContainPattern("Seq Scan on " + table + "(\\s|$)");
        return plan;
    }

    /** Any statement's generic plan (no parameter values), checked for sequential scans of the big tables. */
    static String generic(String what, String sql) {
        return noSeqScan(what, plans.genericPlan(sql));
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
        UUID item = db.read(c -> Sql.one(c, "SELECT item_id FROM " + schema + ".request LIMIT 1", List.of(),
                rs -> rs.getObject(1, UUID.class)).orElseThrow());
        String p = plan(RequestStore.itemQueueSql(schema), item, item);
        // The title's part ("item_id IS NULL AND instance_id = ...") is an index probe too, whichever index serves it.
        assertThat(noSeqScan("item queue", p)).contains("request_item_open_queue_idx")
                .contains("request_instance_unfilled_title_idx");
    }

    @Test
    void itemWithItsOpenLoanAndQueue_asCheckOutCheckInAndRenewalReadThem_usesTheirIndexes() {
        String barcode = db.read(c -> Sql.one(c, "SELECT i.barcode FROM " + schema + ".request r JOIN " + schema
                + ".item i ON i.id = r.item_id WHERE i.barcode IS NOT NULL LIMIT 1", List.of(),
                rs -> rs.getString(1)).orElseThrow());
        UUID item = db.read(c -> Sql.one(c, "SELECT id FROM " + schema + ".item WHERE barcode = ?", List.of(barcode),
                rs -> rs.getObject(1, UUID.class)).orElseThrow());
        String byBarcode = plan(RequestStore.itemLoanAndQueueSql(schema, true), barcode);
        assertThat(noSeqScan("item by barcode, open loan and queue", byBarcode)).contains("item_barcode_key")
                .contains("loan_one_open_per_item").contains("request_item_open_queue_idx")
                .contains("request_instance_unfilled_title_idx");
        String byId = plan(RequestStore.itemLoanAndQueueSql(schema, false), item);
        assertThat(noSeqScan("item by id, open loan and queue", byId)).contains("item_pkey")
                .contains("loan_one_open_per_item").contains("request_item_open_queue_idx");
        // Check-in's: the service point checked in at too.
        UUID sp = db.read(c -> Sql.one(c, "SELECT id FROM " + schema + ".service_point LIMIT 1", List.of(),
                rs -> rs.getObject(1, UUID.class)).orElseThrow());
        String withSp = plan(RequestStore.itemLoanAndQueueSql(schema, true, true), barcode, sp);
        assertThat(noSeqScan("item by barcode, open loan, queue and service point", withSp))
                .contains("item_barcode_key").contains("loan_one_open_per_item").contains("service_point_pkey");
    }

    // --- the other statements of check-out, renewal and check-in (generic plans, whatever the values) ----------

    @Test
    void patronByBarcode_readsTheirManualBlocksByIndex() {
        assertThat(generic("patron", UsersStore.patronByBarcodeSql(schema))).contains("users_barcode_key")
                .contains("manual_block_user_id_idx");
    }

    @Test
    void itemByBarcode_joinsHoldingsAndInstanceByPrimaryKey() {
        assertThat(generic("item", InventoryStore.itemByBarcodeSql(schema, true))).contains("item_barcode_key")
                .contains("holdings_record_pkey").contains("instance_pkey");
    }

    @Test
    void patronLock_beforeCountingTheirLoans_usesThePrimaryKey() {
        assertThat(generic("patron lock", UsersStore.lockPatronSql(schema))).contains("users_pkey");
    }

    @Test
    void itemLimitCount_everyKindOfRule_usesTheLoanUserIndex() {
        for (boolean byMaterial : List.of(false, true))
            for (boolean byLoanType : List.of(false, true))
                assertThat(generic("item limit " + byMaterial + "/" + byLoanType,
                        LoanStore.openLoansOfKindSql(schema, byMaterial, byLoanType)))
                        .contains("loan_user_id_status_idx").contains("item_pkey");
    }

    @Test
    void proxyRelations_useAnIndex() {
        assertThat(generic("proxy", LoanStore.proxyRelationsSql(schema))).containsAnyOf("proxy_for_user_id_idx",
                "proxy_for_proxy_user_id_idx");
    }

    @Test
    void writesByPrimaryKey_loanItemRequest_withTheirOutboxInserts() {
        assertThat(generic("loan update", CirculationTypes.LOANS.updateSql(schema))).contains("loan_pkey")
                .contains("Insert on outbox");
        assertThat(generic("item update", InventoryTypes.ITEMS.updateSql(schema))).contains("item_pkey")
                .contains("Insert on outbox");
        assertThat(generic("request update", RequestQueue.REQUESTS.updateSql(schema))).contains("request_pkey");
    }

    @Test
    void borrowerById_forTheCheckInAnswer_usesThePrimaryKey() {
        assertThat(generic("borrower", UserTypes.USERS.getSql(schema))).contains("users_pkey");
    }

    @Test
    void requestQueueRenumbering_afterAFilledRequest_usesTheQueueIndex() {
        assertThat(generic("renumber", RequestStore.renumberItemQueueSql(schema))).contains("request_pkey")
                .containsAnyOf("request_item_open_queue_idx", "request_instance_open_queue_idx");
    }

    @Test
    void loanNoticesDropped_onRenewalAndCheckIn_useTheLoanIndex() {
        assertThat(generic("notices", NoticesStore.dropSql(schema, "loan_id"))).contains("scheduled_notice_loan_id_idx");
    }

    @Test
    void automatedBlockCounts_genericPlan_useTheUserIndexes() {
        assertThat(generic("counts", PatronBlocksStore.countsSql(schema))).contains("loan_user_id_status_idx")
                .contains("account_user_id_status_idx");
    }
}
