package org.quire.platform.events;

import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Delivers outbox events to in-process consumers after commit, at least once and in id order (so in order per
 * record). A committing transaction wakes the dispatcher for its tenant; a sweep of all tenants every
 * {@link #SWEEP_MILLIS} picks up what other processes wrote or a crash left behind. A batch is claimed with
 * FOR UPDATE SKIP LOCKED and deleted in the transaction that delivers it, so several Quire processes on one database
 * never deliver an event concurrently, and no event is lost between commit and delivery. Consumers must be
 * idempotent (a crash after delivery but before the delete re-delivers).
 *
 * <p>A consumer whose work becomes durable only later (the embedded search index: a Lucene commit per batch cost
 * check-out a third of its CPU and most of its tail, docs/benchmarks.md) subscribes with a flush. The events of its
 * topics are then not deleted but marked {@code delivered} in the delivering transaction; every {@link #FLUSH_MILLIS}
 * (and when the dispatcher stops) it is asked to flush, and only then are the marked events deleted. A crash before
 * the flush leaves them marked; the next start unmarks them, so they are delivered again.
 */
public final class EventDispatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EventDispatcher.class);
    private static final int BATCH = 500;
    /**
     * A batch when the first one of a delivery came back full: a backlog (a MARC import writes three events per record,
     * thousands a second). The search index's cost is mostly per batch (a segment flushed per refresh, the merges of
     * those small segments), so a backlog is worked off in larger batches; a single write still goes in a small one.
     */
    static final int BACKLOG_BATCH = 5_000;
    static final long SWEEP_MILLIS = 5_000;
    /** Marks the dispatcher's own statements (a statement count of a request leaves them out: test StatementCount). */
    public static final String MARK = "/* outbox-dispatcher */ ";
    /** How long a woken dispatcher waits for more commits before it delivers, at least (see {@link #loop}). */
    static final long LINGER_MILLIS = 200;
    /** … and at most: a write is searchable within a second while a delivery takes under 400 ms. */
    static final long MAX_LINGER_MILLIS = 600;
    /** How long events a flushing consumer applied may wait for its flush (and stay marked in the outbox). */
    static final long FLUSH_MILLIS = 5_000;
    /** The last wake-up's delivery time: the next linger is twice it (see {@link #loop}). */
    private long lastDeliveryMillis;

    private final Database db;
    private final Tenants tenants;
    private final List<Consumer<Event>> consumers = new CopyOnWriteArrayList<>();
    private final List<BatchConsumer> batchConsumers = new CopyOnWriteArrayList<>();

    /**
     * A batch consumer and the topics it wants (it is handed only events of those); {@code flush} (null: none) makes
     * what it applied for a tenant durable.
     */
    private record BatchConsumer(Set<String> topics, Consumer<List<Event>> consumer, Consumer<String> flush) {
    }
    /**
     * Delivery and flush exclude each other: a flush must cover everything applied before the marked events it
     * deletes (tests and start-up deliver from other threads than the dispatcher's).
     */
    private final Object deliveryLock = new Object();
    /** Tenants with marked events, and since when (the oldest unflushed delivery). */
    private final java.util.Map<String, Long> unflushed = new ConcurrentHashMap<>();
    private final Set<String> dirty = ConcurrentHashMap.newKeySet();
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

    /**
     * A consumer of whole batches (up to {@link #BATCH} events of one tenant, {@link #BACKLOG_BATCH} under a backlog,
     * in id order), called before the batch is deleted: one that makes its work durable before returning (the search index commits once per batch) keeps
     * the at-least-once guarantee without paying for durability per event. Throwing leaves the batch to be retried.
     */
    public void subscribeBatches(Set<String> topics, Consumer<List<Event>> consumer) {
        batchConsumers.add(new BatchConsumer(Set.copyOf(topics), consumer, null));
    }

    /**
     * A batch consumer whose work need not be durable when it returns: its events stay in the outbox, marked
     * delivered, until {@code flush} (called with the tenant at most {@link #FLUSH_MILLIS} later, on the dispatcher's
     * thread or the caller of {@link #flushAll}) has made everything it applied for that tenant durable.
     */
    public void subscribeBatches(Set<String> topics, Consumer<List<Event>> consumer, Consumer<String> flush) {
        batchConsumers.add(new BatchConsumer(Set.copyOf(topics), consumer, java.util.Objects.requireNonNull(flush)));
    }

    /**
     * Work a consumer defers to quiet times (the search index's bulk rebuilds), a step at a time: run on the
     * dispatcher's thread, never beside a delivery, once {@link #SWEEP_MILLIS} pass without a commit waking the
     * dispatcher, and then step after step, as long as {@code step} says it has more and no commit comes. (One step
     * per sweep left a data set-up's 35,000 newer item states waiting 6 minutes at 500 a step, into the load that
     * followed, where they cost a rebuild per delivery: docs/benchmarks.md, issue 16.)
     */
    public void whenIdle(java.util.function.BooleanSupplier step) {
        idleWork.add(step);
    }

    private final List<java.util.function.BooleanSupplier> idleWork = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Runs a step of every idle work; whether any has more. */
    private boolean idleStep() {
        boolean more = false;
        synchronized (deliveryLock) {
            for (var work : idleWork) more |= work.getAsBoolean();
        }
        return more;
    }

    /** The topics some flushing consumer takes: their events wait in the outbox for its flush. */
    private Set<String> deferredTopics() {
        return batchConsumers.stream().filter(b -> b.flush() != null).flatMap(b -> b.topics().stream())
                .collect(java.util.stream.Collectors.toSet());
    }

    /**
     * The topics whose payloads some consumer reads, or null for all of them (a per-event consumer takes every
     * topic). The others' events are deleted with their batch unread: under check-out/check-in load most events are
     * loans that nothing consumes, and parsing their old and new versions cost the dispatcher more than delivering.
     */
    private String[] wantedTopics() {
        if (!consumers.isEmpty()) return null;
        return batchConsumers.stream().flatMap(b -> b.topics().stream()).distinct().toArray(String[]::new);
    }

    private final Consumer<String> committed = schema -> {
        dirty.add(schema.substring("tenant_".length()));
        wake.release();
    };

    public void start() {
        // Events marked delivered but never flushed (a crash, or the last stop's flush failed): deliver them again.
        for (Tenants.Tenant t : tenants.all()) {
            db.tx(c -> Sql.update(c, MARK + "UPDATE " + Tenants.schema(t.id()) + ".outbox SET delivered = false WHERE delivered",
                    List.of()));
        }
        Outbox.listen(committed);
        // A platform thread: delivery can be CPU-bound for a while (the search index's batches), and on a virtual thread
        // it would hold one of the few carrier threads every request's virtual thread runs on, instead of taking its
        // turn on a core like any other thread.
        thread = Thread.ofPlatform().daemon().name("outbox-dispatcher").start(this::loop);
    }

    private void loop() {
        org.quire.platform.BackgroundPriority.lowerCurrentThread(); // delivery is background work (search indexing)
        long lastSweep = 0;
        boolean moreIdleWork = false;
        while (running) {
            try {
                // Woken by a commit: linger a moment so that one delivery takes everything committed meanwhile. Under
                // check-out/check-in load every request commits an item event; delivered one wake-up at a time, the
                // search index re-read, rewrote and committed per request (check-out p50 +48%, throughput -35% at 8
                // users); a 200 ms window makes that a few batches a second and keeps writes searchable within one.
                // Under heavier load the window grows to twice the last delivery's time (up to 600 ms): the index's
                // cost is mostly per commit (segment flush, merges), so larger batches cost less per event, and
                // delivery then takes at most a third of a core away from the requests that produce the events.
                boolean woken = wake.tryAcquire(moreIdleWork ? 0 : SWEEP_MILLIS, TimeUnit.MILLISECONDS);
                if (woken && running) {
                    moreIdleWork = false; // a commit: the next idle step waits for a quiet sweep again
                    Thread.sleep(Math.clamp(2 * lastDeliveryMillis, LINGER_MILLIS, MAX_LINGER_MILLIS));
                } else if (running) {
                    moreIdleWork = idleStep();
                }
                wake.drainPermits();
                if (!running) break;
                if (System.currentTimeMillis() - lastSweep >= SWEEP_MILLIS) {
                    dirty.clear();
                    deliverAll();
                    lastSweep = System.currentTimeMillis();
                } else {
                    long start = System.nanoTime();
                    for (String tenant : List.copyOf(dirty)) {
                        dirty.remove(tenant);
                        // Listeners are per JVM: another server's database may have written it.
                        if (tenants.exists(tenant)) deliver(tenant);
                    }
                    lastDeliveryMillis = (System.nanoTime() - start) / 1_000_000;
                }
                flush(false);
            } catch (InterruptedException e) {
                break;
            } catch (RuntimeException e) {
                log.warn("Outbox delivery failed, will retry: {}", e.getMessage());
            }
        }
        try {
            flush(true); // stopping: what was applied is made durable and its events deleted
        } catch (RuntimeException e) {
            log.warn("Outbox flush at stop failed, the events will be delivered again: {}", e.getMessage());
        }
    }

    /** Flushes every tenant with applied events now, whatever their age (tests; the dispatcher's stop). */
    public void flushAll() {
        flush(true);
    }

    /**
     * For each tenant whose oldest unflushed delivery is {@link #FLUSH_MILLIS} old (or any, when {@code all}): the
     * flushing consumers flush, then the events they covered are deleted.
     */
    private void flush(boolean all) {
        long now = System.currentTimeMillis();
        for (var e : List.copyOf(unflushed.entrySet())) {
            if (!all && now - e.getValue() < FLUSH_MILLIS) continue;
            String tenant = e.getKey();
            synchronized (deliveryLock) {
                if (unflushed.remove(tenant) == null) continue;
                try {
                    for (BatchConsumer b : batchConsumers) if (b.flush() != null) b.flush().accept(tenant);
                    db.tx(c -> Sql.update(c, MARK + "DELETE FROM " + Tenants.schema(tenant) + ".outbox WHERE delivered",
                            List.of()));
                } catch (RuntimeException failed) {
                    unflushed.putIfAbsent(tenant, e.getValue()); // try again at the next round
                    throw failed;
                }
            }
        }
    }

    /** Delivers everything pending now in every tenant; returns the number of events delivered. */
    public int deliverAll() {
        int total = 0;
        for (Tenants.Tenant t : tenants.all()) total += deliver(t.id());
        return total;
    }

    private int deliver(String tenant) {
        int total = 0, limit = BATCH;
        boolean full;
        do {
            int n = deliverBatch(tenant, limit);
            total += n;
            full = n == limit;
            limit = BACKLOG_BATCH;
            // Under sustained load the backlog never empties and this loop does not return: the flushing consumers'
            // events must still be flushed and deleted as they age (they were not: a 1-hour check-out run at 8 users
            // had 340,000 marked events, 550 MB, after 13 minutes, and every delivery scanned past them).
            if (full) flush(false);
        } while (full);
        return total;
    }

    private int deliverBatch(String tenant, int limit) {
        synchronized (deliveryLock) {
            return deliverBatchLocked(tenant, limit);
        }
    }

    private int deliverBatchLocked(String tenant, int limit) {
        String schema = Tenants.schema(tenant);
        if (consumers.isEmpty() && batchConsumers.isEmpty()) {
            // Nobody listens: drop the batch in one statement instead of reading and parsing every payload.
            return db.read(c -> Sql.update(c, MARK + "DELETE FROM " + schema + ".outbox WHERE id IN (SELECT id FROM " + schema
                    + ".outbox ORDER BY id LIMIT " + limit + " FOR UPDATE SKIP LOCKED)", List.of()));
        }
        String[] wanted = wantedTopics();
        Set<String> deferred = deferredTopics();
        return db.tx(c -> {
            List<Long> ids = new java.util.ArrayList<>();
            List<Long> kept = new java.util.ArrayList<>();
            List<Event> events = new java.util.ArrayList<>();
            String payload = wanted == null ? "payload" : "CASE WHEN topic = ANY(?) THEN payload END";
            Sql.list(c, MARK + "SELECT id, topic, record_id, " + payload + ", xmin::text::bigint FROM " + schema
                            + ".outbox WHERE NOT delivered"
                            + " ORDER BY id LIMIT " + limit + " FOR UPDATE SKIP LOCKED",
                    wanted == null ? List.of() : List.of(c.createArrayOf("text", wanted)), rs -> {
                        (deferred.contains(rs.getString(2)) ? kept : ids).add(rs.getLong(1));
                        String json = rs.getString(4);
                        if (json != null) events.add(new Event(tenant, rs.getLong(1), rs.getString(2),
                                rs.getObject(3, UUID.class), Json.parseObject(json), rs.getLong(5)));
                        return null;
                    });
            if (ids.isEmpty() && kept.isEmpty()) return 0;
            for (Event e : events) {
                for (Consumer<Event> consumer : consumers) consumer.accept(e);
            }
            for (BatchConsumer b : batchConsumers) {
                List<Event> mine = events.stream().filter(e -> b.topics().contains(e.topic())).toList();
                if (!mine.isEmpty()) b.consumer().accept(mine);
            }
            if (!ids.isEmpty()) Sql.update(c, MARK + "DELETE FROM " + schema + ".outbox WHERE id = ANY(?)",
                    List.of(c.createArrayOf("bigint", ids.toArray())));
            if (!kept.isEmpty()) {
                Sql.update(c, MARK + "UPDATE " + schema + ".outbox SET delivered = true WHERE id = ANY(?)",
                        List.of(c.createArrayOf("bigint", kept.toArray())));
                unflushed.putIfAbsent(tenant, System.currentTimeMillis());
            }
            return ids.size() + kept.size();
        });
    }

    @Override
    public void close() {
        running = false;
        Outbox.unlisten(committed);
        if (thread == null) return;
        // Let a delivery in progress finish (interrupting it would break its connection mid-statement).
        wake.release();
        try {
            thread.join(5_000);
            if (thread.isAlive()) thread.interrupt();
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        }
    }
}
