package org.quire.marc;

import java.nio.charset.StandardCharsets;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Subfield;
import org.marc4j.marc.VariableField;

/**
 * ISO 2709's size limits, checked on every record read for import whatever its format: a field's length has four
 * digits in the directory (9,999 bytes) and the record's five in the leader (99,999 bytes). SRS keeps every record as
 * ISO 2709 in UTF-8 ({@code rawRecord}), so a MARCXML or MARC-in-JSON record — or a MARC-8 record grown by its
 * conversion to UTF-8 — beyond them cannot be stored, and becomes an error entry ("oversize field: …").
 */
final class MarcLimits {
    static final int MAX_FIELD = 9_999;
    static final int MAX_RECORD = 99_999;

    private MarcLimits() {
    }

    /** Why the record is too large for ISO 2709, or null. */
    static String error(org.marc4j.marc.Record record) {
        long total = 24 + 1 + 1; // leader, directory terminator, record terminator
        for (VariableField f : record.getVariableFields()) {
            int length = length(f);
            if (length > MAX_FIELD) {
                return "oversize field: field " + f.getTag() + " has " + length + " bytes in UTF-8, more than the "
                        + MAX_FIELD + " ISO 2709 allows";
            }
            total += 12 + length;
        }
        if (total > MAX_RECORD) {
            return "oversize record: " + total + " bytes in UTF-8, more than the " + MAX_RECORD + " ISO 2709 allows";
        }
        return null;
    }

    /** The field's length as the directory counts it: indicators, delimiters, codes, data and terminator. */
    private static int length(VariableField f) {
        if (f instanceof ControlField cf) return utf8(cf.getData()) + 1;
        DataField df = (DataField) f;
        int length = 2 + 1;
        for (Subfield sf : df.getSubfields()) length += 2 + utf8(sf.getData());
        return length;
    }

    private static int utf8(String s) {
        return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
    }
}
