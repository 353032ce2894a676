package org.quire.config;

import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/** The SQL of mod-settings' entries beyond their record store ({@link ConfigTypes#SETTINGS}). */
public final class SettingsStore {
    private SettingsStore() {
    }

    /**
     * Whether an entry other than {@code id} holds this scope and key: among the global entries ({@code userId}
     * null) or among this user's — mod-settings' two partial unique indexes.
     */
    static boolean scopeAndKeyTaken(Connection c, String schema, String scope, String key, UUID id, UUID userId)
            throws SQLException {
        String sql = "SELECT 1 FROM " + schema + ".setting_entry WHERE scope = ? AND key = ? AND id <> ? AND "
                + (userId == null ? "user_id IS NULL" : "user_id = ?");
        List<Object> params = userId == null ? List.of(scope, key, id) : List.of(scope, key, id, userId);
        return Sql.one(c, sql, params, rs -> true).isPresent();
    }
}
