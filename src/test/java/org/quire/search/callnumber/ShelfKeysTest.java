package org.quire.search.callnumber;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.search.callnumber.CallNumberScheme.DEWEY;
import static org.quire.search.callnumber.CallNumberScheme.LC;
import static org.quire.search.callnumber.CallNumberScheme.NLM;
import static org.quire.search.callnumber.CallNumberScheme.OTHER;
import static org.quire.search.callnumber.CallNumberScheme.SUDOC;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Shelf order on hand-checked lists whose order comes from library shelving guides (cited at each list) and from
 * FOLIO's own tests; exact keys where FOLIO's tests state them.
 */
class ShelfKeysTest {

    /** Asserts that the keys strictly increase along the list and that sorting a shuffled copy gives the list back. */
    static void assertShelfOrder(CallNumberScheme scheme, List<String> shelfOrder) {
        for (int i = 0; i + 1 < shelfOrder.size(); i++) {
            String a = shelfOrder.get(i);
            String b = shelfOrder.get(i + 1);
            assertThat(ShelfKeys.of(scheme, a))
                    .as("%s (%s) before %s (%s)", a, ShelfKeys.of(scheme, a), b, ShelfKeys.of(scheme, b))
                    .isLessThan(ShelfKeys.of(scheme, b));
        }
        List<String> shuffled = new ArrayList<>(shelfOrder);
        Collections.shuffle(shuffled, new Random(13));
        shuffled.sort(Comparator.comparing(cn -> ShelfKeys.of(scheme, cn)));
        assertThat(shuffled).containsExactlyElementsOf(shelfOrder);
    }

    @Test
    void lcClassLettersThenClassNumberNumericallyThenCuttersAsDecimals() {
        assertShelfOrder(LC, List.of(
                // Roanoke-Chowan / NYLS "Shelving rules of LC call numbers": single letters before double letters.
                "Q171 .B2", "QA76.73 .C56", "QA76.73 .C6", "QA100 .B2", "QC718.7 .A1", "QC718.8 .A1", "QL1 .A1",
                "R11 .A1", "RA1 .A1"));
        // The brief and LNDL's "Reading call numbers" guide: class numbers are whole numbers (QA76.73 < QA100,
        // BF723 < BF7222), cutters are decimals (.C56 < .C6; .P25 S63 < .P25 S7).
        assertShelfOrder(LC, List.of("BF723 .P25 S63", "BF723 .P25 S7", "BF7222 .A1"));
        // Yale University Library, "Shelflist order (YUL file)": B before BX; QB139 < QB145; QC718.7 < QC718.8;
        // PR2983.K56 < PR2983.L4; a cutter decimal sequence; two cutters, first then second.
        assertShelfOrder(LC, List.of("B1 .A1", "BX1 .A1", "QB139 .A1", "QB145 .A1", "QC718.7", "QC718.8"));
        assertShelfOrder(LC, List.of("PR2983.K56", "PR2983.L4"));
        assertShelfOrder(LC, List.of("TR647 .W4", "TR647 .W44", "TR647 .W45", "TR647 .W453", "TR647 .W5"));
        assertShelfOrder(LC, List.of("PN98 .D43 Z54", "PN98 .D43 Z55", "PN98 .D48 E54", "PN98 .D48 W45",
                "PN98 .E36 R67", "PN98 .E4 D54"));
        // NYLS: K383.12 < K383.5, KF250.39977 < KF250.4 (decimals of the class number read as decimals).
        assertShelfOrder(LC, List.of("K383.12", "K383.5", "KF250.39977", "KF250.4"));
        // Fordham "Locate a book": .I933 is shelved before .I96.
        assertShelfOrder(LC, List.of("PS3525.I933 G6", "PS3525.I96 G6"));
    }

    @Test
    void lcNothingBeforeSomethingDatesVolumesAndCopies() {
        // Anderson University "LCC practicum": QC 981.8 .G56 G578 before QC 981.8 .G56 G578 2002; Roanoke-Chowan:
        // no date before a date, no volume before a volume; volumes and copies numerically.
        assertShelfOrder(LC, List.of("QC981.8 .G56 G578", "QC981.8 .G56 G578 2002", "QC981.8 .G56 G578 2006",
                "QC981.8 .G56 G578 2006 v.2", "QC981.8 .G56 G578 2006 v.10", "QC981.8 .G56 G578 2006 v.10 c.2",
                "QC981.8 .G56 G578 2006 v.10 c.11"));
        assertShelfOrder(LC, List.of("HD9696.C6 U6 no.9", "HD9696.C6 U6 no.10", "HD9696.C6 U6 no.100"));
        // Spacing and case do not matter.
        assertThat(ShelfKeys.of(LC, "qa 76.73 .j38 s35 2005")).isEqualTo(ShelfKeys.of(LC, "QA76.73.J38S35 2005"));
    }

