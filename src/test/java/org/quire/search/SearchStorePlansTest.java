package org.quire.search;

import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TableReads;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The indexer's read of instances with their holdings and items keys on ids whatever PostgreSQL's statistics say. A
 * new tenant's first import writes before autovacuum's first ANALYZE, and without statistics the plain join of holdings
 * and items was hashed: every instance indexed read every item of the tenant.
 */
class SearchStorePlansTest {

    @Test
    void anInstancesItemsAreReadByItsHoldingsIds_beforeTheTablesHaveStatistics() {
        Fixtures.tenant("search_no_stats");
        String s = Tenants.schema("search_no_stats");
        Database db = TestServer.get().database();
        long[] readAndFound = db.tx(c -> {
            // 300 instances, each with a holdings record and an item, never committed: no statistics
            Sql.update(c, "INSERT INTO " + s + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                    + "SELECT gen_random_uuid(), '{}', 'in-ns-' || g, 'No statistics', 'FOLIO', ?::uuid "
                    + "FROM generate_series(1, 300) g", List.of(Fixtures.TEXT_TYPE));
            Sql.update(c, "INSERT INTO " + s + ".holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                    + "SELECT gen_random_uuid(), '{}', 'ho-ns-' || hrid, id, ?::uuid FROM " + s + ".instance "
                    + "WHERE hrid LIKE 'in-ns-%'", List.of(Fixtures.MAIN_LIBRARY));
            Sql.update(c, "INSERT INTO " + s + ".item (id, jsonb, hrid, holdings_record_id, status_name, "
                    + "material_type_id, permanent_loan_type_id) SELECT gen_random_uuid(), '{}', 'it-' || hrid, id, "
                    + "'Available', ?::uuid, ?::uuid FROM " + s + ".holdings_record WHERE hrid LIKE 'ho-ns-%'",
                    List.of(Fixtures.BOOK, Fixtures.CAN_CIRCULATE));
            UUID one = Sql.one(c, "SELECT id FROM " + s + ".instance WHERE hrid = 'in-ns-7'", List.of(),
                    rs -> rs.getObject(1, UUID.class)).orElseThrow();
            long before = TableReads.of(c, s + ".item");
            List<SearchStore.InstanceRows> rows = SearchStore.instances(c, s, List.of(one));
            return new long[]{TableReads.of(c, s + ".item") - before, rows.getFirst().items().size()};
        });
        assertThat(readAndFound[1]).as("the instance's items").isEqualTo(1);
        assertThat(readAndFound[0]).as("item rows read for one instance of 300").isEqualTo(1);
    }

