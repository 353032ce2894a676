package org.quire.marc.rules;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.quire.platform.db.Sql;

/** The tenant's own rules texts (V36 mapping_rules): one row per edited type, none while the defaults apply. */
final class MappingRulesStore {
    private MappingRulesStore() {
    }

    static Optional<String> text(Connection c, String schema, RulesType type) throws SQLException {
        return Sql.one(c, "SELECT rules FROM " + schema + ".mapping_rules WHERE record_type = ?",
                List.of(type.path()), rs -> rs.getString(1));
    }

    static void save(Connection c, String schema, RulesType type, String text) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".mapping_rules (record_type, rules) VALUES (?, ?) "
                + "ON CONFLICT (record_type) DO UPDATE SET rules = EXCLUDED.rules, updated_date = now()",
                List.of(type.path(), text));
    }

    static void delete(Connection c, String schema, RulesType type) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".mapping_rules WHERE record_type = ?", List.of(type.path()));
    }
}
