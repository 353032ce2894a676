package org.quire.bench;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * What a harvester takes from one OAI-PMH page, read from its UTF-8 bytes: each header's identifier, the resumption
 * token, the first error. The bench runs on the server's machine, so its harvesters' own work competes with what it
 * measures: decoding each page (hundreds of kilobytes) to a String and scanning it with three regular expressions
 * cost the bench's 8 harvesters about 5 ms of CPU per page, a quarter of the machine. The markup searched for is
 * ASCII, and none of it can occur inside a record's text (XML escapes '<').
 */
final class OaiPageScan {
    private static final byte[] IDENTIFIER = ascii("<identifier>"), IDENTIFIER_END = ascii("</identifier>"),
            HEADER = ascii("<header>"), DELETED_HEADER = ascii("<header status=\"deleted\">"),
            TOKEN = ascii("<resumptionToken"), ERROR = ascii("<error code=\"");

    private OaiPageScan() {
    }

    /** Each header's identifier (an identifier outside a header is not counted); returns how many. */
    static long identifiers(byte[] page, Consumer<String> each) {
        long n = 0;
        for (int at = indexOf(page, IDENTIFIER, 0); at >= 0; at = indexOf(page, IDENTIFIER, at + 1)) {
            if (!endsWith(page, at, HEADER) && !endsWith(page, at, DELETED_HEADER)) continue;
            int from = at + IDENTIFIER.length, to = indexOf(page, IDENTIFIER_END, from);
            if (to < 0) break;
            each.accept(new String(page, from, to - from, StandardCharsets.UTF_8));
            n++;
        }
        return n;
    }

    /** The resumption token's value; "" for the last page's empty token, null when the page has none. */
    static String token(byte[] page) {
        int at = lastIndexOf(page, TOKEN);
        if (at < 0) return null;
        int from = indexOf(page, (byte) '>', at) + 1, to = indexOf(page, (byte) '<', from);
        return from <= 0 || to < 0 ? null : new String(page, from, to - from, StandardCharsets.UTF_8);
    }

    /** The first error as "code: message", or null. */
    static String error(byte[] page) {
        int at = indexOf(page, ERROR, 0);
        if (at < 0) return null;
        int codeFrom = at + ERROR.length, codeTo = indexOf(page, (byte) '"', codeFrom);
        int messageFrom = indexOf(page, (byte) '>', codeTo) + 1, messageTo = indexOf(page, (byte) '<', messageFrom);
        if (codeTo < 0 || messageFrom <= 0 || messageTo < 0) return "unreadable error element";
        return new String(page, codeFrom, codeTo - codeFrom, StandardCharsets.UTF_8) + ": "
                + new String(page, messageFrom, messageTo - messageFrom, StandardCharsets.UTF_8);
    }

    private static boolean endsWith(byte[] page, int at, byte[] suffix) {
        int from = at - suffix.length;
        return from >= 0 && java.util.Arrays.equals(page, from, at, suffix, 0, suffix.length);
    }

    private static int indexOf(byte[] page, byte b, int from) {
        if (from < 0) return -1;
        for (int i = from; i < page.length; i++) if (page[i] == b) return i;
        return -1;
    }

    /** The needle's first byte located with a plain loop (what the JIT vectorises best), the rest compared. */
    private static int indexOf(byte[] page, byte[] needle, int from) {
        byte first = needle[0];
        for (int i = indexOf(page, first, from); i >= 0 && i <= page.length - needle.length;
             i = indexOf(page, first, i + 1)) {
            if (java.util.Arrays.equals(page, i, i + needle.length, needle, 0, needle.length)) return i;
        }
        return -1;
    }

    private static int lastIndexOf(byte[] page, byte[] needle) {
        for (int i = page.length - needle.length; i >= 0; i--) {
            if (page[i] == needle[0] && java.util.Arrays.equals(page, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
