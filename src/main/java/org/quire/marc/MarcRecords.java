package org.quire.marc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.MarcTxtWriter;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;
import org.marc4j.marc.VariableField;
import org.quire.platform.Json;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * The three forms in which Source Record Storage keeps and serves a MARC record, from and to marc4j's {@link Record}:
 *
 * <ul>
 *   <li>MARC-in-JSON, SRS's {@code parsedRecord.content}: {@code {"fields": [{"001": "v"},
 *       {"245": {"ind1": "1", "ind2": "0", "subfields": [{"a": "..."}]}}], "leader": "..."}}, fields in record
 *       order, keys in the order FOLIO serves them (its jsonb's: shorter keys first);</li>
 *   <li>ISO 2709 in UTF-8, SRS's {@code rawRecord.content};</li>
 *   <li>the text form of {@code parsedRecord.formattedContent}: SRS's {@code MarcUtil.marcJsonToTxtMarc} reads the
 *       MARC-in-JSON with marc4j and writes it with marc4j's {@link MarcTxtWriter}, so Quire does the same.</li>
 * </ul>
 *
 * Malformed MARC-in-JSON is an {@link IllegalArgumentException} whose message says what is wrong, for a 4xx.
 */
public final class MarcRecords {
    private static final MarcFactory FACTORY = MarcFactory.newInstance();

    private MarcRecords() {
    }

    /** The record as SRS's MARC-in-JSON. */
    public static ObjectNode toMarcJson(Record record) {
        ObjectNode json = Json.object();
        ArrayNode fields = json.putArray("fields");
        for (VariableField f : record.getVariableFields()) {
            if (f instanceof ControlField cf) {
                fields.addObject().put(cf.getTag(), cf.getData());
            } else if (f instanceof DataField df) {
                ObjectNode body = fields.addObject().putObject(df.getTag());
                body.put("ind1", String.valueOf(df.getIndicator1()));
                body.put("ind2", String.valueOf(df.getIndicator2()));
                ArrayNode subfields = body.putArray("subfields");
                for (Subfield sf : df.getSubfields()) {
                    subfields.addObject().put(String.valueOf(sf.getCode()), sf.getData());
                }
            }
        }
        json.put("leader", record.getLeader().marshal());
        return json;
    }

    /** MARC-in-JSON (an object, or its text) back to a marc4j record. */
    public static Record fromMarcJson(JsonNode json) {
        if (json != null && json.isTextual()) {
            try {
                json = Json.parseInput(json.asText());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("MARC-in-JSON content is not JSON: " + e.getMessage());
            }
        }
        if (json == null || !json.isObject()) throw new IllegalArgumentException("MARC-in-JSON content must be an object");
        JsonNode leader = json.get("leader");
        if (leader == null || !leader.isTextual() || leader.asText().length() != 24) {
            throw new IllegalArgumentException("MARC-in-JSON leader must be a string of 24 characters");
        }
        Record record = FACTORY.newRecord(leader.asText());
        JsonNode fields = json.get("fields");
        if (fields == null || !fields.isArray()) throw new IllegalArgumentException("MARC-in-JSON fields must be an array");
        for (JsonNode field : fields) {
            if (!field.isObject() || field.size() != 1) {
                throw new IllegalArgumentException("each MARC-in-JSON field must be an object with one tag: " + field);
            }
            Map.Entry<String, JsonNode> e = field.properties().iterator().next();
            String tag = e.getKey();
            if (!validTag(tag)) throw new IllegalArgumentException("invalid MARC tag: " + tag);
            JsonNode value = e.getValue();
            if (value.isTextual()) {
                record.addVariableField(FACTORY.newControlField(tag, value.asText()));
            } else if (value.isObject()) {
                record.addVariableField(dataField(tag, value));
            } else {
                throw new IllegalArgumentException("MARC field " + tag + " must be a string or an object");
            }
        }
        return record;
    }

    private static DataField dataField(String tag, JsonNode value) {
        DataField df = FACTORY.newDataField(tag, indicator(tag, value, "ind1"), indicator(tag, value, "ind2"));
        JsonNode subfields = value.get("subfields");
        if (subfields == null || !subfields.isArray()) {
            throw new IllegalArgumentException("MARC field " + tag + " must have a subfields array");
        }
        for (JsonNode sf : subfields) {
            if (!sf.isObject() || sf.size() != 1) {
                throw new IllegalArgumentException("each subfield of MARC field " + tag + " must be an object with one code");
            }
            Iterator<Map.Entry<String, JsonNode>> it = sf.properties().iterator();
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().length() != 1 || !e.getValue().isValueNode()) {
                throw new IllegalArgumentException("invalid subfield of MARC field " + tag + ": " + sf);
            }
            df.addSubfield(FACTORY.newSubfield(e.getKey().charAt(0), e.getValue().asText()));
        }
        return df;
    }

    private static char indicator(String tag, JsonNode field, String name) {
        JsonNode v = field.get(name);
        if (v == null || v.isNull()) return ' ';
        String s = v.asText();
        if (s.length() != 1) throw new IllegalArgumentException("MARC field " + tag + " " + name + " must be one character");
        return s.charAt(0);
    }

    /**
     * The record as ISO 2709 in UTF-8 (Leader/09 set to 'a', as the content is Unicode), with the lengths and the
     * directory computed ({@link Iso2709Writer}); a record too long for ISO 2709 is an {@link IllegalArgumentException}.
     */
    public static String toIso2709(Record record) {
        char coding = record.getLeader().getCharCodingScheme();
        record.getLeader().setCharCodingScheme('a');
        try {
            return new String(Iso2709Writer.bytes(record), StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("record cannot be written as ISO 2709: " + Iso2709Entries.describe(e));
        } finally {
            record.getLeader().setCharCodingScheme(coding);
        }
    }

    /** SRS's {@code formattedContent}: marc4j's text form ("LEADER …", "245 10$a…"), one line per field. */
    public static String toFormattedText(Record record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(2048);
        MarcTxtWriter writer = new MarcTxtWriter(out);
        writer.write(record);
        writer.close();
        // marc4j ends each record with a blank line; FOLIO's formattedContent (e.g. folio-integration-tests'
        // mod-source-record-storage samples/record.json) ends with the last field's newline.
        String text = out.toString(StandardCharsets.UTF_8);
        return text.endsWith("\n\n") ? text.substring(0, text.length() - 1) : text;
    }

    /**
     * Reads back one ISO 2709 record in UTF-8 as SRS stores it, as SRS's MarcUtil.rawMarcToRecord does (marc4j's
     * strict MarcStreamReader in UTF-8, which keeps what the permissive import reader would repair, such as
     * upper-case subfield codes); an unreadable record is an {@link IllegalArgumentException}.
     */
    public static Record fromIso2709(String raw) {
        try {
            org.marc4j.MarcStreamReader reader = new org.marc4j.MarcStreamReader(
                    new java.io.ByteArrayInputStream(raw.getBytes(StandardCharsets.UTF_8)), "UTF-8");
            if (reader.hasNext()) return reader.next();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("unreadable ISO 2709 record: " + Iso2709Entries.describe(e));
        }
        throw new IllegalArgumentException("no ISO 2709 record in " + raw.length() + " characters");
    }

    /** A MARC tag: three ASCII letters or digits (a loop, not a regular expression: it runs for every field). */
    static boolean validTag(String tag) {
        if (tag.length() != 3) return false;
        for (int i = 0; i < 3; i++) {
            char ch = tag.charAt(i);
            if (!(ch >= '0' && ch <= '9' || ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z')) return false;
        }
        return true;
    }
}
