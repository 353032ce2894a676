package org.quire.dataimport;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.db.TableStatistics;
import org.quire.platform.tenancy.Tenants;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new tenant's first import leaves its tables with the planner's statistics, not waiting for autovacuum (off here
 * for the tenant's tables, so that only the job can have analysed them); small writes into large tables do not
 * re-analyse them.
 */
class ImportStatisticsTest {
    static final Path BIB = Path.of("../shared/data/marc/bib/folio-data-import-100.mrc");
    static Api.Session s;
    static Database db;
    static String schema;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("import_statistics");
        db = TestServer.get().database();
        schema = Tenants.schema("import_statistics");
        db.tx(c -> {
            for (String t : ImportJob.WRITTEN_TABLES) {
                Sql.update(c, "ALTER TABLE " + schema + "." + t + " SET (autovacuum_enabled = false)", List.of());
            }
            return null;
        });
    }

    static List<String> tablesWithStatistics() {
        return db.read(c -> Sql.list(c, "SELECT DISTINCT tablename FROM pg_stats WHERE schemaname = ? AND "
                + "tablename IN ('instance', 'srs_record') ORDER BY tablename", List.of(schema), rs -> rs.getString(1)));
    }

    @Test
    void aFirstImportLeavesItsTablesAnalysed() throws Exception {
        assertThat(tablesWithStatistics()).isEmpty();
        DataImportClient.importFile(s, "first.mrc", Files.readAllBytes(BIB));
        // the job analyses right after it is COMMITTED, on its own thread
        long deadline = System.currentTimeMillis() + 30_000;
        while (tablesWithStatistics().size() < 2 && System.currentTimeMillis() < deadline) Thread.sleep(100);
        assertThat(tablesWithStatistics()).containsExactly("instance", "srs_record");
    }

    @Test
    void fewRowsIntoAnAnalysedTableLeaveItAlone() {
        String table = "stats_probe";
        List<String> analysed = db.tx(c -> {
            Sql.update(c, "CREATE TABLE " + schema + "." + table + " AS SELECT g FROM generate_series(1, 10000) g",
                    List.of());
            Sql.update(c, "ANALYZE " + schema + "." + table, List.of());
            return List.of(
                    String.join(",", TableStatistics.analyzeAfterWriting(c, schema, List.of(table), 1_000)),
                    String.join(",", TableStatistics.analyzeAfterWriting(c, schema, List.of(table), 1_051)),
                    String.join(",", TableStatistics.analyzeAfterWriting(c, schema, List.of("no_such_table"), 100)));
        });
        assertThat(analysed).containsExactly("", table, "");
    }
}
