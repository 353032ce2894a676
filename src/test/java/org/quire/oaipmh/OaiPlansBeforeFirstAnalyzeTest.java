package org.quire.oaipmh;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A harvest right after a new tenant's first import, before autovacuum has analysed its tables: the
 * marc21_withholdings page still finds each instance's SRS bib by the instance id. (Without statistics, the bib's
 * type and state looked more selective than the id, and each of a page's instances read every bib through
 * srs_record_oai_idx: 8-9 s a page after a 20,000-record import.) Autovacuum is off for this tenant's two tables so
 * that it cannot analyse them while the test runs.
 */
class OaiPlansBeforeFirstAnalyzeTest {
    static final int ROWS = 20_000;
    static Database db;
    static String schema;

    @BeforeAll
    static void load() {
        Fixtures.tenant("oai_unanalysed");
        db = TestServer.get().database();
        schema = Tenants.schema("oai_unanalysed");
        db.tx(c -> {
            for (String t : List.of("instance", "srs_record")) {
                Sql.update(c, "ALTER TABLE " + schema + "." + t + " SET (autovacuum_enabled = false)", List.of());
            }
            OaiQueryPlansTest.insertInstances(c, schema, ROWS, false);
            return null;
        });
    }

    @Test
    void theTablesHaveNoStatistics() {
        long analysed = db.read(c -> Sql.one(c, "SELECT count(*) FROM pg_stats WHERE schemaname = ? AND tablename IN "
                + "('instance', 'srs_record')", List.of(schema), rs -> rs.getLong(1)).orElse(-1L));
        assertThat(analysed).isZero();
    }

    @Test
    void aWithHoldingsPageReadsEachBibByItsInstanceId() {
        Instant now = Instant.now().plusSeconds(1);
        for (boolean resumed : List.of(false, true)) {
            OaiStore.Filter f = new OaiStore.Filter(null, now, resumed
                    ? new OaiPageSql.Position(now.minusSeconds(ROWS / 2), UUID.randomUUID()) : null, true, false,
                    OaiSettings.RecordsSource.SRS, true);
            List<Object> params = new ArrayList<>();
            String sql = OaiStore.pageSql(schema, f, 101, true, params);
            String plan = db.read(c -> String.join("\n", Sql.list(c, "EXPLAIN (ANALYZE, BUFFERS) " + sql, params,
                    rs -> rs.getString(1))));
            assertThat(plan).as(plan).contains("srs_record_instance_id_idx").doesNotContain("srs_record_oai_idx")
                    .doesNotContainPattern("Seq Scan on (instance|srs_record)(\\s|$)");
            // the plan OaiStore.page keeps for a list without a from date
            String generic = OaiQueryPlansTest.genericPlan(db, sql);
            assertThat(generic).as(generic).contains("srs_record_instance_id_idx").doesNotContain("srs_record_oai_idx")
                    .doesNotContainPattern("Seq Scan on (instance|srs_record)(\\s|$)");
        }
    }
}
