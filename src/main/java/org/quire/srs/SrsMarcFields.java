package org.quire.srs;

import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The fields FOLIO's import writes into a MARC record (folio-catalogue-api.md §3.4), on a marc4j record in place:
 *
 * <ul>
 *   <li>{@link #afterParsing}: SRM's fillParsedRecordsWithAdditionalFields — the incoming 001 (prefixed with 003 in
 *       parentheses when there is one) is copied to a 035 $a unless that 035 exists or the record already has a
 *       999 $i (HrIdFieldServiceImpl.move001valueTo035Field), then 999 ff $s = the SRS matched id;</li>
 *   <li>{@link #linkToInstance}: mod-inventory's CreateInstanceEventHandler — 001 becomes the instance HRID
 *       (fillHrIdFieldInMarcRecord) and 999 ff $i = the instance id; the same for MARC holdings and the holdings
 *       created from them (SRS's holdings post-processing);</li>
 *   <li>{@link #afterParsingAuthority}: SRM's fillParsedRecordsWithAdditionalFields for MARC_AUTHORITY — 999 ff $s =
 *       the matched id and $i = the authority id chosen up front; 001 stays (it is the authority's HRID).</li>
 * </ul>
 * A 999 ff field is reused when present, so $i and $s end up in one field. New data fields go in tag order
 * (AdditionalFieldsUtil adds them "in numerical order"). Not done: mod-inventory's 035 normalisation of OCLC numbers.
 */
public final class SrsMarcFields {
    private static final MarcFactory FACTORY = MarcFactory.newInstance();

    private SrsMarcFields() {
    }

    public static void afterParsing(Record record, UUID matchedId) {
        String f001 = control(record, "001");
        if (f001 != null && subfield(record, "999", 'i') == null) {
            String f003 = control(record, "003");
            String value = f003 == null || f003.isBlank() ? f001 : "(" + f003 + ")" + f001;
            if (!hasSubfieldValue(record, "035", 'a', value)) {
                DataField f035 = FACTORY.newDataField("035", ' ', ' ');
                f035.addSubfield(FACTORY.newSubfield('a', value));
                addInTagOrder(record, f035);
            }
        }
        set999(record, 's', matchedId.toString());
    }

    public static void afterParsingAuthority(Record record, UUID matchedId, UUID authorityId) {
        set999(record, 's', matchedId.toString());
        set999(record, 'i', authorityId.toString());
    }

    /** 001 = {@code hrid} (an instance's or a holdings record's) and 999 ff $i = {@code id}. */
    public static void linkToInstance(Record record, UUID instanceId, String hrid) {
        if (hrid != null && !hrid.isEmpty()) {
            for (ControlField cf : new ArrayList<>(record.getControlFields())) {
                if (cf.getTag().equals("001")) record.removeVariableField(cf);
            }
            record.addVariableField(FACTORY.newControlField("001", hrid));
            sortControlFields(record);
        }
        set999(record, 'i', instanceId.toString());
    }

    /** The first subfield {@code code} of a {@code tag} ff field, or null. */
    public static String subfield(Record record, String tag, char code) {
        for (DataField df : record.getDataFields()) {
            if (!df.getTag().equals(tag)) continue;
            Subfield sf = df.getSubfield(code);
            if (sf != null) return sf.getData();
        }
        return null;
    }

    private static void set999(Record record, char code, String value) {
        DataField ff = null;
        for (DataField df : record.getDataFields()) {
            if (df.getTag().equals("999") && df.getIndicator1() == 'f' && df.getIndicator2() == 'f') {
                ff = df;
                break;
            }
        }
        if (ff == null) {
            ff = FACTORY.newDataField("999", 'f', 'f');
            addInTagOrder(record, ff);
        }
        for (Subfield sf : new ArrayList<>(ff.getSubfields())) {
            if (sf.getCode() == code) ff.removeSubfield(sf);
        }
        ff.addSubfield(FACTORY.newSubfield(code, value));
    }

    private static String control(Record record, String tag) {
        for (ControlField cf : record.getControlFields()) {
            if (cf.getTag().equals(tag)) return cf.getData();
        }
        return null;
    }

    private static boolean hasSubfieldValue(Record record, String tag, char code, String value) {
        for (DataField df : record.getDataFields()) {
            if (!df.getTag().equals(tag)) continue;
            for (Subfield sf : df.getSubfields(code)) {
                if (value.equals(sf.getData())) return true;
            }
        }
        return false;
    }

    /** Adds {@code field} after the last data field whose tag is not greater, keeping the others' order. */
    private static void addInTagOrder(Record record, DataField field) {
        List<DataField> fields = new ArrayList<>(record.getDataFields());
        int at = fields.size();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).getTag().compareTo(field.getTag()) > 0) {
                at = i;
                break;
            }
        }
        fields.add(at, field);
        for (DataField df : new ArrayList<>(record.getDataFields())) record.removeVariableField(df);
        for (DataField df : fields) record.addVariableField(df);
    }

    private static void sortControlFields(Record record) {
        List<ControlField> fields = new ArrayList<>(record.getControlFields());
        fields.sort(java.util.Comparator.comparing(ControlField::getTag)); // stable: equal tags keep their order
        for (ControlField cf : new ArrayList<>(record.getControlFields())) record.removeVariableField(cf);
        for (ControlField cf : fields) record.addVariableField(cf);
    }
}
