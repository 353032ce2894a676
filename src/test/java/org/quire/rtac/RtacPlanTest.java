package org.quire.rtac;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The RTAC statement reaches one instance's holdings, items and open loans through indexes, not sequential scans,
 * when the tables hold 50,000 holdings records and 100,000 items (filled straight through SQL, as the circulation
 * plan tests do; over HTTP it would take minutes), and reads the holdings' JSON once per holdings record.
 */
class RtacPlanTest {
    static final int INSTANCES = 50_000;
    static Database db;
    static String schema;
    static UUID instance;

    @BeforeAll
    static void load() {
        Fixtures.tenant("rtac_plan");
        db = TestServer.get().database();
        schema = Tenants.schema("rtac_plan");
        db.tx(c -> {
            String s = schema + ".";
            Sql.update(c, "INSERT INTO " + s + "instance (id, jsonb, hrid, title, source, instance_type_id) "
                    + "SELECT gen_random_uuid(), '{}', 'in-rp' || g, 'Plan ' || g, 'FOLIO', ?::uuid "
                    + "FROM generate_series(1, ?) g", List.of(Fixtures.TEXT_TYPE, INSTANCES));
            // One holdings record per instance and two items per holdings record; every tenth item on loan.
            Sql.update(c, "INSERT INTO " + s + "holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                    + "SELECT gen_random_uuid(), '{}', 'ho-' || hrid, id, ?::uuid FROM " + s + "instance",
                    List.of(Fixtures.MAIN_LIBRARY));
            Sql.update(c, "INSERT INTO " + s + "item (id, jsonb, hrid, holdings_record_id, barcode, status_name, "
                    + "material_type_id, permanent_loan_type_id, effective_location_id) "
                    + "SELECT gen_random_uuid(), jsonb_build_object('status', jsonb_build_object('name', 'Available')), "
                    + "'it-' || h.hrid || '-' || n, h.id, 'rp-' || h.hrid || '-' || n, 'Available', ?::uuid, ?::uuid, "
                    + "?::uuid FROM " + s + "holdings_record h, generate_series(1, 2) n",
                    List.of(Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY));
            Sql.update(c, "INSERT INTO " + s + "loan (id, jsonb, item_id, status_name, loan_date, due_date, action) "
                    + "SELECT gen_random_uuid(), '{}', id, 'Open', now(), now() + interval '14 days', 'checkedout' "
                    + "FROM (SELECT id, row_number() OVER () rn FROM " + s + "item) i WHERE rn % 10 = 0", List.of());
            for (String t : List.of("instance", "holdings_record", "item", "loan", "availability_version"))
                Sql.update(c, "ANALYZE " + s + t, List.of());
            instance = Sql.one(c, "SELECT id FROM " + s + "instance WHERE hrid = 'in-rp777'", List.of(),
                    rs -> rs.getObject(1, UUID.class)).orElseThrow();
            return null;
        });
    }

    /** The plan of the availability statement (fullPeriodicals false). */
    static String plan(List<UUID> ids) {
        return plan(RtacStore.sql(schema), ids, true);
    }

    static String plan(String sql, List<UUID> ids, boolean withFullPeriodicals) {
        return db.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql)) {
                ps.setArray(1, c.createArrayOf("uuid", ids.toArray()));
                if (withFullPeriodicals) ps.setBoolean(2, false);
                List<String> lines = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) lines.add(rs.getString(1));
                }
                return String.join("\n", lines);
            }
        });
    }

    @Test
    void oneInstance_usesIndexes() {
        String p = plan(List.of(instance));
        assertThat(p).doesNotContain("Seq Scan on instance", "Seq Scan on holdings_record", "Seq Scan on item ",
                "Seq Scan on loan").contains("holdings_record_instance_id_idx", "loan_one_open_per_item");
        assertThat(p).containsPattern("item_holdings_record_id(_order)?_idx");
    }

    @Test
    void keptAnswersVersions_areReadByTheirKey() {
        List<UUID> ids = db.read(c -> Sql.list(c, "SELECT id FROM " + schema + ".instance ORDER BY hrid LIMIT 50",
                List.of(), rs -> rs.getObject(1, UUID.class)));
        assertThat(plan(RtacStore.versionsSql(schema), ids, false)).doesNotContain("Seq Scan on availability_version")
                .contains("availability_version_pkey");
    }

    @Test
    void fiftyInstances_useIndexes() {
        List<UUID> ids = db.read(c -> Sql.list(c, "SELECT id FROM " + schema + ".instance ORDER BY hrid LIMIT 50",
                List.of(), rs -> rs.getObject(1, UUID.class)));
        String p = plan(ids);
        assertThat(p).doesNotContain("Seq Scan on instance", "Seq Scan on holdings_record", "Seq Scan on item ",
                "Seq Scan on loan");
    }

    @Test
    void theAnswerIsThere() {
        RtacBatch batch = RtacQuery.run(db, new AvailabilityCache(), schema, List.of(instance.toString()), false);
        assertThat(batch.errors()).isEmpty();
        assertThat(batch.holdings().getFirst().holdings()).hasSize(2)
                .allSatisfy(h -> assertThat(h.status()).isEqualTo("Available"));
    }
}
