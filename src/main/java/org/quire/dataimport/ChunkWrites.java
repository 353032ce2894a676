package org.quire.dataimport;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The write step of a chunk, shared by the MARC holdings and authority writers: all prepared records in one batch
 * under a savepoint; if the batch fails, again record by record, each under its own savepoint, so that a record
 * storage refuses becomes an error entry, nothing of it is half-written, and the others are kept.
 */
final class ChunkWrites {
    private ChunkWrites() {
    }

    /** Writes a list of prepared records (each call gets fresh copies); answers their log entries. */
    interface Insert<P> {
        List<LogEntry> run(Connection c, List<P> records) throws SQLException;
    }

    /**
     * Why a record failed in storage, for its log entry: a refusal's fields and messages, or PostgreSQL's own
     * message and detail (never the JDBC batch text, which quotes the whole statement).
     */
    static String reason(Exception e) {
        if (e instanceof SQLException sql) {
            for (SQLException s = sql; s != null; s = s.getNextException()) {
                if (s instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
                    var m = p.getServerErrorMessage();
                    return m.getMessage() + (m.getDetail() == null ? "" : ". " + m.getDetail());
                }
            }
        }
        return ImportChunk.reason(e);
    }

    static <P> List<LogEntry> batchOrOneByOne(Connection c, List<P> ready, Insert<P> insert,
                                              BiFunction<P, Exception, LogEntry> failed) throws SQLException {
        if (ready.isEmpty()) return List.of();
        try {
            return DataImportStore.underSavepoint(c, tx -> insert.run(tx, ready));
        } catch (SQLException | RuntimeException batchFailed) {
            List<LogEntry> out = new ArrayList<>();
            for (P p : ready) {
                try {
                    out.addAll(DataImportStore.underSavepoint(c, tx -> insert.run(tx, List.of(p))));
                } catch (SQLException | RuntimeException e) {
                    out.add(failed.apply(p, e));
                }
            }
            return out;
        }
    }
}
