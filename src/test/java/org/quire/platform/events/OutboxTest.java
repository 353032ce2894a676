package org.quire.platform.events;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** Item and loan changes reach consumers after commit, in order; a failed action publishes nothing. */
class OutboxTest {

    @Test
    void checkOutPublishesItemAndLoanEvents_afterCommit() throws Exception {
        Api.Session s = Fixtures.tenant("outbox_events");
        List<Event> seen = new CopyOnWriteArrayList<>();
        TestServer.get().events().subscribe(e -> {
            if (e.tenant().equals("outbox_events")) seen.add(e);
        });
        String itemId = Fixtures.item(s, "ob-1", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY).path("id").asText();
        Fixtures.patron(s, "ob-u1", Fixtures.UNDERGRAD, false);
        assertThat(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("ob-1", "ob-u1")).status()).isEqualTo(422);
        Fixtures.patron(s, "ob-u2", Fixtures.UNDERGRAD, true);
        assertThat(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("ob-1", "ob-u2")).status()).isEqualTo(201);

        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline && seen.stream().noneMatch(e -> e.topic().equals("circulation.loan"))) {
            Thread.sleep(50);
        }
        List<Event> itemEvents = seen.stream().filter(e -> e.recordId().toString().equals(itemId)).toList();
        assertThat(itemEvents).extracting(e -> e.payload().path("type").asText()).containsExactly("CREATED", "UPDATED");
        assertThat(itemEvents.getLast().payload().path("new").path("status").path("name").asText()).isEqualTo("Checked out");
        assertThat(itemEvents.getLast().payload().path("old").path("status").path("name").asText()).isEqualTo("Available");
        assertThat(seen).filteredOn(e -> e.topic().equals("circulation.loan")).hasSize(1);
        assertThat(seen).extracting(Event::id).isSorted();
        // Consumers run inside the delivering transaction, before its DELETE commits: wait for the commit.
        long pending = -1;
        for (long until = System.currentTimeMillis() + 5_000; System.currentTimeMillis() < until && pending != 0; ) {
            pending = TestServer.get().database().read(c -> Sql.one(c, "SELECT count(*) FROM "
                    + Tenants.schema("outbox_events") + ".outbox", List.of(), rs -> rs.getLong(1)).orElse(-1L));
            if (pending != 0) Thread.sleep(20);
        }
        assertThat(pending).as("events left in the outbox after delivery").isZero();
    }

    @Test
    void aDeleteWritesItsEventInTheDeletingStatement() throws Exception {
        Api.Session s = Fixtures.tenant("outbox_delete");
        List<Event> seen = new CopyOnWriteArrayList<>();
        TestServer.get().events().subscribe(e -> {
            if (e.tenant().equals("outbox_delete")) seen.add(e);
        });
        String itemId = Fixtures.item(s, "obd-1", Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY)
                .path("id").asText();
        // The row read and locked, then one statement that deletes it and appends its event (it was two).
        long statements = org.quire.StatementCount.of("outbox_delete",
                () -> assertThat(s.delete("/item-storage/items/" + itemId).status()).isEqualTo(204));
        assertThat(statements).isEqualTo(2);
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline && seen.stream().noneMatch(e -> e.payload().path("type")
                .asText().equals("DELETED"))) {
            Thread.sleep(50);
        }
        assertThat(seen).filteredOn(e -> e.recordId().toString().equals(itemId))
                .extracting(e -> e.payload().path("type").asText()).containsExactly("CREATED", "DELETED");
        assertThat(seen).filteredOn(e -> e.payload().path("type").asText().equals("DELETED")).singleElement()
                .satisfies(e -> assertThat(e.payload().path("old").path("barcode").asText()).isEqualTo("obd-1"));
    }
}
