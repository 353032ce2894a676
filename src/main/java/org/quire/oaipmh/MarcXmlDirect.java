package org.quire.oaipmh;

import java.nio.charset.StandardCharsets;

/**
 * {@link MarcXml}'s fast path: MARCXML written from the MARC-in-JSON's UTF-8 bytes without decoding them. Text is
 * copied byte for byte, escaped for XML on the way; nothing becomes a String or a char. It takes the shape SRS stores
 * — {@code {"fields": [{"001": "…"}, {"245": {"ind1": "1", "ind2": "0", "subfields": [{"a": "…"}]}}], "leader": "…"}},
 * with or without blanks between tokens (Quire writes none, PostgreSQL's jsonb printed them), escapes no more than
 * {@code \"}, {@code \\} and {@code \/} — and refuses anything else, leaving it to the parser-based path, which
 * writes the same XML for what both take (MarcXmlTest compares them on real records).
 */
final class MarcXmlDirect {
    /** Why a record is left to the parser: thrown often enough to cost nothing (no stack trace). */
    private static final class NotTaken extends RuntimeException {
        NotTaken() {
            super(null, null, false, false);
        }
    }

    private static final NotTaken NOT_TAKEN = new NotTaken();

    private static final byte[] FIELDS = ascii("fields"), LEADER = ascii("leader"), IND1 = ascii("ind1"),
            IND2 = ascii("ind2"), SUBFIELDS = ascii("subfields");
    private static final byte[] CONTROL_OPEN = ascii("<controlfield tag=\""), CONTROL_CLOSE = ascii("</controlfield>"),
            DATA_OPEN = ascii("<datafield tag=\""), DATA_IND1 = ascii("\" ind1=\""), DATA_IND2 = ascii("\" ind2=\""),
            DATA_CLOSE = ascii("</datafield>"), SUBFIELD_OPEN = ascii("<subfield code=\""),
            SUBFIELD_CLOSE = ascii("</subfield>"), TAG_END = ascii("\">"), LEADER_OPEN = ascii("<leader>"),
            LEADER_CLOSE = ascii("</leader>"), SUBFIELD_T = ascii("<subfield code=\"t\">");

    private final byte[] json;
    private final Utf8Buffer out;
    private final Utf8Buffer subfields;
    private Boolean suppressed;
    private int pos;

    private MarcXmlDirect(byte[] json, Utf8Buffer out, Utf8Buffer subfields, Boolean suppressed) {
        this.json = json;
        this.out = out;
        this.subfields = subfields;
        this.suppressed = suppressed;
    }

    /**
     * Writes the record's start as {@link MarcXml#start} does and returns true; or returns false having written
     * nothing ({@code out} as it was) when the record is not in the shape this path takes.
     */
    static boolean start(byte[] json, Boolean suppressed, Utf8Buffer out) {
        int mark = out.length();
        try {
            new MarcXmlDirect(json, out, new Utf8Buffer(256), suppressed).record();
            return true;
        } catch (NotTaken | ArrayIndexOutOfBoundsException e) { // a record cut short ends past the array
            out.truncate(mark);
            return false;
        }
    }

    private void record() {
        out.add(MarcXml.RECORD);
        int leaderAt = out.length();
        int leaderFrom = -1, leaderTo = -1;
        boolean sawFields = false;
        expect('{');
        if (peek() != '}') {
            do {
                int keyFrom = string(), keyTo = pos - 1;
                expect(':');
                if (is(keyFrom, keyTo, FIELDS) && !sawFields) {
                    sawFields = true;
                    fields();
                } else if (is(keyFrom, keyTo, LEADER) && leaderFrom < 0 && peek() == '"') {
                    leaderFrom = string();
                    leaderTo = pos - 1;
                } else {
                    throw NOT_TAKEN;
                }
            } while (comma('}'));
        } else {
            pos++;
        }
        if (peek(true) != -1) throw NOT_TAKEN; // anything after the object
        Utf8Buffer leader = new Utf8Buffer(64).add(LEADER_OPEN);
        if (leaderFrom >= 0) text(leaderFrom, leaderTo, leader, false);
        out.insert(leaderAt, leader.add(LEADER_CLOSE));
    }

    private void fields() {
        expect('[');
        if (peek() == ']') {
            pos++;
            return;
        }
        do {
            expect('{');
            int tagFrom = string(), tagTo = pos - 1;
            expect(':');
            int first = peek();
            if (first == '"') {
                int from = string();
                out.add(CONTROL_OPEN);
                text(tagFrom, tagTo, out, true);
                out.add(TAG_END);
                text(from, pos - 1, out, false);
                out.add(CONTROL_CLOSE);
            } else if (first == '{') {
                dataField(tagFrom, tagTo);
            } else {
                throw NOT_TAKEN;
            }
            expect('}');
        } while (comma(']'));
    }

