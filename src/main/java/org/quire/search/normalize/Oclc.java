package org.quire.search.normalize;

import java.util.List;
import java.util.regex.Pattern;

/**
 * OCLC number normalisation for the {@code oclc} search option (identifier types "OCLC" and "Cancelled OCLC"), as
 * mod-search's {@code OclcProcessor} (index) and {@code OclcSearchTermProcessor} (query) do it: runs of white space
 * become one hyphen, and the value is the first run starting with a digit 1–9 and going on with digits and
 * hyphens — so the prefixes {@code (OCoLC)}, {@code ocm}, {@code ocn}, {@code on} and leading zeros fall away. A
 * trailing {@code *} is kept for truncation. mod-search's tests: {@code (OCoLC)ocm842877062}, {@code OCoLC842877062},
 * {@code 0842877062} → {@code 842877062}; {@code (OCoLC)00060710867} → {@code 60710867};
 * {@code ocm0012345 800630} → {@code 12345-800630}. Quire also drops hyphens left dangling at the end
 * ({@code 12345 *} → {@code 12345*}, where FOLIO keeps {@code 12345-*}).
 */
public final class Oclc {
    private Oclc() {}

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern NUMBER = Pattern.compile("[1-9][\\d-]*");

    /** The normalised OCLC number, or null when the value holds none (null, blank, "(OCoLC)", "0000"). */
    public static String normalize(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = WHITESPACE.matcher(value.strip()).replaceAll("-");
        var m = NUMBER.matcher(v);
        if (!m.find()) {
            return null;
        }
        String n = m.group();
        int end = n.length();
        while (end > 0 && n.charAt(end - 1) == '-') {
            end--;
        }
        n = n.substring(0, end);
        return v.endsWith("*") ? n + "*" : n;
    }

    /** The terms to index for a stored OCLC number: none or one. */
    public static List<String> indexTerms(String stored) {
        String n = normalize(stored);
        return n == null ? List.of() : List.of(n);
    }

    /** The query term of an {@code oclc} search term. */
    public static IdentifierQuery query(String term) {
        String n = normalize(term);
        return n == null ? IdentifierQuery.NOTHING : IdentifierQuery.anyOf(List.of(n));
    }
}
