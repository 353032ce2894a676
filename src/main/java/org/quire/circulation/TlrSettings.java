package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;

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
 * order (one statement: RequestStore.tlrValueSql) and takes the first it finds, so a tenant migrated from any
 * release keeps its setting. None: the feature is off.
 */
record TlrSettings(boolean enabled, boolean createTitleLevelRequestsByDefault,
                   boolean holdShouldFollowCirculationRules, ObjectNode value) {

    static TlrSettings read(Connection c, String schema) throws SQLException {
        return from(RequestStore.tlrValue(c, schema));
    }

    /** The settings a stored value says (pure). */
    static TlrSettings from(ObjectNode value) {
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
