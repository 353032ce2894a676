package org.quire.circulation;

import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.RulesSyntaxException;
import org.quire.platform.http.ApiException;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tenant's circulation rules text and its parsed matcher. Parsed once and kept per tenant: a check-out matches
 * in memory. Another process's PUT is noticed within {@link #TTL_MILLIS}; this process's PUT at once.
 */
public final class CirculationRulesStore {
    static final long TTL_MILLIS = 5_000;

    private record Cached(String text, CirculationRules rules, long loadedAt) {
    }

    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    public String text(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT rules_as_text FROM " + schema + ".circulation_rules WHERE id = 1", List.of(),
                rs -> rs.getString(1)).orElse("");
    }

    public CirculationRules rules(Connection c, String schema) throws SQLException {
        Cached cached = cache.get(schema);
        if (cached != null && System.currentTimeMillis() - cached.loadedAt < TTL_MILLIS) return cached.rules;
        String text = text(c, schema);
        CirculationRules rules;
        try {
            rules = cached != null && cached.text.equals(text) ? cached.rules : CirculationRules.parse(text);
        } catch (RulesSyntaxException e) {
            // Only reachable when a tenant has no rules yet: PUT /circulation/rules refuses invalid text.
            throw ApiException.unprocessable("The circulation rules of this tenant are missing or invalid: "
                    + e.getMessage(), "CIRCULATION_RULES_INVALID", "line", String.valueOf(e.line()));
        }
        cache.put(schema, new Cached(text, rules, System.currentTimeMillis()));
        return rules;
    }

    /** Validates (RulesSyntaxException on error) and stores the rules text. */
    public void save(Connection c, String schema, String text) throws SQLException {
        CirculationRules rules = CirculationRules.parse(text);
        Sql.update(c, "INSERT INTO " + schema + ".circulation_rules (id, rules_as_text, updated) VALUES (1, ?, ?) "
                + "ON CONFLICT (id) DO UPDATE SET rules_as_text = EXCLUDED.rules_as_text, updated = EXCLUDED.updated",
                List.of(text, Instant.now()));
        cache.put(schema, new Cached(text, rules, System.currentTimeMillis()));
    }

}
