package org.quire.search.callnumber;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.marc4j.callnum.CallNumber;
import org.marc4j.callnum.DeweyCallNumber;
import org.marc4j.callnum.LCCallNumber;
import org.marc4j.callnum.NlmCallNumber;

/**
 * Shelf keys: plain strings whose {@link String#compareTo} order is the true shelf order of the call numbers they
 * were made from, so that an index can sort and range on them (browse anchors, {@code >=}/{@code <} queries).
 *
 * <p>LC, NLM and Dewey keys are marc4j's ({@code LCCallNumber}, {@code NlmCallNumber}, {@code DeweyCallNumber}
 * {@code getShelfKey()}, trimmed), exactly as FOLIO computes them (mod-search {@code ShelvingOrderCalculationHelper},
 * mod-inventory-storage {@code effectiveShelvingOrder}), so Quire's keys are FOLIO's keys: class letters, then the
 * class number with its digit count in front ({@code QA76.73} → {@code QA 276.73}, {@code QA100} → {@code QA 3100},
 * so 76.73 sorts before 100), cutters as decimals ({@code .C56} → {@code C56} before {@code C6}), years and volume
 * numbers numerically ({@code v.9} → {@code V 19} before {@code v.10} → {@code V 210}). A value marc4j calls invalid
 * for its declared scheme, or one marc4j throws on, gets the {@link #other other} key instead.
 *
 * <p>SuDoc keys are Quire's ({@link SuDocShelfKey}); FOLIO's SuDoc class lives in mod-search, not marc4j.
 *
 * <p>Keys never exceed {@link #MAX_LENGTH} characters (Lucene's term limit is 32766 bytes); a longer key is cut,
 * which keeps the order of everything that differs within the first {@value #MAX_LENGTH} characters.
 */
public final class ShelfKeys {
    private ShelfKeys() {}

    public static final int MAX_LENGTH = 512;

    private static final Pattern MARKS = Pattern.compile("\\p{M}+");

    /** The key of a call number of a known scheme; a null scheme means "classify it first". Never null. */
    public static String of(CallNumberScheme scheme, String callNumber) {
        if (callNumber == null || callNumber.isBlank()) {
            return "";
        }
        CallNumberScheme s = scheme == null ? CallNumberClassifier.classify(callNumber) : scheme;
        String key = switch (s) {
            case LC -> marc4j(new LCCallNumber(callNumber), callNumber);
            case NLM -> marc4j(new NlmCallNumber(callNumber), callNumber);
            case DEWEY -> marc4j(new DeweyCallNumber(withoutSegmentationMarks(callNumber)), callNumber);
            case SUDOC -> SuDocShelfKey.of(callNumber);
            case OTHER -> other(callNumber);
        };
        return cut(key);
    }

    /** The key of an untyped call number: {@link CallNumberClassifier#classify} decides the scheme. */
    public static String of(String callNumber) {
        return of(null, callNumber);
    }

    /**
     * The key of an item: its call number followed by volume, enumeration, chronology, copy number and suffix, as
     * FOLIO's {@code effectiveShelvingOrder} joins them (mod-inventory-storage {@code CallNumberUtilsTest}: call number
     * "PN2 .A6", volume "v. 3", enumeration "no. 2", chronology "1999" → {@code PN 12 A6 V 13 NO 12 41999}; suffix
     * "+" → {@code … NO 11 +}). The prefix is not part of it: FOLIO shelves "Oversize PN2 .A6" among the PN2s.
     */
    public static String forItem(CallNumberScheme scheme, String callNumber, String volume, String enumeration,
            String chronology, String copyNumber, String suffix) {
        String joined = Stream.of(callNumber, volume, enumeration, chronology, copyNumber)
                .filter(p -> p != null && !p.isBlank())
                .map(String::strip)
                .collect(Collectors.joining(" "));
        CallNumberScheme s = scheme != null ? scheme : CallNumberClassifier.classify(callNumber);
        String key = of(s, joined);
        if (suffix == null || suffix.isBlank()) {
            return key;
        }
        // The suffix goes last, as its own part (FOLIO keeps "+" where marc4j would drop it): numbers in it sort
        // numerically ("Suppl. 2" before "Suppl. 10"); a suffix of punctuation only is kept as written.
        String suffixKey = other(suffix);
        String tail = suffixKey.isEmpty() ? suffix.strip() : suffixKey;
        return cut(key.isEmpty() ? tail : key + " " + tail);
    }

