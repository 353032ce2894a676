package org.quire.search;

import org.apache.lucene.document.Document;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.MergePolicy;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.quire.platform.BackgroundPriority;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Lucene index directory held open for writing and searching — the plumbing the instance and authority indexes
 * share: an {@link IndexWriter} (thread-safe; the directory's write lock keeps a second process out), a
 * {@link SearcherManager} refreshed at the first read after a {@link #commit} or {@link #refresh}, and the commit user
 * data: the document version the index holds (an index of another version is rebuilt at start) plus what its owner
 * adds (a live reindex's progress).
 */
final class LuceneDirectory implements AutoCloseable {
    /** The commit user-data key naming the document shape of the index's last commit. */
    private static final String DOCUMENT_VERSION = "quire.documentVersion";

    private final FSDirectory dir;
    private final IndexWriter writer;
    private final SearcherManager searchers;
    private final String version;
    /** The commit user data the index was opened at (empty: a new index). */
    private final Map<String, String> opened = new HashMap<>();
    /** The document version of the last commit, null for an index older than versions. */
    private volatile String committedVersion;

    /** Opens (or creates) the index in {@code path}, whose later commits say they hold documents of {@code version}. */
    LuceneDirectory(Path path, String version) {
        this.version = version;
        try {
            dir = FSDirectory.open(path);
            writer = new IndexWriter(dir, new IndexWriterConfig(LuceneAnalyzers.INDEXING)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setRAMBufferSizeMB(64)
                    .setMergeScheduler(new BackgroundMerges()));
            Iterable<Map.Entry<String, String>> data = writer.getLiveCommitData();
            if (data != null) for (var e : data) opened.put(e.getKey(), e.getValue());
            committedVersion = opened.get(DOCUMENT_VERSION);
            commitData(Map.of());
            searchers = new SearcherManager(writer, null);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the search index in " + path, e);
        }
    }

    /** Lucene's concurrent merges on threads of lower CPU priority ({@link BackgroundPriority}): requests come first. */
    private static final class BackgroundMerges extends ConcurrentMergeScheduler {
        @Override
        protected synchronized MergeThread getMergeThread(MergeSource source, MergePolicy.OneMerge merge)
                throws IOException {
            MergeThread thread = new MergeThread(source, merge) {
                @Override
                public void run() {
                    BackgroundPriority.lowerCurrentThread();
                    super.run();
                }
            };
            thread.setDaemon(true);
            thread.setName("Lucene Merge Thread #" + mergeThreadCounter++);
            return thread;
        }
    }

    IndexWriter writer() {
        return writer;
    }

    /** A value of the commit user data the index was opened at, or null. */
    String openedWith(String key) {
        return opened.get(key);
    }

    /** What every later commit carries besides the document version. */
    void commitData(Map<String, String> extra) {
        Map<String, String> data = new HashMap<>(extra);
        data.put(DOCUMENT_VERSION, version);
        writer.setLiveCommitData(data.entrySet());
    }

    String committedVersion() {
        return committedVersion;
    }

    /** Writes so far (the counter {@link #refresh} moves). */
    private final java.util.concurrent.atomic.AtomicLong written = new java.util.concurrent.atomic.AtomicLong();
    /** The writes the current reader holds. */
    private volatile long searchable;
    private final Object refreshing = new Object();

    /**
     * Makes what was written searchable, not durable: the next read opens a new near-real-time reader first (no fsync,
     * no commit point). Lazily, so that the outbox's deliveries do not each pay a reader nobody reads: a check-out's
     * item state changes a status mask in place, and opening a reader writes the whole mask field of every segment
     * it touched (half of the dispatcher's CPU samples under one user's check-outs, docs/benchmarks.md, issue 16).
     */
    void refresh() {
        written.incrementAndGet();
    }

    /** Opens a new reader if something was written since the current one: every read sees every write before it. */
    private void catchUp() throws IOException {
        if (searchable >= written.get()) return;
        synchronized (refreshing) {
            long now = written.get(); // read before the refresh: the writes counted by then are in it
            if (searchable >= now) return;
            searchers.maybeRefreshBlocking();
            searchable = now;
        }
    }

    /** Whether something was written since the last commit. */
    boolean uncommitted() {
        return writer.hasUncommittedChanges();
    }

    /** Makes what was written durable (commit), then searchable (refresh). */
    void commit() {
        try {
            writer.commit();
            committedVersion = version; // what the commit data says
            refresh();
            catchUp(); // a reader at least every commit: what withLastSearcher reads lags by no more
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    interface SearcherWork<T> {
        T run(IndexSearcher s) throws IOException;
    }

    /** Runs {@code work} on a searcher that sees every write so far, released afterwards. */
    <T> T withSearcher(SearcherWork<T> work) {
        try {
            catchUp();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return withLastSearcher(work);
    }

    /**
     * Runs {@code work} on the reader opened last, which may miss the latest writes: for the writer's own bookkeeping
     * (how many item states wait), which must not open a reader per delivery.
     */
    <T> T withLastSearcher(SearcherWork<T> work) {
        try {
            IndexSearcher s = searchers.acquire();
            try {
                return work.run(s);
            } finally {
                searchers.release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The stored sources ({@link LuceneDocuments#SOURCE}) of the hits from {@code from} on. */
    static List<String> sources(IndexSearcher s, ScoreDoc[] hits, int from) throws IOException {
        StoredFields stored = s.storedFields();
        List<String> out = new ArrayList<>();
        for (int i = from; i < hits.length; i++) {
            Document d = stored.document(hits[i].doc, Set.of(LuceneDocuments.SOURCE));
            out.add(d.getBinaryValue(LuceneDocuments.SOURCE).utf8ToString());
        }
        return out;
    }

    /**
     * The {@link BasicFields} of the hits from {@code from} on, in the hits' order: from the {@code _basic} doc values,
     * read in document order (a leaf's doc values only move forward), or from the stored source for a document
     * written before they were.
     */
    static List<byte[]> basics(IndexSearcher s, ScoreDoc[] hits, int from) throws IOException {
        int n = Math.max(0, hits.length - from);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> hits[from + i].doc));
        List<LeafReaderContext> leaves = s.getIndexReader().leaves();
        byte[][] out = new byte[n][];
        BinaryDocValues values = null;
        int leaf = -1;
        for (int i : order) {
            int doc = hits[from + i].doc;
            int at = ReaderUtil.subIndex(doc, leaves);
            if (at != leaf) {
                leaf = at;
                values = leaves.get(at).reader().getBinaryDocValues(LuceneDocuments.BASIC);
            }
            if (values != null && values.advanceExact(doc - leaves.get(at).docBase)) {
                BytesRef b = values.binaryValue();
                out[i] = java.util.Arrays.copyOfRange(b.bytes, b.offset, b.offset + b.length);
            } else {
                BytesRef source = s.storedFields().document(doc, Set.of(LuceneDocuments.SOURCE))
                        .getBinaryValue(LuceneDocuments.SOURCE);
                out[i] = BasicFields.json(org.quire.platform.Json.parseObject(
                        java.util.Arrays.copyOfRange(source.bytes, source.offset, source.offset + source.length)));
            }
        }
        return java.util.Arrays.asList(out);
    }

    /** Closes the searchers and the writer (which commits what was added) and the directory. */
    @Override
    public void close() {
        try {
            searchers.close();
            writer.close();
            dir.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
