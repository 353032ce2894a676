package org.quire.sru;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.StringWriter;

/**
 * A thin writer over StAX for the SRU answers: elements are always closed and text always escaped, so the answer is
 * well-formed whatever the data; characters XML 1.0 cannot carry (MARC's C0 controls, lone surrogates) are
 * dropped, as in OAI-PMH's answers. Prefixes are declared by the caller on the element that introduces them.
 */
final class XmlOut {
    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newInstance();

    private final StringWriter out = new StringWriter(4096);
    private final XMLStreamWriter w;

    XmlOut(boolean declaration) {
        try {
            w = FACTORY.createXMLStreamWriter(out);
            if (declaration) w.writeStartDocument("UTF-8", "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Opens {@code prefix:name} in namespace {@code ns} (an empty prefix is the default namespace). */
    XmlOut start(String prefix, String name, String ns) {
        try {
            w.writeStartElement(prefix, name, ns);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Declares a namespace on the element just opened. */
    XmlOut ns(String prefix, String ns) {
        try {
            if (prefix.isEmpty()) w.writeDefaultNamespace(ns);
            else w.writeNamespace(prefix, ns);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    XmlOut attr(String name, String value) {
        try {
            w.writeAttribute(name, clean(value));
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    XmlOut text(String text) {
        try {
            w.writeCharacters(clean(text));
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Adds markup that is well-formed already (a MARCXML record written by {@code MarcXml}) as it is. */
    XmlOut raw(String markup) {
        try {
            w.writeCharacters(""); // closes the start tag still open
            w.flush();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        out.write(markup);
        return this;
    }

    XmlOut end() {
        try {
            w.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** {@code <prefix:name>text</prefix:name>}; nothing when text is null. */
    XmlOut element(String prefix, String name, String ns, String text) {
        if (text == null) return this;
        return start(prefix, name, ns).text(text).end();
    }

    /** The document written so far, all elements closed. */
    String finish() {
        try {
            w.writeEndDocument();
            w.flush();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }

    /** The text without the characters XML 1.0 does not allow. */
    static String clean(String s) {
        if (s == null) return "";
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok;
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                if (b != null) b.append(c).append(s.charAt(i + 1));
                i++;
                continue;
            }
            ok = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
            if (!ok && b == null) b = new StringBuilder(s.length()).append(s, 0, i);
            if (b != null && ok) b.append(c);
        }
        return b == null ? s : b.toString();
    }
}
