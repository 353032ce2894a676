package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Facet counting and id streaming on doc values, no stored field read per hit:
 * <ul>
 *   <li>each facet of {@link FacetFields} but the item status ({@link ItemStatusMask}) is a {@code facet:<name>}
 *       SortedSet doc-values field of normalised values;
 *       counting walks the matching documents of each segment and bumps a per-segment ordinal counter (an array),
 *       then turns the ordinals with a count into values — linear in the hits, no term dictionary walk;</li>
 *   <li>{@code _iddv} (the instance id) and {@code _holdingsids} (its holdings records' ids) let the resource-id
 *       jobs and legacy id endpoints stream every hit's ids without the 10,000 cap of a page;</li>
 *   <li>{@code _exists} holds the name of every field that has a value (an empty string included): mod-search's
 *       {@code exists} query for {@code field=""}.</li>
 * </ul>
 */
final class LuceneFacets {
    static final String PREFIX = "facet:";
    static final String ID_VALUES = "_iddv";
    static final String HOLDINGS_IDS = "_holdingsids";
    static final String EXISTS = "_exists";

    private LuceneFacets() {
    }

    /** Adds the facet, id and exists fields of a document. */
    static void addTo(Document d, InstanceDocument doc) {
        d.add(new SortedDocValuesField(ID_VALUES, LuceneDocuments.utf8(doc.id())));
        for (JsonNode h : doc.source().path("holdings")) {
            String id = h.path("id").asText("");
            if (!id.isEmpty()) d.add(new SortedSetDocValuesField(HOLDINGS_IDS, LuceneDocuments.utf8(id)));
        }
        for (Map.Entry<String, Set<String>> e : FacetFields.values(doc.source()).entrySet()) {
            if (e.getKey().equals(ItemStatusMask.STATUS)) continue; // counted from the masks, which stay current
            for (String v : e.getValue()) d.add(new SortedSetDocValuesField(PREFIX + e.getKey(), LuceneDocuments.utf8(v)));
        }
        for (Map.Entry<String, List<String>> e : doc.values().entrySet()) {
            if (!e.getValue().isEmpty()) d.add(LuceneDocuments.keyword(EXISTS, e.getKey()));
        }
    }

    /** Value → number of matching documents having it. */
    static Map<String, Long> count(IndexSearcher s, Query q, String facet) throws IOException {
        String field = PREFIX + facet;
        return s.search(q, new CollectorManager<Collector, Map<String, Long>>() {
            @Override
            public Collector newCollector() {
                return new OrdinalCounter(field);
            }

            @Override
            public Map<String, Long> reduce(Collection<Collector> collectors) {
                Map<String, Long> total = new HashMap<>();
                for (Collector c : collectors) ((OrdinalCounter) c).counts.forEach((k, v) -> total.merge(k, v, Long::sum));
                return total;
            }
        });
    }

    /** Every matching document's instance id, or its holdings records' ids. */
    static void ids(IndexSearcher s, Query q, boolean holdings, Consumer<String> sink) throws IOException {
        s.search(q, new CollectorManager<Collector, Void>() {
            @Override
            public Collector newCollector() {
                return new IdCollector(holdings, sink);
            }

            @Override
            public Void reduce(Collection<Collector> collectors) {
                return null;
            }
        });
    }

    private static final class OrdinalCounter implements Collector {
        private final String field;
        final Map<String, Long> counts = new HashMap<>();

        OrdinalCounter(String field) {
            this.field = field;
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }

        @Override
        public LeafCollector getLeafCollector(LeafReaderContext ctx) throws IOException {
            SortedSetDocValues values = DocValues.getSortedSet(ctx.reader(), field);
            long valueCount = values.getValueCount();
            int[] ords = new int[(int) Math.min(valueCount, Integer.MAX_VALUE)];
            return new LeafCollector() {
                @Override
                public void setScorer(Scorable scorer) {
                }

                @Override
                public void collect(int doc) throws IOException {
                    if (!values.advanceExact(doc)) return;
                    for (int i = 0; i < values.docValueCount(); i++) ords[(int) values.nextOrd()]++;
                }

                @Override
                public void finish() throws IOException {
                    for (int ord = 0; ord < ords.length; ord++) {
                        if (ords[ord] > 0) counts.merge(values.lookupOrd(ord).utf8ToString(), (long) ords[ord], Long::sum);
                    }
                }
            };
        }
    }

    private record IdCollector(boolean holdings, Consumer<String> sink) implements Collector {
        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }

        @Override
        public LeafCollector getLeafCollector(LeafReaderContext ctx) throws IOException {
            SortedDocValues ids = DocValues.getSorted(ctx.reader(), ID_VALUES);
            SortedSetDocValues holdingsIds = DocValues.getSortedSet(ctx.reader(), HOLDINGS_IDS);
            return new LeafCollector() {
                @Override
                public void setScorer(Scorable scorer) {
                }

                @Override
                public void collect(int doc) throws IOException {
                    if (holdings) {
                        if (!holdingsIds.advanceExact(doc)) return;
                        for (int i = 0; i < holdingsIds.docValueCount(); i++) {
                            sink.accept(holdingsIds.lookupOrd(holdingsIds.nextOrd()).utf8ToString());
                        }
                    } else if (ids.advanceExact(doc)) {
                        sink.accept(ids.lookupOrd(ids.ordValue()).utf8ToString());
                    }
                }
            };
        }
    }
}
