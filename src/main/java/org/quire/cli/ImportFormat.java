package org.quire.cli;


import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The formats {@code quire import} reads, told apart by a file's first byte as the server's reader does
 * (MarcFiles): ISO 2709 starts with its five-digit record length, MARCXML with '<', MARC-in-JSON with '{' or '['.
 * The server reads all three (ISO 2709 in UTF-8 or MARC-8); the client only checks that {@code --format} agrees
 * with the file, so that a wrong file is refused before it is uploaded.
 */
public enum ImportFormat {
    MARC("ISO 2709 MARC"), MARCXML("MARCXML"), JSON("MARC-in-JSON");

    private final String description;

    ImportFormat(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** "auto" (null), "marc", "marcxml" or "json"; anything else is a usage error. */
    public static ImportFormat option(String text) {
        String t = text == null ? "auto" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "auto" -> null;
            case "marc", "mrc", "iso2709" -> MARC;
            case "marcxml", "xml" -> MARCXML;
            case "json", "marc-in-json" -> JSON;
            default -> throw new ImportClient.Failure("--format: '" + text + "' is not one of auto, marc, marcxml, "
                    + "json");
        };
    }

    /** The file's format by its first byte past a byte-order mark and white space; MARC when nothing else fits. */
    public static ImportFormat detect(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            int b;
            boolean any = false;
            while ((b = in.read()) != -1) {
                any = true;
                if (b == 0xEF || b == 0xBB || b == 0xBF || Character.isWhitespace(b)) continue;
                return b == '<' ? MARCXML : b == '{' || b == '[' ? JSON : MARC;
            }
            if (!any) throw new ImportClient.Failure(file + " is empty");
            return MARC;
        }
    }
}
