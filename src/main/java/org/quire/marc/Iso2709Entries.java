package org.quire.marc;

import java.io.ByteArrayInputStream;
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
    /** ISO 2709 records are at most 99,999 bytes; anything far longer is not MARC. */
    private static final int MAX_CHUNK = 1_000_000;
    /**
     * marc4j's permissive reader keeps its MARC-8 converter in a static field, so parsing is
     * serialized to keep concurrent imports from sharing converter state.
     */
    private static final Object MARC4J_LOCK = new Object();

    static {
        // Each record gets a fresh reader, and each reader asks MarcFactory.newInstance(), which without this property
        // looks for a marc4j.properties file and then a META-INF/services entry in the jars: a file system and zip
        // look-up per record (3% of an import's CPU). The property names the factory marc4j would find anyway.
        if (System.getProperty("org.marc4j.marc.MarcFactory") == null) {
            System.setProperty("org.marc4j.marc.MarcFactory", "org.marc4j.marc.impl.MarcFactoryImpl");
        }
    }

    private final RecordChunks chunks;
    private int index;

    Iso2709Entries(InputStream in) {
        this.chunks = new RecordChunks(in, MAX_CHUNK);
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
        return chunks.next();
    }

    /**
     * How many entries {@link #readNext} would give for {@code in}: the records cut as for reading, none parsed (an
     * import's progress total, read before the records are).
     */
    static int count(InputStream in) throws IOException {
        RecordChunks chunks = new RecordChunks(in, MAX_CHUNK);
        int n = 0;
        while (chunks.next() != null) n++;
        return n;
    }

    static MarcRecordOrError parse(int index, byte[] chunk) {
        String frame = Iso2709Frame.error(chunk);
        if (frame != null) return MarcRecordOrError.failed(index, frame);
        String encoding = Iso2709Frame.utf8Error(chunk);
        if (encoding != null) return MarcRecordOrError.failed(index, named(chunk, encoding));
        boolean marc8 = chunk[9] != 'a';
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
            String badMarc8 = marc8Error(record);
            if (badMarc8 != null) return MarcRecordOrError.failed(index, named(chunk, badMarc8));
            if (marc8) composed(record);
            return MarcRecordOrError.ok(index, record);
        } catch (RuntimeException e) {
            // The frame is sound, so what failed is the text: for a MARC-8 record its conversion (a broken escape
            // sequence throws inside marc4j's AnselToUnicode).
            return MarcRecordOrError.failed(index, named(chunk, marc8
                    ? "invalid encoding: the MARC-8 text cannot be converted (" + describe(e) + ")"
                    : "unreadable record: " + describe(e)));
        }
    }

    /**
     * marc4j's MARC-8 converter reports a character it had to guess at as a MAJOR error (e.g. "Bad Multibyte
     * character found, reinterpreting data as non-multibyte data"): the text would be wrong, so the record is an
     * error entry. Lesser reports (an unknown character kept as a placeholder, a repaired indicator) are kept, and
     * so are major repairs of subfield codes, which FOLIO's strict reader also lets through.
     */
    private static String marc8Error(Record record) {
        if (!record.hasErrors()) return null;
        for (org.marc4j.MarcError e : record.getErrors()) {
            String m = e.message == null ? "" : e.message.toLowerCase(java.util.Locale.ROOT);
            if (e.severity >= org.marc4j.MarcError.MAJOR_ERROR
                    && (m.contains("marc8") || m.contains("multibyte") || m.contains("escape"))) {
                return "invalid encoding: field " + e.curField + ": " + e.message;
            }
        }
        return null;
    }

    /**
     * marc4j's MARC-8 conversion gives a base letter and a combining mark ("e" + U+0301) as MARC-8 spells them;
     * the record is kept in NFC ("é" as U+00E9), as the records that arrive in UTF-8 are, so that searches and
     * titles match whatever encoding the file came in.
     */
    private static void composed(Record record) {
        for (org.marc4j.marc.ControlField f : record.getControlFields()) {
            f.setData(java.text.Normalizer.normalize(f.getData(), java.text.Normalizer.Form.NFC));
        }
        for (org.marc4j.marc.DataField f : record.getDataFields()) {
            for (org.marc4j.marc.Subfield sf : f.getSubfields()) {
                sf.setData(java.text.Normalizer.normalize(sf.getData(), java.text.Normalizer.Form.NFC));
            }
        }
    }

    /** The reason with the record's 001, when its frame lets it be read, so that a cataloguer can find it. */
    private static String named(byte[] chunk, String reason) {
        String id = Iso2709Frame.controlNumber(chunk);
        return id == null ? reason : reason + " (001 " + id + ")";
    }

    private static String errors(Record record) {
        return record.hasErrors() ? ": " + record.getErrors() : "";
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
