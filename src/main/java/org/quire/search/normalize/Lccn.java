package org.quire.search.normalize;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * LCCN normalisation for the {@code lccn} and {@code canceledLccn} search options.
 *
 * <p>mod-search's {@code DefaultLccnNormalizer} (used for both the index and the search term, MSEARCH-752): white
 * space removed, lower case — so case and spaces are ignored, but the alphabetic prefix is part of the value and is
 * required: {@code n79021425} does not find {@code 79021425}. mod-search's tests: {@code "  n  79021425 "} →
 * {@code n79021425}, {@code N79021425} → {@code n79021425}.
 *
 * <p>Quire also indexes and searches the Library of Congress normalised form (LC's "LCCN namespace" rules, which
 * mod-search's {@code LccnNormalizerStructureB} applies to structure-B numbers): everything from a {@code /} on
 * dropped, and a hyphenated serial number left-padded to six digits ({@code 85-2} → {@code 85000002},
 * {@code n 79-21425} → {@code n79021425}) — the prefix is kept, so it is still required. A {@code *} survives both
 * forms ({@code n7902*}), for truncation.
 */
public final class Lccn {
    private Lccn() {}

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern HYPHENATED = Pattern.compile("^([a-z]*\\d{2}(?:\\d{2})?)-(\\d{1,6})$");

    /** The terms to index for a stored LCCN; empty for null and blank. */
    public static List<String> indexTerms(String stored) {
        if (stored == null || stored.isBlank()) {
            return List.of();
        }
        String folio = WHITESPACE.matcher(stored).replaceAll("").toLowerCase(Locale.ROOT);
        var terms = new LinkedHashSet<String>();
        terms.add(folio);
        String lc = lcNormalised(folio);
        if (lc != null) {
            terms.add(lc);
        }
        return List.copyOf(terms);
    }

    /** The query terms of an LCCN search term: the same forms, any of which may match. */
    public static IdentifierQuery query(String term) {
        List<String> terms = indexTerms(term);
        return terms.isEmpty() ? IdentifierQuery.NOTHING : IdentifierQuery.anyOf(terms);
    }

    /** LC's normal form of an already space-free lower-case LCCN, or null when it has no different one. */
    private static String lcNormalised(String lccn) {
        boolean truncated = lccn.endsWith("*");
        String s = truncated ? lccn.substring(0, lccn.length() - 1) : lccn;
        int slash = s.indexOf('/');
        if (slash >= 0) {
            s = s.substring(0, slash);
        }
        var m = HYPHENATED.matcher(s);
        if (m.matches()) {
            s = m.group(1) + "0".repeat(6 - m.group(2).length()) + m.group(2);
        }
        if (s.isEmpty()) {
            return null;
        }
        return truncated ? s + "*" : s;
    }
}
