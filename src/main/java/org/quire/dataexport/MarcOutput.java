package org.quire.dataexport;

import org.marc4j.MarcException;
import org.marc4j.MarcStreamReader;
import org.marc4j.MarcXmlWriter;
import org.marc4j.marc.Record;
import org.quire.marc.Iso2709Writer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The exported file: ISO 2709 in UTF-8 (Leader/09 'a'), one record after the other, as mod-data-export writes its
 * .mrc files. Each record is encoded on its own first, so a record ISO 2709 cannot hold (over 99,999 bytes, or a
 * field over 9,999) is refused whole — mod-data-export's error.recordIsTooLong — and never leaves corrupt bytes in
 * the file. MARCXML is the same file read back and written by marc4j's MarcXmlWriter, as it is downloaded.
 */
final class MarcOutput {
    private final OutputStream out;

    MarcOutput(OutputStream out) {
        this.out = out;
    }

    /** Writes the record; answers null, or why it cannot be written (nothing of it is). */
    String write(Record r) {
        r.getLeader().setCharCodingScheme('a');
        byte[] one;
        try {
            one = Iso2709Writer.bytes(r);
        } catch (MarcException | IllegalArgumentException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            // marc4j says "…it's length would be N which is more thatn 99999 bytes"; FOLIO logs its own text
            java.util.regex.Matcher length = java.util.regex.Pattern.compile("length would be (\\d+)").matcher(m);
            return length.find() ? tooLong(Long.parseLong(length.group(1))) : m;
        }
        try {
            out.write(one);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return null;
    }

    /** mod-data-export's ErrorCode.ERROR_MESSAGE_JSON_CANNOT_BE_CONVERTED_TO_MARC (error.recordIsTooLong). */
    static String tooLong(long length) {
        return "Record is too long to be a valid MARC binary record, it's length would be " + length
                + " which is more than 99999 bytes";
    }

    /** An ISO 2709 file (UTF-8) as MARCXML, record by record: never the whole file in memory. */
    static void toMarcXml(InputStream iso2709, OutputStream xml) {
        MarcStreamReader reader = new MarcStreamReader(iso2709, "UTF-8");
        MarcXmlWriter writer = new MarcXmlWriter(xml, "UTF-8", true);
        while (reader.hasNext()) writer.write(reader.next());
        writer.close();
    }
}
