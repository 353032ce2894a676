package org.quire.oaipmh;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/** The OAI-PMH envelope (OAI-PMH 2.0 §3.2): responseDate, the request echoed, then the verb's element or errors. */
final class OaiDocument {
    static final String NAMESPACE = "http://www.openarchives.org/OAI/2.0/";

    private OaiDocument() {
    }

    /**
     * @param echo whether the request's arguments are echoed as attributes: not after badVerb or badArgument, as
     *             the protocol asks (§3.6)
     */
    static byte[] wrap(Instant now, String baseUrl, String verb, Map<String, String> args, boolean echo,
                       Utf8Buffer body) {
        StringBuilder out = new StringBuilder(512);
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<OAI-PMH xmlns=\"").append(NAMESPACE)
                .append("\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"")
                .append(NAMESPACE).append(" http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd\">\n<responseDate>")
                .append(OaiPmh.SECONDS.format(now.truncatedTo(ChronoUnit.SECONDS))).append("</responseDate>\n<request");
        if (echo && verb != null) {
            out.append(" verb=\"");
            Xml.attribute(verb, out);
            out.append('"');
            for (var e : args.entrySet()) {
                if (e.getKey().equals("verb")) continue;
                out.append(' ').append(e.getKey()).append("=\"");
                Xml.attribute(e.getValue(), out);
                out.append('"');
            }
        }
        out.append('>');
        Xml.text(baseUrl, out);
        out.append("</request>\n");
        Utf8Buffer document = new Utf8Buffer(out.length() + body.length() + 16);
        document.add(out);
        document.add(body);
        document.add("\n</OAI-PMH>\n");
        return document.toByteArray();
    }
}
