package org.quire.dataimport;

import org.quire.platform.domain.InvalidInput;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.UUID;

/**
 * Where uploaded files live: {@code <data dir>/data-import/<tenant>/<uploadDefinitionId>/<fileId>/<file name>}
 * (mod-data-import keeps them under {@code ./storage/upload/<uploadDefinitionId>/<fileId>/}). A file is streamed to
 * a {@code .part} file next to it and moved into place once complete, so a reader never sees half a file and an
 * interrupted upload leaves nothing behind; nothing of it is held in memory.
 */
public final class UploadFiles {
    private final Path root;

    public UploadFiles(Path dataDir) {
        // absolute and normalised: the default data directory is "./data", and "./data/data-import" is no prefix of
        // the normalised "data/data-import/…" that resolve() checks against it
        this.root = dataDir.toAbsolutePath().normalize().resolve("data-import");
    }

    /** The file's path relative to the data directory: its {@code sourcePath}. */
    static String sourcePath(String tenant, UUID uploadDefinitionId, UUID fileId, String fileName) {
        return "data-import/" + tenant + "/" + uploadDefinitionId + "/" + fileId + "/" + safeName(fileName);
    }

    /** The file a sourcePath names (for the pipeline that reads it). */
    public Path resolve(String sourcePath) {
        Path p = root.getParent().resolve(sourcePath).normalize();
        if (!p.startsWith(root)) throw new InvalidInput("Not an uploaded file: " + sourcePath);
        return p;
    }

    /**
     * Copies the stream to the file's place and answers the bytes written (0: nothing was kept). The stream's
     * failures (a client gone, a body over its limit) propagate after the partial file is removed.
     */
    long save(String tenant, UUID uploadDefinitionId, UUID fileId, String fileName, InputStream in) throws IOException {
        Path target = resolve(sourcePath(tenant, uploadDefinitionId, fileId, fileName));
        Files.createDirectories(target.getParent());
        Path part = target.resolveSibling(target.getFileName() + ".part");
        try {
            long n = Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            if (n == 0) {
                Files.deleteIfExists(part);
                return 0;
            }
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return n;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            throw e;
        }
    }

    /** Removes an upload definition's files, or one file of it ({@code fileId} null: all); best effort. */
    void delete(String tenant, UUID uploadDefinitionId, UUID fileId) {
        Path dir = root.resolve(tenant).resolve(uploadDefinitionId.toString());
        if (fileId != null) dir = dir.resolve(fileId.toString());
        if (!Files.exists(dir)) return;
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            org.slf4j.LoggerFactory.getLogger(UploadFiles.class).warn("Could not delete uploaded files {}: {}", dir,
                    e.toString());
        }
    }

    /**
     * The client's file name as a safe single path segment: its last segment, characters outside letters, digits,
     * {@code . _ - space} replaced, never empty or dots only.
     */
    static String safeName(String name) {
        String last = name == null ? "" : name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        String safe = last.replaceAll("[^\\p{L}\\p{N}._ -]", "_");
        if (safe.length() > 200) safe = safe.substring(safe.length() - 200);
        return safe.isBlank() || safe.matches("\\.*") ? "file" : safe;
    }
}
