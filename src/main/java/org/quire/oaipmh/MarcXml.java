package org.quire.oaipmh;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * MARCXML ({@code http://www.loc.gov/MARC21/slim}) written straight from SRS's MARC-in-JSON, one record element per
 * OAI record (the marc21 and marc21_withholdings formats), without a detour through marc4j.
 *
 * <p>The JSON text is read token by token and each field written as it is read, never built into a tree: on
 * {@code quire bench oai}'s profile, building each record's tree took a fifth of a marc21_withholdings page's CPU.
 * The text is read from its UTF-8 bytes and written as UTF-8 bytes ({@link Utf8Buffer}), values escaped straight from
 * the parser's buffer. SRS keeps {@code fields} before {@code leader} (jsonb's key order, which FOLIO serves), so
 * the leader is inserted at its place once the record has been read.
 */
public final class MarcXml {
    static final String NAMESPACE = "http://www.loc.gov/MARC21/slim";
    static final String SCHEMA = "http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd";

    /** A data field added after the record's own: marc21_withholdings' 952 and 856 ({@link HoldingsFields}). */
    record Field(String tag, String ind1, String ind2, List<Subfield> subfields) {
    }

    record Subfield(String code, String value) {
    }

    private MarcXml() {
    }

    /**
     * Writes the MARC-in-JSON text as a MARCXML record, all but its end ({@link #end}): marc21_withholdings adds
     * its fields once the page's holdings have been read.
     *
     * @param suppressed null to write the record's fields as they are; else the discovery-suppression subfield $t
     *                   (1 or 0) is added to the record's first 999 ff unless it has one (mod-oai-pmh's
     *                   updateMetadataSourceWithDiscoverySuppressedData)
     */
    static void start(byte[] marcJson, Boolean suppressed, Utf8Buffer out) {
        if (MarcXmlDirect.start(marcJson, suppressed, out)) return;
        try (JsonParser p = Json.MAPPER.getFactory().createParser(marcJson)) {
            start(p, suppressed, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same for a record already in a tree (MARC generated from an instance). */
    static void start(JsonNode marc, Boolean suppressed, Utf8Buffer out) {
        try (JsonParser p = marc.traverse(Json.MAPPER)) {
            start(p, suppressed, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One whole MARCXML record element, its namespace declared on it, of a record in a tree: SRU's marcxml record
     * schema, written by the same rules as OAI-PMH's records (indicators, characters XML cannot carry dropped).
     */
    public static String record(JsonNode marc) {
        Utf8Buffer out = new Utf8Buffer(4096);
        start(marc, null, out);
        end(List.of(), out);
        return out.toString();
    }

    /** The end of a record {@link #start}ed: {@code extra} fields after the record's own. */
    static void end(List<Field> extra, Utf8Buffer out) {
        Fields fields = new Fields(out, null);
        for (Field f : extra) fields.write(f);
        out.add("</record>");
    }

    private static void start(JsonParser p, Boolean suppressed, Utf8Buffer out) throws IOException {
        out.add(RECORD);
        int leaderAt = out.length();
        String leader = "";
        Fields fields = new Fields(out, suppressed);
        if (p.nextToken() == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("leader") && value.isScalarValue()) {
                    leader = p.getText();
                } else if (name.equals("fields") && value == JsonToken.START_ARRAY) {
                    fields.writeAll(p);
                } else {
                    p.skipChildren();
                }
            }
        }
        out.insert(leaderAt, new Utf8Buffer(leader.length() + 20).add("<leader>").text(leader).add("</leader>"));
    }

    static final String RECORD = "<record xmlns=\"" + NAMESPACE + "\" xmlns:xsi=\"http://www.w3.org/2001/"
            + "XMLSchema-instance\" xsi:schemaLocation=\"" + NAMESPACE + ' ' + SCHEMA + "\">";

    /** The fields of one record as they are read; {@code subfields} is reused from one data field to the next. */
    private static final class Fields {
        private final Utf8Buffer out;
        private final Utf8Buffer subfields = new Utf8Buffer(256);
        private Boolean suppressed;
        /** Whether the data field being read has a $t. */
        private boolean hasT;

        Fields(Utf8Buffer out, Boolean suppressed) {
            this.out = out;
            this.suppressed = suppressed;
        }

        /** The array's fields, each an object whose first property is the tag. */
        void writeAll(JsonParser p) throws IOException {
            eachEntry(p, (tag, value) -> {
                if (value == JsonToken.START_OBJECT) dataField(p, tag);
                else controlField(p, tag, value);
            });
        }

        private void controlField(JsonParser p, String tag, JsonToken value) throws IOException {
            out.add("<controlfield tag=\"").attribute(tag).add("\">");
            text(p, value, out);
            out.add("</controlfield>");
        }

        /** A data field's body, its properties in any order: ind1, ind2, subfields (each a one-property object). */
        private void dataField(JsonParser p, String tag) throws IOException {
            String ind1 = " ", ind2 = " ";
            hasT = false;
            subfields.clear();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("ind1") && value.isScalarValue() && value != JsonToken.VALUE_NULL) {
                    ind1 = indicator(p.getText());
                } else if (name.equals("ind2") && value.isScalarValue() && value != JsonToken.VALUE_NULL) {
                    ind2 = indicator(p.getText());
                } else if (name.equals("subfields") && value == JsonToken.START_ARRAY) {
                    eachEntry(p, (code, token) -> {
                        subfields.add("<subfield code=\"").attribute(code).add("\">");
                        text(p, token, subfields);
                        subfields.add("</subfield>");
                        hasT |= code.equals("t");
                    });
                } else {
                    p.skipChildren();
                }
            }
            if (suppressed != null && tag.equals("999") && ind1.equals("f") && ind2.equals("f")) {
                if (!hasT) subfield("t", suppressed ? "1" : "0", subfields);
                suppressed = null; // only the first 999 ff
            }
            open(tag, ind1, ind2);
            out.add(subfields);
            out.add("</datafield>");
        }

        void write(Field f) {
            open(f.tag(), f.ind1(), f.ind2());
            for (Subfield s : f.subfields()) subfield(s.code(), s.value(), out);
            out.add("</datafield>");
        }

        private void open(String tag, String ind1, String ind2) {
            out.add("<datafield tag=\"").attribute(tag).add("\" ind1=\"").attribute(ind1).add("\" ind2=\"")
                    .attribute(ind2).add("\">");
        }

        private static void subfield(String code, String value, Utf8Buffer to) {
            to.add("<subfield code=\"").attribute(code).add("\">").text(value).add("</subfield>");
        }

        /** A scalar value's text, escaped straight from the parser's buffer (no String); "" for anything else. */
        private static void text(JsonParser p, JsonToken value, Utf8Buffer to) throws IOException {
            if (value == JsonToken.VALUE_STRING) to.text(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            else if (value.isScalarValue()) to.text(p.getText());
        }

        /** What is done with one entry: its name, the parser at its value's first token. */
        private interface Entry {
            void accept(String name, JsonToken value) throws IOException;
        }

        /**
         * Each object of the array the parser is in, as MARC-in-JSON's fields and subfields are: its first property
         * is the entry; other properties, empty objects and anything not an object are skipped.
         */
        private static void eachEntry(JsonParser p, Entry entry) throws IOException {
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                if (p.nextToken() != JsonToken.FIELD_NAME) continue; // {}
                String name = p.currentName();
                entry.accept(name, p.nextToken());
                p.skipChildren(); // a value the entry did not read
                while (p.nextToken() == JsonToken.FIELD_NAME) { // the object's other properties
                    p.nextToken();
                    p.skipChildren();
                }
            }
        }
    }

    private static String indicator(String v) {
        return v.isEmpty() ? " " : v.substring(0, 1);
    }
}
