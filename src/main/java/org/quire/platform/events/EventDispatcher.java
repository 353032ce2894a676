package org.quire.platform.events;

import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Delivers outbox events to in-process consumers after commit, at least once and in id order (so in order per
 * record). A batch is claimed with FOR UPDATE SKIP LOCKED and deleted in the same transaction as its delivery, so
 * several Quire processes on one database never deliver the same event twice concurrently, and an event survives a
 * crash between commit and delivery (it is delivered on the next pass). Consumers must be idempotent.
 */
public final class EventDispatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EventDispatcher.class);
    private static final int BATCH = 500;

    private final Database db;
    private final Tenants tenants;
    private final List<Consumer<Event>> consumers = new CopyOnWriteArrayList<>();
    private final Semaphore wake = new Semaphore(0);
    private volatile boolean running = true;
    private Thread thread;

    public EventDispatcher(Database db, Tenants tenants) {
        this.db = db;
        this.tenants = tenants;
    }

    public void subscribe(Consumer<Event> consumer) {
        consumers.add(consumer);
    }

    /** Called after a commit that wrote events, so delivery does not wait for the next poll. */
    public void nudge() {
        wake.release();
    }

    public void start() {
        thread = Thread.ofVirtual().name("outbox-dispatcher").start(this::loop);
    }

    private void loop() {
        while (running) {
            try {
                wake.tryAcquire(500, TimeUnit.MILLISECONDS);
                wake.drainPermits();
                if (running) deliverAll();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("Outbox delivery failed, will retry: {}", e.getMessage());
            }
        }
    }

    /** Delivers everything pending now; returns the number of events delivered. */
    public int deliverAll() {
        int total = 0;
        for (Tenants.Tenant t : tenants.all()) {
            int n;
            do {
                n = deliverBatch(t.id());
                total += n;
            } while (n == BATCH);
        }
        return total;
    }

    private int deliverBatch(String tenant) {
        String schema = Tenants.schema(tenant);
        return db.tx(c -> {
            List<Event> events = Sql.list(c, "SELECT id, topic, record_id, payload FROM " + schema
                            + ".outbox ORDER BY id LIMIT " + BATCH + " FOR UPDATE SKIP LOCKED", List.of(),
                    rs -> new Event(tenant, rs.getLong(1), rs.getString(2), rs.getObject(3, java.util.UUID.class),
                            Json.parseObject(rs.getString(4))));
            if (events.isEmpty()) return 0;
            for (Event e : events) {
                for (Consumer<Event> consumer : consumers) consumer.accept(e);
            }
            Sql.update(c, "DELETE FROM " + schema + ".outbox WHERE id = ANY(?)",
                    List.of(c.createArrayOf("bigint", events.stream().map(Event::id).toArray())));
            return events.size();
        });
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(2_000);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
