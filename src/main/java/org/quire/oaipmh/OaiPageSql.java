package org.quire.oaipmh;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The statements of one ListRecords page of {@code marc21_withholdings} exactly as {@link OaiPmh} runs them (the
 * records' keyset page, then the page's holdings and items; the reference names are read once, as the server keeps
 * them), without HTTP, XML or token: {@code quire bench oai}'s floor runs them over its own JDBC connection for the
 * same pages the harvesters fetch.
 */
public final class OaiPageSql {
    /** A keyset position: the last record's datestamp and key (null, null: the start of the list). */
    public record Position(Instant datestamp, UUID id) {
    }

    /** What a page gave: its records, where the next page starts, whether there is one. */
    public record Page(int records, Position last, boolean more) {
    }

    private final String schema;
    private final OaiSettings settings;

    private OaiPageSql(String schema, OaiSettings settings) {
        this.schema = schema;
        this.settings = settings;
    }

    /** With the tenant's OAI settings, read once as the server caches them. */
    public static OaiPageSql of(Connection c, String schema) throws SQLException {
        return new OaiPageSql(schema, OaiSettings.from(OaiStore.settings(c, schema)));
    }

    public int pageSize() {
        return settings.maxRecordsPerResponse();
    }

    /**
     * One page after {@code after} of the records updated up to {@code until}: the server's two statements, in the
     * caller's transaction (the page's plan mode is set for it; the server commits after the records).
     */
    public Page next(Connection c, Instant until, Position after) throws SQLException {
        OaiStore.Filter f = new OaiStore.Filter(null, until, after, settings.deletedSupported(),
                settings.suppressedRecordsProcessing(), settings.recordsSource(), true);
        int size = pageSize();
        List<OaiStore.Row> rows = OaiStore.page(c, schema, f, size + 1, true);
        boolean more = rows.size() > size;
        if (more) rows = rows.subList(0, size);
        List<UUID> ids = rows.stream().filter(r -> !OaiPmh.isDeleted(r, settings)).map(OaiStore.Row::instanceId)
                .toList();
        OaiStore.holdingsRows(c, schema, ids);
        OaiStore.Row last = rows.isEmpty() ? null : rows.getLast();
        return new Page(rows.size(), last == null ? after : new Position(last.datestamp(), last.key()), more);
    }
}
