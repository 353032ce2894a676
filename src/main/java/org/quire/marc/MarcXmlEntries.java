package org.quire.marc;

import java.io.InputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;

/**
 * Iterates a MARCXML file with a StAX reader on the caller's thread, one record at a time. (marc4j's own
 * MarcXmlReader parses on a second thread, so whether the records before a parse error are delivered depended on
 * thread timing.) Elements are matched by local name, so files with or without the MARC21 namespace both read. A
 * well-formedness error ends the document for any XML parser: it becomes one error entry and iteration stops there;
 * the records before it are delivered.
 */
final class MarcXmlEntries extends EntryIterator {
    private static final XMLInputFactory XML = XMLInputFactory.newFactory();

    static {
        // MARC files come from outside: no DTDs, no external entities.
        XML.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        XML.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    }

    private final MarcFactory factory = MarcFactory.newInstance();
    private final XMLStreamReader xml;
    private final String openError;
    private int index;

    MarcXmlEntries(InputStream in) {
        XMLStreamReader reader = null;
        String error = null;
        try {
            reader = XML.createXMLStreamReader(in);
        } catch (XMLStreamException e) {
            error = e.getMessage();
        }
        this.xml = reader;
        this.openError = error;
    }

    @Override
    protected MarcRecordOrError readNext() {
        try {
            if (openError != null) throw new XMLStreamException(openError);
            while (xml.hasNext()) {
                if (xml.next() == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("record")) {
                    return MarcRecordOrError.ok(++index, readRecord());
                }
            }
            done = true;
            return null;
        } catch (XMLStreamException | RuntimeException e) {
            done = true;
            return MarcRecordOrError.failed(++index, "MARCXML parse error: " + e.getMessage());
        }
    }

    /** Reads from just after {@code <record>} to its end tag. */
    private Record readRecord() throws XMLStreamException {
        Record record = factory.newRecord();
        DataField field = null;
        while (xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("record")) return record;
            if (event != XMLStreamConstants.START_ELEMENT) continue;
            switch (xml.getLocalName()) {
                case "leader" -> record.setLeader(factory.newLeader(xml.getElementText()));
                case "controlfield" -> {
                    String tag = xml.getAttributeValue(null, "tag");
                    record.addVariableField(factory.newControlField(tag, xml.getElementText()));
                }
                case "datafield" -> {
                    field = factory.newDataField(xml.getAttributeValue(null, "tag"),
                            indicator(xml.getAttributeValue(null, "ind1")), indicator(xml.getAttributeValue(null, "ind2")));
                    record.addVariableField(field);
                }
                case "subfield" -> {
                    String code = xml.getAttributeValue(null, "code");
                    String text = xml.getElementText();
                    if (field != null && code != null && !code.isEmpty()) field.addSubfield(factory.newSubfield(code.charAt(0), text));
                }
                default -> {
                    // other elements (none in MARCXML) are ignored
                }
            }
        }
        throw new XMLStreamException("File ended inside a record");
    }

    private static char indicator(String value) {
        return value == null || value.isEmpty() ? ' ' : value.charAt(0);
    }
}
