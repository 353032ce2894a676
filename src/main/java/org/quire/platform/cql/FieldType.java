package org.quire.platform.cql;

/** How a column is compared; decides which relations are allowed and how terms are bound. */
public enum FieldType {
    /** A uuid column; terms that are not UUIDs match nothing rather than failing. */
    UUID,
    /** An exact string (barcode, code, status name, username); case-sensitive. */
    KEYWORD,
    /** Human text (names, titles); case-insensitive word matching. */
    TEXT,
    /** int/bigint, bound as Integer or Long. */
    INTEGER,
    /** numeric, bound as BigDecimal. */
    NUMBER,
    BOOLEAN,
    /** timestamptz, bound as OffsetDateTime. */
    DATETIME,
    /**
     * A uuid[] column holding a JSON array of UUIDs; "=" and "==" mean "the array contains the term", as FOLIO's
     * (RMB's) CQL over a jsonb array of ids (e.g. {@code servicePointsIds=<id>}).
     */
    UUID_ARRAY
}
