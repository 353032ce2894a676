package org.quire.notices;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.users.UserTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import static org.quire.notices.NoticeTypes.SCHEDULED_NOTICES;
import static org.quire.notices.NoticeTypes.TEMPLATES;

/**
 * All SQL of patron notices: scheduled notices written by circulation's events, claimed and finished by the
 * {@code patron-notices} job; the template and recipient lookups of the notice endpoints. A transaction that writes a
 * notice due now wakes the job after it commits (when the process runs jobs), so such a notice goes out within
 * moments; the job's schedule is the backstop.
 */
public final class NoticesStore {
    /** Whoever runs the job in this process (usually one; none when jobs are off): told the tenant's schema. */
    private static final List<Consumer<String>> LISTENERS = new CopyOnWriteArrayList<>();

    private NoticesStore() {
    }

    static void listen(Consumer<String> listener) {
        LISTENERS.add(listener);
    }

    static void unlisten(Consumer<String> listener) {
        LISTENERS.remove(listener);
    }

    /**
     * Inserts {@code rows} and, in the same statement, deletes the pending notices of one loan or request
     * ({@code column} = {@code id}) whose triggering event is one of {@code dropEvents}. Nothing to do: no statement.
     * A notice the job is sending at this moment is skipped rather than waited for (the desk does not wait for a
     * mail server); the job deletes it after sending, or drops it at its next run (the loan is closed by then).
     */
    static void write(Connection c, String schema, String column, UUID id, List<String> dropEvents, List<ObjectNode> rows,
                      UUID staff) throws SQLException {
        String delete = dropEvents.isEmpty() ? null : dropSql(schema, column);
        List<Object> params = dropEvents.isEmpty() ? List.of() : List.of(id, c.createArrayOf("text", dropEvents.toArray()));
        if (rows.isEmpty()) {
            if (delete != null) Sql.update(c, delete, params);
            return;
        }
        SCHEDULED_NOTICES.insertWith(c, schema, delete == null ? null : "WITH gone AS (" + delete + ")", params, rows, staff);
        Instant now = Instant.now();
        if (rows.stream().anyMatch(r -> !Json.parseInstant(Json.text(r, "nextRunTime")).isAfter(now)))
            Database.afterCommit("notices:" + schema, () -> LISTENERS.forEach(l -> l.accept(schema)));
    }

    /**
     * The delete of {@link #write}: the pending notices of one loan ({@code column} loan_id) or request (request_id)
     * with one of the given triggering events. Public so a test can EXPLAIN exactly it.
     */
    public static String dropSql(String schema, String column) {
        return ("DELETE FROM %1$s.scheduled_notice WHERE id IN (SELECT id FROM %1$s.scheduled_notice WHERE " + column
                + " = ? AND triggering_event = ANY(?) FOR UPDATE SKIP LOCKED)").formatted(schema);
    }

    /**
     * Up to {@code limit} notices due at {@code now}, oldest first, locked for this transaction; rows another
     * transaction holds are skipped. An "Upon At" expiration notice is not due while its request is still open: it
     * goes out once the request has expired.
     */
    static List<ObjectNode> claim(Connection c, String schema, Instant now, int limit) throws SQLException {
        return Sql.list(c, """
                SELECT n.jsonb FROM %1$s.scheduled_notice n
                WHERE n.next_run_time <= ?
                  AND NOT (n.triggering_event IN ('Request expiration', 'Hold expiration')
                           AND n.jsonb->'noticeConfig'->>'timing' = 'Upon At'
                           AND EXISTS (SELECT 1 FROM %1$s.request r WHERE r.id = n.request_id AND r.status LIKE 'Open%%'))
                ORDER BY n.next_run_time, n.id
                LIMIT ? FOR UPDATE OF n SKIP LOCKED
                """.formatted(schema), List.of(now, limit), rs -> Json.parseObject(rs.getString(1)));
    }

    /** Deletes the notices sent once (or no longer relevant) and moves the others to their next run: one statement. */
    static void finish(Connection c, String schema, List<UUID> delete, Map<UUID, Instant> moveTo) throws SQLException {
        List<UUID> ids = new ArrayList<>(moveTo.keySet());
        List<String> times = moveTo.values().stream().map(Json::date).toList();
        String updated = Json.date(Instant.now());
        Sql.update(c, """
                WITH gone AS (DELETE FROM %1$s.scheduled_notice WHERE id = ANY(?))
                UPDATE %1$s.scheduled_notice n
                SET next_run_time = v.t::timestamptz, updated_date = ?::timestamptz,
                    jsonb = jsonb_set(jsonb_set(n.jsonb, '{nextRunTime}', to_jsonb(v.t)), '{metadata,updatedDate}',
                                      to_jsonb(?::text))
                FROM unnest(?::uuid[], ?::text[]) AS v(id, t) WHERE n.id = v.id
                """.formatted(schema), List.of(c.createArrayOf("uuid", delete.toArray()), updated, updated,
                c.createArrayOf("uuid", ids.toArray()), c.createArrayOf("text", times.toArray())));
    }

    static Optional<ObjectNode> template(Connection c, String schema, UUID id) throws SQLException {
        return TEMPLATES.get(c, schema, id);
    }

    static boolean userExists(Connection c, String schema, UUID id) throws SQLException {
        return UserTypes.USERS.get(c, schema, id).isPresent();
    }
}
