package org.quire.dataexport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.domain.Forbidden;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * FOLIO's default job and mapping profiles are read-only: mod-data-export's JobProfileService and
 * MappingProfileService refuse a PUT or DELETE of a stored profile whose {@code default} is true with 403 and
 * "Editing of default job profile is forbidden" / "Deletion of default mapping profile is forbidden" (its Karate
 * tests expect both). The stored record decides, as FOLIO's, so a PUT cannot clear the flag to unlock it. FOLIO
 * checks this before validating the new body; so does Quire, before the profile's own checks.
 */
final class DefaultProfiles implements RecordHooks {
    private final String kind;
    private final RecordHooks then;

    private DefaultProfiles(String kind, RecordHooks then) {
        this.kind = kind;
        this.then = then;
    }

    /** {@code kind} as FOLIO's messages name it ("job profile", "mapping profile"); {@code then} runs after. */
    static RecordHooks readOnly(String kind, RecordHooks then) {
        return new DefaultProfiles(kind, then);
    }

    @Override
    public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        for (ObjectNode stored : previous) {
            if (isDefault(stored)) throw new Forbidden("Editing of default " + kind + " is forbidden");
        }
        then.beforeWrite(c, schema, records, previous);
    }

    @Override
    public void afterWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        then.afterWrite(c, schema, records, previous);
    }

    @Override
    public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
        if (isDefault(record)) throw new Forbidden("Deletion of default " + kind + " is forbidden");
        then.beforeDelete(c, schema, record);
    }

    private static boolean isDefault(ObjectNode stored) {
        return stored != null && stored.path("default").asBoolean(false);
    }
}
