package org.quire.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Quire;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;
import picocli.CommandLine;

/** Tenant ids must fit the schema name tenant_<id>, and a failed creation leaves no schema and no registry row. */
class TenantCreationTest {
    private final Api.Session platform = TestServer.platformAdmin();
    private final Database db = TestServer.get().database();

    private static String id(String stem, int length) {
        return (stem + "_".repeat(length)).substring(0, length);
    }

    /** Schemas whose name starts like tenant_<id> (PostgreSQL would have cut a long one at 63 bytes). */
    private List<String> schemasLike(String id) {
        String prefix = Tenants.schema(id).substring(0, Math.min(63, Tenants.schema(id).length()));
        return db.read(c -> Sql.list(c, "SELECT schema_name FROM information_schema.schemata WHERE left(schema_name, "
                + "length(?)) = ?", List.of(prefix, prefix), rs -> rs.getString(1)));
    }

    private boolean registered(String id) {
        return db.read(c -> Sql.one(c, "SELECT 1 FROM platform.tenant WHERE id = ?", List.of(id), rs -> true))
                .isPresent();
    }

    @Test
    void idsTooLongForTheSchemaName_are400_andCreateNothing() {
        assertThat(Tenants.MAX_ID_LENGTH).isEqualTo(56);
        for (int length : new int[] {57, 63, 64}) {
            String id = id("long_id_" + length, length);
            Api.Reply r = platform.post("/_/tenants?loadReference=false", Json.object().put("id", id));
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.body()).contains("Invalid tenant id '" + id + "'").contains("1 to 56 lowercase letters");
            assertThat(schemasLike(id)).isEmpty();
            assertThat(registered(id)).isFalse();
        }
    }

    @Test
    void theLongestIdFits_itsSchemaNameIsExact() {
        String id = id("longest_fitting", 56);
        Api.Reply r = platform.post("/_/tenants?loadReference=false", Json.object().put("id", id));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(schemasLike(id)).containsExactly("tenant_" + id);
        assertThat(Tenants.schema(id)).hasSize(63);
        assertThat(registered(id)).isTrue();
    }

    @Test
    void cliRefusesAnIdTooLong_inOneLine() {
        String id = id("cli_long", 57);
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Quire.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("tenant", "create", id, "--db-url", db.embeddedJdbcUrl());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("quire: " + Tenants.invalidIdMessage(id));
        assertThat(schemasLike(id)).isEmpty();
    }

    @Test
    void aCreationFailingAfterTheMigrations_leavesNoSchemaAndNoRow() {
        String id = "fails_on_register";
        // the registry refuses this id, after the schema has been created and migrated
        db.tx(c -> Sql.update(c, "ALTER TABLE platform.tenant ADD CONSTRAINT test_refuses_" + id
                + " CHECK (id <> '" + id + "')", List.of()));
        try {
            assertThatThrownBy(() -> TestServer.get().tenants().create(id, "Fails")).hasMessageContaining("test_refuses");
        } finally {
            db.tx(c -> Sql.update(c, "ALTER TABLE platform.tenant DROP CONSTRAINT test_refuses_" + id, List.of()));
        }
        assertThat(schemasLike(id)).isEmpty();
        assertThat(registered(id)).isFalse();
        assertThat(TestServer.get().tenants().exists(id)).isFalse();
        // and the id can be created afterwards
        assertThat(TestServer.get().tenants().create(id, "Works")).isTrue();
        assertThat(schemasLike(id)).containsExactly("tenant_" + id);
    }
}
