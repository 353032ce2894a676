package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.quire.platform.Json;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The item-state index beside a tenant's instance index: one small document per item with what circulation changes
 * ({@link CirculationFields}), indexed as the instance document indexes it (same field names, kinds and
 * {@code _exists} terms). A state written alone (a check-out) is marked {@code _newer}: its instance's document still
 * holds the item's previous state, except for its {@link ItemStatusMask}, changed in place with it. For the instances
 * with such states ({@link Newer}: InstanceIndexer rebuilds them in bulk when the outbox is quiet, and at every
 * delivery past {@link #NEWER_LIMIT}):
 * <ul>
 *   <li>a query's condition on those fields other than a status is answered from their items' states ({@link #join}),
 *       and from the instance documents for all other instances: an instance matches when one of its items does, as
 *       with the flattened instance document;</li>
 *   <li>a hit gets its items' newer states put back into its source ({@link #patch}), so a search shows the status a
 *       check-out set.</li>
 * </ul>
 */
final class LuceneItemStates {
    static final String INSTANCE = "_instance";
    static final String INSTANCE_VALUES = "_instancedv";
    static final String STATE = "_state";
    /** Marks a state written after its instance's document (which then holds an older one). */
    static final String NEWER = "_newer";
    /**
     * The newer item states the index lets wait for a quiet moment before it rebuilds their instances' documents at
     * every delivery. Each instance with one costs a term in the {@link #join} of a condition on these fields that
     * the status masks do not answer (the items' update date and user, a status range): about 4 ms per thousand
     * (NewerStatesCostProbe: 0.2 s at the limit), while a status condition or facet pays nothing for them. A rebuild
     * at every delivery made one user's check-out p95 1.45 times what it is without (docs/benchmarks.md, issue 16): so
     * a high limit, reached only under sustained load. States are counted, not instances ({@link #newerCount}): an
     * instance with several newer items counts for each, so its rebuild may come a little early.
     */
    static final int NEWER_LIMIT = 50_000;

    private LuceneItemStates() {
    }

    /** An item's state document; {@code newer}: written by itself, not with its instance's document. */
    static Document of(String instanceId, JsonNode item, boolean newer) {
        Document d = new Document();
        d.add(LuceneDocuments.keyword(LuceneDocuments.ID, item.path("id").asText()));
        d.add(LuceneDocuments.keyword(INSTANCE, instanceId));
        d.add(new SortedDocValuesField(INSTANCE_VALUES, LuceneDocuments.utf8(instanceId)));
        if (newer) d.add(LuceneDocuments.keyword(NEWER, "1"));
        d.add(new StoredField(STATE, new BytesRef(Json.writeBytes(CirculationFields.state(item)))));
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String field : CirculationFields.FIELDS) {
            List<String> out = new ArrayList<>();
            InstanceDocument.collect(item, field.substring("items.".length()), out);
            if (!out.isEmpty()) values.put(field, out);
        }
        LuceneDocuments.addAll(d, values, SearchFields.FIELDS);
        for (String field : values.keySet()) d.add(LuceneDocuments.keyword(LuceneFacets.EXISTS, field));
        return d;
    }

    /** The instances with newer states (their ids) and the query for them on the instance index (null: none). */
    record Newer(List<BytesRef> instanceIds, Query onInstances) {
        boolean none() {
            return instanceIds.isEmpty();
        }
    }

    /** The item states written after their instances' documents. */
    private static final Query NEWER_STATES = new TermQuery(new Term(NEWER, "1"));

    static Newer newer(IndexSearcher items) throws IOException {
        List<BytesRef> ids = new ArrayList<>();
        forEachNewerInstance(items, id -> ids.add(BytesRef.deepCopyOf(id)));
        return new Newer(ids, ids.isEmpty() ? null : new TermInSetQuery(LuceneDocuments.ID, ids));
    }

    /**
     * How many item states are newer than their instance's document: a count of postings, where {@link #newer}
     * reads every such document's instance id (at every delivery, that read was 23% of the server's CPU samples under
     * one user's check-outs at data scale 1, docs/benchmarks.md).
     */
    static int newerCount(IndexSearcher items) throws IOException {
        return items.count(NEWER_STATES);
    }

    /** At most {@code atMost} of the instances with newer states (a rebuild's page), collection stopped there. */
    static Set<String> newerInstances(IndexSearcher items, int atMost) throws IOException {
        Set<String> ids = new java.util.LinkedHashSet<>();
        if (atMost <= 0) return ids;
        forEachNewerInstance(items, id -> {
            ids.add(id.utf8ToString());
            return ids.size() < atMost;
        });
        return ids;
    }

    /**
     * Hands each instance with a newer state to {@code wantsMore} (once per segment it has such states in; the
     * BytesRef is reused), until it answers false.
     */
    private static void forEachNewerInstance(IndexSearcher items, java.util.function.Predicate<BytesRef> wantsMore)
            throws IOException {
        items.search(NEWER_STATES, new OrdinalsCollector() {
            @Override
            void found(BytesRef instanceId) {
                if (!wantsMore.test(instanceId)) stop();
            }
        }.asManager());
    }

    /**
     * A condition on the state fields as a query on the instance index: the instance documents answer it for every
     * instance without newer states, the states of their items for the others.
     */
    static Query join(IndexSearcher items, Newer newer, Query condition) throws IOException {
        if (newer.none()) return condition;
        Query clean = new BooleanQuery.Builder().add(condition, Occur.MUST).add(newer.onInstances(), Occur.MUST_NOT)
                .build();
        Query onStates = new BooleanQuery.Builder().add(condition, Occur.FILTER)
                .add(new TermInSetQuery(INSTANCE, newer.instanceIds()), Occur.FILTER).build();
        List<BytesRef> ids = new ArrayList<>();
        items.search(onStates, new OrdinalsCollector() {
            @Override
            void found(BytesRef instanceId) {
                ids.add(BytesRef.deepCopyOf(instanceId));
            }
        }.asManager());
        if (ids.isEmpty()) return clean;
        return new BooleanQuery.Builder().add(clean, Occur.SHOULD)
                .add(new ConstantScoreQuery(new TermInSetQuery(LuceneDocuments.ID, ids)), Occur.SHOULD).build();
    }

    /**
     * The hits' sources with their items' newer states put back: the hits' own states are looked up (a term per hit,
     * whatever the number of newer states), and only the hits with such a state are parsed and written again.
     */
    static List<String> patch(IndexSearcher instances, ScoreDoc[] hits, int from, List<String> sources,
            IndexSearcher items) throws IOException {
        if (sources.isEmpty()) return sources;
        int[] docs = new int[hits.length - from];
        for (int i = from; i < hits.length; i++) docs[i - from] = hits[i].doc;
        String[] ids = instanceIds(instances, docs, LuceneFacets.ID_VALUES);
        List<BytesRef> candidates = new ArrayList<>();
        for (String id : ids) if (id != null) candidates.add(LuceneDocuments.utf8(id));
        Query newerStates = new BooleanQuery.Builder()
                .add(new TermInSetQuery(INSTANCE, candidates), Occur.FILTER)
                .add(NEWER_STATES, Occur.FILTER).build();
        Map<String, Map<String, JsonNode>> states = new HashMap<>(); // instance id → item id → state
        StoredFields stored = items.storedFields();
        int[] stateDocs = docs(items, newerStates);
        String[] stateInstances = instanceIds(items, stateDocs, INSTANCE_VALUES);
        for (int d = 0; d < stateDocs.length; d++) {
            JsonNode state = Json.parse(stored.document(stateDocs[d], Set.of(STATE)).getBinaryValue(STATE)
                    .utf8ToString());
            states.computeIfAbsent(stateInstances[d], k -> new HashMap<>()).put(state.path("id").asText(), state);
        }
        List<String> out = new ArrayList<>(sources.size());
        for (int i = 0; i < sources.size(); i++) {
            Map<String, JsonNode> changed = states.get(ids[i]);
            if (changed == null) {
                out.add(sources.get(i));
                continue;
            }
            ObjectNode source = Json.parseObject(sources.get(i));
            for (JsonNode item : source.path("items")) {
                JsonNode state = changed.get(item.path("id").asText());
                if (state != null && item instanceof ObjectNode o) CirculationFields.patch(o, state);
            }
            out.add(Json.write(source));
        }
        return out;
    }

    /**
     * The documents' instance ids from {@code field} (the instance index's {@code _iddv}, this one's
     * {@code _instancedv}), in the documents' order: read in doc id order, one doc-values iterator per segment.
     */
    private static String[] instanceIds(IndexSearcher s, int[] docs, String field) throws IOException {
        String[] out = new String[docs.length];
        Integer[] order = new Integer[docs.length];
        for (int i = 0; i < docs.length; i++) order[i] = i;
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> docs[i]));
        List<LeafReaderContext> leaves = s.getIndexReader().leaves();
        int current = -1;
        SortedDocValues values = null;
        for (int i : order) {
            int leaf = ReaderUtil.subIndex(docs[i], leaves);
            if (leaf != current) {
                current = leaf;
                values = DocValues.getSorted(leaves.get(leaf).reader(), field);
            }
            int doc = docs[i] - leaves.get(leaf).docBase;
            out[i] = values.advanceExact(doc) ? values.lookupOrd(values.ordValue()).utf8ToString() : null;
        }
        return out;
    }

    /** The matching documents' ids (a top-n search would allocate a queue of the index's size for an open n). */
    private static int[] docs(IndexSearcher s, Query q) throws IOException {
        org.apache.lucene.util.IntsRefBuilder out = new org.apache.lucene.util.IntsRefBuilder();
        for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
            var scorer = s.createWeight(s.rewrite(q), ScoreMode.COMPLETE_NO_SCORES, 1f).scorer(leaf);
            if (scorer == null) continue;
            var it = scorer.iterator();
            var live = leaf.reader().getLiveDocs();
            for (int d = it.nextDoc(); d != org.apache.lucene.search.DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
                if (live == null || live.get(d)) out.append(leaf.docBase + d);
            }
        }
        return java.util.Arrays.copyOf(out.ints(), out.length());
    }

    /** Collects each matching document's distinct instance id once per segment (by ordinal). */
    private abstract static class OrdinalsCollector extends SimpleCollector {
        private SortedDocValues instance;
        private FixedBitSet seen;
        private boolean stopped;

        abstract void found(BytesRef instanceId);

        /** Nothing more is wanted: this segment's collection ends, and every later segment is skipped. */
        void stop() {
            stopped = true;
            throw new org.apache.lucene.search.CollectionTerminatedException();
        }

        @Override
        protected void doSetNextReader(LeafReaderContext ctx) throws IOException {
            if (stopped) throw new org.apache.lucene.search.CollectionTerminatedException();
            instance = DocValues.getSorted(ctx.reader(), INSTANCE_VALUES);
            seen = new FixedBitSet(Math.max(1, instance.getValueCount()));
        }

        @Override
        public void collect(int doc) throws IOException {
            if (!instance.advanceExact(doc)) return;
            int ord = instance.ordValue();
            if (seen.getAndSet(ord)) return;
            found(instance.lookupOrd(ord));
        }

        @Override
        public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
        }

        /** Run on one thread (the searchers have no executor), so one collector serves every segment. */
        org.apache.lucene.search.CollectorManager<SimpleCollector, Void> asManager() {
            OrdinalsCollector self = this;
            return new org.apache.lucene.search.CollectorManager<>() {
                @Override
                public SimpleCollector newCollector() {
                    return self;
                }

                @Override
                public Void reduce(java.util.Collection<SimpleCollector> collectors) {
                    return null;
                }
            };
        }
    }
}
