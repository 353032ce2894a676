package org.quire.platform.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Where the embedded PostgreSQL's binaries are unpacked. zonky's default is {@code /tmp/embedded-pg}, a directory
 * any local user may create first and fill with binaries of their own for Quire to run (it was world-writable here).
 * Quire uses a directory of its user's own instead: {@code $XDG_CACHE_HOME/quire/embedded-pg} (default
 * {@code ~/.cache}), mode 0700, shared by every Quire of that user so the binaries are unpacked once; or, when there
 * is no usable home, {@code embedded-pg} in a fresh private temporary directory. zonky makes its working directory
 * writable by everyone after unpacking; the private parent keeps other users out all the same, and
 * {@link #tighten} takes that right back once the server has started.
 */
final class EmbeddedBinaries {
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");
    private static Path directory;

    private EmbeddedBinaries() {
    }

    static synchronized Path directory() throws IOException {
        if (directory != null) return directory;
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        Path parent;
        try {
            parent = cache.resolve("quire");
            Files.createDirectories(parent);
            privateTo(parent);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            parent = Files.createTempDirectory("quire-");   // 0700 on POSIX file systems
        }
        Path dir = Files.createDirectories(parent.resolve("embedded-pg"));
        privateTo(dir);
        // zonky also scans its working directory for stale data directories to clean; point it here, not at /tmp.
        if (System.getProperty("ot.epg.working-dir") == null) System.setProperty("ot.epg.working-dir", dir.toString());
        directory = dir;
        return dir;
    }

    /** Takes back the write right zonky gives everyone on its working directory (see the class comment). */
    static synchronized void tighten() throws IOException {
        if (directory != null) privateTo(directory);
    }

    private static void privateTo(Path dir) throws IOException {
        try {
            if (!Files.getPosixFilePermissions(dir).equals(PRIVATE)) Files.setPosixFilePermissions(dir, PRIVATE);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its own access rules apply
        }
    }
}
