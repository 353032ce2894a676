package org.quire.marc;

import static org.quire.marc.MarcText.clean;
import static org.quire.marc.MarcText.join;
import static org.quire.marc.MarcText.removeEndingPunctuation;
import static org.quire.marc.MarcToInstance.fields;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;

/** The descriptive parts of the instance: subjects, series, notes, classifications, titles. */
final class MarcInstanceDetails {
    private MarcInstanceDetails() {}

    /** Subfields FOLIO takes from each subject field (marc_bib_rules.json). */
    private static final Map<String, String> SUBJECT_SUBFIELDS = Map.of(
            "600", "abcdefghjklmnopqrstuvxyz",
            "610", "abcdefghklmnoprstuvxyz",
            "611", "acdefghjklnpqstuvxyz",
            "630", "adefghklmnoprstvxyz",
            "647", "acdgvxyz",
            "648", "axyzv",
            "650", "abcdegvxyz",
            "651", "aegvxyz",
            "655", "abcvxyz");
    /** Name/title headings keep their name parts together with spaces; only $v $x $y $z get "--". */
    private static final Set<String> NAME_HEADINGS = Set.of("600", "610", "611", "630");
    private static final String SUBDIVISIONS = "vxyz";

    private static final Map<String, String> SERIES_SUBFIELDS = Map.of(
            "440", "anpvx",
            "490", "av3x",
            "800", "abcdefghjklmnopqrstuvx35",
            "810", "abcdefghklmnoprstuvx35",
            "811", "acdefghjklnpqstuvx35",
            "830", "adfghklmnoprstvx35");

    private record NoteRule(String typeId, String subfields) {}

    private static final Map<String, NoteRule> NOTES = Map.of(
            "500", new NoteRule(FolioIds.GENERAL_NOTE, "a3"),
            "502", new NoteRule(FolioIds.DISSERTATION_NOTE, "abcdgo"),
            "504", new NoteRule(FolioIds.BIBLIOGRAPHY_NOTE, "ab"),
            "505", new NoteRule(FolioIds.FORMATTED_CONTENTS_NOTE, "agrtu"),
            "520", new NoteRule(FolioIds.SUMMARY_NOTE, "abcu3"),
            "546", new NoteRule(FolioIds.LANGUAGE_NOTE, "ab3"));

    static void addTo(Record r, ObjectNode instance) {
        alternativeTitles(r, instance.putArray("alternativeTitles"));
        valueObjects(series(r), instance.putArray("series"));
        valueObjects(subjects(r), instance.putArray("subjects"));
        classifications(r, instance.putArray("classifications"));
        notes(r, instance.putArray("notes"));
    }

    private static Set<String> subjects(Record r) {
        Set<String> out = new LinkedHashSet<>();
        for (DataField f : fields(r, SUBJECT_SUBFIELDS.keySet().toArray(String[]::new))) {
            String codes = SUBJECT_SUBFIELDS.get(f.getTag());
            boolean nameHeading = NAME_HEADINGS.contains(f.getTag());
            StringBuilder sb = new StringBuilder();
            for (Subfield sf : f.getSubfields()) {
                String value = clean(sf.getData());
                if (codes.indexOf(sf.getCode()) < 0 || value.isEmpty()) {
                    continue;
                }
                if (!sb.isEmpty()) {
                    boolean subdivision = SUBDIVISIONS.indexOf(sf.getCode()) >= 0;
                    sb.append(nameHeading && !subdivision ? " " : "--");
                }
                sb.append(value);
            }
            String subject = MarcText.trimPeriod(sb.toString());
            if (!subject.isEmpty()) {
                out.add(subject);
            }
        }
        return out;
    }

    private static Set<String> series(Record r) {
        Set<String> out = new LinkedHashSet<>();
        for (DataField f : fields(r, SERIES_SUBFIELDS.keySet().toArray(String[]::new))) {
            String value = removeEndingPunctuation(join(f, SERIES_SUBFIELDS.get(f.getTag()), " "));
            if (!value.isEmpty()) {
                out.add(value);
            }
        }
        return out;
    }

    private static void valueObjects(Set<String> values, ArrayNode out) {
        values.forEach(v -> out.addObject().put("value", v));
    }

    private static void classifications(Record r, ArrayNode out) {
        for (DataField f : fields(r, "050", "082")) {
            boolean lc = f.getTag().equals("050");
            String number = join(f, "ab", " ");
            if (!lc) {
                number = number.replace("/", ""); // Dewey segmentation marks, "361.6/1/068" → "361.61068"
            }
            if (!number.isEmpty()) {
                out.addObject()
                        .put("classificationNumber", number)
                        .put("classificationTypeId",
                                lc ? FolioIds.LC_CLASSIFICATION : FolioIds.DEWEY_CLASSIFICATION);
            }
        }
    }

    private static void notes(Record r, ArrayNode out) {
        for (DataField f : fields(r, NOTES.keySet().toArray(String[]::new))) {
            NoteRule rule = NOTES.get(f.getTag());
            String note = MarcText.trimPeriod(join(f, rule.subfields(), " "));
            if (!note.isEmpty()) {
                out.addObject()
                        .put("instanceNoteTypeId", rule.typeId())
                        .put("note", note)
                        .put("staffOnly", false);
            }
        }
    }

    private static void alternativeTitles(Record r, ArrayNode out) {
        Set<String> seen = new LinkedHashSet<>();
        for (DataField f : fields(r, "130", "240", "246", "247")) {
            String typeId;
            String codes;
            switch (f.getTag()) {
                case "130" -> { typeId = FolioIds.UNIFORM_TITLE; codes = "anpdfghklmorst"; }
                case "240" -> { typeId = FolioIds.UNIFORM_TITLE; codes = "anpdfghklmors"; }
                case "246" -> { typeId = FolioIds.VARIANT_TITLE; codes = "anpbfgh"; }
                default -> { typeId = FolioIds.FORMER_TITLE; codes = "anpbfghx"; }
            }
            String title = MarcText.trimAll(join(f, codes, " "));
            if (!title.isEmpty() && seen.add(typeId + title)) {
                out.addObject().put("alternativeTitleTypeId", typeId).put("alternativeTitle", title);
            }
        }
    }
}
