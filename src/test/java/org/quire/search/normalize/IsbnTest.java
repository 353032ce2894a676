package org.quire.search.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsbnTest {

    @Test
    void folioExamplesFromModSearchIsbnProcessorTest() {
        // mod-search IsbnProcessorTest.isbnDataProvider: same results (qualifiers as words, see the class comment).
        assertThat(Isbn.indexTerms("047144250X")).containsExactly("047144250X", "9780471442509");
        assertThat(Isbn.indexTerms("1 86197 271-7")).containsExactly("1861972717", "9781861972712");
        assertThat(Isbn.indexTerms("  1-86-197 271-7  ")).startsWith("1861972717");
        assertThat(Isbn.indexTerms("1-86-1*")).containsExactly("1861*");
        assertThat(Isbn.indexTerms("*86-1*")).containsExactly("*861*");
        assertThat(Isbn.indexTerms("978-0-471-44250-9")).startsWith("9780471442509");
        assertThat(Isbn.indexTerms("978 0 471 44250 9")).startsWith("9780471442509");
        assertThat(Isbn.indexTerms("978  0  471  44250  9")).startsWith("9780471442509");
        assertThat(Isbn.indexTerms("9780471442509 (alk. paper)"))
                .containsExactly("9780471442509", "047144250X", "alk", "paper");
        assertThat(Isbn.indexTerms("89780471442509 (alk. paper)")).containsExactly("89780471442509 (alk. paper)");
        assertThat(Isbn.indexTerms("978-0 4712 442509 (alk. paper)")).containsExactly("97804712442509 (alk. paper)");
        assertThat(Isbn.indexTerms("047144250X (paper)")).containsExactly("047144250X", "9780471442509", "paper");
        assertThat(Isbn.indexTerms("1 86197 271-7 (paper)")).containsExactly("1861972717", "9781861972712", "paper");
        // Where FOLIO's four-group pattern rejects the spacing, Quire still reads the valid ISBN-10 (a superset).
        assertThat(Isbn.indexTerms("1 86197 2717 (paper)")).containsExactly("1861972717", "9781861972712", "paper");
        assertThat(Isbn.indexTerms("1-86-197 271-7")).containsExactly("1861972717", "9781861972712");
    }

    @Test
    void convertsBothWaysWithCheckDigits() {
        assertThat(Isbn.indexTerms("0-306-40615-2")).containsExactly("0306406152", "9780306406157");
        assertThat(Isbn.indexTerms("978-0-306-40615-7")).containsExactly("9780306406157", "0306406152");
        assertThat(Isbn.indexTerms("0-8044-2957-x")).containsExactly("080442957X", "9780804429573");
        assertThat(Isbn.indexTerms("9780804429573")).containsExactly("9780804429573", "080442957X");
        // 979 has no ISBN-10.
        assertThat(Isbn.indexTerms("979-10-90636-07-1")).containsExactly("9791090636071");
        // A wrong check digit: no conversion (FOLIO's isValid10DigitNumber), the value is kept as written.
        assertThat(Isbn.indexTerms("0-306-40615-3")).containsExactly("0306406153");
        assertThat(Isbn.indexTerms("9780306406158")).containsExactly("9780306406158");
    }

    @Test
    void truncationsFindTheRecordWhicheverFormWasCatalogued() {
        // folio-catalogue-api.md §2: 04714*, 0471-4*, 978-0471* and the qualifier word find the same record.
        for (String stored : List.of("047144250X (paper)", "978-0-471-44250-9 (paper)", "0-471-44250-x (pbk. : paper)")) {
            List<String> indexed = Isbn.indexTerms(stored);
            for (String term : List.of("04714*", "0471-4*", "978-0471*", "9780471*", "paper", "047144250X",
                    "9780471442509", "978-0-471-44250-9", "0 471 44250 X", "047144250X (paper)")) {
                assertThat(Matching.matches(Isbn.query(term), indexed)).as("%s finds %s", term, stored).isTrue();
            }
        }
        List<String> indexed = Isbn.indexTerms("978-0-471-44250-9");
        assertThat(Matching.matches(Isbn.query("04714*"), indexed)).isTrue();
        assertThat(Matching.matches(Isbn.query("04715*"), indexed)).isFalse();
        assertThat(Matching.matches(Isbn.query("978-0472*"), indexed)).isFalse();
        assertThat(Matching.matches(Isbn.query("047144250X"), indexed)).isTrue();
        assertThat(Matching.matches(Isbn.query("0-471-44250-x"), indexed)).isTrue();
        assertThat(Matching.matches(Isbn.query("9780471442509 (paper)"), indexed)).isFalse();
        assertThat(Matching.matches(Isbn.query("0306406152"), indexed)).isFalse();
    }

    @Test
    void queryTermsKeepTheStarAndSplitTheQualifier() {
        assertThat(Isbn.query("04714*").anyOf()).containsExactly("04714*");
        assertThat(Isbn.query("0471-4*").anyOf()).containsExactly("04714*");
        assertThat(Isbn.query(" 978-0471* ").anyOf()).containsExactly("9780471*");
        assertThat(Isbn.query("*86-1*").anyOf()).containsExactly("*861*");
        IdentifierQuery q = Isbn.query("978-0-471-44250-9 (alk. paper)");
        assertThat(q.anyOf()).containsExactly("9780471442509", "047144250X");
        assertThat(q.allOf()).containsExactly("alk", "paper");
        assertThat(Isbn.query("(paper)").anyOf()).isEmpty();
        assertThat(Isbn.query("(paper)").allOf()).containsExactly("paper");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t", " - ", "()", "(-)"})
    void emptyValuesIndexNothingAndMatchNothing(String value) {
        assertThat(Isbn.indexTerms(value)).isEmpty();
        assertThat(Isbn.query(value).matchesNothing()).isTrue();
        assertThat(Matching.matches(Isbn.query(value), Isbn.indexTerms("0306406152"))).isFalse();
    }

    @Test
    void nullAndGarbageNeverThrow() {
        assertThat(Isbn.indexTerms(null)).isEmpty();
        assertThat(Isbn.query(null).matchesNothing()).isTrue();
        assertThat(Isbn.query("").matchesNothing()).isTrue();
        for (String g : List.of("abc", "ISBN 0306406152", "漢字", "😀", "--", "X", "x-x", "0".repeat(10_000),
                "978" + "-".repeat(5000), "(((", "\u0000")) {
            assertThat(Isbn.indexTerms(g)).isNotNull();
            assertThat(Isbn.query(g)).isNotNull();
        }
        assertThat(Isbn.indexTerms("0".repeat(10_000))).containsExactly("0".repeat(10_000));
    }

    @Test
    void whiteSpaceRunsAreOneSpace_andQualifierWordsAreLettersAndNumbersOfAnyScript() {
        // any run of ASCII white space is one space (as the pattern \s+ reads it)
        assertThat(Isbn.indexTerms("0-306-40615-2\t\t(v.\n2)"))
                .containsExactly("0306406152", "9780306406157", "v", "2");
        // a no-break space is not \s: the number stops there, and the value is kept whole, less its inner hyphens
        assertThat(Isbn.indexTerms("0306\u00a040615-2")).containsExactly("0306\u00a0406152");
        // \p{L} and \p{N}: a Roman numeral (a letter number) and a superscript two (another number) are words
        assertThat(Isbn.indexTerms("0306406152 (Bd. \u2161, Teil \u00b2)"))
                .containsExactly("0306406152", "9780306406157", "bd", "\u2171", "teil", "\u00b2");
        assertThat(Isbn.indexTerms(" \t ")).isEmpty();
    }
}
