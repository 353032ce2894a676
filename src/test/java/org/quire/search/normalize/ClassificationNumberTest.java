package org.quire.search.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClassificationNumberTest {

    @Test
    void folioExamples() {
        // mod-search ClassificationNumberProcessorTest: "abc123#$%!!!" -> "abc123"; SearchUtilsTest
        // normalizeToAlphaNumeric: " abc#!@ 123 " -> "abc123", "#!@" and "   " -> nothing.
        assertThat(ClassificationNumber.indexTerms("abc123#$%!!!")).containsExactly("abc123");
        assertThat(ClassificationNumber.normalize(" abc#!@ 123 ")).isEqualTo("abc123");
        assertThat(ClassificationNumber.normalize("#!@")).isNull();
        assertThat(ClassificationNumber.normalize("   ")).isNull();
        assertThat(ClassificationNumber.normalize(null)).isNull();
        assertThat(ClassificationNumber.indexTerms(null)).isEmpty();
    }

    @Test
    void caseSpacesAndPunctuationAreIgnored() {
        String indexed = ClassificationNumber.indexTerms("QA76.73.J38 S35 2005").getFirst();
        assertThat(indexed).isEqualTo("qa7673j38s352005");
        assertThat(ClassificationNumber.queryTerm("qa 76.73 .J38 s35 2005")).isEqualTo(indexed);
        assertThat(ClassificationNumber.queryTerm("813/.54")).isEqualTo(ClassificationNumber.normalize("813.54"));
    }

    @Test
    void leadingAndTrailingStarsSurviveOnTheQuerySide() {
        // mod-search ClassificationNumberSearchTermProcessor.
        assertThat(ClassificationNumber.queryTerm("QA76.73*")).isEqualTo("qa7673*");
        assertThat(ClassificationNumber.queryTerm("*76.73")).isEqualTo("*7673");
        assertThat(ClassificationNumber.queryTerm(" *76.73* ")).isEqualTo("*7673*");
        assertThat(ClassificationNumber.queryTerm("QA*76")).isEqualTo("qa76");
        assertThat(Matching.termMatches(ClassificationNumber.queryTerm("QA76.7*"),
                ClassificationNumber.indexTerms("QA76.73 .J38"))).isTrue();
    }

    @Test
    void aTermWithNothingLeftIsAStarAsInFolio() {
        for (String g : List.of("", " ", "*", "**", "#!@", ".-/", "漢字")) {
            assertThat(ClassificationNumber.queryTerm(g)).as(g).isEqualTo("*");
        }
        assertThat(ClassificationNumber.queryTerm(null)).isEqualTo("*");
        assertThat(ClassificationNumber.queryTerm("a".repeat(10_000) + "!")).hasSize(10_000);
    }
}
