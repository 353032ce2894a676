package org.quire.oaipmh;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An OAI-PMH answer's UTF-8 bytes: markup and text are encoded as they are added, text escaped for XML 1.0 in the
 * same pass ({@link #text}, {@link #attribute}; characters XML 1.0 cannot carry, most C0 controls, are dropped). On
 * {@code quire bench oai}'s profile, escaping into a StringBuilder and encoding each record after took a third of a
 * marc21_withholdings page's Java time; and in one StringBuilder the first character beyond Latin-1 (a combining
 * accent of an LC record) made Java hold the whole page as UTF-16 and encode it a character at a time.
 */
final class Utf8Buffer {
    private byte[] bytes;
    private int length;

    Utf8Buffer(int capacity) {
        bytes = new byte[capacity];
    }

    /** Adds text as it is: markup, or text already escaped. */
    Utf8Buffer add(CharSequence part) {
        String s = part.toString();
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) { // rare in markup: the rest in bulk
                byte[] b = s.substring(i).getBytes(StandardCharsets.UTF_8);
                add(b, 0, b.length);
                return this;
            }
            bytes[length++] = (byte) c;
        }
        return this;
    }

    void add(Utf8Buffer other) {
        add(other.bytes, 0, other.length);
    }

    /** Adds the bytes {@code from} (inclusive) to {@code to} (exclusive) of {@code other}. */
    void add(Utf8Buffer other, int from, int to) {
        if (from < 0 || to > other.length || from > to) throw new IndexOutOfBoundsException(from + ".." + to);
        add(other.bytes, from, to - from);
    }

    /** Adds bytes that are UTF-8 already (markup kept as bytes). */
    Utf8Buffer add(byte[] utf8) {
        add(utf8, 0, utf8.length);
        return this;
    }

    /** Adds {@code count} bytes of {@code utf8} from {@code offset}, UTF-8 already. */
    void add(byte[] utf8, int offset, int count) {
        ensure(count);
        System.arraycopy(utf8, offset, bytes, length, count);
        length += count;
    }

    /** Adds one byte of UTF-8 (plain ASCII). */
    Utf8Buffer add(byte b) {
        ensure(1);
        bytes[length++] = b;
        return this;
    }

    /** Adds XML character data, escaped. */
    Utf8Buffer text(String s) {
        escape(s, false);
        return this;
    }

    /** Adds an attribute value (in double quotes), escaped. */
    Utf8Buffer attribute(String s) {
        escape(s, true);
        return this;
    }

    /** Adds XML character data, escaped: {@code count} characters of {@code chars} from {@code offset}. */
    void text(char[] chars, int offset, int count) {
        ensure(count * 6); // the longest a character becomes: &quot; (a surrogate pair: 4 bytes for 2)
        for (int i = offset, end = offset + count; i < end; i++) {
            char c = chars[i];
            if (c < 0x80 && c >= 0x20 && c != '&' && c != '<' && c != '>') {
                bytes[length++] = (byte) c;
            } else {
                i = special(c, i, end, chars, false);
            }
        }
    }

    private void escape(String s, boolean attribute) {
        int n = s.length();
        ensure(n * 6);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80 && c >= 0x20 && c != '&' && c != '<' && c != '>' && (c != '"' || !attribute)) {
                bytes[length++] = (byte) c;
            } else {
                i = specialInString(c, i, s, attribute);
            }
        }
    }

    private int specialInString(char c, int i, String s, boolean attribute) {
        char next = i + 1 < s.length() ? s.charAt(i + 1) : 0;
        return special(c, next, i, attribute);
    }

    private int special(char c, int i, int end, char[] chars, boolean attribute) {
        return special(c, i + 1 < end ? chars[i + 1] : 0, i, attribute);
    }

    /**
     * One character that is not plain ASCII text, {@code next} the one after it (0 at the end); returns the index of
     * the last character it used. Most C0 controls, U+FFFE and U+FFFF are no XML characters and are dropped, as is a
     * lone surrogate; a pair is one character of four bytes.
     */
    private int special(char c, char next, int i, boolean attribute) {
        switch (c) {
            case '&' -> ascii("&amp;");
            case '<' -> ascii("&lt;");
            case '>' -> ascii("&gt;");
            case '"' -> {
                if (attribute) ascii("&quot;");
                else bytes[length++] = '"';
            }
            case '\t', '\n', '\r' -> bytes[length++] = (byte) c;
            default -> {
                if (c < 0x20) return i;
                if (c < 0x800) {
                    bytes[length++] = (byte) (0xC0 | c >> 6);
                    bytes[length++] = (byte) (0x80 | c & 0x3F);
                } else if (Character.isHighSurrogate(c)) {
                    if (!Character.isLowSurrogate(next)) return i;
                    int cp = Character.toCodePoint(c, next);
                    bytes[length++] = (byte) (0xF0 | cp >> 18);
                    bytes[length++] = (byte) (0x80 | cp >> 12 & 0x3F);
                    bytes[length++] = (byte) (0x80 | cp >> 6 & 0x3F);
                    bytes[length++] = (byte) (0x80 | cp & 0x3F);
                    return i + 1;
                } else if (Character.isLowSurrogate(c) || c >= 0xFFFE) {
                    return i;
                } else {
                    bytes[length++] = (byte) (0xE0 | c >> 12);
                    bytes[length++] = (byte) (0x80 | c >> 6 & 0x3F);
                    bytes[length++] = (byte) (0x80 | c & 0x3F);
                }
            }
        }
        return i;
    }

    private void ascii(String entity) {
        for (int k = 0; k < entity.length(); k++) bytes[length++] = (byte) entity.charAt(k);
    }

    /** Moves what was added from {@code at} on to after {@code part}'s bytes, which go at {@code at}. */
    void insert(int at, Utf8Buffer part) {
        ensure(part.length);
        System.arraycopy(bytes, at, bytes, at + part.length, length - at);
        System.arraycopy(part.bytes, 0, bytes, at, part.length);
        length += part.length;
    }

    /** Makes room for {@code more} bytes. */
    private void ensure(int more) {
        if (length + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }

    int length() {
        return length;
    }

    /**
     * Buffers kept for reuse, at most {@code kept} of them, each made with {@code capacity} bytes; one that grew
     * beyond four times that (a page of very long records) is let go rather than kept.
     */
    static final class Pool {
        private final java.util.concurrent.ArrayBlockingQueue<Utf8Buffer> spare;
        private final int capacity;

        Pool(int kept, int capacity) {
            this.spare = new java.util.concurrent.ArrayBlockingQueue<>(kept);
            this.capacity = capacity;
        }

        /** An empty buffer: a kept one, or a new one. */
        Utf8Buffer take() {
            Utf8Buffer b = spare.poll();
            if (b == null) return new Utf8Buffer(capacity);
            b.clear();
            return b;
        }

        /** Keeps a buffer its user is done with (it must not be used after). */
        void give(Utf8Buffer b) {
            if (b.bytes.length <= 4 * capacity) spare.offer(b);
        }
    }

    void clear() {
        length = 0;
    }

    /** Drops what was added after the first {@code length} bytes. */
    void truncate(int length) {
        this.length = length;
    }

    /** A copy of the bytes added (always a copy: a pooled buffer's array is written again). */
    byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
