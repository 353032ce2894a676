package org.quire.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;

/** The demo catalogue's records, mapped as an import maps them, and their holdings call numbers. */
class DemoDataTest {
    static final MarcFactory F = MarcFactory.newInstance();

    static Record record(DataField... fields) {
        Record r = F.newRecord("00000nam a2200000 a 4500");
        r.addVariableField(F.newControlField("001", "  demo1 "));
        r.addVariableField(F.newControlField("008", "000110s1899    nyu           000 0 eng  "));
        for (DataField f : fields) r.addVariableField(f);
        return r;
    }

    static DataField field(String tag, String... codesAndValues) {
        DataField f = F.newDataField(tag, ' ', '0');
        for (int i = 0; i < codesAndValues.length; i += 2) {
            f.addSubfield(F.newSubfield(codesAndValues[i].charAt(0), codesAndValues[i + 1]));
        }
        return f;
    }

    @Test
    void everySeedRecordBecomesAnInstanceByTheDefaultRulesWithoutItsControlNumberAsHrid() {
        List<DemoData.SeedTitle> titles = DemoData.seedTitles();
        assertThat(titles).hasSize(1200).allSatisfy(t -> {
            assertThat(t.instance().path("title").asText()).isNotBlank();
            assertThat(t.instance().has("hrid")).isFalse(); // storage assigns the tenant's next
            assertThat(t.instance().path("source").asText()).isEqualTo("MARC");
        });
        // 008 date 1: four digits in all but one (blank there)
        assertThat(titles).filteredOn(t -> t.instance().at("/dates/date1").asText().matches("\\d{4}")).hasSize(1199);
    }

    @Test
    void aRecordTheRulesGiveNoTitleIsLeftOut() {
        assertThat(DemoData.seedTitle(record(field("050", "a", "H61.28")))).isNull();
        DemoData.SeedTitle t = DemoData.seedTitle(record(field("245", "a", "Focus groups :", "b", "a guide /")));
        assertThat(t.instance().path("title").asText()).isEqualTo("Focus groups : a guide /");
        assertThat(t.instance().at("/dates/date1").asText()).isEqualTo("1899");
        assertThat(t.callNumber()).isNull(); // no 050
    }

    @Test
    void theCallNumberIsTheFirst050WithAClassNumber() {
        assertThat(DemoData.lcCallNumber(record(field("050", "a", "H61.28", "b", ".K78  2000"))))
                .isEqualTo("H61.28 .K78 2000"); // white space runs collapsed
        assertThat(DemoData.lcCallNumber(record(field("050", "b", ".X1"), field("050", "a", " ", "a", "QA76", "b", ".B2"))))
                .isEqualTo("QA76 .B2"); // an 050 without $a, and a blank $a, are passed over
        assertThat(DemoData.lcCallNumber(record(field("050", "a", "PS3545")))).isEqualTo("PS3545");
        assertThat(DemoData.lcCallNumber(record(field("090", "a", "QA76")))).isNull();
    }
}
