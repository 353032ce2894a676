package org.quire.search.normalize;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Classification-number normalisation for the {@code normalizedClassificationNumber} search option: mod-search's
 * {@code ClassificationNumberProcessor} (index) and {@code ClassificationNumberSearchTermProcessor} (query) keep only
 * the ASCII letters and digits ({@code SearchUtils.normalizeToAlphaNumeric}: {@code " abc#!@ 123 "} →
 * {@code abc123}), so spaces and punctuation are ignored; Quire also lower-cases both sides so that case is ignored
 * (folio-catalogue-api.md §1: "ignores case, spaces and punctuation"). On the query side a leading and a trailing
 * {@code *} survive ({@code *QA76.73*} → {@code *qa7673*}); a term with nothing left is {@code *}, as in FOLIO (it
 * matches every record that has a classification number). Letters outside ASCII are dropped, as in FOLIO.
 */
public final class ClassificationNumber {
    private ClassificationNumber() {}

    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^a-zA-Z0-9]");

    /** The normalised form, or null when nothing is left. */
    public static String normalize(String value) {
        if (value == null) {
            return null;
        }
        String n = NOT_ALPHANUMERIC.matcher(value).replaceAll("").toLowerCase(Locale.ROOT);
        return n.isEmpty() ? null : n;
    }

    /** The terms to index for a stored classification number: none or one. */
    public static List<String> indexTerms(String stored) {
        String n = normalize(stored);
        return n == null ? List.of() : List.of(n);
    }

    /** The query term of a {@code normalizedClassificationNumber} search term (never empty; "*" for nothing). */
    public static String queryTerm(String term) {
        if (term == null) {
            return "*";
        }
        String t = term.strip();
        String n = normalize(t);
        if (n == null) {
            return "*";
        }
        return (t.startsWith("*") ? "*" : "") + n + (t.endsWith("*") ? "*" : "");
    }
}
