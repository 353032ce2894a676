package org.quire.platform.records;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Writes sent together are one statement: every record and every event written, each as its store alone would write
 * it (stamped, versioned, typed columns), or — when one of them fails in the database — none.
 */
class StagedWriteTest {
    static final String SCHEMA = "tenant_staged_writes";

    @org.junit.jupiter.api.BeforeAll
    static void setUp() {
        Fixtures.tenant("staged_writes");
    }

    private static ObjectNode instance(String id, String title) {
        return Json.object().put("id", id).put("title", title).put("instanceTypeId", Fixtures.TEXT_TYPE)
                .put("source", "FOLIO");
    }

    @Test
    void anInsertAndAReplace_inOneStatement_writeBothRowsAndBothEvents() {
        String first = UUID.randomUUID().toString(), second = UUID.randomUUID().toString();
        TestServer.get().database().tx(c -> InventoryTypes.INSTANCES.insert(c, SCHEMA, instance(first, "Before"), null));

        List<String> events = TestServer.get().database().tx(c -> {
            ObjectNode old = InventoryTypes.INSTANCES.getForUpdate(c, SCHEMA, UUID.fromString(first)).orElseThrow();
            StagedWrite replace = InventoryTypes.INSTANCES.stagedReplace(c, SCHEMA, old, instance(first, "After"), null);
            StagedWrite insert = InventoryTypes.INSTANCES.stagedInsert(c, SCHEMA, instance(second, "New"), null);
            assertThat(replace.statements()).as("the update and its outbox insert").hasSize(2);
            StagedWrite.together(c, replace, insert);
            assertThat(replace.record().path("_version").asInt()).isEqualTo(2);
            // read before the commit: the dispatcher cannot have taken these events yet
            return Sql.list(c, "SELECT (payload->>'type') || ' ' || coalesce(payload->'old'->>'title', '-') || ' '"
                    + " || (payload->'new'->>'title') FROM " + SCHEMA + ".outbox WHERE record_id = ANY(?)"
                    + " AND (payload->>'type' = 'UPDATED' OR payload->'new'->>'title' = 'New')",
                    List.of(c.createArrayOf("uuid", new Object[]{UUID.fromString(first), UUID.fromString(second)})),
                    rs -> rs.getString(1));
        });

        // One statement's CTEs run in no set order; the outbox orders events per record, and these are two records.
        assertThat(events).containsExactlyInAnyOrder("UPDATED Before After", "CREATED - New");
        List<String> rows = TestServer.get().database().read(c -> Sql.list(c, "SELECT title || '/' || (jsonb->>'_version')"
                + " FROM " + SCHEMA + ".instance WHERE id = ANY(?) ORDER BY title",
                List.of(c.createArrayOf("uuid", new Object[]{UUID.fromString(first), UUID.fromString(second)})),
                rs -> rs.getString(1)));
        assertThat(rows).as("the typed column and the JSON, as each store writes them").containsExactly("After/2", "New/1");
    }

    /** Check-in's use: the writes and the records it needs after them in one statement, read as they were before. */
    @Test
    void lookupsReadInTheWritesStatement_seeTheRecordsAsTheyWereBeforeIt() {
        String kept = UUID.randomUUID().toString(), replaced = UUID.randomUUID().toString(),
                created = UUID.randomUUID().toString();
        TestServer.get().database().tx(c -> InventoryTypes.INSTANCES.insertAll(c, SCHEMA,
                List.of(instance(kept, "Kept"), instance(replaced, "Old title")), null, false));

        var found = TestServer.get().database().tx(c -> {
            ObjectNode old = InventoryTypes.INSTANCES.getForUpdate(c, SCHEMA, UUID.fromString(replaced)).orElseThrow();
            MultiGet lookups = new MultiGet().add("kept", InventoryTypes.INSTANCES, UUID.fromString(kept))
                    .add("replaced", InventoryTypes.INSTANCES, UUID.fromString(replaced))
                    .add("created", InventoryTypes.INSTANCES, UUID.fromString(created));
            return StagedWrite.together(c, List.of(
                    InventoryTypes.INSTANCES.stagedReplace(c, SCHEMA, old, instance(replaced, "New title"), null),
                    InventoryTypes.INSTANCES.stagedInsert(c, SCHEMA, instance(created, "Created"), null)), lookups);
        });

        assertThat(found.get("kept").path("title").asText()).isEqualTo("Kept");
        assertThat(found.get("replaced").path("title").asText()).as("the statement's snapshot").isEqualTo("Old title");
        assertThat(found).as("a record the statement creates is not yet there").doesNotContainKey("created");
        String stored = TestServer.get().database().read(c -> Sql.one(c, "SELECT title FROM " + SCHEMA
                + ".instance WHERE id = ?", List.of(UUID.fromString(replaced)), rs -> rs.getString(1)).orElseThrow());
        assertThat(stored).as("the writes were made all the same").isEqualTo("New title");
    }

    @Test
    void whenOneWriteFails_noneIsWritten() {
        String taken = UUID.randomUUID().toString(), fresh = UUID.randomUUID().toString();
        TestServer.get().database().tx(c -> InventoryTypes.INSTANCES.insert(c, SCHEMA, instance(taken, "Taken"), null));

        assertThatThrownBy(() -> TestServer.get().database().tx(c -> {
            StagedWrite.together(c, InventoryTypes.INSTANCES.stagedInsert(c, SCHEMA, instance(fresh, "Fresh"), null),
                    InventoryTypes.INSTANCES.stagedInsert(c, SCHEMA, instance(taken, "Duplicate"), null));
            return null;
        })).hasStackTraceContaining("duplicate key");

        long freshRows = TestServer.get().database().read(c -> Sql.list(c, "SELECT count(*) FROM " + SCHEMA
                + ".instance WHERE id = ?", List.of(UUID.fromString(fresh)), rs -> rs.getLong(1)).getFirst());
        assertThat(freshRows).isZero();
    }
}
