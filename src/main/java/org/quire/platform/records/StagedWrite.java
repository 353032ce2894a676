package org.quire.platform.records;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A record's write made ready by {@link RecordStore#stagedInsert} or {@link RecordStore#stagedReplace} (validated,
 * stamped, its beforeWrite hooks run) and sent by {@link #together} with others in ONE statement: a check-out's new
 * loan and its item, a check-in's closed loan, item and check-in record, one round trip instead of two or three.
 *
 * @param previous   the version replaced; null for a new record
 * @param record     the version written, as the hooks left it
 * @param statements the record's INSERT or UPDATE and, for a type with events, its outbox insert (schema filled)
 * @param params     their parameters, in that order
 */
public record StagedWrite(RecordStore store, String schema, ObjectNode previous, ObjectNode record,
                          List<String> statements, List<Object> params) {

    /**
     * Sends the writes as the data-modifying CTEs of one statement (PostgreSQL runs each exactly once, referenced or
     * not), then their afterWrite hooks. All of them see the snapshot the statement starts with, so they must not
     * write the same row, nor one read another's row (the hot paths write a loan, an item and a check-in record).
     */
    public static void together(Connection c, StagedWrite... writes) throws SQLException {
        together(c, List.of(writes));
    }

    /** {@link #together(Connection, StagedWrite...)} of a list. */
    public static void together(Connection c, List<StagedWrite> writes) throws SQLException {
        together(c, writes, new MultiGet());
    }

    /**
     * {@link #together(Connection, List)}, reading {@code lookups} in the same statement: check-in's loan policies,
     * borrower and notice policy, which it needs only after it writes. They see the statement's snapshot, from before
     * the writes, so none may be a record written here.
     */
    public static Map<String, ObjectNode> together(Connection c, List<StagedWrite> writes, MultiGet lookups)
            throws SQLException {
        StringBuilder sql = new StringBuilder("WITH ");
        List<Object> params = new ArrayList<>();
        int n = 0;
        for (StagedWrite w : writes) {
            for (String s : w.statements()) {
                sql.append(n == 0 ? "" : ", ").append('w').append(n++).append(" AS (").append(s).append(')');
            }
            params.addAll(w.params());
        }
        Map<String, ObjectNode> found;
        if (lookups.size() == 0) {
            Sql.one(c, sql.append(" SELECT 1").toString(), params, rs -> 1);
            found = Map.of();
        } else {
            sql.append(' ').append(lookups.select(writes.getFirst().schema(), params));
            found = MultiGet.found(Sql.list(c, sql.toString(), params, MultiGet::row));
        }
        for (StagedWrite w : writes) w.store().afterWrite(c, w);
        return found;
    }
}
