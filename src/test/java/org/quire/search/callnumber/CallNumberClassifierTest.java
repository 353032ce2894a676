package org.quire.search.callnumber;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CallNumberClassifierTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "QA76.73.J38 S35 2005     | LC",
        "qa 76.73 .j38            | LC",
        "PN2 .A6 v.3 no.2 1999    | LC",
        "E184.A1 B4 1990          | LC",
        "KF4558 15th .A2 1990     | LC",
        "KBM524.3 .A1             | LC",
        "DJK4 .B2                 | LC",
        "Z7164.C81 J6             | LC",
        "QS 11 .GA1 E53 2005      | NLM",
        "WB 102.5 B62 2018        | NLM",
        "W 1 AM435                | NLM",
        "WAA F671w 1900           | NLM",
        "QZ 200 C3                | NLM",
        "341.7/58 / 21            | DEWEY",
        "813/.54                  | DEWEY",
        "641.5943 M68l            | DEWEY",
        "005.133 S45              | DEWEY",
        "100                      | DEWEY",
        "A 1.1:                   | SUDOC",
        "Y 4.C 73/7:S.HRG.109-    | SUDOC",
        "I 19.79:EROS             | SUDOC",
        "T22.19:M54/990           | SUDOC",
        "PrEx 3.10/4:Af 8/6/998   | SUDOC",
        "C 55.309/2-10            | SUDOC",
        "Y 1.1/8:102-334          | SUDOC",
        "HE 20.3612/3-2:          | SUDOC",
        "DVD 1234                 | OTHER",
        "Thesis 2005 .S55         | OTHER",
        "Folio QA76.73            | OTHER",
        "[Fic]                    | OTHER",
        "Fic                      | OTHER",
        "5001 Microfilm           | OTHER",
        "21 E23                   | OTHER",
        "LAW                      | OTHER",
        "Microfilm 2000/81        | OTHER",
        "IX 12                    | OTHER",
        "OA 12                    | OTHER",
        "12345                    | OTHER",
    })
    void classifiesByShape(String callNumber, CallNumberScheme expected) {
        assertThat(CallNumberClassifier.classify(callNumber)).isEqualTo(expected);
    }

    @Test
    void nullBlankAndGarbageAreOther() {
        assertThat(CallNumberClassifier.classify(null)).isEqualTo(CallNumberScheme.OTHER);
        assertThat(CallNumberClassifier.classify("")).isEqualTo(CallNumberScheme.OTHER);
        assertThat(CallNumberClassifier.classify(" \t ")).isEqualTo(CallNumberScheme.OTHER);
        assertThat(CallNumberClassifier.classify("漢字 12")).isEqualTo(CallNumberScheme.OTHER);
        assertThat(CallNumberClassifier.classify("QA" + "7".repeat(10_000))).isEqualTo(CallNumberScheme.OTHER);
    }

    @Test
    void schemesMapToFolioTypeIdsAndBrowseOptions() {
        // mod-search CallNumberType: the system call-number type ids of FOLIO's reference data.
        assertThat(CallNumberScheme.fromTypeId("95467209-6d7b-468b-94df-0f5d7ad2747d")).contains(CallNumberScheme.LC);
        assertThat(CallNumberScheme.fromTypeId("03dd64d0-5626-4ecd-8ece-4531e0069f35")).contains(CallNumberScheme.DEWEY);
        assertThat(CallNumberScheme.fromTypeId("054d460d-d6b9-4469-9e37-7a78a2266655")).contains(CallNumberScheme.NLM);
        assertThat(CallNumberScheme.fromTypeId("FC388041-6CD0-4806-8A74-EBE3B9AB4C6E")).contains(CallNumberScheme.SUDOC);
        assertThat(CallNumberScheme.fromTypeId("6caca63e-5651-4db6-9247-3205156e9699")).contains(CallNumberScheme.OTHER);
        assertThat(CallNumberScheme.fromTypeId("a-local-type")).isEmpty();
        assertThat(CallNumberScheme.fromTypeId(null)).isEmpty();
        assertThat(CallNumberScheme.fromBrowseOption("sudoc")).contains(CallNumberScheme.SUDOC);
        assertThat(CallNumberScheme.fromBrowseOption("all")).isEmpty();
        assertThat(CallNumberScheme.fromBrowseOption(null)).isEmpty();
    }
}
