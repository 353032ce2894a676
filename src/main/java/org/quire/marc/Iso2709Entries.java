package org.quire.marc;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.marc4j.MarcPermissiveStreamReader;
import org.marc4j.marc.Record;

/**
 * Iterates an ISO 2709 file record by record.
 *
 * <p>The file is first cut at record terminators (0x1D) and each piece is parsed by a fresh
 * marc4j permissive reader. Cutting ourselves, instead of letting one reader walk the whole file,
 * means a record with a corrupt length or directory can only spoil itself: the next record always
 * starts after the next terminator. 0x1D cannot occur inside UTF-8 or MARC-8 text, so the cut is
 * safe.
 */
final class Iso2709Entries extends EntryIterator {
    private static final int RECORD_TERMINATOR = 0x1D;
    /** ISO 2709 records are at most 99,999 bytes; anything far longer is not MARC. */
    private static final int MAX_CHUNK = 1_000_000;
    /**
     * marc4j's permissive reader keeps its MARC-8 converter in a static field, so parsing is
     * serialized to keep concurrent imports from sharing converter state.
     */
    private static final Object MARC4J_LOCK = new Object();

    private final InputStream in;
    private int index;

    Iso2709Entries(InputStream in) {
        this.in = in;
    }

    @Override
    protected MarcRecordOrError readNext() {
        byte[] chunk;
        try {
            chunk = readChunk();
        } catch (IOException e) {
            done = true;
            return MarcRecordOrError.failed(++index, "I/O error while reading: " + e.getMessage());
        }
        if (chunk == null) {
            done = true;
            return null;
        }
        index++;
        if (chunk.length >= MAX_CHUNK) {
            return MarcRecordOrError.failed(index, "no record terminator within " + MAX_CHUNK + " bytes");
        }
        return parse(index, chunk);
    }

    /** Bytes up to and including the next terminator, or null at end of file. */
    private byte[] readChunk() throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(2048);
        int b;
        // Skip line breaks, spaces and padding that some exports put between records.
        do {
            b = in.read();
        } while (b == '\n' || b == '\r' || b == ' ' || b == 0 || b == 0x1A);
        if (b == -1) {
            return null;
        }
        while (b != -1) {
            buf.write(b);
            if (b == RECORD_TERMINATOR || buf.size() >= MAX_CHUNK) {
                break;
            }
            b = in.read();
        }
        return buf.toByteArray();
    }

    static MarcRecordOrError parse(int index, byte[] chunk) {
        try {
            Record record;
            synchronized (MARC4J_LOCK) {
                // permissive = repair what can be repaired; convertToUTF8 = decode MARC-8 (Leader/09
                // blank) to Unicode, with marc4j's best guess for mislabelled UTF-8 records.
                MarcPermissiveStreamReader reader =
                        new MarcPermissiveStreamReader(new ByteArrayInputStream(chunk), true, true);
                if (!reader.hasNext()) {
                    return MarcRecordOrError.failed(index, "no MARC record in " + chunk.length + " bytes");
                }
                record = reader.next();
            }
            if (record.getControlFields().isEmpty() && record.getDataFields().isEmpty()) {
                return MarcRecordOrError.failed(index, "record has no readable fields" + errors(record));
            }
            return MarcRecordOrError.ok(index, record);
        } catch (RuntimeException e) {
            return MarcRecordOrError.failed(index, "unreadable record: " + describe(e));
        }
    }

    private static String errors(Record record) {
        return record.hasErrors() ? ": " + record.getErrors() : "";
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
