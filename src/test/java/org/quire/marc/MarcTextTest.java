package org.quire.marc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarcTextTest {

    @Test
    void trimAllRemovesIsbdPunctuationAndFinalPeriod() {
        assertThat(MarcText.trimAll("Focus groups : a guide /")).isEqualTo("Focus groups : a guide");
        assertThat(MarcText.trimAll("Title ;")).isEqualTo("Title");
        assertThat(MarcText.trimAll("Title =")).isEqualTo("Title");
        assertThat(MarcText.trimAll("Botany, Medical.")).isEqualTo("Botany, Medical");
        assertThat(MarcText.trimAll("Lee and Shepard,")).isEqualTo("Lee and Shepard");
    }

    @Test
    void trimPeriodKeepsInitialsAbbreviationsAndEllipses() {
        assertThat(MarcText.trimPeriod("Krueger, Richard A.")).isEqualTo("Krueger, Richard A.");
        assertThat(MarcText.trimPeriod("Letters, etc.")).isEqualTo("Letters, etc.");
        assertThat(MarcText.trimPeriod("And so on...")).isEqualTo("And so on...");
        assertThat(MarcText.trimPeriod("Optic, Oliver, 1822-1897.")).isEqualTo("Optic, Oliver, 1822-1897");
    }

    @Test
    void cleanComposesDiacriticsAndCollapsesSpaces() {
        assertThat(MarcText.clean("  Caf" + "e\u0301   noir ")).isEqualTo("Caf\u00e9 noir");
        assertThat(MarcText.clean(null)).isEmpty();
    }

    @Test
    void indexTitleSkipsNonFilingCharacters() {
        assertThat(MarcToInstance.indexTitle("L'autre monde", '2')).isEqualTo("Autre monde");
        assertThat(MarcToInstance.indexTitle("The end", '4')).isEqualTo("End");
        assertThat(MarcToInstance.indexTitle("Short", '9')).isEqualTo("Short");
        assertThat(MarcToInstance.indexTitle("plain", ' ')).isEqualTo("Plain");
    }
}
