package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.db.Database;
import org.quire.platform.events.Event;
import org.quire.platform.events.ItemCirculationKeys;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Keeps each tenant's instance index equal to inventory's rows. Driven by the outbox (platform/events): for a batch
 * of inventory.instance / inventory.holdings-record / inventory.item events it finds the instances they touch,
 * re-reads them with their holdings and items in one statement and replaces their documents (or deletes those whose
 * instance is gone), searchable at once; {@link #flush} makes them durable, every few seconds, and only then does the
 * dispatcher delete the events. So it is idempotent (the document is rebuilt from the current rows, whatever the event
 * said), at least once (a crash before the flush re-delivers) and in order (the last re-read wins).
 */
public final class InstanceIndexer {
    private static final Logger log = LoggerFactory.getLogger(InstanceIndexer.class);
    static final String INSTANCE = "inventory.instance";
    static final String HOLDINGS = "inventory.holdings-record";
    static final String ITEM = "inventory.item";
    /** The outbox topics the indexer reads (the dispatcher hands it no others). */
    public static final Set<String> TOPICS = Set.of(INSTANCE, HOLDINGS, ITEM);
    static final int PAGE = 500;

    private final Database db;
    private final SearchIndexes indexes;
    /**
     * Per tenant, the last outbox event a start-up full index already covers: it read the rows after those events
     * were committed (nothing else writes during start-up), so re-indexing for them again would only delay the
     * events that follow (the demo tenant's first start leaves thousands).
     */
    private final java.util.Map<String, Long> coveredByFullIndex = new java.util.concurrent.ConcurrentHashMap<>();

    public InstanceIndexer(Database db, SearchIndexes indexes) {
        this.db = db;
        this.indexes = indexes;
    }

    /** The dispatcher's batch consumer: one batch is one tenant's. */
    public void onEvents(List<Event> events) {
        Set<UUID> instances = new LinkedHashSet<>();
        Set<UUID> holdings = new HashSet<>();
        Set<UUID> itemStates = new LinkedHashSet<>();
        long covered = coveredByFullIndex.getOrDefault(events.getFirst().tenant(), 0L);
        boolean keepsItemStates = indexes.of(events.getFirst().tenant()).keepsItemStates();
        for (Event e : events) {
            if (e.id() <= covered) continue;
            switch (e.topic()) {
                case INSTANCE -> instances.add(e.recordId());
                case HOLDINGS -> {
                    addId(instances, e.payload().path("old").path("instanceId"));
                    addId(instances, e.payload().path("new").path("instanceId"));
                }
                case ITEM -> {
                    if (keepsItemStates && ItemCirculationKeys.onlyTheyChanged(e.payload().path("old"),
                            e.payload().path("new"))) {
                        itemStates.add(e.recordId()); // a check-out, a check-in: the instance's document stays
                        continue;
                    }
                    for (String side : List.of("old", "new")) {
                        JsonNode version = e.payload().path(side);
                        addId(instances, version.path("instanceId")); // a move of its holdings says so
                        addId(holdings, version.path("holdingsRecordId"));
                    }
                }
                default -> {
                }
            }
        }
        String tenant = events.getFirst().tenant();
        if (!instances.isEmpty() || !holdings.isEmpty()) reindex(tenant, instances, holdings);
        if (!itemStates.isEmpty()) applyItemStates(tenant, itemStates);
    }

    /**
     * Writes items' states alone. Their instances' documents are rebuilt later, in bulk (a fraction of the cost of a
     * rebuild per check-out, RefreshCostProbe): page after page while the outbox is quiet
     * ({@link #rebuildNewerStates}), or a page per delivery while more than {@link LuceneItemStates#NEWER_LIMIT} newer
     * states wait, which bounds what a query on the state fields pays for them; a page at a time, so that the writes
     * queued behind it wait a fraction of a second.
     */
    private void applyItemStates(String tenant, Set<UUID> items) {
        String schema = Tenants.schema(tenant);
        InstanceIndex index = indexes.of(tenant);
        index.applyItemStates(db.read(c -> SearchStore.items(c, schema, items)));
        withItemStates.add(tenant);
        if (index.newerItemStates() > LuceneItemStates.NEWER_LIMIT) rebuildNewerStates(tenant);
    }

    /** The tenants whose item states were written since the start (the others have no newer ones to rebuild). */
    private final Set<String> withItemStates = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * The dispatcher's quiet moment: one page of instances with newer item states rebuilt per tenant; whether any
     * tenant may have more.
     */
    public boolean rebuildNewerStates() {
        boolean more = false;
        for (String tenant : List.copyOf(withItemStates)) {
            try {
                if (rebuildNewerStates(tenant)) {
                    indexes.of(tenant).flush(); // no delivery may follow to flush it
                    more = true;
                } else {
                    withItemStates.remove(tenant);
                }
            } catch (RuntimeException e) { // e.g. the tenant was deleted; its next item state brings it back
                withItemStates.remove(tenant);
                log.warn("Search: rebuilding tenant {}'s documents with newer item states failed: {}", tenant,
                        e.getMessage());
            }
        }
        return more;
    }

    /** Rebuilds a page of the tenant's instances with newer item states; false when it had none. */
    private boolean rebuildNewerStates(String tenant) {
        Set<UUID> page = new LinkedHashSet<>();
        for (String id : indexes.of(tenant).instancesWithNewerStates(PAGE)) page.add(UUID.fromString(id));
        if (page.isEmpty()) return false;
        reindex(tenant, page, Set.of());
        return true;
    }

    /** The dispatcher's flush: what the batches applied to the tenant's index becomes durable. */
    public void flush(String tenant) {
        indexes.of(tenant).flush();
    }

    private void reindex(String tenant, Set<UUID> instances, Set<UUID> holdings) {
        String schema = Tenants.schema(tenant);
        List<SearchStore.InstanceRows> rows = db.tx(c -> {
            instances.addAll(SearchStore.instancesOfHoldings(c, schema, holdings));
            return SearchStore.instances(c, schema, instances);
        });
        List<InstanceDocument> docs = new ArrayList<>();
        Set<String> gone = new HashSet<>();
        for (UUID id : instances) gone.add(id.toString());
        for (SearchStore.InstanceRows r : rows) {
            docs.add(InstanceDocument.of(tenant, r.instance(), r.holdings(), r.items()));
            gone.remove(r.id().toString());
        }
        indexes.of(tenant).apply(docs, gone);
    }

    private static void addId(Set<UUID> ids, JsonNode id) {
        if (!id.isTextual()) return;
        try {
            ids.add(UUID.fromString(id.asText()));
        } catch (IllegalArgumentException ignored) {
            // not an id: nothing to re-index
        }
    }

    /**
     * Indexes the tenant fully if its index is empty while it has instances (first start, lost index), or rebuilds it
     * when it holds documents of another {@link InstanceDocument#VERSION} (an upgrade added fields). Called at
     * start-up only, before the outbox is delivered and before the HTTP server takes writes.
     */
    public void indexIfEmpty(String tenant) {
        InstanceIndex index = indexes.of(tenant);
        boolean stale = index.count() > 0 && !InstanceDocument.VERSION.equals(index.documentVersion());
        if (index.count() > 0 && !stale) return;
        long total = db.read(c -> SearchStore.countInstances(c, Tenants.schema(tenant)));
        if (total == 0 && !stale) return;
        if (stale) {
            log.info("Search: tenant {}'s index holds documents of version {}, this Quire writes {}: rebuilding it",
                    tenant, index.documentVersion(), InstanceDocument.VERSION);
            index.clear();
        }
        coveredByFullIndex.put(tenant, db.read(c -> SearchStore.lastOutboxId(c, Tenants.schema(tenant))));
        indexAll(tenant, total, (done, all) -> { });
    }

    /**
     * Rebuilds the tenant's index from its rows: the old documents are dropped and the new ones added in one commit,
     * so a reader of the committed index (a restarted server) sees either the old index or the new one. Run with the
     * server stopped (the index directory's write lock refuses a second writer).
     */
    public long reindex(String tenant, Progress progress) {
        long total = db.read(c -> SearchStore.countInstances(c, Tenants.schema(tenant)));
        indexes.of(tenant).clear();
        return indexAll(tenant, total, progress);
    }

    /** A page of a full index read and converted: its size, its last instance id, and the write of its documents. */
    private record PreparedPage(int size, UUID last, Runnable write) {
    }

    private PreparedPage preparePage(String tenant, String schema, InstanceIndex index, UUID after) {
        List<SearchStore.InstanceRows> page = db.tx(c -> SearchStore.page(c, schema, after, PAGE));
        if (page.isEmpty()) return new PreparedPage(0, after, () -> { });
        List<InstanceDocument> docs = new ArrayList<>(page.size());
        for (SearchStore.InstanceRows r : page) docs.add(InstanceDocument.of(tenant, r.instance(), r.holdings(), r.items()));
        return new PreparedPage(page.size(), page.getLast().id(), index.prepareAdd(docs));
    }

    /** Progress of a full index: instances done so far out of the total counted at the start. */
    public interface Progress {
        void update(long done, long total);
    }

    /**
     * (Re)indexes every instance of the tenant, page by page in id order, committing once at the end. Two stages on
     * two threads: the next page is read and turned into documents (instance and Lucene documents, two fifths of
     * indexing one on IndexCostProbe's profile) while this one is written, by one thread, so still into one segment
     * at a time.
     */
    public long indexAll(String tenant, long total, Progress progress) {
        String schema = Tenants.schema(tenant);
        InstanceIndex index = indexes.of(tenant);
        log.info("Search: indexing {} instances of tenant {}", total, tenant);
        long done = 0;
        long nextLog = Math.max(total / 10, PAGE);
        try (java.util.concurrent.ExecutorService reader = java.util.concurrent.Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("full-index-reader").daemon().factory())) {
            java.util.concurrent.Future<PreparedPage> next = reader.submit(() -> preparePage(tenant, schema, index, null));
            while (true) {
                PreparedPage page = org.quire.platform.Futures.result(next);
                if (page.size() == 0) break;
                next = reader.submit(() -> preparePage(tenant, schema, index, page.last()));
                page.write().run();
                done += page.size();
                progress.update(done, total);
                if (done >= nextLog) {
                    log.info("Search: tenant {} indexed {}/{} instances", tenant, done, total);
                    nextLog += Math.max(total / 10, PAGE);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("The full index of tenant " + tenant + " was interrupted", e);
        }
        index.commit();
        log.info("Search: tenant {} indexed, {} instances", tenant, done);
        return done;
    }
}
