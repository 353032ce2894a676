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
