package org.quire.oaipmh;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A harvest page is keyset steps over indexes, whatever the records source and format: on 20,000 instances (half
 * with an SRS MARC bib, written straight through SQL so that V43's triggers set has_srs_bib), the page statement
 * OaiStore runs — first page and a resumed one — reads no table sequentially and uses each stream's index.
 */
class OaiQueryPlansTest {
    static final int ROWS = 20_000;
    static Database db;
    static String schema;

    @BeforeAll
    static void load() {
        Fixtures.tenant("oai_plans");
        db = TestServer.get().database();
        schema = Tenants.schema("oai_plans");
        db.tx(c -> {
            insertInstances(c, schema, ROWS, true);
            for (String t : List.of("instance", "srs_record", "oai_instance_tombstone")) {
                Sql.update(c, "ANALYZE " + schema + "." + t, List.of());
            }
            return null;
        });
    }

    /**
     * {@code rows} instances a second apart written straight through SQL (so that V43's triggers set has_srs_bib),
     * each with an SRS MARC bib, or every other one when {@code halfWithBibs}.
     */
    static void insertInstances(Connection c, String schema, int rows, boolean halfWithBibs) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id, "
                + "updated_date) SELECT gen_random_uuid(), '{}', 'in-oai-' || g, 'Plan ' || g, 'FOLIO', ?::uuid, "
                + "now() - g * interval '1 second' FROM generate_series(1, ?) g", List.of(Fixtures.TEXT_TYPE, rows));
        UUID snapshot = UUID.randomUUID();
        Sql.update(c, "INSERT INTO " + schema + ".srs_snapshot (id, status, created_date, updated_date) "
                + "VALUES (?, 'COMMITTED', now(), now())", List.of(snapshot));
        Sql.update(c, "INSERT INTO " + schema + ".srs_record (id, matched_id, snapshot_id, record_type, state, "
                + "parsed_content, instance_id, created_date, updated_date) SELECT r, r, ?, 'MARC_BIB', 'ACTUAL', "
                + "'{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":[]}', i.id, now(), i.updated_date FROM "
                + "(SELECT id, updated_date, gen_random_uuid() r FROM " + schema + ".instance WHERE hrid LIKE "
                + "'in-oai-%'" + (halfWithBibs ? " AND right(hrid, 1) IN ('0', '2', '4', '6', '8')" : "") + ") i",
                List.of(snapshot));
    }

    static String explain(OaiSettings.RecordsSource source, boolean withHoldings, boolean resumed) {
        Instant now = Instant.now();
        OaiStore.Filter f = new OaiStore.Filter(now.minusSeconds(ROWS * 2L), now, resumed
                ? new OaiPageSql.Position(now.minusSeconds(ROWS / 2), UUID.randomUUID()) : null, true, false, source,
                withHoldings);
        List<Object> params = new ArrayList<>();
        String sql = OaiStore.pageSql(schema, f, 101, true, params);
        String plan = db.read(c -> String.join("\n", Sql.list(c, "EXPLAIN " + sql, params, rs -> rs.getString(1))));
        assertThat(plan).as(source + " " + withHoldings + "\n" + plan)
                .doesNotContainPattern("Seq Scan on (instance|srs_record)(\\s|$)");
        return plan;
    }

    @Test
    void tablesReallyHoldTheRows() {
        long marc = db.read(c -> Sql.one(c, "SELECT count(*) FROM " + schema + ".instance WHERE has_srs_bib", List.of(),
                rs -> rs.getLong(1)).orElse(0L));
        assertThat(marc).as("has_srs_bib kept by the SRS insert trigger").isEqualTo(ROWS / 2);
    }

    /** V41's SRS stream: its partial index, or on a resumed page the plain updated_date one (an incremental sort). */
    static final String SRS_INDEX = "srs_record_(oai|updated)_idx";

    @Test
    void marc21PagesUseTheSrsAndTheInventoryIndexes() {
        for (boolean resumed : List.of(false, true)) {
            assertThat(explain(OaiSettings.RecordsSource.SRS, false, resumed)).containsPattern(SRS_INDEX)
                    .doesNotContain("instance_oai");
            assertThat(explain(OaiSettings.RecordsSource.INVENTORY, false, resumed))
                    .contains("instance_oai_inventory_updated_idx").doesNotContain("on srs_record r ");
            assertThat(explain(OaiSettings.RecordsSource.SRS_AND_INVENTORY, false, resumed))
                    .containsPattern(SRS_INDEX).contains("instance_oai_inventory_updated_idx");
        }
    }

    /**
     * A harvest's resumed pages on one connection: PostgreSQL keeps a generic plan of the page statement instead of
     * planning every page (with the limits as parameters it never chose the generic plan: 0 generic, 12 custom).
     */
    @Test
    void aHarvestsPagesAreNotPlannedAnewEachTime() {
        long[] plans = db.tx(c -> {
            Instant until = Instant.now();
            OaiStore.Row last = OaiStore.page(c, schema, new OaiStore.Filter(null, until, null, true, false,
                    OaiSettings.RecordsSource.SRS, true), 101, true).get(100);
            for (int page = 0; page < 12; page++) {
                List<OaiStore.Row> rows = OaiStore.page(c, schema, new OaiStore.Filter(null, until,
                        new OaiPageSql.Position(last.datestamp(), last.key()), true, false,
                        OaiSettings.RecordsSource.SRS, true), 101, true);
                last = rows.get(100);
            }
            return Sql.one(c, "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE "
                    + "'%(i.complete!_updated!_date, i.id) > (%' ESCAPE '!' AND statement NOT LIKE "
                    + "'%pg!_prepared!_statements%' ESCAPE '!' ORDER BY generic_plans + custom_plans DESC LIMIT 1",
                    List.of(),
                    rs -> new long[] {rs.getLong(1), rs.getLong(2)}).orElseThrow();
        });
        assertThat(plans[0]).as("generic plans used (custom: " + plans[1] + ")").isGreaterThanOrEqualTo(6);
    }

    /**
     * The plan those pages keep (OaiStore.page forces the generic plan): for every source and format, first page or
     * resumed, with a from date or without, the instances and SRS records are still walked in the order of their
     * index, with no sort of what the filter matches and no sequential scan (the tombstones' table, empty here, may
     * be read whole). With from as a second bound instead of a keyset position, the generic plan sorted the range.
     */
    @Test
    void theGenericPlanOfEveryPageIsAKeysetWalk() {
        Instant now = Instant.now();
        for (OaiSettings.RecordsSource source : OaiSettings.RecordsSource.values()) {
            for (boolean withHoldings : List.of(false, true)) {
                for (boolean resumed : List.of(false, true)) {
                    for (boolean withFrom : List.of(false, true)) {
                        OaiStore.Filter f = new OaiStore.Filter(withFrom ? now.minusSeconds(ROWS / 2) : null, now,
                                resumed ? new OaiPageSql.Position(now.minusSeconds(ROWS / 4), UUID.randomUUID()) : null,
                                true, false, source, withHoldings);
                        String plan = genericPlan(db, OaiStore.pageSql(schema, f, 101, true, new ArrayList<>()));
                        assertThat(plan).as(source + " withHoldings " + withHoldings + " resumed " + resumed
                                        + " from " + withFrom + "\n" + plan)
                                .doesNotContainPattern("(Seq Scan|Bitmap Heap Scan) on (instance|srs_record) ")
                                .doesNotContainPattern("->  Sort .*\n\\s+Sort Key: [ir]\\.");
                    }
                }
            }
        }
    }

    /**
     * A from date is where a list starts: its first page returns the records from that date on, the same as a
     * second bound would, to the microsecond (a record dated a microsecond before from is left out).
     */
    @Test
    void aFromDateStartsTheListAtThatDate() {
        List<OaiStore.Row> all = db.tx(c -> OaiStore.page(c, schema, new OaiStore.Filter(null, Instant.now(), null,
                true, false, OaiSettings.RecordsSource.SRS_AND_INVENTORY, false), ROWS * 2, false));
        Instant from = all.get(ROWS / 3).datestamp();
        List<OaiStore.Row> fromOn = db.tx(c -> OaiStore.page(c, schema, new OaiStore.Filter(from, Instant.now(), null,
                true, false, OaiSettings.RecordsSource.SRS_AND_INVENTORY, false), ROWS * 2, false));
        List<OaiStore.Row> expected = all.stream().filter(r -> !r.datestamp().isBefore(from)).toList();
        assertThat(fromOn).extracting(OaiStore.Row::key).containsExactlyElementsOf(expected.stream()
                .map(OaiStore.Row::key).toList());
        assertThat(expected).hasSizeLessThan(all.size());
        Instant justAfter = from.plusNanos(1000);
        List<OaiStore.Row> afterFrom = db.tx(c -> OaiStore.page(c, schema, new OaiStore.Filter(justAfter,
                Instant.now(), null, true, false, OaiSettings.RecordsSource.SRS_AND_INVENTORY, false), 1, false));
        assertThat(afterFrom).extracting(OaiStore.Row::key).containsExactly(expected.get(1).key());
    }

    /** The generic plan of a statement with ? parameters: prepared with $n, explained with forced generic plans. */
    static String genericPlan(Database db, String sql) {
        StringBuilder numbered = new StringBuilder();
        int n = 0;
        for (char ch : sql.toCharArray()) {
            if (ch == '?') numbered.append('$').append(++n);
            else numbered.append(ch);
        }
        String nulls = String.join(", ", java.util.Collections.nCopies(n, "NULL"));
        return db.tx(c -> {
            Sql.update(c, "PREPARE oai_page AS " + numbered, List.of());
            Sql.one(c, "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)", List.of(),
                    rs -> rs.getString(1));
            String plan = String.join("\n", Sql.list(c, "EXPLAIN EXECUTE oai_page(" + nulls + ")", List.of(),
                    rs -> rs.getString(1)));
            Sql.update(c, "DEALLOCATE oai_page", List.of());
            return plan;
        });
    }

    @Test
    void withHoldingsPagesUseEachSourcesCompleteUpdatedDateIndex() {
        for (boolean resumed : List.of(false, true)) {
            assertThat(explain(OaiSettings.RecordsSource.SRS, true, resumed))
                    .contains("instance_oai_srs_idx", "srs_record_oai_deleted_idx");
            assertThat(explain(OaiSettings.RecordsSource.INVENTORY, true, resumed)).contains("instance_oai_inventory_idx");
            assertThat(explain(OaiSettings.RecordsSource.SRS_AND_INVENTORY, true, resumed))
                    .contains("instance_oai_srs_idx", "instance_oai_inventory_idx", "srs_record_oai_deleted_idx");
        }
    }
}
