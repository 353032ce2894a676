package org.quire.search;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiBits;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Browse on the instance index, without a scan: each browse entry of an instance ({@link BrowseEntries}) is a term of
 * a keyword field {@code browse_<kind>[_<option>]} (once per item for call numbers, so the term's frequency in a
 * document is its number of items), and its sort key, byte-inverted, is a term of {@code <field>_inv}, whose term
 * order is the reverse. Forward is {@code TermsEnum.seekCeil} on the first field; backward the same on the second,
 * each key found there giving its entries (the terms that begin with it) from the first field. The inverted field
 * holds the keys only, not whole entries: an entry's parts (its value again, type and authority ids) made each
 * inverted term two to four times as long (the index is 6% smaller without them, on 20,000 LC records).
 * A term's count is its live postings (deleted and updated documents leave their terms in the dictionary until a
 * merge: a term without a live document is skipped), so counts are always those of the current instances.
 */
final class LuceneBrowse {
    private LuceneBrowse() {
    }

    static final String INVERTED = "_inv";
    static final String SUMMARY = "browse_instance";
    private static final FieldType TERM = new FieldType();

    static {
        TERM.setTokenized(false);
        TERM.setOmitNorms(true);
        TERM.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        TERM.freeze();
    }

    static void addFields(Document d, InstanceDocument doc) {
        Map<String, List<String>> entries = BrowseEntries.of(doc.source());
        if (entries.isEmpty()) return;
        // what a browse item shows of its instance when it is the only one (title, contributors): doc values, so
        // a page does not decompress stored-field blocks
        com.fasterxml.jackson.databind.node.ObjectNode summary = org.quire.platform.Json.object();
        summary.set("title", doc.source().path("title"));
        summary.set("contributors", doc.source().path("contributors"));
        d.add(new org.apache.lucene.document.BinaryDocValuesField(SUMMARY,
                new BytesRef(org.quire.platform.Json.writeBytes(summary))));
        for (Map.Entry<String, List<String>> e : entries.entrySet()) {
            java.util.Set<String> keys = new java.util.HashSet<>();
            for (String term : e.getValue()) {
                d.add(new Field(e.getKey(), LuceneDocuments.utf8(term), TERM));
                String key = term.substring(0, term.indexOf(BrowseEntries.SEP) + 1); // with its separator
                if (!BrowseEntries.isCompanion(e.getKey()) && keys.add(key)) {
                    d.add(new Field(e.getKey() + INVERTED, invert(LuceneDocuments.utf8(key)), TERM));
                }
            }
        }
    }

    /**
     * Up to {@code n} live entries next to {@code key}, nearest first: forward from it (ascending) or backward
     * (descending), the entries of the key itself included or not; entries whose parts differ from {@code filter}
     * (part index → value) are passed over.
     */
    static List<BrowseEntries.Entry> walk(IndexSearcher s, String field, String key, boolean forward,
            boolean includeKey, Map<Integer, String> filter, boolean countItems, int n) throws IOException {
        IndexReader reader = s.getIndexReader();
        List<BrowseEntries.Entry> out = new ArrayList<>();
        Terms terms = MultiTerms.getTerms(reader, field);
        if (terms == null || n <= 0) return out;
        Counter counter = new Counter(reader, filter, countItems);
        TermsEnum te = terms.iterator();
        if (forward) {
            BytesRef start = new BytesRef(key + (includeKey ? BrowseEntries.SEP : '\u0002'));
            if (te.seekCeil(start) == TermsEnum.SeekStatus.END) return out;
            do {
                counter.add(te, key, includeKey, out);
            } while (out.size() < n && te.next() != null);
            return out;
        }
        Terms inverted = MultiTerms.getTerms(reader, field + INVERTED);
        if (inverted == null) return out;
        TermsEnum keys = inverted.iterator();
        // the keys up to this one, the nearest first; each key's entries are the terms that begin with it
        if (keys.seekCeil(invertNoEnd(new BytesRef(key + '\u0002'))) == TermsEnum.SeekStatus.END) return out;
        do {
            BytesRef prefix = uninvert(keys.term());
            if (te.seekCeil(prefix) == TermsEnum.SeekStatus.END) continue;
            List<BytesRef> ofKey = new ArrayList<>();
            do {
                if (!org.apache.lucene.util.StringHelper.startsWith(te.term(), prefix)) break;
                ofKey.add(BytesRef.deepCopyOf(te.term()));
            } while (te.next() != null);
            for (int i = ofKey.size() - 1; i >= 0 && out.size() < n; i--) {
                if (!te.seekExact(ofKey.get(i))) continue;
                counter.add(te, key, includeKey, out);
            }
        } while (out.size() < n && keys.next() != null);
        return out;
    }

