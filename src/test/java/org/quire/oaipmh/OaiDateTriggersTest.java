package org.quire.oaipmh;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TableReads;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V44: the OAI date triggers keep {@code has_srs_bib} and {@code complete_updated_date} right without rewriting an
 * instance row its own transaction has just written (an import's record was rewritten by its SRS record and again by
 * its holdings), and are planned at each run (a plan cached while the tables were empty made a new tenant's import
 * scan all of srs_record per instance). A rewrite shows as a new {@code ctid} of the instance row. V45: the probes
 * read by the instance id whatever the statistics.
 */
class OaiDateTriggersTest {
    static Database db;
    static String schema;
    static UUID snapshot = UUID.randomUUID();

    @BeforeAll
    static void tenant() {
        Fixtures.tenant("oai_triggers");
        db = TestServer.get().database();
        schema = Tenants.schema("oai_triggers");
        db.tx(c -> Sql.update(c, "INSERT INTO " + schema + ".srs_snapshot (id, status, created_date, updated_date) "
                + "VALUES (?, 'COMMITTED', now(), now())", List.of(snapshot)));
    }

    @Test
    void anImportsRecord_srsFirst_isBornOnTheSrsSide_andItsHoldingsDoNotRewriteIt() {
        UUID instance = UUID.randomUUID();
        db.tx(c -> {
            insertSrs(c, UUID.randomUUID(), instance, "ACTUAL");
            insertInstance(c, instance);
            String born = ctid(c, instance);
            assertThat(hasSrsBib(c, instance)).as("born with its SRS bib").isTrue();
            Sql.update(c, "INSERT INTO " + schema + ".holdings_record (id, jsonb, hrid, instance_id, "
                    + "permanent_location_id) VALUES (gen_random_uuid(), '{}', 'ho-trig-1', ?, ?::uuid)",
                    List.of(instance, Fixtures.MAIN_LIBRARY));
            assertThat(ctid(c, instance)).as("not rewritten by its holdings in the same transaction").isEqualTo(born);
            return null;
        });
        // a later transaction's holdings change re-dates it
        String before = db.read(c -> date(c, instance));
        db.tx(c -> Sql.update(c, "UPDATE " + schema + ".holdings_record SET call_number = 'QA1' WHERE instance_id = ?",
                List.of(instance)));
        String after = db.read(c -> date(c, instance));
        assertThat(after).isGreaterThan(before);
    }

    @Test
    void aNewSrsGeneration_keepsTheInstanceOnTheSrsSide_withoutRewritingIt_andDeletingTheBibClearsIt() {
        UUID instance = UUID.randomUUID();
        UUID first = UUID.randomUUID();
        db.tx(c -> {
            insertInstance(c, instance);
            insertSrs(c, first, instance, "ACTUAL");
            return null;
        });
        boolean marked = db.read(c -> hasSrsBib(c, instance));
        assertThat(marked).as("an SRS bib written after its instance marks it").isTrue();
        UUID second = UUID.randomUUID();
        db.tx(c -> {
            // as an update import does: the instance, then SrsStore.newGenerations (old one OLD, then the new one)
            Sql.update(c, "UPDATE " + schema + ".instance SET title = 'Changed' WHERE id = ?", List.of(instance));
            String changed = ctid(c, instance);
            Sql.update(c, "UPDATE " + schema + ".srs_record SET state = 'OLD' WHERE id = ?", List.of(first));
            insertSrs(c, second, instance, "ACTUAL");
            assertThat(ctid(c, instance)).as("not rewritten by its new generation").isEqualTo(changed);
            assertThat(hasSrsBib(c, instance)).isTrue();
            return null;
        });
        db.tx(c -> Sql.update(c, "DELETE FROM " + schema + ".srs_record WHERE instance_id = ?", List.of(instance)));
        boolean stillMarked = db.read(c -> hasSrsBib(c, instance));
        assertThat(stillMarked).as("no SRS bib left: the Inventory side").isFalse();
    }

