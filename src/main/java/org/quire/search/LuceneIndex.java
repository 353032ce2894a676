package org.quire.search;

import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.ScoreDoc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * One tenant's instance index (one generation of it, see {@link LiveInstanceIndex}) in a directory of its own
 * ({@link LuceneDirectory}): documents replaced by {@code _id}; what {@link #apply} wrote is seen by every read after
 * it returns (the read opens a new reader first), and {@link #flush} commits what was applied (the outbox keeps the
 * events until then).
 * Beside it, in its subdirectory {@code item-states/}, the items' circulation states ({@link LuceneItemStates}),
 * written with their instances' documents and alone by {@link #applyItemStates}.
 */
final class LuceneIndex implements InstanceIndex {
    static final String ITEM_STATES_DIR = "item-states";
    private final LuceneDirectory lucene;
    private final IndexWriter writer;
    private final LuceneDirectory states;
    private final LuceneBrowseTotals browseTotals = new LuceneBrowseTotals();
    /** The commit user-data key of a live reindex's progress: the last instance id its pages added (LiveReindex). */
    private static final String BUILT_AFTER = "quire.builtAfter";
    private volatile String builtAfter;

    LuceneIndex(Path path) {
        lucene = new LuceneDirectory(path, InstanceDocument.VERSION);
        writer = lucene.writer();
        try {
            java.nio.file.Files.createDirectories(path.resolve(ITEM_STATES_DIR));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        states = new LuceneDirectory(path.resolve(ITEM_STATES_DIR), InstanceDocument.VERSION);
        builtAfter = lucene.openedWith(BUILT_AFTER);
    }

    @Override
    public void apply(Collection<InstanceDocument> upserts, Collection<String> deletes) {
        synchronized (browseTotals) { // browse totals move by the values this write adds or removes
            // Only a kept total needs a reader before and after the write. Without one the write opens no reader
            // (the next read does): a reader per delivery flushed a segment per import chunk, and merging those was
            // the largest part of an import's indexing CPU (docs/benchmarks.md, issue 14).
            boolean counting = browseTotals.counting();
            var changed = counting ? withSearcher(s -> browseTotals.before(s, upserts, deletes))
                    : List.<LuceneBrowseTotals.Changed>of();
            try {
                write(prepare(upserts), true);
                for (String id : deletes) {
                    writer.deleteDocuments(new Term(LuceneDocuments.ID, id));
                    states.writer().deleteDocuments(new Term(LuceneItemStates.INSTANCE, id));
                }
                states.refresh();
                lucene.refresh();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (counting) withSearcher(s -> {
                browseTotals.after(s, changed);
                return null;
            });
        }
    }

    @Override
    public void add(Collection<InstanceDocument> docs) {
        add(prepare(docs));
    }

    /**
     * Documents as Lucene documents, with the ids they replace, and the states of their items: {@link #add(Prepared)}
     * writes them.
     */
    record Prepared(List<String> ids, List<org.apache.lucene.document.Document> documents,
                    List<List<StateDocument>> itemStates) {
    }

    /** An item's state document ({@link LuceneItemStates}), with the item's id it replaces. */
    record StateDocument(String itemId, org.apache.lucene.document.Document document) {
    }

    static Prepared prepare(Collection<InstanceDocument> docs) {
        List<String> ids = new java.util.ArrayList<>(docs.size());
        List<org.apache.lucene.document.Document> documents = new java.util.ArrayList<>(docs.size());
        List<List<StateDocument>> itemStates = new java.util.ArrayList<>(docs.size());
        for (InstanceDocument doc : docs) {
            ids.add(doc.id());
            documents.add(LuceneDocuments.of(doc));
            List<StateDocument> items = new java.util.ArrayList<>();
            for (com.fasterxml.jackson.databind.JsonNode item : doc.source().path("items")) {
                items.add(new StateDocument(item.path("id").asText(), LuceneItemStates.of(doc.id(), item, false)));
            }
            itemStates.add(items);
        }
        return new Prepared(ids, documents, itemStates);
    }

    /** A full index's page: into a cleared index or a new generation, where no state of an item it lost is left. */
    void add(Prepared prepared) {
        write(prepared, false);
    }

    /**
     * Writes the documents and their items' states; {@code dropOldStates}: first removes the states the instances had
     * (an item moved away or deleted) — an update needs it, a full index's delete terms would be wasted work.
     */
    private void write(Prepared prepared, boolean dropOldStates) {
        try {
            for (int i = 0; i < prepared.ids().size(); i++) {
                String id = prepared.ids().get(i);
                writer.updateDocument(new Term(LuceneDocuments.ID, id), prepared.documents().get(i));
                if (dropOldStates) states.writer().deleteDocuments(new Term(LuceneItemStates.INSTANCE, id));
                for (StateDocument item : prepared.itemStates().get(i)) {
                    states.writer().updateDocument(new Term(LuceneDocuments.ID, item.itemId()), item.document());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the index has the status mask field (kept until {@link #clear}: the check copies every field name). */
    private volatile boolean hasMasks;

    /** Replaces items' states alone (their instances' documents unchanged), searchable when it returns. */
    @Override
    public void applyItemStates(Collection<ItemState> changed) {
        try {
            // an index without the mask field yet (a build before its first page) has no document to update
            if (!hasMasks) hasMasks = writer.getFieldNames().contains(ItemStatusMask.FIELD);
            boolean masks = hasMasks;
            for (ItemState c : changed) {
                states.writer().updateDocument(new Term(LuceneDocuments.ID, c.item().path("id").asText()),
                        LuceneItemStates.of(c.instanceId(), c.item(), true));
                if (masks) { // in place: the instance's document is not rewritten
                    writer.updateNumericDocValue(new Term(LuceneDocuments.ID, c.instanceId()), ItemStatusMask.FIELD,
                            ItemStatusMask.of(c.instanceStatuses()));
                }
            }
            states.refresh();
            lucene.refresh();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean keepsItemStates() {
        return true;
    }

    @Override
    public void commit() {
        browseTotals.reset();
        states.commit(); // first: a live reindex's progress, in the instances' commit, never claims states not durable
        lucene.commit();
    }

    @Override
    public void flush() {
        if (states.uncommitted()) states.commit();
        if (lucene.uncommitted()) lucene.commit();
    }

    @Override
    public void clear() {
        try {
            writer.deleteAll(); // the field names too
            hasMasks = false;
            states.writer().deleteAll();
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
        // item states of another version (or none beside an index older than them) make the index stale too
        String version = lucene.committedVersion();
        String statesVersion = states.committedVersion();
        return InstanceDocument.VERSION.equals(version) ? statesVersion : version;
    }

    @Override
    public long count() {
        return withSearcher(s -> (long) s.count(new MatchAllDocsQuery()));
    }

    @Override
    public Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        return withQuery(query, (s, items, q) -> {
            if (limit == 0) return new Hits(s.count(q), List.of());
            LuceneTopHits.Page page = top(s, q, sort, offset, limit);
            ScoreDoc[] hits = page.top().scoreDocs;
            List<String> sources = LuceneDirectory.sources(s, hits, offset);
            if (newerCount(items) == 0) return new Hits(page.total(), sources);
            return new Hits(page.total(), LuceneItemStates.patch(s, hits, offset, sources, items));
        });
    }

    @Override
    public Basics searchBasic(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        return withQuery(query, (s, items, q) -> {
            if (limit == 0) return new Basics(s.count(q), List.of());
            LuceneTopHits.Page page = top(s, q, sort, offset, limit);
            // no item states to patch: the basic fields hold none
            return new Basics(page.total(), LuceneDirectory.basics(s, page.top().scoreDocs, offset));
        });
    }

    @Override
    public java.util.Map<String, Long> facetCounts(SearchQuery query, String facet) {
        // the statuses from the masks check-outs keep current, not from documents that may hold older ones
        return withQuery(query, (s, items, q) -> facet.equals(ItemStatusMask.STATUS) ? ItemStatusMask.count(s, q)
                : LuceneFacets.count(s, q, facet));
    }

    @Override
    public void forEachId(SearchQuery query, boolean holdings, java.util.function.Consumer<String> sink) {
        withQuery(query, (s, items, q) -> {
            LuceneFacets.ids(s, q, holdings, sink);
            return null;
        });
    }

    private LuceneTopHits.Page top(IndexSearcher s, org.apache.lucene.search.Query q, SearchQuery.Sort sort,
            int offset, int limit) throws IOException {
        return LuceneTopHits.of(s, q, sort.field() == null ? null : sortOf(sort), offset + limit);
    }

    private interface QueryWork<T> {
        T run(IndexSearcher instances, IndexSearcher items, org.apache.lucene.search.Query q) throws IOException;
    }

    /**
     * Runs {@code work} with {@code query} as Lucene's on the current searchers. A client's query too large for the
     * engine (over 1024 clauses, a pathological wildcard) is a 400, not a 500.
     */
    private <T> T withQuery(SearchQuery query, QueryWork<T> work) {
        try {
            return withSearchers((s, items) -> work.run(s, items, LuceneQueries.of(query, join(items))));
        } catch (IndexSearcher.TooManyClauses | org.apache.lucene.util.automaton.TooComplexToDeterminizeException e) {
            throw new InvalidSearch("The query is too complex: " + e.getMessage(), "query", null);
        }
    }

    /**
     * How a query's conditions on item states are answered (LuceneQueries.ItemStateJoin, LuceneItemStates.join): the
     * instances with newer states are read only for a condition that needs them (not for the status, ItemStatusMask).
     */
    private LuceneQueries.ItemStateJoin join(IndexSearcher items) {
        return new LuceneQueries.ItemStateJoin() {
            @Override
            public org.apache.lucene.search.Query instancesWith(org.apache.lucene.search.Query condition)
                    throws IOException {
                return LuceneItemStates.join(items, newer(items), condition);
            }

            @Override
            public boolean anyNewer() throws IOException {
                return newerCount(items) > 0;
            }
        };
    }

    /** The newer states of one reader of the item states: they change with its refresh. */
    private record NewerOf(org.apache.lucene.index.IndexReader reader, LuceneItemStates.Newer newer) {
    }

    /** The number of newer states of one reader of the item states (every search asks whether there are any). */
    private record CountOf(org.apache.lucene.index.IndexReader reader, int count) {
    }

    private volatile CountOf countOf;

    private int newerCount(IndexSearcher items) throws IOException {
        CountOf known = countOf;
        if (known == null || known.reader() != items.getIndexReader()) {
            known = new CountOf(items.getIndexReader(), LuceneItemStates.newerCount(items));
            countOf = known;
        }
        return known.count();
    }

    private volatile NewerOf newerOf;

    private LuceneItemStates.Newer newer(IndexSearcher items) throws IOException {
        NewerOf known = newerOf;
        if (known == null || known.reader() != items.getIndexReader()) {
            known = new NewerOf(items.getIndexReader(), LuceneItemStates.newer(items));
            newerOf = known;
        }
        return known.newer();
    }

    /** The instances whose items have states newer than their documents (InstanceIndexer rebuilds them in bulk). */
    @Override
    public Set<String> instancesWithNewerStates(int atMost) {
        return states.withSearcher(items -> LuceneItemStates.newerInstances(items, atMost));
    }

    @Override
    public int newerItemStates() {
        return states.withLastSearcher(this::newerCount); // at most a few seconds behind: the limit is not exact
    }

    private interface TwoSearcherWork<T> {
        T run(IndexSearcher instances, IndexSearcher items) throws IOException;
    }

    /** Runs {@code work} on the current searchers of the instances and of the item states. */
    private <T> T withSearchers(TwoSearcherWork<T> work) {
        return states.withSearcher(items -> lucene.withSearcher(s -> work.run(s, items)));
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

    @Override
    public void forEachBrowseTerm(String field, java.util.function.Consumer<String> sink) {
        withSearcher(s -> {
            if (field.equals(BrowseEntries.CALL_NUMBER_LOCATIONS)) LuceneBrowse.forEachLocation(s, sink);
            else LuceneBrowse.forEachLive(s, field, sink);
            return null;
        });
    }

    private static Sort sortOf(SearchQuery.Sort sort) {
        if (sort.field().equals(SearchQuery.Sort.ITEM_STATUS)) { // several values: the smallest up, the largest down
            String key = sort.field() + (sort.descending() ? LuceneDocuments.MAX : LuceneDocuments.MIN);
            return new Sort(keyword(key, sort.descending()), keyword(LuceneDocuments.SORT_TITLE, sort.descending()),
                    SortField.FIELD_DOC);
        }
        return new Sort(keyword(sort.field(), sort.descending()), SortField.FIELD_DOC);
    }

    /** A single-valued sort key, missing values last both ways. */
    private static SortField keyword(String field, boolean descending) {
        SortField f = new SortField(field, SortField.Type.STRING, descending);
        f.setMissingValue(descending ? SortField.STRING_FIRST : SortField.STRING_LAST);
        return f;
    }

    private <T> T withSearcher(LuceneDirectory.SearcherWork<T> work) {
        return lucene.withSearcher(work);
    }

    @Override
    public void close() {
        states.close(); // the writers commit what was added
        lucene.close();
    }
}
