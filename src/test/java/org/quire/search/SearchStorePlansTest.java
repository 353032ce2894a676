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
}
