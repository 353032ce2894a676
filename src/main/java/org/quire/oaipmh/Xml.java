package org.quire.oaipmh;

/** XML 1.0 escaping for text and attribute values; characters XML 1.0 cannot carry (most C0 controls) are dropped. */
final class Xml {
    private Xml() {
    }

    static void text(String s, StringBuilder out) {
        escape(s, out, false);
    }

    static void attribute(String s, StringBuilder out) {
        escape(s, out, true);
    }

    static String escaped(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        escape(s, b, true);
        return b.toString();
    }

    /** Copies runs of characters that need no escaping in one append each: most of a MARC record's text. */
    private static void escape(String s, StringBuilder out, boolean attribute) {
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0xD800 && c != '&' && c != '<' && c != '>' && (c != '"' || !attribute)) continue;
            if (c >= 0xE000 && c < 0xFFFE) continue;
            out.append(s, run, i);
            run = i + 1;
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\t', '\n', '\r' -> out.append(c);
                default -> {
                    // most C0 controls, U+FFFE and U+FFFF are not XML characters: dropped; a lone surrogate is not a
                    // character either, a pair is copied as it is
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                        run = i + 1;
                    }
                }
            }
        }
        out.append(s, run, s.length());
    }
}
