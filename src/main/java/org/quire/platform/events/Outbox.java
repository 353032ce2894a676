package org.quire.platform.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/** Appends events to the tenant's outbox table inside the caller's transaction: committed together or not at all. */
public final class Outbox {
    private Outbox() {
    }

    public static void append(Connection c, String schema, String topic, UUID recordId, ObjectNode payload)
            throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".outbox (topic, record_id, payload) VALUES (?, ?, ?)",
                List.of(topic, recordId, new Sql.Json(payload.toString())));
    }
}
