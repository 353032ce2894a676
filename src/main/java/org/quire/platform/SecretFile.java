package org.quire.platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** The secrets Quire keeps in its data directory (passwords, keys): files readable and writable by their owner only. */
public final class SecretFile {
    private SecretFile() {
    }

    /**
     * Writes {@code text} to {@code f} with mode 0600 from the start (never readable by others, even for a moment):
     * created under a temporary name with that mode, then moved into place.
     */
    public static void write(Path f, String text) throws IOException {
        Files.createDirectories(f.toAbsolutePath().getParent());
        Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        try {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(tmp);   // not a POSIX file system
        }
        Files.writeString(tmp, text);
        Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The secret in {@code f}, created with {@code generate} when the file does not exist yet. */
    public static String readOrCreate(Path f, java.util.function.Supplier<String> generate) throws IOException {
        if (!Files.exists(f)) write(f, generate.get());
        return Files.readString(f).trim();
    }

    /** {@code n} random bytes as URL-safe base64 text (no characters a shell, URL or config file would mangle). */
    public static String random(int n) {
        byte[] b = new byte[n];
        new java.security.SecureRandom().nextBytes(b);
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
