package org.quire.search;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.util.BytesRef;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * One tenant's authority index ({@code <data dir>/search/<tenant>/authority/}) on embedded Lucene: one document per
 * heading ({@link AuthorityDocument}), the documents of one authority replaced together (by {@code _authority}).
 * Fields are indexed by kind as the instance index's are (full text with its plain, reversed and trigram copies), so
 * LuceneQueries translates authority queries with {@link AuthorityFields}' kinds; facets are {@code facet:<name>}
 * doc values counted by LuceneFacets; {@code sort_*} doc values hold the sort keys (headingRef lowercased).
 */
final class LuceneAuthorityIndex implements AuthorityIndex {
    private static final String AUTHORITY = "_authority";

    private final LuceneDirectory lucene;
    private final IndexWriter writer;

    LuceneAuthorityIndex(Path path) {
        lucene = new LuceneDirectory(path, AuthorityDocument.VERSION);
        writer = lucene.writer();
    }

    @Override
    public void apply(Map<String, List<AuthorityDocument>> upserts, Collection<String> deletes) {
        try {
            add(upserts);
            for (String id : deletes) writer.deleteDocuments(new Term(AUTHORITY, id));
            commit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void add(Map<String, List<AuthorityDocument>> byAuthority) {
        try {
            for (Map.Entry<String, List<AuthorityDocument>> e : byAuthority.entrySet()) {
                List<Document> docs = new ArrayList<>();
                for (AuthorityDocument d : e.getValue()) docs.add(document(d));
                writer.updateDocuments(new Term(AUTHORITY, e.getKey()), docs);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void commit() {
        lucene.commit();
    }

    @Override
    public void clear() {
        try {
            writer.deleteAll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
    public InstanceIndex.Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit) {
        Query q = lucene(query);
        return withSearcher(s -> {
            if (limit == 0) return new InstanceIndex.Hits(s.count(q), List.of());
            LuceneTopHits.Page page = LuceneTopHits.of(s, q,
                    sort.field() == null ? null : sortOf(sort.field(), sort.descending()), offset + limit);
            return new InstanceIndex.Hits(page.total(), LuceneDirectory.sources(s, page.top().scoreDocs, offset));
        });
    }

    @Override
    public Map<String, Long> facetCounts(SearchQuery query, String facet) {
        Query q = lucene(query);
        return withSearcher(s -> LuceneFacets.count(s, q, facet));
    }

    @Override
    public List<String> browse(SearchQuery filter, String key, boolean forward, int n) {
        Query range = forward ? TermRangeQuery.newStringRange(SORT_HEADING_REF, key, null, false, false)
                : TermRangeQuery.newStringRange(SORT_HEADING_REF, null, key, false, false);
        Query q = new BooleanQuery.Builder().add(lucene(filter), Occur.FILTER).add(range, Occur.FILTER).build();
        return withSearcher(s -> {
            TopDocs top = s.search(q, new TopFieldCollectorManager(sortOf(SORT_HEADING_REF, !forward), n, null,
                    Integer.MAX_VALUE));
            return LuceneDirectory.sources(s, top.scoreDocs, 0);
        });
    }

    /** {@code _iddv} doc values: no stored field read. */
    @Override
    public void forEachAuthorityId(SearchQuery query, java.util.function.Consumer<String> sink) {
        Query q = lucene(query);
        withSearcher(s -> {
            LuceneFacets.ids(s, q, false, sink);
            return null;
        });
    }

    private static final String SORT_HEADING_REF = AuthorityIndex.SORT_HEADING_REF;

    private static Query lucene(SearchQuery query) {
        try {
            return LuceneQueries.of(query, AuthorityFields.FIELDS::get);
        } catch (IndexSearcher.TooManyClauses | org.apache.lucene.util.automaton.TooComplexToDeterminizeException e) {
            throw new InvalidSearch("The query is too complex: " + e.getMessage(), "query", null);
        }
    }

    /** A sort key, ties broken by the lowercased headingRef (authority.json secondarySort), then index order. */
    private static Sort sortOf(String field, boolean descending) {
        SortField primary = new SortField(field, SortField.Type.STRING, descending);
        primary.setMissingValue(descending ? SortField.STRING_FIRST : SortField.STRING_LAST);
        if (field.equals(SORT_HEADING_REF)) return new Sort(primary, SortField.FIELD_DOC);
        SortField secondary = new SortField(SORT_HEADING_REF, SortField.Type.STRING, descending);
        secondary.setMissingValue(descending ? SortField.STRING_FIRST : SortField.STRING_LAST);
        return new Sort(primary, secondary, SortField.FIELD_DOC);
    }

    /** The Lucene document of a heading: each value as {@link LuceneDocuments#addAll} indexes its AuthorityFields kind. */
    private static Document document(AuthorityDocument doc) {
        Document d = new Document();
        d.add(LuceneDocuments.keyword(LuceneDocuments.ID, doc.id()));
        d.add(LuceneDocuments.keyword(AUTHORITY, doc.authorityId()));
        d.add(new SortedDocValuesField(LuceneFacets.ID_VALUES, LuceneDocuments.utf8(doc.authorityId())));
        d.add(new StoredField(LuceneDocuments.SOURCE,
                new BytesRef(Json.writeBytes(doc.source()))));
        LuceneDocuments.addAll(d, doc.values(), AuthorityFields.FIELDS);
        for (Map.Entry<String, List<String>> e : doc.values().entrySet()) {
            if (!e.getValue().isEmpty()) d.add(LuceneDocuments.keyword(LuceneFacets.EXISTS, e.getKey()));
        }
        for (Map.Entry<String, FieldKind> f : AuthorityFields.FACETS.entrySet()) {
            List<String> values = doc.values().get(f.getKey());
            if (values == null) continue;
            for (String v : new java.util.LinkedHashSet<>(values)) {
                d.add(new SortedSetDocValuesField(LuceneFacets.PREFIX + f.getKey(),
                        LuceneDocuments.utf8(LuceneAnalyzers.normalise(f.getValue(), v))));
            }
        }
        for (Map.Entry<String, String> sort : AuthorityFields.SORTS.entrySet()) {
            List<String> values = doc.values().get(sort.getKey());
            if (values == null || values.isEmpty()) continue;
            // lowercased: sort_headingRef and authRefType are keyword_lowercase in mod-search; headingType is keyword
            // there, whose values ("Personal Name", "Topical" …) sort the same either way
            String key = values.getFirst().toLowerCase(java.util.Locale.ROOT);
            if (key.length() > LuceneAnalyzers.PLAIN_MAX) key = key.substring(0, LuceneAnalyzers.PLAIN_MAX);
            d.add(new SortedDocValuesField(sort.getValue(), LuceneDocuments.utf8(key)));
            if (sort.getKey().equals("headingRef")) d.add(LuceneDocuments.keyword(SORT_HEADING_REF, key));
        }
        return d;
    }

    private <T> T withSearcher(LuceneDirectory.SearcherWork<T> work) {
        return lucene.withSearcher(work);
    }

    @Override
    public void close() {
        lucene.close();
    }
}
