package org.quire.oaipmh;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An OAI-PMH answer's UTF-8 bytes, added a part (a record) at a time. Each part is encoded on its own: in one
 * StringBuilder, the first character beyond Latin-1 (a combining accent of an LC record) made Java hold the whole
 * page as UTF-16 and encode it to UTF-8 a character at a time, a fifth of a marc21_withholdings page's CPU on
 * {@code quire bench oai}'s profile. A Latin-1 part is encoded in bulk.
 */
final class Utf8Buffer {
    private byte[] bytes;
    private int length;

    Utf8Buffer(int capacity) {
        bytes = new byte[capacity];
    }

    void add(CharSequence part) {
        byte[] b = part.toString().getBytes(StandardCharsets.UTF_8);
        append(b, b.length);
    }

    void add(Utf8Buffer other) {
        append(other.bytes, other.length);
    }

    private void append(byte[] b, int count) {
        if (length + count > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + count));
        System.arraycopy(b, 0, bytes, length, count);
        length += count;
    }

    int length() {
        return length;
    }

    byte[] toByteArray() {
        return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
    }
}
