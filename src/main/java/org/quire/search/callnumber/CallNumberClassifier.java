package org.quire.search.callnumber;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Tells which scheme an untyped call number belongs to, from its content alone.
 *
 * <p>FOLIO does this by trying marc4j's parsers in a fixed order and taking the first that calls the value valid:
 * NLM, LC, Dewey, SuDoc (mod-inventory-storage {@code org.folio.services.CallNumberUtils.getShelfKeyFromCallNumber},
 * mod-search {@code EffectiveShelvingOrderTermProcessor.getSearchTerm}). marc4j's validity checks are lax (LC accepts
 * "DVD 1234", "Thesis 2005 .S55" and the SuDoc number "T22.19:M54/990"), so Quire decides by shape instead, in this
 * order:
 * <ol>
 *   <li>SuDoc: agency letters, a number and a dot ({@code A 1.34}, {@code PrEx 3.10/4}), and then a colon or a slash
 *       somewhere (neither LC nor NLM ever has one), or an agency letter LC does not use (I, X, Y);</li>
 *   <li>NLM: the classes W, WA–WZ and QS–QZ followed by a number (marc4j's {@code NlmCallNumber.isValid}), or the
 *       three-letter classes of NLM's 19th-century schedule followed by a cutter ({@code WAA F671w 1900});</li>
 *   <li>LC: one to three class letters that are an LC class or subclass (LC's outline), a class number of up to four
 *       digits with optional decimals;</li>
 *   <li>Dewey: three digits, optional decimals (with or without segmentation marks {@code /} or {@code '});</li>
 *   <li>everything else (local schemes, shelving by title, "DVD 1234", empty): {@link CallNumberScheme#OTHER}.</li>
 * </ol>
 * Never throws; null and blank are OTHER.
 */
public final class CallNumberClassifier {
    private CallNumberClassifier() {}

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern SUDOC_STEM = Pattern.compile("^[A-Z]{1,4} ?\\d+\\..*");
    private static final Pattern NLM = Pattern.compile("^(W[A-Z]{0,2}|Q[S-Z][A-Z]?) ?([A-Z]+)?\\d.*");
    private static final Pattern LC = Pattern.compile("^([A-Z]{1,3}) ?\\d{1,4}(\\.\\d+)?([ .A-Z(]|$).*");
    private static final Pattern DEWEY = Pattern.compile("^\\d{3}([./' ]|$).*");

    /**
     * LC classes and subclasses (Library of Congress Classification Outline, loc.gov/catdir/cpso/lcco). K has many
     * three-letter subclasses (KBM, KDZ, KJV …): any K followed by one or two letters is accepted.
     */
    private static final Set<String> LC_CLASSES = Set.of((
            "A AC AE AG AI AM AN AP AS AY AZ B BC BD BF BH BJ BL BM BP BQ BR BS BT BV BX "
            + "C CB CC CD CE CJ CN CR CS CT D DA DAW DB DC DD DE DF DG DH DJ DJK DK DL DP DQ DR DS DT DU DX "
            + "E F G GA GB GC GE GF GN GR GT GV H HA HB HC HD HE HF HG HJ HM HN HQ HS HT HV HX "
            + "J JA JC JF JJ JK JL JN JQ JS JV JX JZ K L LA LB LC LD LE LF LG LH LJ LT M ML MT "
            + "N NA NB NC ND NE NK NX P PA PB PC PD PE PF PG PH PJ PK PL PM PN PQ PR PS PT PZ "
            + "Q QA QB QC QD QE QH QK QL QM QP QR R RA RB RC RD RE RF RG RJ RK RL RM RS RT RV RX RZ "
            + "S SB SD SF SH SK T TA TC TD TE TF TG TH TJ TK TL TN TP TR TS TT TX U UA UB UC UD UE UF UG UH "
            + "V VA VB VC VD VE VF VG VK VM Z ZA").split(" "));

    /** The scheme of an untyped call number. */
    public static CallNumberScheme classify(String callNumber) {
        if (callNumber == null || callNumber.isBlank()) {
            return CallNumberScheme.OTHER;
        }
        // Collapse runs of white space so that "A  1.1:" and "QA 76" match the patterns' single optional space.
        String s = WHITESPACE.matcher(callNumber.strip()).replaceAll(" ").toUpperCase(Locale.ROOT);
        if (SUDOC_STEM.matcher(s).matches()
                && (s.indexOf(':') >= 0 || s.indexOf('/') >= 0 || "IXY".indexOf(s.charAt(0)) >= 0)) {
            return CallNumberScheme.SUDOC;
        }
        if (NLM.matcher(s).matches()) {
            return CallNumberScheme.NLM;
        }
        var lc = LC.matcher(s);
        if (lc.matches() && isLcClass(lc.group(1))) {
            return CallNumberScheme.LC;
        }
        if (DEWEY.matcher(s).matches()) {
            return CallNumberScheme.DEWEY;
        }
        return CallNumberScheme.OTHER;
    }

    static boolean isLcClass(String letters) {
        if (letters.charAt(0) == 'K') {
            return true;
        }
        return LC_CLASSES.contains(letters);
    }
}
