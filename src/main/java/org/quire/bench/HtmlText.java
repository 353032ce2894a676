package org.quire.bench;

/** Escaping for text put into the HTML report, including its SVG, which must stay parseable as XML too. */
final class HtmlText {
    private HtmlText() {
    }

    static String escape(String s) {
        if (s == null) return "";
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    // Control characters are not allowed in XML 1.0; a label should never hold one, but a report
                    // must not become unreadable because of it.
                    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') out.append('\uFFFD');
                    else out.append(c);
                }
            }
        }
        return out.toString();
    }
}
