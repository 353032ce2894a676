package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * A service points user's default service point must exist: mod-inventory-storage refuses it with a 422 (its foreign
 * key from service_point_user.defaultServicePointId to service_point). Checked for the whole batch in one statement,
 * so the client gets FOLIO's status rather than the database's foreign-key error.
 */
final class ServicePointsUserHooks implements RecordHooks {
    @Override
    public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        Set<UUID> wanted = new LinkedHashSet<>();
        for (ObjectNode r : records) {
            String id = Json.text(r, "defaultServicePointId");
            if (id != null && !id.isEmpty()) wanted.add(RecordStore.uuid(id, "defaultServicePointId"));
        }
        if (wanted.isEmpty()) return;
        Set<UUID> found = InventoryStore.existingServicePoints(c, schema, wanted);
        for (UUID id : wanted) {
            if (!found.contains(id)) {
                // RMB's wording for a foreign key violation (PgExceptionUtil), as mod-inventory-storage answers it.
                throw Refused.because("Cannot set service_point_user.defaultservicepointid = " + id
                        + " because it does not exist in service_point.id.", "foreign_key_violation",
                        "defaultServicePointId", id.toString());
            }
        }
    }
}
