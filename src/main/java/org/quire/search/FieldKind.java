package org.quire.search;

/**
 * How a field is indexed and matched: mod-search's index-field-types (elasticsearch/index/index-field-types.json).
 * Every engine implements the same kinds, so a query means the same thing on Lucene and on OpenSearch.
 */
public enum FieldKind {
    /** Analysed (tokenised, case- and accent-folded), plus a {@code plain_} copy of each whole value (keyword_icu). */
    FULLTEXT,
    /** Exact and case-sensitive (mod-search's {@code keyword}: source, items.status.name). */
    KEYWORD,
    /** Exact after lowercasing (ids, hrids, languages). */
    KEYWORD_LOWERCASE,
    /** Exact after lowercasing and accent folding (barcodes, classification numbers). */
    KEYWORD_ICU,
    BOOL,
    /** An instant; queried with ISO dates, date-times, offsets or instants. */
    DATE
}
