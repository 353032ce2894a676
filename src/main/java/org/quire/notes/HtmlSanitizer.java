package org.quire.notes;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.safety.Safelist;

/**
 * Cleans a note's HTML content before it is stored, as mod-notes' HtmlSanitizer does (jsoup, the same allowed
 * tags p, strong, em, a, u, ol, ul, li, h1-h3, br; class and style everywhere; href, rel, target on links; no pretty
 * printing). One departure: a link's href must be http, https or mailto, so a {@code javascript:} URL cannot reach
 * the staff UI, which renders the content as HTML.
 */
final class HtmlSanitizer {
    private static final Safelist SAFELIST = new Safelist()
            .addTags("p", "strong", "em", "a", "u", "ol", "ul", "li", "h1", "h2", "h3", "br")
            .addAttributes(":all", "class", "style")
            .addAttributes("a", "href", "rel", "target")
            .addProtocols("a", "href", "http", "https", "mailto");

    private static final Document.OutputSettings OUTPUT = new Document.OutputSettings().prettyPrint(false);

    private HtmlSanitizer() {
    }

    static String sanitize(String content) {
        return content == null || content.isBlank() ? content : Jsoup.clean(content, "", SAFELIST, OUTPUT);
    }
}