    /**
     * Dewey numbers from MARC 082 carry segmentation marks ({@code 813/.54}, {@code 341.7/58}, {@code 943.08'7}) that
     * only show where a library may cut the number; they are not part of it. marc4j reads the slash as a separator
     * ({@code 813/.54} → {@code 3813 254}, after {@code 813.6}); Quire removes the marks inside the leading class
     * number first, so {@code 813/.54} and {@code 813.54} get the same key ({@code 973/0496073}, a mark without the
     * point, is read 973.0496073). FOLIO feeds marc4j the raw value.
     */
    static String withoutSegmentationMarks(String callNumber) {
        var m = DEWEY_CLASS.matcher(callNumber);
        if (!m.lookingAt()) {
            return callNumber;
        }
        String cls = m.group().strip().replace("/", "").replace("'", "");
        if (cls.length() > 3 && cls.charAt(3) != '.') {
            // "973/0496073": the mark stood where the point belongs; a Dewey number has three digits before it.
            cls = cls.substring(0, 3) + "." + cls.substring(3);
        }
        return cls + callNumber.substring(m.end());
    }

    private static final Pattern DEWEY_CLASS = Pattern.compile("\\s*\\d{3}(?:[/']?\\.?[/']?\\d)*");

    private static String marc4j(CallNumber parsed, String raw) {
        try {
            String key = parsed.isValid() ? parsed.getShelfKey() : null;
            if (key != null && !key.isBlank()) {
                return key.strip();
            }
        } catch (RuntimeException e) {
            // marc4j's parsers are regex-and-index code; a value it cannot handle falls back to the generic key.
        }
        return other(raw);
    }

    /**
     * The fallback key for local and unknown schemes: upper case, accents folded, every run of punctuation and
     * space one space, and each number written with its digit count first so that numbers sort numerically
     * ("Box 9" before "Box 10", "DVD 1234" before "DVD 10000") — FOLIO only upper-cases (mod-search
     * {@code ShelvingOrderCalculationHelper} DEFAULT), which puts "Box 10" before "Box 9". Letters of any script
     * are kept; numbers of more than nine digits sort after all shorter ones but among themselves only by digits.
     */
    public static String other(String callNumber) {
        if (callNumber == null) {
            return "";
        }
        String s = fold(callNumber);
        StringBuilder key = new StringBuilder(Math.min(s.length() + 8, MAX_LENGTH + 16));
        int i = 0;
        int n = s.length();
        while (i < n && key.length() <= MAX_LENGTH) {
            int cp = s.codePointAt(i);
            if (isDigit(cp)) {
                int start = i;
                while (i < n && isDigit(s.charAt(i))) {
                    i++;
                }
                space(key);
                appendNumber(key, s.substring(start, i));
            } else if (Character.isLetter(cp)) {
                int start = i;
                while (i < n && Character.isLetter(s.codePointAt(i))) {
                    i += Character.charCount(s.codePointAt(i));
                }
                space(key);
                key.append(s, start, i);
            } else {
                i += Character.charCount(cp);
            }
        }
        return cut(key.toString());
    }

    /** Upper case with accents removed (NFD, combining marks dropped), like an ICU folding of Latin letters. */
    static String fold(String s) {
        String d = Normalizer.normalize(s, Normalizer.Form.NFD);
        return MARKS.matcher(d).replaceAll("").toUpperCase(Locale.ROOT);
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** A number as its digit count ('1'..'9', ':' for longer) followed by its digits without leading zeros. */
    static void appendNumber(StringBuilder key, String digits) {
        int z = 0;
        while (z < digits.length() - 1 && digits.charAt(z) == '0') {
            z++;
        }
        String d = digits.substring(z);
        key.append(d.length() <= 9 ? (char) ('0' + d.length()) : ':').append(d);
    }

    private static void space(StringBuilder key) {
        if (!key.isEmpty()) {
            key.append(' ');
        }
    }

    static String cut(String key) {
        return key.length() <= MAX_LENGTH ? key : key.substring(0, MAX_LENGTH);
    }
}
