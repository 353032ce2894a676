package org.quire.search;

import java.util.Collection;
import java.util.List;

/** One tenant's instance index, whatever the engine: the seam behind which Lucene (or later OpenSearch) sits. */
public interface InstanceIndex extends AutoCloseable {

    /** The ids of a page of hits, their sources (JSON text) and the exact number of hits. */
    record Hits(long total, List<String> sources) {
    }

    /**
     * Replaces the documents of {@code upserts} and removes the {@code deletes}, searchable when it returns; durable
     * at the latest when {@link #flush} returns (the outbox keeps the events until then, EventDispatcher).
     */
    void apply(Collection<InstanceDocument> upserts, Collection<String> deletes);

    /**
     * An item as it is now, its instance's id, and the statuses of all that instance's items now (this one's
     * included): what {@link #applyItemStates} writes.
     */
    record ItemState(String instanceId, com.fasterxml.jackson.databind.node.ObjectNode item,
                     java.util.List<String> instanceStatuses) {
    }

    /**
     * Whether the index keeps items' circulation states apart from their instances' documents
     * ({@link CirculationFields}): then a change to those alone is written by {@link #applyItemStates}, and the
     * instance's document is left as it is. The embedded index does; OpenSearch re-indexes the instance.
     */
    default boolean keepsItemStates() {
        return false;
    }

    /** Writes items whose circulation state alone changed, searchable when it returns (see {@link #keepsItemStates}). */
    default void applyItemStates(Collection<ItemState> changed) {
        throw new UnsupportedOperationException("This index keeps item states in the instance documents");
    }

    /**
     * The instances whose documents hold older item states than {@link #applyItemStates} wrote since (re-indexing them
     * makes them current again).
     */
    default java.util.Set<String> instancesWithNewerStates() {
        return instancesWithNewerStates(Integer.MAX_VALUE);
    }

    /** At most {@code atMost} of {@link #instancesWithNewerStates()}: a page to rebuild, without reading them all. */
    default java.util.Set<String> instancesWithNewerStates(int atMost) {
        return java.util.Set.of();
    }

    /**
     * How many item states are newer than their instances' documents: at least the number of such instances, counted
     * without collecting them (the indexer asks at every delivery whether to rebuild), as of the last read or
     * {@link #flush} (the count opens no reader of its own).
     */
    default int newerItemStates() {
        return 0;
    }

    /** Makes every {@link #apply} so far durable (the embedded index commits; OpenSearch's writes already are). */
    void flush();

    /** Adds or replaces documents without committing (a full index commits once, at its end, via {@link #commit}). */
    void add(Collection<InstanceDocument> docs);

    /**
     * {@link #add} in two steps: this call turns the documents into the engine's own form (any thread, the index
     * untouched), the returned action writes them. A full index prepares the next page while this one is written.
     */
    default Runnable prepareAdd(Collection<InstanceDocument> docs) {
        return () -> add(docs);
    }

    void commit();

    /** Removes every document, visible at the next commit: a full reindex after it replaces the index atomically. */
    void clear();

    long count();

    /**
     * The {@link InstanceDocument#VERSION} of the documents the index held when it was opened (null: older than
     * versions). A different one means a newer Quire indexes more or other fields: the index is rebuilt at start.
     */
    String documentVersion();

    Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit);

    /** A page of hits as a search shows them unless {@code expandAll}: their {@link BasicFields} as compact JSON. */
    record Basics(long total, List<byte[]> json) {
    }

    /** {@link #search}, each hit's {@link BasicFields} only; the embedded index reads them without the sources. */
    default Basics searchBasic(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        Hits hits = search(query, sort, offset, limit);
        List<byte[]> json = new java.util.ArrayList<>(hits.sources().size());
        for (String source : hits.sources()) json.add(BasicFields.json(org.quire.platform.Json.parseObject(source)));
        return new Basics(hits.total(), json);
    }

    /** Facet value (normalised, as indexed) → number of documents matching {@code query} that have it. */
    java.util.Map<String, Long> facetCounts(SearchQuery query, String facet);

    /** Every hit's instance id ({@code holdings}: the ids of its holdings records instead), in index order. */
    void forEachId(SearchQuery query, boolean holdings, java.util.function.Consumer<String> sink);

    /**
     * Browse: up to {@code n} live entries of a browse field next to {@code key}, nearest first (see
     * {@link BrowseEntries}); {@code filter} maps an entry part's index to the value it must have.
     */
    java.util.List<BrowseEntries.Entry> browse(String field, String key, boolean forward, boolean includeKey,
            java.util.Map<Integer, String> filter, boolean countItems, int n);

    /** Browse: the number of distinct live entries of a browse field that match the filter. */
    long browseTotal(String field, java.util.Map<Integer, String> filter);

    /** Browse: the live terms of a field that start with {@code prefix}, without it. */
    java.util.List<String> browseTerms(String field, String prefix);

    /** Browse: every live term of a field (its distinct entries), in term order (browse facets count them). */
    void forEachBrowseTerm(String field, java.util.function.Consumer<String> sink);

    @Override
    void close();
}
