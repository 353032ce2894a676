package org.quire.platform.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Appends events to the tenant's outbox table inside the caller's transaction: committed together or not at all.
 * After the commit the dispatcher is woken for that schema, so delivery does not wait for its next sweep.
 */
public final class Outbox {
    /** The append, with the schema as {@code %1$s}; usable alone or as the tail of a {@code WITH} statement. */
    public static final String INSERT = "INSERT INTO %1$s.outbox (topic, record_id, payload) VALUES (?, ?, ?)";

    public record Entry(UUID recordId, ObjectNode payload) {
    }

    /** The dispatchers of this JVM (usually one; tests may run several servers). */
    private static final List<Consumer<String>> LISTENERS = new java.util.concurrent.CopyOnWriteArrayList<>();

    private Outbox() {
    }

    public static void append(Connection c, String schema, String topic, Entry e) throws SQLException {
        Sql.update(c, INSERT.formatted(schema), params(topic, e));
        written(schema);
    }

    public static List<Object> params(String topic, Entry e) {
        return List.of(topic, e.recordId(), new Sql.Json(e.payload().toString()));
    }

    /** Notes that this transaction wrote events of {@code schema}: the dispatcher hears of it after commit. */
    public static void written(String schema) {
        Database.afterCommit("outbox:" + schema, () -> LISTENERS.forEach(l -> l.accept(schema)));
    }

    static void listen(Consumer<String> listener) {
        LISTENERS.add(listener);
    }

    static void unlisten(Consumer<String> listener) {
        LISTENERS.remove(listener);
    }
}
