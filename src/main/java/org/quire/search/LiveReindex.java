package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.BackgroundPace;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live reindex of a tenant's instance index inside the running server (FOLIO's
 * {@code POST /search/index/instance-records/reindex/full}): a new index is built beside the live one ({@link LiveBuild}:
 * a generation of {@link LiveInstanceIndex}, or an OpenSearch index behind the alias) page by page from the rows, in id
 * order, while the live one keeps serving and both receive the outbox's writes; then it is committed and swapped in
 * atomically, and the old one deleted.
 * <p>Throttled ({@link BackgroundPace}): after each page the builder rests for a multiple of the page's own time that
 * grows with the requests the server served meanwhile: none on an idle server, 8× when requests keep every core busy.
 * Resumable: every {@value #COMMIT_EVERY} pages the new index records the last id of its pages (the embedded engine in
 * its commit's user data, also whenever a mirrored write commits it; OpenSearch in the new index's mapping _meta); after
 * a crash the server reattaches the interrupted build beside the live index, keeps mirroring writes into it and
 * {@link #resumeAll} continues after the recorded id.
 */
public final class LiveReindex {
    private static final Logger log = LoggerFactory.getLogger(LiveReindex.class);
    static final int PAGE = 500;
    static final int COMMIT_EVERY = 20;

    /** mod-search's ReindexStatus values (model/types/ReindexStatus: the JSON carries the value, e.g. "Upload Completed"). */
    static final String IN_PROGRESS = "Upload In Progress";
    static final String COMPLETED = "Upload Completed";
    static final String FAILED = "Upload Failed";

    /** One tenant's last (or running) reindex of an entity type; fields move as the build runs. */
    static final class Job {
        final UUID id = UUID.randomUUID();
        final String entityType;
        final Instant submitted = Instant.now();
        volatile String status = IN_PROGRESS;
        volatile long total;
        volatile long done;
        volatile Instant ended;
        volatile String error;

        Job(String entityType) {
            this.entityType = entityType;
        }

        boolean running() {
            return IN_PROGRESS.equals(status);
        }
    }

    private final Database db;
    private final SearchIndexes indexes;
    private final Map<String, Job> instanceJobs = new ConcurrentHashMap<>();
    private final Map<String, Job> authorityJobs = new ConcurrentHashMap<>();

    public LiveReindex(Database db, SearchIndexes indexes) {
        this.db = db;
        this.indexes = indexes;
    }

    private static BackgroundPace pace() {
        return BackgroundPace.of("QUIRE_REINDEX_THROTTLE");
    }

    /** Starts the live reindex of the tenant's instances, unless one is running (then that one is answered). */
    public Job startInstances(String tenant) {
        Job fresh = new Job("instance");
        Job won = instanceJobs.compute(tenant, (t, running) -> running != null && running.running() ? running : fresh);
        if (won != fresh) return won;
        Thread thread = new Thread(() -> {
            org.quire.platform.BackgroundPriority.lowerCurrentThread();
            buildInstances(tenant, fresh);
        }, "reindex-" + tenant);
        thread.setDaemon(true);
        thread.start();
        return fresh;
    }

    /** At start: continues every build a crash interrupted (the generation is already receiving writes). */
    public void resumeAll(List<String> tenants) {
        for (String tenant : tenants) {
            if (indexes.of(tenant) instanceof LiveBuild live && live.building()) {
                log.info("Search: resuming the interrupted live reindex of tenant {}", tenant);
                startInstances(tenant);
            }
        }
    }

    /** The tenant's instance index generation now live (tests, status). */
    public int generation(String tenant) {
        return indexes.of(tenant) instanceof LiveInstanceIndex live ? live.generation() : 0;
    }

    private void buildInstances(String tenant, Job job) {
        String schema = Tenants.schema(tenant);
        if (!(indexes.of(tenant) instanceof LiveBuild index)) {
            job.error = "This search engine does not reindex live";
            job.status = FAILED;
            return;
        }
        try {
            job.total = db.read(c -> SearchStore.countInstances(c, schema));
            String after = index.startBuild();
            if (after != null) {
                job.done = index.builtCount();
                log.info("Search: tenant {}'s reindex resumes after instance {} ({} done)", tenant, after, job.done);
            }
            long nextLog = Math.max(job.total / 10, PAGE);
            BackgroundPace pace = pace();
            for (int page = 1; ; page++) {
                long started = System.nanoTime();
                List<InstanceDocument> docs = index.addPage(after, a -> readPage(tenant, schema, a),
                        page % COMMIT_EVERY == 0);
                if (docs.isEmpty()) break;
                after = docs.getLast().id();
                job.done += docs.size();
                if (job.done >= nextLog) {
                    log.info("Search: tenant {} live reindex {}/{} instances", tenant, job.done, job.total);
                    nextLog += Math.max(job.total / 10, PAGE);
                }
                pace.restAfter(System.nanoTime() - started);
            }
            index.swap();
            job.ended = Instant.now();
            job.status = COMPLETED;
            log.info("Search: tenant {} live reindex done, {} instances, generation {} live", tenant, job.done,
                    generation(tenant));
        } catch (Exception e) {
            if (index.closed()) {
                log.info("Search: tenant {}'s live reindex stops with the server{}", tenant,
                        index instanceof LiveInstanceIndex ? "; the next start resumes it" : "");
            } else {
                log.error("Search: tenant {}'s live reindex failed; the live index stays in use", tenant, e);
            }
            index.abandonBuild(); // not when closed: its committed pages are resumed
            job.error = String.valueOf(e.getMessage());
            job.ended = Instant.now();
            job.status = FAILED;
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
        }
    }

    private List<InstanceDocument> readPage(String tenant, String schema, String after) {
        UUID from = after == null ? null : UUID.fromString(after);
        List<SearchStore.InstanceRows> rows = db.tx(c -> SearchStore.page(c, schema, from, PAGE));
        List<InstanceDocument> docs = new ArrayList<>(rows.size());
        for (SearchStore.InstanceRows r : rows) docs.add(InstanceDocument.of(tenant, r.instance(), r.holdings(), r.items()));
        return docs;
    }

    /**
     * mod-search's {@code GET /search/index/instance-records/reindex/status}: one item per entity type of the last
     * reindex (none before the first). Quire has no merge phase (it reads inventory's rows directly, where mod-search
     * first copies them into its own tables), so merge ranges are 0 and only the upload phase is reported: one range
     * is one page of {@value #PAGE} instances.
     */
    public ArrayNode status(String tenant) {
        ArrayNode out = Json.array();
        Job job = instanceJobs.get(tenant);
        if (job == null) return out;
        ObjectNode item = out.addObject();
        item.put("reindexId", job.id.toString());
        item.put("entityType", job.entityType);
        item.put("status", job.status);
        item.put("totalMergeRanges", 0);
        item.put("processedMergeRanges", 0);
        item.put("totalUploadRanges", (job.total + PAGE - 1) / PAGE);
        item.put("processedUploadRanges", COMPLETED.equals(job.status) ? (job.total + PAGE - 1) / PAGE
                : (job.done + PAGE - 1) / PAGE);
        item.put("startTimeUpload", job.submitted.toString());
        if (job.ended != null) item.put("endTimeUpload", job.ended.toString());
        return out;
    }

    /** Quire's own fuller view (instances done of total), for the bench and logs. */
    Job instanceJob(String tenant) {
        return instanceJobs.get(tenant);
    }

    /**
     * Starts the live rebuild of the tenant's authority index (FOLIO's {@code POST /search/index/inventory/reindex}
     * with resourceName authority), unless one is running: the same design as the instances' (a new generation beside
     * the live one, the outbox's writes applied to both, throttled pages, an atomic swap), except that a build a crash
     * interrupts is not resumed but dropped at restart (authorities are few; run it again).
     */
    public Job startAuthorities(String tenant) {
        Job fresh = new Job("authority");
        Job won = authorityJobs.compute(tenant, (t, running) -> running != null && running.running() ? running : fresh);
        if (won != fresh) return won;
        Thread thread = new Thread(() -> {
            org.quire.platform.BackgroundPriority.lowerCurrentThread();
            buildAuthorities(tenant, fresh);
        }, "reindex-authority-" + tenant);
        thread.setDaemon(true);
        thread.start();
        return fresh;
    }

    private void buildAuthorities(String tenant, Job job) {
        String schema = Tenants.schema(tenant);
        try {
            job.total = db.read(c -> AuthoritySearchStore.count(c, schema));
            AuthorityIndex building;
            synchronized (indexes.authorityLock(tenant)) {
                building = indexes.startAuthorityBuild(tenant);
            }
            UUID after = null;
            BackgroundPace pace = pace();
            while (true) {
                long started = System.nanoTime();
                List<AuthoritySearchStore.AuthorityRow> page;
                synchronized (indexes.authorityLock(tenant)) { // a page never overwrites a newer mirrored write
                    UUID from = after;
                    page = db.read(c -> AuthoritySearchStore.page(c, schema, from, PAGE));
                    Map<String, List<AuthorityDocument>> docs = new java.util.LinkedHashMap<>();
                    for (AuthoritySearchStore.AuthorityRow r : page) {
                        docs.put(r.id().toString(), AuthorityDocument.of(tenant, r.authority()));
                    }
                    building.add(docs);
                }
                if (page.isEmpty()) break;
                after = page.getLast().id();
                job.done += page.size();
                pace.restAfter(System.nanoTime() - started);
            }
            indexes.swapAuthorities(tenant);
            job.ended = Instant.now();
            job.status = COMPLETED;
        } catch (Exception e) {
            log.error("Search: tenant {}'s live authority reindex failed; the live index stays in use", tenant, e);
            indexes.abandonAuthorityBuild(tenant);
            job.error = String.valueOf(e.getMessage());
            job.ended = Instant.now();
            job.status = FAILED;
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
        }
    }

    Job authorityJob(String tenant) {
        return authorityJobs.get(tenant);
    }
}
