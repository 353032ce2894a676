package org.quire.search.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LccnTest {

    @Test
    void folioExamplesFromModSearchLccnInstanceProcessorTest() {
        // mod-search LccnInstanceProcessorTest (DefaultLccnNormalizer): spaces removed, lower case.
        assertThat(Lccn.indexTerms("  n  79021425 ")).containsExactly("n79021425");
        assertThat(Lccn.indexTerms("79021425")).containsExactly("79021425");
        assertThat(Lccn.indexTerms("N79021425")).containsExactly("n79021425");
        assertThat(Lccn.indexTerms(null)).isEmpty();
        assertThat(Lccn.indexTerms("  ")).isEmpty();
    }

    @Test
    void caseAndSpacesIgnoredButThePrefixIsRequired() {
        // MSEARCH-752.
        List<String> indexed = Lccn.indexTerms("n 79021425");
        assertThat(Matching.matches(Lccn.query("N79021425"), indexed)).isTrue();
        assertThat(Matching.matches(Lccn.query(" n  7902 1425 "), indexed)).isTrue();
        assertThat(Matching.matches(Lccn.query("79021425"), indexed)).isFalse();
        assertThat(Matching.matches(Lccn.query("n79021425"), Lccn.indexTerms("79021425"))).isFalse();
    }

    @Test
    void lcNormalisedFormsMatchHyphenatedAndSlashedValues() {
        // LC "LCCN namespace" normalisation: serial left-padded to six digits, "/..." dropped.
        assertThat(Lccn.indexTerms("85-2")).containsExactly("85-2", "85000002");
        assertThat(Lccn.indexTerms("n 79-21425")).containsExactly("n79-21425", "n79021425");
        assertThat(Lccn.indexTerms("2001-1114")).containsExactly("2001-1114", "2001001114");
        assertThat(Lccn.indexTerms("75-425165//r75")).containsExactly("75-425165//r75", "75425165");
        assertThat(Matching.matches(Lccn.query("n79-21425"), Lccn.indexTerms("n  79021425"))).isTrue();
        assertThat(Matching.matches(Lccn.query("85000002"), Lccn.indexTerms("85-2"))).isTrue();
    }

    @Test
    void trailingStarSurvivesForTruncation() {
        assertThat(Lccn.query("N 7902*").anyOf()).containsExactly("n7902*");
        assertThat(Matching.matches(Lccn.query("N 7902*"), Lccn.indexTerms("n  79021425"))).isTrue();
        assertThat(Matching.matches(Lccn.query("7902*"), Lccn.indexTerms("n  79021425"))).isFalse();
        assertThat(Matching.matches(Lccn.query("*1425"), Lccn.indexTerms("n  79021425"))).isTrue();
    }

    @Test
    void garbageNeverThrows() {
        for (String g : List.of("-", "/", "//", "*", "abc", "漢字 12", "😀", "n-", "-1", "1".repeat(10_000),
                "a/b/c", "\u0000")) {
            assertThat(Lccn.indexTerms(g)).isNotEmpty();
            assertThat(Lccn.query(g).matchesNothing()).isFalse();
        }
        assertThat(Lccn.query(null).matchesNothing()).isTrue();
        assertThat(Lccn.query("").matchesNothing()).isTrue();
    }
}
