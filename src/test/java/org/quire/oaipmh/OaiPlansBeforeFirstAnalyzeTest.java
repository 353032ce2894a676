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
            Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id, "
                    + "updated_date) SELECT gen_random_uuid(), '{}', 'in-un-' || g, 'Plan ' || g, 'MARC', ?::uuid, "
                    + "now() FROM generate_series(1, ?) g", List.of(Fixtures.TEXT_TYPE, ROWS));
            UUID snapshot = UUID.randomUUID();
            Sql.update(c, "INSERT INTO " + schema + ".srs_snapshot (id, status, created_date, updated_date) "
                    + "VALUES (?, 'COMMITTED', now(), now())", List.of(snapshot));
            Sql.update(c, "INSERT INTO " + schema + ".srs_record (id, matched_id, snapshot_id, record_type, state, "
                    + "parsed_content, instance_id, created_date, updated_date) SELECT r, r, ?, 'MARC_BIB', 'ACTUAL', "
                    + "'{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":[]}', i.id, now(), now() FROM "
                    + "(SELECT id, gen_random_uuid() r FROM " + schema + ".instance) i", List.of(snapshot));
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
            OaiStore.Filter f = new OaiStore.Filter(null, now, resumed ? now.minusSeconds(3600) : null,
                    resumed ? UUID.randomUUID() : null, true, false, OaiSettings.RecordsSource.SRS, true);
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
