package org.quire.marc;

import org.marc4j.MarcException;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Leader;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.quire.marc.Iso2709Frame.FIELD_TERMINATOR;
import static org.quire.marc.Iso2709Frame.RECORD_TERMINATOR;
import static org.quire.marc.Iso2709Frame.SUBFIELD_DELIMITER;

/**
 * A marc4j record as ISO 2709 in UTF-8, the bytes marc4j's {@code MarcStreamWriter} writes (Iso2709WriterTest
 * compares them on every record of the shared MARC files), without what that writer costs: a {@code DecimalFormat}
 * call per directory entry — 70% of its time, which was 15% of an import thread's CPU (JFR, issue 14) — through
 * formats held in static fields that every thread shares although {@code DecimalFormat} is not thread-safe (two
 * imports or exports at once could write each other's digits into a directory).
 * <p>
 * Like marc4j it sets the leader's base address and record length, and refuses a record longer than 99,999 bytes
 * with marc4j's {@link MarcException} and message. Unlike marc4j, it also refuses a field longer than the directory's
 * four digits hold (marc4j wrote "9999" there, and a record no reader could cut).
 */
public final class Iso2709Writer {
    private Iso2709Writer() {
    }

    /** The record's bytes. */
    public static byte[] bytes(Record record) {
        Bytes data = new Bytes(2048), dir = new Bytes(512);
        boolean fieldTooLong = false;
        for (ControlField cf : record.getControlFields()) {
            int start = data.size;
            data.add(cf.getData().getBytes(StandardCharsets.UTF_8)).add(FIELD_TERMINATOR);
            fieldTooLong |= entry(dir, cf.getTag(), data.size - start, start);
        }
        for (DataField df : record.getDataFields()) {
            int start = data.size;
            data.add((byte) df.getIndicator1()).add((byte) df.getIndicator2());
            for (Subfield sf : df.getSubfields()) {
                data.add(SUBFIELD_DELIMITER).add((byte) sf.getCode()).add(sf.getData().getBytes(StandardCharsets.UTF_8));
            }
            data.add(FIELD_TERMINATOR);
            fieldTooLong |= entry(dir, df.getTag(), data.size - start, start);
        }
        dir.add(FIELD_TERMINATOR);

        Leader leader = record.getLeader();
        int baseAddress = 24 + dir.size, recordLength = baseAddress + data.size + 1;
        leader.setBaseAddressOfData(baseAddress);
        leader.setRecordLength(recordLength);
        if (recordLength > 99_999) {
            throw new MarcException("Record is too long to be a valid MARC binary record, it's length would be "
                    + recordLength + " which is more thatn 99999 bytes"); // marc4j's words, which MarcOutput reads
        }
        if (fieldTooLong) {
            throw new MarcException("Record has field that is too long to be a valid MARC binary record. "
                    + "The maximum length for a field counting all of the sub-fields is 9999 bytes.");
        }
        Bytes out = new Bytes(recordLength);
        out.digits(recordLength, 5).add((byte) leader.getRecordStatus()).add((byte) leader.getTypeOfRecord())
                .add(utf8(leader.getImplDefined1())).add((byte) leader.getCharCodingScheme())
                .add(Integer.toString(leader.getIndicatorCount()).getBytes(StandardCharsets.UTF_8))
                .add(Integer.toString(leader.getSubfieldCodeLength()).getBytes(StandardCharsets.UTF_8))
                .digits(baseAddress, 5).add(utf8(leader.getImplDefined2())).add(utf8(leader.getEntryMap()))
                .add(dir).add(data).add(RECORD_TERMINATOR);
        return out.toArray();
    }

    /** Writes a directory entry; true when the length does not fit its four digits. */
    private static boolean entry(Bytes dir, String tag, int length, int start) {
        dir.add(tag.getBytes(StandardCharsets.UTF_8)).digits(Math.min(length, 9_999), 4).digits(Math.min(start, 99_999), 5);
        return length > 9_999;
    }

    private static byte[] utf8(char[] chars) {
        return new String(chars).getBytes(StandardCharsets.UTF_8);
    }

    /** A growing byte array (ByteArrayOutputStream locks on every write). */
    private static final class Bytes {
        private byte[] b;
        private int size;

        Bytes(int capacity) {
            b = new byte[Math.max(capacity, 16)];
        }

        private void room(int n) {
            if (size + n > b.length) b = Arrays.copyOf(b, Math.max(b.length * 2, size + n));
        }

        Bytes add(byte x) {
            room(1);
            b[size++] = x;
            return this;
        }

        Bytes add(byte[] x) {
            room(x.length);
            System.arraycopy(x, 0, b, size, x.length);
            size += x.length;
            return this;
        }

        Bytes add(Bytes x) {
            room(x.size);
            System.arraycopy(x.b, 0, b, size, x.size);
            size += x.size;
            return this;
        }

        /** {@code value} in {@code width} digits, zero-padded. */
        Bytes digits(int value, int width) {
            room(width);
            for (int i = size + width - 1; i >= size; i--) {
                b[i] = (byte) ('0' + value % 10);
                value /= 10;
            }
            size += width;
            return this;
        }

        byte[] toArray() {
            return size == b.length ? b : Arrays.copyOf(b, size);
        }
    }
}
