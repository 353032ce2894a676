package org.quire.search;

import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopScoreDocCollectorManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * One tenant's instance index (one generation of it, see {@link LiveInstanceIndex}) in a directory of its own
 * ({@link LuceneDirectory}): documents replaced by {@code _id}; each {@link #apply} refreshes before it returns, so a
 * write is searchable at once, and {@link #flush} commits what was applied (the outbox keeps the events until then).
 */
final class LuceneIndex implements InstanceIndex {
    private final LuceneDirectory lucene;
    private final IndexWriter writer;
    private final LuceneBrowseTotals browseTotals = new LuceneBrowseTotals();
    /** The commit user-data key of a live reindex's progress: the last instance id its pages added (LiveReindex). */
    private static final String BUILT_AFTER = "quire.builtAfter";
    private volatile String builtAfter;

    LuceneIndex(Path path) {
        lucene = new LuceneDirectory(path, InstanceDocument.VERSION);
        writer = lucene.writer();
        builtAfter = lucene.openedWith(BUILT_AFTER);
    }

    @Override
    public void apply(Collection<InstanceDocument> upserts, Collection<String> deletes) {
        synchronized (browseTotals) { // browse totals move by the values this write adds or removes
            var changed = withSearcher(s -> browseTotals.before(s, upserts, deletes));
            try {
                add(prepare(upserts));
                for (String id : deletes) writer.deleteDocuments(new Term(LuceneDocuments.ID, id));
                lucene.refresh();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            withSearcher(s -> {
                browseTotals.after(s, changed);
                return null;
            });
        }
    }

    @Override
    public void add(Collection<InstanceDocument> docs) {
        add(prepare(docs));
    }

    /** Documents as Lucene documents, with the ids they replace: {@link #add(Prepared)} writes them. */
    record Prepared(List<String> ids, List<org.apache.lucene.document.Document> documents) {
    }

    static Prepared prepare(Collection<InstanceDocument> docs) {
        List<String> ids = new java.util.ArrayList<>(docs.size());
        List<org.apache.lucene.document.Document> documents = new java.util.ArrayList<>(docs.size());
        for (InstanceDocument doc : docs) {
            ids.add(doc.id());
            documents.add(LuceneDocuments.of(doc));
        }
        return new Prepared(ids, documents);
    }

    void add(Prepared prepared) {
        try {
            for (int i = 0; i < prepared.ids().size(); i++) {
                writer.updateDocument(new Term(LuceneDocuments.ID, prepared.ids().get(i)), prepared.documents().get(i));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Runnable prepareAdd(Collection<InstanceDocument> docs) {
        Prepared prepared = prepare(docs);
        return () -> add(prepared);
    }

    @Override
    public void commit() {
        browseTotals.reset();
        lucene.commit();
    }

    @Override
    public void flush() {
        if (lucene.uncommitted()) lucene.commit();
    }

    @Override
    public void clear() {
        try {
            writer.deleteAll();
            browseTotals.reset();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A live reindex's progress, carried by every later commit: the last instance id of the pages added so far (null:
     * the build is complete or never started). A build resumed after a crash continues after the committed one.
     */
    void builtAfter(String lastId) {
        builtAfter = lastId;
        lucene.commitData(lastId == null ? java.util.Map.of() : java.util.Map.of(BUILT_AFTER, lastId));
    }

    /** The progress the index was opened or last marked at (see {@link #builtAfter(String)}). */
    String builtAfter() {
        return builtAfter;
    }

    @Override
    public String documentVersion() {
        return lucene.committedVersion();
    }

    @Override
    public long count() {
        return withSearcher(s -> (long) s.count(new MatchAllDocsQuery()));
    }

    @Override
    public Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        try {
            return run(LuceneQueries.of(query), sort, offset, limit);
        } catch (IndexSearcher.TooManyClauses | org.apache.lucene.util.automaton.TooComplexToDeterminizeException e) {
            // a client's query too large for the engine (over 1024 clauses, a pathological wildcard): a 400, not a 500
            throw new InvalidSearch("The query is too complex: " + e.getMessage(), "query", null);
        }
    }

    @Override
    public java.util.Map<String, Long> facetCounts(SearchQuery query, String facet) {
        try {
            org.apache.lucene.search.Query q = LuceneQueries.of(query);
            return withSearcher(s -> LuceneFacets.count(s, q, facet));
        } catch (IndexSearcher.TooManyClauses | org.apache.lucene.util.automaton.TooComplexToDeterminizeException e) {
            throw new InvalidSearch("The query is too complex: " + e.getMessage(), "query", null);
        }
    }

    @Override
    public void forEachId(SearchQuery query, boolean holdings, java.util.function.Consumer<String> sink) {
        try {
            org.apache.lucene.search.Query q = LuceneQueries.of(query);
            withSearcher(s -> {
                LuceneFacets.ids(s, q, holdings, sink);
                return null;
            });
        } catch (IndexSearcher.TooManyClauses | org.apache.lucene.util.automaton.TooComplexToDeterminizeException e) {
            throw new InvalidSearch("The query is too complex: " + e.getMessage(), "query", null);
        }
    }

    private Hits run(org.apache.lucene.search.Query q, SearchQuery.Sort sort, int offset, int limit) {
        return withSearcher(s -> {
            if (limit == 0) return new Hits(s.count(q), List.of());
            int n = offset + limit;
            TopDocs top = sort.field() == null
                    ? s.search(q, new TopScoreDocCollectorManager(n, null, Integer.MAX_VALUE))
                    : s.search(q, new TopFieldCollectorManager(sortOf(sort), n, null, Integer.MAX_VALUE));
            return new Hits(top.totalHits.value(), LuceneDirectory.sources(s, top.scoreDocs, offset));
        });
    }

    @Override
    public List<BrowseEntries.Entry> browse(String field, String key, boolean forward, boolean includeKey,
            java.util.Map<Integer, String> filter, boolean countItems, int n) {
        return withSearcher(s -> LuceneBrowse.walk(s, field, key, forward, includeKey, filter, countItems, n));
    }

    @Override
    public long browseTotal(String field, java.util.Map<Integer, String> filter) {
        return browseTotals.get(work -> withSearcher(work::run), field, filter);
    }

    @Override
    public List<String> browseTerms(String field, String prefix) {
        return withSearcher(s -> LuceneBrowse.withPrefix(s, field, prefix));
    }

    private static Sort sortOf(SearchQuery.Sort sort) {
        SortField field = new SortField(sort.field(), SortField.Type.STRING, sort.descending());
        field.setMissingValue(sort.descending() ? SortField.STRING_FIRST : SortField.STRING_LAST);
        return new Sort(field, SortField.FIELD_DOC);
    }

    private <T> T withSearcher(LuceneDirectory.SearcherWork<T> work) {
        return lucene.withSearcher(work);
    }

    @Override
    public void close() {
        lucene.close(); // the writer commits what was added
    }
}
