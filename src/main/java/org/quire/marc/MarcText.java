package org.quire.marc;

import java.text.Normalizer;
import java.util.Set;
import java.util.regex.Pattern;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Subfield;

/** Text helpers for turning MARC subfields into clean FOLIO strings. */
final class MarcText {
    private MarcText() {}

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** ISBD punctuation that ends a MARC subfield to introduce the next one (" :", " /", ...). */
    private static final String ENDING_PUNCTUATION = ";:,/+=";
    /** Abbreviations whose final period is part of the word, not ISBD punctuation. */
    private static final Set<String> ABBREVIATIONS =
            Set.of("etc", "jr", "sr", "inc", "ltd", "co", "corp", "bros", "ed", "eds", "esq", "st");

    /**
     * Collapses whitespace and normalizes to NFC. MARC-8 conversion and many UTF-8 records carry
     * decomposed diacritics (e + combining acute); NFC makes "é" one character so that search,
     * sorting and equality behave as users expect.
     */
    static String clean(String s) {
        if (s == null) {
            return "";
        }
        String normalized = Normalizer.normalize(s, Normalizer.Form.NFC);
        return WHITESPACE.matcher(normalized).replaceAll(" ").strip();
    }

    /** Values of the subfields whose codes appear in {@code codes}, in field order. */
    static String join(DataField field, String codes, String separator) {
        StringBuilder sb = new StringBuilder();
        for (Subfield sf : field.getSubfields()) {
            if (codes.indexOf(sf.getCode()) < 0) {
                continue;
            }
            String value = clean(sf.getData());
            if (value.isEmpty()) {
                continue;
            }
            if (!sb.isEmpty()) {
                sb.append(separator);
            }
            sb.append(value);
        }
        return sb.toString();
    }

    /** The first non-blank value of subfield {@code code}, cleaned, or "" if none. */
    static String first(DataField field, char code) {
        for (Subfield sf : field.getSubfields(code)) {
            String value = clean(sf.getData());
            if (!value.isEmpty()) {
                return value;
            }
        }
        return "";
    }

    /** FOLIO's "remove_ending_punc": drops trailing ; : , / + = and the spaces before them. */
    static String removeEndingPunctuation(String s) {
        String out = s.strip();
        while (!out.isEmpty() && ENDING_PUNCTUATION.indexOf(out.charAt(out.length() - 1)) >= 0) {
            out = out.substring(0, out.length() - 1).strip();
        }
        return out;
    }

    /**
     * FOLIO's "trim_period": drops one final period. Unlike FOLIO we keep it after an initial
     * ("Krueger, Richard A.") or a common abbreviation ("etc."), and an ellipsis, where the period
     * belongs to the text.
     */
    static String trimPeriod(String s) {
        String out = s.strip();
        if (!out.endsWith(".") || out.endsWith("...")) {
            return out;
        }
        String body = out.substring(0, out.length() - 1);
        int start = body.length();
        while (start > 0 && Character.isLetter(body.charAt(start - 1))) {
            start--;
        }
        String lastWord = body.substring(start);
        boolean initial = lastWord.length() == 1 && Character.isUpperCase(lastWord.charAt(0));
        if (initial || ABBREVIATIONS.contains(lastWord.toLowerCase())) {
            return out;
        }
        return body.strip();
    }

    /** Removes ISBD punctuation and a final period, e.g. for titles: "Focus groups /" → "Focus groups". */
    static String trimAll(String s) {
        return removeEndingPunctuation(trimPeriod(removeEndingPunctuation(s)));
    }

    static String capitalize(String s) {
        if (s.isEmpty()) {
            return s;
        }
        int first = s.codePointAt(0);
        return new StringBuilder()
                .appendCodePoint(Character.toUpperCase(first))
                .append(s, Character.charCount(first), s.length())
                .toString();
    }
}
