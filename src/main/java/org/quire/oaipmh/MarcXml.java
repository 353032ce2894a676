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
 * PostgreSQL's jsonb text puts {@code fields} before {@code leader} (keys of one length in byte order), so the
 * leader is inserted at its place once the record has been read.
 */
final class MarcXml {
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
    static void start(String marcJson, Boolean suppressed, StringBuilder out) {
        try (JsonParser p = Json.MAPPER.getFactory().createParser(marcJson)) {
            start(p, suppressed, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same for a record already in a tree (MARC generated from an instance). */
    static void start(JsonNode marc, Boolean suppressed, StringBuilder out) {
        try (JsonParser p = marc.traverse(Json.MAPPER)) {
            start(p, suppressed, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The end of a record {@link #start}ed: {@code extra} fields after the record's own. */
    static void end(List<Field> extra, StringBuilder out) {
        Fields fields = new Fields(out, null);
        for (Field f : extra) fields.write(f);
        out.append("</record>");
    }

    private static void start(JsonParser p, Boolean suppressed, StringBuilder out) throws IOException {
        out.append("<record xmlns=\"").append(NAMESPACE).append("\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ")
                .append("xsi:schemaLocation=\"").append(NAMESPACE).append(' ').append(SCHEMA).append("\">");
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
        StringBuilder l = new StringBuilder(leader.length() + 20).append("<leader>");
        Xml.text(leader, l);
        out.insert(leaderAt, l.append("</leader>"));
    }

    /** The fields of one record as they are read; {@code subfields} is reused from one data field to the next. */
    private static final class Fields {
        private final StringBuilder out;
        private final StringBuilder subfields = new StringBuilder(256);
        private Boolean suppressed;
        /** Whether the data field being read has a $t. */
        private boolean hasT;

        Fields(StringBuilder out, Boolean suppressed) {
            this.out = out;
            this.suppressed = suppressed;
        }

        /** The array's fields, each an object whose first property is the tag. */
        void writeAll(JsonParser p) throws IOException {
            eachEntry(p, (tag, value) -> {
                if (value == JsonToken.START_OBJECT) dataField(p, tag);
                else controlField(tag, value.isScalarValue() ? p.getText() : "");
            });
        }

        private void controlField(String tag, String value) {
            out.append("<controlfield tag=\"");
            Xml.attribute(tag, out);
            out.append("\">");
            Xml.text(value, out);
            out.append("</controlfield>");
        }

        /** A data field's body, its properties in any order: ind1, ind2, subfields (each a one-property object). */
        private void dataField(JsonParser p, String tag) throws IOException {
            String ind1 = " ", ind2 = " ";
            hasT = false;
            subfields.setLength(0);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("ind1") && value.isScalarValue() && value != JsonToken.VALUE_NULL) {
                    ind1 = indicator(p.getText());
                } else if (name.equals("ind2") && value.isScalarValue() && value != JsonToken.VALUE_NULL) {
                    ind2 = indicator(p.getText());
                } else if (name.equals("subfields") && value == JsonToken.START_ARRAY) {
                    eachEntry(p, (code, text) -> {
                        subfield(code, text.isScalarValue() ? p.getText() : "", subfields);
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
            out.append(subfields).append("</datafield>");
        }

        void write(Field f) {
            open(f.tag(), f.ind1(), f.ind2());
            for (Subfield s : f.subfields()) subfield(s.code(), s.value(), out);
            out.append("</datafield>");
        }

        private void open(String tag, String ind1, String ind2) {
            out.append("<datafield tag=\"");
            Xml.attribute(tag, out);
            out.append("\" ind1=\"");
            Xml.attribute(ind1, out);
            out.append("\" ind2=\"");
            Xml.attribute(ind2, out);
            out.append("\">");
        }

        private static void subfield(String code, String value, StringBuilder to) {
            to.append("<subfield code=\"");
            Xml.attribute(code, to);
            to.append("\">");
            Xml.text(value, to);
            to.append("</subfield>");
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
