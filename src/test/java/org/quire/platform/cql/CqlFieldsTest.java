package org.quire.platform.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CqlFieldsTest {

    private final CqlField barcode = new CqlField("barcode", "barcode", FieldType.KEYWORD);
    private final CqlField status = new CqlField("status.name", "status_name", FieldType.KEYWORD);

    @Test
    void findsCaseInsensitively() {
        CqlFields fields = CqlFields.of(barcode, status);
        assertThat(fields.find("BarCode")).contains(barcode);
        assertThat(fields.find("STATUS.NAME")).contains(status);
        assertThat(fields.find("other")).isEmpty();
        assertThat(fields.find(null)).isEmpty();
    }

    @Test
    void withDefaultsReturnsACopy() {
        CqlFields fields = CqlFields.of(barcode, status);
        CqlFields withDefaults = fields.withDefaults("Barcode");
        assertThat(withDefaults.defaults()).containsExactly(barcode);
        assertThat(fields.defaults()).isEmpty();
    }

    @Test
    void rejectsUndeclaredDefaultsAndDuplicates() {
        assertThatThrownBy(() -> CqlFields.of(barcode).withDefaults("title"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Default field is not declared: title");
        assertThatThrownBy(() -> CqlFields.of(barcode, new CqlField("BARCODE", "b", FieldType.TEXT)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Duplicate CQL field: BARCODE");
    }
}
