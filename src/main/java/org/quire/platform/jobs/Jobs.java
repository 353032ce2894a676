package org.quire.platform.jobs;

import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs every registered {@link TenantJob} for every tenant on its schedule, on one virtual thread. Each batch runs in
 * its own transaction under {@code pg_try_advisory_xact_lock(schema/job)}: when another process (or a staff member's
 * "run now") holds it, this process skips the tenant until the next tick, so several Quire processes can share one
 * database without running a job twice at once. The lock is released by the commit, also when a process dies.
 */
public final class Jobs implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Jobs.class);
    /** Records per transaction: short transactions keep row locks brief for the staff at the desk. */
    static final int BATCH = 200;
    /** A safety stop for a job that keeps reporting a full batch (it would not be idempotent). */
    private static final int MAX_BATCHES_PER_RUN = 1_000;
    private static final long TICK_MILLIS = 1_000;
    private static final int SOON_ATTEMPTS = 50;
    private static final long SOON_RETRY_MILLIS = 100;

    private final Database db;
    private final Tenants tenants;
    private final List<TenantJob> jobs = new CopyOnWriteArrayList<>();
    private final Map<String, Instant> nextRun = new ConcurrentHashMap<>();
    /** "job/tenant" of the {@link #runSoon} runs that have not started yet. */
    private final java.util.Set<String> soon = ConcurrentHashMap.newKeySet();
    private volatile boolean running;
    private Thread thread;
    /** The {@link #runSoon} runs under way, so that {@link #close} can wait for them. */
    private final java.util.Set<Thread> soonRuns = ConcurrentHashMap.newKeySet();

    public Jobs(Database db, Tenants tenants) {
        this.db = db;
        this.tenants = tenants;
    }

    public void add(TenantJob job) {
        if (job(job.name()) != null) throw new IllegalArgumentException("Duplicate job " + job.name());
        jobs.add(job);
    }

    public List<TenantJob> all() {
        return List.copyOf(jobs);
    }

    /** Whether a job of this name is registered. */
    public boolean has(String name) {
        return job(name) != null;
    }

    private TenantJob job(String name) {
        return jobs.stream().filter(j -> j.name().equals(name)).findFirst().orElse(null);
    }

    /** Starts the schedule; the first run of each job is one interval after start, not at start-up. */
    public void start() {
        running = true;
        Instant now = Instant.now();
        jobs.forEach(j -> nextRun.put(j.name(), now.plus(j.every())));
        thread = Thread.ofVirtual().name("jobs").start(this::loop);
    }

    private void loop() {
        while (running) {
            try {
                Thread.sleep(TICK_MILLIS);
                Instant now = Instant.now();
                for (TenantJob job : jobs) {
                    if (!running) return;
                    if (now.isBefore(nextRun.getOrDefault(job.name(), now))) continue;
                    nextRun.put(job.name(), now.plus(job.every()));
                    for (Tenants.Tenant t : tenants.all()) runQuietly(job, t.id(), now);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("Job scheduler: {}", e.getMessage());
            }
        }
    }

    /** Runs the job, logging instead of throwing; false only when another run held the tenant's lock. */
    private boolean runQuietly(TenantJob job, String tenant, Instant now) {
        try {
            OptionalInt changed = runNow(job.name(), tenant, now);
            if (changed.isPresent() && changed.getAsInt() > 0) {
                log.info("Job {} for tenant {}: {} record(s) changed", job.name(), tenant, changed.getAsInt());
            }
            return changed.isPresent();
        } catch (RuntimeException e) {
            log.warn("Job {} for tenant {} failed, will retry on the next run: {}", job.name(), tenant,
                    e.getMessage());
            return true;
        }
    }

    /**
     * Runs {@code name} for {@code tenant} at once on its own virtual thread, while the schedule runs (a no-op
     * otherwise): for work a transaction has just made due, e.g. a notice to send now. Calls made before that run
     * starts share it; a run that finds the lock held (another run, maybe in another process, may have claimed its
     * rows before they were committed) retries for a few seconds. The schedule remains the backstop.
     */
    public void runSoon(String name, String tenant) {
        TenantJob job = job(name);
        String key = name + "/" + tenant;
        if (!running || job == null || !soon.add(key)) return;
        Thread run = Thread.ofVirtual().name("job-" + key).unstarted(() -> {
            soon.remove(key);
            try {
                for (int attempt = 0; attempt < SOON_ATTEMPTS && running; attempt++) {
                    if (runQuietly(job, tenant, Instant.now())) return;
                    Thread.sleep(SOON_RETRY_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                soonRuns.remove(Thread.currentThread());
            }
        });
        soonRuns.add(run);
        run.start();
    }

    /**
     * Runs {@code name} for one tenant as if the time were {@code now}, batch after batch, and returns how many
     * records it changed — or empty when another process holds the job's lock for this tenant. Tests pass a future
     * {@code now} to see what the schedule will do.
     */
    public OptionalInt runNow(String name, String tenant, Instant now) {
        TenantJob job = job(name);
        if (job == null) throw new IllegalArgumentException("No job " + name);
        String schema = Tenants.schema(tenant);
        int total = 0;
        for (int i = 0; i < MAX_BATCHES_PER_RUN; i++) {
            Integer changed = db.tx(c -> {
                boolean locked = Sql.one(c, "SELECT pg_try_advisory_xact_lock(hashtext(?))",
                        List.of(schema + "/" + job.name()), rs -> rs.getBoolean(1)).orElse(false);
                return locked ? job.run(c, schema, now, BATCH) : null;
            });
            if (changed == null) return i == 0 ? OptionalInt.empty() : OptionalInt.of(total);
            total += changed;
            if (changed < BATCH) return OptionalInt.of(total);
        }
        log.warn("Job {} for tenant {} still reports full batches after {} batches; stopped until the next run",
                name, tenant, MAX_BATCHES_PER_RUN);
        return OptionalInt.of(total);
    }

    /**
     * Stops the schedule and waits (a few seconds at most) for the runs under way to end, so that nothing of this
     * scheduler still holds a job's lock or a connection once it is closed.
     */
    @Override
    public void close() {
        running = false;
        if (thread != null) thread.interrupt();
        List<Thread> runs = new ArrayList<>(soonRuns);
        if (thread != null) runs.add(thread);
        for (Thread t : runs) {
            try {
                if (!t.join(java.time.Duration.ofSeconds(5))) log.warn("Job run {} still busy after close", t.getName());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
