package org.quire.marc.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.records.RecordStore;

/**
 * The tenant's MARC mapping rules (mod-source-record-manager's MappingRuleService and MappingRuleCache): FOLIO's
 * defaults unless the tenant PUT its own, compiled once and cached per tenant and type. {@link #forTenant} is what an
 * import calls once per job (or chunk): it returns a {@link MarcMapper} over the current rules and one read of the
 * tenant's reference data. A PUT in this process is seen by the next {@code forTenant} at once, another process's
 * within {@link #TTL_MILLIS}.
 */
public final class MappingRules {
    static final long TTL_MILLIS = 5_000;
    private static final Map<RulesType, String> DEFAULT_TEXT = new EnumMap<>(RulesType.class);
    private static final Map<RulesType, Rules> DEFAULT_RULES = new EnumMap<>(RulesType.class);

    static {
        for (RulesType t : RulesType.values()) {
            DEFAULT_TEXT.put(t, readResource(t.resource()));
            DEFAULT_RULES.put(t, Rules.compile(Json.parse(DEFAULT_TEXT.get(t))));
        }
    }

    private record Cached(String text, Rules rules, long loadedAt) {
    }

    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();
    private final Map<String, RecordStore> stores;

    /**
     * @param authorityNoteTypes the store of authority note types (module authorities, which marc does not import:
     *                           the composition root passes it)
     */
    public MappingRules(RecordStore authorityNoteTypes) {
        Map<String, RecordStore> all = new HashMap<>(INVENTORY_STORES);
        all.put(Lookups.AUTHORITY_NOTE_TYPES, authorityNoteTypes);
        this.stores = Map.copyOf(all);
    }

    /** FOLIO's default rules of a type, as shipped (the text restore brings back). */
    public static String defaultText(RulesType type) {
        return DEFAULT_TEXT.get(type);
    }

    /** A mapper over FOLIO's default rules and the given reference data (no database: tools, tests, benches). */
    public static MarcMapper defaultMapper(RulesType type, Lookups lookups) {
        return new MarcMapper(type, DEFAULT_RULES.get(type), lookups);
    }

    /** Compiles a rules document; an {@link InvalidInput} says what FOLIO's processor could not run. */
    public static MarcMapper mapper(RulesType type, JsonNode rules, Lookups lookups) {
        return new MarcMapper(type, Rules.compile(rules), lookups);
    }

    /** The rules text GET /mapping-rules/{type} answers: the tenant's own, else the defaults. */
    public String text(Connection c, String schema, RulesType type) throws SQLException {
        return stored(c, schema, type).orElse(DEFAULT_TEXT.get(type));
    }

    /**
     * PUT /mapping-rules/{type}: the body must be a JSON object whose rules compile (known functions, valid
     * patterns); it is stored as sent and used by the next mapper.
     */
    public String save(Connection c, String schema, RulesType type, String body) throws SQLException {
        JsonNode doc;
        try {
            doc = Json.parseInput(body);
        } catch (IllegalArgumentException e) {
            doc = null;
        }
        // mod-source-record-manager's MappingRuleServiceImpl.update message for a body that is not a JSON object.
        if (doc == null || !doc.isObject()) throw new InvalidInput("Can not update rules in non-JSON format");
        Rules rules = Rules.compile(doc);
        MappingRulesStore.save(c, schema, type, body);
        cache.put(key(schema, type), new Cached(body, rules, System.currentTimeMillis()));
        return body;
    }

    /** PUT /mapping-rules/{type}/restore: back to FOLIO's defaults. */
    public String restore(Connection c, String schema, RulesType type) throws SQLException {
        MappingRulesStore.delete(c, schema, type);
        cache.remove(key(schema, type));
        return DEFAULT_TEXT.get(type);
    }

    /** A mapper over the tenant's current rules of {@code type} and one read of its reference data. */
    public MarcMapper forTenant(Connection c, String schema, RulesType type) throws SQLException {
        return new MarcMapper(type, compiled(c, schema, type), lookups(c, schema));
    }

