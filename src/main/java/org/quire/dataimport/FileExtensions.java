package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * mod-data-import's file extensions (DataImportImpl.validateFileExtension, FileExtensionServiceImpl): an extension
 * is a dot and word characters, unique case-insensitively; the user who saves one is its {@code userInfo}; restore
 * puts back FOLIO's defaults (V35's default_file_extension).
 */
public final class FileExtensions {
    /** mod-data-import's FILE_EXTENSION_VALID_REGEXP. */
    private static final String VALID = "^\\.(\\w+)$";

    private final Database db;

    public FileExtensions(Database db) {
        this.db = db;
    }

    static NotFound notFound(String id) {
        return new NotFound("FileExtension with id '" + id + "' was not found");
    }

    public ObjectNode create(String schema, ObjectNode body, UUID userId) {
        return db.tx(c -> {
            refuseInvalid(c, schema, body, null);
            withUserInfo(c, schema, body, userId);
            return DataImportTypes.FILE_EXTENSIONS.insert(c, schema, body, userId);
        });
    }

    public ObjectNode update(String schema, UUID id, ObjectNode body, UUID userId) {
        return db.tx(c -> {
            ObjectNode stored = DataImportTypes.FILE_EXTENSIONS.getForUpdate(c, schema, id)
                    .orElseThrow(() -> notFound(id.toString()));
            body.put("id", id.toString());
            refuseInvalid(c, schema, body, id);
            withUserInfo(c, schema, body, userId);
            return DataImportTypes.FILE_EXTENSIONS.replace(c, schema, stored, body, userId);
        });
    }

    /** POST /data-import/fileExtensions/restore/default: FOLIO's defaults, and only them. */
    public DataImportStore.Page restoreDefaults(String schema) {
        return db.tx(c -> {
            DataImportStore.restoreDefaultExtensions(c, schema);
            var page = DataImportTypes.FILE_EXTENSIONS.search(c, schema, null, Integer.MAX_VALUE, 0);
            return new DataImportStore.Page(page.records(), page.totalRecords());
        });
    }

    /**
     * mod-data-import answers one error at a time: a malformed extension ("fileExtension.extension.invalid"), else a
     * duplicate ("fileExtension.duplication.invalid"); 422 without a code.
     */
    private static void refuseInvalid(Connection c, String schema, ObjectNode body, UUID self) throws SQLException {
        JsonNode ext = body.get("extension");
        if (ext == null || !ext.isTextual() || !ext.asText().matches(VALID))
            throw new Refused(new Refusal("fileExtension.extension.invalid", null, List.of()));
        if (DataImportStore.extensionExists(c, schema, ext.asText(), self))
            throw new Refused(new Refusal("fileExtension.duplication.invalid", null, List.of()));
    }

    /** mod-data-import fills userInfo from the saving user (users.collection.get). */
    private static void withUserInfo(Connection c, String schema, ObjectNode body, UUID userId) throws SQLException {
        ObjectNode info = DataImportStore.userInfo(c, schema, userId);
        if (info != null) body.set("userInfo", info);
    }
}
