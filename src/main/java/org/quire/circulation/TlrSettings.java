package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The title-level request (TLR) feature settings, read once per request-creating action with ONE statement.
 * <p>
 * Where FOLIO keeps them: current mod-circulation reads {@code /circulation-settings-storage/circulation-settings}
 * named "generalTlr" (+ "regularTlr", merged) or, failing those, "TLR"; older releases read mod-settings
 * ({@code /settings/entries}, scope "circulation", key "generalTlr") and before that mod-configuration
 * ({@code /configurations/entries}, module "SETTINGS", configName "TLR", the value a JSON string). Quire looks in that
 * order and takes the first it finds, so a tenant migrated from any release keeps its setting. None: the feature is
 * off.
 */
record TlrSettings(boolean enabled, boolean createTitleLevelRequestsByDefault,
                   boolean holdShouldFollowCirculationRules, ObjectNode value) {

    /** The settings' merged value as one jsonb expression (never null), usable inside other statements. */
    static String valueSql(String schema) {
        return """
                coalesce(
                  (SELECT jsonb->'value' FROM %1$s.circulation_setting WHERE name = 'generalTlr' ORDER BY id LIMIT 1)
                    || coalesce((SELECT jsonb->'value' FROM %1$s.circulation_setting WHERE name = 'regularTlr' ORDER BY id LIMIT 1), '{}'::jsonb),
                  (SELECT jsonb->'value' FROM %1$s.circulation_setting WHERE name = 'TLR' ORDER BY id LIMIT 1),
                  (SELECT jsonb->'value' FROM %1$s.setting_entry WHERE scope = 'circulation' AND key = 'generalTlr' AND user_id IS NULL),
                  (SELECT CASE WHEN jsonb_typeof(jsonb->'value') = 'object' THEN jsonb->'value'
                               WHEN jsonb->>'value' ~ '^\\s*\\{.*\\}\\s*$' THEN (jsonb->>'value')::jsonb END
                     FROM %1$s.config_entry WHERE module = 'SETTINGS' AND config_name = 'TLR' ORDER BY id LIMIT 1),
                  '{}'::jsonb)""".formatted(schema);
    }

    /** A boolean SQL expression: is the TLR feature on (for statements that partition queues by it). */
    static String enabledSql(String schema) {
        return "coalesce((" + valueSql(schema) + ")->>'titleLevelRequestsFeatureEnabled' = 'true', false)";
    }

    static TlrSettings read(Connection c, String schema) throws SQLException {
        ObjectNode value = Sql.one(c, "SELECT " + valueSql(schema), List.of(), rs -> Json.parseObject(rs.getString(1)))
                .orElse(Json.object());
        return new TlrSettings(flag(value, "titleLevelRequestsFeatureEnabled"),
                flag(value, "createTitleLevelRequestsByDefault"), flag(value, "tlrHoldShouldFollowCirculationRules"), value);
    }

    private static boolean flag(ObjectNode value, String name) {
        return value.path(name).asBoolean(false) || "true".equals(value.path(name).asText());
    }

    /** FOLIO's refusal of a request level the feature does not allow. */
    List<String> allowedLevels() {
        return enabled ? List.of("Item", "Title") : List.of("Item");
    }
}
