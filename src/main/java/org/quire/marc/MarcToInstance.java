package org.quire.marc;

import static org.quire.marc.MarcText.clean;
import static org.quire.marc.MarcText.join;
import static org.quire.marc.MarcText.removeEndingPunctuation;
import static org.quire.marc.MarcText.trimAll;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Leader;
import org.marc4j.marc.Record;

/**
 * Maps a MARC 21 bibliographic record to a FOLIO Instance (mod-inventory-storage instance.json),
 * following FOLIO's default MARC-to-Instance rules (mod-source-record-manager marc_bib_rules.json)
 * for the fields Quire uses. Subjects, notes, series, classifications and alternative titles live
 * in {@link MarcInstanceDetails} to keep this class readable.
 *
 * <p>Mapping never throws for a record marc4j could parse: missing or malformed fields are
 * skipped, and a record without a 245 gets the title {@value #UNTITLED} plus an administrative
 * note saying why.
 */
public final class MarcToInstance {
    private MarcToInstance() {}

    public static final String UNTITLED = "[Untitled]";
    static final String NO_TITLE_NOTE = "MARC record has no 245 title; title set to " + UNTITLED;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** FOLIO's rule for telling OCLC numbers from other system control numbers in 035 $a. */
    private static final Pattern OCLC = Pattern.compile("^(\\(OCoLC\\)|ocm|ocn|on).*");
    private static final Pattern LANGUAGE_CODE = Pattern.compile("[a-z]{3}");

    /** Builds the instance JSON; the caller assigns {@code id} (and {@code hrid}). */
    public static ObjectNode toInstance(Record r) {
        ObjectNode instance = JSON.objectNode();
        instance.put("source", "MARC");
        addTitles(r, instance);
        instance.put("instanceTypeId", instanceTypeId(r));
        instance.put("modeOfIssuanceId", modeOfIssuanceId(r));
        instance.set("identifiers", identifiers(r));
        instance.set("contributors", contributors(r));
        instance.set("publication", publication(r));
        instance.set("editions", strings(r, "250", "ab", true));
        instance.set("physicalDescriptions", strings(r, "300", "abcefg3", false));
        instance.set("languages", languages(r));
        MarcInstanceDetails.addTo(r, instance);
        instance.put("discoverySuppress", false);
        instance.put("staffSuppress", false);
        instance.put("previouslyHeld", false);
        return instance;
    }