    @Test
    void lcAndNlmKeysAreFolioKeys() {
        // mod-inventory-storage CallNumberUtilsTest.inputForShelvingNumber: effectiveShelvingOrder of an item from
        // (call number, volume, enumeration, chronology, copy number, suffix).
        assertThat(ShelfKeys.forItem(LC, "PN2 .A6", null, null, null, null, null)).isEqualTo("PN 12 A6");
        assertThat(ShelfKeys.forItem(LC, "PN2 .A6", "v. 3", "no. 2", "1999", null, null))
                .isEqualTo("PN 12 A6 V 13 NO 12 41999");
        assertThat(ShelfKeys.forItem(LC, "PN2 .A6 1999", null, null, null, null, "CD")).isEqualTo("PN 12 A6 41999 CD");
        assertThat(ShelfKeys.forItem(LC, "PN2 .A6 1999", null, null, null, "2", null)).isEqualTo("PN 12 A6 41999 12");
        assertThat(ShelfKeys.forItem(LC, "PN2 .A69", null, null, "1922", "2", null)).isEqualTo("PN 12 A69 41922 12");
        assertThat(ShelfKeys.forItem(LC, "PN2 .A69", "v.1", "no. 1", null, null, "+"))
                .isEqualTo("PN 12 A69 V 11 NO 11 +");
        assertThat(ShelfKeys.of(LC, "PR9199.3 1920 .L33 1475 .A6")).isEqualTo("PR 49199.3 41920 L33 41475 A6");
        assertThat(ShelfKeys.of(LC, "PQ2678.K26 P54")).isEqualTo("PQ 42678 K26 P54");
        assertThat(ShelfKeys.of(LC, "PQ8550.21.R57 V5 1992")).isEqualTo("PQ 48550.21 R57 V5 41992");
        assertThat(ShelfKeys.of(LC, "PR919 .L33 1990")).isEqualTo("PR 3919 L33 41990");
        assertThat(ShelfKeys.of(LC, "PR9199.48 .B3")).isEqualTo("PR 49199.48 B3");
        assertThat(ShelfKeys.of(NLM, "QS 11 .GA1 E53 2005")).isEqualTo("QS 211 G A1 E53 42005");
        assertThat(ShelfKeys.of(NLM, "WB 102.5 B62 2018")).isEqualTo("WB 3102.5 B62 42018");
        // Untyped: the classifier picks the same scheme, so the same keys.
        assertThat(ShelfKeys.of("PN2 .A6 v.3 no.2 1999")).isEqualTo("PN 12 A6 V 13 NO 12 41999");
        assertThat(ShelfKeys.of("WB 102.5 B62 2018")).isEqualTo("WB 3102.5 B62 42018");
    }

    @Test
    void itemKeysIgnoreThePrefixAndBlankParts() {
        assertThat(ShelfKeys.forItem(null, "PN2 .A6", " ", "", null, null, null)).isEqualTo("PN 12 A6");
        assertThat(ShelfKeys.forItem(null, null, null, null, null, null, null)).isEmpty();
        // The items of one holdings record file by volume, then copy.
        assertThat(ShelfKeys.forItem(LC, "QA76.73 .J38", "v.2", null, null, "1", null))
                .isLessThan(ShelfKeys.forItem(LC, "QA76.73 .J38", "v.10", null, null, "1", null));
    }

    @Test
    void nlmUsesLcRulesWithItsOwnClasses() {
        // NLM Classification (classification.nlm.nih.gov): LC's notation and arrangement, schedules QS-QZ and W-WZ.
        assertShelfOrder(NLM, List.of("QS 4 .A1", "QS 11 .GA1 E53 2005", "QS 22 .B5", "QT 104 .B2", "QV 4 .B5 2000",
                "QZ 200 .C3", "W 1 .A1", "W 18 .C4", "WA 100 .A2", "WB 102.5 .B62 2018", "WB 102.5 .B62 2019",
                "WB 115 .A3", "WZ 100 .A1"));
    }

    @Test
    void deweyNumericWithDecimalsThenCutters() {
        // Dewey: three-digit base read as a number, then decimals digit by digit; then the book number (Illinois
        // CAM "Shelflisting": numeric sort, then alternating alphabetic and numeric sub-sorts).
        assertShelfOrder(DEWEY, List.of("005.1 A1", "005.13 A1", "005.133 A1", "005.2 A1", "005.74 A1", "100 A1",
                "100.1 A1", "394.1 O41b", "641.5943 M68l", "813.54 A1", "813.6 A1", "823.914 R52", "823.914 R6",
                "823.914 R6 v.2", "823.914 R6 v.10"));
        // mod-inventory-storage CallNumberUtilsTest keys.
        assertThat(ShelfKeys.of(DEWEY, "341.7")).isEqualTo("3341.7");
        assertThat(ShelfKeys.of(DEWEY, "394.1 O41b")).isEqualTo("3394.1 O41 B");
        assertThat(ShelfKeys.forItem(DEWEY, "621.56 W91m", "v.3", "no. 2", "1999", null, null))
                .isEqualTo("3621.56 W91 M V 13 NO 12 41999");
    }

