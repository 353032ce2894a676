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
            LEADER_CLOSE = ascii("</leader>"), SUBFIELD_T = ascii("<subfield code=\"t\">"),
            RECORD = ascii(MarcXml.RECORD);

    private final byte[] json;
    private final Utf8Buffer out;
    private Boolean suppressed;
    private int pos;

    private MarcXmlDirect(byte[] json, Utf8Buffer out, Boolean suppressed) {
        this.json = json;
        this.out = out;
        this.suppressed = suppressed;
    }

    /**
     * Writes the record's start as {@link MarcXml#start} does and returns true; or returns false having written
     * nothing ({@code out} as it was) when the record is not in the shape this path takes.
     */
    static boolean start(byte[] json, Boolean suppressed, Utf8Buffer out) {
        int mark = out.length();
        try {
            new MarcXmlDirect(json, out, suppressed).record();
            return true;
        } catch (NotTaken | ArrayIndexOutOfBoundsException e) { // a record cut short ends past the array
            out.truncate(mark);
            return false;
        }
    }

    private void record() {
        out.add(RECORD);
        int leaderAt = out.length();
        int leaderQuote = -1;
        boolean sawFields = false;
        expect('{');
        if (peek() != '}') {
            do {
                int keyFrom = string(), keyTo = pos - 1;
                expect(':');
                if (is(keyFrom, keyTo, FIELDS) && !sawFields) {
                    sawFields = true;
                    fields();
                } else if (is(keyFrom, keyTo, LEADER) && leaderQuote < 0 && peek() == '"') {
                    leaderQuote = string() - 1;
                } else {
                    throw NOT_TAKEN;
                }
            } while (comma('}'));
        } else {
            pos++;
        }
        if (peek(true) != -1) throw NOT_TAKEN; // anything after the object
        Utf8Buffer leader = new Utf8Buffer(64).add(LEADER_OPEN);
        if (leaderQuote >= 0) copyStringAt(leaderQuote, leader, false);
        out.insert(leaderAt, leader.add(LEADER_CLOSE)); // SRS keeps the leader after the fields
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
                out.add(CONTROL_OPEN);
                copyStringAt(tagFrom - 1, out, true);
                out.add(TAG_END);
                copyString(out, false);
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
        out.add(DATA_OPEN);
        copyStringAt(tagFrom - 1, out, true);
        out.add(DATA_IND1);
        writeIndicator(ind1);
        out.add(DATA_IND2);
        writeIndicator(ind2);
        out.add(TAG_END);
        boolean hasT = false;
        if (peek() == ']') {
            pos++;
        } else {
            do {
                expect('{');
                int codeFrom = string(), codeTo = pos - 1;
                expect(':');
                if (peek() != '"') throw NOT_TAKEN;
                out.add(SUBFIELD_OPEN);
                copyStringAt(codeFrom - 1, out, true);
                out.add(TAG_END);
                copyString(out, false);
                out.add(SUBFIELD_CLOSE);
                hasT |= codeTo - codeFrom == 1 && json[codeFrom] == 't';
                expect('}');
            } while (comma(']'));
        }
        expect('}');
        if (suppressed != null && tagTo - tagFrom == 3 && json[tagFrom] == '9' && json[tagFrom + 1] == '9'
                && json[tagFrom + 2] == '9' && ind1 == 'f' && ind2 == 'f') {
            if (!hasT) out.add(SUBFIELD_T).add((byte) (suppressed ? '1' : '0')).add(SUBFIELD_CLOSE);
            suppressed = null; // only the first 999 ff
        }
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

    /** An indicator {@link #indicator} took, as an attribute value. */
    private void writeIndicator(byte ind) {
        if (SPECIAL[ind & 0xFF]) out.attribute(String.valueOf((char) ind)); // & < > (a quote or backslash was refused)
        else out.add(ind);
    }

    /** {@link #copyString} of the string whose opening quote is at {@code quote}; the cursor stays where it is. */
    private void copyStringAt(int quote, Utf8Buffer into, boolean attribute) {
        int cursor = pos;
        pos = quote;
        copyString(into, attribute);
        pos = cursor;
    }

    /**
     * Copies the string at the cursor (after blanks) escaped for XML, the cursor after its closing quote: runs of
     * plain bytes in bulk (scanning and copying a byte at a time was a fifth of a page's Java time). JSON text in
     * PostgreSQL is valid UTF-8 with no raw control character, so only XML's own characters, the three escapes
     * taken and U+FFFE/U+FFFF (no XML characters: the parser's path drops them) need looking at.
     */
    private void copyString(Utf8Buffer into, boolean attribute) {
        expect('"');
        while (true) {
            int run = pos, end = run;
            while (!SPECIAL[json[end] & 0xFF]) end++;
            into.add(json, run, end - run);
            byte b = json[end];
            pos = end + 1;
            switch (b) {
                case '"' -> {
                    return;
                }
                case '&' -> into.add(AMP);
                case '<' -> into.add(LT);
                case '>' -> into.add(GT);
                case '\\' -> {
                    byte e = json[pos++];
                    if (e == '"') {
                        into.add(attribute ? QUOT : QUOTE);
                    } else if (e == '\\' || e == '/') {
                        into.add(e == '/' ? SLASH : BACKSLASH);
                    } else {
                        throw NOT_TAKEN;
                    }
                }
                default -> { // 0xEF: the first byte of U+FFFE and U+FFFF, and of many a character XML takes
                    if (json[pos] == (byte) 0xBF && (json[pos + 1] == (byte) 0xBE || json[pos + 1] == (byte) 0xBF)) {
                        throw NOT_TAKEN;
                    }
                    into.add(EF);
                }
            }
        }
    }

    /** The bytes {@link #copyString} stops at. */
    private static final boolean[] SPECIAL = new boolean[256];

    static {
        for (char c : new char[] {'"', '\\', '&', '<', '>'}) SPECIAL[c] = true;
        SPECIAL[0xEF] = true;
    }

    private static final byte[] AMP = ascii("&amp;"), LT = ascii("&lt;"), GT = ascii("&gt;"), QUOT = ascii("&quot;"),
            QUOTE = ascii("\""), SLASH = ascii("/"), BACKSLASH = ascii("\\"), EF = {(byte) 0xEF};

    /** Reads a string at the cursor (after blanks); returns where its content starts, the cursor after its quote. */
    private int string() {
        expect('"');
        int from = pos, at = from;
        while (true) {
            byte b = json[at++];
            if (b == '"') break;
            if (b == '\\') at++;
        }
        pos = at;
        return from;
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
