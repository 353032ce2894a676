package org.quire.cli;

import org.marc4j.MarcException;
import org.marc4j.MarcJsonReader;
import org.marc4j.MarcStreamWriter;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The formats {@code quire import} reads, told apart by a file's first byte as the server's reader does
 * (MarcFiles): ISO 2709 starts with its five-digit record length, MARCXML with '<', MARC-in-JSON with '{' or '['.
 * The server reads ISO 2709 (UTF-8 or MARC-8) and MARCXML; MARC-in-JSON is converted to UTF-8 ISO 2709 on the way
 * (marc4j's MarcJsonReader), into a temporary file that is streamed like any other.
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

    /**
     * MARC-in-JSON → UTF-8 ISO 2709, record by record (one record in memory at a time).
     *
     * @return the number of records written
     */
    public static long jsonToIso2709(Path json, Path out) throws IOException {
        long n = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(json));
             OutputStream os = new BufferedOutputStream(Files.newOutputStream(out))) {
            MarcJsonReader reader = new MarcJsonReader(in);
            MarcStreamWriter writer = new MarcStreamWriter(os, "UTF-8");
            try {
                while (reader.hasNext()) {
                    writer.write(reader.next());
                    n++;
                }
            } catch (MarcException | IllegalArgumentException e) {
                throw new ImportClient.Failure(json + " is not valid MARC-in-JSON (after " + n + " records): "
                        + e.getMessage());
            }
            writer.close();
        }
        return n;
    }
}