    /**
     * Statistics taken while a new tenant had few holdings records (autovacuum's first ANALYZE, mid-import) say that
     * an instance has hundreds of them; sorted by hrid for the answer, that estimate made PostgreSQL walk the hrid
     * index of all holdings records per instance instead of the instance's few (the bench's set-up: 16 ms per
     * instance, 32 s for a batch of 2,000, EXPLAIN ANALYZE). And a prepared statement planned while the tables were
     * nearly empty keeps that plan (a generic plan after five runs) once they have grown.
     */
    @Test
    void theReadKeysOnIds_withStatisticsOfATenantThatHadFewRecords() {
        Fixtures.tenant("search_grown");
        String s = Tenants.schema("search_grown");
        Database db = TestServer.get().database();
        long read = db.tx(c -> {
            // 2 instances with 50 holdings records of 20 items each, analyzed: "an instance has half the holdings"
            // (with 5 instances of 20 the estimate left index and sequential scan within a few percent of each
            // other, and the plan flipped between CI runs)
            Sql.update(c, "INSERT INTO " + s + ".instance (id, hrid, jsonb, title, source, instance_type_id) "
                    + "SELECT gen_random_uuid(), 'in-few-' || g, '{}', 'Few', 'FOLIO', ?::uuid "
                    + "FROM generate_series(1, 2) g", List.of(Fixtures.TEXT_TYPE));
            Sql.update(c, "INSERT INTO " + s + ".holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                    + "SELECT gen_random_uuid(), '{}', 'ho-' || i.hrid || '-' || g, i.id, ?::uuid FROM " + s
                    + ".instance i, generate_series(1, 50) g WHERE i.hrid LIKE 'in-few-%'", List.of(Fixtures.MAIN_LIBRARY));
            Sql.update(c, "INSERT INTO " + s + ".item (id, jsonb, hrid, holdings_record_id, status_name, "
                    + "material_type_id, permanent_loan_type_id) SELECT gen_random_uuid(), '{}', 'it-' || h.hrid || '-' "
                    + "|| g, h.id, 'Available', ?::uuid, ?::uuid FROM " + s + ".holdings_record h, generate_series(1, 20) g",
                    List.of(Fixtures.BOOK, Fixtures.CAN_CIRCULATE));
            Sql.update(c, "ANALYZE " + s + ".instance, " + s + ".holdings_record, " + s + ".item", List.of());
            UUID first = Sql.one(c, "SELECT id FROM " + s + ".instance WHERE hrid = 'in-few-1'", List.of(),
                    rs -> rs.getObject(1, UUID.class)).orElseThrow();
            for (int i = 0; i < 8; i++) SearchStore.instances(c, s, List.of(first)); // planned on nearly empty tables
            insert(c, s, "SELECT gen_random_uuid(), 'in-gr-' || g FROM generate_series(1, 5000) g", List.of());
            UUID later = Sql.one(c, "SELECT id FROM " + s + ".instance WHERE hrid = 'in-gr-2500'", List.of(),
                    rs -> rs.getObject(1, UUID.class)).orElseThrow();
            long before = TableReads.of(c, s + ".holdings_record");
            SearchStore.instances(c, s, List.of(later));
            return TableReads.of(c, s + ".holdings_record") - before;
        });
        assertThat(read).as("holdings rows read for an instance with one of 5,100").isLessThan(10);
    }

    /**
     * A connection keeps its prepared statements, and PostgreSQL gives one a generic plan after five runs: planned
     * while the tables were nearly empty, it scanned every holdings record per instance once they had grown.
     */
    @Test
    void theReadKeysOnIds_underAStatementPlannedWhileTheTablesWereNearlyEmpty() {
        Fixtures.tenant("search_generic");
        String s = Tenants.schema("search_generic");
        long read = TestServer.get().database().tx(c -> {
            UUID first = UUID.randomUUID();
            insert(c, s, "SELECT ?::uuid, 'in-ge-0'", List.of(first));
            Sql.update(c, "ANALYZE " + s + ".instance, " + s + ".holdings_record, " + s + ".item", List.of());
            for (int i = 0; i < 8; i++) SearchStore.instances(c, s, List.of(first));
            insert(c, s, "SELECT gen_random_uuid(), 'in-ge-' || g FROM generate_series(1, 5000) g", List.of());
            long before = TableReads.of(c, s + ".holdings_record");
            SearchStore.instances(c, s, List.of(first));
            return TableReads.of(c, s + ".holdings_record") - before;
        });
        assertThat(read).as("holdings rows read for one instance of 5,001").isLessThan(10);
    }

    /** Instances of {@code idsAndHrids} (id, hrid), each with a holdings record. */
    private static void insert(java.sql.Connection c, String s, String idsAndHrids, List<Object> params)
            throws java.sql.SQLException {
        Sql.update(c, "INSERT INTO " + s + ".instance (id, hrid, jsonb, title, source, instance_type_id) "
                + "SELECT v.*, '{}', 'Grown', 'FOLIO', '" + Fixtures.TEXT_TYPE + "'::uuid FROM (" + idsAndHrids
                + ") v", params);
        Sql.update(c, "INSERT INTO " + s + ".holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                + "SELECT gen_random_uuid(), '{}', 'ho-' || i.hrid, i.id, ?::uuid FROM " + s + ".instance i "
                + "WHERE NOT EXISTS (SELECT FROM " + s + ".holdings_record h WHERE h.instance_id = i.id)",
                List.of(Fixtures.MAIN_LIBRARY));
    }
}