    @Test
    void theDateTriggers_arePlannedAtEachRun() {
        // not oai_instance_touched: its probe is safe with a kept plan (V45, the test above)
        List<String> functions = List.of("oai_instance_created", "oai_holdings_changed", "oai_srs_changed",
                "oai_instance_deleted");
        for (String f : functions) {
            String config = db.read(c -> Sql.one(c, "SELECT array_to_string(proconfig, ',') FROM pg_proc p JOIN "
                    + "pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = ? AND p.proname = ?",
                    List.of(schema, f), rs -> rs.getString(1)).orElse(""));
            assertThat(config).as(f).contains("plan_cache_mode=force_custom_plan");
        }
    }

    /**
     * V45: before srs_record's first ANALYZE (a new tenant's first import) the instance insert's "has it an SRS bib?"
     * probe read every bib through the OAI index, one scan of the whole table per instance written. In a tenant whose
     * srs_record has never held a committed row, and so has no statistics, the probe must read none of 300 other bibs,
     * also with the plan plpgsql keeps after five runs made while srs_record was still empty (V45 no longer plans this
     * trigger at each run).
     */
    @Test
    void theInstanceInsertsSrsProbe_readsByInstanceId_beforeSrsRecordHasStatistics() {
        Fixtures.tenant("oai_probe");
        String probe = Tenants.schema("oai_probe");
        long fetched = db.tx(c -> {
            UUID snap = UUID.randomUUID();
            Sql.update(c, "INSERT INTO " + probe + ".srs_snapshot (id, status, created_date, updated_date) "
                    + "VALUES (?, 'COMMITTED', now(), now())", List.of(snap));
            for (int i = 0; i < 8; i++) {
                Sql.update(c, "INSERT INTO " + probe + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                        + "VALUES (gen_random_uuid(), '{}', ?, 'Early', 'FOLIO', ?::uuid)",
                        List.of("in-early-" + i, Fixtures.TEXT_TYPE));
            }
            Sql.update(c, "INSERT INTO " + probe + ".srs_record (id, matched_id, snapshot_id, generation, record_type, "
                    + "state, instance_id, created_date, updated_date) SELECT g, g, ?, 0, 'MARC_BIB', 'ACTUAL', "
                    + "gen_random_uuid(), now(), now() FROM (SELECT gen_random_uuid() AS g FROM generate_series(1, 300)) x",
                    List.of(snap));
            long before = TableReads.of(c, probe + ".srs_record");
            Sql.update(c, "INSERT INTO " + probe + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                    + "VALUES (gen_random_uuid(), '{}', 'in-probe-1', 'Probe', 'FOLIO', ?::uuid)", List.of(Fixtures.TEXT_TYPE));
            return TableReads.of(c, probe + ".srs_record") - before;
        });
        assertThat(fetched).as("SRS rows the probe read").isZero();
    }

    private static void insertInstance(Connection c, UUID id) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                + "VALUES (?, '{}', ?, 'Trigger test', 'MARC', ?::uuid)", List.of(id, "in-" + id, Fixtures.TEXT_TYPE));
    }

    private static void insertSrs(Connection c, UUID id, UUID instance, String state) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".srs_record (id, matched_id, snapshot_id, generation, record_type, "
                + "state, instance_id, created_date, updated_date) VALUES (?, ?, ?, (SELECT count(*) FROM " + schema
                + ".srs_record WHERE instance_id = ?), 'MARC_BIB', ?, ?, now(), now())",
                List.of(id, instance, snapshot, instance, state, instance));
    }

    private static String ctid(Connection c, UUID id) throws SQLException {
        return Sql.one(c, "SELECT ctid::text FROM " + schema + ".instance WHERE id = ?", List.of(id),
                rs -> rs.getString(1)).orElseThrow();
    }

    private static String date(Connection c, UUID id) throws SQLException {
        return Sql.one(c, "SELECT to_char(complete_updated_date, 'YYYY-MM-DD\"T\"HH24:MI:SS.US') FROM " + schema
                + ".instance WHERE id = ?", List.of(id), rs -> rs.getString(1)).orElseThrow();
    }

    private static boolean hasSrsBib(Connection c, UUID id) throws SQLException {
        return Sql.one(c, "SELECT has_srs_bib FROM " + schema + ".instance WHERE id = ?", List.of(id),
                rs -> rs.getBoolean(1)).orElseThrow();
    }
}
