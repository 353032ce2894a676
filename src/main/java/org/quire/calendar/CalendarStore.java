package org.quire.calendar;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.Date;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** SQL in and out for calendars: the JSON in {@code calendar}, one typed row per assigned service point. */
public final class CalendarStore {
    private CalendarStore() {
    }

    public record Page(List<ObjectNode> calendars, long totalRecords) {
    }

    /** Another calendar sharing a service point and some dates with the one being saved. */
    record Overlap(String name, LocalDate startDate, LocalDate endDate) {
    }

    static Optional<ObjectNode> get(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT jsonb FROM " + schema + ".calendar WHERE id = ?", List.of(id),
                rs -> Json.parseObject(rs.getString(1)));
    }

    /** Filters as mod-calendar's GET /calendar/calendars: ids, any of the service points, dates overlapping. */
    static Page search(Connection c, String schema, List<UUID> ids, List<UUID> servicePoints, LocalDate start,
                       LocalDate end, int limit, int offset) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT c.jsonb, count(*) OVER () FROM " + schema + ".calendar c WHERE true");
        List<Object> params = new ArrayList<>();
        if (!ids.isEmpty()) {
            sql.append(" AND c.id = ANY(?)");
            params.add(c.createArrayOf("uuid", ids.toArray()));
        }
        if (!servicePoints.isEmpty()) {
            sql.append(" AND EXISTS (SELECT 1 FROM ").append(schema).append(".calendar_assignment a WHERE a.calendar_id = c.id"
                    + " AND a.service_point_id = ANY(?))");
            params.add(c.createArrayOf("uuid", servicePoints.toArray()));
        }
        if (start != null) {
            sql.append(" AND c.end_date >= ?");
            params.add(Date.valueOf(start));
        }
        if (end != null) {
            sql.append(" AND c.start_date <= ?");
            params.add(Date.valueOf(end));
        }
        sql.append(" ORDER BY c.start_date, c.name, c.id LIMIT ? OFFSET ?");
        params.add(limit);
        params.add(offset);
        long[] total = {0};
        List<ObjectNode> rows = Sql.list(c, sql.toString(), params, rs -> {
            total[0] = rs.getLong(2);
            return Json.parseObject(rs.getString(1));
        });
        if (rows.isEmpty() && (offset > 0 || limit == 0)) {
            total[0] = Sql.one(c, sql.toString().replaceFirst("SELECT c.jsonb, count\\(\\*\\) OVER \\(\\)", "SELECT count(*)")
                    .replace(" ORDER BY c.start_date, c.name, c.id LIMIT ? OFFSET ?", ""),
                    params.subList(0, params.size() - 2), rs -> rs.getLong(1)).orElse(0L);
        }
        return new Page(rows, total[0]);
    }

    /**
     * Serialises saves that touch the same service points (transaction-scoped advisory locks, taken in a fixed order
     * so two saves cannot deadlock), so that the overlap check that follows cannot miss a concurrent save.
     */
    static void lockServicePoints(Connection c, String schema, List<UUID> servicePoints) throws SQLException {
        if (servicePoints.isEmpty()) return;
        Sql.list(c, "SELECT pg_advisory_xact_lock(hashtextextended(? || sp::text, 0)) FROM unnest(?::uuid[]) sp ORDER BY sp",
                List.of(schema + ".calendar:", c.createArrayOf("uuid", servicePoints.toArray())), rs -> null);
    }

    static List<Overlap> overlaps(Connection c, String schema, Calendar cal) throws SQLException {
        if (cal.assignments().isEmpty()) return List.of();
        return Sql.list(c, "SELECT DISTINCT c.name, c.start_date, c.end_date FROM " + schema + ".calendar_assignment a JOIN "
                        + schema + ".calendar c ON c.id = a.calendar_id WHERE a.service_point_id = ANY(?) AND a.start_date <= ?"
                        + " AND a.end_date >= ? AND a.calendar_id <> ? ORDER BY c.start_date, c.name",
                List.of(c.createArrayOf("uuid", cal.assignments().toArray()), Date.valueOf(cal.endDate()),
                        Date.valueOf(cal.startDate()), cal.id()),
                rs -> new Overlap(rs.getString(1), rs.getDate(2).toLocalDate(), rs.getDate(3).toLocalDate()));
    }

    /** Inserts or replaces the calendar and its assignments in one statement. */
    static void save(Connection c, String schema, Calendar cal, ObjectNode json, Instant now) throws SQLException {
        Sql.list(c, "WITH saved AS (INSERT INTO " + schema + ".calendar (id, jsonb, created_date, updated_date, name, start_date,"
                        + " end_date) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET jsonb = EXCLUDED.jsonb,"
                        + " updated_date = EXCLUDED.updated_date, name = EXCLUDED.name, start_date = EXCLUDED.start_date,"
                        + " end_date = EXCLUDED.end_date RETURNING id),"
                        + " dropped AS (DELETE FROM " + schema + ".calendar_assignment WHERE calendar_id = ? AND"
                        + " NOT (service_point_id = ANY(?)))"
                        + " INSERT INTO " + schema + ".calendar_assignment (calendar_id, service_point_id, start_date, end_date)"
                        + " SELECT saved.id, sp, ?, ? FROM saved, unnest(?::uuid[]) sp"
                        + " ON CONFLICT (calendar_id, service_point_id) DO UPDATE SET start_date = EXCLUDED.start_date,"
                        + " end_date = EXCLUDED.end_date RETURNING 1",
                List.of(cal.id(), new Sql.Json(Json.write(json)), now, now, cal.name(), Date.valueOf(cal.startDate()),
                        Date.valueOf(cal.endDate()), cal.id(), c.createArrayOf("uuid", cal.assignments().toArray()),
                        Date.valueOf(cal.startDate()), Date.valueOf(cal.endDate()),
                        c.createArrayOf("uuid", cal.assignments().toArray())), rs -> null);
    }

    /** Deletes all of {@code ids}, or throws (rolling the transaction back) when any is missing. */
    static void deleteAll(Connection c, String schema, List<UUID> ids) throws SQLException {
        int n = Sql.update(c, "DELETE FROM " + schema + ".calendar WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())));
        if (n != ids.size()) throw CalendarError.notFound();
    }

    /**
     * The openings of one service point from {@code from} to {@code to}, in ONE statement: whether it has any
     * calendar at all, and the calendars covering that window (an index range scan on the assignment table).
     */
    public static Openings openings(Connection c, String schema, UUID servicePointId, LocalDate from, LocalDate to)
            throws SQLException {
        return Sql.one(c, "SELECT EXISTS (SELECT 1 FROM " + schema + ".calendar_assignment WHERE service_point_id = ?),"
                        + " (SELECT coalesce(jsonb_agg(c.jsonb), '[]'::jsonb) FROM " + schema + ".calendar_assignment a JOIN "
                        + schema + ".calendar c ON c.id = a.calendar_id WHERE a.service_point_id = ? AND a.start_date <= ?"
                        + " AND a.end_date >= ?)",
                List.of(servicePointId, servicePointId, Date.valueOf(to), Date.valueOf(from)), rs -> {
                    List<Calendar> cals = new ArrayList<>();
                    for (var n : Json.parse(rs.getString(2))) {
                        cals.add(Calendar.parse((ObjectNode) n, UUID.fromString(n.get("id").asText())));
                    }
                    return new Openings(rs.getBoolean(1), cals);
                }).orElseThrow();
    }
}
