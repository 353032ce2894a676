package org.quire.rtac;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * edge-rtac's XML (Jackson's XML mapper over its model, lists unwrapped): a batch is
 * {@code <instances><holdings><instanceId/><holding>…</holding>…</holdings>…<errors>…</errors></instances>}, one
 * instance is {@code <holdings><instanceId/><holding>…</holding>…</holdings>}. Absent values are left out.
 * Written with the JDK's StAX writer, which escapes text, so no XML library is needed.
 */
public final class RtacXml {
    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private RtacXml() {
    }

    public static byte[] batch(RtacBatch batch) {
        return write(w -> {
            w.writeStartElement("instances");
            for (InstanceHoldings h : batch.holdings()) {
                w.writeStartElement("holdings");
                instance(w, h);
                w.writeEndElement();
            }
            for (RtacBatch.Error e : batch.errors()) {
                w.writeStartElement("errors");
                text(w, "message", e.message());
                text(w, "code", e.code());
                w.writeEndElement();
            }
            w.writeEndElement();
        });
    }

    public static byte[] instance(InstanceHoldings holdings) {
        return write(w -> {
            w.writeStartElement("holdings");
            instance(w, holdings);
            w.writeEndElement();
        });
    }

    /** edge-rtac's HoldingsError for a single instance: {@code <error><message/><code/></error>}. */
    public static byte[] error(RtacBatch.Error e) {
        return write(w -> {
            w.writeStartElement("error");
            text(w, "message", e.message());
            text(w, "code", e.code());
            w.writeEndElement();
        });
    }

    private static void instance(XMLStreamWriter w, InstanceHoldings h) throws XMLStreamException {
        text(w, "instanceId", h.instanceId());
        for (RtacHolding r : h.holdings()) holding(w, r);
    }

    private static void holding(XMLStreamWriter w, RtacHolding h) throws XMLStreamException {
        w.writeStartElement("holding");
        text(w, "id", h.id());
        text(w, "barcode", h.barcode());
        text(w, "callNumber", h.callNumber());
        text(w, "location", h.location());
        text(w, "locationCode", h.locationCode());
        text(w, "locationId", h.locationId());
        text(w, "status", h.status());
        text(w, "dueDate", h.dueDate());
        text(w, "volume", h.volume());
        text(w, "temporaryLoanType", h.temporaryLoanType());
        text(w, "permanentLoanType", h.permanentLoanType());
        text(w, "holdingsCopyNumber", h.holdingsCopyNumber());
        text(w, "itemCopyNumber", h.itemCopyNumber());
        if (h.materialType() != null) {
            w.writeStartElement("materialType");
            text(w, "id", h.materialType().id());
            text(w, "name", h.materialType().name());
            w.writeEndElement();
        }
        if (h.library() != null) {
            w.writeStartElement("library");
            text(w, "id", h.library().id());
            text(w, "name", h.library().name());
            text(w, "code", h.library().code());
            w.writeEndElement();
        }
        if (h.suppressFromDiscovery() != null) text(w, "suppressFromDiscovery", h.suppressFromDiscovery().toString());
        text(w, "totalHoldRequests", Integer.toString(h.totalHoldRequests()));
        for (RtacHolding.Note n : h.notes()) {
            w.writeStartElement("notes");
            text(w, "holdingsNoteTypeName", n.holdingsNoteTypeName());
            text(w, "note", n.note());
            w.writeEndElement();
        }
        statements(w, "holdingsStatements", h.holdingsStatements());
        statements(w, "holdingsStatementsForIndexes", h.holdingsStatementsForIndexes());
        statements(w, "holdingsStatementsForSupplements", h.holdingsStatementsForSupplements());
        w.writeEndElement();
    }

    private static void statements(XMLStreamWriter w, String name, List<RtacHolding.Statement> list)
            throws XMLStreamException {
        for (RtacHolding.Statement s : list) {
            w.writeStartElement(name);
            text(w, "statement", s.statement());
            text(w, "note", s.note());
            w.writeEndElement();
        }
    }

    private static void text(XMLStreamWriter w, String name, String value) throws XMLStreamException {
        if (value == null) return;
        w.writeStartElement(name);
        w.writeCharacters(value);
        w.writeEndElement();
    }

    @FunctionalInterface
    private interface Body {
        void write(XMLStreamWriter w) throws XMLStreamException;
    }

    private static byte[] write(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            XMLStreamWriter w = FACTORY.createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            body.write(w);
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Could not write RTAC XML", e);
        }
        return out.toByteArray();
    }
}