    @Test
    void deweySegmentationMarksAreIgnored() {
        // MARC 082 writes "813/.54" for 813.54 (the slash only marks where the number may be cut). FOLIO keys
        // "341.7/58 / 21" as "3341.7 258 221"; Quire reads the class number 341.758.
        assertThat(ShelfKeys.of(DEWEY, "813/.54")).isEqualTo(ShelfKeys.of(DEWEY, "813.54"));
        assertThat(ShelfKeys.of(DEWEY, "943.08'7 B2")).isEqualTo(ShelfKeys.of(DEWEY, "943.087 B2"));
        assertThat(ShelfKeys.of(DEWEY, "341.7/58 / 21")).isEqualTo("3341.758 221");
        assertShelfOrder(DEWEY, List.of("813/.52", "813/.54", "813.6"));
    }

    @Test
    void sudocFolioSequences() {
        // mod-search SuDocCallNumberTest.getShelfKey_exampleSequence_matchesExpectedSortOrder and
        // mod-inventory-storage CallNumberUtilsTest.testSuDocSortingOrder.
        assertShelfOrder(SUDOC, List.of("J29.2:D84/982", "J29.2:D84/2", "L36.202:F15/990", "L36.202:F15/991",
                "L36.202:F15/2", "L37.s:Oc1/2/991", "L37.2:Oc1/2/conversion", "T22.19:M54", "T22.19:M54/990",
                "T22.19/2:P94", "T22.19/2:P94/2", "Y4.F76/2:Af8/12", "Y4.F76/2:Af8/12/rev."));
        // mod-inventory-storage CallNumberUtilsTest.checkSuDocShelvingOrder (expected orders of its triples).
        assertShelfOrder(SUDOC, List.of("T22.19:M54", "T22.19:M54/990", "T22.19/2:P94/2"));
        assertShelfOrder(SUDOC, List.of("T22.19/2:P94/2", "T22.19/2:V88/retest", "T22.19/2:V88/retest/989"));
        assertShelfOrder(SUDOC, List.of("T22.19/2:V88/test/989", "T22.19/2:V88/989/student/militia",
                "T22.19/2:V88/989/student/spanish"));
        assertShelfOrder(SUDOC, List.of("C 55.309/2", "C 55.309/2-2", "C 55.309/2-8", "C 55.309/2-10", "D 3.186",
                "D 3.186/3", "D 3.186/7-3", "EP 1.23:A 62 A 1.35", "EP 1.23:91-44"));
        // mod-search SuDocCallNumberTest: numeric suffixes, punctuation precedence, spaces.
        assertShelfOrder(SUDOC, List.of("I 19.42/4:9", "I 19.42/4:10"));
        assertShelfOrder(SUDOC, List.of("A 13.28:W 63", "A 13.28:W 64"));
        assertShelfOrder(SUDOC, List.of("GS1.2:SO2", "GS1.2-SO2", "GS1.2/SO2"));
        assertThat(ShelfKeys.of(SUDOC, "Y 10.2: B 85 / 10")).isEqualTo(ShelfKeys.of(SUDOC, "Y10.2:B85/10"));
    }

