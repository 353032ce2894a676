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
        // A new record's event carries its id and typed columns (what consumers route by), not the whole record.
        var created = itemEvents.getFirst().payload().path("new");
        assertThat(created.path("id").asText()).isEqualTo(itemId);
        assertThat(created.path("holdingsRecordId").asText()).isNotEmpty();
        assertThat(created.path("status").path("name").asText()).isEqualTo("Available");
        assertThat(created.path("barcode").asText()).isEqualTo("ob-1");
        assertThat(created.has("metadata")).as("metadata is no typed column").isFalse();
        assertThat(itemEvents.getLast().payload().path("new").has("metadata")).as("an update's versions are whole")
                .isTrue();
        assertThat(seen).filteredOn(e -> e.topic().equals("circulation.loan")).hasSize(1);
        assertThat(seen).extracting(Event::id).isSorted();
        // Consumers run inside the delivering transaction, before its DELETE commits: wait for the commit. The item
        // event waits, marked delivered, for the search index's flush (flushingConsumerKeepsItsEventsUntilItsFlush).
        long pending = -1;
        for (long until = System.currentTimeMillis() + 5_000; System.currentTimeMillis() < until && pending != 0; ) {
            pending = outboxRows("outbox_events", "NOT delivered");
            if (pending != 0) Thread.sleep(20);
        }
        assertThat(pending).as("undelivered events left in the outbox after delivery").isZero();
        TestServer.get().events().flushAll();
        pending = outboxRows("outbox_events", "true");
        assertThat(pending).as("events left in the outbox after delivery").isZero();
    }

    /**
     * A consumer that subscribes with a flush (the embedded search index) has its events kept in the outbox, marked
     * delivered, until it has flushed; only then are they deleted. (A restart re-delivers marked events:
     * SearchRestartTest.)
     */
    @Test
    void flushingConsumerKeepsItsEventsUntilItsFlush() throws Exception {
        Fixtures.tenant("outbox_flush");
        String schema = Tenants.schema("outbox_flush");
        List<Event> seen = new CopyOnWriteArrayList<>();
        List<String> flushed = new CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicLong rowsAtFlush = new java.util.concurrent.atomic.AtomicLong(-1);
        TestServer.get().events().subscribeBatches(java.util.Set.of("test.flushing"), seen::addAll, tenant -> {
            if (!tenant.equals("outbox_flush")) return;
            if (seen.size() == 3) rowsAtFlush.compareAndSet(-1, outboxRows(tenant, "delivered AND topic = 'test.flushing'"));
            flushed.add(tenant);
        });
        java.util.UUID record = java.util.UUID.randomUUID();
        TestServer.get().database().tx(c -> {
            for (int i = 0; i < 3; i++) {
                Outbox.append(c, schema, "test.flushing", new Outbox.Entry(record, org.quire.platform.Json.object().put("n", i)));
            }
            Outbox.append(c, schema, "test.other", new Outbox.Entry(record, org.quire.platform.Json.object()));
            return null;
        });
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline && (seen.size() < 3 || outboxRows("outbox_flush", "NOT delivered") > 0)) {
            Thread.sleep(20);
        }
        assertThat(seen).extracting(e -> e.payload().path("n").asInt()).containsExactly(0, 1, 2);
        if (flushed.isEmpty()) { // the dispatcher's own flush comes FLUSH_MILLIS after delivery
            assertThat(outboxRows("outbox_flush", "delivered AND topic = 'test.flushing'")).as("kept, marked, until the flush")
                    .isEqualTo(3);
            assertThat(outboxRows("outbox_flush", "topic = 'test.other'")).as("the other topic's event is deleted at once")
                    .isZero();
        }
        TestServer.get().events().flushAll();
        assertThat(flushed).contains("outbox_flush");
        assertThat(rowsAtFlush.get()).as("the events were still there when the consumer flushed").isEqualTo(3);
        assertThat(outboxRows("outbox_flush", "topic LIKE 'test.%'")).as("deleted after the flush").isZero();
    }

    /**
     * A backlog (a MARC import writes thousands of events a second) is delivered in batches of up to
     * {@link EventDispatcher#BACKLOG_BATCH} after a first full one of 500: the search index's cost is mostly per batch.
     */
    @Test
    void aBacklogIsDeliveredInLargerBatches_inOrder_andNothingIsLost() throws Exception {
        Fixtures.tenant("outbox_backlog");
        String schema = Tenants.schema("outbox_backlog");
        List<List<Event>> batches = new CopyOnWriteArrayList<>();
        TestServer.get().events().subscribeBatches(java.util.Set.of("test.backlog"), b -> {
            if (b.getFirst().tenant().equals("outbox_backlog")) batches.add(List.copyOf(b));
        });
        int total = 7_000;
        append(schema, "test.backlog", total);
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline && batches.stream().mapToInt(List::size).sum() < total) {
            Thread.sleep(50);
        }
        List<Integer> seen = batches.stream().flatMap(List::stream).map(e -> e.payload().path("n").asInt()).toList();
        assertThat(seen).as("every event once, in order").isEqualTo(java.util.stream.IntStream.range(0, total).boxed().toList());
        assertThat(batches.stream().mapToInt(List::size).max().orElse(0)).as("the largest batch")
                .isGreaterThan(500).isLessThanOrEqualTo(EventDispatcher.BACKLOG_BATCH);
    }

    /**
     * Under sustained load every batch is full and the dispatcher never leaves a tenant's backlog: the flushing
     * consumer's events must still be flushed and deleted as they age, not only once the backlog is gone. (They were
     * not: a 1-hour check-out run left 340,000 marked events, 550 MB, after 13 minutes, and each delivery scanned
     * past them.) Here the consumer keeps the backlog full for longer than FLUSH_MILLIS.
     */
    @Test
    void aBacklogThatNeverEmpties_isStillFlushedAsItAges() throws Exception {
        Fixtures.tenant("outbox_busy");
        String schema = Tenants.schema("outbox_busy");
        int rounds = (int) (EventDispatcher.FLUSH_MILLIS / 600) + 4;
        java.util.concurrent.atomic.AtomicInteger round = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger flushedInRound = new java.util.concurrent.atomic.AtomicInteger(-1);
        TestServer.get().events().subscribeBatches(java.util.Set.of("test.busy"), b -> {
            if (!b.getFirst().tenant().equals("outbox_busy") || round.get() >= rounds) return;
            round.incrementAndGet();
            try {
                Thread.sleep(600);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            append(schema, "test.busy", EventDispatcher.BACKLOG_BATCH); // the next batch is full again
        }, tenant -> {
            if (tenant.equals("outbox_busy")) flushedInRound.compareAndSet(-1, round.get());
        });
        append(schema, "test.busy", EventDispatcher.BACKLOG_BATCH + 1);
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline && (round.get() < rounds || outboxRows("outbox_busy", "true") > 0)) {
            Thread.sleep(100);
            if (round.get() >= rounds) TestServer.get().events().flushAll();
        }
        assertThat(flushedInRound.get()).as("flushed while the backlog was still full").isBetween(1, rounds - 1);
        assertThat(outboxRows("outbox_busy", "true")).as("everything delivered and deleted").isZero();
    }

    /**
     * Idle work with more to do (the search index's rebuild of documents with newer item states, a page a step) goes
     * on step after step while no commit comes, not one step per quiet sweep: a data set-up's backlog of 70 pages
     * took 6 minutes that way, and the load that followed paid for what was left.
     */
    @Test
    void idleWork_goesOnStepAfterStep_whileNothingCommits() throws Exception {
        int steps = 5;
        List<Long> ran = new CopyOnWriteArrayList<>();
        TestServer.get().events().whenIdle(() -> {
            if (ran.size() >= steps) return false;
            ran.add(System.nanoTime());
            return ran.size() < steps;
        });
        long deadline = System.currentTimeMillis() + 60_000;
        while (ran.size() < steps && System.currentTimeMillis() < deadline) Thread.sleep(100);
        assertThat(ran).as("every step ran").hasSize(steps);
        assertThat(java.time.Duration.ofNanos(ran.getLast() - ran.getFirst()))
                .as("the steps after the first waited for no further sweep")
                .isLessThan(java.time.Duration.ofMillis(EventDispatcher.SWEEP_MILLIS));
    }

    /** Instances publish keyed events: an update's two versions are the id and typed columns, not whole records. */
    @Test
    void anInstanceUpdate_carriesItsKeys_notTheWholeRecord() {
        Api.Session s = Fixtures.tenant("outbox_keyed");
        List<Event> seen = new CopyOnWriteArrayList<>();
        TestServer.get().events().subscribe(e -> {
            if (e.tenant().equals("outbox_keyed")) seen.add(e);
        });
        String id = Fixtures.instance(s, "Before");
        var instance = (com.fasterxml.jackson.databind.node.ObjectNode) s.get("/instance-storage/instances/" + id).json();
        instance.put("title", "After");
        assertThat(s.put("/instance-storage/instances/" + id, instance).status()).isEqualTo(204);
        TestServer.get().events().deliverAll();

        Event updated = seen.stream().filter(e -> e.recordId().toString().equals(id)
                && e.payload().path("type").asText().equals("UPDATED")).findFirst().orElseThrow();
        assertThat(updated.payload().path("old").path("title").asText()).isEqualTo("Before");
        assertThat(updated.payload().path("new").path("title").asText()).isEqualTo("After");
        assertThat(updated.payload().path("new").path("instanceTypeId").asText()).isEqualTo(Fixtures.TEXT_TYPE);
        assertThat(updated.payload().path("new").has("metadata")).as("metadata is no typed column").isFalse();
        assertThat(updated.payload().path("old").has("_version")).as("_version is no typed column").isFalse();
    }

    private static void append(String schema, String topic, int n) {
        TestServer.get().database().tx(c -> {
            java.util.UUID record = java.util.UUID.randomUUID();
            for (int i = 0; i < n; i++) {
                Outbox.append(c, schema, topic, new Outbox.Entry(record, org.quire.platform.Json.object().put("n", i)));
            }
            return null;
        });
    }

    private static long outboxRows(String tenant, String condition) {
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT count(*) FROM " + Tenants.schema(tenant)
                + ".outbox WHERE " + condition, List.of(), rs -> rs.getLong(1)).orElse(-1L));
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
