package org.quire.dataimport;

import org.quire.platform.DataFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Where uploaded files live: {@code <data dir>/data-import/<tenant>/<uploadDefinitionId>/<fileId>/<file name>}
 * (mod-data-import keeps them under {@code ./storage/upload/<uploadDefinitionId>/<fileId>/}), in the data directory's
 * {@code data-import} area ({@link DataFiles}: written whole or not at all, never held in memory).
 */
public final class UploadFiles {
    private final DataFiles files;

    public UploadFiles(Path dataDir) {
        this.files = new DataFiles(dataDir, "data-import");
    }

    /** The file's path relative to the data directory: its {@code sourcePath}. */
    static String sourcePath(String tenant, UUID uploadDefinitionId, UUID fileId, String fileName) {
        return "data-import/" + tenant + "/" + uploadDefinitionId + "/" + fileId + "/" + safeName(fileName);
    }

    /** The file a sourcePath names (for the pipeline that reads it). */
    public Path resolve(String sourcePath) {
        return files.resolve(sourcePath);
    }

    /**
     * Copies the stream to the file's place and answers the bytes written (0: nothing was kept). The stream's
     * failures (a client gone, a body over its limit) propagate after the partial file is removed.
     */
    long save(String tenant, UUID uploadDefinitionId, UUID fileId, String fileName, InputStream in) throws IOException {
        return DataFiles.save(resolve(sourcePath(tenant, uploadDefinitionId, fileId, fileName)), in);
    }

    /** Removes an upload definition's files, or one file of it ({@code fileId} null: all); best effort. */
    void delete(String tenant, UUID uploadDefinitionId, UUID fileId) {
        files.deleteTree(fileId == null ? files.dir(tenant, uploadDefinitionId.toString())
                : files.dir(tenant, uploadDefinitionId.toString(), fileId.toString()));
    }

    /** {@link DataFiles#safeName}. */
    static String safeName(String name) {
        return DataFiles.safeName(name);
    }
}
