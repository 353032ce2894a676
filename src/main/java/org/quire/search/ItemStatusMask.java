package org.quire.search;

import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The item statuses an instance's items have now, as one number per instance document: a bit per FOLIO status. A
 * check-out changes it in place ({@code IndexWriter.updateNumericDocValue}: no document rewritten, no deleted document
 * for merges to reclaim), so while item states wait for their instances' rebuild (LuceneItemStates) a condition on
 * {@code items.status.name} reads the current statuses from the instance documents themselves, and the status facet
 * always does: their cost no longer grows with the number of waiting states (docs/benchmarks.md, issues 13 and 16).
 */
final class ItemStatusMask {
    /** The numeric doc values field of every instance document (0: no item, or none with a status of {@link #NAMES}). */
    static final String FIELD = "_statusmask";
    static final String STATUS = "items.status.name";
    /**
     * FOLIO's item statuses (mod-inventory-storage item.json's status.name enum, as inventory's ItemStatus, which
     * ItemStatesTest compares with this list); the position of each is its bit in the index. Append, never reorder:
     * an index written with another order would answer wrongly (and InstanceDocument.VERSION must change).
     */
    static final List<String> NAMES = List.of("Aged to lost", "Available", "Awaiting pickup", "Awaiting delivery",
            "Checked out", "Claimed returned", "Declared lost", "In process", "In process (non-requestable)",
            "In transit", "Intellectual item", "Long missing", "Lost and paid", "Missing", "On order", "Order closed",
            "Paged", "Restricted", "Unavailable", "Unknown", "Withdrawn");
    private static final Map<String, Integer> BITS = new HashMap<>();

    static {
        for (int i = 0; i < NAMES.size(); i++) BITS.put(NAMES.get(i), i);
    }

    private ItemStatusMask() {
    }

    /** The status's bit, or -1 for a name that is not one of FOLIO's. */
    static int bit(String name) {
        return BITS.getOrDefault(name, -1);
    }

    /** The mask of these statuses (names that are not FOLIO's have no bit). */
    static long of(Collection<String> statuses) {
        long mask = 0;
        for (String s : statuses) {
            int bit = bit(s);
            if (bit >= 0) mask |= 1L << bit;
        }
        return mask;
    }

    static NumericDocValuesField field(Collection<String> statuses) {
        return new NumericDocValuesField(FIELD, of(statuses));
    }

    /** Every status's bit: an instance with an item that has a status of FOLIO's. */
    static final long ANY = (1L << NAMES.size()) - 1;

    /** The bits of the statuses a wildcard's literal runs (between its stars) match, as a keyword's wildcard does. */
    static long matching(List<String> runs) {
        long mask = 0;
        for (int i = 0; i < NAMES.size(); i++) if (matches(NAMES.get(i), runs)) mask |= 1L << i;
        return mask;
    }

    private static boolean matches(String name, List<String> runs) {
        if (runs.size() == 1) return name.equals(runs.getFirst());
        String first = runs.getFirst();
        String last = runs.getLast();
        int end = name.length() - last.length();
        if (end < first.length() || !name.startsWith(first) || !name.endsWith(last)) return false;
        int at = first.length();
        for (String run : runs.subList(1, runs.size() - 1)) {
            int found = name.indexOf(run, at);
            if (found < 0 || found + run.length() > end) return false;
            at = found + run.length();
        }
        return true;
    }

    /** The instances with an item whose status is one of {@code bits}. */
    static Query having(long bits) {
        return new Having(bits);
    }

    /** Status name → number of matching instances with an item of that status (an instance counts once per status). */
    static Map<String, Long> count(IndexSearcher s, Query q) throws IOException {
        long[] counts = s.search(q, new CollectorManager<Counter, long[]>() {
            @Override
            public Counter newCollector() {
                return new Counter();
            }

            @Override
            public long[] reduce(Collection<Counter> collectors) {
                long[] total = new long[NAMES.size()];
                for (Counter c : collectors) for (int i = 0; i < total.length; i++) total[i] += c.counts[i];
                return total;
            }
        });
        Map<String, Long> out = new HashMap<>();
        for (int i = 0; i < counts.length; i++) if (counts[i] > 0) out.put(NAMES.get(i), counts[i]);
        return out;
    }

    private static final class Counter extends SimpleCollector {
        final long[] counts = new long[NAMES.size()];
        private NumericDocValues masks;

        @Override
        protected void doSetNextReader(LeafReaderContext ctx) throws IOException {
            masks = DocValues.getNumeric(ctx.reader(), FIELD);
        }

        @Override
        public void collect(int doc) throws IOException {
            if (!masks.advanceExact(doc)) return;
            long mask = masks.longValue();
            while (mask != 0) {
                counts[Long.numberOfTrailingZeros(mask)]++;
                mask &= mask - 1;
            }
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }
    }

    /** A filter read from the doc values: cheap as a clause beside others, a scan of the masks when alone. */
    private static final class Having extends Query {
        private final long bits;

        Having(long bits) {
            this.bits = bits;
        }

        @Override
        public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
            return new ConstantScoreWeight(this, boost) {
                @Override
                public org.apache.lucene.search.ScorerSupplier scorerSupplier(LeafReaderContext ctx) throws IOException {
                    NumericDocValues masks = DocValues.getNumeric(ctx.reader(), FIELD);
                    TwoPhaseIterator matching = new TwoPhaseIterator(masks) {
                        @Override
                        public boolean matches() throws IOException {
                            return (masks.longValue() & bits) != 0;
                        }

                        @Override
                        public float matchCost() {
                            return 2;
                        }
                    };
                    return new DefaultScorerSupplier(new ConstantScoreScorer(score(), scoreMode, matching));
                }

                @Override
                public boolean isCacheable(LeafReaderContext ctx) {
                    return false; // updated in place: a cached answer would outlive the update
                }
            };
        }

        @Override
        public void visit(QueryVisitor visitor) {
            if (visitor.acceptField(FIELD)) visitor.visitLeaf(this);
        }

        @Override
        public String toString(String field) {
            List<String> names = new java.util.ArrayList<>();
            for (int i = 0; i < NAMES.size(); i++) if ((bits & 1L << i) != 0) names.add(NAMES.get(i));
            return STATUS + ":" + names;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Having h && h.bits == bits;
        }

        @Override
        public int hashCode() {
            return 31 * Having.class.hashCode() + Long.hashCode(bits);
        }
    }
}
