package org.quire.search;

import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.ByteBuffersDirectory;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A development probe, not a test: what counting every hit while collecting costs a relevance-ranked page, against
 * {@link LuceneTopHits} (collect the page, count apart). Builds an in-memory index of {@code docs} synthetic documents
 * shaped like the PTF's filter queries' targets (90% "eng", 60% of items "Available", titles of a few common words),
 * with 2% of them replaced (so segments carry deletions, as a live catalogue's do), and prints the median of 30 runs
 * per query and way, 100 hits each.
 *
 * <p>{@code java -cp … org.quire.search.TopHitsCostProbe [docs]}
 */
public final class TopHitsCostProbe {
    public static void main(String[] args) throws Exception {
        int docs = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        String[] words = {"water", "africa", "history", "law", "music", "river", "war", "poems", "science", "art"};
        SplittableRandom random = new SplittableRandom(42);
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
            for (int i = 0; i < docs; i++) w.addDocument(doc(i, random, words));
            for (int i = 0; i < docs / 50; i++) {
                int id = random.nextInt(docs);
                w.updateDocument(new Term("id", String.valueOf(id)), doc(id, random, words));
            }
        }
        Map<String, Query> queries = new LinkedHashMap<>();
        queries.put("languages == eng", filter(term("lang", "eng")));
        queries.put("languages == eng AND status == Available", filter(new BooleanQuery.Builder()
                .add(term("lang", "eng"), BooleanClause.Occur.FILTER)
                .add(term("status", "available"), BooleanClause.Occur.FILTER).build()));
        queries.put("keyword any water africa", new BooleanQuery.Builder()
                .add(term("title", "water"), BooleanClause.Occur.SHOULD)
                .add(term("title", "africa"), BooleanClause.Occur.SHOULD).build());
        queries.put("keyword all water africa", new BooleanQuery.Builder()
                .add(term("title", "water"), BooleanClause.Occur.MUST)
                .add(term("title", "africa"), BooleanClause.Occur.MUST).build());
        try (DirectoryReader r = DirectoryReader.open(dir)) {
            IndexSearcher s = new IndexSearcher(r);
            System.out.printf("%,d documents, %d segments, %,d deleted%n", r.numDocs(), r.leaves().size(),
                    r.numDeletedDocs());
            for (Map.Entry<String, Query> e : queries.entrySet()) {
                Query q = e.getValue();
                long total = 0;
                double[] counting = new double[30], apart = new double[30];
                for (int run = -10; run < 30; run++) { // 10 warm-up runs
                    long t0 = System.nanoTime();
                    long a = s.search(q, new TopScoreDocCollectorManager(100, null, Integer.MAX_VALUE)).totalHits.value();
                    long t1 = System.nanoTime();
                    long b = LuceneTopHits.of(s, q, null, 100).total();
                    long t2 = System.nanoTime();
                    if (a != b) throw new IllegalStateException(e.getKey() + ": " + a + " != " + b);
                    total = a;
                    if (run >= 0) {
                        counting[run] = (t1 - t0) / 1e6;
                        apart[run] = (t2 - t1) / 1e6;
                    }
                }
                System.out.printf("%-45s %,9d hits: counting while collecting %7.2f ms, LuceneTopHits %7.2f ms%n",
                        e.getKey(), total, median(counting), median(apart));
            }
        }
    }

    private static Document doc(int i, SplittableRandom random, String[] words) {
        Document d = new Document();
        d.add(new StringField("id", String.valueOf(i), Field.Store.NO));
        d.add(new StringField("lang", random.nextInt(10) < 9 ? "eng" : "fre", Field.Store.NO));
        d.add(new StringField("status", random.nextInt(10) < 6 ? "available" : "checked out", Field.Store.NO));
        StringBuilder title = new StringBuilder();
        for (int k = 0; k < 4; k++) title.append(words[random.nextInt(words.length)]).append(' ');
        d.add(new TextField("title", title.toString(), Field.Store.NO));
        return d;
    }

    private static Query term(String field, String value) {
        return new TermQuery(new Term(field, value));
    }

    private static Query filter(Query q) {
        return new ConstantScoreQuery(q);
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
