package org.quire.platform.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Small helpers over JDBC: prepared statements with positional parameters, one row mapper per query. */
public final class Sql {
    private Sql() {
    }

    /** Statements {@link #filled} already, by template and arguments. */
    private static final java.util.Map<List<Object>, String> FILLED = new java.util.concurrent.ConcurrentHashMap<>();
    /** A bound on {@link #FILLED}: a caller passing values that vary (never the intent) cannot make it grow forever. */
    private static final int MAX_FILLED = 10_000;

    /**
     * {@code template.formatted(args)}, remembered: a statement's text depends only on the tenant's schema and on
     * constants, and {@link String#formatted}'s general formatting was 4% of a check-out's CPU when run per request.
     * Pass only the schema and constants (never request values: those are {@code ?} parameters).
     */
    public static String filled(String template, Object... args) {
        List<Object> key = new ArrayList<>(args.length + 1);
        key.add(template);
        java.util.Collections.addAll(key, args);
        String sql = FILLED.get(key);
        if (sql != null) return sql;
        sql = template.formatted(args);
        if (FILLED.size() < MAX_FILLED) FILLED.put(key, sql);
        return sql;
    }

    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    public static <T> List<T> list(Connection c, String sql, List<?> params, RowMapper<T> mapper) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, params);
            try (ResultSet rs = ps.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) out.add(mapper.map(rs));
                return out;
            }
        }
    }

    public static <T> Optional<T> one(Connection c, String sql, List<?> params, RowMapper<T> mapper) throws SQLException {
        List<T> rows = list(c, sql, params, mapper);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
    }

    public static int update(Connection c, String sql, List<?> params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, params);
            return ps.executeUpdate();
        }
    }

    public static void bind(PreparedStatement ps, List<?> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            Object p = params.get(i);
            switch (p) {
                case Instant t -> ps.setObject(i + 1, t.atOffset(ZoneOffset.UTC));
                case Json j -> ps.setObject(i + 1, j.text(), java.sql.Types.OTHER);
                case null, default -> ps.setObject(i + 1, p);
            }
        }
    }

    /** A parameter that is bound as jsonb text. */
    public record Json(String text) {
    }
}
