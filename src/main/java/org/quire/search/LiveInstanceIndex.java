package org.quire.search;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * A tenant's instance index as generations of Lucene indexes ({@link IndexGenerations}): the live one serves every
 * call; while a live reindex builds the next one ({@link LiveReindex}), every write the outbox applies goes to BOTH,
 * so nothing written during the build is lost. The build's pages and the mirrored writes take the same lock, so a page
 * read from the rows can never overwrite a newer document a write put into the new index (a write's re-read that is
 * older than a page is followed by its own later event, which re-reads again). {@link #swap} switches under the write
 * lock: searches in flight finish on the old index before it is closed, later ones run on the new one.
 */
final class LiveInstanceIndex implements InstanceIndex, LiveBuild {
    private final IndexGenerations generations;
    /** Readers: every call on the live index. Writer: the swap. Taken before {@link #mirror}, never after. */
    private final ReentrantReadWriteLock swapLock = new ReentrantReadWriteLock();
    /** Orders the build's pages against mirrored writes. */
    private final Object mirror = new Object();
    private volatile LuceneIndex live;
    private int liveGeneration;
    private LuceneIndex building;
    private int buildingGeneration = -1;
    /** Set by close: a build still running then stops, and its committed pages stay for the next start to resume. */
    private boolean closed;

    LiveInstanceIndex(IndexGenerations generations) {
        this.generations = generations;
        liveGeneration = generations.live();
        int interrupted = generations.interruptedBuild();
        generations.deleteAllBut(liveGeneration, interrupted); // an old generation a crash left after a swap
        live = open(liveGeneration);
        if (interrupted > 0) { // a crash interrupted a build: it keeps receiving writes until LiveReindex resumes it
            building = open(interrupted);
            buildingGeneration = interrupted;
        }
    }

    private LuceneIndex open(int generation) {
        try {
            java.nio.file.Files.createDirectories(generations.dir(generation));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new LuceneIndex(generations.dir(generation));
    }

    /** The live generation's number (0: the directory {@code instance/}). */
    int generation() {
        return read(i -> liveGeneration);
    }

    /** Whether a build (begun now or before a crash) is attached. */
    @Override
    public boolean building() {
        synchronized (mirror) {
            return building != null;
        }
    }

    /**
     * Attaches a new generation to build, or keeps the one a crash interrupted: returns the last instance id its
     * committed pages hold (null: start from the first).
     */
    @Override
    public String startBuild() {
        swapLock.readLock().lock();
        try {
            synchronized (mirror) {
                if (building != null) return building.builtAfter();
                buildingGeneration = liveGeneration + 1;
                IndexGenerations.delete(generations.dir(buildingGeneration));
                building = open(buildingGeneration);
                building.builtAfter(null);
                return null;
            }
        } finally {
            swapLock.readLock().unlock();
        }
    }

    /**
     * Reads the page after {@code after} and adds it to the new index, atomically with respect to mirrored writes;
     * records the page's last id as the progress the next commit carries and commits when {@code commit}.
     */
    @Override
    public List<InstanceDocument> addPage(String after, Function<String, List<InstanceDocument>> read, boolean commit) {
        swapLock.readLock().lock();
        try {
            synchronized (mirror) {
                if (closed) throw new IllegalStateException("The search index is closed");
                List<InstanceDocument> docs = read.apply(after);
                building.add(docs);
                if (!docs.isEmpty()) building.builtAfter(docs.getLast().id());
                if (commit) building.commit();
                return docs;
            }
        } finally {
            swapLock.readLock().unlock();
        }
    }

    /** Commits the new index, makes it live (pointer file), closes and deletes the old one. */
    @Override
    public void swap() {
        LuceneIndex old;
        int oldGeneration;
        swapLock.readLock().lock(); // the long commit first, while searches go on
        try {
            synchronized (mirror) {
                if (closed) throw new IllegalStateException("The search index is closed");
                building.builtAfter(null);
                building.commit();
            }
        } finally {
            swapLock.readLock().unlock();
        }
        swapLock.writeLock().lock(); // waits for searches in flight, which finish on the old index
        try {
            synchronized (mirror) {
                if (closed) throw new IllegalStateException("The search index is closed");
                // writes mirrored since the commit above are in the new index, uncommitted: their events stay in the
                // outbox until its next flush, and a crash before it delivers them again
                generations.makeLive(buildingGeneration);
                old = live;
                oldGeneration = liveGeneration;
                live = building;
                liveGeneration = buildingGeneration;
                building = null;
                buildingGeneration = -1;
            }
        } finally {
            swapLock.writeLock().unlock();
        }
        old.close();
        IndexGenerations.delete(generations.dir(oldGeneration));
    }

    /** The documents the new generation holds so far (a resumed build counts its committed pages as done). */
    @Override
    public long builtCount() {
        synchronized (mirror) {
            return building == null ? 0 : building.count();
        }
    }

    /** Whether the server closed the index (a build stopping then is not a failure: the next start resumes it). */
    @Override
    public boolean closed() {
        synchronized (mirror) {
            return closed;
        }
    }

    /** Drops a failed build: the live index stays as it was. */
    @Override
    public void abandonBuild() {
        synchronized (mirror) {
            if (building == null || closed) return; // closed: the server stops; the next start resumes the build
            building.close();
            IndexGenerations.delete(generations.dir(buildingGeneration));
            building = null;
            buildingGeneration = -1;
        }
    }

    @Override
    public void apply(Collection<InstanceDocument> upserts, Collection<String> deletes) {
        swapLock.readLock().lock();
        try {
            synchronized (mirror) {
                live.apply(upserts, deletes);
                if (building != null) building.apply(upserts, deletes); // flushed with the live one (below)
            }
        } finally {
            swapLock.readLock().unlock();
        }
    }

    @Override
    public boolean keepsItemStates() {
        return true;
    }

    @Override
    public void applyItemStates(Collection<ItemState> changed) {
        swapLock.readLock().lock();
        try {
            synchronized (mirror) {
                live.applyItemStates(changed);
                if (building != null) building.applyItemStates(changed);
            }
        } finally {
            swapLock.readLock().unlock();
        }
    }

    @Override
    public java.util.Set<String> instancesWithNewerStates(int atMost) {
        return read(index -> index.instancesWithNewerStates(atMost));
    }

    @Override
    public int newerItemStates() {
        return read(LuceneIndex::newerItemStates);
    }

    /** Commits the live index and a build's mirrored writes: a build resumed after a crash keeps them. */
    @Override
    public void flush() {
        swapLock.readLock().lock();
        try {
            synchronized (mirror) {
                live.flush();
                if (building != null) building.flush();
            }
        } finally {
            swapLock.readLock().unlock();
        }
    }

    @Override
    public void add(Collection<InstanceDocument> docs) {
        read(i -> {
            i.add(docs);
            return null;
        });
    }

    /** Converted here; written to the generation that is live when the action runs (as {@link #add}). */
    @Override
    public Runnable prepareAdd(Collection<InstanceDocument> docs) {
        LuceneIndex.Prepared prepared = LuceneIndex.prepare(docs);
        return () -> read(i -> {
            i.add(prepared);
            return null;
        });
    }

    @Override
    public void commit() {
        read(i -> {
            i.commit();
            return null;
        });
    }

    @Override
    public void clear() {
        read(i -> {
            i.clear();
            return null;
        });
    }

    @Override
    public long count() {
        return read(LuceneIndex::count);
    }

    @Override
    public String documentVersion() {
        return read(LuceneIndex::documentVersion);
    }

    @Override
    public Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        return read(i -> i.search(query, sort, offset, limit));
    }

    @Override
    public Basics searchBasic(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        return read(i -> i.searchBasic(query, sort, offset, limit));
    }

    @Override
    public Map<String, Long> facetCounts(SearchQuery query, String facet) {
        return read(i -> i.facetCounts(query, facet));
    }

    @Override
    public void forEachId(SearchQuery query, boolean holdings, java.util.function.Consumer<String> sink) {
        read(i -> {
            i.forEachId(query, holdings, sink);
            return null;
        });
    }

    @Override
    public List<BrowseEntries.Entry> browse(String field, String key, boolean forward, boolean includeKey,
            Map<Integer, String> filter, boolean countItems, int n) {
        return read(i -> i.browse(field, key, forward, includeKey, filter, countItems, n));
    }

    @Override
    public long browseTotal(String field, Map<Integer, String> filter) {
        return read(i -> i.browseTotal(field, filter));
    }

    @Override
    public List<String> browseTerms(String field, String prefix) {
        return read(i -> i.browseTerms(field, prefix));
    }

    @Override
    public void forEachBrowseTerm(String field, java.util.function.Consumer<String> sink) {
        read(i -> {
            i.forEachBrowseTerm(field, sink);
            return null;
        });
    }

    private <T> T read(Function<LuceneIndex, T> work) {
        swapLock.readLock().lock();
        try {
            return work.apply(live);
        } finally {
            swapLock.readLock().unlock();
        }
    }

    @Override
    public void close() {
        swapLock.writeLock().lock();
        try {
            synchronized (mirror) {
                closed = true;
                if (building != null) building.close(); // commits what was added: a restart resumes after it
                building = null;
            }
            live.close();
        } finally {
            swapLock.writeLock().unlock();
        }
    }
}
