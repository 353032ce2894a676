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
     * The document around {@code body}.
     *
     * @param echo whether the request's arguments are echoed as attributes: not after badVerb or badArgument, as
     *             the protocol asks (§3.6)
     */
    static byte[] wrap(Instant now, String baseUrl, String verb, Map<String, String> args, boolean echo,
                       Utf8Buffer body) {
        Utf8Buffer document = new Utf8Buffer(body.length() + 1024);
        head(now, baseUrl, verb, args, echo, document);
        document.add(body);
        end(document);
        return document.toByteArray();
    }

    /**
     * The document's start, up to the verb's element: written first into the buffer a list page is built in, so that
     * its hundreds of kilobytes are not copied into a second document.
     */
    static void head(Instant now, String baseUrl, String verb, Map<String, String> args, boolean echo,
                     Utf8Buffer document) {
        document.add("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<OAI-PMH xmlns=\"" + NAMESPACE
                + "\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"" + NAMESPACE
                + " http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd\">\n<responseDate>")
                .add(OaiPmh.SECONDS.format(now.truncatedTo(ChronoUnit.SECONDS))).add("</responseDate>\n<request");
        if (echo && verb != null) {
            document.add(" verb=\"").attribute(verb).add("\"");
            for (var e : args.entrySet()) {
                if (e.getKey().equals("verb")) continue;
                document.add(" ").add(e.getKey()).add("=\"").attribute(e.getValue()).add("\"");
            }
        }
        document.add(">").text(baseUrl).add("</request>\n");
    }

    /** The document's end, after the verb's element. */
    static void end(Utf8Buffer document) {
        document.add("\n</OAI-PMH>\n");
    }
}