    @Test
    void sudocLibraryFilingRules() {
        // Plattsburgh State "SuDoc filing rules" 2: prefixes (stems) first.
        assertShelfOrder(SUDOC, List.of("A 1.34:583", "ED 1.302:H 43", "ED 1.302:P 26", "HE 20.3182:C 76/997",
                "PrEx 3.10/4:Af 8/6/998", "SI 8.2:L 19", "Y 1.1/8:102-334"));
        // Plattsburgh 3 and Humboldt State "SuDocs shelving tips" 2: whole numbers, not decimals.
        assertShelfOrder(SUDOC, List.of("ED 1.1:", "ED 1.2:", "ED 1.14:", "ED 1.115:"));
        assertShelfOrder(SUDOC, List.of("HE 20.40:", "HE 20.108:", "HE 20.3016:"));
        // Humboldt 3: stem numbers first.
        assertShelfOrder(SUDOC, List.of("HE 20.3612/3:", "HE 20.3612/3-2:", "HE 20.3612/4:"));
        // Humboldt 1: letters before numbers.
        assertShelfOrder(SUDOC, List.of("Y 4.J 89/1:AD 65", "Y 4.J 89/1:104/23", "Y 4.J 89/2:C 55/2",
                "Y 4.J 89/2:98/52"));
        // Plattsburgh 4: years in order when everything before them is equal.
        assertShelfOrder(SUDOC, List.of("A 1.16:C 22/985", "A 1.16:C 22/986", "A 1.16:C 22/987", "A 1.16:C 22/2003"));
        // docest.com "Shelving government documents": part by part; nothing before something; single letters
        // before multiple letters.
        assertShelfOrder(SUDOC, List.of("Y 4.AG 8/1:C 68", "Y 4.AG 8/1:C 68/2", "Y 4.J 89/1:AN 8/10",
                "Y 4.J 89/2:AN 8/10"));
        assertShelfOrder(SUDOC, List.of("L 2.3:", "LC 4.7:", "N 11.5:", "NAS 1.21:", "NS 1.2:"));
        // Colgate University "Shelf reading": all numbers are whole numbers.
        assertShelfOrder(SUDOC, List.of("E 1.5:1", "E 1.5:2", "E 1.5:5", "E 1.5:10", "E 1.5:24", "E 1.5:100",
                "E 1.8:5"));
        // The brief's examples.
        assertShelfOrder(SUDOC, List.of("A 1.1:", "A 1.1:2", "I 19.79:EROS", "I 19.79:EROS/990",
                "Y 4.C 73/7:S.HRG.109-", "Y 4.C 73/7:S.HRG.109-24", "Y 4.C 73/7:S.HRG.109-100"));
        // Case and spaces carry no meaning; a trailing colon neither.
        assertThat(ShelfKeys.of(SUDOC, "PrEx 3.10/4:Af 8/6/998")).isEqualTo(ShelfKeys.of(SUDOC, "PREX3.10/4:AF8/6/998"));
        assertThat(ShelfKeys.of(SUDOC, "A 1.1:")).isEqualTo(ShelfKeys.of(SUDOC, "A 1.1"));
    }

    @Test
    void otherKeysSortNumbersNumericallyAndFoldCaseAndAccents() {
        assertShelfOrder(OTHER, List.of("Box 1", "Box 2", "Box 9", "Box 10", "Box 10 A", "Box 100", "Box A",
                "DVD 99", "DVD 100", "DVD 1234", "DVD 10000", "Fic", "Fic Smith", "Fic Smith 2"));
        assertThat(ShelfKeys.of(OTHER, "  émile   zola  ")).isEqualTo(ShelfKeys.of(OTHER, "EMILE ZOLA"));
        assertThat(ShelfKeys.of(OTHER, "free-text")).isEqualTo("FREE TEXT");
        assertThat(ShelfKeys.of(OTHER, "Box 007")).isEqualTo(ShelfKeys.of(OTHER, "Box 7"));
        assertThat(ShelfKeys.of(OTHER, "שלום 3")).isEqualTo("שלום 13");
    }

    @Test
    void invalidValuesOfADeclaredSchemeFallBackToTheOtherKey() {
        assertThat(ShelfKeys.of(LC, "12345")).isEqualTo(ShelfKeys.other("12345"));
        assertThat(ShelfKeys.of(DEWEY, "Fic")).isEqualTo(ShelfKeys.other("Fic"));
        assertThat(ShelfKeys.of(NLM, "QA76.73 .J38")).isEqualTo(ShelfKeys.other("QA76.73 .J38"));
    }

    @Test
    void garbageEmptyNullUnicodeAndLongValuesGiveAKeyAndNoException() {
        List<String> garbage = List.of("", " ", "\t\n", "!!!", ":", "::::", "/", ".", "-", "*", "?", "\u0000",
                "A", "QA", "Q.", "123456789012345678901234567890", "9".repeat(40), "漢字", "ℵℶ", "😀 12",
                "e\u0301", "A 1.:", "Y 4.:", "W", "QS", ".A1", "(OCoLC)123", "<script>", "QA" + "7".repeat(5000),
                "A 1." + "/1".repeat(3000), "x".repeat(100_000));
        for (CallNumberScheme scheme : CallNumberScheme.values()) {
            for (String g : garbage) {
                String key = ShelfKeys.of(scheme, g);
                assertThat(key).as("%s %s", scheme, g.length() > 40 ? g.substring(0, 40) + "…" : g).isNotNull();
                assertThat(key.length()).isLessThanOrEqualTo(ShelfKeys.MAX_LENGTH);
            }
        }
        assertThat(ShelfKeys.of(LC, null)).isEmpty();
        assertThat(ShelfKeys.of(null)).isEmpty();
        assertThat(ShelfKeys.other(null)).isEmpty();
    }
}
