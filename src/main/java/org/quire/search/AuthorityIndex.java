package org.quire.search;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * One tenant's authority index, whatever the engine: one document per heading ({@link AuthorityDocument}), the
 * documents of one authority replaced together. Embedded Lucene ({@link LuceneAuthorityIndex}) or OpenSearch
 * ({@link OpenSearchAuthorityIndex}); fields indexed by {@link AuthorityFields}' kinds as the instance index's are.
 */
interface AuthorityIndex extends AutoCloseable {
    /** The lowercased headingRef (authority.json secondarySort; the browse order). */
    String SORT_HEADING_REF = "sort_headingRef";

    /** Replaces the documents of each authority in {@code upserts}, deletes those of {@code deletes}; searchable then. */
    void apply(Map<String, List<AuthorityDocument>> upserts, Collection<String> deletes);

    /** Adds or replaces authorities' documents without making them durable (a full index commits once at its end). */
    void add(Map<String, List<AuthorityDocument>> byAuthority);

    void commit();

    /** Removes every document, visible at the next commit: a full index after it replaces the index at once. */
    void clear();

    /** The {@link AuthorityDocument#VERSION} of the documents the index held when it was opened (null: none). */
    String documentVersion();

    long count();

    /** A page of hits (their sources) and the exact number of hits. */
    InstanceIndex.Hits search(SearchQuery query, SearchQuery.Sort sort, int offset, int limit);

    /** Facet value (normalised, as indexed) → number of headings matching {@code query} that have it. */
    Map<String, Long> facetCounts(SearchQuery query, String facet);

    /**
     * Browse by search-after (mod-search AuthorityBrowseService): up to {@code n} sources of the documents matching
     * {@code filter} whose lowercased headingRef is after ({@code forward}) or before {@code key}, nearest first.
     */
    List<String> browse(SearchQuery filter, String key, boolean forward, int n);

    /** Every hit's authority id (no 10,000 cap), in index order. */
    void forEachAuthorityId(SearchQuery query, java.util.function.Consumer<String> sink);

    @Override
    void close();
}
