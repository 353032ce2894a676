package org.quire.search;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-search's classification id, against SHA-1s computed apart (Python's hashlib) from the prepared "number|type". */
class ClassificationIdTest {
    @Test
    void numberAndType_joinedByABar() {
        assertThat(IdentifierFields.classificationId("QA76.73 .J38", "ce176ace-a53e-4b4d-aa89-725ed7b2edac"))
                .isEqualTo("00d44aaa2a5cd61fdbb22620ff65efb8d2bbeb1e");
    }

    @Test
    void backslashesDoubled_noTypeIsEmpty() {
        assertThat(IdentifierFields.classificationId("A\\B", null)).isEqualTo("12523b429631f29136d2614f7f45b5f9b5ef010d");
    }

    @Test
    void numberCutToFiftyCharacters() {
        assertThat(IdentifierFields.classificationId("X".repeat(60), "t"))
                .isEqualTo("791cfc78fb38bc0fbc1740ef2bc32e381932bb06")
                .isEqualTo(IdentifierFields.classificationId("X".repeat(50), "t"));
    }

    @Test
    void blankNumber_hasNoId() {
        assertThat(IdentifierFields.classificationId("  ", "t")).isNull();
        assertThat(IdentifierFields.classificationId(null, "t")).isNull();
    }
}
