package org.quire.search;

import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.quire.platform.Json;

import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One index's browse {@code totalRecords} (distinct live values of a browse field matching a filter), kept up to date
 * instead of recounted: the first request for a (field, filter) walks the field's terms once; after that each
 * {@link LuceneIndex#apply} adjusts it by the entries that changed — for each instance written or deleted, the browse
 * terms of its old document and of its new one that differ, each checked for a live document before the write and
 * after it (another instance may still hold the value). A full index ({@link #reset}) forgets the counts.
 */
final class LuceneBrowseTotals {
    private record Key(String field, Map<Integer, String> filter) {
    }

    /** A term whose liveness a write may change, and whether it was live before. */
    record Changed(String field, String term, boolean wasLive) {
    }

    private final Map<Key, Long> totals = new ConcurrentHashMap<>();

    long get(IndexSearcherSource searchers, String field, Map<Integer, String> filter) {
        Key key = new Key(field, Map.copyOf(filter));
        Long known = totals.get(key);
        if (known != null) return known;
        synchronized (this) { // no write between the walk and storing its result
            known = totals.get(key);
            if (known != null) return known;
            long total = searchers.with(s -> LuceneBrowse.distinct(s, field, filter));
            totals.put(key, total);
            return total;
        }
    }

    /** Whether some total is kept (a write must then move it: {@link #before} and {@link #after}). */
    boolean counting() {
        return !totals.isEmpty();
    }

    /** Call holding this object's lock, before a write: the browse terms the write may bring to life or kill. */
    List<Changed> before(IndexSearcher s, Collection<InstanceDocument> upserts, Collection<String> deletes)
            throws IOException {
        Set<String> ids = new HashSet<>(deletes);
        Set<String> newTerms = new HashSet<>();
        for (InstanceDocument d : upserts) {
            ids.add(d.id());
            BrowseEntries.of(d.source()).forEach((f, terms) -> terms.forEach(t -> newTerms.add(f + '\u0000' + t)));
        }
        Set<String> oldTerms = new HashSet<>();
        for (String id : ids) {
            TopDocs top = s.search(new TermQuery(new Term(LuceneDocuments.ID, id)), 1);
            if (top.scoreDocs.length == 0) continue;
            String source = s.storedFields().document(top.scoreDocs[0].doc, Set.of(LuceneDocuments.SOURCE))
                    .getBinaryValue(LuceneDocuments.SOURCE).utf8ToString();
            BrowseEntries.of(Json.parseObject(source))
                    .forEach((f, terms) -> terms.forEach(t -> oldTerms.add(f + '\u0000' + t)));
        }
        Set<String> changed = new HashSet<>(oldTerms);
        changed.addAll(newTerms);
        Set<String> both = new HashSet<>(oldTerms);
        both.retainAll(newTerms);
        changed.removeAll(both); // kept by the same instance: still live after the write
        List<Changed> out = new java.util.ArrayList<>();
        for (String c : changed) {
            int z = c.indexOf('\u0000');
            String field = c.substring(0, z);
            if (BrowseEntries.isCompanion(field)) continue;
            out.add(new Changed(field, c.substring(z + 1), LuceneBrowse.isLive(s, field, c.substring(z + 1))));
        }
        return out;
    }

    /**
     * Call holding this object's lock, after the write is visible to {@code s}. Each total moves once, by the net of
     * the write's changes: {@link #get} reads without the lock, and a value that moved from one call number to another
     * must never be seen as two (a reader between the +1 and the −1 saw a total one too high).
     */
    void after(IndexSearcher s, List<Changed> changed) throws IOException {
        Map<Key, Long> net = new java.util.HashMap<>();
        for (Changed c : changed) {
            boolean live = LuceneBrowse.isLive(s, c.field(), c.term());
            if (live == c.wasLive()) continue;
            BrowseEntries.Entry entry = BrowseEntries.decode(c.term(), 0, null);
            for (Key k : totals.keySet()) {
                if (k.field().equals(c.field()) && LuceneBrowse.matches(entry, k.filter())) {
                    net.merge(k, live ? 1L : -1L, Long::sum);
                }
            }
        }
        net.forEach((k, d) -> {
            if (d != 0) totals.computeIfPresent(k, (key, total) -> total + d);
        });
    }

    /** After a full index or a clear: counts are walked again when next asked for. */
    synchronized void reset() {
        totals.clear();
    }

    interface IndexSearcherSource {
        long with(SearcherWork work);
    }

    interface SearcherWork {
        long run(IndexSearcher s) throws IOException;
    }
}
