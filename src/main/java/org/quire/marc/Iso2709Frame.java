package org.quire.marc;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Checks one ISO 2709 record's frame before marc4j reads it: the leader's record length and base address, the
 * directory, and that every field the directory names ends where it says. marc4j's permissive reader guesses its way
 * past a broken frame (a directory of 13 bytes, a length that counts characters instead of bytes), and a guess can
 * shift every field after it; the issue asks that such a record be an error entry naming the reason instead. FOLIO
 * reads the same bytes with marc4j's strict {@code MarcStreamReader} (mod-source-record-manager's
 * MarcRecordParser), which throws on these records too, only without saying why.
 */
final class Iso2709Frame {
    /** ISO 2709's separators (also Iso2709Writer's and RecordChunks'). */
    static final byte FIELD_TERMINATOR = 0x1E, RECORD_TERMINATOR = 0x1D, SUBFIELD_DELIMITER = 0x1F;

    private Iso2709Frame() {
    }

    /** Why the record's frame is broken ("bad leader: …", "bad directory: …"), or null when it is sound. */
    static String error(byte[] r) {
        int n = r.length;
        if (n < 24) return "bad leader: the record has " + n + " bytes, fewer than the 24 of a leader";
        String length = ascii(r, 0, 5);
        String base = ascii(r, 12, 17);
        if (!digits(length)) return "bad leader: the record length '" + length + "' is not five digits";
        if (!digits(base)) return "bad leader: the base address of data '" + base + "' is not five digits";
        int declared = Integer.parseInt(length);
        int baseAddress = Integer.parseInt(base);
        if (declared != n) {
            return "bad leader: the record length says " + declared + " bytes but the record has " + n;
        }
        if (r[n - 1] != RECORD_TERMINATOR) return "bad leader: the record does not end with a record terminator";
        if (baseAddress < 25 || baseAddress > n - 1) {
            return "bad leader: the base address of data " + baseAddress + " is outside the record (25 to "
                    + (n - 1) + ")";
        }
        int directory = baseAddress - 1 - 24;
        if (r[baseAddress - 1] != FIELD_TERMINATOR) {
            return "bad directory: no field terminator before the base address of data " + baseAddress;
        }
        if (directory == 0) return "bad directory: the record has no fields";
        if (directory % 12 != 0) {
            return "bad directory: its " + directory + " bytes are not a whole number of 12-byte entries";
        }
        for (int p = 24, entry = 1; p < 24 + directory; p += 12, entry++) {
            String tag = ascii(r, p, p + 3);
            String fieldLength = ascii(r, p + 3, p + 7);
            String start = ascii(r, p + 7, p + 12);
            if (!MarcRecords.validTag(tag)) {
                return "bad directory: entry " + entry + " has the tag '" + tag + "', not three letters or digits";
            }
            if (!digits(fieldLength) || !digits(start)) {
                return "bad directory: entry " + entry + " (tag " + tag + ") has length '" + fieldLength
                        + "' and start '" + start + "', which are not digits";
            }
            int from = baseAddress + Integer.parseInt(start);
            int to = from + Integer.parseInt(fieldLength); // exclusive; the field's last byte is its terminator
            if (Integer.parseInt(fieldLength) == 0 || to > n - 1) {
                return "bad directory: field " + tag + " (entry " + entry + ") runs past the end of the record";
            }
            if (r[to - 1] != FIELD_TERMINATOR) {
                return "bad directory: field " + tag + " (entry " + entry + ") does not end with a field terminator"
                        + " where the directory says (its length " + Integer.parseInt(fieldLength) + ")";
            }
        }
        return null;
    }

    /**
     * For a record whose Leader/09 says UTF-8 ('a'): the first field that is not valid UTF-8 ("invalid encoding:
     * …"), or null. Only called on a sound frame.
     */
    static String utf8Error(byte[] r) {
        if (r[9] != 'a') return null;
        int baseAddress = Integer.parseInt(ascii(r, 12, 17));
        for (int p = 24; p < baseAddress - 1; p += 12) {
            int from = baseAddress + Integer.parseInt(ascii(r, p + 7, p + 12));
            int length = Integer.parseInt(ascii(r, p + 3, p + 7));
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(r, from, length));
            } catch (CharacterCodingException e) {
                return "invalid encoding: field " + ascii(r, p, p + 3) + " is not valid UTF-8, which Leader/09 'a'"
                        + " declares";
            }
        }
        return null;
    }

    /** The record's 001 (control number) read from a sound frame, or null. */
    static String controlNumber(byte[] r) {
        int baseAddress = Integer.parseInt(ascii(r, 12, 17));
        for (int p = 24; p < baseAddress - 1; p += 12) {
            if (!ascii(r, p, p + 3).equals("001")) continue;
            int from = baseAddress + Integer.parseInt(ascii(r, p + 7, p + 12));
            int length = Integer.parseInt(ascii(r, p + 3, p + 7));
            String value = new String(r, from, length - 1, StandardCharsets.UTF_8).strip();
            return value.isEmpty() ? null : value;
        }
        return null;
    }

    /** Bytes as text for a message: printable ASCII kept, anything else as \xNN. */
    private static String ascii(byte[] r, int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < Math.min(to, r.length); i++) {
            int b = r[i] & 0xff;
            if (b >= 0x20 && b < 0x7f) s.append((char) b);
            else s.append(String.format("\\x%02X", b));
        }
        return s.toString();
    }

    private static boolean digits(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }
}
