package org.quire.platform;

import org.quire.platform.domain.InvalidInput;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;

/**
 * Files Quire keeps in one area of its data directory ({@code <data dir>/<area>/…}): data import's uploads, data
 * export's uploads and exported files. Paths are named relative to the data directory (FOLIO's {@code sourcePath})
 * and never escape the area. A file is written to a {@code .part} file next to it and moved into place once complete,
 * so a reader never sees half a file and an interrupted write leaves nothing behind; nothing is held in memory.
 */
public final class DataFiles {
    private final Path root;
    private final String area;

    public DataFiles(Path dataDir, String area) {
        // absolute and normalised: the default data directory is "./data", and "./data/<area>" is no prefix of the
        // normalised "data/<area>/…" that resolve() checks against it
        this.root = dataDir.toAbsolutePath().normalize().resolve(area);
        this.area = area;
    }

    /** A path relative to the data directory: the area, the segments, the last one made a safe file name. */
    public String relative(String fileName, String... dirs) {
        StringBuilder b = new StringBuilder(area);
        for (String d : dirs) b.append('/').append(d);
        return b.append('/').append(safeName(fileName)).toString();
    }

    /** The file a relative path names; a path outside the area is refused. */
    public Path resolve(String relative) {
        Path p = root.getParent().resolve(relative).normalize();
        if (!p.startsWith(root)) throw new InvalidInput("Not a file of " + area + ": " + relative);
        return p;
    }

    /**
     * Copies the stream to {@code target} and answers the bytes written (0: nothing was kept). The stream's failures
     * (a client gone, a body over its limit) propagate after the partial file is removed.
     */
    public static long save(Path target, InputStream in) throws IOException {
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

    /** Removes a directory of the area and what it holds; best effort (a failure is logged). */
    public void deleteTree(Path dir) {
        if (!dir.normalize().startsWith(root) || !Files.exists(dir)) return;
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            org.slf4j.LoggerFactory.getLogger(DataFiles.class).warn("Could not delete {}: {}", dir, e.toString());
        }
    }

    /** The directory of the area that holds {@code dirs}. */
    public Path dir(String... dirs) {
        Path p = root;
        for (String d : dirs) p = p.resolve(d);
        return p;
    }

    /**
     * A client's file name as a safe single path segment: its last segment, characters outside letters, digits,
     * {@code . _ - space} replaced, never empty or dots only.
     */
    public static String safeName(String name) {
        String last = name == null ? "" : name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        String safe = last.replaceAll("[^\\p{L}\\p{N}._ -]", "_");
        if (safe.length() > 200) safe = safe.substring(safe.length() - 200);
        return safe.isBlank() || safe.matches("\\.*") ? "file" : safe;
    }
}