    /** Turns the term a TermsEnum is at into an entry with its live count, unless filtered out or without one. */
    private static final class Counter {
        private final IndexReader reader;
        private final Map<Integer, String> filter;
        private final boolean countItems;
        private final Bits live;
        private PostingsEnum postings;

        Counter(IndexReader reader, Map<Integer, String> filter, boolean countItems) {
            this.reader = reader;
            this.filter = filter;
            this.countItems = countItems;
            this.live = MultiBits.getLiveDocs(reader);
        }

        void add(TermsEnum te, String key, boolean includeKey, List<BrowseEntries.Entry> out) throws IOException {
            BrowseEntries.Entry partial = BrowseEntries.decode(te.term().utf8ToString(), 0, null);
            if (!includeKey && partial.key().equals(key)) return;
            if (!matches(partial, filter)) return;
            postings = te.postings(postings, PostingsEnum.FREQS);
            long docs = 0;
            long items = 0;
            int first = -1;
            for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
                if (live != null && !live.get(d)) continue;
                if (first < 0) first = d;
                docs++;
                items += postings.freq();
            }
            long count = countItems ? items : docs;
            if (count == 0) return;
            String source = null;
            if (count == 1) {
                org.apache.lucene.index.BinaryDocValues summaries = org.apache.lucene.index.MultiDocValues
                        .getBinaryValues(reader, SUMMARY);
                if (summaries != null && summaries.advanceExact(first)) source = summaries.binaryValue().utf8ToString();
            }
            out.add(new BrowseEntries.Entry(partial.key(), partial.parts(), count, source));
        }
    }

    /** The number of distinct live entries of a field that match the filter: a walk of all its terms. */
    static long distinct(IndexSearcher s, String field, Map<Integer, String> filter) throws IOException {
        long[] total = {0};
        forEachLive(s, field, t -> {
            if (filter.isEmpty() || matches(BrowseEntries.decode(t, 0, null), filter)) total[0]++;
        });
        return total[0];
    }

    /** Every term of a field that a live document holds, in term order. */
    static void forEachLive(IndexSearcher s, String field, java.util.function.Consumer<String> sink)
            throws IOException {
        IndexReader reader = s.getIndexReader();
        Terms terms = MultiTerms.getTerms(reader, field);
        if (terms == null) return;
        Bits live = MultiBits.getLiveDocs(reader);
        TermsEnum te = terms.iterator();
        PostingsEnum postings = null;
        for (BytesRef t = te.next(); t != null; t = te.next()) {
            postings = te.postings(postings, PostingsEnum.NONE);
            if (anyLive(postings, live)) sink.accept(t.utf8ToString());
        }
    }

    /**
     * The {@link BrowseEntries#CALL_NUMBER_LOCATIONS} terms, derived instead of indexed: each live call number entry
     * with the effective locations of the items of the instances that hold it (their {@code items.effectiveLocationId}
     * facet doc values). An instance whose items are in several locations gives each of its call numbers all of them.
     * In entry order across the segments, each term once, so an entry's terms come together (as OpenSearch's composite
     * aggregation gives the indexed ones).
     */
    static void forEachLocation(IndexSearcher s, java.util.function.Consumer<String> sink) throws IOException {
        IndexReader reader = s.getIndexReader();
        Terms terms = MultiTerms.getTerms(reader, BrowseEntries.Kind.CALL_NUMBER.field("all"));
        if (terms == null) return;
        List<org.apache.lucene.index.LeafReaderContext> leaves = reader.leaves();
        SegmentLocations[] bySegment = new SegmentLocations[leaves.size()];
        for (int i = 0; i < bySegment.length; i++) {
            bySegment[i] = SegmentLocations.of(leaves.get(i).reader(), LuceneFacets.PREFIX + "items.effectiveLocationId");
        }
        Bits live = MultiBits.getLiveDocs(reader);
        java.util.TreeSet<String> of = new java.util.TreeSet<>();
        TermsEnum te = terms.iterator();
        PostingsEnum postings = null;
        for (BytesRef t = te.next(); t != null; t = te.next()) {
            postings = te.postings(postings, PostingsEnum.NONE);
            int leaf = 0;
            for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
                if (live != null && !live.get(d)) continue;
                while (leaf + 1 < leaves.size() && d >= leaves.get(leaf + 1).docBase) leaf++; // docs come in order
                SegmentLocations l = bySegment[leaf];
                if (l == null) continue;
                int local = d - leaves.get(leaf).docBase;
                for (int i = l.start()[local]; i < l.start()[local + 1]; i++) of.add(l.names()[l.ords()[i]]);
            }
            if (of.isEmpty()) continue;
            String term = t.utf8ToString();
            for (String location : of) sink.accept(term + BrowseEntries.SEP + location);
            of.clear();
        }
    }

    /**
     * A segment's item locations read once, in document order (doc values only move forward, and the postings of the
     * entries one after another do not): document {@code d}'s location ords are {@code ords[start[d] .. start[d+1])},
     * each ord's id is {@code names[ord]}: one pass over the segment instead of a doc-values iterator and strings per
     * entry.
     */
    private record SegmentLocations(String[] names, int[] start, int[] ords) {
        /** The segment's locations, or null if no document of it has one. */
        static SegmentLocations of(org.apache.lucene.index.LeafReader reader, String facet) throws IOException {
            org.apache.lucene.index.SortedSetDocValues values = org.apache.lucene.index.DocValues.getSortedSet(reader,
                    facet);
            long count = values.getValueCount();
            if (count == 0) return null;
            String[] names = new String[Math.toIntExact(count)];
            for (int o = 0; o < names.length; o++) names[o] = values.lookupOrd(o).utf8ToString();
            int maxDoc = reader.maxDoc();
            int[] start = new int[maxDoc + 1];
            int[] ords = new int[Math.max(16, maxDoc)];
            int n = 0, doc = 0;
            for (int d = values.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = values.nextDoc()) {
                while (doc <= d) start[doc++] = n;
                for (int i = 0; i < values.docValueCount(); i++) {
                    if (n == ords.length) ords = java.util.Arrays.copyOf(ords, n * 2);
                    ords[n++] = (int) values.nextOrd();
                }
            }
            while (doc <= maxDoc) start[doc++] = n;
            return new SegmentLocations(names, start, ords);
        }
    }

    /** Whether a term of a field has a live document. */
    static boolean isLive(IndexSearcher s, String field, String term) throws IOException {
        IndexReader reader = s.getIndexReader();
        Terms terms = MultiTerms.getTerms(reader, field);
        if (terms == null) return false;
        TermsEnum te = terms.iterator();
        if (!te.seekExact(new BytesRef(term))) return false;
        return anyLive(te.postings(null, PostingsEnum.NONE), MultiBits.getLiveDocs(reader));
    }

    private static boolean anyLive(PostingsEnum postings, Bits live) throws IOException {
        for (int d = postings.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = postings.nextDoc()) {
            if (live == null || live.get(d)) return true;
        }
        return false;
    }

    /** The live terms of {@code field} that begin with {@code prefix}, without it (contributor roles of an entry). */
    static List<String> withPrefix(IndexSearcher s, String field, String prefix) throws IOException {
        IndexReader reader = s.getIndexReader();
        List<String> out = new ArrayList<>();
        Terms terms = MultiTerms.getTerms(reader, field);
        if (terms == null) return out;
        TermsEnum te = terms.iterator();
        BytesRef p = new BytesRef(prefix);
        if (te.seekCeil(p) == TermsEnum.SeekStatus.END) return out;
        Bits live = MultiBits.getLiveDocs(reader);
        PostingsEnum postings = null;
        do {
            BytesRef t = te.term();
            if (!org.apache.lucene.util.StringHelper.startsWith(t, p)) break;
            postings = te.postings(postings, PostingsEnum.NONE);
            if (anyLive(postings, live)) out.add(t.utf8ToString().substring(prefix.length()));
        } while (te.next() != null);
        return out;
    }

    static boolean matches(BrowseEntries.Entry e, Map<Integer, String> filter) {
        for (Map.Entry<Integer, String> f : filter.entrySet()) {
            int i = f.getKey();
            if (i >= e.parts().size() || !e.parts().get(i).equalsIgnoreCase(f.getValue())) return false;
        }
        return true;
    }

    /*
     * Inversion: every byte b becomes 255 - b, then 0xFF ends the term. Terms never hold a byte 0 (control
     * characters are cleaned), so an inverted byte is at most 0xFE and a term that is a prefix of another sorts after
     * it: the inverted order is exactly the reverse of the original order. An inverted key keeps its separator
     * (SEP, below every byte of a key), so keys are ordered as the entries that begin with them.
     */
    static BytesRef invert(BytesRef term) {
        byte[] out = new byte[term.length + 1];
        for (int i = 0; i < term.length; i++) out[i] = (byte) (255 - (term.bytes[term.offset + i] & 0xFF));
        out[term.length] = (byte) 0xFF;
        return new BytesRef(out);
    }

    private static BytesRef invertNoEnd(BytesRef term) {
        BytesRef inv = invert(term);
        inv.length--;
        return inv;
    }

    /** The key (with its separator) an inverted term was made from. */
    private static BytesRef uninvert(BytesRef inverted) {
        byte[] out = new byte[inverted.length - 1];
        for (int i = 0; i < out.length; i++) out[i] = (byte) (255 - (inverted.bytes[inverted.offset + i] & 0xFF));
        return new BytesRef(out);
    }
}
