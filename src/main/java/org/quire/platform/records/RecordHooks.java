package org.quire.platform.records;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Record-specific behaviour inside the write transaction: derived fields (an item's effective location) before the
 * row is written, and consequences (re-deriving dependent rows) after. Batch-shaped so that a batch of 1,000 records
 * costs one lookup, not 1,000.
 */
public interface RecordHooks {
    RecordHooks NONE = new RecordHooks() {
    };

    /**
     * Fill derived fields of {@code records} (new versions) before they are written; {@code previous} holds the
     * stored versions (null entries for inserts).
     */
    default void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
    }

    /** React to written records; {@code previous} holds the old versions (null entries for inserts). */
    default void afterWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
    }

    default void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
    }
}