    /** {"ind1": "x", "ind2": "y", "subfields": [{"a": "…"}, …]}, in this order (SRS's). */
    private void dataField(int tagFrom, int tagTo) {
        expect('{');
        byte ind1 = indicator(IND1);
        expect(',');
        byte ind2 = indicator(IND2);
        expect(',');
        int key = string();
        if (!is(key, pos - 1, SUBFIELDS)) throw NOT_TAKEN;
        expect(':');
        expect('[');
        subfields.clear();
        boolean hasT = false;
        if (peek() == ']') {
            pos++;
        } else {
            do {
                expect('{');
                int codeFrom = string(), codeTo = pos - 1;
                expect(':');
                if (peek() != '"') throw NOT_TAKEN;
                int from = string();
                subfields.add(SUBFIELD_OPEN);
                text(codeFrom, codeTo, subfields, true);
                subfields.add(TAG_END);
                text(from, pos - 1, subfields, false);
                subfields.add(SUBFIELD_CLOSE);
                hasT |= codeTo - codeFrom == 1 && json[codeFrom] == 't';
                expect('}');
            } while (comma(']'));
        }
        expect('}');
        if (suppressed != null && tagTo - tagFrom == 3 && json[tagFrom] == '9' && json[tagFrom + 1] == '9'
                && json[tagFrom + 2] == '9' && ind1 == 'f' && ind2 == 'f') {
            if (!hasT) subfields.add(SUBFIELD_T).add(suppressed ? "1" : "0").add(SUBFIELD_CLOSE);
            suppressed = null; // only the first 999 ff
        }
        out.add(DATA_OPEN);
        text(tagFrom, tagTo, out, true);
        out.add(DATA_IND1).attribute(String.valueOf((char) ind1)).add(DATA_IND2)
                .attribute(String.valueOf((char) ind2)).add(TAG_END);
        out.add(subfields);
        out.add(DATA_CLOSE);
    }

    /** "indN": "…" → its first character, a blank when empty; only plain ASCII is taken. */
    private byte indicator(byte[] name) {
        int key = string();
        if (!is(key, pos - 1, name)) throw NOT_TAKEN;
        expect(':');
        if (peek() != '"') throw NOT_TAKEN;
        int from = string();
        if (from == pos - 1) return ' ';
        byte first = json[from];
        if (first < 0x20 || first == '\\') throw NOT_TAKEN; // (a negative byte: beyond ASCII)
        return first;
    }

    /**
     * Copies the string's bytes [from, to) escaped for XML. JSON text in PostgreSQL is valid UTF-8 with no raw
     * control character, so only XML's own characters, the three escapes taken and U+FFFE/U+FFFF (no XML
     * characters: the parser's path drops them) need looking at.
     */
    private void text(int from, int to, Utf8Buffer into, boolean attribute) {
        into.ensure((to - from) * 6); // the most one byte becomes: &quot;
        for (int i = from; i < to; i++) {
            byte b = json[i];
            switch (b) {
                case '&' -> into.add(AMP);
                case '<' -> into.add(LT);
                case '>' -> into.add(GT);
                case '\\' -> {
                    byte e = json[++i];
                    if (e == '"') {
                        if (attribute) into.add(QUOT);
                        else into.put((byte) '"');
                    } else if (e == '\\' || e == '/') {
                        into.put(e);
                    } else {
                        throw NOT_TAKEN;
                    }
                }
                case (byte) 0xEF -> {
                    if (json[i + 1] == (byte) 0xBF && (json[i + 2] == (byte) 0xBE || json[i + 2] == (byte) 0xBF)) {
                        throw NOT_TAKEN;
                    }
                    into.put(b);
                }
                default -> into.put(b);
            }
        }
    }

    private static final byte[] AMP = ascii("&amp;"), LT = ascii("&lt;"), GT = ascii("&gt;"), QUOT = ascii("&quot;");

    /** Reads a string at the cursor (after blanks); returns where its content starts, the cursor after its quote. */
    private int string() {
        expect('"');
        int from = pos;
        while (true) {
            byte b = json[pos++];
            if (b == '"') return from;
            if (b == '\\') pos++;
        }
    }

    private void expect(char c) {
        if (peek() != c) throw NOT_TAKEN;
        pos++;
    }

    /** After an element of an array or object: true at a comma (consumed), false at {@code close} (consumed). */
    private boolean comma(char close) {
        int c = peek();
        pos++;
        if (c == ',') return true;
        if (c == close) return false;
        throw NOT_TAKEN;
    }

    private int peek() {
        return peek(false);
    }

    /** The next byte that is not a blank, the cursor on it; -1 at the end when {@code endAllowed}. */
    private int peek(boolean endAllowed) {
        while (pos < json.length) {
            byte b = json[pos];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') return b;
            pos++;
        }
        if (endAllowed) return -1;
        throw NOT_TAKEN;
    }

    private boolean is(int from, int to, byte[] name) {
        if (to - from != name.length) return false;
        for (int i = 0; i < name.length; i++) if (json[from + i] != name[i]) return false;
        return true;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
