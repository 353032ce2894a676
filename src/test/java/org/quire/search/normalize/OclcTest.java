package org.quire.search.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class OclcTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        // mod-search OclcProcessorTest.oclcDataProvider.
        "(OCoLC)842877062      | 842877062",
        "OCoLC842877062        | 842877062",
        "(OCoLC)ocm842877062   | 842877062",
        "ocm842877062          | 842877062",
        "0842877062            | 842877062",
        "842877062             | 842877062",
        "(OCoLC)60710867       | 60710867",
        "(OCoLC)00060710867    | 60710867",
        "OCoLC000060710867     | 60710867",
        "ocm0012345 800630     | 12345-800630",
        "0012345 800630        | 12345-800630",
        "12345 800630          | 12345-800630",
        "ocm0012345            | 12345",
        "0012345               | 12345",
        "'ocm   842877062  '   | 842877062",
        "'  0842877062'        | 842877062",
        // The other prefixes of MARC 035 (folio-catalogue-api.md: (OCoLC), ocm, ocn, on).
        "ocn123456789          | 123456789",
        "on1234567890          | 1234567890",
        "(OCoLC)on1234567890   | 1234567890",
        // Truncation.
        "(OCoLC)8428*          | 8428*",
        "ocm00842*             | 842*",
        "'12345 *'             | 12345*",
    })
    void normalises(String value, String expected) {
        assertThat(Oclc.normalize(value)).isEqualTo(expected);
        assertThat(Oclc.indexTerms(value)).containsExactly(expected);
        assertThat(Oclc.query(value).anyOf()).containsExactly(expected);
    }

    @Test
    void aPrefixedQueryFindsAPlainStoredNumberAndBack() {
        assertThat(Matching.matches(Oclc.query("(OCoLC)ocm00842877062"), Oclc.indexTerms("842877062"))).isTrue();
        assertThat(Matching.matches(Oclc.query("842877062"), Oclc.indexTerms("(OCoLC)ocm0842877062"))).isTrue();
        assertThat(Matching.matches(Oclc.query("8428*"), Oclc.indexTerms("(OCoLC)842877062"))).isTrue();
        assertThat(Matching.matches(Oclc.query("842877063"), Oclc.indexTerms("(OCoLC)842877062"))).isFalse();
    }

    @Test
    void valuesWithoutANumberIndexNothing() {
        for (String g : List.of("", "  ", "(OCoLC)", "ocm", "0000", "abc", "漢字", "-", "*")) {
            assertThat(Oclc.normalize(g)).as(g).isNull();
            assertThat(Oclc.indexTerms(g)).isEmpty();
            assertThat(Oclc.query(g).matchesNothing()).isTrue();
        }
        assertThat(Oclc.normalize(null)).isNull();
        assertThat(Oclc.query(null).matchesNothing()).isTrue();
        assertThat(Oclc.normalize("1".repeat(10_000))).hasSize(10_000);
    }
}
