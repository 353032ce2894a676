package org.quire.platform.records;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * New records go in multi-row statements, more than one when the parameters would pass PostgreSQL's limit, each
 * record with its CREATED event in the same transaction, and a duplicate id fails the whole insert.
 */
class InsertRowsTest {
    static final String SCHEMA = "tenant_insert_rows";
    static org.quire.Api.Session s;

    @org.junit.jupiter.api.BeforeAll
    static void setUp() {
        s = Fixtures.tenant("insert_rows");
    }

    @Test
    void thousandsOfRecords_eachRowAndEachEvent_inSeveralStatements() {
        List<ObjectNode> records = new ArrayList<>();
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) { // over 30,000 parameters whatever the columns: two statements at least
            UUID id = UUID.randomUUID();
            ids.add(id);
            records.add(Json.object().put("id", id.toString()).put("title", "Rows " + i)
                    .put("instanceTypeId", Fixtures.TEXT_TYPE).put("source", "FOLIO"));
        }
        long[] counted = TestServer.get().database().tx(c -> {
            InventoryTypes.INSTANCES.insertAll(c, SCHEMA, records, null, false);
            var array = c.createArrayOf("uuid", ids.toArray());
            // counted before the commit: the dispatcher cannot have taken the events yet
            long rows = Sql.list(c, "SELECT count(*) FROM " + SCHEMA + ".instance WHERE id = ANY(?)", List.of(array),
                    rs -> rs.getLong(1)).getFirst();
            long events = Sql.list(c, "SELECT count(DISTINCT record_id) FROM " + SCHEMA + ".outbox WHERE record_id = ANY(?)"
                    + " AND topic = 'inventory.instance' AND payload->>'type' = 'CREATED'"
                    + " AND payload->'new'->>'title' LIKE 'Rows %'", List.of(array), rs -> rs.getLong(1)).getFirst();
            return new long[] {rows, events};
        });
        assertThat(counted).containsExactly(5_000L, 5_000L);
        servedOverHttp(records.get(4_999));
    }

    private static void servedOverHttp(ObjectNode last) {
        var r = s.get("/instance-storage/instances/" + last.path("id").asText());
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("title").asText()).isEqualTo("Rows 4999");
        assertThat(r.json().path("metadata").path("createdDate").isTextual()).isTrue();
    }

    @Test
    void aDuplicateId_failsTheWholeInsert() {
        String id = UUID.randomUUID().toString();
        List<ObjectNode> records = List.of(
                Json.object().put("id", UUID.randomUUID().toString()).put("title", "First")
                        .put("instanceTypeId", Fixtures.TEXT_TYPE).put("source", "FOLIO"),
                Json.object().put("id", id).put("title", "Second").put("instanceTypeId", Fixtures.TEXT_TYPE)
                        .put("source", "FOLIO"),
                Json.object().put("id", id).put("title", "Again").put("instanceTypeId", Fixtures.TEXT_TYPE)
                        .put("source", "FOLIO"));
        assertThatThrownBy(() -> TestServer.get().database().tx(c ->
                InventoryTypes.INSTANCES.insertAll(c, SCHEMA, records, null, false)))
                .hasStackTraceContaining("duplicate key");
        long left = TestServer.get().database().read(c -> Sql.list(c, "SELECT count(*) FROM " + SCHEMA
                + ".instance WHERE jsonb->>'title' IN ('First', 'Second', 'Again')", List.of(), rs -> rs.getLong(1))
                .getFirst());
        assertThat(left).isZero();
    }
}