    private Rules compiled(Connection c, String schema, RulesType type) throws SQLException {
        String key = key(schema, type);
        Cached cached = cache.get(key);
        if (cached != null && System.currentTimeMillis() - cached.loadedAt < TTL_MILLIS) return cached.rules;
        Optional<String> text = stored(c, schema, type);
        Rules rules;
        if (text.isEmpty()) {
            rules = DEFAULT_RULES.get(type);
        } else if (cached != null && cached.text.equals(text.get())) {
            rules = cached.rules;
        } else {
            try {
                rules = Rules.compile(Json.parse(text.get()));
            } catch (RuntimeException e) {
                // Only a PUT writes the row and it compiles first; a row that no longer compiles (a function
                // removed in a later Quire) falls back to the defaults rather than failing every import.
                rules = DEFAULT_RULES.get(type);
            }
        }
        cache.put(key, new Cached(text.orElse(""), rules, System.currentTimeMillis()));
        return rules;
    }

    private static Optional<String> stored(Connection c, String schema, RulesType type) throws SQLException {
        return MappingRulesStore.text(c, schema, type);
    }

    private static String key(String schema, RulesType type) {
        return schema + "/" + type.path();
    }

    /** The tenant's reference data the rule functions look up: one query per kind. */
    public Lookups lookups(Connection c, String schema) throws SQLException {
        Map<String, List<ObjectNode>> records = new HashMap<>();
        for (var e : stores.entrySet()) {
            records.put(e.getKey(), e.getValue().search(c, schema, "cql.allRecords=1", Integer.MAX_VALUE, 0).records());
        }
        return Lookups.of(records);
    }

    private static final Map<String, RecordStore> INVENTORY_STORES = Map.ofEntries(
            Map.entry(Lookups.IDENTIFIER_TYPES, InventoryTypes.IDENTIFIER_TYPES),
            Map.entry(Lookups.CONTRIBUTOR_NAME_TYPES, InventoryTypes.CONTRIBUTOR_NAME_TYPES),
            Map.entry(Lookups.CONTRIBUTOR_TYPES, InventoryTypes.CONTRIBUTOR_TYPES),
            Map.entry(Lookups.CLASSIFICATION_TYPES, InventoryTypes.CLASSIFICATION_TYPES),
            Map.entry(Lookups.ALTERNATIVE_TITLE_TYPES, InventoryTypes.ALTERNATIVE_TITLE_TYPES),
            Map.entry(Lookups.INSTANCE_NOTE_TYPES, InventoryTypes.INSTANCE_NOTE_TYPES),
            Map.entry(Lookups.INSTANCE_TYPES, InventoryTypes.INSTANCE_TYPES),
            Map.entry(Lookups.INSTANCE_FORMATS, InventoryTypes.INSTANCE_FORMATS),
            Map.entry(Lookups.MODES_OF_ISSUANCE, InventoryTypes.MODES_OF_ISSUANCE),
            Map.entry(Lookups.ELECTRONIC_ACCESS_RELATIONSHIPS, InventoryTypes.ELECTRONIC_ACCESS_RELATIONSHIPS),
            Map.entry(Lookups.HOLDINGS_TYPES, InventoryTypes.HOLDINGS_TYPES),
            Map.entry(Lookups.HOLDINGS_NOTE_TYPES, InventoryTypes.HOLDINGS_NOTE_TYPES),
            Map.entry(Lookups.CALL_NUMBER_TYPES, InventoryTypes.CALL_NUMBER_TYPES),
            Map.entry(Lookups.LOCATIONS, InventoryTypes.LOCATIONS),
            Map.entry(Lookups.INSTANCE_DATE_TYPES, InventoryTypes.INSTANCE_DATE_TYPES));

    private static String readResource(String path) {
        try (InputStream in = MappingRules.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("Missing resource " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
