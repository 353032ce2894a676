package org.quire.marc;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads MARC files for import: ISO 2709 (UTF-8 or MARC-8), MARCXML and MARC-in-JSON, told apart by their content
 * (the first byte after a byte-order mark and white space: '&lt;' MARCXML, '{' or '[' MARC-in-JSON, else ISO 2709).
 *
 * <p>Usage — the stream holds the file open, so close it:
 *
 * <pre>{@code
 * try (Stream<MarcRecordOrError> entries = MarcFiles.read(path)) {
 *   entries.forEach(e -> { if (e.isError()) report(e.index(), e.error()); else load(e.record()); });
 * }
 * }</pre>
 *
 * <p>The stream is lazy (one record in memory at a time) and never throws for bad data: a record
 * that cannot be parsed becomes an error entry and reading goes on with the next one; so does a record too large
 * for ISO 2709 ({@link MarcLimits}). Only a file that cannot be opened at all throws {@link IOException}.
 */
public final class MarcFiles {
    private MarcFiles() {}

    /** Opens {@code file}, detects its format from its first bytes and streams its entries. */
    public static Stream<MarcRecordOrError> read(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        try {
            int first = firstByte(in);
            Iterator<MarcRecordOrError> entries = first == '<' ? new MarcXmlEntries(in)
                    : first == '{' || first == '[' ? new MarcJsonEntries(in) : new Iso2709Entries(in);
            return StreamSupport.stream(
                            Spliterators.spliteratorUnknownSize(
                                    entries, Spliterator.ORDERED | Spliterator.NONNULL),
                            false)
                    .map(MarcFiles::withinLimits)
                    .onClose(() -> closeQuietly(in));
        } catch (RuntimeException e) {
            closeQuietly(in);
            throw e;
        }
    }

    /**
     * How many entries {@link #read} gives for {@code file} (records and unreadable ones), for a progress total: an
     * ISO 2709 file is only cut at its record terminators, not parsed; MARCXML and MARC-in-JSON are read through.
     */
    public static int count(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 64 * 1024)) {
            int first = firstByte(in);
            if (first != '<' && first != '{' && first != '[') return Iso2709Entries.count(in);
        }
        try (Stream<MarcRecordOrError> entries = read(file)) {
            return (int) entries.count();
        }
    }

    /**
     * The first byte after an optional UTF-8 byte-order mark and white space (-1 for none): MARCXML starts with '<',
     * MARC-in-JSON with '{' or '[', ISO 2709 with the five digits of its record length.
     */
    static int firstByte(InputStream in) throws IOException {
        in.mark(4096);
        try {
            int b;
            int read = 0;
            while ((b = in.read()) != -1 && read++ < 4096) {
                if (b == 0xEF || b == 0xBB || b == 0xBF || Character.isWhitespace(b)) {
                    continue; // UTF-8 byte-order mark or leading whitespace
                }
                return b;
            }
            return -1;
        } finally {
            in.reset();
        }
    }

    private static MarcRecordOrError withinLimits(MarcRecordOrError e) {
        if (e.isError()) return e;
        String oversize = MarcLimits.error(e.record());
        return oversize == null ? e : MarcRecordOrError.failed(e.index(), oversize);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
