package org.quire.search.normalize;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * ISBN normalisation for the {@code isbn} search option, after mod-search's {@code IsbnProcessor} (index side) and
 * {@code IsbnSearchTermProcessor} (query side, which runs the same normalisation).
 *
 * <p><b>What the index stores</b> ({@link #indexTerms}) for a stored identifier value (types "ISBN" and
 * "Invalid ISBN"):
 * <ul>
 *   <li>a valid ISBN-10 (check digit right; hyphens and spaces anywhere in it): its 10 characters (X upper case) and
 *       its ISBN-13 ({@code 047144250X} → {@code 047144250X}, {@code 9780471442509});</li>
 *   <li>an ISBN-13 (978/979 + 10 digits): its 13 digits and, when it is 978 with a right check digit, its ISBN-10
 *       ({@code 978-0-471-44250-9} → {@code 9780471442509}, {@code 047144250X}). FOLIO only maps 10 → 13; Quire
 *       maps both ways so that a truncated ISBN-10 ({@code 04714*}) finds a record catalogued with its ISBN-13;</li>
 *   <li>the words of a trailing qualifier, each its own lower-case term ({@code (alk. paper)} → {@code alk},
 *       {@code paper}); FOLIO keeps "(alk. paper)" as one token;</li>
 *   <li>anything else (wrong length, wrong check digit): the whole value with the hyphens and spaces between digits
 *       removed, as one term ({@code 1-86-1*} → {@code 1861*}), as FOLIO does for values its patterns reject;
 *       a value without any digit ({@code (pbk.)}) gives its words.</li>
 * </ul>
 * FOLIO only recognises an ISBN-10 written as 10 characters or in exactly four groups; Quire accepts any hyphen and
 * space placement and checks the check digit, so {@code 1 86197 2717 (paper)} gives {@code 1861972717},
 * {@code 9781861972712}, {@code paper} where FOLIO indexes {@code 1861972717 (paper)} (a superset: every FOLIO match
 * still matches).
 *
 * <p><b>What a search term becomes</b> ({@link #query}):
 * <ul>
 *   <li>with a {@code *} (truncation): one term, all hyphens and spaces removed, X upper case, the {@code *} kept:
 *       {@code 04714*}, {@code 0471-4*} → {@code 04714*} (prefix of the stored ISBN-10), {@code 978-0471*} →
 *       {@code 9780471*} (prefix of the stored ISBN-13), {@code *86-1*} → {@code *861*};</li>
 *   <li>otherwise the ISBN forms above as alternatives ({@code anyOf}: the 10 and 13 forms, either matches) and
 *       the qualifier words as required terms ({@code allOf}); a qualifier word alone ({@code paper}) is a term that
 *       matches the stored qualifier word.</li>
 * </ul>
 */
public final class Isbn {
    private Isbn() {}

    /** The terms to index for a stored ISBN value; empty for null and blank. */
    public static List<String> indexTerms(String stored) {
        Parsed p = parse(stored);
        if (p == null) {
            return List.of();
        }
        var terms = new LinkedHashSet<String>(p.numbers());
        terms.addAll(p.qualifierWords());
        return List.copyOf(terms);
    }

    /** The query terms of an {@code isbn} search term. */
    public static IdentifierQuery query(String term) {
        if (term == null || term.isBlank()) {
            return IdentifierQuery.NOTHING;
        }
        if (term.indexOf('*') >= 0) {
            String t = term.strip().replaceAll("[\\s-]+", "").replace('x', 'X');
            return t.isEmpty() ? IdentifierQuery.NOTHING : IdentifierQuery.anyOf(List.of(t));
        }
        Parsed p = parse(term);
        if (p == null) {
            return IdentifierQuery.NOTHING;
        }
        if (p.numbers().isEmpty()) {
            // A qualifier word on its own ("paper"): match the stored qualifier words.
            return new IdentifierQuery(List.of(), p.qualifierWords());
        }
        return new IdentifierQuery(p.numbers(), p.qualifierWords());
    }

    private record Parsed(List<String> numbers, List<String> qualifierWords) {}

    private static Parsed parse(String value) {
        if (value == null) {
            return null;
        }
        String v = collapseSpaces(value.strip());
        if (v.isEmpty()) {
            return null;
        }
        // The leading identifier: digits and X, with single hyphens or spaces between them.
        StringBuilder digits = new StringBuilder();
        int i = 0;
        while (i < v.length()) {
            char c = v.charAt(i);
            if (isIsbnChar(c)) {
                digits.append(Character.toUpperCase(c));
                i++;
            } else if ((c == '-' || c == ' ') && !digits.isEmpty() && i + 1 < v.length()
                    && isIsbnChar(v.charAt(i + 1))) {
                i++;
            } else {
                break;
            }
        }
        String d = digits.toString();
        String rest = v.substring(i).strip();
        boolean restIsQualifier = rest.isEmpty() || !isIsbnChar(rest.charAt(0));
        if (restIsQualifier && d.length() == 10 && isValid10(d)) {
            return new Parsed(List.of(d, to13(d)), words(rest));
        }
        if (restIsQualifier && d.length() == 13 && d.indexOf('X') < 0 // d holds digits and X: without an X, only digits
                && (d.startsWith("978") || d.startsWith("979"))) {
            List<String> numbers = new ArrayList<>(List.of(d));
            if (d.startsWith("978") && isValid13(d)) {
                numbers.add(to10(d));
            }
            return new Parsed(numbers, words(rest));
        }
        if (d.isEmpty() && !hasDigit(v)) {
            // No number at all ("paper", "(alk. paper)"): only words.
            return new Parsed(List.of(), words(v));
        }
        return new Parsed(List.of(joinDigits(v)), List.of());
    }

    private static boolean isIsbnChar(char c) {
        return (c >= '0' && c <= '9') || c == 'X' || c == 'x';
    }

    /**
     * The qualifier's words: runs of letters and numbers (the pattern [\p{L}\p{N}]+, per code point), lower-cased.
     * Loops here and below, not regular expressions: this runs for every ISBN of every indexed instance.
     */
    private static List<String> words(String qualifier) {
        String lower = qualifier.toLowerCase(Locale.ROOT);
        var out = new LinkedHashSet<String>();
        int start = -1;
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            boolean inWord = isLetterOrNumber(c);
            if (inWord && start < 0) start = i;
            if (!inWord && start >= 0) {
                out.add(lower.substring(start, i));
                start = -1;
            }
            i += Character.charCount(c);
        }
        if (start >= 0) out.add(lower.substring(start));
        return List.copyOf(out);
    }

    /** \p{L} or \p{N}: a letter, or a number of any kind (decimal digit, letter number, other number). */
    private static boolean isLetterOrNumber(int c) {
        int type = Character.getType(c);
        return Character.isLetter(c) || type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    /** Each run of ASCII white space (\s: space, tab, line feed, vertical tab, form feed, return) as one space. */
    private static String collapseSpaces(String v) {
        StringBuilder out = new StringBuilder(v.length());
        boolean inRun = false;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            boolean space = c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
            if (!space) out.append(c);
            else if (!inRun) out.append(' ');
            inRun = space;
        }
        return out.toString();
    }

    private static boolean hasDigit(String v) {
        for (int i = 0; i < v.length(); i++) if (Character.isDigit(v.charAt(i))) return true;
        return false;
    }

    /** Removes hyphens and spaces that stand between two digits (mod-search's replaceCharactersBetweenDigits). */
    private static String joinDigits(String v) {
        StringBuilder sb = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            boolean between = i > 0 && i + 1 < v.length() && isIsbnChar(v.charAt(i - 1)) && isIsbnChar(v.charAt(i + 1));
            if (!((c == '-' || c == ' ') && between)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** ISBN-10 check: sum of digit × (10 … 1) divisible by 11, X = 10 only in the last place. */
    static boolean isValid10(String d) {
        if (d.length() != 10) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 10; i++) {
            char c = d.charAt(i);
            int v;
            if (c == 'X' && i == 9) {
                v = 10;
            } else if (Character.isDigit(c)) {
                v = c - '0';
            } else {
                return false;
            }
            sum += v * (10 - i);
        }
        return sum % 11 == 0;
    }

    /** ISBN-13 (EAN-13) check: digits weighted 1, 3, 1, 3 … sum to a multiple of 10. */
    static boolean isValid13(String d) {
        if (d.length() != 13) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 13; i++) {
            char c = d.charAt(i);
            if (!Character.isDigit(c)) {
                return false;
            }
            sum += (c - '0') * (i % 2 == 0 ? 1 : 3);
        }
        return sum % 10 == 0;
    }

    static String to13(String isbn10) {
        String base = "978" + isbn10.substring(0, 9);
        int sum = 0;
        for (int i = 0; i < 12; i++) {
            sum += (base.charAt(i) - '0') * (i % 2 == 0 ? 1 : 3);
        }
        return base + (10 - sum % 10) % 10;
    }

    static String to10(String isbn13) {
        String base = isbn13.substring(3, 12);
        int sum = 0;
        for (int i = 0; i < 9; i++) {
            sum += (base.charAt(i) - '0') * (10 - i);
        }
        int check = (11 - sum % 11) % 11;
        return base + (check == 10 ? "X" : String.valueOf(check));
    }
}
