package org.quire.search;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ComputedFieldsTest {

    @Test
    void date1_everyNonDigitIsZero_oneToFourCodePointsAreTheYear() {
        assertThat(ComputedFields.date1("1999")).isEqualTo(1999);
        assertThat(ComputedFields.date1("199u")).isEqualTo(1990);
        assertThat(ComputedFields.date1("19--")).isEqualTo(1900);
        assertThat(ComputedFields.date1("7")).isEqualTo(7);
        assertThat(ComputedFields.date1("12345")).isZero();
        assertThat(ComputedFields.date1("")).isZero();
        assertThat(ComputedFields.date1(null)).isZero();
        // only ASCII digits count (an Arabic-Indic one is a non-digit); a code point outside the BMP is one place
        assertThat(ComputedFields.date1("19\u0669\u0660")).isEqualTo(1900);
        assertThat(ComputedFields.date1("19\ud835\udfd7")).isEqualTo(190);
    }

    @Test
    void normalizeCallNumber_keepsLowerCaseLettersDigitsAndStars() {
        assertThat(ComputedFields.normalizeCallNumber("QA76.73 .J38 2019")).isEqualTo("qa7673j382019");
        assertThat(ComputedFields.normalizeCallNumber("PR*")).isEqualTo("pr*");
        // lower-cased first: the Kelvin sign becomes k; other letters (é) are dropped
        assertThat(ComputedFields.normalizeCallNumber("\u212A1 é2")).isEqualTo("k12");
        assertThat(ComputedFields.normalizeCallNumber("")).isEmpty();
    }
}