    /** The record's control number (001), trimmed, or null if it has none. */
    public static String controlNumber(Record r) {
        for (ControlField f : r.getControlFields()) {
            if ("001".equals(f.getTag())) {
                String value = clean(f.getData());
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }

    /** LC call number from the first 050 with a class number: "$a $b", e.g. "H61.28 .K78 2000". */
    public static String lcCallNumber(Record r) {
        for (DataField f : fields(r, "050")) {
            String classNumber = MarcText.first(f, 'a');
            if (!classNumber.isEmpty()) {
                return (classNumber + " " + MarcText.first(f, 'b')).strip();
            }
        }
        return null;
    }

    // ---- titles

    private static void addTitles(Record r, ObjectNode instance) {
        List<DataField> titleFields = fields(r, "245");
        DataField f = titleFields.isEmpty() ? null : titleFields.get(0);
        // FOLIO also appends $c (statement of responsibility); Quire shows it via contributors, and a
        // title without it matches what users type and what the trimming rules expect.
        String title = f == null ? "" : trimAll(join(f, "anpbfgks", " "));
        if (title.isEmpty() && f != null) {
            // A damaged 245 (unknown subfield codes) still carries the title text; keep it rather than
            // lose it, leaving out only the statement of responsibility and linkage subfields.
            title = trimAll(join(f, codesExceptResponsibility(f), " "));
        }
        if (title.isEmpty()) {
            instance.put("title", UNTITLED);
            instance.put("indexTitle", UNTITLED);
            instance.putArray("administrativeNotes").add(NO_TITLE_NOTE);
            return;
        }
        instance.put("title", title);
        instance.put("indexTitle", indexTitle(title, f.getIndicator2()));
    }

    private static String codesExceptResponsibility(DataField f) {
        StringBuilder codes = new StringBuilder();
        for (var sf : f.getSubfields()) {
            if ("ch68".indexOf(sf.getCode()) < 0) {
                codes.append(sf.getCode());
            }
        }
        return codes.toString();
    }

    /** Drops the leading article counted by 245 ind2 ("The ", "L'") and capitalizes the rest. */
    static String indexTitle(String title, char nonFiling) {
        int skip = Character.isDigit(nonFiling) ? nonFiling - '0' : 0;
        String rest = skip > 0 && skip < title.length() ? title.substring(skip).strip() : title;
        return MarcText.capitalize(rest.isEmpty() ? title : rest);
    }

    // ---- types

    private static String instanceTypeId(Record r) {
        for (DataField f : fields(r, "336")) {
            String code = MarcText.first(f, 'b').toLowerCase();
            if (!code.isEmpty()) {
                // As in FOLIO, an unknown content code maps to "unspecified" rather than a guess.
                return FolioIds.INSTANCE_TYPES_BY_CODE.getOrDefault(code, FolioIds.TYPE_UNSPECIFIED);
            }
        }
        // Pre-RDA records have no 336; Leader/06 (type of record) says nearly the same thing.
        String code = switch (leaderChar(r, 6)) {
            case 'a', 't' -> "txt";
            case 'c', 'd' -> "ntm";
            case 'e', 'f' -> "cri";
            case 'g' -> "tdi";
            case 'i' -> "spw";
            case 'j' -> "prm";
            case 'k' -> "sti";
            case 'm' -> "cop";
            case 'r' -> "tdf";
            default -> "zzz";
        };
        return FolioIds.INSTANCE_TYPES_BY_CODE.get(code);
    }

    /** Leader/07 bibliographic level, grouped the way FOLIO's set_issuance_mode_id does. */
    private static String modeOfIssuanceId(Record r) {
        return switch (leaderChar(r, 7)) {
            case 'a', 'c', 'd', 'm' -> FolioIds.MODE_SINGLE_UNIT;
            case 'b', 's' -> FolioIds.MODE_SERIAL;
            case 'i' -> FolioIds.MODE_INTEGRATING_RESOURCE;
            default -> FolioIds.MODE_UNSPECIFIED;
        };
    }

    // ---- identifiers

    private static ArrayNode identifiers(Record r) {
        ArrayNode out = JSON.arrayNode();
        for (DataField f : fields(r, "010", "020", "022", "035")) {
            switch (f.getTag()) {
                case "010" -> eachSubfield(f, 'a', FolioIds.LCCN, out);
                case "020" -> {
                    // One ISBN per field with its qualifier, as FOLIO does: "0761920714 (pbk. : alk. paper)".
                    // $c (price) is left out.
                    addIdentifier(out, FolioIds.ISBN, f.getSubfield('a') == null ? "" : join(f, "aq", " "));
                    addIdentifier(out, FolioIds.INVALID_ISBN, f.getSubfield('z') == null ? "" : join(f, "zq", " "));
                }
                case "022" -> {
                    eachSubfield(f, 'a', FolioIds.ISSN, out);
                    eachSubfield(f, 'l', FolioIds.LINKING_ISSN, out);
                    for (char code : new char[] {'y', 'z', 'm'}) {
                        eachSubfield(f, code, FolioIds.INVALID_ISSN, out);
                    }
                }
                case "035" -> {
                    for (var sf : f.getSubfields('a')) {
                        String value = clean(sf.getData());
                        addIdentifier(out, OCLC.matcher(value).matches()
                                ? FolioIds.OCLC : FolioIds.SYSTEM_CONTROL_NUMBER, value);
                    }
                    eachSubfield(f, 'z', FolioIds.CANCELLED_SYSTEM_CONTROL_NUMBER, out);
                }
                default -> { }
            }
        }
        return out;
    }

    private static void eachSubfield(DataField f, char code, String typeId, ArrayNode out) {
        for (var sf : f.getSubfields(code)) {
            addIdentifier(out, typeId, sf.getData());
        }
    }

    private static void addIdentifier(ArrayNode out, String typeId, String rawValue) {
        String value = removeEndingPunctuation(clean(rawValue));
        if (!value.isEmpty()) {
            out.addObject().put("identifierTypeId", typeId).put("value", value);
        }
    }

    // ---- contributors

    private static ArrayNode contributors(Record r) {
        ArrayNode out = JSON.arrayNode();
        for (DataField f : fields(r, "100", "110", "111", "700", "710", "711")) {
            String tag = f.getTag();
            boolean meeting = tag.endsWith("11");
            String nameType = tag.endsWith("00") ? FolioIds.PERSONAL_NAME
                    : meeting ? FolioIds.MEETING_NAME : FolioIds.CORPORATE_NAME;
            String nameCodes = tag.endsWith("00") ? "abcdfgjklnpqtu" : "abcdfgklnptu";
            // Names end with ISBD commas before the relator ("Lee and Shepard,$epublisher.").
            String name = trimAll(join(f, nameCodes, " "));
            if (name.isEmpty()) {
                continue;
            }
            ObjectNode c = out.addObject();
            c.put("name", name);
            c.put("contributorNameTypeId", nameType);
            String role = trimAll(join(f, meeting ? "j" : "e", ", "));
            if (!role.isEmpty()) {
                c.put("contributorTypeText", role);
            }
            c.put("primary", tag.startsWith("1"));
        }
        return out;
    }

    // ---- publication

    private static ArrayNode publication(Record r) {
        ArrayNode out = JSON.arrayNode();
        for (DataField f : fields(r, "260", "264")) {
            String place = removeEndingPunctuation(join(f, "a", " ; "));
            String publisher = removeEndingPunctuation(join(f, "b", " ; "));
            String date = MarcText.trimPeriod(removeEndingPunctuation(join(f, "c", " ; ")));
            if (place.isEmpty() && publisher.isEmpty() && date.isEmpty()) {
                continue;
            }
            ObjectNode p = out.addObject();
            p.put("publisher", publisher);
            p.put("place", place);
            p.put("dateOfPublication", date);
            String role = f.getTag().equals("264") ? publicationRole(f.getIndicator2()) : null;
            if (role != null) {
                p.put("role", role);
            }
        }
        return out;
    }

    /** 264 ind2 names the function of the entity, as FOLIO's set_publisher_role does. */
    private static String publicationRole(char ind2) {
        return switch (ind2) {
            case '0' -> "Production";
            case '1' -> "Publication";
            case '2' -> "Distribution";
            case '3' -> "Manufacture";
            default -> null;
        };
    }

    // ---- languages

    private static ArrayNode languages(Record r) {
        Set<String> codes = new LinkedHashSet<>();
        for (ControlField f : r.getControlFields()) {
            String data = f.getData();
            if ("008".equals(f.getTag()) && data != null && data.length() >= 38) {
                addLanguage(codes, data.substring(35, 38));
            }
        }
        for (DataField f : fields(r, "041")) {
            for (var sf : f.getSubfields('a')) {
                // Older records pack several codes into one $a ("engfre"); FOLIO splits every 3.
                String packed = clean(sf.getData());
                for (int i = 0; i + 3 <= packed.length(); i += 3) {
                    addLanguage(codes, packed.substring(i, i + 3));
                }
            }
        }
        ArrayNode out = JSON.arrayNode();
        codes.forEach(out::add);
        return out;
    }

    private static void addLanguage(Set<String> codes, String code) {
        String lower = code.toLowerCase();
        if (LANGUAGE_CODE.matcher(lower).matches()) {
            codes.add(lower);
        }
    }

    // ---- shared helpers

    /** One string per field: the listed subfields joined by spaces, de-duplicated. */
    static ArrayNode strings(Record r, String tag, String codes, boolean trimPunctuation) {
        Set<String> values = new LinkedHashSet<>();
        for (DataField f : fields(r, tag)) {
            String value = join(f, codes, " ");
            value = trimPunctuation ? removeEndingPunctuation(value) : value;
            if (!value.isEmpty()) {
                values.add(value);
            }
        }
        ArrayNode out = JSON.arrayNode();
        values.forEach(out::add);
        return out;
    }

    /**
     * Data fields with any of the given tags, in record order. Filters getDataFields() itself
     * because marc4j's getVariableFields(String[]) touches the leader and fails when it is null.
     */
    static List<DataField> fields(Record r, String... tags) {
        List<String> wanted = List.of(tags);
        List<DataField> out = new ArrayList<>();
        for (DataField d : r.getDataFields()) {
            if (wanted.contains(d.getTag())) {
                out.add(d);
            }
        }
        return out;
    }

    private static char leaderChar(Record r, int position) {
        Leader leader = r.getLeader();
        if (leader == null) {
            return ' ';
        }
        try {
            String text = leader.marshal();
            return text != null && text.length() > position ? text.charAt(position) : ' ';
        } catch (RuntimeException e) {
            return ' '; // a leader marc4j could not even re-serialize says nothing reliable
        }
    }
}
