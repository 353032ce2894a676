package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.CirculationRules;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RulesSyntaxException;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tenant's circulation rules: one text, written through PUT /circulation/rules (checked as mod-circulation
 * checks it) or PUT /circulation-rules-storage (stored as given, as mod-circulation-storage does), and its parsed
 * matcher. Both writes go through {@link #write}, so check-out always matches what was last written. Parsed once and
 * kept per tenant: a check-out matches in memory. Another process's PUT is noticed within {@link #TTL_MILLIS}; this
 * process's PUT at once.
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

    /** What GET /circulation-rules-storage and GET /circulation/rules return: id, rulesAsText, metadata. */
    public ObjectNode record(Connection c, String schema) throws SQLException {
        ObjectNode stored = Sql.one(c, "SELECT record::text, rules_as_text FROM " + schema
                + ".circulation_rules WHERE id = 1", List.of(), rs -> {
            ObjectNode r = Json.parseObject(rs.getString(1));
            r.put("rulesAsText", rs.getString(2));
            return r;
        }).orElseGet(() -> Json.object().put("rulesAsText", ""));
        // Field order of FOLIO's record: id, rulesAsText, metadata.
        ObjectNode out = Json.object();
        if (stored.has("id")) out.set("id", stored.get("id"));
        out.set("rulesAsText", stored.get("rulesAsText"));
        if (stored.has("metadata")) out.set("metadata", stored.get("metadata"));
        return out;
    }

    /**
     * The parsed rules. Texts written through the storage API are not checked, so a text FOLIO would refuse is a
     * 422 here, at check-out, never a 500.
     */
    public CirculationRules rules(Connection c, String schema) throws SQLException {
        Cached cached = cache.get(schema);
        if (cached != null && System.currentTimeMillis() - cached.loadedAt < TTL_MILLIS) return cached.rules;
        String text = text(c, schema);
        CirculationRules rules;
        try {
            rules = cached != null && cached.text.equals(text) ? cached.rules : CirculationRules.parse(text);
        } catch (RulesSyntaxException e) {
            throw Refused.because("The circulation rules of this tenant are missing or invalid: "
                    + e.getMessage() + " (line " + e.line() + ", column " + e.column() + ")",
                    ErrorCode.CIRCULATION_RULES_INVALID, "line", String.valueOf(e.line()));
        }
        cache.put(schema, new Cached(text, rules, System.currentTimeMillis()));
        return rules;
    }

    /**
     * PUT /circulation/rules: refuses (RulesSyntaxException) what mod-circulation's CirculationRulesResource refuses,
     * a rule naming a policy that does not exist included, and stores nothing then.
     */
    public void save(Connection c, String schema, String text) throws SQLException {
        Map<PolicyType, Set<String>> existing = existingPolicyIds(c, schema);
        CirculationRules rules = CirculationRules.parse(text, (type, id) -> existing.get(type).contains(id));
        write(c, schema, Json.object().put("rulesAsText", text), null);
        cache.put(schema, new Cached(text, rules, System.currentTimeMillis()));
    }

    /** PUT /circulation-rules-storage: stored as given, like mod-circulation-storage, which checks nothing. */
    public void saveRecord(Connection c, String schema, ObjectNode record, UUID userId) throws SQLException {
        write(c, schema, record, userId);
        cache.remove(schema);
    }

    private void write(Connection c, String schema, ObjectNode record, UUID userId) throws SQLException {
        String text = Json.text(record, "rulesAsText");
        ObjectNode previous = Sql.one(c, "SELECT record::text FROM " + schema + ".circulation_rules WHERE id = 1",
                List.of(), rs -> Json.parseObject(rs.getString(1))).orElse(Json.object());
        ObjectNode stored = Json.object();
        String id = record.hasNonNull("id") ? record.get("id").asText() : Json.text(previous, "id");
        stored.put("id", id == null ? UUID.randomUUID().toString() : id);
        Instant now = Instant.now();
        ObjectNode metadata = stored.putObject("metadata");
        String createdDate = Json.text(previous, "metadata.createdDate");
        metadata.put("createdDate", createdDate == null ? Json.date(now) : createdDate);
        String createdBy = Json.text(previous, "metadata.createdByUserId");
        if (createdBy == null && userId != null && createdDate == null) createdBy = userId.toString();
        if (createdBy != null) metadata.put("createdByUserId", createdBy);
        metadata.put("updatedDate", Json.date(now));
        if (userId != null) metadata.put("updatedByUserId", userId.toString());
        Sql.update(c, "INSERT INTO " + schema + ".circulation_rules (id, rules_as_text, updated, record) "
                + "VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET rules_as_text = EXCLUDED.rules_as_text, "
                + "updated = EXCLUDED.updated, record = EXCLUDED.record",
                List.of(text, now, new Sql.Json(stored.toString())));
    }

    /** The ids of each policy type, as mod-circulation fetches them before validating the rules. */
    private static Map<PolicyType, Set<String>> existingPolicyIds(Connection c, String schema) throws SQLException {
        Map<PolicyType, Set<String>> ids = new EnumMap<>(PolicyType.class);
        for (PolicyType type : PolicyType.values()) {
            RecordStore store = switch (type) {
                case LOAN -> CirculationTypes.LOAN_POLICIES;
                case REQUEST -> CirculationTypes.REQUEST_POLICIES;
                case NOTICE -> CirculationTypes.NOTICE_POLICIES;
                case OVERDUE_FINE -> CirculationTypes.OVERDUE_FINE_POLICIES;
                case LOST_ITEM -> CirculationTypes.LOST_ITEM_POLICIES;
            };
            ids.put(type, new HashSet<>(Sql.list(c, "SELECT id::text FROM " + schema + "." + store.type().table(),
                    List.of(), rs -> rs.getString(1))));
        }
        return ids;
    }
}
