package org.quire.authorities;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.domain.NotFound;
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
 * mod-entities-links' AuthorityService rules inside the write: the source file must exist (one lookup per batch), and
 * deleting an authority deletes its instance links (DeleteAuthorityChangeHandler: linkingService.deleteByAuthorityIdIn).
 */
final class AuthorityHooks implements RecordHooks {

    @Override
    public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        Set<UUID> wanted = new LinkedHashSet<>();
        for (ObjectNode r : records) {
            String id = Json.text(r, "sourceFileId");
            if (id != null && !id.isEmpty()) wanted.add(RecordStore.uuid(id, "sourceFileId"));
        }
        if (wanted.isEmpty()) return;
        Set<UUID> found = AuthoritiesStore.existingSourceFiles(c, schema, wanted);
        for (int i = 0; i < records.size(); i++) {
            String id = Json.text(records.get(i), "sourceFileId");
            if (id == null || id.isEmpty() || found.contains(UUID.fromString(id))) continue;
            // create: EntityReferenceNotFoundException.forAuthoritySourceFile() → 422;
            // update: AuthoritySourceFileNotFoundException (a ResourceNotFoundException) → 404.
            if (previous.get(i) == null) throw Refused.because("Authority Source File with the given 'id' does not "
                    + "exists.", "validation", "sourceFileId", id);
            throw new NotFound("Authority Source File with ID [" + id + "] was not found");
        }
    }

    @Override
    public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
        AuthoritiesStore.deleteLinksOfAuthority(c, schema, UUID.fromString(record.get("id").asText()));
    }
}
