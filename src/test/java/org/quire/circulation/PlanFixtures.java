package org.quire.circulation;

import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * The query-plan tests' shared set-up: a tenant whose tables are filled straight through SQL (100,000 rows would take
 * minutes over HTTP), and the plan PostgreSQL chooses for a statement. Used by {@link HotQueryPlansTest} and
 * {@link RequestExpiryPlansTest}.
 */
final class PlanFixtures {
    static final int ROWS = 100_000;

    final Database db;
    final String schema;

    private PlanFixtures(Database db, String schema) {
        this.db = db;
        this.schema = schema;
    }

    /** A new tenant (FOLIO's reference data and sample locations) whose tables the caller fills. */
    static PlanFixtures tenant(String tenant) {
        Fixtures.tenant(tenant);
        return new PlanFixtures(TestServer.get().database(), Tenants.schema(tenant));
    }

    /**
     * {@code rows} book items ('plan-1' …) in one holdings record of one instance at the main library; the item of row
     * {@code g} has the status the SQL expression {@code statusOfG} gives (e.g. {@code 'Available'}).
     */
    void items(Connection c, int rows, String statusOfG) throws SQLException {
        String inst = UUID.randomUUID().toString(), hold = UUID.randomUUID().toString();
        Sql.update(c, "INSERT INTO " + schema + ".instance (id, jsonb, hrid, title, source, instance_type_id) "
                + "VALUES (?::uuid, '{}', 'in-plan', 'Plan', 'FOLIO', ?::uuid)", List.of(inst, Fixtures.TEXT_TYPE));
        Sql.update(c, "INSERT INTO " + schema + ".holdings_record (id, jsonb, hrid, instance_id, permanent_location_id) "
                + "VALUES (?::uuid, '{}', 'ho-plan', ?::uuid, ?::uuid)", List.of(hold, inst, Fixtures.MAIN_LIBRARY));
        Sql.update(c, "INSERT INTO " + schema + ".item (id, jsonb, hrid, holdings_record_id, barcode, status_name, "
                + "material_type_id, permanent_loan_type_id, effective_location_id) SELECT gen_random_uuid(), '{}', "
                + "'it' || g, ?::uuid, 'plan-' || g, " + statusOfG + ", ?::uuid, ?::uuid, ?::uuid FROM generate_series(1, ?) g",
                List.of(hold, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY, rows));
    }

    /** Fresh statistics, as autovacuum would have them on a library's database. */
    void analyze(Connection c, String... tables) throws SQLException {
        for (String t : tables) Sql.update(c, "ANALYZE " + schema + "." + t, List.of());
    }

    /**
     * The generic plan of {@code sql} without parameter values ({@code EXPLAIN (GENERIC_PLAN)}, PostgreSQL 16+): what
     * a server-prepared statement runs after its fifth execution, whatever the values. Also for writes, which EXPLAIN
     * without executing them.
     */
    String genericPlan(String sql) {
        StringBuilder numbered = new StringBuilder();
        int n = 0;
        for (char ch : sql.toCharArray()) numbered.append(ch == '?' ? "$" + (++n) : String.valueOf(ch));
        // Through PL/pgSQL: JDBC's extended protocol would bind the $n it finds (none given), the SPI does not.
        return db.tx(c -> {
            Sql.update(c, "CREATE OR REPLACE FUNCTION pg_temp.generic_plan(q text) RETURNS SETOF text LANGUAGE plpgsql "
                    + "AS $$ BEGIN RETURN QUERY EXECUTE 'EXPLAIN (GENERIC_PLAN) ' || q; END $$", List.of());
            return String.join("\n", Sql.list(c, "SELECT * FROM pg_temp.generic_plan(?)", List.of(numbered.toString()),
                    rs -> rs.getString(1)));
        });
    }

    /** The generic plan PostgreSQL chooses for {@code sql} with these parameter values. */
    String plan(String sql, Object... params) {
        return db.tx(c -> {
            Sql.update(c, "SET LOCAL plan_cache_mode = force_generic_plan", List.of());
            StringBuilder numbered = new StringBuilder();
            int n = 0;
            for (char ch : sql.toCharArray()) numbered.append(ch == '?' ? "$" + (++n) : String.valueOf(ch));
            String name = "p" + Math.abs(sql.hashCode());
            Sql.update(c, "PREPARE " + name + " AS " + numbered, List.of());
            StringBuilder exec = new StringBuilder("EXPLAIN EXECUTE " + name + "(");
            for (int i = 0; i < params.length; i++) exec.append(i > 0 ? ", " : "").append('\'').append(params[i]).append('\'');
            List<String> lines = Sql.list(c, exec + ")", List.of(), rs -> rs.getString(1));
            Sql.update(c, "DEALLOCATE " + name, List.of());
            return String.join("\n", lines);
        });
    }
}
