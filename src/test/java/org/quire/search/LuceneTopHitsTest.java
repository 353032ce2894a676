package org.quire.search;

import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first hits and the exact total, whether the collector counted every hit itself or stopped counting and the total
 * was counted apart: a filter matching most documents, with and without deletions, a scored disjunction, a field sort,
 * and fewer matches than asked for.
 */
class LuceneTopHitsTest {
    static final int DOCS = 1_000;

    /** Document i: id "i", lang "fre" when i % 10 == 0 else "eng", title "water" when i % 3 == 0 plus "africa" when i % 7 == 0. */
    static ByteBuffersDirectory index() throws IOException {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        // No merges: document ids stay in the order written, which the expected hits name.
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer())
                .setMergePolicy(NoMergePolicy.INSTANCE))) {
            for (int i = 0; i < DOCS; i++) {
                Document d = new Document();
                d.add(new StringField("id", String.valueOf(i), Field.Store.NO));
                d.add(new StringField("lang", i % 10 == 0 ? "fre" : "eng", Field.Store.NO));
                String title = (i % 3 == 0 ? "water " : "") + (i % 7 == 0 ? "africa" : "") + " book";
                d.add(new TextField("title", title, Field.Store.NO));
                d.add(new SortedDocValuesField("sort", new BytesRef(String.format("%04d", DOCS - i))));
                w.addDocument(d);
                if (i % 250 == 249) w.commit(); // several segments
            }
        }
        return dir;
    }

    static final ConstantScoreQuery ENGLISH = new ConstantScoreQuery(new TermQuery(new Term("lang", "eng")));

    @Test
    void aFilterMatchingMostDocuments_givesTheFirstHitsInDocumentOrderAndTheExactTotal() throws IOException {
        try (DirectoryReader r = DirectoryReader.open(index())) {
            LuceneTopHits.Page page = LuceneTopHits.of(new IndexSearcher(r), ENGLISH, null, 10);
            assertThat(page.total()).isEqualTo(900);
            assertThat(docs(page)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 11);
        }
    }

    @Test
    void withDeletedDocuments_theTotalLeavesThemOut() throws IOException {
        ByteBuffersDirectory dir = index();
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer())
                .setMergePolicy(NoMergePolicy.INSTANCE))) {
            for (int i = 1; i < 200; i += 2) w.deleteDocuments(new Term("id", String.valueOf(i))); // 100 deleted
            w.commit();
        }
        try (DirectoryReader r = DirectoryReader.open(dir)) {
            long deletedEnglish = java.util.stream.IntStream.range(0, 200).filter(i -> i % 2 == 1 && i % 10 != 0).count();
            LuceneTopHits.Page page = LuceneTopHits.of(new IndexSearcher(r), ENGLISH, null, 5);
            assertThat(page.total()).isEqualTo(900 - deletedEnglish);
            assertThat(docs(page)).containsExactly(2, 4, 6, 8, 12);
        }
    }

    @Test
    void aScoredDisjunction_ranksBothTermsFirstAndCountsEveryMatch() throws IOException {
        try (DirectoryReader r = DirectoryReader.open(index())) {
            BooleanQuery q = new BooleanQuery.Builder()
                    .add(new TermQuery(new Term("title", "water")), BooleanClause.Occur.SHOULD)
                    .add(new TermQuery(new Term("title", "africa")), BooleanClause.Occur.SHOULD).build();
            LuceneTopHits.Page page = LuceneTopHits.of(new IndexSearcher(r), q, null, 3);
            long matches = java.util.stream.IntStream.range(0, DOCS).filter(i -> i % 3 == 0 || i % 7 == 0).count();
            assertThat(page.total()).isEqualTo(matches);
            assertThat(Arrays.stream(docs(page)).boxed().toList()).hasSize(3).allMatch(i -> i % 21 == 0);
        }
    }

    @Test
    void sortedByAField_givesTheFirstInThatOrderAndTheExactTotal() throws IOException {
        try (DirectoryReader r = DirectoryReader.open(index())) {
            Sort sort = new Sort(new SortField("sort", SortField.Type.STRING), SortField.FIELD_DOC);
            LuceneTopHits.Page page = LuceneTopHits.of(new IndexSearcher(r), ENGLISH, sort, 3);
            assertThat(page.total()).isEqualTo(900);
            assertThat(docs(page)).containsExactly(999, 998, 997);
        }
    }

    @Test
    void fewerMatchesThanAskedFor_areAllReturnedAndCounted() throws IOException {
        try (DirectoryReader r = DirectoryReader.open(index())) {
            LuceneTopHits.Page page = LuceneTopHits.of(new IndexSearcher(r),
                    new ConstantScoreQuery(new TermQuery(new Term("lang", "fre"))), null, 500);
            assertThat(page.total()).isEqualTo(100);
            assertThat(page.top().scoreDocs).hasSize(100);
        }
    }

    private static int[] docs(LuceneTopHits.Page page) {
        return Arrays.stream(page.top().scoreDocs).mapToInt(d -> d.doc).toArray();
    }
}
