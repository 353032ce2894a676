package org.quire.bench;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * What a harvester takes from one OAI-PMH page: each header's identifier, the resumption token, the first error. The
 * bench runs on the server's machine, so its harvesters' own work competes with what it measures: decoding each page
 * (hundreds of kilobytes) as UTF-8 and scanning it with three regular expressions cost the bench's 8 harvesters about
 * 5 ms of CPU per page, a quarter of the machine; with two byte-by-byte passes over each page (the identifiers, then
 * an error) their Java code was still a tenth of it (perf, docs/benchmarks.md). The markup searched for is ASCII, and
 * none of it can occur inside a record's text (XML escapes '<'), so the page is viewed as Latin-1 — each byte one
 * character, a plain copy — and searched with {@link String#indexOf(String, int)}; an error is looked for only
 * where the protocol puts it. The values found are decoded from the bytes as UTF-8.
 */
final class OaiPageScan {
    private static final String IDENTIFIER = "<identifier>", IDENTIFIER_END = "</identifier>", HEADER = "<header>",
            DELETED_HEADER = "<header status=\"deleted\">", TOKEN = "<resumptionToken", ERROR = "<error code=\"",
            REQUEST_END = "</request>";

    private final byte[] page;
    private final String latin1;

    private OaiPageScan(byte[] page) {
        this.page = page;
        this.latin1 = new String(page, StandardCharsets.ISO_8859_1);
    }

    static OaiPageScan of(byte[] page) {
        return new OaiPageScan(page);
    }

    /** Each header's identifier (an identifier outside a header is not counted); returns how many. */
    long identifiers(Consumer<String> each) {
        long n = 0;
        for (int at = latin1.indexOf(IDENTIFIER); at >= 0; at = latin1.indexOf(IDENTIFIER, at + 1)) {
            if (!latin1.startsWith(HEADER, at - HEADER.length())
                    && !latin1.startsWith(DELETED_HEADER, at - DELETED_HEADER.length())) continue;
            int from = at + IDENTIFIER.length(), to = latin1.indexOf(IDENTIFIER_END, from);
            if (to < 0) break;
            each.accept(utf8(from, to));
            n++;
        }
        return n;
    }

    /** The resumption token's value; "" for the last page's empty token, null when the page has none. */
    String token() {
        int at = latin1.lastIndexOf(TOKEN);
        if (at < 0) return null;
        int from = latin1.indexOf('>', at) + 1, to = latin1.indexOf('<', from);
        return from <= 0 || to < 0 ? null : utf8(from, to);
    }

    /**
     * The first error as "code: message", or null. OAI-PMH puts errors right after the request element (§3.6), so
     * only that place is looked at, not the whole page.
     */
    String error() {
        int request = latin1.indexOf(REQUEST_END);
        if (request < 0) return null;
        int at = request + REQUEST_END.length();
        while (at < latin1.length() && Character.isWhitespace(latin1.charAt(at))) at++;
        if (!latin1.startsWith(ERROR, at)) return null;
        int codeFrom = at + ERROR.length(), codeTo = latin1.indexOf('"', codeFrom);
        int messageFrom = codeTo < 0 ? 0 : latin1.indexOf('>', codeTo) + 1;
        int messageTo = messageFrom <= 0 ? -1 : latin1.indexOf('<', messageFrom);
        if (codeTo < 0 || messageTo < 0) return "unreadable error element";
        return utf8(codeFrom, codeTo) + ": " + utf8(messageFrom, messageTo);
    }

    private String utf8(int from, int to) {
        return new String(page, from, to - from, StandardCharsets.UTF_8);
    }
}
