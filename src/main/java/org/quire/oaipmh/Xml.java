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

    private static void escape(String s, StringBuilder out, boolean attribute) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append(attribute ? "&quot;" : "\"");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') continue;
                    if (c == 0xFFFE || c == 0xFFFF) continue;
                    if (Character.isSurrogate(c)) {
                        // a lone surrogate is not a character; a pair is copied as it is
                        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                            out.append(c).append(s.charAt(++i));
                        }
                        continue;
                    }
                    out.append(c);
                }
            }
        }
    }
}
