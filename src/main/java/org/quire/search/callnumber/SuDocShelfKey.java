package org.quire.search.callnumber;

/**
 * Shelf keys for Superintendent of Documents (SuDoc) numbers, e.g. {@code A 1.1:}, {@code HE 20.3612/3-2:},
 * {@code Y 4.C 73/7:S.HRG.109-24}, {@code I 19.79:EROS/990}.
 *
 * <p>SuDoc is a whole-number system read part by part: the class stem (agency letters, office number, dot, series,
 * optional {@code /} sub-series and {@code -} parts) up to the colon, then the book number. The filing rules
 * (GPO's "An Explanation of the Superintendent of Documents Classification System"; Plattsburgh State's
 * "SuDoc filing rules", Humboldt State's "SuDocs shelving tips", Colgate's "Shelf reading") and FOLIO's own tests
 * (mod-search {@code SuDocCallNumberTest}, mod-inventory-storage {@code CallNumberUtilsTest.testSuDocSortingOrder}):
 * <ul>
 *   <li>every number is a whole number: {@code HE 20.40} &lt; {@code HE 20.108} &lt; {@code HE 20.3016};</li>
 *   <li>nothing before something: {@code L 2.3:} &lt; {@code LC 4.7:}, {@code T22.19:M54} &lt; {@code T22.19:M54/990};</li>
 *   <li>the stem decides first: the colon files before any other punctuation at the same place
 *       ({@code T22.19:M54} &lt; {@code T22.19/2:P94}); then dash, dot, slash ({@code GS1.2:SO2} &lt;
 *       {@code GS1.2-SO2} &lt; {@code GS1.2/SO2}, mod-search's test);</li>
 *   <li>letters before numbers ({@code Y 4.J 89/1:AD 65} &lt; {@code Y 4.J 89/1:104/23}; {@code L37.s:} &lt;
 *       {@code L37.2:});</li>
 *   <li>a year after a slash in the book number ({@code /982} = 1982, {@code /2005}) files before the plain numbers at
 *       that place and chronologically among years: {@code J29.2:D84/982} &lt; {@code J29.2:D84/2},
 *       {@code L36.202:F15/990} &lt; {@code /991} &lt; {@code /2} (FOLIO's expected order; Plattsburgh rule 4). A
 *       three-digit year is read as 1000 + n, so {@code /998} &lt; {@code /2003}.</li>
 * </ul>
 * Libraries differ beyond the stem (a 1990s survey found 48% filing letters first, 39% numbers first); Quire follows
 * FOLIO's choices, which its tests encode. Spaces carry no meaning ({@code Y 10.2: B 85 / 10} = {@code Y10.2:B85/10}),
 * case neither ({@code Af} = {@code AF}).
 *
 * <p>Key layout: one element per letter run or number: a separator mark ({@code 1} none, {@code 2} colon, {@code 3}
 * dash, {@code 4} dot, {@code 5} slash, {@code 6} other punctuation), a type mark ({@code A} letters, {@code B} year,
 * {@code C} number) and the value (letters as they are; numbers as a length letter {@code 'A' + digits} then the
 * digits without leading zeros). All marks sort below letters, so a shorter letter run wins.
 */
final class SuDocShelfKey {
    private SuDocShelfKey() {}

    private static final char NONE = '1';
    private static final char COLON = '2';
    private static final char DASH = '3';
    private static final char DOT = '4';
    private static final char SLASH = '5';
    private static final char OTHER = '6';

    static String of(String callNumber) {
        String s = ShelfKeys.fold(callNumber);
        StringBuilder key = new StringBuilder(s.length() + 16);
        char sep = NONE;
        boolean inBookNumber = false;
        boolean bookNumberStarted = false;
        int i = 0;
        int n = s.length();
        while (i < n && key.length() <= ShelfKeys.MAX_LENGTH) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                int start = i;
                while (i < n && s.charAt(i) >= 'A' && s.charAt(i) <= 'Z') {
                    i++;
                }
                key.append(sep).append('A').append(s, start, i);
                sep = NONE;
                bookNumberStarted |= inBookNumber;
            } else if (ShelfKeys.isDigit(c)) {
                int start = i;
                while (i < n && ShelfKeys.isDigit(s.charAt(i))) {
                    i++;
                }
                String digits = s.substring(start, i);
                boolean year = inBookNumber && bookNumberStarted && sep == SLASH
                        && (digits.length() == 3 || digits.length() == 4);
                key.append(sep);
                if (year) {
                    int y = Integer.parseInt(digits);
                    key.append('B').append(y < 1000 ? String.valueOf(1000 + y) : digits);
                } else {
                    key.append('C');
                    appendNumber(key, digits);
                }
                sep = NONE;
                bookNumberStarted |= inBookNumber;
            } else {
                if (c == ':' && !inBookNumber) {
                    // The first colon ends the stem, whatever punctuation came just before it ("A 1.1/:").
                    inBookNumber = true;
                    sep = COLON;
                } else if (!Character.isWhitespace(c) && sep == NONE) {
                    sep = switch (c) {
                        case '-' -> DASH;
                        case '.' -> DOT;
                        case '/' -> SLASH;
                        default -> OTHER;
                    };
                }
                i++;
            }
        }
        return key.toString();
    }

    /** Length letter ('A' + digit count, capped at 'Z') then the digits without leading zeros. */
    private static void appendNumber(StringBuilder key, String digits) {
        int z = 0;
        while (z < digits.length() - 1 && digits.charAt(z) == '0') {
            z++;
        }
        String d = digits.substring(z);
        key.append((char) ('A' + Math.min(d.length(), 25))).append(d);
    }
}
